/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include <string.h>
#include "cm-test-util.h"

/* rdma_cm datagrams (RDMA_PS_UDP), a caller's PD, and the QP attributes of
 * a connected identifier, over rxe loopback at $GVERBS_VM_ADDR. */

#define N_MESSAGES 8
#define MSG_SIZE 64
#define GRH 40
#define UDP_QKEY 0x01234567

static GVerbsCMQPInitAttr *
qp_attr (GVerbsQPType type)
{
  return cm_test_qp_attr (type, N_MESSAGES);
}

static void
fill (GVerbsMR   *mr,
      gsize       offset,
      const char *who,
      guint       i)
{
  guint8 *buf = (guint8 *) gverbs_mr_get_buffer (mr) + offset;

  for (guint k = 0; k < MSG_SIZE; k++)
    buf[k] = (guint8) (who[0] + i * 7 + k);
}

static void
check (GVerbsMR   *mr,
       gsize       offset,
       const char *who,
       guint       i)
{
  const guint8 *buf = (const guint8 *) gverbs_mr_get_buffer (mr) + offset;

  for (guint k = 0; k < MSG_SIZE; k++)
    g_assert_cmpuint (buf[k], ==, (guint8) (who[0] + i * 7 + k));
}

static void
assert_wc_ok (GVerbsWC *wc)
{
  g_assert_nonnull (wc);
  g_assert_cmpint (wc->status, ==, GVERBS_WC_SUCCESS);
}

/* --- a synchronous server in a thread ------------------------------------- */

typedef struct {
  const char *addr;
  const char *port;
  GVerbsPortSpace ps;
  GVerbsPD *pd;
  gboolean with_imm;
  GMutex lock;
  GCond cond;
  gboolean listening;
  guint32 qpn;
  guint32 imm_seen;
  guint verified;
} Server;

static gpointer
server_thread (gpointer data)
{
  Server *s = data;
  gboolean ud = s->ps == GVERBS_RDMA_PS_UDP;
  gsize off = ud ? GRH : 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAddrInfo) ai = NULL;
  g_autoptr(GVerbsCMID) listener = NULL;
  g_autoptr(GVerbsCMID) conn = NULL;
  g_autoptr(GVerbsMR) rx = NULL;
  g_autoptr(GVerbsMR) tx = NULL;
  g_autoptr(GVerbsCMQPInitAttr) attr = qp_attr (ud ? GVERBS_QPT_UD : GVERBS_QPT_RC);

  ai = gverbs_addr_info_new (s->addr, NULL, s->port, NULL, s->ps, GVERBS_RAI_PASSIVE, &error);
  g_assert_no_error (error);
  listener = s->pd ? gverbs_cm_id_new_with_pd (ai, attr, s->pd, &error)
                   : gverbs_cm_id_new (ai, attr, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_cm_id_listen (listener, 1, &error));
  g_mutex_lock (&s->lock);
  s->listening = TRUE;
  g_cond_signal (&s->cond);
  g_mutex_unlock (&s->lock);

  conn = gverbs_cm_id_get_request (listener, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_cm_id_has_qp (conn));
  if (s->pd != NULL)
    g_assert_true (gverbs_cm_id_get_pd (conn) == s->pd ||
                   gverbs_pd_get_handle (gverbs_cm_id_get_pd (conn)) == gverbs_pd_get_handle (s->pd));
  rx = gverbs_cm_id_reg_msgs (conn, N_MESSAGES * (MSG_SIZE + off), &error);
  g_assert_no_error (error);
  tx = gverbs_cm_id_reg_msgs (conn, MSG_SIZE + off, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < N_MESSAGES; i++)
    g_assert_true (gverbs_cm_id_post_recv (conn, rx, i * (MSG_SIZE + off), MSG_SIZE + off, i, &error));
  s->qpn = gverbs_cm_id_get_qp_num (conn);
  g_assert_true (gverbs_cm_id_accept (conn, NULL, NULL, &error));
  g_assert_no_error (error);

  for (guint i = 0; i < N_MESSAGES; i++)
    {
      g_autoptr(GVerbsWC) wc = gverbs_cm_id_get_recv_comp (conn, &error);
      g_autoptr(GVerbsWC) swc = NULL;

      g_assert_no_error (error);
      assert_wc_ok (wc);
      g_assert_cmpuint (wc->wr_id, ==, i);
      g_assert_cmpuint (wc->byte_len, ==, MSG_SIZE + off);
      check (rx, i * (MSG_SIZE + off) + off, "client", i);
      fill (tx, off, "server", i);
      if (ud)
        {
          g_autoptr(GVerbsAH) ah = gverbs_cm_id_create_ah_from_wc (conn, wc, rx, i * (MSG_SIZE + GRH), &error);

          g_assert_no_error (error);
          if (s->with_imm)
            {
              g_assert_true (wc->wc_flags & GVERBS_WC_WITH_IMM);
              s->imm_seen = GUINT32_FROM_BE (wc->imm_data);
              g_assert_cmpuint (s->imm_seen, ==, wc->src_qp);
            }
          g_assert_true (gverbs_cm_id_post_ud_send (conn, tx, off, MSG_SIZE, ah, wc->src_qp,
                                                    GVERBS_SEND_SIGNALED, 100 + i, &error));
        }
      else
        g_assert_true (gverbs_cm_id_post_send (conn, tx, 0, MSG_SIZE, GVERBS_SEND_SIGNALED, 100 + i,
                                               &error));
      g_assert_no_error (error);
      swc = gverbs_cm_id_get_send_comp (conn, &error);
      g_assert_no_error (error);
      assert_wc_ok (swc);
      g_assert_cmpuint (swc->wr_id, ==, 100 + i);
      s->verified++;
    }
  return NULL;
}

