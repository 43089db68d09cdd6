/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <arpa/inet.h>
#include <glib/gi18n-lib.h>
#include <glib-unix.h>
#include <rdma/rdma_verbs.h>

#include "gverbs-cm-id.h"
#include "gverbs-cm-id-private.h"
#include "gverbs-addr-info-private.h"
#include "gverbs-event-channel-private.h"
#include "gverbs-context-private.h"
#include "gverbs-pd-private.h"
#include "gverbs-mr-private.h"
#include "gverbs-wc-private.h"
#include "gverbs-ud-param-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"

/**
 * GVerbsCMID:
 *
 * An rdma_cm identifier (`struct rdma_cm_id`): the RDMA counterpart of a
 * socket, with the QP rdma_cm creates for it.
 *
 * Synchronous use (pyverbs' `CMID(creator=addr_info, qp_init_attr=…)`):
 * gverbs_cm_id_new() creates the identifier with `rdma_create_ep()`; a
 * passive one then gverbs_cm_id_listen() and gverbs_cm_id_get_request(),
 * an active one gverbs_cm_id_connect_to_peer(); these calls block.
 *
 * Event-driven use: gverbs_cm_id_new_on_channel() creates it on a
 * #GVerbsEventChannel, whose events arrive as signals in the main context
 * the channel was created in; gverbs_cm_id_resolve_addr_async(),
 * gverbs_cm_id_resolve_route_async(), gverbs_cm_id_connect_to_peer_async()
 * and gverbs_cm_id_accept_async() follow GIO's pattern. Cancelling one of them
 * closes the identifier (rdma_cm cannot withdraw a pending request) and
 * completes it with %G_IO_ERROR_CANCELLED.
 *
 * A listener on a channel emits #GVerbsCMID::connect-request with a new
 * identifier; keep a reference to it to accept it: one nobody keeps is
 * destroyed after the signal, which rejects the request. Closing an
 * identifier, closing its #GVerbsEventChannel or dropping the last
 * reference to either from one of its signal handlers is safe: the
 * identifier emits nothing more, and rdma_cm's objects are destroyed once
 * the handler has returned.
 *
 * When to use it: to connect to a peer by IP address and port rather than by
 * exchanging QP numbers and GIDs yourself; see the
 * [connection-manager guide](connection-manager.html). On the server side a
 * #GVerbsCMListener does the listening and accepting for you.
 *
 * ```c
 * // given: void addr_resolved (GObject *source, GAsyncResult *result, gpointer data);
 * g_autoptr(GVerbsEventChannel) ch = gverbs_event_channel_new (&error);
 * g_autoptr(GVerbsAddrInfo) dst = NULL;
 * GVerbsCMID *id = NULL;
 *
 * if (ch == NULL ||
 *     (dst = gverbs_addr_info_new (NULL, "192.0.2.1", NULL, "7471", GVERBS_RDMA_PS_TCP, 0,
 *                                  &error)) == NULL ||
 *     (id = gverbs_cm_id_new_on_channel (ch, GVERBS_RDMA_PS_TCP, &error)) == NULL)
 *   return;
 * gverbs_cm_id_resolve_addr_async (id, dst, 2000, NULL, addr_resolved, NULL);
 * // then resolve_route_async, create_qp, connect_to_peer_async
 * ```
 *
 * Python: `Verbs.CMID(channel, port_space=Verbs.RDMA_PS_TCP)` for an
 * event-driven identifier, or pyverbs' `CMID(creator=addr_info,
 * qp_init_attr=...)` for the synchronous one.
 *
 * Since: 0.1
 */
G_DEFINE_FINAL_TYPE (GVerbsCMID, gverbs_cm_id, GVERBS_TYPE_RESOURCE)

enum {
  PROP_0,
  PROP_PD,
  N_PROPS
};

/* the rows of the field table */
enum {
  FIELD_DEVICE_NAME,
  FIELD_PORT_NUM,
  FIELD_QP_NUM,
  FIELD_LOCAL_ADDRESS,
  FIELD_REMOTE_ADDRESS,
  FIELD_LOCAL_PORT,
  FIELD_REMOTE_PORT,
  FIELD_CONTEXT,
  FIELD_ADDR_INFO,
  FIELD_EVENT_CHANNEL,
  FIELD_PORT_SPACE,
  FIELD_QP_INIT_ATTR,
  FIELD_UD_PARAM,
  N_FIELDS
};

static GParamSpec *field_pspecs[N_FIELDS];

static guint signals[N_SIGNALS];

