/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* The asynchronous calls of a GVerbsCMID on an event channel, and the
 * rdma_cm events that signal and complete them. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <gio/gio.h>
#include <rdma/rdma_cma.h>

#include "gverbs-cm-id.h"
#include "gverbs-cm-id-private.h"
#include "gverbs-addr-info-private.h"
#include "gverbs-ud-param-private.h"
#include "gverbs-error.h"

static gboolean
check_channel (GVerbsCMID  *self,
               const char  *call,
               GError     **error)
{
  if (!_gverbs_resource_check_open (self, error))
    return FALSE;
  if (self->channel == NULL)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("%s on %s: asynchronous calls need an identifier created on an event channel"),
                   call, _gverbs_resource_describe (self));
      return FALSE;
    }
  return TRUE;
}

/* What each asynchronous call is (CMOp): the rdma_cm call that starts it,
 * named in its errors, and its _async function, the tag of its tasks. */
static const struct {
  const char *call;
  gpointer    source_tag;
} cm_ops[CM_N_OPS] = {
  [CM_OP_RESOLVE_ADDR] = { "rdma_resolve_addr", (gpointer) gverbs_cm_id_resolve_addr_async },
  [CM_OP_RESOLVE_ROUTE] = { "rdma_resolve_route", (gpointer) gverbs_cm_id_resolve_route_async },
  [CM_OP_CONNECT] = { "rdma_connect", (gpointer) gverbs_cm_id_connect_to_peer_async },
  [CM_OP_ACCEPT] = { "rdma_accept", (gpointer) gverbs_cm_id_accept_async },
};

static gboolean
cancelled_cb (GCancellable *cancellable,
              gpointer      user_data)
{
  GTask *task = user_data;
  GVerbsCMID *self = g_task_get_source_object (task);

  for (guint op = 0; op < CM_N_OPS; op++)
    if (self->tasks[op] == task)
      {
        self->tasks[op] = NULL;
        gverbs_resource_close (GVERBS_RESOURCE (self), NULL);
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Operation was cancelled"));
        g_object_unref (task);
        break;
      }
  return G_SOURCE_REMOVE;
}

/* Starts the asynchronous call @op: a task for @callback that fails with
 * @error (the caller's checks of its arguments) if set, else is the
 * operation pending in self->tasks[@op] until its event. Returns FALSE if
 * the task completed already; else the caller makes the rdma_cm call and
 * passes its result to started(). */
static gboolean
start_op (GVerbsCMID          *self,
          CMOp                 op,
          GError              *error,
          GCancellable        *cancellable,
          GAsyncReadyCallback  callback,
          gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  const char *call = cm_ops[op].call;

  g_task_set_source_tag (task, cm_ops[op].source_tag);
  if (error == NULL)
    check_channel (self, call, &error);
  if (error != NULL)
    {
      g_task_return_error (task, error);
      return FALSE;
    }
  if (self->tasks[op] != NULL)
    {
      g_task_return_new_error (task, GVERBS_ERROR, GVERBS_ERROR_BUSY,
                               _("%s on %s: the previous call is still pending"), call,
                               _gverbs_resource_describe (self));
      return FALSE;
    }
  if (g_task_return_error_if_cancelled (task))
    return FALSE;
  self->tasks[op] = g_object_ref (task);
  if (cancellable != NULL)
    {
      GSource *source = g_cancellable_source_new (cancellable);

      g_task_attach_source (task, source, G_SOURCE_FUNC (cancelled_cb));
      g_source_unref (source);
    }
  return TRUE;
}

/* The rdma_cm call that starts @op returned @ok: if it failed (errno says
 * why), so does the operation. */
static void
started (GVerbsCMID *self,
         CMOp        op,
         gboolean    ok)
{
  GTask *task;
  GError *error = NULL;

  if (ok)
    return;
  task = g_steal_pointer (&self->tasks[op]);
  _gverbs_set_error_errno (&error, errno ? errno : EINVAL, cm_ops[op].call, _gverbs_resource_describe (self),
                           NULL);
  g_task_return_error (task, error);
  g_object_unref (task);
}

