/* The extended send API (ibv_wr_start … ibv_wr_complete) over rxe loopback. */
#include "qp-pair.h"

#define ALL_ACCESS (GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE | \
                    GVERBS_ACCESS_REMOTE_READ | GVERBS_ACCESS_REMOTE_ATOMIC)
#define ALL_OPS (GVERBS_QP_EX_WITH_SEND | GVERBS_QP_EX_WITH_SEND_WITH_IMM | \
                 GVERBS_QP_EX_WITH_RDMA_WRITE | GVERBS_QP_EX_WITH_RDMA_WRITE_WITH_IMM | \
                 GVERBS_QP_EX_WITH_RDMA_READ | GVERBS_QP_EX_WITH_ATOMIC_CMP_AND_SWP | \
                 GVERBS_QP_EX_WITH_ATOMIC_FETCH_AND_ADD)

static void
ok (gboolean  result,
    GError   *error)
{
  g_assert_no_error (error);
  g_assert_true (result);
}

static void
test_rc_sequence (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 64, 7, ALL_ACCESS, FALSE, 0, ALL_OPS };
  GError *error = NULL;
  GVerbsWC wc[6];
  GVerbsRecvWR rwr[2];
  guint32 rkey;
  guint64 raddr, v = 7, got;
  guint flags = 0;
  const guint8 inline_data[] = "inline via the extended API";

  if (!qp_pair_init (&p, &o))
    return;
  g_object_get (p.qp[0], "send-ops-flags", &flags, NULL);
  g_assert_cmphex (flags, ==, ALL_OPS);
  rkey = gverbs_mr_get_rkey (p.mr[1]);
  raddr = gverbs_mr_get_addr (p.mr[1]);
  fill_pattern (p.mr[0], 0, 1024, 17);
  g_assert_true (gverbs_mr_write (p.mr[1], (guint8 *) &v, 8, 3000, NULL));
  fill_pattern (p.mr[1], 2048, 512, 33);
  rwr[0] = (GVerbsRecvWR) { 90, 1, { mr_sge (p.mr[1], 0, 1024) } };
  rwr[1] = (GVerbsRecvWR) { 91, 1, { mr_sge (p.mr[1], 3500, 64) } };
  ok (gverbs_qp_post_recv (p.qp[1], rwr, 2, &error), error);

  /* one sequence, six operations, one doorbell */
  ok (gverbs_qp_wr_start (p.qp[0], &error), error);
  ok (gverbs_qp_wr_set_id (p.qp[0], 1, GVERBS_SEND_SIGNALED, &error), error);
  ok (gverbs_qp_wr_send_imm (p.qp[0], 0x5150, &error), error);
  ok (gverbs_qp_wr_set_sge (p.qp[0], gverbs_mr_get_lkey (p.mr[0]), gverbs_mr_get_addr (p.mr[0]), 1024, &error), error);
  ok (gverbs_qp_wr_set_id (p.qp[0], 2, GVERBS_SEND_SIGNALED, &error), error);
  ok (gverbs_qp_wr_rdma_write (p.qp[0], rkey, raddr + 1024, &error), error);
  ok (gverbs_qp_wr_set_sge (p.qp[0], gverbs_mr_get_lkey (p.mr[0]), gverbs_mr_get_addr (p.mr[0]), 512, &error), error);
  ok (gverbs_qp_wr_set_id (p.qp[0], 3, GVERBS_SEND_SIGNALED, &error), error);
  ok (gverbs_qp_wr_rdma_read (p.qp[0], rkey, raddr + 2048, &error), error);
  ok (gverbs_qp_wr_set_sge (p.qp[0], gverbs_mr_get_lkey (p.mr[0]), gverbs_mr_get_addr (p.mr[0]) + 2048, 512, &error), error);
  ok (gverbs_qp_wr_set_id (p.qp[0], 4, GVERBS_SEND_SIGNALED, &error), error);
  ok (gverbs_qp_wr_atomic_cmp_swp (p.qp[0], rkey, raddr + 3000, 7, 70, &error), error);
  ok (gverbs_qp_wr_set_sge (p.qp[0], gverbs_mr_get_lkey (p.mr[0]), gverbs_mr_get_addr (p.mr[0]) + 3000, 8, &error), error);
  ok (gverbs_qp_wr_set_id (p.qp[0], 5, GVERBS_SEND_SIGNALED | GVERBS_SEND_FENCE, &error), error);
  ok (gverbs_qp_wr_atomic_fetch_add (p.qp[0], rkey, raddr + 3000, 5, &error), error);
  ok (gverbs_qp_wr_set_sge (p.qp[0], gverbs_mr_get_lkey (p.mr[0]), gverbs_mr_get_addr (p.mr[0]) + 3008, 8, &error), error);
  ok (gverbs_qp_wr_set_id (p.qp[0], 6, GVERBS_SEND_SIGNALED | GVERBS_SEND_INLINE, &error), error);
  ok (gverbs_qp_wr_send (p.qp[0], &error), error);
  ok (gverbs_qp_wr_set_inline_data (p.qp[0], inline_data, sizeof inline_data, &error), error);
  ok (gverbs_qp_wr_complete (p.qp[0], &error), error);

  poll_n (p.cq[0], wc, 6);
  for (guint i = 0; i < 6; i++)
    {
      g_assert_cmpint (wc[i].status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpuint (wc[i].wr_id, ==, i + 1);
    }
  g_assert_cmpint (wc[0].opcode, ==, GVERBS_WC_SEND);
  g_assert_cmpint (wc[1].opcode, ==, GVERBS_WC_RDMA_WRITE);
  g_assert_cmpint (wc[2].opcode, ==, GVERBS_WC_RDMA_READ);
  g_assert_cmpint (wc[3].opcode, ==, GVERBS_WC_COMP_SWAP);
  g_assert_cmpint (wc[4].opcode, ==, GVERBS_WC_FETCH_ADD);
  poll_n (p.cq[1], wc, 2);
  g_assert_cmpuint (wc[0].wr_id, ==, 90);
  g_assert_cmpuint (wc[0].byte_len, ==, 1024);
  g_assert_cmphex (wc[0].imm_data, ==, 0x5150);
  g_assert_cmpuint (wc[1].wr_id, ==, 91);
  g_assert_cmpuint (wc[1].byte_len, ==, sizeof inline_data);

  assert_pattern (p.mr[1], 0, 1024, 17);      /* send with immediate */
  assert_pattern (p.mr[1], 1024, 512, 17);    /* RDMA write */
  assert_pattern (p.mr[0], 2048, 512, 33);    /* RDMA read */
  {
    g_autoptr(GBytes) b = gverbs_mr_read (p.mr[0], 16, 3000, NULL);
    g_autoptr(GBytes) r = gverbs_mr_read (p.mr[1], 8, 3000, NULL);
    g_autoptr(GBytes) s = gverbs_mr_read (p.mr[1], sizeof inline_data, 3500, NULL);
    const guint64 *old = g_bytes_get_data (b, NULL);

    g_assert_cmpuint (old[0], ==, 7);           /* compare-and-swap saw 7 */
    g_assert_cmpuint (old[1], ==, 70);          /* fetch-and-add saw 70 */
    memcpy (&got, g_bytes_get_data (r, NULL), 8);
    g_assert_cmpuint (got, ==, 75);
    g_assert_cmpmem (g_bytes_get_data (s, NULL), sizeof inline_data, inline_data, sizeof inline_data);
  }
  qp_pair_clear (&p);
}

