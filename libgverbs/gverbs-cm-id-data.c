/* The data path of a GVerbsCMID: buffers, posts, completions (blocking, or
 * as signals on the main loop), and the borrowed context and PD. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib-unix.h>
#include <rdma/rdma_verbs.h>

#include "gverbs-cm-id.h"
#include "gverbs-cm-id-private.h"
#include "gverbs-context-private.h"
#include "gverbs-pd-private.h"
#include "gverbs-mr-private.h"
#include "gverbs-wc-private.h"
#include "gverbs-error.h"

static GVerbsMR *
reg (GVerbsCMID         *self,
     gsize               size,
     GVerbsAccessFlags   access,
     GError            **error)
{
  GVerbsPD *pd;

  if (!_gverbs_resource_check_open (self, error))
    return NULL;
  pd = gverbs_cm_id_get_pd (self);
  if (pd == NULL)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("rdma_reg_msgs on %s: the identifier has no QP, hence no protection domain"),
                   _gverbs_resource_describe (self));
      return NULL;
    }
  if (size == 0)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("rdma_reg_msgs on %s: the size must be at least 1 byte"),
                   _gverbs_resource_describe (self));
      return NULL;
    }
  return gverbs_mr_new (pd, size, access, error);
}

/**
 * gverbs_cm_id_reg_msgs:
 * @self: a #GVerbsCMID with a QP
 * @size: the buffer size in bytes
 * @error: return location for a #GError
 *
 * Allocates a buffer and registers it on the identifier's protection domain
 * for sends and receives (as `rdma_reg_msgs()`: local write access).
 *
 * Returns: (transfer full): the memory region (on #GVerbsCMID:pd), or %NULL on error
 */
GVerbsMR *
gverbs_cm_id_reg_msgs (GVerbsCMID  *self,
                       gsize        size,
                       GError     **error)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), NULL);
  return reg (self, size, GVERBS_ACCESS_LOCAL_WRITE, error);
}

/**
 * gverbs_cm_id_reg_read:
 * @self: a #GVerbsCMID with a QP
 * @size: the buffer size in bytes
 * @error: return location for a #GError
 *
 * Allocates a buffer and registers it on the identifier's protection domain
 * for messages and for RDMA reads by the peer (as `rdma_reg_read()`).
 *
 * Returns: (transfer full): the memory region (on #GVerbsCMID:pd), or %NULL on error
 */
GVerbsMR *
gverbs_cm_id_reg_read (GVerbsCMID  *self,
                       gsize        size,
                       GError     **error)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), NULL);
  return reg (self, size, GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_READ, error);
}

/**
 * gverbs_cm_id_reg_write:
 * @self: a #GVerbsCMID with a QP
 * @size: the buffer size in bytes
 * @error: return location for a #GError
 *
 * Allocates a buffer and registers it on the identifier's protection domain
 * for messages and for RDMA writes by the peer (as `rdma_reg_write()`).
 *
 * Returns: (transfer full): the memory region (on #GVerbsCMID:pd), or %NULL on error
 */
GVerbsMR *
gverbs_cm_id_reg_write (GVerbsCMID  *self,
                        gsize        size,
                        GError     **error)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), NULL);
  return reg (self, size, GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE, error);
}

gboolean
_gverbs_cm_id_buffer_range (GVerbsCMID     *self,
                            GVerbsMR       *buffer,
                            gsize           offset,
                            gsize           length,
                            void          **addr,
                            struct ibv_mr **mr,
                            GError        **error)
{
  struct ibv_mr *ibv;

  if (!_gverbs_resource_check_open (buffer, error))
    return FALSE;
  ibv = _gverbs_mr_get_ibv (buffer);
  if (self->id->pd == NULL || ibv->pd != self->id->pd)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("%s is not on the protection domain of %s (use its reg_msgs() or pd)"),
                   _gverbs_resource_describe (buffer), _gverbs_resource_describe (self));
      return FALSE;
    }
  if (offset > ibv->length || length > ibv->length - offset || length > G_MAXUINT32)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   _("%" G_GSIZE_FORMAT " bytes at offset %" G_GSIZE_FORMAT
                     " do not fit in %s (%" G_GSIZE_FORMAT " bytes)"),
                   length, offset, _gverbs_resource_describe (buffer), (gsize) ibv->length);
      return FALSE;
    }
  *addr = (guint8 *) ibv->addr + offset;
  *mr = ibv;
  return TRUE;
}

