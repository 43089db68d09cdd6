/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Real traffic between two queue pairs over rxe loopback: every transfer is
 * checked byte for byte, every completion by status, opcode, wr_id and size. */
#include "qp-pair.h"

#define ALL_ACCESS (GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE | \
                    GVERBS_ACCESS_REMOTE_READ | GVERBS_ACCESS_REMOTE_ATOMIC)

static void
post_recv_one (QPPair  *p,
               guint    side,
               guint64  wr_id,
               guint64  offset,
               guint32  length)
{
  g_autoptr(GError) error = NULL;
  GVerbsRecvWR wr = { .wr_id = wr_id, .num_sge = 1, .sg_list = { mr_sge (p->mr[side], offset, length) } };

  g_assert_true (gverbs_qp_post_recv (p->qp[side], &wr, 1, &error));
  g_assert_no_error (error);
}

static void
check_wc (const GVerbsWC *wc,
          guint64         wr_id,
          GVerbsWCOpcode  opcode,
          guint32         qp_num)
{
  g_autoptr(GError) error = NULL;

  gverbs_wc_check (wc, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (wc->wr_id, ==, wr_id);
  g_assert_cmpint (wc->opcode, ==, opcode);
  g_assert_cmpuint (wc->qp_num, ==, qp_num);
}

static void
send_recv (GVerbsQPType type,
           gboolean     with_imm)
{
  QPPair p;
  QPPairOptions o = { type, 0, 7, ALL_ACCESS, FALSE, 0 };
  g_autoptr(GError) error = NULL;
  GVerbsSendWR wr;
  GVerbsWC wc;
  const guint32 len = 1000;
  const guint32 grh = type == GVERBS_QPT_UD ? 40 : 0;

  if (!qp_pair_init (&p, &o))
    return;
  post_recv_one (&p, 1, 77, 0, len + grh);
  fill_pattern (p.mr[0], 100, len, 3);
  gverbs_send_wr_init (&wr, 11, with_imm ? GVERBS_WR_SEND_WITH_IMM : GVERBS_WR_SEND,
                       GVERBS_SEND_SIGNALED);
  wr.sg_list[0] = mr_sge (p.mr[0], 100, len);
  wr.num_sge = 1;
  wr.imm_data = 0x12345678;
  if (type == GVERBS_QPT_UD)
    gverbs_send_wr_set_wr_ud (&wr, p.ah[0], gverbs_qp_get_qp_num (p.qp[1]), PAIR_QKEY);
  g_assert_true (gverbs_qp_post_send (p.qp[0], &wr, 1, &error));
  g_assert_no_error (error);

  poll_n (p.cq[0], &wc, 1);
  check_wc (&wc, 11, GVERBS_WC_SEND, gverbs_qp_get_qp_num (p.qp[0]));
  poll_n (p.cq[1], &wc, 1);
  check_wc (&wc, 77, GVERBS_WC_RECV, gverbs_qp_get_qp_num (p.qp[1]));
  g_assert_cmpuint (wc.byte_len, ==, len + grh);
  if (with_imm)
    {
      g_assert_true (wc.wc_flags & GVERBS_WC_WITH_IMM);
      g_assert_cmphex (wc.imm_data, ==, 0x12345678);
    }
  else
    g_assert_false (wc.wc_flags & GVERBS_WC_WITH_IMM);
  if (type == GVERBS_QPT_UD)
    {
      g_autoptr(GBytes) head = gverbs_mr_read (p.mr[1], grh, 0, &error);
      const guint8 *h = g_bytes_get_data (head, NULL);

      g_assert_true (wc.wc_flags & GVERBS_WC_GRH);
      g_assert_cmpuint (wc.src_qp, ==, gverbs_qp_get_qp_num (p.qp[0]));
      /* RoCE v2 over IPv4: the last 20 bytes of the GRH area are the IPv4 header */
      g_assert_cmphex (h[20] >> 4, ==, 4);
      g_assert_cmpuint (h[20 + 9], ==, 17);  /* UDP */
    }
  assert_pattern (p.mr[1], grh, len, 3);
  qp_pair_clear (&p);
}

static void test_rc_send (void) { send_recv (GVERBS_QPT_RC, FALSE); }
static void test_rc_send_imm (void) { send_recv (GVERBS_QPT_RC, TRUE); }
static void test_uc_send (void) { send_recv (GVERBS_QPT_UC, FALSE); }
static void test_ud_send_grh (void) { send_recv (GVERBS_QPT_UD, FALSE); }
static void test_ud_send_imm (void) { send_recv (GVERBS_QPT_UD, TRUE); }

static void
rdma_write (GVerbsQPType type,
            gboolean     with_imm)
{
  QPPair p;
  QPPairOptions o = { type, 0, 7, ALL_ACCESS, FALSE, 0 };
  g_autoptr(GError) error = NULL;
  GVerbsSendWR wr;
  GVerbsWC wc;
  const guint32 len = 3000;

  if (!qp_pair_init (&p, &o))
    return;
  if (with_imm)
    post_recv_one (&p, 1, 78, 0, 0);
  fill_pattern (p.mr[0], 0, len, 9);
  gverbs_send_wr_init (&wr, 12, with_imm ? GVERBS_WR_RDMA_WRITE_WITH_IMM : GVERBS_WR_RDMA_WRITE,
                       GVERBS_SEND_SIGNALED);
  wr.sg_list[0] = mr_sge (p.mr[0], 0, len);
  wr.num_sge = 1;
  wr.imm_data = 0xcafe;
  gverbs_send_wr_set_wr_rdma (&wr, gverbs_mr_get_rkey (p.mr[1]), gverbs_mr_get_addr (p.mr[1]) + 500);
  g_assert_true (gverbs_qp_post_send (p.qp[0], &wr, 1, &error));
  g_assert_no_error (error);
  poll_n (p.cq[0], &wc, 1);
  check_wc (&wc, 12, GVERBS_WC_RDMA_WRITE, gverbs_qp_get_qp_num (p.qp[0]));
  if (with_imm)
    {
      poll_n (p.cq[1], &wc, 1);
      check_wc (&wc, 78, GVERBS_WC_RECV_RDMA_WITH_IMM, gverbs_qp_get_qp_num (p.qp[1]));
      g_assert_cmphex (wc.imm_data, ==, 0xcafe);
      g_assert_cmpuint (wc.byte_len, ==, len);
    }
  else
    assert_cq_empty (p.cq[1]);   /* a plain write consumes no receive */
  assert_pattern (p.mr[1], 500, len, 9);
  qp_pair_clear (&p);
}

static void test_rc_write (void) { rdma_write (GVERBS_QPT_RC, FALSE); }
static void test_rc_write_imm (void) { rdma_write (GVERBS_QPT_RC, TRUE); }
static void test_uc_write (void) { rdma_write (GVERBS_QPT_UC, FALSE); }

static void
test_rc_read (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, ALL_ACCESS, FALSE, 0 };
  g_autoptr(GError) error = NULL;
  GVerbsSendWR wrs[2];
  GVerbsWC wc[2];

  if (!qp_pair_init (&p, &o))
    return;
  fill_pattern (p.mr[1], 1024, 2048, 21);
  fill_pattern (p.mr[0], 0, 16, 99);
  gverbs_send_wr_init (&wrs[0], 13, GVERBS_WR_RDMA_READ, GVERBS_SEND_SIGNALED);
  wrs[0].sg_list[0] = mr_sge (p.mr[0], 2048, 2048);
  wrs[0].num_sge = 1;
  gverbs_send_wr_set_wr_rdma (&wrs[0], gverbs_mr_get_rkey (p.mr[1]), gverbs_mr_get_addr (p.mr[1]) + 1024);
  /* zero length: completes, moves nothing */
  gverbs_send_wr_init (&wrs[1], 14, GVERBS_WR_RDMA_READ, GVERBS_SEND_SIGNALED);
  wrs[1].sg_list[0] = mr_sge (p.mr[0], 0, 0);
  wrs[1].num_sge = 1;
  gverbs_send_wr_set_wr_rdma (&wrs[1], gverbs_mr_get_rkey (p.mr[1]), gverbs_mr_get_addr (p.mr[1]));
  g_assert_true (gverbs_qp_post_send (p.qp[0], wrs, 2, &error));
  g_assert_no_error (error);
  poll_n (p.cq[0], wc, 2);
  check_wc (&wc[0], 13, GVERBS_WC_RDMA_READ, gverbs_qp_get_qp_num (p.qp[0]));
  g_assert_cmpuint (wc[0].byte_len, ==, 2048);
  check_wc (&wc[1], 14, GVERBS_WC_RDMA_READ, gverbs_qp_get_qp_num (p.qp[0]));
  g_assert_cmpuint (wc[1].byte_len, ==, 0);
  assert_pattern (p.mr[0], 2048, 2048, 21);
  assert_pattern (p.mr[0], 0, 16, 99);
  qp_pair_clear (&p);
}