void
_gverbs_cm_id_update_description (GVerbsCMID *self)
{
  g_autofree char *local = NULL;

  if (self->id == NULL)
    return;
  local = _gverbs_sockaddr_to_string (rdma_get_local_addr (self->id));
  if (local != NULL)
    _gverbs_resource_set_description (GVERBS_RESOURCE (self), "rdma_cm id %s:%u%s%s", local,
                                      _gverbs_sockaddr_get_port (rdma_get_local_addr (self->id)),
                                      self->id->verbs ? " on " : "",
                                      self->id->verbs ? ibv_get_device_name (self->id->verbs->device) : "");
  else
    _gverbs_resource_set_description (GVERBS_RESOURCE (self), "rdma_cm id");
}

static gboolean
check_open (GVerbsCMID  *self,
            GError     **error)
{
  return _gverbs_resource_check_open (self, error);
}

gboolean
_gverbs_cm_id_check_qp (GVerbsCMID  *self,
                        const char  *call,
                        GError     **error)
{
  if (!check_open (self, error))
    return FALSE;
  if (self->id->qp == NULL)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("%s on %s: the identifier has no QP"), call, _gverbs_resource_describe (self));
      return FALSE;
    }
  return TRUE;
}

/* rdma_connect() and rdma_accept() dereference the identifier's device
 * (librdmacm reads id->verbs for the connection parameters): refuse an
 * identifier that is not bound to one yet. */
gboolean
_gverbs_cm_id_check_bound (GVerbsCMID  *self,
                           const char  *call,
                           GError     **error)
{
  if (!check_open (self, error))
    return FALSE;
  if (self->id->verbs == NULL)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("%s on %s: the identifier is not bound to a device: resolve an address "
                     "and a route first (or accept an identifier from a connection request)"),
                   call, _gverbs_resource_describe (self));
      return FALSE;
    }
  return TRUE;
}

gboolean
_gverbs_cm_id_set_errno_error (GVerbsCMID  *self,
                               GError     **error,
                               const char  *call)
{
  _gverbs_set_error_errno (error, errno ? errno : EINVAL, call, _gverbs_resource_describe (self), NULL);
  return FALSE;
}

void
_gverbs_cm_id_fill_qp_init_attr (struct ibv_qp_init_attr  *attr,
                                 const GVerbsCMQPInitAttr *in)
{
  memset (attr, 0, sizeof *attr);
  attr->qp_type = (enum ibv_qp_type) in->qp_type;
  attr->cap.max_send_wr = in->max_send_wr;
  attr->cap.max_recv_wr = in->max_recv_wr;
  attr->cap.max_send_sge = in->max_send_sge;
  attr->cap.max_recv_sge = in->max_recv_sge;
  attr->cap.max_inline_data = in->max_inline_data;
  attr->sq_sig_all = in->sq_sig_all ? 1 : 0;
}

static void
adopt_id (GVerbsCMID        *self,
          struct rdma_cm_id *id)
{
  self->id = id;
  id->context = self;
  if (self->channel != NULL)
    {
      _gverbs_event_channel_hold_ch (self->channel);
      _gverbs_resource_add_parent (GVERBS_RESOURCE (self), GVERBS_RESOURCE (self->channel));
    }
  _gverbs_cm_id_update_description (self);
}

static gboolean
gverbs_cm_id_open (GVerbsResource  *resource,
                   GCancellable    *cancellable,
                   GError         **error)
{
  GVerbsCMID *self = GVERBS_CM_ID (resource);
  struct rdma_cm_id *id = NULL;

  if (self->addr_info != NULL)
    {
      struct ibv_qp_init_attr attr;
      struct rdma_addrinfo *rai;

      if (!_gverbs_addr_info_check (self->addr_info, error))
        return FALSE;
      rai = _gverbs_addr_info_get_rai (self->addr_info);
      self->port_space = rai->ai_port_space;
      if (self->qp_init_attr != NULL)
        _gverbs_cm_id_fill_qp_init_attr (&attr, self->qp_init_attr);
      if (self->user_pd != NULL && !_gverbs_resource_check_open (self->user_pd, error))
        return FALSE;
      errno = 0;
      if (rdma_create_ep (&id, rai, self->user_pd ? _gverbs_pd_get_ibv (self->user_pd) : NULL,
                          self->qp_init_attr ? &attr : NULL) != 0)
        {
          g_autofree char *dst = gverbs_addr_info_dup_dst_address (self->addr_info);
          g_autofree char *src = gverbs_addr_info_dup_src_address (self->addr_info);

          _gverbs_set_error_errno (error, errno ? errno : EINVAL, "rdma_create_ep", NULL,
                                   _("source %s, destination %s"), src ? src : "-", dst ? dst : "-");
          return FALSE;
        }
    }
  else if (self->channel != NULL)
    {
      if (!_gverbs_resource_check_open (self->channel, error))
        return FALSE;
      errno = 0;
      if (rdma_create_id (_gverbs_event_channel_get_ch (self->channel), &id, NULL,
                          (enum rdma_port_space) self->port_space) != 0)
        {
          _gverbs_set_error_errno (error, errno ? errno : EINVAL, "rdma_create_id", NULL,
                                   _("port space 0x%x"), self->port_space);
          return FALSE;
        }
    }
  else
    {
      g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("A CMID needs an AddrInfo or an event channel"));
      return FALSE;
    }
  adopt_id (self, id);
  if (self->user_pd != NULL)
    _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->user_pd));
  return TRUE;
}