/**
 * gverbs_cm_id_post_recv:
 * @self: a #GVerbsCMID with a QP
 * @buffer: a memory region on the identifier's protection domain
 * @offset: where in @buffer the message goes
 * @length: how many bytes may arrive
 * @wr_id: the work request id its completion reports
 * @error: return location for a #GError
 *
 * Posts a receive (`rdma_post_recv()`).
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_cm_id_post_recv (GVerbsCMID      *self,
                        GVerbsMR        *buffer,
                        gsize            offset,
                        gsize            length,
                        guint64          wr_id,
                        GError         **error)
{
  struct ibv_mr *mr;
  void *addr;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_MR (buffer), FALSE);

  if (!_gverbs_cm_id_check_qp (self, "rdma_post_recv", error) ||
      !_gverbs_cm_id_buffer_range (self, buffer, offset, length, &addr, &mr, error))
    return FALSE;
  errno = 0;
  if (rdma_post_recv (self->id, (void *) (guintptr) wr_id, addr, length, mr) != 0)
    return _gverbs_cm_id_set_errno_error (self, error, "rdma_post_recv");
  return TRUE;
}

/**
 * gverbs_cm_id_post_send:
 * @self: a #GVerbsCMID with a QP
 * @buffer: a memory region on the identifier's protection domain
 * @offset: where in @buffer the message starts
 * @length: its length in bytes
 * @flags: send flags (%GVERBS_SEND_SIGNALED for a completion)
 * @wr_id: the work request id its completion reports
 * @error: return location for a #GError
 *
 * Posts a send (`rdma_post_send()`).
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_cm_id_post_send (GVerbsCMID       *self,
                        GVerbsMR         *buffer,
                        gsize             offset,
                        gsize             length,
                        GVerbsSendFlags   flags,
                        guint64           wr_id,
                        GError          **error)
{
  struct ibv_mr *mr;
  void *addr;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_MR (buffer), FALSE);

  if (!_gverbs_cm_id_check_qp (self, "rdma_post_send", error) ||
      !_gverbs_cm_id_buffer_range (self, buffer, offset, length, &addr, &mr, error))
    return FALSE;
  errno = 0;
  if (rdma_post_send (self->id, (void *) (guintptr) wr_id, addr, length, mr, flags) != 0)
    return _gverbs_cm_id_set_errno_error (self, error, "rdma_post_send");
  return TRUE;
}

/**
 * gverbs_cm_id_post_read:
 * @self: a #GVerbsCMID with a QP
 * @buffer: the local memory region the data goes to
 * @offset: where in @buffer
 * @length: how many bytes
 * @remote_addr: the peer's address (its memory region's #GVerbsMR:addr)
 * @rkey: the peer's remote key
 * @flags: send flags (%GVERBS_SEND_SIGNALED for a completion)
 * @wr_id: the work request id its completion reports
 * @error: return location for a #GError
 *
 * Posts an RDMA read from the peer's memory (`rdma_post_read()`).
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_cm_id_post_read (GVerbsCMID       *self,
                        GVerbsMR         *buffer,
                        gsize             offset,
                        gsize             length,
                        guint64           remote_addr,
                        guint32           rkey,
                        GVerbsSendFlags   flags,
                        guint64           wr_id,
                        GError          **error)
{
  struct ibv_mr *mr;
  void *addr;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_MR (buffer), FALSE);

  if (!_gverbs_cm_id_check_qp (self, "rdma_post_read", error) ||
      !_gverbs_cm_id_buffer_range (self, buffer, offset, length, &addr, &mr, error))
    return FALSE;
  errno = 0;
  if (rdma_post_read (self->id, (void *) (guintptr) wr_id, addr, length, mr, flags,
                      remote_addr, rkey) != 0)
    return _gverbs_cm_id_set_errno_error (self, error, "rdma_post_read");
  return TRUE;
}

/**
 * gverbs_cm_id_post_write:
 * @self: a #GVerbsCMID with a QP
 * @buffer: the local memory region the data comes from
 * @offset: where in @buffer
 * @length: how many bytes
 * @remote_addr: the peer's address (its memory region's #GVerbsMR:addr)
 * @rkey: the peer's remote key
 * @flags: send flags (%GVERBS_SEND_SIGNALED for a completion)
 * @wr_id: the work request id its completion reports
 * @error: return location for a #GError
 *
 * Posts an RDMA write to the peer's memory (`rdma_post_write()`).
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_cm_id_post_write (GVerbsCMID       *self,
                         GVerbsMR         *buffer,
                         gsize             offset,
                         gsize             length,
                         guint64           remote_addr,
                         guint32           rkey,
                         GVerbsSendFlags   flags,
                         guint64           wr_id,
                         GError          **error)
{
  struct ibv_mr *mr;
  void *addr;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_MR (buffer), FALSE);

  if (!_gverbs_cm_id_check_qp (self, "rdma_post_write", error) ||
      !_gverbs_cm_id_buffer_range (self, buffer, offset, length, &addr, &mr, error))
    return FALSE;
  errno = 0;
  if (rdma_post_write (self->id, (void *) (guintptr) wr_id, addr, length, mr, flags,
                       remote_addr, rkey) != 0)
    return _gverbs_cm_id_set_errno_error (self, error, "rdma_post_write");
  return TRUE;
}

static GVerbsWC *
get_comp (GVerbsCMID  *self,
          gboolean     send,
          GError     **error)
{
  const char *call = send ? "rdma_get_send_comp" : "rdma_get_recv_comp";
  struct ibv_wc wc;
  GVerbsWC *out;
  int rc;

  if (!_gverbs_cm_id_check_qp (self, call, error))
    return NULL;
  if (self->watching)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("%s on %s: its completions are delivered as signals "
                     "(gverbs_cm_id_watch_completions())"), call, _gverbs_resource_describe (self));
      return NULL;
    }
  errno = 0;
  rc = send ? rdma_get_send_comp (self->id, &wc) : rdma_get_recv_comp (self->id, &wc);
  if (rc <= 0)
    {
      _gverbs_cm_id_set_errno_error (self, error, call);
      return NULL;
    }
  out = gverbs_wc_new ();
  _gverbs_wc_from_ibv (out, &wc);
  return out;
}

/**
 * gverbs_cm_id_get_send_comp:
 * @self: a #GVerbsCMID with a QP
 * @error: return location for a #GError
 *
 * Waits for the next completion on the send CQ (`rdma_get_send_comp()`).
 * A failed work completion is returned with its status, not as an error.
 *
 * Returns: (transfer full): the work completion, or %NULL on error
 */