static guint64
read_u64 (GVerbsMR *mr,
          guint64   offset)
{
  g_autoptr(GBytes) b = gverbs_mr_read (mr, 8, offset, NULL);
  guint64 v;

  memcpy (&v, g_bytes_get_data (b, NULL), 8);
  return v;
}

static void
test_rc_atomics (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, ALL_ACCESS, FALSE, 0 };
  g_autoptr(GError) error = NULL;
  GVerbsSendWR wr;
  GVerbsWC wc;
  guint64 v = 100;
  guint32 rkey;
  guint64 raddr;

  if (!qp_pair_init (&p, &o))
    return;
  rkey = gverbs_mr_get_rkey (p.mr[1]);
  raddr = gverbs_mr_get_addr (p.mr[1]) + 64;
  g_assert_true (gverbs_mr_write (p.mr[1], (guint8 *) &v, 8, 64, &error));

  /* compare-and-swap that matches: 100 -> 555, old value returned */
  gverbs_send_wr_init (&wr, 15, GVERBS_WR_ATOMIC_CMP_AND_SWP, GVERBS_SEND_SIGNALED);
  wr.sg_list[0] = mr_sge (p.mr[0], 0, 8);
  wr.num_sge = 1;
  gverbs_send_wr_set_wr_atomic (&wr, rkey, raddr, 100, 555);
  g_assert_true (gverbs_qp_post_send (p.qp[0], &wr, 1, &error));
  g_assert_no_error (error);
  poll_n (p.cq[0], &wc, 1);
  check_wc (&wc, 15, GVERBS_WC_COMP_SWAP, gverbs_qp_get_qp_num (p.qp[0]));
  g_assert_cmpuint (read_u64 (p.mr[0], 0), ==, 100);
  g_assert_cmpuint (read_u64 (p.mr[1], 64), ==, 555);

  /* compare-and-swap that does not match: unchanged, current value returned */
  gverbs_send_wr_set_wr_atomic (&wr, rkey, raddr, 100, 777);
  wr.wr_id = 16;
  wr.sg_list[0] = mr_sge (p.mr[0], 8, 8);
  g_assert_true (gverbs_qp_post_send (p.qp[0], &wr, 1, &error));
  poll_n (p.cq[0], &wc, 1);
  check_wc (&wc, 16, GVERBS_WC_COMP_SWAP, gverbs_qp_get_qp_num (p.qp[0]));
  g_assert_cmpuint (read_u64 (p.mr[0], 8), ==, 555);
  g_assert_cmpuint (read_u64 (p.mr[1], 64), ==, 555);

  /* fetch-and-add */
  gverbs_send_wr_init (&wr, 17, GVERBS_WR_ATOMIC_FETCH_AND_ADD, GVERBS_SEND_SIGNALED);
  wr.sg_list[0] = mr_sge (p.mr[0], 16, 8);
  wr.num_sge = 1;
  gverbs_send_wr_set_wr_atomic (&wr, rkey, raddr, 45, 0);
  g_assert_true (gverbs_qp_post_send (p.qp[0], &wr, 1, &error));
  poll_n (p.cq[0], &wc, 1);
  check_wc (&wc, 17, GVERBS_WC_FETCH_ADD, gverbs_qp_get_qp_num (p.qp[0]));
  g_assert_cmpuint (read_u64 (p.mr[0], 16), ==, 555);
  g_assert_cmpuint (read_u64 (p.mr[1], 64), ==, 600);
  qp_pair_clear (&p);
}