void
_gverbs_cm_id_destroy_id (GVerbsCMID *self)
{
  if (self->id == NULL)
    return;
  self->id->context = NULL;
  /* librdmacm leaves the QP attached to the groups, which makes
   * ibv_destroy_qp() fail with EBUSY and leaks the QP */
  if (self->groups != NULL)
    {
      for (guint i = 0; i < self->groups->len; i++)
        rdma_leave_multicast (self->id, (struct sockaddr *) g_bytes_get_data (self->groups->pdata[i], NULL));
      g_ptr_array_set_size (self->groups, 0);
    }
  rdma_destroy_ep (self->id);
  self->id = NULL;
  if (self->channel != NULL)
    _gverbs_event_channel_release_ch (self->channel);
}

static void
fail_task (GTask     **task,
           GVerbsCMID *self)
{
  GTask *t = g_steal_pointer (task);

  if (t == NULL)
    return;
  g_task_return_new_error (t, GVERBS_ERROR, GVERBS_ERROR_CLOSED,
                           _("%s was closed"), _gverbs_resource_describe (self));
  g_object_unref (t);
}

/* Closing an identifier destroys its QP, CQs and buffers and the identifier
 * itself (rdma_destroy_ep()); a connected peer sees a disconnect, a pending
 * request a reject. Pending asynchronous calls fail with GVERBS_ERROR_CLOSED.
 * From the identifier's own signal handlers, the destruction waits until the
 * handler returns. */
static gboolean
gverbs_cm_id_release (GVerbsResource  *resource,
                      GError         **error)
{
  GVerbsCMID *self = GVERBS_CM_ID (resource);

  self->closed = TRUE;
  for (guint op = 0; op < CM_N_OPS; op++)
    fail_task (&self->tasks[op], self);
  _gverbs_cm_id_unwatch_completions (self);
  if (self->pd != NULL)
    gverbs_resource_close (GVERBS_RESOURCE (self->pd), NULL);
  if (self->context != NULL)
    gverbs_resource_close (GVERBS_RESOURCE (self->context), NULL);
  if (self->dispatching == 0)
    _gverbs_cm_id_destroy_id (self);
  return TRUE;
}

static void
gverbs_cm_id_finalize (GObject *object)
{
  GVerbsCMID *self = GVERBS_CM_ID (object);

  g_clear_object (&self->pd);
  g_clear_object (&self->user_pd);
  g_clear_object (&self->context);
  g_clear_pointer (&self->groups, g_ptr_array_unref);
  _gverbs_cm_id_finalize_completions (self);
  G_OBJECT_CLASS (gverbs_cm_id_parent_class)->finalize (object);
}

/* The pd property: read, the identifier's QP's PD; written at construction,
 * the caller's PD to create the QP in. */
static void
gverbs_cm_id_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  if (prop_id == PROP_PD)
    g_value_set_object (value, gverbs_cm_id_get_pd (GVERBS_CM_ID (object)));
  else
    _gverbs_properties_get (object, prop_id, value, pspec);
}

static void
gverbs_cm_id_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  GVerbsCMID *self = GVERBS_CM_ID (object);

  switch (prop_id)
    {
    case PROP_PD:
      self->user_pd = g_value_dup_object (value);
      break;
    default:
      _gverbs_properties_set (object, prop_id, value, pspec);
    }
}

