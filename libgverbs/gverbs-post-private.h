/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include <glib-object.h>

#include "gverbs-recv-wr.h"
#include "gverbs-send-wr.h"
#include "gverbs-resource-private.h"

G_BEGIN_DECLS

/* Work requests go to rdma-core in chunks of this many, converted on the
 * stack: the post paths of the QP, SRQ and WQ share the loop below. */
#define GVERBS_POST_BATCH 32

/* Both of rdma-core's work requests start with their wr_id: the loop reads
 * the refused one's from the converted copy. */
G_STATIC_ASSERT (G_STRUCT_OFFSET (struct ibv_send_wr, wr_id) == 0);
G_STATIC_ASSERT (G_STRUCT_OFFSET (struct ibv_recv_wr, wr_id) == 0);

/* A post target: its rdma-core queue (read within the usage guard), how one
 * of the caller's requests (@w, number @index of the call) becomes
 * rdma-core's (@d, chained to @next), how a chain goes to the queue, and
 * how a refusal is told. Each target keeps one as a
 * `static const`: _gverbs_post_chunks() is inlined into its caller and so,
 * through the constant, are these (no indirect calls on the data path). */
typedef struct
{
  gsize      wr_size;   /* sizeof the caller's request (GVerbsSendWR, GVerbsRecvWR) */
  gsize      ibv_size;  /* sizeof rdma-core's (struct ibv_send_wr, ibv_recv_wr) */
  gpointer (*queue)     (gpointer       owner);
  gboolean (*convert)   (gpointer       owner,
                         gconstpointer  w,
                         void          *d,
                         void          *next,
                         guint          index,
                         GError       **error);
  int      (*post)      (gpointer       queue,
                         void          *chain,
                         void         **bad);
  void     (*refused)   (gpointer       owner,
                         GError       **error,
                         int            rc,
                         guint          index,
                         guint          n_wrs,
                         guint64        wr_id,
                         const void    *bad);
} GVerbsPostOps;

gboolean _gverbs_set_too_many_sges_error (gpointer   owner,
                                          guint      index,
                                          guint32    num_sge,
                                          GError   **error);

/* The buffers of a work request (GVerbsSendWR, GVerbsRecvWR): its sg_list
 * and num_sge, shared by both kinds' accessors (gverbs-sge.c). */
gboolean   _gverbs_sg_list_check_count (guint             n_sge,
                                        GError          **error);
void       _gverbs_sg_list_set_all     (GVerbsSGE        *sg_list,
                                        guint32          *num_sge,
                                        const GVerbsSGE  *sges,
                                        guint             n_sge);
gboolean   _gverbs_sg_list_set         (GVerbsSGE        *sg_list,
                                        guint32          *num_sge,
                                        guint             index,
                                        const GVerbsSGE  *sge,
                                        GError          **error);
GVerbsSGE *_gverbs_sg_list_dup         (const GVerbsSGE  *sg_list,
                                        guint32           num_sge,
                                        guint             index);

/* Posts @n_wrs requests, from an array (@wrs) or a list of pointers
 * (@ptrs, the binding-friendly form), converted by @ops in chunks of
 * GVERBS_POST_BATCH into @batch (the caller's stack array of that many of
 * rdma-core's) and posted to @owner's queue, within its usage guard (a
 * closed @owner is an error). If the device refuses one, @ops->refused says
 * which; those before it were posted. */
static G_ALWAYS_INLINE inline gboolean
_gverbs_post_chunks (const GVerbsPostOps   *ops,
                     gpointer               owner,
                     void                  *batch,
                     gconstpointer          wrs,
                     gconstpointer const   *ptrs,
                     guint                  n_wrs,
                     GError               **error)
{
  gpointer queue;

  if (G_UNLIKELY (!_gverbs_resource_enter (owner)))
    return _gverbs_resource_check_open (owner, error);
  queue = ops->queue (owner);
  for (guint start = 0; start < n_wrs; start += GVERBS_POST_BATCH)
    {
      guint count = MIN (GVERBS_POST_BATCH, n_wrs - start);
      char *d = batch;
      void *bad = NULL;
      guint at;
      int rc;

      for (guint i = 0; i < count; i++, d += ops->ibv_size)
        {
          gconstpointer w = ptrs != NULL ? ptrs[start + i] : (const char *) wrs + (gsize) (start + i) * ops->wr_size;

          if (!ops->convert (owner, w, d, i + 1 < count ? d + ops->ibv_size : NULL, start + i, error))
            goto failed;
        }
      rc = ops->post (queue, batch, &bad);
      if (G_UNLIKELY (rc != 0))
        {
          at = bad != NULL ? (guint) (((char *) bad - (char *) batch) / ops->ibv_size) : 0;
          ops->refused (owner, error, rc, start + at, n_wrs,
                        *(const guint64 *) ((const char *) batch + at * ops->ibv_size), bad);
          goto failed;
        }
    }
  _gverbs_resource_leave (owner);
  return TRUE;

failed:
  _gverbs_resource_leave (owner);
  return FALSE;
}

/* A receive request as rdma-core's: the conversion of every receive
 * target (QP, SRQ, WQ). */
static inline gboolean
_gverbs_post_convert_recv_wr (gpointer       owner,
                              gconstpointer  wr,
                              void          *out,
                              void          *next,
                              guint          index,
                              GError       **error)
{
  const GVerbsRecvWR *w = wr;
  struct ibv_recv_wr *d = out;

  if (G_UNLIKELY (w->num_sge > GVERBS_MAX_SGE))
    return _gverbs_set_too_many_sges_error (owner, index, w->num_sge, error);
  d->wr_id = w->wr_id;
  d->sg_list = (struct ibv_sge *) w->sg_list;
  d->num_sge = (int) w->num_sge;
  d->next = next;
  return TRUE;
}

/* Posts receive requests (@wrs or @ptrs, as _gverbs_post_chunks() takes
 * them) to a receive target through @ops, with the batch of rdma-core's
 * requests on the stack: the converted path of every receive queue. */
static G_ALWAYS_INLINE inline gboolean
_gverbs_post_recv_chunks (const GVerbsPostOps   *ops,
                          gpointer               owner,
                          const GVerbsRecvWR    *wrs,
                          gconstpointer const   *ptrs,
                          guint                  n_wrs,
                          GError               **error)
{
  struct ibv_recv_wr batch[GVERBS_POST_BATCH];

  return _gverbs_post_chunks (ops, owner, batch, wrs, ptrs, n_wrs, error);
}

G_END_DECLS