static void
test_inline_send (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 64, 7, ALL_ACCESS, FALSE, 0 };
  g_autoptr(GError) error = NULL;
  GVerbsSendWR wr;
  GVerbsWC wc;
  GVerbsQPCap cap;
  guint8 data[48];
  g_autoptr(GBytes) got = NULL;

  if (!qp_pair_init (&p, &o))
    return;
  gverbs_qp_get_cap (p.qp[0], &cap);
  g_assert_cmpuint (cap.max_inline_data, >=, 64);
  post_recv_one (&p, 1, 79, 0, 64);
  for (guint i = 0; i < sizeof data; i++)
    data[i] = (guint8) (200 - i);
  /* inline data comes from unregistered memory: no lkey */
  gverbs_send_wr_init (&wr, 18, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED | GVERBS_SEND_INLINE);
  wr.sg_list[0].addr = (guint64) (guintptr) data;
  wr.sg_list[0].length = sizeof data;
  wr.num_sge = 1;
  g_assert_true (gverbs_qp_post_send (p.qp[0], &wr, 1, &error));
  g_assert_no_error (error);
  memset (data, 0, sizeof data);   /* copied at post time */
  poll_n (p.cq[0], &wc, 1);
  check_wc (&wc, 18, GVERBS_WC_SEND, gverbs_qp_get_qp_num (p.qp[0]));
  poll_n (p.cq[1], &wc, 1);
  check_wc (&wc, 79, GVERBS_WC_RECV, gverbs_qp_get_qp_num (p.qp[1]));
  g_assert_cmpuint (wc.byte_len, ==, sizeof data);
  got = gverbs_mr_read (p.mr[1], sizeof data, 0, &error);
  for (guint i = 0; i < sizeof data; i++)
    g_assert_cmpuint (((const guint8 *) g_bytes_get_data (got, NULL))[i], ==, (guint8) (200 - i));
  qp_pair_clear (&p);
}

