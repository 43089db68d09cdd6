/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* The extended send API (ibv_wr_start … ibv_wr_complete) over rxe loopback. */
#include "qp-pair.h"

#define ALL_ACCESS (GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE | \
                    GVERBS_ACCESS_REMOTE_READ | GVERBS_ACCESS_REMOTE_ATOMIC)
#define ALL_OPS (GVERBS_QP_EX_WITH_SEND | GVERBS_QP_EX_WITH_SEND_WITH_IMM | \
                 GVERBS_QP_EX_WITH_RDMA_WRITE | GVERBS_QP_EX_WITH_RDMA_WRITE_WITH_IMM | \
                 GVERBS_QP_EX_WITH_RDMA_READ | GVERBS_QP_EX_WITH_ATOMIC_CMP_AND_SWP | \
                 GVERBS_QP_EX_WITH_ATOMIC_FETCH_AND_ADD)

#define QX(p) GVERBS_QP_EX ((p).qp[0])

static void
set_id (GVerbsQPEx      *qp,
        guint64          wr_id,
        GVerbsSendFlags  flags)
{
  gverbs_qp_ex_set_wr_id (qp, wr_id);
  gverbs_qp_ex_set_wr_flags (qp, flags);
  g_assert_cmpuint (gverbs_qp_ex_get_wr_id (qp), ==, wr_id);
  g_assert_cmphex (gverbs_qp_ex_get_wr_flags (qp), ==, flags);
}

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
  rwr[0] = (GVerbsRecvWR) { .wr_id = 90, .num_sge = 1, .sg_list = { mr_sge (p.mr[1], 0, 1024) } };
  rwr[1] = (GVerbsRecvWR) { .wr_id = 91, .num_sge = 1, .sg_list = { mr_sge (p.mr[1], 3500, 64) } };
  ok (gverbs_qp_post_recv (p.qp[1], rwr, 2, &error), error);

  /* one sequence, six operations, one doorbell */
  ok (gverbs_qp_ex_wr_start (QX (p), &error), error);
  set_id (QX (p), 1, GVERBS_SEND_SIGNALED);
  ok (gverbs_qp_ex_wr_send_imm (QX (p), 0x5150, &error), error);
  ok (gverbs_qp_ex_wr_set_sge (QX (p), gverbs_mr_get_lkey (p.mr[0]), gverbs_mr_get_addr (p.mr[0]), 1024, &error), error);
  set_id (QX (p), 2, GVERBS_SEND_SIGNALED);
  ok (gverbs_qp_ex_wr_rdma_write (QX (p), rkey, raddr + 1024, &error), error);
  {
    /* two buffers gathered into one write */
    GVerbsSGE sg[2] = { mr_sge (p.mr[0], 0, 256), mr_sge (p.mr[0], 256, 256) };

    ok (gverbs_qp_ex_wr_set_sge_list (QX (p), sg, 2, &error), error);
  }
  set_id (QX (p), 3, GVERBS_SEND_SIGNALED);
  ok (gverbs_qp_ex_wr_rdma_read (QX (p), rkey, raddr + 2048, &error), error);
  ok (gverbs_qp_ex_wr_set_sge (QX (p), gverbs_mr_get_lkey (p.mr[0]), gverbs_mr_get_addr (p.mr[0]) + 2048, 512, &error), error);
  set_id (QX (p), 4, GVERBS_SEND_SIGNALED);
  ok (gverbs_qp_ex_wr_atomic_cmp_swp (QX (p), rkey, raddr + 3000, 7, 70, &error), error);
  ok (gverbs_qp_ex_wr_set_sge (QX (p), gverbs_mr_get_lkey (p.mr[0]), gverbs_mr_get_addr (p.mr[0]) + 3000, 8, &error), error);
  set_id (QX (p), 5, GVERBS_SEND_SIGNALED | GVERBS_SEND_FENCE);
  ok (gverbs_qp_ex_wr_atomic_fetch_add (QX (p), rkey, raddr + 3000, 5, &error), error);
  ok (gverbs_qp_ex_wr_set_sge (QX (p), gverbs_mr_get_lkey (p.mr[0]), gverbs_mr_get_addr (p.mr[0]) + 3008, 8, &error), error);
  set_id (QX (p), 6, GVERBS_SEND_SIGNALED | GVERBS_SEND_INLINE);
  ok (gverbs_qp_ex_wr_send (QX (p), &error), error);
  ok (gverbs_qp_ex_wr_set_inline_data (QX (p), inline_data, sizeof inline_data, &error), error);
  ok (gverbs_qp_ex_wr_complete (QX (p), &error), error);

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
  rwr = (GVerbsRecvWR) { .wr_id = 80, .num_sge = 1, .sg_list = { mr_sge (p.mr[1], 0, 40 + 256) } };
  ok (gverbs_qp_post_recv (p.qp[1], &rwr, 1, &error), error);
  fill_pattern (p.mr[0], 0, 256, 61);
  ok (gverbs_qp_ex_wr_start (QX (p), &error), error);
  set_id (QX (p), 81, GVERBS_SEND_SIGNALED);
  ok (gverbs_qp_ex_wr_send (QX (p), &error), error);
  ok (gverbs_qp_ex_wr_set_ud_addr (QX (p), p.ah[0], gverbs_qp_get_qp_num (p.qp[1]), PAIR_QKEY, &error), error);
  ok (gverbs_qp_ex_wr_set_sge (QX (p), gverbs_mr_get_lkey (p.mr[0]), gverbs_mr_get_addr (p.mr[0]), 256, &error), error);
  ok (gverbs_qp_ex_wr_complete (QX (p), &error), error);
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

