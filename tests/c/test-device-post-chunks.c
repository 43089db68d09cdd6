/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* The chunked post paths of the QP (send and receive) and the SRQ: more
 * requests than one chunk (32) with a bad one in the second chunk. The
 * error names the bad request by its index in the whole call, and the
 * first chunk, posted before it, is on the device: its completions come. */
#include "qp-pair.h"

#define N_WRS 40
#define BAD 35
#define CHUNK 32

static void
assert_bad_sge_error (const GError *error)
{
  g_autofree char *which = g_strdup_printf ("Work request %u for ", BAD);
  g_autofree char *count = g_strdup_printf ("num_sge %u > %u", GVERBS_MAX_SGE + 1, GVERBS_MAX_SGE);

  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
  g_assert_nonnull (strstr (error->message, which));
  g_assert_nonnull (strstr (error->message, count));
}

/* Polls @n completions of @cq: successful, wr_ids 0 .. @n - 1 in order. */
static void
assert_completions (GVerbsCQ *cq,
                    guint     n)
{
  GVerbsWC wcs[N_WRS];

  poll_n (cq, wcs, n);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpint (wcs[i].status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpuint (wcs[i].wr_id, ==, i);
    }
  assert_cq_empty (cq);
}

/* @n sends of 8 bytes from qp[0], signaled, wr_ids 100 + i. */
static void
send_n (QPPair *p,
        guint   n)
{
  g_autoptr(GError) error = NULL;
  GVerbsSendWR wrs[N_WRS];
  GVerbsWC wcs[N_WRS];

  for (guint i = 0; i < n; i++)
    {
      gverbs_send_wr_init (&wrs[i], 100 + i, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
      wrs[i].sg_list[0] = mr_sge (p->mr[0], 8 * i, 8);
      wrs[i].num_sge = 1;
    }
  g_assert_true (gverbs_qp_post_send (p->qp[0], wrs, n, &error));
  g_assert_no_error (error);
  poll_n (p->cq[0], wcs, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (wcs[i].status, ==, GVERBS_WC_SUCCESS);
}

static void
test_qp_send (void)
{
  g_autoptr(GError) error = NULL;
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE, FALSE, 64 };
  GVerbsSendWR wrs[N_WRS];

  if (!qp_pair_init (&p, &o))
    return;
  fill_pattern (p.mr[0], 0, 8 * N_WRS, 3);
  fill_pattern (p.mr[1], 8 * CHUNK, 8 * (N_WRS - CHUNK), 9);
  for (guint i = 0; i < N_WRS; i++)
    {
      gverbs_send_wr_init (&wrs[i], i, GVERBS_WR_RDMA_WRITE, GVERBS_SEND_SIGNALED);
      gverbs_send_wr_set_wr_rdma (&wrs[i], gverbs_mr_get_rkey (p.mr[1]), gverbs_mr_get_addr (p.mr[1]) + 8 * i);
      wrs[i].sg_list[0] = mr_sge (p.mr[0], 8 * i, 8);
      wrs[i].num_sge = 1;
    }
  wrs[BAD].num_sge = GVERBS_MAX_SGE + 1;
  g_assert_false (gverbs_qp_post_send (p.qp[0], wrs, N_WRS, &error));
  assert_bad_sge_error (error);
  assert_completions (p.cq[0], CHUNK);
  /* the first chunk's bytes arrived, the rest did not */
  assert_pattern (p.mr[1], 0, 8 * CHUNK, 3);
  assert_pattern (p.mr[1], 8 * CHUNK, 8 * (N_WRS - CHUNK), 9);
  qp_pair_clear (&p);
}

static void
test_qp_recv_list (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) wrs = g_ptr_array_new_with_free_func ((GDestroyNotify) gverbs_recv_wr_free);
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE, FALSE, 64 };

  if (!qp_pair_init (&p, &o))
    return;
  for (guint i = 0; i < N_WRS; i++)
    {
      GVerbsRecvWR *wr = gverbs_recv_wr_new (i);

      wr->sg_list[0] = mr_sge (p.mr[1], 8 * i, 8);
      wr->num_sge = i == BAD ? GVERBS_MAX_SGE + 1 : 1;
      g_ptr_array_add (wrs, wr);
    }
  g_assert_false (gverbs_qp_post_recv_list (p.qp[1], wrs, &error));
  assert_bad_sge_error (error);
  send_n (&p, CHUNK);
  assert_completions (p.cq[1], CHUNK);
  qp_pair_clear (&p);
}

static void
test_srq_list (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) wrs = g_ptr_array_new_with_free_func ((GDestroyNotify) gverbs_recv_wr_free);
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE, FALSE, 64 };

  o.srq = TRUE;
  if (!qp_pair_init (&p, &o))
    return;
  for (guint i = 0; i < N_WRS; i++)
    {
      GVerbsRecvWR *wr = gverbs_recv_wr_new (i);

      wr->sg_list[0] = mr_sge (p.mr[1], 8 * i, 8);
      wr->num_sge = i == BAD ? GVERBS_MAX_SGE + 1 : 1;
      g_ptr_array_add (wrs, wr);
    }
  g_assert_false (gverbs_srq_post_recv_list (p.srq, wrs, &error));
  assert_bad_sge_error (error);
  send_n (&p, CHUNK);
  assert_completions (p.cq[1], CHUNK);
  qp_pair_clear (&p);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/post-chunks/qp-send", test_qp_send);
  g_test_add_func ("/post-chunks/qp-recv-list", test_qp_recv_list);
  g_test_add_func ("/post-chunks/srq-list", test_srq_list);
  return g_test_run ();
}
