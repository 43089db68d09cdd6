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

static void
on_task_cancelled_close (GVerbsCMID *self,
                         GTask     **slot)
{
  GTask *task = g_steal_pointer (slot);

  if (task == NULL)
    return;
  gverbs_resource_close (GVERBS_RESOURCE (self), NULL);
  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Operation was cancelled"));
  g_object_unref (task);
}

static gboolean
cancelled_cb (GCancellable *cancellable,
              gpointer      user_data)
{
  GTask *task = user_data;
  GVerbsCMID *self = g_task_get_source_object (task);

  if (self->addr_task == task)
    on_task_cancelled_close (self, &self->addr_task);
  else if (self->route_task == task)
    on_task_cancelled_close (self, &self->route_task);
  else if (self->connect_task == task)
    on_task_cancelled_close (self, &self->connect_task);
  else if (self->accept_task == task)
    on_task_cancelled_close (self, &self->accept_task);
  return G_SOURCE_REMOVE;
}

/* Starts @task as the pending operation in @slot; FALSE (task completed) if
 * the identifier cannot start it. */
static gboolean
begin_task (GVerbsCMID  *self,
            GTask       *task,
            GTask      **slot,
            const char  *call)
{
  GError *error = NULL;
  GCancellable *cancellable = g_task_get_cancellable (task);

  if (!check_channel (self, call, &error))
    {
      g_task_return_error (task, error);
      return FALSE;
    }
  if (*slot != NULL)
    {
      g_task_return_new_error (task, GVERBS_ERROR, GVERBS_ERROR_BUSY,
                               _("%s on %s: the previous call is still pending"), call,
                               _gverbs_resource_describe (self));
      return FALSE;
    }
  if (g_task_return_error_if_cancelled (task))
    return FALSE;
  *slot = g_object_ref (task);
  if (cancellable != NULL)
    {
      GSource *source = g_cancellable_source_new (cancellable);

      g_task_attach_source (task, source, G_SOURCE_FUNC (cancelled_cb));
      g_source_unref (source);
    }
  return TRUE;
}

/* The call that should have started the operation failed. */
static void
abort_task (GVerbsCMID  *self,
            GTask      **slot,
            const char  *call)
{
  GTask *task = g_steal_pointer (slot);
  GError *error = NULL;

  _gverbs_set_error_errno (&error, errno ? errno : EINVAL, call, _gverbs_resource_describe (self),
                           NULL);
  g_task_return_error (task, error);
  g_object_unref (task);
}

static void
complete_task (GTask  **slot,
               GError  *error)
{
  GTask *task = g_steal_pointer (slot);

  if (task == NULL)
    {
      g_clear_error (&error);
      return;
    }
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
  g_object_unref (task);
}

static gboolean
check_timeout (GTask      *task,
               const char *call,
               int         timeout_ms)
{
  if (timeout_ms > 0)
    return TRUE;
  g_task_return_new_error (task, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("%s: timeout %d ms is not positive"), call, timeout_ms);
  return FALSE;
}

/* The asynchronous accept and connect: the checks of the synchronous ones,
 * then @task as the operation pending in @slot. */