static const GVerbsField fields[] = {
  /**
   * GVerbsCMID:device-name:
   *
   * The RDMA device the identifier is bound to, %NULL while it is not.
   */
  [FIELD_DEVICE_NAME] = GVERBS_PROP_GETTER ("device-name", GVERBS_FIELD_STRING, NULL, 0, 0,
                                            G_PARAM_READABLE, gverbs_cm_id_get_device_name),
  /**
   * GVerbsCMID:port-num:
   *
   * The device port the identifier is bound to, 0 while it is not.
   */
  [FIELD_PORT_NUM] = GVERBS_PROP_GETTER ("port-num", GVERBS_FIELD_UINT, NULL, G_MAXUINT8, 0,
                                         G_PARAM_READABLE, gverbs_cm_id_get_port_num),
  /**
   * GVerbsCMID:qp-num:
   *
   * The number of the identifier's QP, 0 when it has none.
   */
  [FIELD_QP_NUM] = GVERBS_PROP_GETTER ("qp-num", GVERBS_FIELD_UINT, NULL, G_MAXUINT32, 0,
                                       G_PARAM_READABLE, gverbs_cm_id_get_qp_num),
  /**
   * GVerbsCMID:local-address:
   *
   * The local IP address as text, %NULL while unbound.
   */
  [FIELD_LOCAL_ADDRESS] = GVERBS_PROP_GETTER ("local-address", GVERBS_FIELD_OWNED_STRING, NULL, 0, 0,
                                              G_PARAM_READABLE, gverbs_cm_id_dup_local_address),
  /**
   * GVerbsCMID:remote-address:
   *
   * The peer's IP address as text, %NULL while there is none.
   */
  [FIELD_REMOTE_ADDRESS] = GVERBS_PROP_GETTER ("remote-address", GVERBS_FIELD_OWNED_STRING, NULL, 0, 0,
                                               G_PARAM_READABLE, gverbs_cm_id_dup_remote_address),
  /**
   * GVerbsCMID:local-port:
   *
   * The local port, 0 while unbound.
   */
  [FIELD_LOCAL_PORT] = GVERBS_PROP_GETTER ("local-port", GVERBS_FIELD_UINT, NULL, G_MAXUINT16, 0,
                                           G_PARAM_READABLE, gverbs_cm_id_get_local_port),
  /**
   * GVerbsCMID:remote-port:
   *
   * The peer's port, 0 while there is none.
   */
  [FIELD_REMOTE_PORT] = GVERBS_PROP_GETTER ("remote-port", GVERBS_FIELD_UINT, NULL, G_MAXUINT16, 0,
                                            G_PARAM_READABLE, gverbs_cm_id_get_remote_port),
  /**
   * GVerbsCMID:context:
   *
   * The device context rdma_cm opened for the identifier; see
   * gverbs_cm_id_get_context().
   */
  [FIELD_CONTEXT] = GVERBS_PROP_GETTER ("context", GVERBS_FIELD_OBJECT, gverbs_context_get_type, 0, 0,
                                        G_PARAM_READABLE, gverbs_cm_id_get_context),
  /**
   * GVerbsCMID:addr-info:
   *
   * The addresses a synchronous identifier was created from
   * (`rdma_create_ep()`), or %NULL.
   */
  [FIELD_ADDR_INFO] = GVERBS_PROP_INPUT (GVerbsCMID, addr_info, "addr-info",
                                         gverbs_addr_info_get_type),
  /**
   * GVerbsCMID:event-channel:
   *
   * The event channel of an event-driven identifier, or %NULL.
   */
  [FIELD_EVENT_CHANNEL] = GVERBS_PROP_INPUT (GVerbsCMID, channel, "event-channel",
                                             gverbs_event_channel_get_type),
  /**
   * GVerbsCMID:port-space:
   *
   * The port space (taken from #GVerbsCMID:addr-info when there is one).
   */
  [FIELD_PORT_SPACE] = GVERBS_PROP_ENUM (GVerbsCMID, port_space, "port-space",
                                         gverbs_port_space_get_type, GVERBS_RDMA_PS_TCP,
                                         GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsCMID:qp-init-attr:
   *
   * For gverbs_cm_id_new(): the QP to create (for a passive identifier, the
   * QP each accepted connection gets), or %NULL for none.
   */
  [FIELD_QP_INIT_ATTR] = GVERBS_PROP_BOXED (GVerbsCMID, qp_init_attr, "qp-init-attr",
                                            gverbs_cm_qp_init_attr_get_type,
                                            GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsCMID:ud-param:
   *
   * For a %GVERBS_RDMA_PS_UDP identifier, where its datagrams go: the
   * remote QP, Q_Key and address vector of the last
   * `RDMA_CM_EVENT_ESTABLISHED` (the peer that accepted the "connection")
   * or `RDMA_CM_EVENT_MULTICAST_JOIN` (the group joined; it is set before
   * #GVerbsCMID::multicast-join is emitted). %NULL before either.
   */
  [FIELD_UD_PARAM] = GVERBS_PROP_OBJECT (GVerbsCMID, ud_param, "ud-param",
                                         gverbs_ud_param_get_type, G_PARAM_READABLE),
};

/* A run-last signal of the class with no class handler. */
static guint
new_signal (GVerbsCMIDClass *klass,
            const char      *name,
            guint            n_params,
            ...)
{
  va_list params;
  guint id;

  va_start (params, n_params);
  id = g_signal_new_valist (name, G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, NULL, NULL, NULL,
                            NULL, G_TYPE_NONE, n_params, params);
  va_end (params);
  return id;
}

static void
gverbs_cm_id_class_init (GVerbsCMIDClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GVerbsResourceClass *resource_class =
    _gverbs_resource_class_set_lifecycle (klass, gverbs_cm_id_open,
                                          gverbs_cm_id_release, GVERBS_RANK_QP);

  object_class->finalize = gverbs_cm_id_finalize;
  object_class->get_property = gverbs_cm_id_get_property;
  object_class->set_property = gverbs_cm_id_set_property;

  /**
   * GVerbsCMID:pd:
   *
   * The protection domain of the identifier's QP; see gverbs_cm_id_get_pd().
   * Set at construction (gverbs_cm_id_new_with_pd()), the caller's PD the
   * QP is created in, instead of the one librdmacm allocates.
   */
  g_object_class_install_property (object_class, PROP_PD,
                                   g_param_spec_object ("pd", NULL, NULL, GVERBS_TYPE_PD,
                                                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                                                        G_PARAM_STATIC_STRINGS));
  _gverbs_resource_class_install_properties (resource_class, N_PROPS, fields,
                                             G_N_ELEMENTS (fields), field_pspecs, 0);

  /**
   * GVerbsCMID::event:
   * @self: the identifier
   * @type: the event type
   * @status: the event's status (0, a negative errno, or a reject reason)
   *
   * Emitted for every rdma_cm event of the identifier, before the signal
   * specific to the event.
   */
  signals[SIGNAL_EVENT] = new_signal (klass, "event", 2, GVERBS_TYPE_CM_EVENT_TYPE, G_TYPE_INT);
  /**
   * GVerbsCMID::connect-request:
   * @self: the listening identifier
   * @new_id: the identifier of the request; keep a reference to accept it
   * @private_data: the private data the peer sent
   *
   * A peer asks to connect (`RDMA_CM_EVENT_CONNECT_REQUEST`). Create a QP on
   * @new_id with gverbs_cm_id_create_qp() and accept it, or reject it.
   */
  signals[SIGNAL_CONNECT_REQUEST] =
    new_signal (klass, "connect-request", 2, GVERBS_TYPE_CM_ID, G_TYPE_BYTES);
  /**
   * GVerbsCMID::established:
   * @self: the identifier
   *
   * The connection is established.
   */
  signals[SIGNAL_ESTABLISHED] = new_signal (klass, "established", 0);
  /**
   * GVerbsCMID::disconnected:
   * @self: the identifier
   *
   * The connection was disconnected, by either side. When the peer asked
   * for it, answer with gverbs_cm_id_shutdown() (or close the identifier):
   * rdma_cm sends the reply only then, and the peer's disconnect otherwise
   * ends with a timeout. #GVerbsCMID::timewait-exit follows on both sides.
   */
  signals[SIGNAL_DISCONNECTED] = new_signal (klass, "disconnected", 0);
  /**
   * GVerbsCMID::rejected:
   * @self: the identifier
   * @reason: the reject reason (for InfiniBand/RoCE, the IB CM reason: 28
   *   for a consumer reject, 8 for a port nobody listens on)
   * @private_data: the private data of the reject (InfiniBand pads it to
   *   its fixed size with zeros)
   *
   * The peer rejected the connection.
   */
  signals[SIGNAL_REJECTED] = new_signal (klass, "rejected", 2, G_TYPE_INT, G_TYPE_BYTES);
  /**
   * GVerbsCMID::unreachable:
   * @self: the identifier
   * @status: the status (a negative errno such as -ETIMEDOUT)
   *
   * The peer could not be reached (`RDMA_CM_EVENT_UNREACHABLE` or
   * `RDMA_CM_EVENT_CONNECT_ERROR`).
   */
  signals[SIGNAL_UNREACHABLE] = new_signal (klass, "unreachable", 1, G_TYPE_INT);
  /**
   * GVerbsCMID::addr-error:
   * @self: the identifier
   * @status: the status (a negative errno)
   *
   * Address resolution failed.
   */
  signals[SIGNAL_ADDR_ERROR] = new_signal (klass, "addr-error", 1, G_TYPE_INT);
  /**
   * GVerbsCMID::route-error:
   * @self: the identifier
   * @status: the status (a negative errno)
   *
   * Route resolution failed.
   */
  signals[SIGNAL_ROUTE_ERROR] = new_signal (klass, "route-error", 1, G_TYPE_INT);
  /**
   * GVerbsCMID::device-removal:
   * @self: the identifier
   *
   * The RDMA device of the identifier is going away; close the identifier.
   */
  signals[SIGNAL_DEVICE_REMOVAL] = new_signal (klass, "device-removal", 0);
  /**
   * GVerbsCMID::timewait-exit:
   * @self: the identifier
   *
   * The QP of a disconnected identifier left the time-wait state: the
   * last event of a connection, after #GVerbsCMID::disconnected, once the
   * identifier is still open when the CM's time-wait (a few hundred
   * milliseconds on RoCE) ends. Its QP may then be reused.
   */
  signals[SIGNAL_TIMEWAIT_EXIT] = new_signal (klass, "timewait-exit", 0);
  /**
   * GVerbsCMID::multicast-join:
   * @self: the identifier
   * @qp_num: the multicast QP number
   * @qkey: the Q_Key of the group
   *
   * A multicast join completed (gverbs_cm_id_join_multicast()).
   */
  signals[SIGNAL_MULTICAST_JOIN] =
    new_signal (klass, "multicast-join", 2, G_TYPE_UINT, G_TYPE_UINT);
  /**
   * GVerbsCMID::send-completion:
   * @self: the identifier
   * @wc: the work completion (valid during the emission)
   *
   * A completion on the send CQ rdma_cm created for the QP, once
   * gverbs_cm_id_watch_completions() was called. Failed completions (flushed
   * when the QP goes to error on a disconnect) are emitted too.
   */
  signals[SIGNAL_SEND_COMPLETION] =
    new_signal (klass, "send-completion", 1, GVERBS_TYPE_WC | G_SIGNAL_TYPE_STATIC_SCOPE);
  /**
   * GVerbsCMID::recv-completion:
   * @self: the identifier
   * @wc: the work completion (valid during the emission)
   *
   * A completion on the receive CQ, once gverbs_cm_id_watch_completions()
   * was called.
   */
  signals[SIGNAL_RECV_COMPLETION] =
    new_signal (klass, "recv-completion", 1, GVERBS_TYPE_WC | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
gverbs_cm_id_init (GVerbsCMID *self)
{
  self->port_space = GVERBS_RDMA_PS_TCP;
}

/**
 * gverbs_cm_id_new:
 * @addr_info: the addresses, from gverbs_addr_info_new()
 * @qp_init_attr: (nullable): the QP to create, or %NULL for none
 * @error: return location for a #GError
 *
 * Creates a synchronous identifier with `rdma_create_ep()`: a listener when
 * @addr_info has %GVERBS_RAI_PASSIVE (each connection it accepts gets a QP
 * made from @qp_init_attr), otherwise a client with its QP, ready for
 * gverbs_cm_id_connect_to_peer(). rdma_cm creates the CQs of the QP.
 *
 * Returns: (transfer full): the identifier, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsCMID *
gverbs_cm_id_new (GVerbsAddrInfo            *addr_info,
                  const GVerbsCMQPInitAttr  *qp_init_attr,
                  GError                   **error)
{
  g_return_val_if_fail (GVERBS_IS_ADDR_INFO (addr_info), NULL);
  return g_initable_new (GVERBS_TYPE_CM_ID, NULL, error, "addr-info", addr_info,
                         "qp-init-attr", qp_init_attr, NULL);
}

/**
 * gverbs_cm_id_new_with_pd:
 * @addr_info: the addresses, from gverbs_addr_info_new()
 * @qp_init_attr: (nullable): the QP to create, or %NULL for none
 * @pd: the protection domain for the QP, open on the device @addr_info
 *   resolves to
 * @error: return location for a #GError
 *
 * As gverbs_cm_id_new(), with the QP created in @pd (`rdma_create_ep()`
 * with a PD) instead of librdmacm's own: memory regions registered on @pd
 * work with the identifier's post calls. Closing @pd closes the identifier
 * first; closing the identifier leaves @pd open.
 *
 * Returns: (transfer full): the identifier, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsCMID *
gverbs_cm_id_new_with_pd (GVerbsAddrInfo            *addr_info,
                          const GVerbsCMQPInitAttr  *qp_init_attr,
                          GVerbsPD                  *pd,
                          GError                   **error)
{
  g_return_val_if_fail (GVERBS_IS_ADDR_INFO (addr_info), NULL);
  g_return_val_if_fail (GVERBS_IS_PD (pd), NULL);
  return g_initable_new (GVERBS_TYPE_CM_ID, NULL, error, "addr-info", addr_info,
                         "qp-init-attr", qp_init_attr, "pd", pd, NULL);
}

/**
 * gverbs_cm_id_get_ud_param:
 * @self: a #GVerbsCMID
 *
 * See #GVerbsCMID:ud-param.
 *
 * Returns: (transfer none) (nullable): the UD parameters, or %NULL
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsUDParam *, gverbs_cm_id_get_ud_param,
                      GVerbsCMID, GVERBS_IS_CM_ID, NULL, self->ud_param)

/**
 * gverbs_cm_id_new_on_channel:
 * @channel: the event channel
 * @port_space: the port space
 * @error: return location for a #GError
 *
 * Creates an event-driven identifier (`rdma_create_id()`) whose events
 * @channel delivers as signals.
 *
 * Returns: (transfer full): the identifier, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsCMID *
gverbs_cm_id_new_on_channel (GVerbsEventChannel  *channel,
                             GVerbsPortSpace      port_space,
                             GError             **error)
{
  g_return_val_if_fail (GVERBS_IS_EVENT_CHANNEL (channel), NULL);
  return g_initable_new (GVERBS_TYPE_CM_ID, NULL, error, "event-channel", channel,
                         "port-space", port_space, NULL);
}

GVerbsCMID *
_gverbs_cm_id_new_incoming (GVerbsCMID          *listener,
                            GVerbsEventChannel  *channel,
                            struct rdma_cm_id   *id)
{
  GVerbsCMID *self = g_object_new (GVERBS_TYPE_CM_ID, "event-channel", channel,
                                   "port-space", listener->port_space, NULL);

  adopt_id (self, id);
  _gverbs_resource_adopt (GVERBS_RESOURCE (self));
  return self;
}

/**
 * gverbs_cm_id_get_event_channel:
 * @self: a #GVerbsCMID
 *
 * Gets the event channel.
 *
 * Returns: (transfer none) (nullable): the event channel, %NULL for a
 *   synchronous identifier
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsEventChannel *, gverbs_cm_id_get_event_channel,
                      GVerbsCMID, GVERBS_IS_CM_ID, NULL, self->channel)

/**
 * gverbs_cm_id_get_port_space:
 * @self: a #GVerbsCMID
 *
 * Gets the port space.
 *
 * Returns: the port space
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsPortSpace, gverbs_cm_id_get_port_space,
                      GVerbsCMID, GVERBS_IS_CM_ID, GVERBS_RDMA_PS_TCP, self->port_space)

/**
 * gverbs_cm_id_get_device_name:
 * @self: a #GVerbsCMID
 *
 * Gets the name of the RDMA device the identifier is bound to.
 *
 * Returns: (nullable): the name of the RDMA device the identifier is bound
 *   to, %NULL while unbound or closed
 *
 * Since: 0.1
 */
const char *
gverbs_cm_id_get_device_name (GVerbsCMID *self)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), NULL);
  if (gverbs_resource_is_closed (GVERBS_RESOURCE (self)) || self->id->verbs == NULL)
    return NULL;
  return ibv_get_device_name (self->id->verbs->device);
}

/**
 * gverbs_cm_id_get_port_num:
 * @self: a #GVerbsCMID
 *
 * Gets the device port the identifier is bound to.
 *
 * Returns: the device port the identifier is bound to, 0 while unbound
 *
 * Since: 0.1
 */
guint
gverbs_cm_id_get_port_num (GVerbsCMID *self)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), 0);
  return gverbs_resource_is_closed (GVERBS_RESOURCE (self)) || self->id->verbs == NULL ? 0 : self->id->port_num;
}

