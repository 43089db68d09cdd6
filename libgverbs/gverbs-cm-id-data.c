/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* The data path of a GVerbsCMID: buffers, posts, completions (blocking, or
 * as signals on the main loop), and the borrowed context and PD. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <rdma/rdma_verbs.h>

#include "gverbs-cm-id.h"
#include "gverbs-cm-id-private.h"
#include "gverbs-context-private.h"
#include "gverbs-pd-private.h"
#include "gverbs-mr-private.h"
#include "gverbs-ah-private.h"
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
 *
 * Since: 0.1
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
 *
 * Since: 0.1
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
 *
 * Since: 0.1
 */
GVerbsMR *
gverbs_cm_id_reg_write (GVerbsCMID  *self,
                        gsize        size,
                        GError     **error)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), NULL);
  return reg (self, size, GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE, error);
}

static gboolean
buffer_range (GVerbsCMID     *self,
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
                   _("%zu bytes at offset %zu do not fit in %s (%zu bytes)"),
                   length, offset, _gverbs_resource_describe (buffer), (gsize) ibv->length);
      return FALSE;
    }
  *addr = (guint8 *) ibv->addr + offset;
  *mr = ibv;
  return TRUE;
}

static gboolean
check_ah (GVerbsCMID  *self,
          GVerbsAH    *ah,
          const char  *call,
          GError     **error)
{
  struct ibv_ah *ibv;

  if (!_gverbs_resource_check_open (ah, error))
    return FALSE;
  ibv = _gverbs_ah_get_ibv (ah);
  if (ibv->pd != _gverbs_cm_id_get_id (self)->pd)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("%s on %s: the address handle is not on the identifier's protection domain "
                     "(create it on its pd)"), call, _gverbs_resource_describe (self));
      return FALSE;
    }
  if (_gverbs_cm_id_get_id (self)->qp->qp_type != IBV_QPT_UD)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("%s on %s: the identifier's QP is not a UD QP (use RDMA_PS_UDP)"), call,
                   _gverbs_resource_describe (self));
      return FALSE;
    }
  return TRUE;
}

gboolean
_gverbs_cm_id_check_post (GVerbsCMID     *self,
                          const char     *call,
                          GVerbsAH       *ah,
                          GVerbsMR       *buffer,
                          gsize           offset,
                          gsize           length,
                          void          **addr,
                          struct ibv_mr **mr,
                          GError        **error)
{
  return _gverbs_cm_id_check_qp (self, call, error) &&
         (ah == NULL || check_ah (self, ah, call, error)) &&
         buffer_range (self, buffer, offset, length, addr, mr, error);
}

/* The posts of a connected identifier, as librdmacm's rdma_post_*() make them. */
typedef enum
{
  POST_RECV,
  POST_SEND,
  POST_READ,
  POST_WRITE,
} PostOp;

static const char *const post_calls[] = {
  "rdma_post_recv", "rdma_post_send", "rdma_post_read", "rdma_post_write",
};

static gboolean
post (GVerbsCMID       *self,
      PostOp            op,
      GVerbsMR         *buffer,
      gsize             offset,
      gsize             length,
      GVerbsSendFlags   flags,
      guint64           remote_addr,
      guint32           rkey,
      guint64           wr_id,
      GError          **error)
{
  void *context = (void *) (guintptr) wr_id;
  struct ibv_mr *mr;
  void *addr;
  int rc;

  if (!_gverbs_cm_id_check_post (self, post_calls[op], NULL, buffer, offset, length, &addr, &mr, error))
    return FALSE;
  errno = 0;
  switch (op)
    {
    case POST_RECV:
      rc = rdma_post_recv (self->id, context, addr, length, mr);
      break;
    case POST_SEND:
      rc = rdma_post_send (self->id, context, addr, length, mr, flags);
      break;
    case POST_READ:
      rc = rdma_post_read (self->id, context, addr, length, mr, flags, remote_addr, rkey);
      break;
    default:
      rc = rdma_post_write (self->id, context, addr, length, mr, flags, remote_addr, rkey);
      break;
    }
  if (rc != 0)
    return _gverbs_cm_id_set_errno_error (self, error, post_calls[op]);
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
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_post_recv (GVerbsCMID      *self,
                        GVerbsMR        *buffer,
                        gsize            offset,
                        gsize            length,
                        guint64          wr_id,
                        GError         **error)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_MR (buffer), FALSE);
  return post (self, POST_RECV, buffer, offset, length, 0, 0, 0, wr_id, error);
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
 *
 * Since: 0.1
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
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_MR (buffer), FALSE);
  return post (self, POST_SEND, buffer, offset, length, flags, 0, 0, wr_id, error);
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
 *
 * Since: 0.1
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
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_MR (buffer), FALSE);
  return post (self, POST_READ, buffer, offset, length, flags, remote_addr, rkey, wr_id, error);
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
 *
 * Since: 0.1
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
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_MR (buffer), FALSE);
  return post (self, POST_WRITE, buffer, offset, length, flags, remote_addr, rkey, wr_id, error);
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
 *
 * Since: 0.1
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
 *
 * Since: 0.1
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
 *
 * Since: 0.1
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
 *
 * Since: 0.1
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

/* comp_watch[] and comp_events[]: the send CQ and channel, then the receive
 * ones (each set when rdma_cm made it, the channel when distinct). */
enum { SEND, RECV };

/* Routes an event on one of rdma_cm's channels (whose cq_context is the
 * rdma_cm_id) to the watch of its CQ. */
