/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <inttypes.h>

#include <string.h>
#include <glib/gi18n-lib.h>

#include "gverbs-buffer-pool.h"
#include "gverbs-error.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsBufferPool:
 *
 * python-rdma's `vtools.BufferPool`: one memory region carved into
 * #GVerbsBufferPool:count buffers of #GVerbsBufferPool:size bytes, handed
 * out by index with gverbs_buffer_pool_pop() and given back with
 * gverbs_buffer_pool_push(). The index is meant as the work request id, so
 * that gverbs_buffer_pool_finish_wcs() can give a completed request's
 * buffer back and repost receives. Popping, pushing and building work
 * requests allocate nothing.
 *
 * When to use it: for a server or a stream of messages that needs many
 * fixed-size buffers recycled through receives and sends, without
 * allocating or registering memory per message.
 *
 * ```c
 * // given: GVerbsPD *pd; GVerbsQP *qp; GVerbsCQ *cq;
 * g_autoptr(GVerbsBufferPool) pool = gverbs_buffer_pool_new (pd, 64, 4096,
 *                                                            GVERBS_ACCESS_LOCAL_WRITE, &error);
 * GVerbsWC wc[16];
 * int n;
 *
 * if (pool == NULL || gverbs_buffer_pool_post_recvs (pool, qp, 32, &error) == 0)
 *   return;
 * n = gverbs_cq_poll (cq, wc, G_N_ELEMENTS (wc), &error);
 * if (n > 0)   // gives the buffers back and reposts the receives
 *   gverbs_buffer_pool_finish_wcs (pool, qp, wc, n, &error);
 * ```
 *
 * Python: `Verbs.BufferPool(pd, count, size)`, python-rdma's order.
 *
 * Since: 0.1
 */
struct _GVerbsBufferPool
{
  GObject parent_instance;

  GVerbsMR *mr;
  guint count;
  guint size;
  guint *free_stack;   /* indices of free buffers; the top is free_stack[n_free - 1] */
  guint n_free;
  guint8 *in_use;      /* per index: 1 while popped */
};

G_DEFINE_FINAL_TYPE (GVerbsBufferPool, gverbs_buffer_pool, G_TYPE_OBJECT)

static const GVerbsField fields[] = {
  /**
   * GVerbsBufferPool:mr:
   *
   * The memory region that holds all the buffers.
   */
  GVERBS_PROP_OBJECT (GVerbsBufferPool, mr, "mr", gverbs_mr_get_type, G_PARAM_READABLE),
  /**
   * GVerbsBufferPool:count:
   *
   * The number of buffers.
   */
  GVERBS_PROP_UINT (GVerbsBufferPool, count, "count", G_MAXUINT, 0, G_PARAM_READABLE),
  /**
   * GVerbsBufferPool:size:
   *
   * The size of each buffer in bytes.
   */
  GVERBS_PROP_UINT (GVerbsBufferPool, size, "size", G_MAXUINT, 0, G_PARAM_READABLE),
};

static void
gverbs_buffer_pool_finalize (GObject *object)
{
  GVerbsBufferPool *self = GVERBS_BUFFER_POOL (object);

  g_free (self->free_stack);
  g_free (self->in_use);
  _gverbs_properties_clear (self, fields, G_N_ELEMENTS (fields));
  G_OBJECT_CLASS (gverbs_buffer_pool_parent_class)->finalize (object);
}

GVERBS_DEFINE_PROPERTIES_CLASS_INIT (GVerbsBufferPool, gverbs_buffer_pool, fields, NULL)

static void
gverbs_buffer_pool_init (GVerbsBufferPool *self)
{
}