GVerbsWC *
gverbs_cm_id_get_send_comp (GVerbsCMID  *self,
                            GError     **error)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), NULL);
  return get_comp (self, TRUE, error);
}

/**
 * gverbs_cm_id_get_recv_comp:
 * @self: a #GVerbsCMID with a QP
 * @error: return location for a #GError
 *
 * Waits for the next completion on the receive CQ (`rdma_get_recv_comp()`).
 * A failed work completion is returned with its status, not as an error.
 *
 * Returns: (transfer full): the work completion, or %NULL on error
 */
GVerbsWC *
gverbs_cm_id_get_recv_comp (GVerbsCMID  *self,
                            GError     **error)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), NULL);
  return get_comp (self, FALSE, error);
}

/**
 * gverbs_cm_id_get_context:
 * @self: a #GVerbsCMID
 *
 * The device context rdma_cm opened for the identifier (`rdma_cm_id->verbs`),
 * once it is bound to a device (after rdma_create_ep(), an address
 * resolution or on an incoming request). The #GVerbsContext is a borrowed
 * wrapper: objects made on it (CQs, completion channels …) work as on any
 * context; closing it, or the identifier, closes them but leaves the device
 * open for librdmacm.
 *
 * Returns: (transfer none) (nullable): the context, or %NULL while the
 *   identifier is not bound to a device or is closed
 */