static gboolean
finish_op (GVerbsCMID    *self,
           CMOp           op,
           GAsyncResult  *result,
           GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == cm_ops[op].source_tag, FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* The timeout of a resolution, which rdma_cm takes as an int. */
static void
check_timeout (CMOp     op,
               int      timeout_ms,
               GError **error)
{
  if (timeout_ms <= 0)
    g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                 _("%s: timeout %d ms is not positive"), cm_ops[op].call, timeout_ms);
}

/* The asynchronous accept and connect: the checks of the synchronous ones,
 * then the operation. */
static void
accept_or_connect (GVerbsCMID             *self,
                   CMOp                    op,
                   const GVerbsConnParam  *param,
                   GBytes                 *private_data,
                   GCancellable           *cancellable,
                   GAsyncReadyCallback     callback,
                   gpointer                user_data)
{
  CMMessage msg = op == CM_OP_ACCEPT ? CM_MSG_ACCEPT : CM_MSG_CONNECT;
  GError *error = NULL;

  _gverbs_cm_id_check_conn (self, msg, private_data, &error);
  if (start_op (self, op, error, cancellable, callback, user_data))
    started (self, op, _gverbs_cm_id_start_conn (self, msg, param, private_data));
}

/**
 * gverbs_cm_id_resolve_addr_async:
 * @self: a #GVerbsCMID on an event channel
 * @addr_info: the destination (and the source, if it has one)
 * @timeout_ms: how long address resolution may take
 * @cancellable: (nullable): a #GCancellable
 * @callback: (scope async): called when the address is resolved or failed
 * @user_data: data for @callback
 *
 * Resolves the destination address (`rdma_resolve_addr()`), binding the
 * identifier to a local device. Completes on `RDMA_CM_EVENT_ADDR_RESOLVED`
 * or `RDMA_CM_EVENT_ADDR_ERROR`.
 *
 * This and gverbs_cm_id_resolve_route_async() have no synchronous
 * twins on purpose: the synchronous way to resolve is to create the
 * identifier with gverbs_cm_id_new(), whose `rdma_create_ep()` resolves
 * the address and the route in one blocking call (pyverbs'
 * `CMID(creator=AddrInfo)`). An identifier on an event channel gets its
 * answers as events, so resolving it is asynchronous.
 *
 * Since: 0.1
 */
void
gverbs_cm_id_resolve_addr_async (GVerbsCMID          *self,
                                 GVerbsAddrInfo      *addr_info,
                                 int                  timeout_ms,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  struct rdma_addrinfo *rai;
  GError *error = NULL;

  g_return_if_fail (GVERBS_IS_CM_ID (self));
  g_return_if_fail (GVERBS_IS_ADDR_INFO (addr_info));

  if (_gverbs_addr_info_check (addr_info, &error))
    check_timeout (CM_OP_RESOLVE_ADDR, timeout_ms, &error);
  if (!start_op (self, CM_OP_RESOLVE_ADDR, error, cancellable, callback, user_data))
    return;
  rai = _gverbs_addr_info_get_rai (addr_info);
  errno = 0;
  started (self, CM_OP_RESOLVE_ADDR,
           rdma_resolve_addr (self->id, rai->ai_src_addr, rai->ai_dst_addr, timeout_ms) == 0);
}

/**
 * gverbs_cm_id_resolve_addr_finish:
 * @self: a #GVerbsCMID
 * @result: the #GAsyncResult
 * @error: return location for a #GError
 *
 * Finishes an address resolution started with
 * gverbs_cm_id_resolve_addr_async().
 *
 * Returns: %TRUE if the address was resolved
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_resolve_addr_finish (GVerbsCMID    *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  return finish_op (self, CM_OP_RESOLVE_ADDR, result, error);
}

/**
 * gverbs_cm_id_resolve_route_async:
 * @self: a #GVerbsCMID with a resolved address
 * @timeout_ms: how long route resolution may take
 * @cancellable: (nullable): a #GCancellable
 * @callback: (scope async): called when the route is resolved or failed
 * @user_data: data for @callback
 *
 * Resolves the route to the destination (`rdma_resolve_route()`). The
 * synchronous way is gverbs_cm_id_new() (see
 * gverbs_cm_id_resolve_addr_async()).
 *
 * Since: 0.1
 */