/**
 * gverbs_buffer_pool_new:
 * @pd: the protection domain to register the memory in
 * @count: the number of buffers (at least 1)
 * @size: the size of each buffer in bytes (at least 1)
 * @access: access flags of the memory region besides local write, which
 *   is always set
 * @error: return location for a #GError
 *
 * Registers one memory region of @count × @size bytes; all buffers start
 * free.
 *
 * Returns: (transfer full): the pool, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsBufferPool *
gverbs_buffer_pool_new (GVerbsPD           *pd,
                        guint               count,
                        guint               size,
                        GVerbsAccessFlags   access,
                        GError            **error)
{
  GVerbsBufferPool *self;
  GVerbsMR *mr;

  g_return_val_if_fail (GVERBS_IS_PD (pd), NULL);

  if (count == 0 || size == 0)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("A buffer pool needs at least one buffer of at least one byte (count %u, size %u)"),
                   count, size);
      return NULL;
    }
  if (count > GVERBS_BUFFER_POOL_MAX_COUNT)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   _("A buffer pool holds at most %u buffers, not %u"),
                   GVERBS_BUFFER_POOL_MAX_COUNT, count);
      return NULL;
    }
  if ((guint64) count * size > G_MAXUINT32)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("A buffer pool of %u buffers of %u bytes is larger than 4 GiB"), count, size);
      return NULL;
    }
  mr = gverbs_mr_new (pd, (guint64) count * size, access | GVERBS_ACCESS_LOCAL_WRITE, error);
  if (mr == NULL)
    return NULL;
  self = g_object_new (GVERBS_TYPE_BUFFER_POOL, NULL);
  self->mr = mr;
  self->count = count;
  self->size = size;
  self->free_stack = g_new (guint, count);
  self->in_use = g_new0 (guint8, count);
  /* Lowest index on top, so the first pop gives 0. */
  for (guint i = 0; i < count; i++)
    self->free_stack[i] = count - 1 - i;
  self->n_free = count;
  return self;
}

/**
 * gverbs_buffer_pool_get_mr:
 * @self: a #GVerbsBufferPool
 *
 * Gets the memory region of the buffers.
 *
 * Returns: (transfer none): the memory region of the buffers
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsMR *, gverbs_buffer_pool_get_mr,
                      GVerbsBufferPool, GVERBS_IS_BUFFER_POOL, NULL, self->mr)

/**
 * gverbs_buffer_pool_get_count:
 * @self: a #GVerbsBufferPool
 *
 * Gets the number of buffers.
 *
 * Returns: the number of buffers
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_buffer_pool_get_count,
                      GVerbsBufferPool, GVERBS_IS_BUFFER_POOL, 0, self->count)

/**
 * gverbs_buffer_pool_get_size:
 * @self: a #GVerbsBufferPool
 *
 * Gets the size of each buffer in bytes.
 *
 * Returns: the size of each buffer in bytes
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_buffer_pool_get_size,
                      GVerbsBufferPool, GVERBS_IS_BUFFER_POOL, 0, self->size)

/**
 * gverbs_buffer_pool_get_n_free:
 * @self: a #GVerbsBufferPool
 *
 * Gets how many buffers are free.
 *
 * Returns: how many buffers are free
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_buffer_pool_get_n_free,
                      GVerbsBufferPool, GVERBS_IS_BUFFER_POOL, 0, self->n_free)

/**
 * gverbs_buffer_pool_pop:
 * @self: a #GVerbsBufferPool
 * @error: return location for a #GError
 *
 * Takes a free buffer. An exhausted pool gives %GVERBS_ERROR_WOULD_BLOCK.
 *
 * Returns: the index of the buffer taken, or -1 on error
 *
 * Since: 0.1
 */
gint
gverbs_buffer_pool_pop (GVerbsBufferPool  *self,
                        GError           **error)
{
  guint i;

  g_return_val_if_fail (GVERBS_IS_BUFFER_POOL (self), -1);
  g_return_val_if_fail (error == NULL || *error == NULL, -1);

  if (self->n_free == 0)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_WOULD_BLOCK,
                   _("All %u buffers of the pool are in use"), self->count);
      return -1;
    }
  i = self->free_stack[--self->n_free];
  self->in_use[i] = 1;
  return (gint) i;
}

static gboolean
check_index (GVerbsBufferPool  *self,
             guint              index,
             GError           **error)
{
  if (index < self->count)
    return TRUE;
  g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
               _("Buffer index %u is out of range (the pool has %u buffers)"), index, self->count);
  return FALSE;
}