GVerbsContext *
gverbs_cm_id_get_context (GVerbsCMID *self)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), NULL);

  if (self->closed || self->id == NULL || self->id->verbs == NULL)
    return NULL;
  if (self->context == NULL)
    self->context = _gverbs_context_new_borrowed (self->id->verbs);
  return self->context;
}

/**
 * gverbs_cm_id_get_pd:
 * @self: a #GVerbsCMID
 *
 * The protection domain of the identifier's QP (`rdma_cm_id->pd`), once it
 * has one. The #GVerbsPD is a borrowed wrapper on gverbs_cm_id_get_context():
 * memory regions registered on it can be used with the identifier's
 * post calls; closing it, or the identifier, closes them but never
 * deallocates the PD, which librdmacm owns (and may share between
 * identifiers on the same device).
 *
 * An identifier given a PD at construction (gverbs_cm_id_new_with_pd())
 * returns that one, the caller's.
 *
 * Returns: (transfer none) (nullable): the protection domain, or %NULL while
 *   the identifier has no QP or is closed
 */
GVerbsPD *
gverbs_cm_id_get_pd (GVerbsCMID *self)
{
  GVerbsContext *context;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), NULL);

  if (self->user_pd != NULL)
    return self->closed ? NULL : self->user_pd;
  context = gverbs_cm_id_get_context (self);
  if (context == NULL || self->id->pd == NULL)
    return NULL;
  if (self->pd == NULL)
    self->pd = _gverbs_pd_new_borrowed (context, self->id->pd);
  return self->pd;
}

/* --- completions on the main loop ----------------------------------------- */

#define COMP_BATCH 16

/* Polls @cq dry (re-arming it first, so nothing is missed), emitting a
 * signal per completion. FALSE once the identifier was closed meanwhile. */
static gboolean
drain_cq (GVerbsCMID    *self,
          struct ibv_cq *cq,
          guint          signal_id)
{
  struct ibv_wc wcs[COMP_BATCH];
  gboolean open = TRUE;
  int n;

  if (cq == NULL)
    return TRUE;
  ibv_req_notify_cq (cq, 0);
  self->dispatching++;
  g_object_ref (self);
  do
    {
      n = ibv_poll_cq (cq, COMP_BATCH, wcs);
      for (int i = 0; i < n && open; i++)
        {
          GVerbsWC wc;

          _gverbs_wc_from_ibv (&wc, &wcs[i]);
          g_signal_emit (self, _gverbs_cm_id_signal (signal_id), 0, &wc);
          open = !self->closed;
        }
    }
  while (n == COMP_BATCH && open);
  self->dispatching--;
  if (self->dispatching == 0 && self->closed)
    _gverbs_cm_id_destroy_id (self);
  g_object_unref (self);
  return open;
}

static gboolean
on_send_channel (gint         fd,
                 GIOCondition condition,
                 gpointer     user_data)
{
  GVerbsCMID *self = user_data;
  struct ibv_cq *cq;
  void *cq_context;

  if (ibv_get_cq_event (self->id->send_cq_channel, &cq, &cq_context) == 0)
    ibv_ack_cq_events (cq, 1);
  drain_cq (self, self->id->send_cq, SIGNAL_SEND_COMPLETION);
  return G_SOURCE_CONTINUE;
}