/**
 * gverbs_cm_id_get_qp_num:
 * @self: a #GVerbsCMID
 *
 * Gets the QP number.
 *
 * Returns: the QP number, 0 when there is no QP
 *
 * Since: 0.1
 */
guint32
gverbs_cm_id_get_qp_num (GVerbsCMID *self)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), 0);
  return gverbs_resource_is_closed (GVERBS_RESOURCE (self)) || self->id->qp == NULL ? 0 : self->id->qp->qp_num;
}

/**
 * gverbs_cm_id_has_qp:
 * @self: a #GVerbsCMID
 *
 * Checks whether the identifier has a QP.
 *
 * Returns: whether the identifier has a QP
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_has_qp (GVerbsCMID *self)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);
  return !gverbs_resource_is_closed (GVERBS_RESOURCE (self)) && self->id->qp != NULL;
}

/**
 * gverbs_cm_id_dup_local_address:
 * @self: a #GVerbsCMID
 *
 * Gets the local IP address of the identifier, formatted as text.
 *
 * Returns: (transfer full) (nullable): the local IP address as text
 *
 * Since: 0.1
 */
char *
gverbs_cm_id_dup_local_address (GVerbsCMID *self)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), NULL);
  return gverbs_resource_is_closed (GVERBS_RESOURCE (self)) ? NULL
         : _gverbs_sockaddr_to_string (rdma_get_local_addr (self->id));
}

