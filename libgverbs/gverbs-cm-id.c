#include "config.h"

#include <errno.h>
#include <string.h>
#include <arpa/inet.h>
#include <fcntl.h>
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
 * gverbs_cm_id_resolve_route_async(), gverbs_cm_id_connect_async() and
 * gverbs_cm_id_accept_async() follow GIO's pattern. Cancelling one of them
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
 */
struct _GVerbsCMID
{
  GVerbsResource parent_instance;

  GVerbsAddrInfo *addr_info;
  GVerbsEventChannel *channel;
  GVerbsPortSpace port_space;
  GVerbsCMQPInitAttr *qp_init_attr;

  struct rdma_cm_id *id;
  gboolean closed;              /* released; rdma_destroy_ep waits for dispatch */
  guint dispatching;
  GVerbsContext *context;       /* borrowed wrappers of id->verbs and id->pd */
  GVerbsPD *pd;
  GVerbsPD *user_pd;            /* the caller's PD for the QP, or NULL */
  GVerbsUDParam *ud_param;
  GSource *comp_sources[3];     /* send channel, recv channel, first drain */
  GPtrArray *groups;            /* GBytes: the sockaddr of each multicast group joined */
  gboolean watching;

  GTask *addr_task;
  GTask *route_task;
  GTask *connect_task;
  GTask *accept_task;
};

G_DEFINE_FINAL_TYPE (GVerbsCMID, gverbs_cm_id, GVERBS_TYPE_RESOURCE)

