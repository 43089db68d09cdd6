/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* gverbs_ah_new_from_wc(): answer a UD message with an address handle made
 * from its completion and GRH (ibv_create_ah_from_wc), over rxe loopback. */
#include "qp-pair.h"

#define GRH 40

static void
send_ud (GVerbsQP *qp,
         GVerbsAH *ah,
         guint32   remote_qpn,
         GVerbsMR *mr,
         guint     offset,
         guint     length,
         guint64   wr_id)
{
  GError *error = NULL;
  GVerbsSendWR wr = { .wr_id = wr_id, .opcode = GVERBS_WR_SEND, .send_flags = GVERBS_SEND_SIGNALED,
                      .num_sge = 1, .sg_list = { mr_sge (mr, offset, length) } };

  gverbs_send_wr_set_wr_ud (&wr, ah, remote_qpn, PAIR_QKEY);
  g_assert_true (gverbs_qp_post_send (qp, &wr, 1, &error));
  g_assert_no_error (error);
}

static void
post_recv (GVerbsQP *qp,
           GVerbsMR *mr,
           guint     offset,
           guint64   wr_id)
{
  GError *error = NULL;
  GVerbsRecvWR wr = { .wr_id = wr_id, .num_sge = 1, .sg_list = { mr_sge (mr, offset, GRH + 256) } };

  g_assert_true (gverbs_qp_post_recv (qp, &wr, 1, &error));
  g_assert_no_error (error);
}

static void
test_reply (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_UD, 0, 7, GVERBS_ACCESS_LOCAL_WRITE };
  GError *error = NULL;
  GVerbsWC wc, rwc;
  g_autoptr(GBytes) grh = NULL;
  g_autoptr(GVerbsAH) reply = NULL;
  g_autoptr(GVerbsGlobalRoute) gr = NULL;
  g_autofree char *dgid = NULL;
  gboolean is_global = FALSE;
  guint port = 0, sgid_index = 99;
  static const char ping[] = "ping from qp 0", pong[] = "pong, addressed from the wc";

  if (!qp_pair_init (&p, &o))
    return;
  post_recv (p.qp[1], p.mr[1], 0, 1);
  post_recv (p.qp[0], p.mr[0], 1024, 2);
  g_assert_true (gverbs_mr_write (p.mr[0], (const guint8 *) ping, sizeof ping, 0, &error));
  send_ud (p.qp[0], p.ah[0], gverbs_qp_get_qp_num (p.qp[1]), p.mr[0], 0, sizeof ping, 10);
  poll_n (p.cq[0], &wc, 1);
  poll_n (p.cq[1], &wc, 1);
  g_assert_cmpint (wc.status, ==, GVERBS_WC_SUCCESS);
  g_assert_true (wc.wc_flags & GVERBS_WC_GRH);
  g_assert_cmpuint (wc.src_qp, ==, gverbs_qp_get_qp_num (p.qp[0]));

  /* the address back to the sender, from the completion and the GRH */
  grh = gverbs_mr_read (p.mr[1], GRH, 0, &error);
  g_assert_no_error (error);
  reply = gverbs_ah_new_from_wc (p.pd, &wc, g_bytes_get_data (grh, NULL), GRH, 1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (reply);
  g_object_get (gverbs_ah_get_attr (reply), "is-global", &is_global, "port-num", &port, "grh", &gr, NULL);
  g_assert_true (is_global);
  g_assert_cmpuint (port, ==, 1);
  g_object_get (gr, "sgid-index", &sgid_index, NULL);
  dgid = gverbs_global_route_dup_dgid (gr);
  g_assert_cmpstr (dgid, ==, p.gid);          /* loopback: the sender's GID is ours */
  g_assert_cmpuint (sgid_index, ==, p.gid_index);

  g_assert_true (gverbs_mr_write (p.mr[1], (const guint8 *) pong, sizeof pong, 2048, &error));
  send_ud (p.qp[1], reply, wc.src_qp, p.mr[1], 2048, sizeof pong, 11);
  poll_n (p.cq[1], &rwc, 1);
  g_assert_cmpint (rwc.status, ==, GVERBS_WC_SUCCESS);
  poll_n (p.cq[0], &rwc, 1);
  g_assert_cmpint (rwc.status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpuint (rwc.wr_id, ==, 2);
  g_assert_cmpuint (rwc.src_qp, ==, gverbs_qp_get_qp_num (p.qp[1]));
  g_assert_cmpuint (rwc.byte_len, ==, GRH + sizeof pong);
  {
    g_autoptr(GBytes) got = gverbs_mr_read (p.mr[0], sizeof pong, 1024 + GRH, &error);

    g_assert_cmpmem (g_bytes_get_data (got, NULL), sizeof pong, pong, sizeof pong);
  }

  /* bad input: a short GRH, port 0, a completion without a GRH (RoCE needs one), a closed PD */
  {
    GVerbsWC nogrh = wc;
    g_autoptr(GVerbsAH) bad = gverbs_ah_new_from_wc (p.pd, &wc, g_bytes_get_data (grh, NULL), 10, 1, &error);

    g_assert_null (bad);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
    g_clear_error (&error);
    bad = gverbs_ah_new_from_wc (p.pd, &wc, g_bytes_get_data (grh, NULL), GRH, 0, &error);
    g_assert_null (bad);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
    g_clear_error (&error);
    nogrh.wc_flags &= ~GVERBS_WC_GRH;
    bad = gverbs_ah_new_from_wc (p.pd, &nogrh, g_bytes_get_data (grh, NULL), GRH, 1, &error);
    g_assert_null (bad);
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "ibv_create_ah"));  /* RoCE needs the GRH */
    g_clear_error (&error);
  }
  g_clear_object (&reply);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.pd), &error));
  {
    g_autoptr(GVerbsAH) bad = gverbs_ah_new_from_wc (p.pd, &wc, g_bytes_get_data (grh, NULL), GRH, 1, &error);

    g_assert_null (bad);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
    g_clear_error (&error);
  }
  qp_pair_clear (&p);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ah-from-wc/reply", test_reply);
  return g_test_run ();
}