/* Checks that @length bytes at @offset of @mr are the bytes @sg (in @src)
 * gather, in order, followed by @trail untouched (zero) bytes. */
static void
assert_gathered (GVerbsMR        *mr,
                 guint64          offset,
                 GVerbsMR        *src,
                 const GVerbsSGE *sg,
                 guint            n,
                 gsize            trail)
{
  g_autoptr(GByteArray) want = g_byte_array_new ();
  g_autoptr(GBytes) got = NULL;
  gsize got_len;
  const guint8 *data;
  static const guint8 zeros[64];

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GBytes) b = gverbs_mr_read (src, sg[i].length, sg[i].addr - gverbs_mr_get_addr (src), NULL);

      g_byte_array_append (want, g_bytes_get_data (b, NULL), sg[i].length);
    }
  g_assert_cmpuint (trail, <=, sizeof zeros);
  g_byte_array_append (want, zeros, trail);
  got = gverbs_mr_read (mr, want->len, offset, NULL);
  data = g_bytes_get_data (got, &got_len);
  g_assert_cmpmem (data, got_len, want->data, want->len);
}

/* Gathers (and scatters) SGE lists of unequal lengths, which rxe before
 * rdma-core 64 miscounted: as many bytes as the first SGE's length times
 * the count, cut short or LOC_QP_OP_ERR. */