/**
 * gverbs_cm_id_dup_remote_address:
 * @self: a #GVerbsCMID
 *
 * Gets the IP address of the peer, formatted as text.
 *
 * Returns: (transfer full) (nullable): the peer's IP address as text
 *
 * Since: 0.1
 */
char *
gverbs_cm_id_dup_remote_address (GVerbsCMID *self)
{
  struct sockaddr *sa;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), NULL);
  if (gverbs_resource_is_closed (GVERBS_RESOURCE (self)))
    return NULL;
  sa = rdma_get_peer_addr (self->id);
  if (_gverbs_sockaddr_get_port (sa) == 0 && sa->sa_family == AF_INET &&
      ((struct sockaddr_in *) sa)->sin_addr.s_addr == 0)
    return NULL;
  return _gverbs_sockaddr_to_string (sa);
}

/**
 * gverbs_cm_id_get_local_port:
 * @self: a #GVerbsCMID
 *
 * Gets the local port.
 *
 * Returns: the local port, 0 while unbound
 *
 * Since: 0.1
 */
guint
gverbs_cm_id_get_local_port (GVerbsCMID *self)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), 0);
  return gverbs_resource_is_closed (GVERBS_RESOURCE (self)) ? 0 : ntohs (rdma_get_src_port (self->id));
}