enum {
  PROP_0,
  PROP_ADDR_INFO,
  PROP_EVENT_CHANNEL,
  PROP_PORT_SPACE,
  PROP_QP_INIT_ATTR,
  PROP_DEVICE_NAME,
  PROP_PORT_NUM,
  PROP_QP_NUM,
  PROP_LOCAL_ADDRESS,
  PROP_REMOTE_ADDRESS,
  PROP_LOCAL_PORT,
  PROP_REMOTE_PORT,
  PROP_CONTEXT,
  PROP_PD,
  PROP_UD_PARAM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_EVENT,
  SIGNAL_CONNECT_REQUEST,
  SIGNAL_ESTABLISHED,
  SIGNAL_DISCONNECTED,
  SIGNAL_REJECTED,
  SIGNAL_UNREACHABLE,
  SIGNAL_ADDR_ERROR,
  SIGNAL_ROUTE_ERROR,
  SIGNAL_DEVICE_REMOVAL,
  SIGNAL_TIMEWAIT_EXIT,
  SIGNAL_MULTICAST_JOIN,
  SIGNAL_SEND_COMPLETION,
  SIGNAL_RECV_COMPLETION,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void unwatch_completions (GVerbsCMID *self);

static void
update_description (GVerbsCMID *self)
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

static gboolean
check_qp (GVerbsCMID  *self,
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

static gboolean
check_channel (GVerbsCMID  *self,
               const char  *call,
               GError     **error)
{
  if (!check_open (self, error))
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

/* rdma_connect() and rdma_accept() dereference the identifier's device
 * (librdmacm reads id->verbs for the connection parameters): refuse an
 * identifier that is not bound to one yet. */
static gboolean
check_bound (GVerbsCMID  *self,
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

static gboolean
set_errno_error (GVerbsCMID  *self,
                 GError     **error,
                 const char  *call)
{
  _gverbs_set_error_errno (error, errno ? errno : EINVAL, call, _gverbs_resource_describe (self), NULL);
  return FALSE;
}

static void
fill_qp_init_attr (struct ibv_qp_init_attr  *attr,
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
  update_description (self);
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
        fill_qp_init_attr (&attr, self->qp_init_attr);
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

static void
destroy_id (GVerbsCMID *self)
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
  fail_task (&self->addr_task, self);
  fail_task (&self->route_task, self);
  fail_task (&self->connect_task, self);
  fail_task (&self->accept_task, self);
  unwatch_completions (self);
  if (self->pd != NULL)
    gverbs_resource_close (GVERBS_RESOURCE (self->pd), NULL);
  if (self->context != NULL)
    gverbs_resource_close (GVERBS_RESOURCE (self->context), NULL);
  if (self->dispatching == 0)
    destroy_id (self);
  return TRUE;
}

static void
gverbs_cm_id_finalize (GObject *object)
{
  GVerbsCMID *self = GVERBS_CM_ID (object);

  g_clear_object (&self->addr_info);
  g_clear_object (&self->channel);
  g_clear_object (&self->pd);
  g_clear_object (&self->user_pd);
  g_clear_object (&self->ud_param);
  g_clear_object (&self->context);
  g_clear_pointer (&self->qp_init_attr, gverbs_cm_qp_init_attr_free);
  g_clear_pointer (&self->groups, g_ptr_array_unref);
  G_OBJECT_CLASS (gverbs_cm_id_parent_class)->finalize (object);
}

static void
gverbs_cm_id_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  GVerbsCMID *self = GVERBS_CM_ID (object);

  switch (prop_id)
    {
    case PROP_ADDR_INFO:
      g_value_set_object (value, self->addr_info);
      break;
    case PROP_EVENT_CHANNEL:
      g_value_set_object (value, self->channel);
      break;
    case PROP_PORT_SPACE:
      g_value_set_enum (value, self->port_space);
      break;
    case PROP_QP_INIT_ATTR:
      g_value_set_boxed (value, self->qp_init_attr);
      break;
    case PROP_DEVICE_NAME:
      g_value_set_string (value, gverbs_cm_id_get_device_name (self));
      break;
    case PROP_PORT_NUM:
      g_value_set_uint (value, gverbs_cm_id_get_port_num (self));
      break;
    case PROP_QP_NUM:
      g_value_set_uint (value, gverbs_cm_id_get_qp_num (self));
      break;
    case PROP_LOCAL_ADDRESS:
      g_value_take_string (value, gverbs_cm_id_dup_local_address (self));
      break;
    case PROP_REMOTE_ADDRESS:
      g_value_take_string (value, gverbs_cm_id_dup_remote_address (self));
      break;
    case PROP_LOCAL_PORT:
      g_value_set_uint (value, gverbs_cm_id_get_local_port (self));
      break;
    case PROP_REMOTE_PORT:
      g_value_set_uint (value, gverbs_cm_id_get_remote_port (self));
      break;
    case PROP_CONTEXT:
      g_value_set_object (value, gverbs_cm_id_get_context (self));
      break;
    case PROP_PD:
      g_value_set_object (value, gverbs_cm_id_get_pd (self));
      break;
    case PROP_UD_PARAM:
      g_value_set_object (value, self->ud_param);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
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
    case PROP_ADDR_INFO:
      self->addr_info = g_value_dup_object (value);
      break;
    case PROP_EVENT_CHANNEL:
      self->channel = g_value_dup_object (value);
      break;
    case PROP_PORT_SPACE:
      self->port_space = g_value_get_enum (value);
      break;
    case PROP_QP_INIT_ATTR:
      self->qp_init_attr = g_value_dup_boxed (value);
      break;
    case PROP_PD:
      self->user_pd = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gverbs_cm_id_class_init (GVerbsCMIDClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags construct = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;
  GParamFlags readable = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  GVerbsResourceClass *resource_class = GVERBS_RESOURCE_CLASS (klass);

  resource_class->open = gverbs_cm_id_open;
  resource_class->release = gverbs_cm_id_release;
  _gverbs_resource_class_set_rank (resource_class, GVERBS_RANK_QP);

  object_class->finalize = gverbs_cm_id_finalize;
  object_class->get_property = gverbs_cm_id_get_property;
  object_class->set_property = gverbs_cm_id_set_property;

  /**
   * GVerbsCMID:addr-info:
   *
   * The addresses a synchronous identifier was created from
   * (`rdma_create_ep()`), or %NULL.
   */
  properties[PROP_ADDR_INFO] =
    g_param_spec_object ("addr-info", NULL, NULL, GVERBS_TYPE_ADDR_INFO, construct);
  /**
   * GVerbsCMID:event-channel:
   *
   * The event channel of an event-driven identifier, or %NULL.
   */
  properties[PROP_EVENT_CHANNEL] =
    g_param_spec_object ("event-channel", NULL, NULL, GVERBS_TYPE_EVENT_CHANNEL, construct);
  /**
   * GVerbsCMID:port-space:
   *
   * The port space (taken from #GVerbsCMID:addr-info when there is one).
   */
  properties[PROP_PORT_SPACE] =
    g_param_spec_enum ("port-space", NULL, NULL, GVERBS_TYPE_PORT_SPACE, GVERBS_RDMA_PS_TCP,
                       construct);
  /**
   * GVerbsCMID:qp-init-attr:
   *
   * For gverbs_cm_id_new(): the QP to create (for a passive identifier, the
   * QP each accepted connection gets), or %NULL for none.
   */
  properties[PROP_QP_INIT_ATTR] =
    g_param_spec_boxed ("qp-init-attr", NULL, NULL, GVERBS_TYPE_CM_QP_INIT_ATTR, construct);
  /**
   * GVerbsCMID:device-name:
   *
   * The RDMA device the identifier is bound to, %NULL while it is not.
   */
  properties[PROP_DEVICE_NAME] = g_param_spec_string ("device-name", NULL, NULL, NULL, readable);
  /**
   * GVerbsCMID:port-num:
   *
   * The device port the identifier is bound to, 0 while it is not.
   */
  properties[PROP_PORT_NUM] = g_param_spec_uint ("port-num", NULL, NULL, 0, G_MAXUINT8, 0, readable);
  /**
   * GVerbsCMID:qp-num:
   *
   * The number of the identifier's QP, 0 when it has none.
   */
  properties[PROP_QP_NUM] = g_param_spec_uint ("qp-num", NULL, NULL, 0, G_MAXUINT32, 0, readable);
  /**
   * GVerbsCMID:local-address:
   *
   * The local IP address as text, %NULL while unbound.
   */
  properties[PROP_LOCAL_ADDRESS] = g_param_spec_string ("local-address", NULL, NULL, NULL, readable);
  /**
   * GVerbsCMID:remote-address:
   *
   * The peer's IP address as text, %NULL while there is none.
   */
  properties[PROP_REMOTE_ADDRESS] = g_param_spec_string ("remote-address", NULL, NULL, NULL, readable);
  /**
   * GVerbsCMID:local-port:
   *
   * The local port, 0 while unbound.
   */
  properties[PROP_LOCAL_PORT] = g_param_spec_uint ("local-port", NULL, NULL, 0, G_MAXUINT16, 0, readable);
  /**
   * GVerbsCMID:remote-port:
   *
   * The peer's port, 0 while there is none.
   */
  properties[PROP_REMOTE_PORT] = g_param_spec_uint ("remote-port", NULL, NULL, 0, G_MAXUINT16, 0, readable);
  /**
   * GVerbsCMID:context:
   *
   * The device context rdma_cm opened for the identifier; see
   * gverbs_cm_id_get_context().
   */
  properties[PROP_CONTEXT] = g_param_spec_object ("context", NULL, NULL, GVERBS_TYPE_CONTEXT, readable);
  /**
   * GVerbsCMID:pd:
   *
   * The protection domain of the identifier's QP; see gverbs_cm_id_get_pd().
   * Set at construction (gverbs_cm_id_new_with_pd()), the caller's PD the
   * QP is created in, instead of the one librdmacm allocates.
   */
  properties[PROP_PD] = g_param_spec_object ("pd", NULL, NULL, GVERBS_TYPE_PD,
                                             G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                                             G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsCMID:ud-param:
   *
   * For a %GVERBS_RDMA_PS_UDP identifier, where its datagrams go: the
   * remote QP, Q_Key and address vector of the last
   * `RDMA_CM_EVENT_ESTABLISHED` (the peer that accepted the "connection")
   * or `RDMA_CM_EVENT_MULTICAST_JOIN` (the group joined; it is set before
   * #GVerbsCMID::multicast-join is emitted). %NULL before either.
   */
  properties[PROP_UD_PARAM] = g_param_spec_object ("ud-param", NULL, NULL, GVERBS_TYPE_UD_PARAM,
                                                   readable);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * GVerbsCMID::event:
   * @self: the identifier
   * @type: the event type
   * @status: the event's status (0, a negative errno, or a reject reason)
   *
   * Emitted for every rdma_cm event of the identifier, before the signal
   * specific to the event.
   */
  signals[SIGNAL_EVENT] =
    g_signal_new ("event", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, GVERBS_TYPE_CM_EVENT_TYPE, G_TYPE_INT);
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
    g_signal_new ("connect-request", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, GVERBS_TYPE_CM_ID, G_TYPE_BYTES);
  /**
   * GVerbsCMID::established:
   * @self: the identifier
   *
   * The connection is established.
   */
  signals[SIGNAL_ESTABLISHED] =
    g_signal_new ("established", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  /**
   * GVerbsCMID::disconnected:
   * @self: the identifier
   *
   * The connection was disconnected, by either side. When the peer asked
   * for it, answer with gverbs_cm_id_shutdown() (or close the identifier):
   * rdma_cm sends the reply only then, and the peer's disconnect otherwise
   * ends with a timeout. #GVerbsCMID::timewait-exit follows on both sides.
   */
  signals[SIGNAL_DISCONNECTED] =
    g_signal_new ("disconnected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
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
  signals[SIGNAL_REJECTED] =
    g_signal_new ("rejected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_BYTES);
  /**
   * GVerbsCMID::unreachable:
   * @self: the identifier
   * @status: the status (a negative errno such as -ETIMEDOUT)
   *
   * The peer could not be reached (`RDMA_CM_EVENT_UNREACHABLE` or
   * `RDMA_CM_EVENT_CONNECT_ERROR`).
   */
  signals[SIGNAL_UNREACHABLE] =
    g_signal_new ("unreachable", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /**
   * GVerbsCMID::addr-error:
   * @self: the identifier
   * @status: the status (a negative errno)
   *
   * Address resolution failed.
   */
  signals[SIGNAL_ADDR_ERROR] =
    g_signal_new ("addr-error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /**
   * GVerbsCMID::route-error:
   * @self: the identifier
   * @status: the status (a negative errno)
   *
   * Route resolution failed.
   */
  signals[SIGNAL_ROUTE_ERROR] =
    g_signal_new ("route-error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /**
   * GVerbsCMID::device-removal:
   * @self: the identifier
   *
   * The RDMA device of the identifier is going away; close the identifier.
   */
  signals[SIGNAL_DEVICE_REMOVAL] =
    g_signal_new ("device-removal", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  /**
   * GVerbsCMID::timewait-exit:
   * @self: the identifier
   *
   * The QP of a disconnected identifier left the time-wait state: the
   * last event of a connection, after #GVerbsCMID::disconnected, once the
   * identifier is still open when the CM's time-wait (a few hundred
   * milliseconds on RoCE) ends. Its QP may then be reused.
   */
  signals[SIGNAL_TIMEWAIT_EXIT] =
    g_signal_new ("timewait-exit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  /**
   * GVerbsCMID::multicast-join:
   * @self: the identifier
   * @qp_num: the multicast QP number
   * @qkey: the Q_Key of the group
   *
   * A multicast join completed (gverbs_cm_id_join_multicast()).
   */
  signals[SIGNAL_MULTICAST_JOIN] =
    g_signal_new ("multicast-join", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
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
    g_signal_new ("send-completion", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, GVERBS_TYPE_WC | G_SIGNAL_TYPE_STATIC_SCOPE);
  /**
   * GVerbsCMID::recv-completion:
   * @self: the identifier
   * @wc: the work completion (valid during the emission)
   *
   * A completion on the receive CQ, once gverbs_cm_id_watch_completions()
   * was called.
   */
  signals[SIGNAL_RECV_COMPLETION] =
    g_signal_new ("recv-completion", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, GVERBS_TYPE_WC | G_SIGNAL_TYPE_STATIC_SCOPE);
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
 */
GVerbsUDParam *
gverbs_cm_id_get_ud_param (GVerbsCMID *self)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), NULL);
  return self->ud_param;
}

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
 * Returns: (transfer none) (nullable): the event channel, %NULL for a
 *   synchronous identifier
 */
GVerbsEventChannel *
gverbs_cm_id_get_event_channel (GVerbsCMID *self)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), NULL);
  return self->channel;
}

/**
 * gverbs_cm_id_get_port_space:
 * @self: a #GVerbsCMID
 *
 * Returns: the port space
 */
GVerbsPortSpace
gverbs_cm_id_get_port_space (GVerbsCMID *self)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), GVERBS_RDMA_PS_TCP);
  return self->port_space;
}

/**
 * gverbs_cm_id_get_device_name:
 * @self: a #GVerbsCMID
 *
 * Returns: (nullable): the name of the RDMA device the identifier is bound
 *   to, %NULL while unbound or closed
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
 * Returns: the device port the identifier is bound to, 0 while unbound
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
 * Returns: the QP number, 0 when there is no QP
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
 * Returns: whether the identifier has a QP
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
 * Returns: (transfer full) (nullable): the local IP address as text
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
 * Returns: (transfer full) (nullable): the peer's IP address as text
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
 * Returns: the local port, 0 while unbound
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
 * Returns: the peer's port, 0 while there is no peer
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
    return set_errno_error (self, error, "rdma_bind_addr");
  update_description (self);
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
    return set_errno_error (self, error, "rdma_listen");
  update_description (self);
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
      set_errno_error (self, error, "rdma_get_request");
      return NULL;
    }
  new_id = g_object_new (GVERBS_TYPE_CM_ID, "port-space", self->port_space, NULL);
  adopt_id (new_id, id);
  _gverbs_resource_adopt (GVERBS_RESOURCE (new_id));
  return new_id;
}

static void
fill_conn_param (struct rdma_conn_param *conn,
                 const GVerbsConnParam  *param,
                 GBytes                 *private_data)
{
  memset (conn, 0, sizeof *conn);
  if (param != NULL)
    {
      conn->responder_resources = param->responder_resources;
      conn->initiator_depth = param->initiator_depth;
      conn->flow_control = param->flow_control;
      conn->retry_count = param->retry_count;
      conn->rnr_retry_count = param->rnr_retry_count;
      conn->srq = param->srq;
      conn->qp_num = param->qp_num;
    }
  else
    {
      conn->responder_resources = 1;
      conn->initiator_depth = 1;
      conn->retry_count = 5;
      conn->rnr_retry_count = 5;
    }
  if (private_data != NULL)
    {
      gsize len;

      conn->private_data = g_bytes_get_data (private_data, &len);
      conn->private_data_len = (guint8) len;
    }
}

typedef enum {
  CM_MSG_CONNECT,
  CM_MSG_ACCEPT,
  CM_MSG_REJECT,
} CMMessage;

/* How much private data a message can carry. On InfiniBand and RoCE, the
 * IB CM's fields: REQ 92 bytes, REP 196, REJ 148, and for the UD port
 * spaces SIDR REQ 216 and SIDR REP 136 (also a UD reject), less the
 * 36-byte rdma_cm header a REQ carries in every port space but
 * RDMA_PS_IB. Elsewhere (iWARP), what the 8-bit length can say. */
static gsize
private_data_limit (GVerbsCMID *self,
                    CMMessage   msg)
{
  gboolean ud = self->id->ps == RDMA_PS_UDP || self->id->ps == RDMA_PS_IPOIB;
  gsize header = self->id->ps == RDMA_PS_IB ? 0 : 36;

  if (self->id->verbs == NULL || self->id->verbs->device->transport_type != IBV_TRANSPORT_IB)
    return G_MAXUINT8;
  switch (msg)
    {
    case CM_MSG_CONNECT:
      return (ud ? 216 : 92) - header;
    case CM_MSG_ACCEPT:
      return ud ? 136 : 196;
    case CM_MSG_REJECT:
    default:
      return ud ? 136 : 148;
    }
}

/* An open identifier's private data fits its message, or a GError: the
 * kernel would refuse it with a bare EINVAL, and the 8-bit length would
 * truncate anything over 255 bytes. */
static gboolean
check_private_data (GVerbsCMID  *self,
                    GBytes      *private_data,
                    CMMessage    msg,
                    const char  *call,
                    GError     **error)
{
  gsize limit;

  if (private_data == NULL)
    return TRUE;
  limit = private_data_limit (self, msg);
  if (g_bytes_get_size (private_data) > limit)
    {
      _gverbs_set_error_errno (error, EINVAL, call, _gverbs_resource_describe (self),
                               _("%" G_GSIZE_FORMAT " bytes of private data, at most %"
                                 G_GSIZE_FORMAT " in this message on this device and port space"),
                               g_bytes_get_size (private_data), limit);
      return FALSE;
    }
  return TRUE;
}

static void
set_ud_param (GVerbsCMID    *self,
              GVerbsUDParam *param)
{
  g_clear_object (&self->ud_param);
  self->ud_param = param;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UD_PARAM]);
}

/* A synchronous call left rdma_cm's last event in id->event. */
static void
take_sync_ud_param (GVerbsCMID *self)
{
  struct rdma_cm_event *ev = self->id->event;

  if (ev == NULL || ev->status != 0 ||
      (self->id->ps != RDMA_PS_UDP && self->id->ps != RDMA_PS_IPOIB) ||
      (ev->event != RDMA_CM_EVENT_ESTABLISHED && ev->event != RDMA_CM_EVENT_MULTICAST_JOIN))
    return;
  set_ud_param (self, _gverbs_ud_param_new (ev->param.ud.qp_num, ev->param.ud.qkey,
                                            &ev->param.ud.ah_attr));
}

/**
 * gverbs_cm_id_accept:
 * @self: the #GVerbsCMID of a connection request
 * @param: (nullable): connection parameters, %NULL for the defaults
 * @private_data: (nullable): private data for the peer (on InfiniBand and
 *   RoCE at most 196 bytes, 136 in a UD port space; more gives
 *   %GVERBS_ERROR_INVALID_ARGUMENT)
 * @error: return location for a #GError
 *
 * Accepts a connection request (`rdma_accept()`). A synchronous identifier
 * returns once the connection is established; one on an event channel
 * returns at once and emits #GVerbsCMID::established later (see
 * gverbs_cm_id_accept_async()). An identifier not bound to a device (one
 * that did not come from a connection request) gives
 * %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_cm_id_accept (GVerbsCMID             *self,
                     const GVerbsConnParam  *param,
                     GBytes                 *private_data,
                     GError                **error)
{
  struct rdma_conn_param conn;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);

  if (!check_bound (self, "rdma_accept", error) ||
      !check_private_data (self, private_data, CM_MSG_ACCEPT, "rdma_accept", error))
    return FALSE;
  fill_conn_param (&conn, param, private_data);
  errno = 0;
  if (rdma_accept (self->id, &conn) != 0)
    return set_errno_error (self, error, "rdma_accept");
  update_description (self);
  return TRUE;
}

/**
 * gverbs_cm_id_connect_to_peer:
 * @self: a #GVerbsCMID
 * @param: (nullable): connection parameters, %NULL for the defaults
 * @private_data: (nullable): private data for the peer (on InfiniBand and
 *   RoCE at most 56 bytes, 92 in %GVERBS_RDMA_PS_IB, 180 in a UD port
 *   space; more gives %GVERBS_ERROR_INVALID_ARGUMENT)
 * @error: return location for a #GError
 *
 * Connects to the destination (`rdma_connect()`); pyverbs' `connect()`. A
 * synchronous identifier returns once the connection is established (a
 * reject gives %GVERBS_ERROR_CONNECTION_REFUSED); one on an event channel
 * returns at once and reports through its signals (see
 * gverbs_cm_id_connect_async()). An identifier not bound to a device yet
 * (no address and route resolved) gives %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_cm_id_connect_to_peer (GVerbsCMID             *self,
                              const GVerbsConnParam  *param,
                              GBytes                 *private_data,
                              GError                **error)
{
  struct rdma_conn_param conn;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);

  if (!check_bound (self, "rdma_connect", error) ||
      !check_private_data (self, private_data, CM_MSG_CONNECT, "rdma_connect", error))
    return FALSE;
  fill_conn_param (&conn, param, private_data);
  errno = 0;
  if (rdma_connect (self->id, &conn) != 0)
    return set_errno_error (self, error, "rdma_connect");
  if (self->channel == NULL)
    take_sync_ud_param (self);
  update_description (self);
  return TRUE;
}

/**
 * gverbs_cm_id_shutdown:
 * @self: a connected #GVerbsCMID
 * @error: return location for a #GError
 *
 * Disconnects (`rdma_disconnect()`); pyverbs' `disconnect()`. Both sides
 * get #GVerbsCMID::disconnected; the QP goes to the error state and flushes
 * its outstanding work requests.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_cm_id_shutdown (GVerbsCMID  *self,
                       GError     **error)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);

  if (!check_open (self, error))
    return FALSE;
  errno = 0;
  if (rdma_disconnect (self->id) != 0)
    return set_errno_error (self, error, "rdma_disconnect");
  return TRUE;
}

/**
 * gverbs_cm_id_reject:
 * @self: the #GVerbsCMID of a connection request
 * @private_data: (nullable): private data for the peer (on InfiniBand and
 *   RoCE at most 148 bytes, 136 in a UD port space; more gives
 *   %GVERBS_ERROR_INVALID_ARGUMENT)
 * @error: return location for a #GError
 *
 * Rejects a connection request (`rdma_reject()`); the peer gets
 * #GVerbsCMID::rejected with the private data.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_cm_id_reject (GVerbsCMID  *self,
                     GBytes      *private_data,
                     GError     **error)
{
  const void *data = NULL;
  gsize len = 0;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);

  if (!check_open (self, error) || !check_private_data (self, private_data, CM_MSG_REJECT, "rdma_reject", error))
    return FALSE;
  if (private_data != NULL)
    data = g_bytes_get_data (private_data, &len);
  errno = 0;
  if (rdma_reject (self->id, data, (guint8) len) != 0)
    return set_errno_error (self, error, "rdma_reject");
  return TRUE;
}

/**
 * gverbs_cm_id_create_qp:
 * @self: a #GVerbsCMID bound to a device (after address resolution, or a
 *   connection request)
 * @qp_init_attr: the QP's attributes
 * @error: return location for a #GError
 *
 * Creates the identifier's QP (`rdma_create_qp()`) in rdma_cm's protection
 * domain for the device (or the identifier's #GVerbsCMID:pd when it was
 * given one), with CQs rdma_cm creates.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_cm_id_create_qp (GVerbsCMID                *self,
                        const GVerbsCMQPInitAttr  *qp_init_attr,
                        GError                   **error)
{
  struct ibv_qp_init_attr attr;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);
  g_return_val_if_fail (qp_init_attr != NULL, FALSE);

  if (!check_open (self, error))
    return FALSE;
  if (self->id->verbs == NULL)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("rdma_create_qp on %s: the identifier is not bound to a device yet "
                     "(resolve an address first)"), _gverbs_resource_describe (self));
      return FALSE;
    }
  if (self->id->qp != NULL)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_EXISTS,
                   _("rdma_create_qp on %s: the identifier already has QP %u"),
                   _gverbs_resource_describe (self), self->id->qp->qp_num);
      return FALSE;
    }
  if (self->user_pd != NULL && !_gverbs_resource_check_open (self->user_pd, error))
    return FALSE;
  fill_qp_init_attr (&attr, qp_init_attr);
  errno = 0;
  if (rdma_create_qp (self->id, self->user_pd ? _gverbs_pd_get_ibv (self->user_pd) : NULL,
                      &attr) != 0)
    {
      _gverbs_set_error_errno (error, errno ? errno : EINVAL, "rdma_create_qp",
                               _gverbs_resource_describe (self),
                               _("max_send_wr %u, max_recv_wr %u, max_send_sge %u, max_recv_sge %u"),
                               qp_init_attr->max_send_wr, qp_init_attr->max_recv_wr,
                               qp_init_attr->max_send_sge, qp_init_attr->max_recv_sge);
      return FALSE;
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_QP_NUM]);
  return TRUE;
}

/**
 * gverbs_cm_id_query_qp_state:
 * @self: a #GVerbsCMID with a QP
 * @error: return location for a #GError
 *
 * Queries the state of the identifier's QP (`ibv_query_qp()`).
 *
 * Returns: the QP state; %GVERBS_QPS_UNKNOWN on error
 */
GVerbsQPState
gverbs_cm_id_query_qp_state (GVerbsCMID  *self,
                             GError     **error)
{
  struct ibv_qp_attr attr;
  struct ibv_qp_init_attr init_attr;
  int rc;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), GVERBS_QPS_UNKNOWN);

  if (!check_qp (self, "ibv_query_qp", error))
    return GVERBS_QPS_UNKNOWN;
  rc = ibv_query_qp (self->id->qp, &attr, IBV_QP_STATE, &init_attr);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_query_qp", _gverbs_resource_describe (self), NULL);
      return GVERBS_QPS_UNKNOWN;
    }
  return (GVerbsQPState) attr.qp_state;
}

/**
 * gverbs_cm_id_set_option:
 * @self: a #GVerbsCMID
 * @option: the option
 * @value: its value (see #GVerbsCMOption for the ranges)
 * @error: return location for a #GError
 *
 * Sets an option of the identifier (`rdma_set_option()` at level
 * `RDMA_OPTION_ID`). A value out of the option's range gives
 * %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_cm_id_set_option (GVerbsCMID      *self,
                         GVerbsCMOption   option,
                         guint            value,
                         GError         **error)
{
  guint8 byte = (guint8) value;
  int word = (int) value;
  void *optval;
  size_t optlen;
  guint max;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);

  if (!check_open (self, error))
    return FALSE;
  switch (option)
    {
    case GVERBS_RDMA_OPTION_ID_TOS:
      max = G_MAXUINT8, optval = &byte, optlen = sizeof byte;
      break;
    case GVERBS_RDMA_OPTION_ID_ACK_TIMEOUT:
      max = 31, optval = &byte, optlen = sizeof byte;
      break;
    case GVERBS_RDMA_OPTION_ID_REUSEADDR:
    case GVERBS_RDMA_OPTION_ID_AFONLY:
      max = 1, optval = &word, optlen = sizeof word;
      break;
    default:
      _gverbs_set_error_errno (error, EINVAL, "rdma_set_option", _gverbs_resource_describe (self),
                               _("unknown option %d"), (int) option);
      return FALSE;
    }
  if (value > max)
    {
      _gverbs_set_error_errno (error, EINVAL, "rdma_set_option", _gverbs_resource_describe (self),
                               _("value %u of option %d is out of range 0–%u"), value, (int) option, max);
      return FALSE;
    }
  errno = 0;
  if (rdma_set_option (self->id, RDMA_OPTION_ID, option, optval, optlen) != 0)
    return set_errno_error (self, error, "rdma_set_option");
  return TRUE;
}

static struct sockaddr *
multicast_addr (GVerbsAddrInfo *addr_info)
{
  struct rdma_addrinfo *rai = _gverbs_addr_info_get_rai (addr_info);

  return rai->ai_src_addr ? rai->ai_src_addr : rai->ai_dst_addr;
}

static GBytes *
multicast_key (GVerbsAddrInfo *addr_info)
{
  struct rdma_addrinfo *rai = _gverbs_addr_info_get_rai (addr_info);

  return rai->ai_src_addr ? g_bytes_new (rai->ai_src_addr, rai->ai_src_len)
                          : g_bytes_new (rai->ai_dst_addr, rai->ai_dst_len);
}

/**
 * gverbs_cm_id_join_multicast:
 * @self: a #GVerbsCMID with a resolved address
 * @addr_info: the multicast group (its source address, as pyverbs'
 *   `AddrInfo(src=group)`)
 * @error: return location for a #GError
 *
 * Joins a multicast group (`rdma_join_multicast()`); an identifier on an
 * event channel emits #GVerbsCMID::multicast-join when the join completes,
 * a synchronous one returns then. Either way #GVerbsCMID:ud-param then
 * holds the group's QP number, Q_Key and address vector, and a QP the
 * identifier had receives the group's datagrams.
 *
 * Returns: %TRUE if the join was started
 */
gboolean
gverbs_cm_id_join_multicast (GVerbsCMID      *self,
                             GVerbsAddrInfo  *addr_info,
                             GError         **error)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_ADDR_INFO (addr_info), FALSE);

  if (!check_open (self, error) || !_gverbs_addr_info_check (addr_info, error))
    return FALSE;
  errno = 0;
  if (rdma_join_multicast (self->id, multicast_addr (addr_info), NULL) != 0)
    return set_errno_error (self, error, "rdma_join_multicast");
  if (self->groups == NULL)
    self->groups = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_ptr_array_add (self->groups, multicast_key (addr_info));
  if (self->channel == NULL)
    take_sync_ud_param (self);
  return TRUE;
}

/**
 * gverbs_cm_id_leave_multicast:
 * @self: a #GVerbsCMID
 * @addr_info: the multicast group it joined
 * @error: return location for a #GError
 *
 * Leaves a multicast group (`rdma_leave_multicast()`). Closing the
 * identifier leaves the groups it is still in.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_cm_id_leave_multicast (GVerbsCMID      *self,
                              GVerbsAddrInfo  *addr_info,
                              GError         **error)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_ADDR_INFO (addr_info), FALSE);

  if (!check_open (self, error) || !_gverbs_addr_info_check (addr_info, error))
    return FALSE;
  errno = 0;
  if (rdma_leave_multicast (self->id, multicast_addr (addr_info)) != 0)
    return set_errno_error (self, error, "rdma_leave_multicast");
  if (self->groups != NULL)
    {
      g_autoptr(GBytes) key = multicast_key (addr_info);
      guint index;

      if (g_ptr_array_find_with_equal_func (self->groups, key, (GEqualFunc) g_bytes_equal, &index))
        g_ptr_array_remove_index_fast (self->groups, index);
    }
  return TRUE;
}

static GVerbsMR *
reg (GVerbsCMID         *self,
     gsize               size,
     GVerbsAccessFlags   access,
     GError            **error)
{
  GVerbsPD *pd;

  if (!check_open (self, error))
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

  if (!check_qp (self, "rdma_post_recv", error) ||
      !buffer_range (self, buffer, offset, length, &addr, &mr, error))
    return FALSE;
  errno = 0;
  if (rdma_post_recv (self->id, (void *) (guintptr) wr_id, addr, length, mr) != 0)
    return set_errno_error (self, error, "rdma_post_recv");
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

  if (!check_qp (self, "rdma_post_send", error) ||
      !buffer_range (self, buffer, offset, length, &addr, &mr, error))
    return FALSE;
  errno = 0;
  if (rdma_post_send (self->id, (void *) (guintptr) wr_id, addr, length, mr, flags) != 0)
    return set_errno_error (self, error, "rdma_post_send");
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

  if (!check_qp (self, "rdma_post_read", error) ||
      !buffer_range (self, buffer, offset, length, &addr, &mr, error))
    return FALSE;
  errno = 0;
  if (rdma_post_read (self->id, (void *) (guintptr) wr_id, addr, length, mr, flags,
                      remote_addr, rkey) != 0)
    return set_errno_error (self, error, "rdma_post_read");
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

  if (!check_qp (self, "rdma_post_write", error) ||
      !buffer_range (self, buffer, offset, length, &addr, &mr, error))
    return FALSE;
  errno = 0;
  if (rdma_post_write (self->id, (void *) (guintptr) wr_id, addr, length, mr, flags,
                       remote_addr, rkey) != 0)
    return set_errno_error (self, error, "rdma_post_write");
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

  if (!check_qp (self, call, error))
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
      set_errno_error (self, error, call);
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
          g_signal_emit (self, signals[signal_id], 0, &wc);
          open = !self->closed;
        }
    }
  while (n == COMP_BATCH && open);
  self->dispatching--;
  if (self->dispatching == 0 && self->closed)
    destroy_id (self);
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

static void
unwatch_completions (GVerbsCMID *self)
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

  if (!check_qp (self, "gverbs_cm_id_watch_completions", error))
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

/* --- asynchronous calls ---------------------------------------------------- */

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
  if (timeout_ms <= 0)
    {
      g_task_return_new_error (task, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                               _("rdma_resolve_addr: timeout %d ms is not positive"), timeout_ms);
      return;
    }
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
 * Returns: %TRUE if the address was resolved
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
 * Resolves the route to the destination (`rdma_resolve_route()`).
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
  if (timeout_ms <= 0)
    {
      g_task_return_new_error (task, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                               _("rdma_resolve_route: timeout %d ms is not positive"), timeout_ms);
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
 * Returns: %TRUE if the route was resolved
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
 * gverbs_cm_id_connect_async:
 * @self: a #GVerbsCMID with a resolved route (and usually a QP)
 * @param: (nullable): connection parameters, %NULL for the defaults
 * @private_data: (nullable): private data for the peer
 * @cancellable: (nullable): a #GCancellable
 * @callback: (scope async): called when the connection is established or failed
 * @user_data: data for @callback
 *
 * Connects (`rdma_connect()`) and completes once the connection is
 * established. A reject gives %GVERBS_ERROR_CONNECTION_REFUSED, an
 * unreachable peer %GVERBS_ERROR_HOST_UNREACHABLE.
 */
void
gverbs_cm_id_connect_async (GVerbsCMID             *self,
                            const GVerbsConnParam  *param,
                            GBytes                 *private_data,
                            GCancellable           *cancellable,
                            GAsyncReadyCallback     callback,
                            gpointer                user_data)
{
  g_autoptr(GTask) task = NULL;
  struct rdma_conn_param conn;
  GError *error = NULL;

  g_return_if_fail (GVERBS_IS_CM_ID (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, gverbs_cm_id_connect_async);
  if (!check_bound (self, "rdma_connect", &error) ||
      !check_private_data (self, private_data, CM_MSG_CONNECT, "rdma_connect", &error))
    {
      g_task_return_error (task, error);
      return;
    }
  if (!begin_task (self, task, &self->connect_task, "rdma_connect"))
    return;
  fill_conn_param (&conn, param, private_data);
  errno = 0;
  if (rdma_connect (self->id, &conn) != 0)
    abort_task (self, &self->connect_task, "rdma_connect");
}

/**
 * gverbs_cm_id_connect_finish:
 * @self: a #GVerbsCMID
 * @result: the #GAsyncResult
 * @error: return location for a #GError
 *
 * Returns: %TRUE if the connection is established
 */
gboolean
gverbs_cm_id_connect_finish (GVerbsCMID    *self,
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
  struct rdma_conn_param conn;
  GError *error = NULL;

  g_return_if_fail (GVERBS_IS_CM_ID (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, gverbs_cm_id_accept_async);
  if (!check_bound (self, "rdma_accept", &error) ||
      !check_private_data (self, private_data, CM_MSG_ACCEPT, "rdma_accept", &error))
    {
      g_task_return_error (task, error);
      return;
    }
  if (!begin_task (self, task, &self->accept_task, "rdma_accept"))
    return;
  fill_conn_param (&conn, param, private_data);
  errno = 0;
  if (rdma_accept (self->id, &conn) != 0)
    abort_task (self, &self->accept_task, "rdma_accept");
}

/**
 * gverbs_cm_id_accept_finish:
 * @self: a #GVerbsCMID
 * @result: the #GAsyncResult
 * @error: return location for a #GError
 *
 * Returns: %TRUE if the connection is established
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
    set_ud_param (self, _gverbs_ud_param_new (event->ud_qp_num, event->ud_qkey,
                                              &event->ud_ah_attr));
  g_signal_emit (self, signals[SIGNAL_EVENT], 0, event->type, event->status);

  /* a handler of ::event that closed the identifier ends its signals */
  if (self->closed)
    goto complete;
  switch (event->type)
    {
    case GVERBS_RDMA_CM_EVENT_ADDR_RESOLVED:
      update_description (self);
      break;
    case GVERBS_RDMA_CM_EVENT_ADDR_ERROR:
      g_signal_emit (self, signals[SIGNAL_ADDR_ERROR], 0, event->status);
      break;
    case GVERBS_RDMA_CM_EVENT_ROUTE_ERROR:
      g_signal_emit (self, signals[SIGNAL_ROUTE_ERROR], 0, event->status);
      break;
    case GVERBS_RDMA_CM_EVENT_CONNECT_REQUEST:
      if (event->new_id != NULL)
        g_signal_emit (self, signals[SIGNAL_CONNECT_REQUEST], 0, event->new_id, event->private_data);
      break;
    case GVERBS_RDMA_CM_EVENT_ESTABLISHED:
      update_description (self);
      g_signal_emit (self, signals[SIGNAL_ESTABLISHED], 0);
      break;
    case GVERBS_RDMA_CM_EVENT_REJECTED:
      g_signal_emit (self, signals[SIGNAL_REJECTED], 0, event->status, event->private_data);
      break;
    case GVERBS_RDMA_CM_EVENT_UNREACHABLE:
    case GVERBS_RDMA_CM_EVENT_CONNECT_ERROR:
      g_signal_emit (self, signals[SIGNAL_UNREACHABLE], 0, event->status);
      break;
    case GVERBS_RDMA_CM_EVENT_DISCONNECTED:
      g_signal_emit (self, signals[SIGNAL_DISCONNECTED], 0);
      break;
    case GVERBS_RDMA_CM_EVENT_DEVICE_REMOVAL:
      g_signal_emit (self, signals[SIGNAL_DEVICE_REMOVAL], 0);
      break;
    case GVERBS_RDMA_CM_EVENT_TIMEWAIT_EXIT:
      g_signal_emit (self, signals[SIGNAL_TIMEWAIT_EXIT], 0);
      break;
    case GVERBS_RDMA_CM_EVENT_MULTICAST_JOIN:
      g_signal_emit (self, signals[SIGNAL_MULTICAST_JOIN], 0, event->ud_qp_num, event->ud_qkey);
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
    destroy_id (self);
}

struct rdma_cm_id *
_gverbs_cm_id_get_id (GVerbsCMID *self)
{
  return self->closed ? NULL : self->id;
}

gboolean
_gverbs_cm_id_check_qp (GVerbsCMID  *self,
                        const char  *call,
                        GError     **error)
{
  return check_qp (self, call, error);
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
  return buffer_range (self, buffer, offset, length, addr, mr, error);
}