/**
 * gverbs_buffer_pool_push:
 * @self: a #GVerbsBufferPool
 * @index: the index of a buffer taken with gverbs_buffer_pool_pop()
 * @error: return location for a #GError
 *
 * Gives a buffer back. An index out of range gives
 * %GVERBS_ERROR_OUT_OF_RANGE; a buffer that is already free gives
 * %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_buffer_pool_push (GVerbsBufferPool  *self,
                         guint              index,
                         GError           **error)
{
  g_return_val_if_fail (GVERBS_IS_BUFFER_POOL (self), FALSE);

  if (!check_index (self, index, error))
    return FALSE;
  if (!self->in_use[index])
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("Buffer %u is already free"), index);
      return FALSE;
    }
  self->in_use[index] = 0;
  self->free_stack[self->n_free++] = index;
  return TRUE;
}

static gboolean
check_range (GVerbsBufferPool  *self,
             guint              index,
             guint64            offset,
             guint64            length,
             GError           **error)
{
  if (!check_index (self, index, error))
    return FALSE;
  if (offset > self->size || length > self->size - offset)   /* no overflow for any 64-bit values */
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   _("%" PRIu64 " bytes at offset %" PRIu64
                     " do not fit in a buffer of %u bytes"), length, offset, self->size);
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_buffer_pool_fill_sge: (skip)
 * @self: a #GVerbsBufferPool
 * @index: a buffer index
 * @length: how many bytes of the buffer, at most #GVerbsBufferPool:size
 * @sge: the caller's scatter/gather element to fill
 * @error: return location for a #GError
 *
 * Describes the first @length bytes of buffer @index in @sge, without
 * allocating: gverbs_buffer_pool_make_sge() for callers that keep their
 * work requests on the stack.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_buffer_pool_fill_sge (GVerbsBufferPool  *self,
                             guint              index,
                             guint              length,
                             GVerbsSGE         *sge,
                             GError           **error)
{
  g_return_val_if_fail (GVERBS_IS_BUFFER_POOL (self), FALSE);
  g_return_val_if_fail (sge != NULL, FALSE);

  if (!check_range (self, index, 0, length, error))
    return FALSE;
  sge->addr = gverbs_mr_get_addr (self->mr) + (guint64) index * self->size;
  sge->length = length;
  sge->lkey = gverbs_mr_get_lkey (self->mr);
  return TRUE;
}