void
gverbs_cm_id_resolve_route_async (GVerbsCMID          *self,
                                  int                  timeout_ms,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  GError *error = NULL;

  g_return_if_fail (GVERBS_IS_CM_ID (self));

  check_timeout (CM_OP_RESOLVE_ROUTE, timeout_ms, &error);
  /* librdmacm dereferences the device of an identifier with no address */
  if (error == NULL && _gverbs_resource_is_open (self) && self->id->verbs == NULL)
    g_set_error (&error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                 _("rdma_resolve_route on %s: no address is resolved yet: "
                   "resolve an address first"), _gverbs_resource_describe (self));
  if (!start_op (self, CM_OP_RESOLVE_ROUTE, error, cancellable, callback, user_data))
    return;
  errno = 0;
  started (self, CM_OP_RESOLVE_ROUTE, rdma_resolve_route (self->id, timeout_ms) == 0);
}

/**
 * gverbs_cm_id_resolve_route_finish:
 * @self: a #GVerbsCMID
 * @result: the #GAsyncResult
 * @error: return location for a #GError
 *
 * Finishes a route resolution started with gverbs_cm_id_resolve_route_async().
 *
 * Returns: %TRUE if the route was resolved
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_resolve_route_finish (GVerbsCMID    *self,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  return finish_op (self, CM_OP_RESOLVE_ROUTE, result, error);
}

/**
 * gverbs_cm_id_connect_to_peer_async:
 * @self: a #GVerbsCMID with a resolved route (and usually a QP)
 * @param: (nullable): connection parameters, %NULL for the defaults
 * @private_data: (nullable): private data for the peer
 * @cancellable: (nullable): a #GCancellable
 * @callback: (scope async): called when the connection is established or failed
 * @user_data: data for @callback
 *
 * Connects (`rdma_connect()`) and completes once the connection is
 * established: the asynchronous gverbs_cm_id_connect_to_peer(). A reject
 * gives %GVERBS_ERROR_CONNECTION_REFUSED, an unreachable peer
 * %GVERBS_ERROR_HOST_UNREACHABLE. (The stem is not `connect`: a method
 * named `connect` would hide GObject's signal `connect()` in Python and
 * GJS.)
 *
 * Since: 0.1
 */
void
gverbs_cm_id_connect_to_peer_async (GVerbsCMID             *self,
                                    const GVerbsConnParam  *param,
                                    GBytes                 *private_data,
                                    GCancellable           *cancellable,
                                    GAsyncReadyCallback     callback,
                                    gpointer                user_data)
{
  g_return_if_fail (GVERBS_IS_CM_ID (self));
  accept_or_connect (self, CM_OP_CONNECT, param, private_data, cancellable, callback, user_data);
}

/**
 * gverbs_cm_id_connect_to_peer_finish:
 * @self: a #GVerbsCMID
 * @result: the #GAsyncResult
 * @error: return location for a #GError
 *
 * Finishes a connection started with gverbs_cm_id_connect_to_peer_async().
 *
 * Returns: %TRUE if the connection is established
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_connect_to_peer_finish (GVerbsCMID    *self,
                                     GAsyncResult  *result,
                                     GError       **error)
{
  return finish_op (self, CM_OP_CONNECT, result, error);
}

/**
 * gverbs_cm_id_accept_async:
 * @self: the #GVerbsCMID of a connection request
 * @param: (nullable): connection parameters, %NULL for the defaults
 * @private_data: (nullable): private data for the peer
 * @cancellable: (nullable): a #GCancellable
 * @callback: (scope async): called when the connection is established or failed
 * @user_data: data for @callback
 *
 * Accepts a connection request (`rdma_accept()`) and completes once the
 * connection is established.
 *
 * Since: 0.1
 */
void
gverbs_cm_id_accept_async (GVerbsCMID             *self,
                           const GVerbsConnParam  *param,
                           GBytes                 *private_data,
                           GCancellable           *cancellable,
                           GAsyncReadyCallback     callback,
                           gpointer                user_data)
{
  g_return_if_fail (GVERBS_IS_CM_ID (self));
  accept_or_connect (self, CM_OP_ACCEPT, param, private_data, cancellable, callback, user_data);
}