static gboolean
on_recv_channel (gint         fd,
                 GIOCondition condition,
                 gpointer     user_data)
{
  GVerbsCMID *self = user_data;
  struct ibv_cq *cq;
  void *cq_context;

  if (ibv_get_cq_event (self->id->recv_cq_channel, &cq, &cq_context) == 0)
    ibv_ack_cq_events (cq, 1);
  drain_cq (self, self->id->recv_cq, SIGNAL_RECV_COMPLETION);
  return G_SOURCE_CONTINUE;
}

static gboolean
on_first_drain (gpointer user_data)
{
  GVerbsCMID *self = user_data;

  g_clear_pointer (&self->comp_sources[2], g_source_unref);
  if (drain_cq (self, self->id->send_cq, SIGNAL_SEND_COMPLETION) && self->id->recv_cq != self->id->send_cq)
    drain_cq (self, self->id->recv_cq, SIGNAL_RECV_COMPLETION);
  return G_SOURCE_REMOVE;
}

static GSource *
watch_channel (struct ibv_comp_channel *channel,
               GUnixFDSourceFunc        func,
               GVerbsCMID              *self,
               GMainContext            *main_context)
{
  GSource *source;
  int flags;

  if (channel == NULL)
    return NULL;
  flags = fcntl (channel->fd, F_GETFL);
  fcntl (channel->fd, F_SETFL, flags | O_NONBLOCK);
  source = g_unix_fd_source_new (channel->fd, G_IO_IN);
  g_source_set_callback (source, G_SOURCE_FUNC (func), self, NULL);
  g_source_set_static_name (source, "GVerbsCMID completions");
  g_source_attach (source, main_context);
  return source;
}

void
_gverbs_cm_id_unwatch_completions (GVerbsCMID *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->comp_sources); i++)
    if (self->comp_sources[i] != NULL)
      {
        g_source_destroy (self->comp_sources[i]);
        g_clear_pointer (&self->comp_sources[i], g_source_unref);
      }
}

/**
 * gverbs_cm_id_watch_completions:
 * @self: a #GVerbsCMID with a QP whose CQs rdma_cm created
 * @error: return location for a #GError
 *
 * Delivers the completions of the identifier's QP as
 * #GVerbsCMID::send-completion and #GVerbsCMID::recv-completion signals
 * in the thread-default main context: the completion channels rdma_cm made
 * for its CQs are watched there (and set non-blocking). Completions already
 * waiting are emitted from the main loop too, never from this call.
 * Afterwards gverbs_cm_id_get_send_comp() and gverbs_cm_id_get_recv_comp()
 * are refused. Watching twice does nothing.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_cm_id_watch_completions (GVerbsCMID  *self,
                                GError     **error)
{
  GMainContext *main_context;
  GSource *idle;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);

  if (!_gverbs_cm_id_check_qp (self, "gverbs_cm_id_watch_completions", error))
    return FALSE;
  if (self->watching)
    return TRUE;
  if (self->id->send_cq_channel == NULL && self->id->recv_cq_channel == NULL)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED,
                   _("%s: its CQs have no completion channel to watch"),
                   _gverbs_resource_describe (self));
      return FALSE;
    }
  main_context = g_main_context_get_thread_default ();
  self->watching = TRUE;
  if (self->id->send_cq != NULL)
    ibv_req_notify_cq (self->id->send_cq, 0);
  if (self->id->recv_cq != NULL)
    ibv_req_notify_cq (self->id->recv_cq, 0);
  self->comp_sources[0] = watch_channel (self->id->send_cq_channel, on_send_channel, self, main_context);
  if (self->id->recv_cq_channel != self->id->send_cq_channel)
    self->comp_sources[1] = watch_channel (self->id->recv_cq_channel, on_recv_channel, self, main_context);
  idle = g_idle_source_new ();
  g_source_set_callback (idle, on_first_drain, self, NULL);
  g_source_set_static_name (idle, "GVerbsCMID first completions");
  g_source_attach (idle, main_context);
  self->comp_sources[2] = idle;
  return TRUE;
}