static GThread *
start_server (Server *s)
{
  GThread *t = g_thread_new ("server", server_thread, s);

  g_mutex_lock (&s->lock);
  while (!s->listening)
    g_cond_wait (&s->cond, &s->lock);
  g_mutex_unlock (&s->lock);
  return t;
}

/* Sends N_MESSAGES and checks each reply. */
static void
client_traffic (GVerbsCMID *id,
                gboolean    with_imm)
{
  gboolean ud = gverbs_cm_id_get_port_space (id) == GVERBS_RDMA_PS_UDP;
  gsize off = ud ? GRH : 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsMR) rx = gverbs_cm_id_reg_msgs (id, MSG_SIZE + off, &error);
  g_autoptr(GVerbsMR) tx = gverbs_cm_id_reg_msgs (id, MSG_SIZE, &error);
  g_autoptr(GVerbsAH) ah = NULL;
  GVerbsUDParam *ud_param = gverbs_cm_id_get_ud_param (id);

  g_assert_no_error (error);
  if (ud)
    {
      ah = gverbs_ah_new (gverbs_cm_id_get_pd (id), gverbs_ud_param_get_ah_attr (ud_param), &error);
      g_assert_no_error (error);
    }
  for (guint i = 0; i < N_MESSAGES; i++)
    {
      g_autoptr(GVerbsWC) swc = NULL;
      g_autoptr(GVerbsWC) rwc = NULL;

      g_assert_true (gverbs_cm_id_post_recv (id, rx, 0, MSG_SIZE + off, 200 + i, &error));
      fill (tx, 0, "client", i);
      if (ud && with_imm)
        gverbs_cm_id_post_ud_send_with_imm (id, tx, 0, MSG_SIZE, ah, gverbs_ud_param_get_qp_num (ud_param),
                                            gverbs_ud_param_get_qkey (ud_param), gverbs_cm_id_get_qp_num (id),
                                            GVERBS_SEND_SIGNALED, i, &error);
      else if (ud)
        gverbs_cm_id_post_ud_send (id, tx, 0, MSG_SIZE, ah, gverbs_ud_param_get_qp_num (ud_param),
                                   GVERBS_SEND_SIGNALED, i, &error);
      else
        gverbs_cm_id_post_send (id, tx, 0, MSG_SIZE, GVERBS_SEND_SIGNALED, i, &error);
      g_assert_no_error (error);
      swc = gverbs_cm_id_get_send_comp (id, &error);
      g_assert_no_error (error);
      assert_wc_ok (swc);
      g_assert_cmpuint (swc->wr_id, ==, i);
      rwc = gverbs_cm_id_get_recv_comp (id, &error);
      g_assert_no_error (error);
      assert_wc_ok (rwc);
      g_assert_cmpuint (rwc->wr_id, ==, 200 + i);
      check (rx, off, "server", i);
    }
}