/**
 * gverbs_cm_id_accept_finish:
 * @self: a #GVerbsCMID
 * @result: the #GAsyncResult
 * @error: return location for a #GError
 *
 * Finishes an accept started with gverbs_cm_id_accept_async().
 *
 * Returns: %TRUE if the connection is established
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_accept_finish (GVerbsCMID    *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  return finish_op (self, CM_OP_ACCEPT, result, error);
}

static GError *
event_error (GVerbsCMID          *self,
             const GVerbsCMEvent *event,
             const char          *call)
{
  GError *error = NULL;
  int err_no = event->status < 0 ? -event->status : 0;

  switch (event->type)
    {
    case GVERBS_RDMA_CM_EVENT_REJECTED:
      g_set_error (&error, GVERBS_ERROR, GVERBS_ERROR_CONNECTION_REFUSED,
                   _("%s on %s: the peer rejected the connection (reason %d)"), call,
                   _gverbs_resource_describe (self), event->status);
      break;
    case GVERBS_RDMA_CM_EVENT_UNREACHABLE:
    case GVERBS_RDMA_CM_EVENT_CONNECT_ERROR:
      g_set_error (&error, GVERBS_ERROR, GVERBS_ERROR_HOST_UNREACHABLE,
                   _("%s on %s: the peer is unreachable (status %d)"), call,
                   _gverbs_resource_describe (self), event->status);
      break;
    case GVERBS_RDMA_CM_EVENT_DISCONNECTED:
      g_set_error (&error, GVERBS_ERROR, GVERBS_ERROR_CONNECTION_RESET,
                   _("%s on %s: disconnected before the connection was established"), call,
                   _gverbs_resource_describe (self));
      break;
    case GVERBS_RDMA_CM_EVENT_DEVICE_REMOVAL:
      g_set_error (&error, GVERBS_ERROR, GVERBS_ERROR_NO_DEVICE,
                   _("%s on %s: the device was removed"), call, _gverbs_resource_describe (self));
      break;
    default:
      _gverbs_set_error_errno (&error, err_no ? err_no : EHOSTUNREACH, call,
                               _gverbs_resource_describe (self), NULL);
    }
  return error;
}

/* Completes the pending @op, if any: successfully, or with the error of
 * the event @failure. */
static void
complete_op (GVerbsCMID          *self,
             CMOp                 op,
             const GVerbsCMEvent *failure)
{
  GTask *task = g_steal_pointer (&self->tasks[op]);

  if (task == NULL)
    return;
  if (failure != NULL)
    g_task_return_error (task, event_error (self, failure, cm_ops[op].call));
  else
    g_task_return_boolean (task, TRUE);
  g_object_unref (task);
}