/**
 * gverbs_buffer_pool_make_sge:
 * @self: a #GVerbsBufferPool
 * @index: a buffer index
 * @length: how many bytes of the buffer, at most #GVerbsBufferPool:size
 * @error: return location for a #GError
 *
 * Describes the first @length bytes of buffer @index.
 * gverbs_buffer_pool_fill_sge() fills a caller's element instead.
 *
 * Returns: (transfer full): a new scatter/gather element, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsSGE *
gverbs_buffer_pool_make_sge (GVerbsBufferPool  *self,
                             guint              index,
                             guint              length,
                             GError           **error)
{
  GVerbsSGE sge;

  if (!gverbs_buffer_pool_fill_sge (self, index, length, &sge, error))
    return NULL;
  return gverbs_sge_copy (&sge);
}

/**
 * gverbs_buffer_pool_fill_recv_wr: (skip)
 * @self: a #GVerbsBufferPool
 * @index: a buffer index
 * @wr: the caller's receive request to fill
 * @error: return location for a #GError
 *
 * Fills @wr with a receive request into the whole of buffer @index, with
 * @index as wr_id, without allocating: gverbs_buffer_pool_make_recv_wr()
 * for callers that keep their work requests on the stack.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_buffer_pool_fill_recv_wr (GVerbsBufferPool  *self,
                                 guint              index,
                                 GVerbsRecvWR      *wr,
                                 GError           **error)
{
  g_return_val_if_fail (GVERBS_IS_BUFFER_POOL (self), FALSE);
  g_return_val_if_fail (wr != NULL, FALSE);

  memset (wr, 0, sizeof *wr);
  if (!gverbs_buffer_pool_fill_sge (self, index, self->size, &wr->sg_list[0], error))
    return FALSE;
  wr->wr_id = index;
  wr->num_sge = 1;
  return TRUE;
}

/**
 * gverbs_buffer_pool_make_recv_wr:
 * @self: a #GVerbsBufferPool
 * @index: a buffer index
 * @error: return location for a #GError
 *
 * A receive request into the whole of buffer @index, with @index as wr_id.
 *
 * Returns: (transfer full): a new receive request, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsRecvWR *
gverbs_buffer_pool_make_recv_wr (GVerbsBufferPool  *self,
                                 guint              index,
                                 GError           **error)
{
  GVerbsRecvWR wr;

  if (!gverbs_buffer_pool_fill_recv_wr (self, index, &wr, error))
    return NULL;
  return gverbs_recv_wr_copy (&wr);
}

/**
 * gverbs_buffer_pool_fill_send_wr: (skip)
 * @self: a #GVerbsBufferPool
 * @index: a buffer index
 * @length: the message length
 * @wr: the caller's send request to fill
 * @error: return location for a #GError
 *
 * Fills @wr with a signaled SEND of the first @length bytes of buffer
 * @index, with @index as wr_id, without allocating:
 * gverbs_buffer_pool_make_send_wr() for callers that keep their work
 * requests on the stack.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_buffer_pool_fill_send_wr (GVerbsBufferPool  *self,
                                 guint              index,
                                 guint              length,
                                 GVerbsSendWR      *wr,
                                 GError           **error)
{
  g_return_val_if_fail (GVERBS_IS_BUFFER_POOL (self), FALSE);
  g_return_val_if_fail (wr != NULL, FALSE);

  gverbs_send_wr_init (wr, index, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
  if (!gverbs_buffer_pool_fill_sge (self, index, length, &wr->sg_list[0], error))
    return FALSE;
  wr->num_sge = 1;
  return TRUE;
}

/**
 * gverbs_buffer_pool_make_send_wr:
 * @self: a #GVerbsBufferPool
 * @index: a buffer index
 * @length: the message length
 * @error: return location for a #GError
 *
 * A signaled SEND of the first @length bytes of buffer @index, with @index
 * as wr_id. Set the UD fields (gverbs_send_wr_set_wr_ud()) as needed.
 *
 * Returns: (transfer full): a new send request, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsSendWR *
gverbs_buffer_pool_make_send_wr (GVerbsBufferPool  *self,
                                 guint              index,
                                 guint              length,
                                 GError           **error)
{
  GVerbsSendWR wr;

  if (!gverbs_buffer_pool_fill_send_wr (self, index, length, &wr, error))
    return NULL;
  return gverbs_send_wr_copy (&wr);
}

/**
 * gverbs_buffer_pool_copy_to:
 * @self: a #GVerbsBufferPool
 * @data: (array length=length): the bytes to copy
 * @length: the length of @data
 * @index: a buffer index
 * @offset: where in the buffer
 * @error: return location for a #GError
 *
 * Copies @data into buffer @index (python-rdma's `copy_to`).
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_buffer_pool_copy_to (GVerbsBufferPool  *self,
                            const guint8      *data,
                            gsize              length,
                            guint              index,
                            guint              offset,
                            GError           **error)
{
  g_return_val_if_fail (GVERBS_IS_BUFFER_POOL (self), FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (!check_range (self, index, offset, length, error))
    return FALSE;
  return gverbs_mr_write (self->mr, data, length, (guint64) index * self->size + offset, error);
}

/**
 * gverbs_buffer_pool_copy_from:
 * @self: a #GVerbsBufferPool
 * @index: a buffer index
 * @offset: where in the buffer
 * @length: how many bytes
 * @error: return location for a #GError
 *
 * Copies bytes out of one of the pool's buffers.
 *
 * Returns: (transfer full): @length bytes of buffer @index from @offset,
 *   or %NULL on error
 *
 * Since: 0.1
 */