static void
test_sge_list_lengths (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, ALL_ACCESS, FALSE, 0, ALL_OPS };
  GError *error = NULL;
  GVerbsWC wc[4];
  GVerbsRecvWR rwr;
  GVerbsSGE w2[2], w3[3], s2[2], r3[3], bad[2];
  guint32 rkey;
  guint64 raddr;

  if (!qp_pair_init (&p, &o))
    return;
  rkey = gverbs_mr_get_rkey (p.mr[1]);
  raddr = gverbs_mr_get_addr (p.mr[1]);
  fill_pattern (p.mr[0], 0, 1024, 5);
  fill_pattern (p.mr[1], 2048, 64, 99);
  gverbs_recv_wr_init (&rwr, 70);
  rwr.num_sge = 1;
  rwr.sg_list[0] = mr_sge (p.mr[1], 1024, 256);
  ok (gverbs_qp_post_recv (p.qp[1], &rwr, 1, &error), error);
  w2[0] = mr_sge (p.mr[0], 0, 10);            /* the first shorter: was cut to 20 bytes */
  w2[1] = mr_sge (p.mr[0], 100, 20);
  w3[0] = mr_sge (p.mr[0], 200, 30);          /* the first longer: was LOC_QP_OP_ERR */
  w3[1] = mr_sge (p.mr[0], 300, 20);
  w3[2] = mr_sge (p.mr[0], 400, 10);
  s2[0] = mr_sge (p.mr[0], 600, 48);
  s2[1] = mr_sge (p.mr[0], 500, 16);
  r3[0] = mr_sge (p.mr[0], 3000, 20);
  r3[1] = mr_sge (p.mr[0], 3100, 10);
  r3[2] = mr_sge (p.mr[0], 3200, 10);

  ok (gverbs_qp_ex_wr_start (QX (p), &error), error);
  set_id (QX (p), 1, GVERBS_SEND_SIGNALED);
  ok (gverbs_qp_ex_wr_rdma_write (QX (p), rkey, raddr, &error), error);
  ok (gverbs_qp_ex_wr_set_sge_list (QX (p), w2, 2, &error), error);
  set_id (QX (p), 2, GVERBS_SEND_SIGNALED);
  ok (gverbs_qp_ex_wr_rdma_write (QX (p), rkey, raddr + 512, &error), error);
  ok (gverbs_qp_ex_wr_set_sge_list (QX (p), w3, 3, &error), error);
  set_id (QX (p), 3, GVERBS_SEND_SIGNALED);
  ok (gverbs_qp_ex_wr_send (QX (p), &error), error);
  ok (gverbs_qp_ex_wr_set_sge_list (QX (p), s2, 2, &error), error);
  set_id (QX (p), 4, GVERBS_SEND_SIGNALED);
  ok (gverbs_qp_ex_wr_rdma_read (QX (p), rkey, raddr + 2048, &error), error);
  ok (gverbs_qp_ex_wr_set_sge_list (QX (p), r3, 3, &error), error);
  ok (gverbs_qp_ex_wr_complete (QX (p), &error), error);

  poll_n (p.cq[0], wc, 4);
  for (guint i = 0; i < 4; i++)
    {
      g_assert_cmpint (wc[i].status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpuint (wc[i].wr_id, ==, i + 1);
    }
  poll_n (p.cq[1], wc, 1);
  g_assert_cmpint (wc[0].status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpuint (wc[0].byte_len, ==, 64);
  assert_gathered (p.mr[1], 0, p.mr[0], w2, 2, 16);
  assert_gathered (p.mr[1], 512, p.mr[0], w3, 3, 16);
  assert_gathered (p.mr[1], 1024, p.mr[0], s2, 2, 16);
  {
    /* the read scattered 20 + 10 + 10 bytes, nothing past any of them */
    GVerbsSGE src[3] = { mr_sge (p.mr[1], 2048, 20), mr_sge (p.mr[1], 2068, 10),
                         mr_sge (p.mr[1], 2078, 10) };

    for (guint i = 0; i < 3; i++)
      assert_gathered (p.mr[0], r3[i].addr - gverbs_mr_get_addr (p.mr[0]), p.mr[1], src + i, 1, 8);
  }

  /* 100 + 37 bytes: no list of at most 4 SGEs rxe counts right */
  bad[0] = mr_sge (p.mr[0], 0, 100);
  bad[1] = mr_sge (p.mr[0], 200, 37);
  ok (gverbs_qp_ex_wr_start (QX (p), &error), error);
  set_id (QX (p), 5, GVERBS_SEND_SIGNALED);
  ok (gverbs_qp_ex_wr_rdma_write (QX (p), rkey, raddr + 3072, &error), error);
  if (gverbs_qp_ex_wr_set_sge_list (QX (p), bad, 2, &error))
    {
      /* built against rdma-core 64 or later: posted as given */
      ok (gverbs_qp_ex_wr_complete (QX (p), &error), error);
      poll_n (p.cq[0], wc, 1);
      g_assert_cmpint (wc[0].status, ==, GVERBS_WC_SUCCESS);
      assert_gathered (p.mr[1], 3072, p.mr[0], bad, 2, 16);
    }
  else
    {
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
      g_assert_nonnull (strstr (error->message, "ibv_wr_set_sge_list"));
      g_assert_nonnull (strstr (error->message, "rdma-core 64"));
      g_clear_error (&error);
      gverbs_qp_ex_wr_abort (QX (p));
      assert_cq_empty (p.cq[0]);
    }
  qp_pair_clear (&p);
}

static void
test_misuse (void)
{
  QPPair p;
  QPPairOptions ex = { GVERBS_QPT_RC, 0, 7, ALL_ACCESS, FALSE, 0, GVERBS_QP_EX_WITH_SEND };
  g_autoptr(GError) error = NULL;
  GVerbsSGE sg[5];

  if (!qp_pair_init (&p, &ex))
    return;
  /* operations outside a sequence, a sequence opened twice */
  g_assert_false (gverbs_qp_ex_wr_send (QX (p), &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "wr_start first"));
  g_clear_error (&error);
  g_assert_false (gverbs_qp_ex_wr_complete (QX (p), &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_true (gverbs_qp_ex_wr_start (QX (p), &error));
  g_assert_false (gverbs_qp_ex_wr_start (QX (p), &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  /* a buffer before any operation */
  g_assert_false (gverbs_qp_ex_wr_set_sge (QX (p), gverbs_mr_get_lkey (p.mr[0]), gverbs_mr_get_addr (p.mr[0]), 8, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "add an operation"));
  g_clear_error (&error);
  /* an operation missing from send_ops_flags: refused, not a NULL call into the provider */
  g_assert_false (gverbs_qp_ex_wr_rdma_write (QX (p), 1, 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
  g_assert_nonnull (strstr (error->message, "GVERBS_QP_EX_WITH_RDMA_WRITE"));
  g_clear_error (&error);
  g_assert_false (gverbs_qp_ex_wr_atomic_fetch_add (QX (p), 1, 0, 1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);
  /* a UD address on an RC queue pair, more SGEs than max_send_sge (4) */
  g_assert_true (gverbs_qp_ex_wr_send (QX (p), NULL));
  {
    g_autoptr(GVerbsAHAttr) aa = gverbs_ah_attr_new ();
    g_autoptr(GVerbsGlobalRoute) gr = gverbs_global_route_new ();
    g_autoptr(GVerbsAH) ah = NULL;

    g_object_set (gr, "dgid", p.gid, "sgid-index", p.gid_index, NULL);
    g_object_set (aa, "is-global", TRUE, "port-num", 1u, "grh", gr, NULL);
    ah = gverbs_ah_new (p.pd, aa, &error);
    g_assert_no_error (error);
    g_assert_false (gverbs_qp_ex_wr_set_ud_addr (QX (p), ah, 1, 1, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
  }
  for (guint i = 0; i < 5; i++)
    sg[i] = mr_sge (p.mr[0], i * 8, 8);
  g_assert_false (gverbs_qp_ex_wr_set_sge_list (QX (p), sg, 5, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  /* an aborted sequence posts nothing */
  set_id (QX (p), 1, GVERBS_SEND_SIGNALED);
  g_assert_true (gverbs_qp_ex_wr_set_sge (QX (p), gverbs_mr_get_lkey (p.mr[0]), gverbs_mr_get_addr (p.mr[0]), 8, NULL));
  gverbs_qp_ex_wr_abort (QX (p));
  assert_cq_empty (p.cq[0]);
  /* an empty sequence completes */
  g_assert_true (gverbs_qp_ex_wr_start (QX (p), NULL));
  g_assert_true (gverbs_qp_ex_wr_complete (QX (p), &error));
  g_assert_no_error (error);
  assert_cq_empty (p.cq[0]);
  /* closing with a sequence open is fine; then everything says CLOSED */
  g_assert_true (gverbs_qp_ex_wr_start (QX (p), NULL));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.qp[0]), NULL));
  g_assert_false (gverbs_qp_ex_wr_start (QX (p), &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_false (gverbs_qp_ex_wr_send (QX (p), &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  qp_pair_clear (&p);
}

/* Creation: the PD comes from the attributes; what is refused, cleanly. */
static void
test_create (void)
{
  QPPair p;
  GVerbsQPCap cap = { 4, 4, 1, 1, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsCQ) cq = NULL;
  g_autoptr(GVerbsQPInitAttrEx) ia = NULL;
  g_autoptr(GVerbsQPEx) qp = NULL;
  g_autoptr(GVerbsQP) plain = NULL;
  g_autoptr(GVerbsContext) other = NULL;
  GVerbsQPInitAttrMask mask = 0;
  guint flags = 0;

  if (!qp_pair_open (&p))
    return;
  cq = gverbs_cq_new (p.ctx, 16, NULL, 0, &error);
  g_assert_no_error (error);
  ia = gverbs_qp_init_attr_ex_new (GVERBS_QPT_UD, cq, cq, &cap, p.pd,
                                   GVERBS_QP_EX_WITH_SEND | GVERBS_QP_EX_WITH_SEND_WITH_IMM);
  g_assert_cmphex (gverbs_qp_init_attr_ex_get_comp_mask (ia), ==,
                   GVERBS_QP_INIT_ATTR_PD | GVERBS_QP_INIT_ATTR_SEND_OPS_FLAGS);
  g_assert_true (gverbs_qp_init_attr_ex_get_pd (ia) == p.pd);
  g_assert_false (gverbs_qp_init_attr_get_sq_sig_all (GVERBS_QP_INIT_ATTR (ia)));
  g_object_set (ia, "max-tso-header", 0u, "source-qpn", 0u, "create-flags", 0u, NULL);
  g_object_get (ia, "comp-mask", &mask, NULL);
  g_assert_cmphex (mask, ==, GVERBS_QP_INIT_ATTR_PD | GVERBS_QP_INIT_ATTR_SEND_OPS_FLAGS);

  qp = gverbs_qp_ex_new (p.ctx, ia, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (GVERBS_IS_QP (qp));
  g_assert_true (gverbs_qp_get_pd (GVERBS_QP (qp)) == p.pd);
  g_assert_true (gverbs_qp_ex_get_context (qp) == p.ctx);
  g_assert_true (gverbs_qp_get_context (GVERBS_QP (qp)) == p.ctx);
  g_assert_cmpint (gverbs_qp_get_qp_state (GVERBS_QP (qp)), ==, GVERBS_QPS_RESET);
  g_assert_cmpuint (gverbs_qp_get_qp_num (GVERBS_QP (qp)), >, 0);
  g_object_get (qp, "send-ops-flags", &flags, NULL);
  g_assert_cmphex (flags, ==, GVERBS_QP_EX_WITH_SEND | GVERBS_QP_EX_WITH_SEND_WITH_IMM);
  g_clear_object (&qp);

  /* a plain GVerbsQP from extended attributes: ibv_create_qp_ex, no wr_* API */
  plain = gverbs_qp_new (p.pd, GVERBS_QP_INIT_ATTR (ia), NULL, &error);
  g_assert_no_error (error);
  g_assert_false (GVERBS_IS_QP_EX (plain));
  g_object_get (plain, "send-ops-flags", &flags, NULL);
  g_assert_cmphex (flags, ==, GVERBS_QP_EX_WITH_SEND | GVERBS_QP_EX_WITH_SEND_WITH_IMM);
  g_clear_object (&plain);

  /* without SEND_OPS_FLAGS in comp_mask: created, but no extended send API */
  g_object_set (ia, "comp-mask", GVERBS_QP_INIT_ATTR_PD, NULL);
  qp = gverbs_qp_ex_new (p.ctx, ia, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (gverbs_qp_ex_wr_start (qp, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
  g_assert_nonnull (strstr (error->message, "IBV_QP_INIT_ATTR_SEND_OPS_FLAGS"));
  g_clear_error (&error);
  g_clear_object (&qp);

  /* operations rxe does not offer on UD (RDMA write): ibv_create_qp_ex refuses */
  g_object_set (ia, "comp-mask", GVERBS_QP_INIT_ATTR_PD | GVERBS_QP_INIT_ATTR_SEND_OPS_FLAGS,
                "send-ops-flags", GVERBS_QP_EX_WITH_RDMA_WRITE, NULL);
  qp = gverbs_qp_ex_new (p.ctx, ia, NULL, &error);
  g_assert_null (qp);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "ibv_create_qp_ex"));
  g_clear_error (&error);

  /* a PD of another context */
  g_object_set (ia, "send-ops-flags", GVERBS_QP_EX_WITH_SEND, NULL);
  other = gverbs_test_open_context ();
  qp = gverbs_qp_ex_new (other, ia, NULL, &error);
  g_assert_null (qp);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* no PD at all */
  g_object_set (ia, "pd", NULL, NULL);
  qp = gverbs_qp_ex_new (p.ctx, ia, NULL, &error);
  g_assert_null (qp);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "no protection domain"));
  g_clear_error (&error);

  /* a GVerbsQPEx from plain attributes */
  {
    g_autoptr(GVerbsQPInitAttr) pia = gverbs_qp_init_attr_new (GVERBS_QPT_UD, cq, cq, &cap);

    qp = g_initable_new (GVERBS_TYPE_QP_EX, NULL, &error, "context", p.ctx, "pd", p.pd,
                         "init-attr", pia, NULL);
    g_assert_null (qp);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
  }

  /* no send CQ (a CQ and a CQEX can no longer both be given: a CQEX is a
   * GVerbsCQ, set as send-cq; test-device-cq-is-a covers that) */
  g_object_set (ia, "pd", p.pd, "send-cq", NULL, NULL);
  qp = gverbs_qp_ex_new (p.ctx, ia, NULL, &error);
  g_assert_null (qp);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "no send CQ given"));
  g_clear_error (&error);
  g_clear_object (&cq);
  qp_pair_clear (&p);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/qp-ex/rc-sequence", test_rc_sequence);
  g_test_add_func ("/qp-ex/ud-send", test_ud_send);
  g_test_add_func ("/qp-ex/sge-list-lengths", test_sge_list_lengths);
  g_test_add_func ("/qp-ex/misuse", test_misuse);
  g_test_add_func ("/qp-ex/create", test_create);
  return g_test_run ();
}