void
_gverbs_cm_id_handle_event (GVerbsCMID          *self,
                            const GVerbsCMEvent *event)
{
  if (gverbs_resource_is_closed (GVERBS_RESOURCE (self)))
    return;

  self->dispatching++;
  if (event->has_ud && event->status == 0 &&
      (event->type == GVERBS_RDMA_CM_EVENT_ESTABLISHED ||
       event->type == GVERBS_RDMA_CM_EVENT_MULTICAST_JOIN))
    _gverbs_cm_id_set_ud_param (self, _gverbs_ud_param_new (event->ud_qp_num, event->ud_qkey,
                                                            &event->ud_ah_attr));
  g_signal_emit (self, _gverbs_cm_id_signal (SIGNAL_EVENT), 0, event->type, event->status);

  /* a handler of ::event that closed the identifier ends its signals */
  if (self->closed)
    goto complete;
  switch (event->type)
    {
    case GVERBS_RDMA_CM_EVENT_ADDR_RESOLVED:
      _gverbs_cm_id_update_description (self);
      break;
    case GVERBS_RDMA_CM_EVENT_ADDR_ERROR:
      g_signal_emit (self, _gverbs_cm_id_signal (SIGNAL_ADDR_ERROR), 0, event->status);
      break;
    case GVERBS_RDMA_CM_EVENT_ROUTE_ERROR:
      g_signal_emit (self, _gverbs_cm_id_signal (SIGNAL_ROUTE_ERROR), 0, event->status);
      break;
    case GVERBS_RDMA_CM_EVENT_CONNECT_REQUEST:
      if (event->new_id != NULL)
        g_signal_emit (self, _gverbs_cm_id_signal (SIGNAL_CONNECT_REQUEST), 0, event->new_id,
                       event->private_data);
      break;
    case GVERBS_RDMA_CM_EVENT_ESTABLISHED:
      _gverbs_cm_id_update_description (self);
      g_signal_emit (self, _gverbs_cm_id_signal (SIGNAL_ESTABLISHED), 0);
      break;
    case GVERBS_RDMA_CM_EVENT_REJECTED:
      g_signal_emit (self, _gverbs_cm_id_signal (SIGNAL_REJECTED), 0, event->status, event->private_data);
      break;
    case GVERBS_RDMA_CM_EVENT_UNREACHABLE:
    case GVERBS_RDMA_CM_EVENT_CONNECT_ERROR:
      g_signal_emit (self, _gverbs_cm_id_signal (SIGNAL_UNREACHABLE), 0, event->status);
      break;
    case GVERBS_RDMA_CM_EVENT_DISCONNECTED:
      g_signal_emit (self, _gverbs_cm_id_signal (SIGNAL_DISCONNECTED), 0);
      break;
    case GVERBS_RDMA_CM_EVENT_DEVICE_REMOVAL:
      g_signal_emit (self, _gverbs_cm_id_signal (SIGNAL_DEVICE_REMOVAL), 0);
      break;
    case GVERBS_RDMA_CM_EVENT_TIMEWAIT_EXIT:
      g_signal_emit (self, _gverbs_cm_id_signal (SIGNAL_TIMEWAIT_EXIT), 0);
      break;
    case GVERBS_RDMA_CM_EVENT_MULTICAST_JOIN:
      g_signal_emit (self, _gverbs_cm_id_signal (SIGNAL_MULTICAST_JOIN), 0, event->ud_qp_num,
                     event->ud_qkey);
      break;
    default:
      break;
    }

  /* Pending operations complete after the signals; a handler that closed
   * the identifier has already failed them. */
complete:
  switch (event->type)
    {
    case GVERBS_RDMA_CM_EVENT_ADDR_RESOLVED:
      complete_op (self, CM_OP_RESOLVE_ADDR, NULL);
      break;
    case GVERBS_RDMA_CM_EVENT_ADDR_ERROR:
      complete_op (self, CM_OP_RESOLVE_ADDR, event);
      break;
    case GVERBS_RDMA_CM_EVENT_ROUTE_RESOLVED:
      complete_op (self, CM_OP_RESOLVE_ROUTE, NULL);
      break;
    case GVERBS_RDMA_CM_EVENT_ROUTE_ERROR:
      complete_op (self, CM_OP_RESOLVE_ROUTE, event);
      break;
    case GVERBS_RDMA_CM_EVENT_ESTABLISHED:
    case GVERBS_RDMA_CM_EVENT_CONNECT_RESPONSE:
      complete_op (self, CM_OP_CONNECT, NULL);
      complete_op (self, CM_OP_ACCEPT, NULL);
      break;
    case GVERBS_RDMA_CM_EVENT_REJECTED:
    case GVERBS_RDMA_CM_EVENT_UNREACHABLE:
    case GVERBS_RDMA_CM_EVENT_CONNECT_ERROR:
    case GVERBS_RDMA_CM_EVENT_DISCONNECTED:
    case GVERBS_RDMA_CM_EVENT_DEVICE_REMOVAL:
      complete_op (self, CM_OP_CONNECT, event);
      complete_op (self, CM_OP_ACCEPT, event);
      if (event->type == GVERBS_RDMA_CM_EVENT_DEVICE_REMOVAL)
        {
          complete_op (self, CM_OP_RESOLVE_ADDR, event);
          complete_op (self, CM_OP_RESOLVE_ROUTE, event);
        }
      break;
    default:
      break;
    }

  self->dispatching--;
  if (self->dispatching == 0 && self->closed)
    _gverbs_cm_id_destroy_id (self);
}
