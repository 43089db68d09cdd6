/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Connection management on a GVerbsCMID: connection parameters and private
 * data, accept/connect/disconnect/reject, its QP, options and multicast. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <rdma/rdma_cma.h>

#include "gverbs-cm-id.h"
#include "gverbs-cm-id-private.h"
#include "gverbs-addr-info-private.h"
#include "gverbs-pd-private.h"
#include "gverbs-ud-param-private.h"
#include "gverbs-error.h"

void
_gverbs_cm_id_fill_conn_param (struct rdma_conn_param *conn,
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
gboolean
_gverbs_cm_id_check_private_data (GVerbsCMID  *self,
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
                               _("%zu bytes of private data, at most %zu in this message on this device and port space"),
                               g_bytes_get_size (private_data), limit);
      return FALSE;
    }
  return TRUE;
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
  _gverbs_cm_id_set_ud_param (self, _gverbs_ud_param_new (ev->param.ud.qp_num, ev->param.ud.qkey,
                                                          &ev->param.ud.ah_attr));
}

/* The rdma_cm call of an accept or connect (@msg CM_MSG_ACCEPT or CM_MSG_CONNECT). */
static const char *
conn_call (CMMessage msg)
{
  return msg == CM_MSG_ACCEPT ? "rdma_accept" : "rdma_connect";
}

gboolean
_gverbs_cm_id_check_conn (GVerbsCMID  *self,
                          CMMessage    msg,
                          GBytes      *private_data,
                          GError     **error)
{
  const char *call = conn_call (msg);

  return _gverbs_cm_id_check_bound (self, call, error) &&
         _gverbs_cm_id_check_private_data (self, private_data, msg, call, error);
}

gboolean
_gverbs_cm_id_start_conn (GVerbsCMID             *self,
                          CMMessage               msg,
                          const GVerbsConnParam  *param,
                          GBytes                 *private_data)
{
  struct rdma_conn_param conn;

  _gverbs_cm_id_fill_conn_param (&conn, param, private_data);
  errno = 0;
  if (msg == CM_MSG_ACCEPT)
    return rdma_accept (self->id, &conn) == 0;
  return rdma_connect (self->id, &conn) == 0;
}

/* The synchronous accept and connect: the same checks and call. */
static gboolean
accept_or_connect (GVerbsCMID             *self,
                   CMMessage               msg,
                   const GVerbsConnParam  *param,
                   GBytes                 *private_data,
                   GError                **error)
{
  if (!_gverbs_cm_id_check_conn (self, msg, private_data, error))
    return FALSE;
  if (!_gverbs_cm_id_start_conn (self, msg, param, private_data))
    return _gverbs_cm_id_set_errno_error (self, error, conn_call (msg));
  if (msg == CM_MSG_CONNECT && self->channel == NULL)
    take_sync_ud_param (self);
  _gverbs_cm_id_update_description (self);
  return TRUE;
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
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_accept (GVerbsCMID             *self,
                     const GVerbsConnParam  *param,
                     GBytes                 *private_data,
                     GError                **error)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);

  return accept_or_connect (self, CM_MSG_ACCEPT, param, private_data, error);
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
 * gverbs_cm_id_connect_to_peer_async()). An identifier not bound to a
 * device yet (no address and route resolved) gives
 * %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_connect_to_peer (GVerbsCMID             *self,
                              const GVerbsConnParam  *param,
                              GBytes                 *private_data,
                              GError                **error)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);

  return accept_or_connect (self, CM_MSG_CONNECT, param, private_data, error);
}

/* An rdma_cm call that takes the open identifier and nothing else. */
static gboolean
call_on_open_id (GVerbsCMID   *self,
                 int         (*func) (struct rdma_cm_id *id),
                 const char   *call,
                 GError      **error)
{
  if (!_gverbs_resource_check_open (self, error))
    return FALSE;
  errno = 0;
  if (func (self->id) != 0)
    return _gverbs_cm_id_set_errno_error (self, error, call);
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
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_shutdown (GVerbsCMID  *self,
                       GError     **error)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);

  return call_on_open_id (self, rdma_disconnect, "rdma_disconnect", error);
}