static void
test_multi_sge_batch (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, ALL_ACCESS, FALSE, 0 };
  g_autoptr(GError) error = NULL;
  GVerbsSendWR wrs[40];
  GVerbsRecvWR rwrs[40];
  GVerbsWC wc[40];

  if (!qp_pair_init (&p, &o))
    return;
  /* 40 messages (more than one stack chunk) of 3 SGEs each, 3 x 8 bytes */
  fill_pattern (p.mr[0], 0, 40 * 24, 5);
  for (guint i = 0; i < 40; i++)
    {
      rwrs[i] = (GVerbsRecvWR) { .wr_id = 1000 + i, .num_sge = 2, .sg_list = { mr_sge (p.mr[1], i * 24, 12), mr_sge (p.mr[1], i * 24 + 12, 12) } };
      gverbs_send_wr_init (&wrs[i], 2000 + i, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
      for (guint s = 0; s < 3; s++)
        g_assert_true (gverbs_send_wr_set_sge (&wrs[i], s, &(GVerbsSGE) { gverbs_mr_get_addr (p.mr[0]) + i * 24 + s * 8, 8, gverbs_mr_get_lkey (p.mr[0]) }, NULL));
      g_assert_cmpuint (wrs[i].num_sge, ==, 3);
    }
  g_assert_true (gverbs_qp_post_recv (p.qp[1], rwrs, 40, &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_qp_post_send (p.qp[0], wrs, 40, &error));
  g_assert_no_error (error);
  poll_n (p.cq[0], wc, 40);
  for (guint i = 0; i < 40; i++)
    check_wc (&wc[i], 2000 + i, GVERBS_WC_SEND, gverbs_qp_get_qp_num (p.qp[0]));
  poll_n (p.cq[1], wc, 40);
  for (guint i = 0; i < 40; i++)
    {
      check_wc (&wc[i], 1000 + i, GVERBS_WC_RECV, gverbs_qp_get_qp_num (p.qp[1]));
      g_assert_cmpuint (wc[i].byte_len, ==, 24);
    }
  assert_pattern (p.mr[1], 0, 40 * 24, 5);
  qp_pair_clear (&p);
}

static void
test_wrong_rkey (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, ALL_ACCESS, FALSE, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) wc_error = NULL;
  GVerbsSendWR wr;
  GVerbsWC wc;
  g_autofree char *qpn = NULL;

  if (!qp_pair_init (&p, &o))
    return;
  gverbs_send_wr_init (&wr, 0xabcdef, GVERBS_WR_RDMA_WRITE, GVERBS_SEND_SIGNALED);
  wr.sg_list[0] = mr_sge (p.mr[0], 0, 64);
  wr.num_sge = 1;
  gverbs_send_wr_set_wr_rdma (&wr, gverbs_mr_get_rkey (p.mr[1]) + 0x100, gverbs_mr_get_addr (p.mr[1]));
  g_assert_true (gverbs_qp_post_send (p.qp[0], &wr, 1, &error));
  g_assert_no_error (error);
  poll_n (p.cq[0], &wc, 1);
  g_assert_cmpint (wc.status, ==, GVERBS_WC_REM_ACCESS_ERR);
  g_assert_cmpuint (wc.wr_id, ==, 0xabcdef);
  g_assert_false (gverbs_wc_check (&wc, &wc_error));
  g_assert_error (wc_error, GVERBS_WC_ERROR, GVERBS_WC_ERROR_REM_ACCESS_ERR);
  qpn = g_strdup_printf ("QP 0x%x", gverbs_qp_get_qp_num (p.qp[0]));
  g_assert_nonnull (strstr (wc_error->message, qpn));
  g_assert_nonnull (strstr (wc_error->message, "wr_id 11259375"));
  /* the QP went to the error state */
  g_assert_cmpint (gverbs_qp_get_qp_state (p.qp[0]), ==, GVERBS_QPS_ERR);
  qp_pair_clear (&p);
}

static void
test_rnr_retry_exceeded (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 0, ALL_ACCESS, FALSE, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) wc_error = NULL;
  GVerbsSendWR wr;
  GVerbsWC wc;

  if (!qp_pair_init (&p, &o))
    return;
  /* no receive posted on the other side, rnr_retry 0 */
  gverbs_send_wr_init (&wr, 31, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
  wr.sg_list[0] = mr_sge (p.mr[0], 0, 64);
  wr.num_sge = 1;
  g_assert_true (gverbs_qp_post_send (p.qp[0], &wr, 1, &error));
  g_assert_no_error (error);
  poll_n (p.cq[0], &wc, 1);
  g_assert_cmpint (wc.status, ==, GVERBS_WC_RNR_RETRY_EXC_ERR);
  g_assert_false (gverbs_wc_check (&wc, &wc_error));
  g_assert_error (wc_error, GVERBS_WC_ERROR, GVERBS_WC_ERROR_RNR_RETRY_EXC_ERR);
  g_assert_cmpuint (wc.qp_num, ==, gverbs_qp_get_qp_num (p.qp[0]));
  qp_pair_clear (&p);
}