static void
run_sync_ud (gboolean with_imm)
{
  const char *addr = cm_test_addr ();
  const char *port = with_imm ? "7491" : "7490";
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAddrInfo) ai = NULL;
  g_autoptr(GVerbsCMID) id = NULL;
  g_autoptr(GVerbsCMQPInitAttr) attr = qp_attr (GVERBS_QPT_UD);
  g_autoptr(GVerbsUDParam) ud_param = NULL;
  Server s = { 0 };
  GThread *t;

  if (addr == NULL)
    return;
  s.addr = addr, s.port = port, s.ps = GVERBS_RDMA_PS_UDP, s.with_imm = with_imm;
  t = start_server (&s);
  ai = gverbs_addr_info_new (NULL, addr, NULL, port, GVERBS_RDMA_PS_UDP, 0, &error);
  g_assert_no_error (error);
  id = gverbs_cm_id_new (ai, attr, &error);
  g_assert_no_error (error);
  g_assert_null (gverbs_cm_id_get_ud_param (id));
  g_assert_true (gverbs_cm_id_connect_to_peer (id, NULL, NULL, &error));
  g_assert_no_error (error);

  /* rdma_cm's answer names the server's QP and librdmacm's UDP Q_Key */
  g_object_get (id, "ud-param", &ud_param, NULL);
  g_assert_nonnull (ud_param);
  g_assert_cmpuint (gverbs_ud_param_get_qp_num (ud_param), ==, s.qpn);
  g_assert_cmphex (gverbs_ud_param_get_qkey (ud_param), ==, UDP_QKEY);
  g_assert_true (gverbs_ah_attr_get_is_global (gverbs_ud_param_get_ah_attr (ud_param)));
  client_traffic (id, with_imm);
  g_thread_join (t);
  g_assert_cmpuint (s.verified, ==, N_MESSAGES);
  if (with_imm)
    g_assert_cmpuint (s.imm_seen, ==, gverbs_cm_id_get_qp_num (id));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (id), &error));
  g_assert_cmpuint (cm_test_count_cm_ids (), ==, 0);
}

static void
test_ud_sync (void)
{
  run_sync_ud (FALSE);
}

static void
test_ud_sync_with_imm (void)
{
  run_sync_ud (TRUE);
}

/* --- bad input on the UD calls --------------------------------------------- */