GBytes *
gverbs_buffer_pool_copy_from (GVerbsBufferPool  *self,
                              guint              index,
                              guint              offset,
                              guint              length,
                              GError           **error)
{
  g_return_val_if_fail (GVERBS_IS_BUFFER_POOL (self), NULL);

  if (!check_range (self, index, offset, length, error))
    return NULL;
  return gverbs_mr_read (self->mr, length, (guint64) index * self->size + offset, error);
}

/**
 * gverbs_buffer_pool_post_recvs:
 * @self: a #GVerbsBufferPool
 * @qp: the queue pair to post on
 * @count: how many receives to post
 * @error: return location for a #GError
 *
 * Pops up to @count buffers and posts a receive into each (wr_id = index).
 * Fewer are posted when the pool runs out; that is not an error. If
 * posting fails, the buffer goes back and @error is set.
 *
 * Returns: how many receives were posted
 *
 * Since: 0.1
 */
guint
gverbs_buffer_pool_post_recvs (GVerbsBufferPool  *self,
                               GVerbsQP          *qp,
                               guint              count,
                               GError           **error)
{
  guint posted = 0;

  g_return_val_if_fail (GVERBS_IS_BUFFER_POOL (self), 0);
  g_return_val_if_fail (GVERBS_IS_QP (qp), 0);

  while (posted < count && self->n_free > 0)
    {
      GVerbsRecvWR wr;
      guint index = (guint) gverbs_buffer_pool_pop (self, NULL);   /* n_free > 0: cannot fail */

      gverbs_buffer_pool_fill_recv_wr (self, index, &wr, NULL);
      if (!gverbs_qp_post_recv_one (qp, &wr, error))
        {
          gverbs_buffer_pool_push (self, index, NULL);
          break;
        }
      posted++;
    }
  return posted;
}

/**
 * gverbs_buffer_pool_finish_wcs:
 * @self: a #GVerbsBufferPool
 * @qp: the queue pair the receives are reposted on
 * @wcs: (array length=n_wcs): completions of requests whose wr_id is a
 *   buffer index
 * @n_wcs: the number of completions
 * @error: return location for a #GError
 *
 * python-rdma's `finish_wcs`: gives the buffer of each completion back
 * (wr_ids that are not buffers of the pool, or not in use, are skipped),
 * then posts as many new receives as there were receive completions. If a
 * completion failed, the first failure is reported as a %GVERBS_WC_ERROR
 * error after that bookkeeping.
 *
 * Returns: %TRUE if every completion succeeded and the receives were posted
 *
 * Since: 0.1
 */
gboolean
gverbs_buffer_pool_finish_wcs (GVerbsBufferPool  *self,
                               GVerbsQP          *qp,
                               const GVerbsWC    *wcs,
                               guint              n_wcs,
                               GError           **error)
{
  const GVerbsWC *failed = NULL;
  guint recvs = 0;

  g_return_val_if_fail (GVERBS_IS_BUFFER_POOL (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_QP (qp), FALSE);
  g_return_val_if_fail (wcs != NULL || n_wcs == 0, FALSE);

  for (guint i = 0; i < n_wcs; i++)
    {
      const GVerbsWC *wc = &wcs[i];

      if (wc->status != GVERBS_WC_SUCCESS && failed == NULL)
        failed = wc;
      if (wc->wr_id < self->count && self->in_use[wc->wr_id])
        {
          gverbs_buffer_pool_push (self, (guint) wc->wr_id, NULL);
          if (wc->status == GVERBS_WC_SUCCESS && (wc->opcode & GVERBS_WC_RECV) != 0)
            recvs++;
        }
    }
  if (recvs > 0)
    {
      GError *post_error = NULL;

      gverbs_buffer_pool_post_recvs (self, qp, recvs, &post_error);
      if (post_error != NULL)
        {
          g_propagate_error (error, post_error);
          return FALSE;
        }
    }
  if (failed != NULL)
    {
      g_propagate_error (error, gverbs_wc_to_error (failed));
      return FALSE;
    }
  return TRUE;
}