/**
 * gverbs_cm_id_establish:
 * @self: the active #GVerbsCMID of a connection whose QP the caller made
 *   (no QP of its own: the connect gave #GVerbsCMID::event with
 *   %GVERBS_RDMA_CM_EVENT_CONNECT_RESPONSE)
 * @error: return location for a #GError
 *
 * Completes the connection of an identifier whose QP the caller created and
 * moved to RTS itself (`rdma_establish()`, pyverbs' `establish()`); the
 * passive side then gets #GVerbsCMID::established.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_establish (GVerbsCMID  *self,
                        GError     **error)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);

  return call_on_open_id (self, rdma_establish, "rdma_establish", error);
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
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_reject (GVerbsCMID  *self,
                     GBytes      *private_data,
                     GError     **error)
{
  const void *data = NULL;
  gsize len = 0;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);

  if (!_gverbs_resource_check_open (self, error) ||
      !_gverbs_cm_id_check_private_data (self, private_data, CM_MSG_REJECT, "rdma_reject", error))
    return FALSE;
  if (private_data != NULL)
    data = g_bytes_get_data (private_data, &len);
  errno = 0;
  if (rdma_reject (self->id, data, (guint8) len) != 0)
    return _gverbs_cm_id_set_errno_error (self, error, "rdma_reject");
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
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_create_qp (GVerbsCMID                *self,
                        const GVerbsCMQPInitAttr  *qp_init_attr,
                        GError                   **error)
{
  struct ibv_qp_init_attr attr;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);
  g_return_val_if_fail (qp_init_attr != NULL, FALSE);

  if (!_gverbs_resource_check_open (self, error))
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
  _gverbs_cm_id_fill_qp_init_attr (&attr, qp_init_attr);
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
  _gverbs_cm_id_notify_qp_num (self);
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
 *
 * Since: 0.1
 */
GVerbsQPState
gverbs_cm_id_query_qp_state (GVerbsCMID  *self,
                             GError     **error)
{
  struct ibv_qp_attr attr;
  struct ibv_qp_init_attr init_attr;
  int rc;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), GVERBS_QPS_UNKNOWN);

  if (!_gverbs_cm_id_check_qp (self, "ibv_query_qp", error))
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
 *
 * Since: 0.1
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

  if (!_gverbs_resource_check_open (self, error))
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
    return _gverbs_cm_id_set_errno_error (self, error, "rdma_set_option");
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

/* Joins or leaves the group of @addr_info: the rdma_cm call and its checks. */
static gboolean
join_or_leave (GVerbsCMID      *self,
               GVerbsAddrInfo  *addr_info,
               gboolean         join,
               GError         **error)
{
  struct sockaddr *addr;
  int rc;

  if (!_gverbs_resource_check_open (self, error) || !_gverbs_addr_info_check (addr_info, error))
    return FALSE;
  addr = multicast_addr (addr_info);
  errno = 0;
  rc = join ? rdma_join_multicast (self->id, addr, NULL) : rdma_leave_multicast (self->id, addr);
  if (rc != 0)
    return _gverbs_cm_id_set_errno_error (self, error,
                                          join ? "rdma_join_multicast" : "rdma_leave_multicast");
  return TRUE;
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
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_join_multicast (GVerbsCMID      *self,
                             GVerbsAddrInfo  *addr_info,
                             GError         **error)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_ADDR_INFO (addr_info), FALSE);

  if (!join_or_leave (self, addr_info, TRUE, error))
    return FALSE;
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
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_leave_multicast (GVerbsCMID      *self,
                              GVerbsAddrInfo  *addr_info,
                              GError         **error)
{
  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_ADDR_INFO (addr_info), FALSE);

  if (!join_or_leave (self, addr_info, FALSE, error))
    return FALSE;
  if (self->groups != NULL)
    {
      g_autoptr(GBytes) key = multicast_key (addr_info);
      guint index;

      if (g_ptr_array_find_with_equal_func (self->groups, key, (GEqualFunc) g_bytes_equal, &index))
        g_ptr_array_remove_index_fast (self->groups, index);
    }
  return TRUE;
}
