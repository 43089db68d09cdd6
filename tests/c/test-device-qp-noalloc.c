/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* The data path allocates nothing: every heap allocation of the process
 * (libgverbs, GLib, rdma-core included) is counted around 1000 rounds of
 * post_recv + post_send + poll (tests/c/alloc-counter.c). */
#include "qp-pair.h"
#include "alloc-counter.h"

/* With @srq, the receiver's QP takes its receives from a shared receive
 * queue and gverbs_srq_post_recv() posts them. */
static void
run_no_allocation (gboolean srq)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE, FALSE, 16, .srq = srq };
  GVerbsSendWR swr;
  GVerbsRecvWR rwr;
  GVerbsWC wc[4];
  guint done_send = 0, done_recv = 0, bad = 0;
  guint64 probe, n_allocs;

  if (!qp_pair_init (&p, &o))
    return;
  gverbs_send_wr_init (&swr, 0, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
  swr.sg_list[0] = mr_sge (p.mr[0], 0, 64);
  swr.num_sge = 1;
  rwr = (GVerbsRecvWR) { .wr_id = 0, .num_sge = 1, .sg_list = { mr_sge (p.mr[1], 0, 64) } };

  /* the counter works: a g_malloc in the window is seen */
  alloc_counter_start ();
  g_free (g_malloc (16));
  probe = alloc_counter_stop ();
  g_assert_cmpuint (probe, ==, 1);

  alloc_counter_start ();
  for (guint i = 0; i < 1000; i++)
    {
      rwr.wr_id = i;
      swr.wr_id = i;
      if (!(srq ? gverbs_srq_post_recv (p.srq, &rwr, 1, NULL)
                : gverbs_qp_post_recv (p.qp[1], &rwr, 1, NULL)) ||
          !gverbs_qp_post_send (p.qp[0], &swr, 1, NULL))
        {
          bad++;
          break;
        }
      while (done_send <= i || done_recv <= i)
        {
          int n = gverbs_cq_poll (p.cq[0], wc, 4, NULL);

          for (int k = 0; k < n; k++)
            bad += wc[k].status != GVERBS_WC_SUCCESS || wc[k].wr_id != done_send++;
          n = gverbs_cq_poll (p.cq[1], wc, 4, NULL);
          for (int k = 0; k < n; k++)
            bad += wc[k].status != GVERBS_WC_SUCCESS || wc[k].wr_id != done_recv++;
          if (n < 0)
            bad++;
        }
    }
  n_allocs = alloc_counter_stop ();

  g_assert_cmpuint (bad, ==, 0);
  g_assert_cmpuint (done_send, ==, 1000);
  g_assert_cmpuint (done_recv, ==, 1000);
  g_assert_cmpuint (n_allocs, ==, 0);
  qp_pair_clear (&p);
}

static void
test_no_allocation (void)
{
  run_no_allocation (FALSE);
}

static void
test_no_allocation_srq (void)
{
  run_no_allocation (TRUE);
}

/* The batch calls: 200 rounds of 8 receives and 8 sends (the last signaled). */
static void
test_no_allocation_repeat (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE, FALSE, 16 };
  GVerbsSendWR swr;
  GVerbsRecvWR rwr;
  GVerbsWC wc[8];
  guint sends = 0, recvs = 0, bad = 0;
  guint64 n_allocs;

  if (!qp_pair_init (&p, &o))
    return;
  gverbs_send_wr_init (&swr, 8, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
  swr.sg_list[0] = mr_sge (p.mr[0], 0, 64);
  swr.num_sge = 1;
  rwr = (GVerbsRecvWR) { .wr_id = 1, .num_sge = 1, .sg_list = { mr_sge (p.mr[1], 0, 64) } };

  alloc_counter_start ();
  for (guint i = 0; i < 200 && bad == 0; i++)
    {
      if (!gverbs_qp_post_recv_repeat (p.qp[1], &rwr, 8, NULL) ||
          !gverbs_qp_post_send_repeat (p.qp[0], &swr, 8, NULL))
        bad++;
      while (bad == 0 && (sends < 8 * (i + 1) || recvs < 8 * (i + 1)))
        {
          int n = gverbs_cq_poll (p.cq[0], wc, 8, NULL);

          for (int k = 0; k < n; k++)
            {
              bad += wc[k].status != GVERBS_WC_SUCCESS;
              sends += (guint) wc[k].wr_id;
            }
          n = gverbs_cq_poll (p.cq[1], wc, 8, NULL);
          for (int k = 0; k < n; k++)
            bad += wc[k].status != GVERBS_WC_SUCCESS || wc[k].wr_id != 1;
          recvs += (guint) MAX (n, 0);
          bad += n < 0;
        }
    }
  n_allocs = alloc_counter_stop ();

  g_assert_cmpuint (bad, ==, 0);
  g_assert_cmpuint (sends, ==, 1600);
  g_assert_cmpuint (recvs, ==, 1600);
  g_assert_cmpuint (n_allocs, ==, 0);
  qp_pair_clear (&p);
}

int
main (int argc, char *argv[])
{
  alloc_counter_install ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/qp-noalloc/post-poll-1000", test_no_allocation);
  g_test_add_func ("/qp-noalloc/srq-post-poll-1000", test_no_allocation_srq);
  g_test_add_func ("/qp-noalloc/repeat-post-poll", test_no_allocation_repeat);
  return g_test_run ();
}