/**
 * gverbs_cm_id_get_remote_port:
 * @self: a #GVerbsCMID
 *
 * Gets the peer's port.
 *
 * Returns: the peer's port, 0 while there is no peer
 *
 * Since: 0.1
 */
guint
gverbs_cm_id_get_remote_port (GVerbsCMID *self)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), 0);
  return gverbs_resource_is_closed (GVERBS_RESOURCE (self)) ? 0 : ntohs (rdma_get_dst_port (self->id));
}

/**
 * gverbs_cm_id_bind_addr:
 * @self: a #GVerbsCMID
 * @addr_info: the address to bind to (its source address)
 * @error: return location for a #GError
 *
 * Binds the identifier to a local address and port (`rdma_bind_addr()`),
 * as a listener must before gverbs_cm_id_listen().
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_bind_addr (GVerbsCMID      *self,
                        GVerbsAddrInfo  *addr_info,
                        GError         **error)
{
  struct rdma_addrinfo *rai;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_ADDR_INFO (addr_info), FALSE);

  if (!check_open (self, error) || !_gverbs_addr_info_check (addr_info, error))
    return FALSE;
  rai = _gverbs_addr_info_get_rai (addr_info);
  errno = 0;
  if (rdma_bind_addr (self->id, rai->ai_src_addr ? rai->ai_src_addr : rai->ai_dst_addr) != 0)
    return _gverbs_cm_id_set_errno_error (self, error, "rdma_bind_addr");
  _gverbs_cm_id_update_description (self);
  return TRUE;
}

/**
 * gverbs_cm_id_listen:
 * @self: a bound #GVerbsCMID
 * @backlog: how many pending requests to queue (0: rdma_cm's default)
 * @error: return location for a #GError
 *
 * Listens for connection requests (`rdma_listen()`).
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_listen (GVerbsCMID  *self,
                     int          backlog,
                     GError     **error)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);

  if (!check_open (self, error))
    return FALSE;
  if (backlog < 0)
    {
      _gverbs_set_error_errno (error, EINVAL, "rdma_listen", _gverbs_resource_describe (self),
                               _("backlog %d is negative"), backlog);
      return FALSE;
    }
  errno = 0;
  if (rdma_listen (self->id, backlog) != 0)
    return _gverbs_cm_id_set_errno_error (self, error, "rdma_listen");
  _gverbs_cm_id_update_description (self);
  return TRUE;
}

/**
 * gverbs_cm_id_get_request:
 * @self: a listening synchronous #GVerbsCMID
 * @error: return location for a #GError
 *
 * Waits for the next connection request (`rdma_get_request()`) and returns
 * its identifier, with its QP if the listener was created with QP
 * attributes. Accept or reject it.
 *
 * Returns: (transfer full): the new identifier, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsCMID *
gverbs_cm_id_get_request (GVerbsCMID  *self,
                          GError     **error)
{
  struct rdma_cm_id *id = NULL;
  GVerbsCMID *new_id;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), NULL);

  if (!check_open (self, error))
    return NULL;
  if (self->channel != NULL)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("rdma_get_request on %s: an identifier on an event channel gets requests "
                     "from its connect-request signal"), _gverbs_resource_describe (self));
      return NULL;
    }
  errno = 0;
  if (rdma_get_request (self->id, &id) != 0)
    {
      _gverbs_cm_id_set_errno_error (self, error, "rdma_get_request");
      return NULL;
    }
  new_id = g_object_new (GVERBS_TYPE_CM_ID, "port-space", self->port_space, NULL);
  adopt_id (new_id, id);
  _gverbs_resource_adopt (GVERBS_RESOURCE (new_id));
  return new_id;
}

/* Sets #GVerbsCMID:ud-param (taking @param) and notifies it. */
void
_gverbs_cm_id_set_ud_param (GVerbsCMID    *self,
                            GVerbsUDParam *param)
{
  g_clear_object (&self->ud_param);
  self->ud_param = param;
  g_object_notify_by_pspec (G_OBJECT (self), field_pspecs[FIELD_UD_PARAM]);
}

void
_gverbs_cm_id_notify_qp_num (GVerbsCMID *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), field_pspecs[FIELD_QP_NUM]);
}

guint
_gverbs_cm_id_signal (GVerbsCMIDSignal signal)
{
  return signals[signal];
}

struct rdma_cm_id *
_gverbs_cm_id_get_id (GVerbsCMID *self)
{
  return self->closed ? NULL : self->id;
}
