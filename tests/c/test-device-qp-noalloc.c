/* The data path allocates nothing: malloc, calloc and realloc are
 * interposed for the whole process (libgverbs, GLib, rdma-core included) and
 * counted around 1000 rounds of post_recv + post_send + poll. */
#include "qp-pair.h"

extern void *__libc_malloc (size_t size);
extern void *__libc_calloc (size_t n, size_t size);
extern void *__libc_realloc (void *p, size_t size);

static volatile gboolean counting;
static volatile guint n_allocs;

void *malloc (size_t size);
void *calloc (size_t n, size_t size);
void *realloc (void *p, size_t size);

void *
malloc (size_t size)
{
  if (counting)
    n_allocs++;
  return __libc_malloc (size);
}

void *
calloc (size_t n, size_t size)
{
  if (counting)
    n_allocs++;
  return __libc_calloc (n, size);
}

void *
realloc (void *p, size_t size)
{
  if (counting)
    n_allocs++;
  return __libc_realloc (p, size);
}

/* With @srq, the receiver's QP takes its receives from a shared receive
 * queue and gverbs_srq_post_recv() posts them. */
static void
run_no_allocation (gboolean srq)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE, FALSE, 16, srq };
  GVerbsSendWR swr;
  GVerbsRecvWR rwr;
  GVerbsWC wc[4];
  guint done_send = 0, done_recv = 0, bad = 0, probe;

  if (!qp_pair_init (&p, &o))
    return;
  gverbs_send_wr_init (&swr, 0, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
  swr.sg_list[0] = mr_sge (p.mr[0], 0, 64);
  swr.num_sge = 1;
  rwr = (GVerbsRecvWR) { 0, 1, { mr_sge (p.mr[1], 0, 64) } };

  /* the counter works: a g_malloc in the window is seen */
  counting = TRUE;
  g_free (g_malloc (16));
  counting = FALSE;
  probe = n_allocs;
  g_assert_cmpuint (probe, ==, 1);
  n_allocs = 0;

  counting = TRUE;
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
  counting = FALSE;

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

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/qp-noalloc/post-poll-1000", test_no_allocation);
  g_test_add_func ("/qp-noalloc/srq-post-poll-1000", test_no_allocation_srq);
  return g_test_run ();
}