static GVerbsCQEventTarget *
route_event (GObject       *owner,
             struct ibv_cq *cq,
             void          *cq_context)
{
  GVerbsCMID *self = GVERBS_CM_ID (owner);

  for (guint i = 0; i < G_N_ELEMENTS (self->comp_watch); i++)
    if (self->comp_watch[i].ibv == cq)
      return &self->comp_watch[i].target;
  return NULL;
}

static int
poll_watch (GVerbsCQWatch  *watch,
            GVerbsWC       *wcs,
            guint           n_wcs,
            GError        **error)
{
  /* GVerbsWC has struct ibv_wc's layout (asserted in gverbs-wc.c) */
  int rc = ibv_poll_cq (watch->ibv, (int) n_wcs, (struct ibv_wc *) wcs);

  if (rc < 0)
    _gverbs_set_error_errno (error, EIO, "ibv_poll_cq", watch->ibv->context->device->name,
                             _("returned %d"), rc);
  return rc;
}

/* Runs @step on a watch; the identifier is destroyed, if a handler closed
 * it, once the step has returned. */
static void
run_watch (GObject  *object,
           guint     which,
           void    (*step) (GVerbsCQWatch *watch))
{
  GVerbsCMID *self = GVERBS_CM_ID (object);

  self->dispatching++;
  step (&self->comp_watch[which]);
  self->dispatching--;
  if (self->dispatching == 0 && self->closed)
    _gverbs_cm_id_destroy_id (self);
}

static void on_send_event  (GObject *o) { run_watch (o, SEND, _gverbs_cq_watch_on_event); }
static void on_recv_event  (GObject *o) { run_watch (o, RECV, _gverbs_cq_watch_on_event); }
static void on_send_resume (GObject *o) { run_watch (o, SEND, _gverbs_cq_watch_on_resume); }
static void on_recv_resume (GObject *o) { run_watch (o, RECV, _gverbs_cq_watch_on_resume); }

static int
poll_send (GObject *o, GVerbsWC *wcs, guint n_wcs, GError **error)
{
  return poll_watch (&GVERBS_CM_ID (o)->comp_watch[SEND], wcs, n_wcs, error);
}

static int
poll_recv (GObject *o, GVerbsWC *wcs, guint n_wcs, GError **error)
{
  return poll_watch (&GVERBS_CM_ID (o)->comp_watch[RECV], wcs, n_wcs, error);
}

void
_gverbs_cm_id_unwatch_completions (GVerbsCMID *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->comp_watch); i++)
    {
      _gverbs_cq_watch_close (&self->comp_watch[i]);
      self->comp_watch[i].ibv = NULL;
      self->comp_watch[i].events = NULL;
      _gverbs_cq_event_source_stop (&self->comp_events[i]);
    }
}

void
_gverbs_cm_id_finalize_completions (GVerbsCMID *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->comp_watch); i++)
    _gverbs_cq_watch_finalize (&self->comp_watch[i]);
}

/* Watches the channel of @cq (starting its source if it is the first CQ
 * on it) and the CQ, which drains on the next dispatch. */
static gboolean
watch_cq (GVerbsCMID     *self,
          guint           which,
          struct ibv_cq  *cq,
          GError        **error)
{
  GVerbsCQWatch *watch = &self->comp_watch[which];
  GVerbsCQEventSource *events = NULL;
  gboolean changed;

  for (guint i = 0; i < G_N_ELEMENTS (self->comp_events) && events == NULL; i++)
    if (cq->channel != NULL && self->comp_events[i].ibv == cq->channel)
      events = &self->comp_events[i];
  if (events == NULL && cq->channel != NULL)
    {
      events = &self->comp_events[which];
      if (!_gverbs_cq_event_source_start (events, G_OBJECT (self), cq->channel, route_event, error))
        return FALSE;
    }
  watch->ibv = cq;
  watch->events = events;
  return _gverbs_cq_watch_set (watch, TRUE, _gverbs_resource_describe (self), &changed, error);
}

/**
 * gverbs_cm_id_watch_completions:
 * @self: a #GVerbsCMID with a QP whose CQs rdma_cm created
 * @error: return location for a #GError
 *
 * Delivers the completions of the identifier's QP as
 * #GVerbsCMID::send-completion and #GVerbsCMID::recv-completion signals
 * in the thread-default main context: the completion channels rdma_cm made
 * for its CQs are watched there (and set non-blocking), as a #GVerbsCQ in
 * watched mode is, with the same bound on the completions one main-loop
 * dispatch emits. Completions already waiting are emitted from the main
 * loop too, never from this call. Afterwards gverbs_cm_id_get_send_comp()
 * and gverbs_cm_id_get_recv_comp() are refused. Watching twice does
 * nothing.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_watch_completions (GVerbsCMID  *self,
                                GError     **error)
{
  struct ibv_cq *recv_cq;

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
  _gverbs_cq_watch_init (&self->comp_watch[SEND], G_OBJECT (self), on_send_event, on_send_resume,
                         poll_send, 0, _gverbs_cm_id_signal (SIGNAL_SEND_COMPLETION), 0);
  _gverbs_cq_watch_init (&self->comp_watch[RECV], G_OBJECT (self), on_recv_event, on_recv_resume,
                         poll_recv, 0, _gverbs_cm_id_signal (SIGNAL_RECV_COMPLETION), 0);
  recv_cq = self->id->recv_cq != self->id->send_cq ? self->id->recv_cq : NULL;
  if ((self->id->send_cq != NULL &&
       !watch_cq (self, SEND, self->id->send_cq, error)) ||
      (recv_cq != NULL && !watch_cq (self, RECV, recv_cq, error)))
    {
      _gverbs_cm_id_unwatch_completions (self);
      return FALSE;
    }
  self->watching = TRUE;
  return TRUE;
}