static void
accept_or_connect (GVerbsCMID             *self,
                   GTask                  *task,
                   GTask                 **slot,
                   CMMessage               msg,
                   const GVerbsConnParam  *param,
                   GBytes                 *private_data)
{
  const char *call = _gverbs_cm_id_conn_call (msg);
  GError *error = NULL;

  if (!_gverbs_cm_id_check_conn (self, msg, private_data, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  if (!begin_task (self, task, slot, call))
    return;
  if (!_gverbs_cm_id_start_conn (self, msg, param, private_data))
    abort_task (self, slot, call);
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
  g_autoptr(GTask) task = NULL;
  struct rdma_addrinfo *rai;
  GError *error = NULL;

  g_return_if_fail (GVERBS_IS_CM_ID (self));
  g_return_if_fail (GVERBS_IS_ADDR_INFO (addr_info));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, gverbs_cm_id_resolve_addr_async);
  if (!_gverbs_addr_info_check (addr_info, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  if (!check_timeout (task, "rdma_resolve_addr", timeout_ms))
    return;
  if (!begin_task (self, task, &self->addr_task, "rdma_resolve_addr"))
    return;
  rai = _gverbs_addr_info_get_rai (addr_info);
  errno = 0;
  if (rdma_resolve_addr (self->id, rai->ai_src_addr, rai->ai_dst_addr, timeout_ms) != 0)
    abort_task (self, &self->addr_task, "rdma_resolve_addr");
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
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
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
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (GVERBS_IS_CM_ID (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, gverbs_cm_id_resolve_route_async);
  if (!check_timeout (task, "rdma_resolve_route", timeout_ms))
    return;
  /* librdmacm dereferences the device of an identifier with no address */
  if (_gverbs_resource_is_open (self) && self->id->verbs == NULL)
    {
      g_task_return_new_error (task, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                               _("rdma_resolve_route on %s: no address is resolved yet: "
                                 "resolve an address first"), _gverbs_resource_describe (self));
      return;
    }
  if (!begin_task (self, task, &self->route_task, "rdma_resolve_route"))
    return;
  errno = 0;
  if (rdma_resolve_route (self->id, timeout_ms) != 0)
    abort_task (self, &self->route_task, "rdma_resolve_route");
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
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
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
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (GVERBS_IS_CM_ID (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, gverbs_cm_id_connect_to_peer_async);
  accept_or_connect (self, task, &self->connect_task, CM_MSG_CONNECT, param, private_data);
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
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
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
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (GVERBS_IS_CM_ID (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, gverbs_cm_id_accept_async);
  accept_or_connect (self, task, &self->accept_task, CM_MSG_ACCEPT, param, private_data);
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
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
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
      complete_task (&self->addr_task, NULL);
      break;
    case GVERBS_RDMA_CM_EVENT_ADDR_ERROR:
      complete_task (&self->addr_task, event_error (self, event, "rdma_resolve_addr"));
      break;
    case GVERBS_RDMA_CM_EVENT_ROUTE_RESOLVED:
      complete_task (&self->route_task, NULL);
      break;
    case GVERBS_RDMA_CM_EVENT_ROUTE_ERROR:
      complete_task (&self->route_task, event_error (self, event, "rdma_resolve_route"));
      break;
    case GVERBS_RDMA_CM_EVENT_ESTABLISHED:
    case GVERBS_RDMA_CM_EVENT_CONNECT_RESPONSE:
      complete_task (&self->connect_task, NULL);
      complete_task (&self->accept_task, NULL);
      break;
    case GVERBS_RDMA_CM_EVENT_REJECTED:
    case GVERBS_RDMA_CM_EVENT_UNREACHABLE:
    case GVERBS_RDMA_CM_EVENT_CONNECT_ERROR:
    case GVERBS_RDMA_CM_EVENT_DISCONNECTED:
    case GVERBS_RDMA_CM_EVENT_DEVICE_REMOVAL:
      if (self->connect_task != NULL)
        complete_task (&self->connect_task, event_error (self, event, "rdma_connect"));
      if (self->accept_task != NULL)
        complete_task (&self->accept_task, event_error (self, event, "rdma_accept"));
      if (self->addr_task != NULL && event->type == GVERBS_RDMA_CM_EVENT_DEVICE_REMOVAL)
        complete_task (&self->addr_task, event_error (self, event, "rdma_resolve_addr"));
      if (self->route_task != NULL && event->type == GVERBS_RDMA_CM_EVENT_DEVICE_REMOVAL)
        complete_task (&self->route_task, event_error (self, event, "rdma_resolve_route"));
      break;
    default:
      break;
    }

  self->dispatching--;
  if (self->dispatching == 0 && self->closed)
    _gverbs_cm_id_destroy_id (self);
}