static void
test_post_errors (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, ALL_ACCESS, FALSE, 0 };
  g_autoptr(GError) error = NULL;
  GVerbsSendWR wrs[3];
  GVerbsRecvWR rwr = { .wr_id = 5, .num_sge = GVERBS_MAX_SGE + 1, .sg_list = { { 0 } } };
  GVerbsQPCap cap;

  if (!qp_pair_init (&p, &o))
    return;
  gverbs_qp_get_cap (p.qp[0], &cap);
  for (guint i = 0; i < 3; i++)
    {
      gverbs_send_wr_init (&wrs[i], 40 + i, GVERBS_WR_SEND, 0);
      wrs[i].sg_list[0] = mr_sge (p.mr[0], 0, 8);
      wrs[i].num_sge = 1;
    }
  /* more SGEs than the QP allows: rdma-core refuses the third work request */
  g_assert_cmpuint (cap.max_send_sge, <, GVERBS_MAX_SGE);
  wrs[2].num_sge = cap.max_send_sge + 1;
  g_assert_false (gverbs_qp_post_send (p.qp[0], wrs, 3, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "ibv_post_send"));
  g_assert_nonnull (strstr (error->message, "work request 2 of 3 (wr_id 42)"));
  g_test_message ("%s", error->message);
  g_clear_error (&error);

  /* more than a work request holds */
  g_assert_false (gverbs_qp_post_recv (p.qp[1], &rwr, 1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  g_assert_false (gverbs_send_wr_set_sge (&wrs[0], GVERBS_MAX_SGE, &wrs[0].sg_list[0], &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);

  /* UD without an address handle, and with a closed one */
  {
    QPPair u;
    QPPairOptions uo = { GVERBS_QPT_UD, 0, 7, ALL_ACCESS, FALSE, 0 };

    g_assert_true (qp_pair_init (&u, &uo));
    gverbs_send_wr_init (&wrs[0], 50, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
    wrs[0].sg_list[0] = mr_sge (u.mr[0], 0, 8);
    wrs[0].num_sge = 1;
    g_assert_false (gverbs_qp_post_send (u.qp[0], wrs, 1, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "address handle"));
    g_clear_error (&error);
    gverbs_send_wr_set_wr_ud (&wrs[0], u.ah[0], gverbs_qp_get_qp_num (u.qp[1]), PAIR_QKEY);
    g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (u.ah[0]), NULL));
    g_assert_false (gverbs_qp_post_send (u.qp[0], wrs, 1, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
    g_clear_error (&error);
    qp_pair_clear (&u);
  }

  /* closed QP */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.qp[0]), NULL));
  g_assert_false (gverbs_qp_post_send (p.qp[0], wrs, 1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_false (gverbs_qp_post_recv (p.qp[0], &rwr, 1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  qp_pair_clear (&p);
}

/* Work requests reach the device unconverted when gverbs_*_wr_init() made
 * them and converted otherwise: both paths, side by side, move the bytes
 * their own sg_list names. A struct copied by assignment still points at
 * the original's buffers in its rdma-core header; it must be converted, or
 * its data would come from (and land in) the original's SGEs. */
static void
test_wr_forms (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, ALL_ACCESS, FALSE, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsSendWR) heap_swr = NULL;
  g_autoptr(GVerbsRecvWR) heap_rwr = NULL;
  GVerbsSendWR swr, swr_copy, swr_designated;
  GVerbsRecvWR rwr, rwr_copy;
  GVerbsRecvWR rwr_designated = { .wr_id = 3, .num_sge = 1, .sg_list = { { 0 } } };
  GVerbsWC wcs[4];
  GVerbsQPCap cap;

  if (!qp_pair_init (&p, &o))
    return;

  /* four receives, one per form, each into its own 64-byte slot */
  gverbs_recv_wr_init (&rwr, 1);
  rwr.num_sge = 1;
  rwr.sg_list[0] = mr_sge (p.mr[1], 0, 64);
  rwr_copy = rwr;                                   /* by assignment */
  rwr_copy.wr_id = 2;
  rwr_copy.sg_list[0] = mr_sge (p.mr[1], 64, 64);
  rwr_designated.sg_list[0] = mr_sge (p.mr[1], 128, 64);
  heap_rwr = gverbs_recv_wr_copy (&rwr);            /* gverbs_recv_wr_copy() */
  heap_rwr->wr_id = 4;
  heap_rwr->sg_list[0] = mr_sge (p.mr[1], 192, 64);
  g_assert_true (gverbs_qp_post_recv (p.qp[1], &rwr, 1, &error));
  g_assert_true (gverbs_qp_post_recv (p.qp[1], &rwr_copy, 1, &error));
  g_assert_true (gverbs_qp_post_recv (p.qp[1], &rwr_designated, 1, &error));
  g_assert_true (gverbs_qp_post_recv (p.qp[1], heap_rwr, 1, &error));
  g_assert_no_error (error);

  /* four sends the same way, each from its own 64-byte pattern */
  for (guint i = 0; i < 4; i++)
    fill_pattern (p.mr[0], 64 * i, 64, (guint8) (10 + i));
  gverbs_send_wr_init (&swr, 11, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
  swr.num_sge = 1;
  swr.sg_list[0] = mr_sge (p.mr[0], 0, 64);
  swr_copy = swr;
  swr_copy.wr_id = 12;
  swr_copy.sg_list[0] = mr_sge (p.mr[0], 64, 64);
  swr_designated = (GVerbsSendWR) { .wr_id = 13, .opcode = GVERBS_WR_SEND, .send_flags = GVERBS_SEND_SIGNALED,
                                    .num_sge = 1, .sg_list = { mr_sge (p.mr[0], 128, 64) } };
  heap_swr = gverbs_send_wr_copy (&swr);
  heap_swr->wr_id = 14;
  heap_swr->sg_list[0] = mr_sge (p.mr[0], 192, 64);
  g_assert_true (gverbs_qp_post_send (p.qp[0], &swr, 1, &error));
  g_assert_true (gverbs_qp_post_send (p.qp[0], &swr_copy, 1, &error));
  g_assert_true (gverbs_qp_post_send (p.qp[0], &swr_designated, 1, &error));
  g_assert_true (gverbs_qp_post_send (p.qp[0], heap_swr, 1, &error));
  g_assert_no_error (error);
  poll_n (p.cq[0], wcs, 4);
  for (guint i = 0; i < 4; i++)
    check_wc (&wcs[i], 11 + i, GVERBS_WC_SEND, gverbs_qp_get_qp_num (p.qp[0]));
  poll_n (p.cq[1], wcs, 4);
  for (guint i = 0; i < 4; i++)
    {
      check_wc (&wcs[i], 1 + i, GVERBS_WC_RECV, gverbs_qp_get_qp_num (p.qp[1]));
      g_assert_cmpuint (wcs[i].byte_len, ==, 64);
      assert_pattern (p.mr[1], 64 * i, 64, (guint8) (10 + i));
    }

  /* RDMA write and read from an initialized request, then from its copy */
  fill_pattern (p.mr[0], 1024, 256, 77);
  gverbs_send_wr_init (&swr, 21, GVERBS_WR_RDMA_WRITE, GVERBS_SEND_SIGNALED);
  swr.num_sge = 2;
  swr.sg_list[0] = mr_sge (p.mr[0], 1024, 100);
  swr.sg_list[1] = mr_sge (p.mr[0], 1124, 156);
  gverbs_send_wr_set_wr_rdma (&swr, gverbs_mr_get_rkey (p.mr[1]), gverbs_mr_get_addr (p.mr[1]) + 2048);
  g_assert_true (gverbs_qp_post_send (p.qp[0], &swr, 1, &error));
  g_assert_no_error (error);
  poll_n (p.cq[0], wcs, 1);
  check_wc (&wcs[0], 21, GVERBS_WC_RDMA_WRITE, gverbs_qp_get_qp_num (p.qp[0]));
  assert_pattern (p.mr[1], 2048, 256, 77);
  swr_copy = swr;
  swr_copy.wr_id = 22;
  swr_copy.opcode = GVERBS_WR_RDMA_READ;
  swr_copy.num_sge = 1;
  swr_copy.sg_list[0] = mr_sge (p.mr[0], 3072, 256);
  g_assert_true (gverbs_qp_post_send (p.qp[0], &swr_copy, 1, &error));
  g_assert_no_error (error);
  poll_n (p.cq[0], wcs, 1);
  check_wc (&wcs[0], 22, GVERBS_WC_RDMA_READ, gverbs_qp_get_qp_num (p.qp[0]));
  assert_pattern (p.mr[0], 3072, 256, 77);

  /* the device refusing an unconverted request: the error names it */
  gverbs_qp_get_cap (p.qp[0], &cap);
  g_assert_cmpuint (cap.max_send_sge, <, GVERBS_MAX_SGE);
  swr.wr_id = 23;
  swr.num_sge = cap.max_send_sge + 1;
  g_assert_false (gverbs_qp_post_send (p.qp[0], &swr, 1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "work request 0 of 1 (wr_id 23)"));
  g_clear_error (&error);
  rwr.wr_id = 24;
  rwr.num_sge = cap.max_recv_sge + 1;
  g_assert_false (gverbs_qp_post_recv (p.qp[1], &rwr, 1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "work request 0 of 1 (wr_id 24)"));
  g_clear_error (&error);

  /* closed: the unconverted path gives the same error as the other */
  swr.num_sge = 1;
  rwr.num_sge = 1;
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.qp[0]), NULL));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.qp[1]), NULL));
  g_assert_false (gverbs_qp_post_send (p.qp[0], &swr, 1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_false (gverbs_qp_post_recv (p.qp[1], &rwr, 1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  qp_pair_clear (&p);
}

static void
mw_write_through (QPPair   *p,
                  guint32   rkey,
                  guint64   wr_id,
                  guint8    seed,
                  GVerbsWCStatus expected)
{
  g_autoptr(GError) error = NULL;
  GVerbsSendWR wr;
  GVerbsWC wc;

  fill_pattern (p->mr[0], 0, 256, seed);
  gverbs_send_wr_init (&wr, wr_id, GVERBS_WR_RDMA_WRITE, GVERBS_SEND_SIGNALED);
  wr.sg_list[0] = mr_sge (p->mr[0], 0, 256);
  wr.num_sge = 1;
  gverbs_send_wr_set_wr_rdma (&wr, rkey, gverbs_mr_get_addr (p->mr[1]) + 1024);
  g_assert_true (gverbs_qp_post_send (p->qp[0], &wr, 1, &error));
  g_assert_no_error (error);
  poll_n (p->cq[0], &wc, 1);
  g_assert_cmpuint (wc.wr_id, ==, wr_id);
  g_assert_cmpint (wc.status, ==, expected);
}

static void
test_mw_bind (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, ALL_ACCESS, FALSE, 0, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsMW) mw1 = NULL;
  g_autoptr(GVerbsMW) mw2 = NULL;
  GVerbsWC wc;
  guint32 old_rkey, new_rkey;
  const guint64 base = 1024;

  if (!qp_pair_init (&p, &o))
    return;
  /* type 1: ibv_bind_mw on the QP of the memory's owner */
  mw1 = gverbs_mw_new (p.pd, GVERBS_MW_TYPE_1, &error);
  g_assert_no_error (error);
  old_rkey = gverbs_mw_get_rkey (mw1);
  g_assert_true (gverbs_qp_bind_mw (p.qp[1], mw1, p.mr[1], gverbs_mr_get_addr (p.mr[1]) + base, 512,
                                    GVERBS_ACCESS_REMOTE_WRITE, 61, GVERBS_SEND_SIGNALED, &error));
  g_assert_no_error (error);
  poll_n (p.cq[1], &wc, 1);
  g_assert_cmpint (wc.status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpint (wc.opcode, ==, GVERBS_WC_BIND_MW);
  g_assert_cmpuint (wc.wr_id, ==, 61);
  g_assert_cmphex (gverbs_mw_get_rkey (mw1), !=, old_rkey);
  mw_write_through (&p, gverbs_mw_get_rkey (mw1), 62, 71, GVERBS_WC_SUCCESS);
  assert_pattern (p.mr[1], base, 256, 71);

  /* a window outside the memory region is refused before rdma-core */
  g_assert_false (gverbs_qp_bind_mw (p.qp[1], mw1, p.mr[1], gverbs_mr_get_addr (p.mr[1]) + 4000, 512,
                                     GVERBS_ACCESS_REMOTE_WRITE, 63, GVERBS_SEND_SIGNALED, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  /* windows go before the memory region they are bound to */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (mw1), &error));
  g_assert_no_error (error);
  qp_pair_clear (&p);

  /* type 2: an IBV_WR_BIND_MW work request with a new rkey */
  g_assert_true (qp_pair_init (&p, &o));
  mw2 = gverbs_mw_new (p.pd, GVERBS_MW_TYPE_2, &error);
  g_assert_no_error (error);
  old_rkey = gverbs_mw_get_rkey (mw2);
  new_rkey = (old_rkey & ~0xffu) | ((old_rkey + 1) & 0xffu);
  g_assert_true (gverbs_qp_post_bind_mw (p.qp[1], mw2, new_rkey, p.mr[1],
                                         gverbs_mr_get_addr (p.mr[1]) + base, 512,
                                         GVERBS_ACCESS_REMOTE_WRITE, 64, GVERBS_SEND_SIGNALED, &error));
  g_assert_no_error (error);
  poll_n (p.cq[1], &wc, 1);
  g_assert_cmpint (wc.status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpuint (wc.wr_id, ==, 64);
  g_assert_cmphex (gverbs_mw_get_rkey (mw2), ==, new_rkey);
  mw_write_through (&p, new_rkey, 65, 91, GVERBS_WC_SUCCESS);
  assert_pattern (p.mr[1], base, 256, 91);
  /* the old rkey no longer opens the window */
  mw_write_through (&p, old_rkey, 66, 1, GVERBS_WC_REM_ACCESS_ERR);
  assert_pattern (p.mr[1], base, 256, 91);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (mw2), &error));
  g_assert_no_error (error);
  qp_pair_clear (&p);
}

static gboolean
kernel_has_mr (guint32 rkey)
{
  g_autoptr(GPtrArray) mrs = gverbs_test_rdma_resources ("mr");

  for (guint i = 0; i < mrs->len; i++)
    if (gverbs_test_parse_number (g_hash_table_lookup (mrs->pdata[i], "rkey")) == rkey)
      return TRUE;
  return FALSE;
}

/* rdma-core refuses to deregister a memory region a window is bound to: the
 * window keeps the region alive, and the region goes with the window. */
static void
test_mw_keeps_bound_mr (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, ALL_ACCESS, FALSE, 0, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsMW) mw = NULL;
  GVerbsMR *mr;
  GVerbsWC wc;
  guint32 mr_rkey;

  if (!qp_pair_init (&p, &o))
    return;
  mr = gverbs_mr_new (p.pd, 4096, ALL_ACCESS | GVERBS_ACCESS_MW_BIND, &error);
  g_assert_no_error (error);
  g_object_add_weak_pointer (G_OBJECT (mr), (gpointer *) &mr);
  mr_rkey = gverbs_mr_get_rkey (mr);
  mw = gverbs_mw_new (p.pd, GVERBS_MW_TYPE_1, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_qp_bind_mw (p.qp[1], mw, mr, gverbs_mr_get_addr (mr), 4096,
                                    GVERBS_ACCESS_REMOTE_WRITE, 81, GVERBS_SEND_SIGNALED, &error));
  g_assert_no_error (error);
  poll_n (p.cq[1], &wc, 1);
  g_assert_cmpint (wc.status, ==, GVERBS_WC_SUCCESS);

  /* the caller's last reference goes while the window is bound */
  g_object_unref (mr);
  g_assert_nonnull (mr);
  g_assert_true (kernel_has_mr (mr_rkey));
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (mr)));

  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (mw), &error));
  g_assert_no_error (error);
  g_assert_null (mr);
  g_assert_false (kernel_has_mr (mr_rkey));
  qp_pair_clear (&p);
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