static void
test_ud_bad_input (void)
{
  const char *addr = cm_test_addr ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAddrInfo) ai = NULL;
  g_autoptr(GVerbsCMID) rc = NULL;
  g_autoptr(GVerbsCMID) ud = NULL;
  g_autoptr(GVerbsCMQPInitAttr) rc_attr = qp_attr (GVERBS_QPT_RC);
  g_autoptr(GVerbsCMQPInitAttr) ud_attr = qp_attr (GVERBS_QPT_UD);
  g_autoptr(GVerbsMR) mr = NULL;
  g_autoptr(GVerbsMR) rc_mr = NULL;
  g_autoptr(GVerbsAH) ah = NULL;
  g_autoptr(GVerbsAH) foreign_ah = NULL;
  g_autoptr(GVerbsAHAttr) ah_attr = NULL;
  g_autoptr(GVerbsGlobalRoute) grh = NULL;
  g_autoptr(GVerbsContext) ctx = NULL;
  g_autoptr(GVerbsPD) other_pd = NULL;
  g_autofree char *dgid = NULL;
  guint sgid_index = 0;
  int found;
  GVerbsWC wc = { 0 };

  if (addr == NULL)
    return;
  ai = gverbs_addr_info_new (NULL, addr, NULL, "7492", GVERBS_RDMA_PS_UDP, 0, &error);
  g_assert_no_error (error);
  ud = gverbs_cm_id_new (ai, ud_attr, &error);
  g_assert_no_error (error);
  mr = gverbs_cm_id_reg_msgs (ud, 128, &error);
  g_assert_no_error (error);
  dgid = g_strdup_printf ("::ffff:%s", addr);
  found = gverbs_context_find_gid_by_address (gverbs_cm_id_get_context (ud), 1, addr, &error);
  g_assert_no_error (error);
  g_assert_cmpint (found, >=, 0);
  sgid_index = (guint) found;
  grh = g_object_new (GVERBS_TYPE_GLOBAL_ROUTE, "dgid", dgid, "sgid-index", sgid_index, "hop-limit", 64, NULL);
  ah_attr = g_object_new (GVERBS_TYPE_AH_ATTR, "is-global", TRUE, "port-num", 1, "grh", grh, NULL);
  ah = gverbs_ah_new (gverbs_cm_id_get_pd (ud), ah_attr, &error);
  g_assert_no_error (error);

  /* beyond the buffer */
  g_assert_false (gverbs_cm_id_post_ud_send (ud, mr, 100, 64, ah, 1, 0, 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  /* an address handle on another PD */
  ctx = gverbs_test_open_context ();
  other_pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  foreign_ah = gverbs_ah_new (other_pd, ah_attr, &error);
  g_assert_no_error (error);
  g_assert_false (gverbs_cm_id_post_ud_send (ud, mr, 0, 64, foreign_ah, 1, 0, 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "protection domain"));
  g_clear_error (&error);
  /* a closed address handle */
  gverbs_resource_close (GVERBS_RESOURCE (foreign_ah), NULL);
  g_assert_false (gverbs_cm_id_post_ud_send_with_imm (ud, mr, 0, 64, foreign_ah, 1, 1, 1, 0, 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  /* a completion that is no receive with a GRH */
  wc.opcode = GVERBS_WC_SEND;
  g_assert_null (gverbs_cm_id_create_ah_from_wc (ud, &wc, mr, 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "ibv_init_ah_from_wc"));
  g_clear_error (&error);
  wc.opcode = GVERBS_WC_RECV;
  wc.wc_flags = GVERBS_WC_GRH;
  g_assert_null (gverbs_cm_id_create_ah_from_wc (ud, &wc, mr, 100, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);

  /* a datagram send on an RC identifier */
  g_clear_object (&ai);
  ai = gverbs_addr_info_new (NULL, addr, NULL, "7493", GVERBS_RDMA_PS_TCP, 0, &error);
  rc = gverbs_cm_id_new (ai, rc_attr, &error);
  g_assert_no_error (error);
  rc_mr = gverbs_cm_id_reg_msgs (rc, 128, &error);
  g_assert_no_error (error);
  if (gverbs_pd_get_handle (gverbs_cm_id_get_pd (rc)) == gverbs_pd_get_handle (gverbs_cm_id_get_pd (ud)))
    {
      g_assert_false (gverbs_cm_id_post_ud_send (rc, rc_mr, 0, 64, ah, 1, 0, 0, &error));
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, "UD"));
      g_clear_error (&error);
    }

  /* closed identifier */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ud), &error));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (ah)));
  g_assert_false (gverbs_cm_id_post_ud_send (ud, mr, 0, 64, ah, 1, 0, 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_null (gverbs_cm_id_query_qp (ud, GVERBS_QP_STATE, NULL, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  gverbs_resource_close (GVERBS_RESOURCE (rc), NULL);
  g_assert_cmpuint (cm_test_count_cm_ids (), ==, 0);
}

/* --- a caller's PD, query_qp and init_qp_attr on a connected RC pair ------ */

static void
test_rc_pd_and_qp_attr (void)
{
  const char *addr = cm_test_addr ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsEventChannel) ch = NULL;
  g_autoptr(GVerbsCMID) probe = NULL;
  g_autoptr(GVerbsAddrInfo) ai = NULL;
  g_autoptr(GVerbsCMID) id = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsCMQPInitAttr) attr = qp_attr (GVERBS_QPT_RC);
  g_autoptr(GVerbsQPAttr) q = NULL;
  g_autoptr(GVerbsQPInitAttr) qi = NULL;
  g_autoptr(GVerbsQPAttr) rtr = NULL;
  g_autoptr(GVerbsQPAttr) rts = NULL;
  g_autoptr(GVerbsQPAttr) init = NULL;
  g_autoptr(GVerbsAHAttr) q_ah = NULL;
  g_autoptr(GVerbsAHAttr) rtr_ah = NULL;
  g_autoptr(GVerbsGlobalRoute) q_grh = NULL;
  g_autoptr(GVerbsGlobalRoute) rtr_grh = NULL;
  g_autofree char *q_dgid = NULL;
  g_autofree char *rtr_dgid = NULL;
  GVerbsQPAttrMask mask = 0;
  GVerbsQPCap cap;
  guint state, dest, mtu, rq_psn, sq_psn, port_mtu;
  guint rtr_dest, rtr_mtu, rtr_rq_psn, rts_sq_psn, init_port;
  Server s = { 0 };
  GThread *t;

  if (addr == NULL)
    return;
  /* the caller's PD must be on the device context rdma_cm uses: find it
   * through an identifier bound to the address */
  ch = gverbs_event_channel_new (&error);
  g_assert_no_error (error);
  probe = gverbs_cm_id_new_on_channel (ch, GVERBS_RDMA_PS_TCP, &error);
  g_assert_no_error (error);
  ai = gverbs_addr_info_new (addr, NULL, NULL, NULL, GVERBS_RDMA_PS_TCP, GVERBS_RAI_PASSIVE, &error);
  g_assert_true (gverbs_cm_id_bind_addr (probe, ai, &error));
  g_assert_no_error (error);
  pd = gverbs_pd_new (gverbs_cm_id_get_context (probe), &error);
  g_assert_no_error (error);
  g_clear_object (&ai);

  s.addr = addr, s.port = "7494", s.ps = GVERBS_RDMA_PS_TCP, s.pd = pd;
  t = start_server (&s);
  ai = gverbs_addr_info_new (NULL, addr, NULL, "7494", GVERBS_RDMA_PS_TCP, 0, &error);
  id = gverbs_cm_id_new_with_pd (ai, attr, pd, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_cm_id_get_pd (id) == pd);

  /* before the connection: INIT attributes for the port rdma_cm bound */
  init = gverbs_cm_id_init_qp_attr (id, GVERBS_QPS_INIT, &mask, &error);
  g_assert_no_error (error);
  g_assert_true (mask & GVERBS_QP_STATE);
  g_assert_true (mask & GVERBS_QP_PORT);
  g_object_get (init, "port-num", &init_port, NULL);
  g_assert_cmpuint (init_port, ==, gverbs_cm_id_get_port_num (id));

  g_assert_true (gverbs_cm_id_connect_to_peer (id, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_null (gverbs_cm_id_get_ud_param (id));

  q = gverbs_cm_id_query_qp (id, GVERBS_QP_STATE | GVERBS_QP_DEST_QPN | GVERBS_QP_PATH_MTU |
                             GVERBS_QP_RQ_PSN | GVERBS_QP_SQ_PSN | GVERBS_QP_AV | GVERBS_QP_CAP,
                             &qi, &error);
  g_assert_no_error (error);
  g_object_get (q, "qp-state", &state, "dest-qp-num", &dest, "path-mtu", &mtu,
                "rq-psn", &rq_psn, "sq-psn", &sq_psn, "ah-attr", &q_ah, NULL);
  g_assert_cmpuint (state, ==, GVERBS_QPS_RTS);
  g_assert_cmpuint (dest, ==, s.qpn);
  g_assert_cmpint (gverbs_qp_init_attr_get_qp_type (qi), ==, GVERBS_QPT_RC);
  gverbs_qp_attr_get_cap (q, &cap);
  g_assert_cmpuint (cap.max_send_wr, >=, N_MESSAGES);
  g_assert_cmpuint (cap.max_recv_wr, >=, N_MESSAGES);
  {
    g_autoptr(GVerbsPortAttr) port = gverbs_context_query_port (gverbs_cm_id_get_context (id),
                                                                gverbs_cm_id_get_port_num (id), &error);
    g_assert_no_error (error);
    g_object_get (port, "active-mtu", &port_mtu, NULL);
    g_assert_cmpuint (mtu, <=, port_mtu);
  }
  g_object_get (q_ah, "grh", &q_grh, NULL);
  q_dgid = gverbs_global_route_dup_dgid (q_grh);
  /* loopback: the peer's GID is the IPv4-mapped address */
  {
    g_autofree char *expected = cm_test_mapped_gid (addr);

    g_assert_cmpstr (q_dgid, ==, expected);
  }

  /* rdma_cm's RTR/RTS attributes are the ones the QP got */
  rtr = gverbs_cm_id_init_qp_attr (id, GVERBS_QPS_RTR, &mask, &error);
  g_assert_no_error (error);
  g_assert_true (mask & GVERBS_QP_DEST_QPN);
  g_assert_true (mask & GVERBS_QP_AV);
  g_assert_true (mask & GVERBS_QP_RQ_PSN);
  g_object_get (rtr, "dest-qp-num", &rtr_dest, "path-mtu", &rtr_mtu, "rq-psn", &rtr_rq_psn,
                "ah-attr", &rtr_ah, NULL);
  g_assert_cmpuint (rtr_dest, ==, s.qpn);
  g_assert_cmpuint (rtr_mtu, ==, mtu);
  g_assert_cmpuint (rtr_rq_psn, ==, rq_psn);
  g_object_get (rtr_ah, "grh", &rtr_grh, NULL);
  rtr_dgid = gverbs_global_route_dup_dgid (rtr_grh);
  g_assert_cmpstr (rtr_dgid, ==, q_dgid);
  rts = gverbs_cm_id_init_qp_attr (id, GVERBS_QPS_RTS, &mask, &error);
  g_assert_no_error (error);
  g_assert_true (mask & GVERBS_QP_SQ_PSN);
  g_object_get (rts, "sq-psn", &rts_sq_psn, NULL);
  g_assert_cmpuint (rts_sq_psn, ==, sq_psn);
  /* a state without attributes */
  g_assert_null (gverbs_cm_id_init_qp_attr (id, GVERBS_QPS_SQD, &mask, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "rdma_init_qp_attr"));
  g_clear_error (&error);

  /* traffic through MRs of the caller's PD */
  client_traffic (id, FALSE);
  g_thread_join (t);
  g_assert_cmpuint (s.verified, ==, N_MESSAGES);

  /* closing the PD closes the identifier first */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (pd), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (id)));
  /* the PD lived on the context the probe borrowed from rdma_cm */
  gverbs_resource_close (GVERBS_RESOURCE (probe), NULL);
  g_assert_cmpuint (cm_test_count_cm_ids (), ==, 0);
}

/* --- datagrams on the main loop, and multicast ----------------------------- */

typedef struct {
  GMainLoop *loop;
  guint pending;
} Wait;

static void
on_join (GVerbsCMID *id,
         guint       qp_num,
         guint       qkey,
         Wait       *w)
{
  GVerbsUDParam *p = gverbs_cm_id_get_ud_param (id);

  /* the property is set before the signal */
  g_assert_nonnull (p);
  g_assert_cmpuint (gverbs_ud_param_get_qp_num (p), ==, qp_num);
  g_assert_cmpuint (gverbs_ud_param_get_qkey (p), ==, qkey);
  if (--w->pending == 0)
    g_main_loop_quit (w->loop);
}

static void
test_multicast_traffic (void)
{
  const char *addr = cm_test_addr ();
  const char *group_addr = "239.255.7.9";
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsEventChannel) ch = NULL;
  g_autoptr(GVerbsCMID) sender = NULL;
  g_autoptr(GVerbsCMID) receiver = NULL;
  g_autoptr(GVerbsAddrInfo) route = NULL;
  g_autoptr(GVerbsAddrInfo) group = NULL;
  g_autoptr(GVerbsMR) rx = NULL;
  g_autoptr(GVerbsMR) tx = NULL;
  g_autoptr(GVerbsAH) ah = NULL;
  g_autofree char *dgid = NULL;
  g_autoptr(GVerbsGlobalRoute) grh = NULL;
  GVerbsUDParam *p;
  Wait w = { 0 };
  guint timeout;

  if (addr == NULL)
    return;
  w.loop = g_main_loop_new (NULL, FALSE);
  timeout = cm_test_add_timeout (60);
  ch = gverbs_event_channel_new (&error);
  sender = gverbs_cm_id_new_on_channel (ch, GVERBS_RDMA_PS_UDP, &error);
  receiver = gverbs_cm_id_new_on_channel (ch, GVERBS_RDMA_PS_UDP, &error);
  g_assert_no_error (error);
  route = gverbs_addr_info_new (addr, group_addr, NULL, NULL, GVERBS_RDMA_PS_UDP, 0, &error);
  group = gverbs_addr_info_new (NULL, group_addr, NULL, NULL, GVERBS_RDMA_PS_UDP, 0, &error);
  g_assert_no_error (error);
  cm_test_resolve_addr (route, sender, receiver, NULL);
  cm_test_create_qp (sender, GVERBS_QPT_UD, N_MESSAGES);
  cm_test_create_qp (receiver, GVERBS_QPT_UD, N_MESSAGES);
  rx = gverbs_cm_id_reg_msgs (receiver, N_MESSAGES * (MSG_SIZE + GRH), &error);
  tx = gverbs_cm_id_reg_msgs (sender, MSG_SIZE, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < N_MESSAGES; i++)
    g_assert_true (gverbs_cm_id_post_recv (receiver, rx, i * (MSG_SIZE + GRH), MSG_SIZE + GRH, i, &error));

  g_signal_connect (sender, "multicast-join", G_CALLBACK (on_join), &w);
  g_signal_connect (receiver, "multicast-join", G_CALLBACK (on_join), &w);
  w.pending = 2;
  g_assert_true (gverbs_cm_id_join_multicast (sender, group, &error));
  g_assert_true (gverbs_cm_id_join_multicast (receiver, group, &error));
  g_assert_no_error (error);
  g_main_loop_run (w.loop);

  p = gverbs_cm_id_get_ud_param (sender);
  g_assert_cmphex (gverbs_ud_param_get_qp_num (p), ==, 0xffffff);
  g_assert_cmphex (gverbs_ud_param_get_qkey (p), ==, UDP_QKEY);
  /* the group's GID is the IPv4-mapped group address */
  g_object_get (gverbs_ud_param_get_ah_attr (p), "grh", &grh, NULL);
  dgid = gverbs_global_route_dup_dgid (grh);
  {
    g_autofree char *expected = cm_test_mapped_gid (group_addr);

    g_assert_cmpstr (dgid, ==, expected);
  }
  ah = gverbs_ah_new (gverbs_cm_id_get_pd (sender), gverbs_ud_param_get_ah_attr (p), &error);
  g_assert_no_error (error);

  for (guint i = 0; i < N_MESSAGES; i++)
    {
      g_autoptr(GVerbsWC) swc = NULL;
      g_autoptr(GVerbsWC) rwc = NULL;

      fill (tx, 0, "mcast", i);
      g_assert_true (gverbs_cm_id_post_ud_send (sender, tx, 0, MSG_SIZE, ah, gverbs_ud_param_get_qp_num (p),
                                                GVERBS_SEND_SIGNALED, i, &error));
      g_assert_no_error (error);
      swc = gverbs_cm_id_get_send_comp (sender, &error);
      g_assert_no_error (error);
      assert_wc_ok (swc);
      rwc = gverbs_cm_id_get_recv_comp (receiver, &error);
      g_assert_no_error (error);
      assert_wc_ok (rwc);
      g_assert_cmpuint (rwc->wr_id, ==, i);
      g_assert_cmpuint (rwc->src_qp, ==, gverbs_cm_id_get_qp_num (sender));
      check (rx, i * (MSG_SIZE + GRH) + GRH, "mcast", i);
    }

  g_assert_true (gverbs_cm_id_leave_multicast (receiver, group, &error));
  g_assert_true (gverbs_cm_id_leave_multicast (sender, group, &error));
  g_assert_no_error (error);
  gverbs_resource_close (GVERBS_RESOURCE (sender), NULL);
  gverbs_resource_close (GVERBS_RESOURCE (receiver), NULL);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (ah)));
  g_assert_cmpuint (cm_test_count_cm_ids (), ==, 0);
  g_source_remove (timeout);
  g_main_loop_unref (w.loop);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cm-ud/sync-pair", test_ud_sync);
  g_test_add_func ("/cm-ud/sync-pair-with-imm", test_ud_sync_with_imm);
  g_test_add_func ("/cm-ud/bad-input", test_ud_bad_input);
  g_test_add_func ("/cm-ud/multicast-traffic", test_multicast_traffic);
  g_test_add_func ("/cm/rc-pd-and-qp-attr", test_rc_pd_and_qp_attr);
  return g_test_run ();
}