static void
test_ud_send (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_UD, 0, 7, ALL_ACCESS, FALSE, 0, GVERBS_QP_EX_WITH_SEND };
  GError *error = NULL;
  GVerbsWC wc;
  GVerbsRecvWR rwr;

  if (!qp_pair_init (&p, &o))
    return;
  rwr = (GVerbsRecvWR) { 80, 1, { mr_sge (p.mr[1], 0, 40 + 256) } };
  ok (gverbs_qp_post_recv (p.qp[1], &rwr, 1, &error), error);
  fill_pattern (p.mr[0], 0, 256, 61);
  ok (gverbs_qp_wr_start (p.qp[0], &error), error);
  ok (gverbs_qp_wr_set_id (p.qp[0], 81, GVERBS_SEND_SIGNALED, &error), error);
  ok (gverbs_qp_wr_send (p.qp[0], &error), error);
  ok (gverbs_qp_wr_set_ud_addr (p.qp[0], p.ah[0], gverbs_qp_get_qp_num (p.qp[1]), PAIR_QKEY, &error), error);
  ok (gverbs_qp_wr_set_sge (p.qp[0], gverbs_mr_get_lkey (p.mr[0]), gverbs_mr_get_addr (p.mr[0]), 256, &error), error);
  ok (gverbs_qp_wr_complete (p.qp[0], &error), error);
  poll_n (p.cq[0], &wc, 1);
  g_assert_cmpint (wc.status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpuint (wc.wr_id, ==, 81);
  poll_n (p.cq[1], &wc, 1);
  g_assert_cmpint (wc.status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpuint (wc.byte_len, ==, 40 + 256);
  g_assert_cmpuint (wc.src_qp, ==, gverbs_qp_get_qp_num (p.qp[0]));
  assert_pattern (p.mr[1], 40, 256, 61);
  qp_pair_clear (&p);
}

static void
test_misuse (void)
{
  QPPair p;
  QPPairOptions plain = { GVERBS_QPT_RC, 0, 7, ALL_ACCESS, FALSE, 0, 0 };
  QPPairOptions ex = { GVERBS_QPT_RC, 0, 7, ALL_ACCESS, FALSE, 0, GVERBS_QP_EX_WITH_SEND };
  g_autoptr(GError) error = NULL;

  if (!qp_pair_init (&p, &plain))
    return;
  /* a QP made without send-ops-flags has no extended API */
  g_assert_false (gverbs_qp_wr_start (p.qp[0], &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);
  qp_pair_clear (&p);

  g_assert_true (qp_pair_init (&p, &ex));
  /* operations outside a sequence, a sequence opened twice */
  g_assert_false (gverbs_qp_wr_send (p.qp[0], &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "wr_start first"));
  g_clear_error (&error);
  g_assert_false (gverbs_qp_wr_complete (p.qp[0], &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_true (gverbs_qp_wr_start (p.qp[0], &error));
  g_assert_false (gverbs_qp_wr_start (p.qp[0], &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  /* an aborted sequence posts nothing */
  g_assert_true (gverbs_qp_wr_set_id (p.qp[0], 1, GVERBS_SEND_SIGNALED, NULL));
  g_assert_true (gverbs_qp_wr_send (p.qp[0], NULL));
  g_assert_true (gverbs_qp_wr_set_sge (p.qp[0], gverbs_mr_get_lkey (p.mr[0]), gverbs_mr_get_addr (p.mr[0]), 8, NULL));
  gverbs_qp_wr_abort (p.qp[0]);
  assert_cq_empty (p.cq[0]);
  /* closing with a sequence open is fine; then everything says CLOSED */
  g_assert_true (gverbs_qp_wr_start (p.qp[0], NULL));
  g_assert_true (gverbs_qp_close (p.qp[0], NULL));
  g_assert_false (gverbs_qp_wr_start (p.qp[0], &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  qp_pair_clear (&p);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/qp-ex/rc-sequence", test_rc_sequence);
  g_test_add_func ("/qp-ex/ud-send", test_ud_send);
  g_test_add_func ("/qp-ex/misuse", test_misuse);
  return g_test_run ();
}