/* The close-failure policy on a real device: closing a region a window is
 * bound to fails (rxe refuses the deregistration), and the region stays
 * open and registered until the window goes. */
static void
test_mr_close_refused_while_bound (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, ALL_ACCESS, FALSE, 0, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsMW) mw = NULL;
  guint32 mr_rkey;
  gboolean closed = TRUE;
  guint notified = 0;
  GVerbsWC wc;
  const guint64 base = 1024;

  if (!qp_pair_init (&p, &o))
    return;
  mr_rkey = gverbs_mr_get_rkey (p.mr[1]);
  mw = gverbs_mw_new (p.pd, GVERBS_MW_TYPE_1, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_qp_bind_mw (p.qp[1], mw, p.mr[1], gverbs_mr_get_addr (p.mr[1]) + base, 512,
                                    GVERBS_ACCESS_REMOTE_WRITE, 91, GVERBS_SEND_SIGNALED, &error));
  g_assert_no_error (error);
  poll_n (p.cq[1], &wc, 1);
  g_assert_cmpint (wc.status, ==, GVERBS_WC_SUCCESS);
  g_signal_connect (p.mr[1], "notify::closed", G_CALLBACK (count_notify), &notified);

  g_assert_false (gverbs_resource_close (GVERBS_RESOURCE (p.mr[1]), &error));
  g_assert_nonnull (error);
  g_test_message ("closing a bound region: %s", error->message);
  g_assert_true (error->domain == GVERBS_ERROR);
  g_assert_nonnull (g_strstr_len (error->message, -1, "ibv_dereg_mr"));
  g_clear_error (&error);

  /* still open and registered: not closed, no notify, and remote writes
   * through the window and through the region's own rkey land in it. (The
   * kernel's `rdma resource` list drops the region at the refused
   * deregistration already, so it cannot tell.) */
  g_object_get (p.mr[1], "closed", &closed, NULL);
  g_assert_false (closed);
  g_assert_cmpuint (notified, ==, 0);
  mw_write_through (&p, gverbs_mw_get_rkey (mw), 92, 37, GVERBS_WC_SUCCESS);
  assert_pattern (p.mr[1], base, 256, 37);
  mw_write_through (&p, mr_rkey, 93, 53, GVERBS_WC_SUCCESS);
  assert_pattern (p.mr[1], base, 256, 53);

  /* once the window goes, the same close succeeds, once, and the region's
   * rkey opens nothing */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (mw), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.mr[1]), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (p.mr[1])));
  g_assert_cmpuint (notified, ==, 1);
  mw_write_through (&p, mr_rkey, 94, 11, GVERBS_WC_REM_ACCESS_ERR);
  qp_pair_clear (&p);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/qp-traffic/rc-send", test_rc_send);
  g_test_add_func ("/qp-traffic/rc-send-imm", test_rc_send_imm);
  g_test_add_func ("/qp-traffic/uc-send", test_uc_send);
  g_test_add_func ("/qp-traffic/ud-send-grh", test_ud_send_grh);
  g_test_add_func ("/qp-traffic/ud-send-imm", test_ud_send_imm);
  g_test_add_func ("/qp-traffic/rc-write", test_rc_write);
  g_test_add_func ("/qp-traffic/rc-write-imm", test_rc_write_imm);
  g_test_add_func ("/qp-traffic/uc-write", test_uc_write);
  g_test_add_func ("/qp-traffic/rc-read", test_rc_read);
  g_test_add_func ("/qp-traffic/rc-atomics", test_rc_atomics);
  g_test_add_func ("/qp-traffic/inline-send", test_inline_send);
  g_test_add_func ("/qp-traffic/multi-sge-batch", test_multi_sge_batch);
  g_test_add_func ("/qp-traffic/wrong-rkey", test_wrong_rkey);
  g_test_add_func ("/qp-traffic/rnr-retry-exceeded", test_rnr_retry_exceeded);
  g_test_add_func ("/qp-traffic/post-errors", test_post_errors);
  g_test_add_func ("/qp-traffic/wr-forms", test_wr_forms);
  g_test_add_func ("/qp-traffic/mw-bind", test_mw_bind);
  g_test_add_func ("/qp-traffic/mw-keeps-bound-mr", test_mw_keeps_bound_mr);
  g_test_add_func ("/qp-traffic/mr-close-refused-while-bound", test_mr_close_refused_while_bound);
  return g_test_run ();
}
