/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* What a work request points at and how much a caller may ask for: a heap
 * request keeps its address handle alive, repeat counts the queue can
 * never hold are refused, inline sends from unmapped memory are refused
 * instead of killing the process, and a full queue or too many SGEs say
 * which limit was hit. */
#include <sys/mman.h>
#include <unistd.h>
#include "qp-pair.h"

static void
post_recv (QPPair  *p,
           guint64  wr_id,
           guint32  length)
{
  g_autoptr(GError) error = NULL;
  GVerbsRecvWR wr;

  gverbs_recv_wr_init (&wr, wr_id);
  wr.num_sge = 1;
  wr.sg_list[0] = mr_sge (p->mr[1], 0, length);
  g_assert_true (gverbs_qp_post_recv (p->qp[1], &wr, 1, &error));
  g_assert_no_error (error);
}

/* A UD request made by gverbs_send_wr_new() and addressed with set_wr_ud()
 * is posted after the last reference to its AH is gone (what a binding's
 * garbage collector does): the request held the AH, the bytes arrive. Its
 * copy holds the AH too. Under ASan this was a heap-use-after-free in
 * convert_send_wr_rest(). */
static void
test_heap_wr_holds_ah (void)
{
  g_autoptr(GError) error = NULL;
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_UD, 0, 7, GVERBS_ACCESS_LOCAL_WRITE, FALSE, 16 };
  GVerbsSendWR *wr, *copy;
  GWeakRef weak;
  GVerbsWC wc;

  if (!qp_pair_init (&p, &o))
    return;
  fill_pattern (p.mr[0], 0, 64, 11);
  wr = gverbs_send_wr_new (5, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
  g_assert_true (gverbs_send_wr_set_sge (wr, 0, &(GVerbsSGE) { gverbs_mr_get_addr (p.mr[0]), 64,
                                                            gverbs_mr_get_lkey (p.mr[0]) }, &error));
  gverbs_send_wr_set_wr_ud (wr, p.ah[0], gverbs_qp_get_qp_num (p.qp[1]), PAIR_QKEY);
  g_weak_ref_init (&weak, p.ah[0]);
  g_clear_object (&p.ah[0]);
  /* the request alone keeps it */
  {
    g_autoptr(GObject) alive = g_weak_ref_get (&weak);
    g_assert_nonnull (alive);
  }

  post_recv (&p, 50, 40 + 64);
  g_assert_true (gverbs_qp_post_send_one (p.qp[0], wr, &error));
  g_assert_no_error (error);
  poll_n (p.cq[0], &wc, 1);
  g_assert_cmpint (wc.status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpuint (wc.wr_id, ==, 5);
  poll_n (p.cq[1], &wc, 1);
  g_assert_cmpint (wc.status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpuint (wc.byte_len, ==, 40 + 64);
  assert_pattern (p.mr[1], 40, 64, 11);

  /* a copy holds it too, after the original is freed */
  copy = gverbs_send_wr_copy (wr);
  copy->wr_id = 6;
  gverbs_send_wr_free (wr);
  post_recv (&p, 51, 40 + 64);
  g_assert_true (gverbs_qp_post_send_one (p.qp[0], copy, &error));
  g_assert_no_error (error);
  poll_n (p.cq[0], &wc, 1);
  g_assert_cmpint (wc.status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpuint (wc.wr_id, ==, 6);
  poll_n (p.cq[1], &wc, 1);
  g_assert_cmpuint (wc.wr_id, ==, 51);

  /* readdressing drops the old one; freeing the last holder frees the AH */
  gverbs_send_wr_set_wr_ud (copy, p.ah[1], 0, 0);
  {
    g_autoptr(GObject) alive = g_weak_ref_get (&weak);
    g_assert_null (alive);
  }
  gverbs_send_wr_set_wr_ud (copy, NULL, 0, 0);
  gverbs_send_wr_free (copy);
  g_weak_ref_clear (&weak);

  /* closed explicitly, the AH gives a clean error at post time */
  wr = gverbs_send_wr_new (7, GVERBS_WR_SEND, 0);
  gverbs_send_wr_set_wr_ud (wr, p.ah[1], gverbs_qp_get_qp_num (p.qp[1]), PAIR_QKEY);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.ah[1]), NULL));
  g_assert_false (gverbs_qp_post_send_one (p.qp[0], wr, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  gverbs_send_wr_free (wr);
  qp_pair_clear (&p);
}

/* A repeat count above what the queue holds is refused at once with the
 * limit named; it used to post for as long as the device drained the
 * queue (2^31 sends did not return within 60 s). */
static void
test_repeat_count_bounds (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE, FALSE, 16 };
  GVerbsSendWR swr;
  GVerbsRecvWR rwr;
  GVerbsQPCap cap;
  gint64 start;

  if (!qp_pair_init (&p, &o))
    return;
  gverbs_qp_get_cap (p.qp[0], &cap);
  gverbs_send_wr_init (&swr, 1, GVERBS_WR_SEND, 0);
  swr.sg_list[0] = mr_sge (p.mr[0], 0, 8);
  swr.num_sge = 1;
  gverbs_recv_wr_init (&rwr, 2);
  rwr.sg_list[0] = mr_sge (p.mr[1], 0, 8);
  rwr.num_sge = 1;
  start = g_get_monotonic_time ();
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *limit = g_strdup_printf ("max_send_wr %u", cap.max_send_wr);

    g_assert_false (gverbs_qp_post_send_repeat (p.qp[0], &swr, 1u << 31, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
    g_assert_nonnull (strstr (error->message, limit));
    g_assert_nonnull (strstr (error->message, "count 2147483648"));
  }
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (gverbs_qp_post_send_repeat (p.qp[0], &swr, cap.max_send_wr + 1, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
  }
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *limit = g_strdup_printf ("max_recv_wr %u", cap.max_recv_wr);

    g_assert_false (gverbs_qp_post_recv_repeat (p.qp[1], &rwr, G_MAXUINT, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
    g_assert_nonnull (strstr (error->message, limit));
  }
  g_assert_cmpint (g_get_monotonic_time () - start, <, G_USEC_PER_SEC);
  /* nothing was posted */
  assert_cq_empty (p.cq[0]);
  assert_cq_empty (p.cq[1]);
  /* exactly a queue's worth is fine */
  {
    g_autoptr(GError) error = NULL;
    GVerbsWC wc[64];

    g_assert_true (gverbs_qp_post_recv_repeat (p.qp[1], &rwr, cap.max_recv_wr, &error));
    g_assert_no_error (error);
    g_assert_true (gverbs_qp_post_send_repeat (p.qp[0], &swr, MIN (cap.max_send_wr, cap.max_recv_wr), &error));
    g_assert_no_error (error);
    poll_n (p.cq[1], wc, MIN (cap.max_send_wr, cap.max_recv_wr));
  }
  qp_pair_clear (&p);
}

/* IBV_SEND_INLINE from an address that is not mapped: the provider would
 * memcpy() from it and kill the process; it is refused with a GError. A
 * valid inline send (from an MR, or from plain readable memory) still
 * delivers its bytes; more than max_inline_data is refused by name. */
static void
test_inline_unmapped (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 64, 7, GVERBS_ACCESS_LOCAL_WRITE, FALSE, 16 };
  GVerbsSendWR wr;
  GVerbsQPCap cap;
  GVerbsWC wc;
  long page = sysconf (_SC_PAGESIZE);
  void *hole;

  if (!qp_pair_init (&p, &o))
    return;
  gverbs_qp_get_cap (p.qp[0], &cap);
  g_assert_cmpuint (cap.max_inline_data, >=, 64);
  hole = mmap (NULL, (size_t) page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  g_assert_true (hole != MAP_FAILED);
  g_assert_cmpint (munmap (hole, (size_t) page), ==, 0);

  for (guint kind = 0; kind < 3; kind++)
    {
      g_autoptr(GError) error = NULL;

      gverbs_send_wr_init (&wr, 30 + kind, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED | GVERBS_SEND_INLINE);
      wr.num_sge = 1;
      /* unmapped, with no lkey; unmapped, with the MR's lkey (an address
       * outside the MR); address 8, repeated */
      wr.sg_list[0] = (GVerbsSGE) { kind == 2 ? 8 : (guint64) (guintptr) hole, 32,
                                    kind == 0 ? 0 : gverbs_mr_get_lkey (p.mr[0]) };
      if (kind == 2)
        g_assert_false (gverbs_qp_post_send_repeat (p.qp[0], &wr, 2, &error));
      else
        g_assert_false (gverbs_qp_post_send (p.qp[0], &wr, 1, &error));
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, "not readable memory"));
    }
  assert_cq_empty (p.cq[0]);

  /* too long for inline */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *limit = g_strdup_printf ("max_inline_data %u", cap.max_inline_data);

    gverbs_send_wr_init (&wr, 40, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED | GVERBS_SEND_INLINE);
    wr.num_sge = 1;
    wr.sg_list[0] = mr_sge (p.mr[0], 0, cap.max_inline_data + 1);
    g_assert_false (gverbs_qp_post_send (p.qp[0], &wr, 1, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
    g_assert_nonnull (strstr (error->message, limit));
  }

  /* valid inline from the MR: the bytes arrive, and the QP still works */
  {
    g_autoptr(GError) error = NULL;

    fill_pattern (p.mr[0], 512, 48, 21);
    post_recv (&p, 60, 64);
    gverbs_send_wr_init (&wr, 41, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED | GVERBS_SEND_INLINE);
    wr.num_sge = 1;
    wr.sg_list[0] = mr_sge (p.mr[0], 512, 48);
    g_assert_true (gverbs_qp_post_send (p.qp[0], &wr, 1, &error));
    g_assert_no_error (error);
    fill_pattern (p.mr[0], 512, 48, 99);   /* copied at post time */
    poll_n (p.cq[0], &wc, 1);
    g_assert_cmpint (wc.status, ==, GVERBS_WC_SUCCESS);
    g_assert_cmpuint (wc.wr_id, ==, 41);
    poll_n (p.cq[1], &wc, 1);
    g_assert_cmpint (wc.status, ==, GVERBS_WC_SUCCESS);
    g_assert_cmpuint (wc.byte_len, ==, 48);
    assert_pattern (p.mr[1], 0, 48, 21);
  }
  /* after the MR closes, its lkey no longer vouches for its old address,
   * and its pages, kept mapped for the next region, are not plain memory
   * either (with its lkey, and with none) */
  {
    guint64 addr = gverbs_mr_get_addr (p.mr[0]);
    guint32 lkey = gverbs_mr_get_lkey (p.mr[0]);

    g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.mr[0]), NULL));
    for (guint kind = 0; kind < 2; kind++)
      {
        g_autoptr(GError) error = NULL;

        gverbs_send_wr_init (&wr, 42 + kind, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED | GVERBS_SEND_INLINE);
        wr.num_sge = 1;
        wr.sg_list[0] = (GVerbsSGE) { addr + 8 * kind, 32, kind == 0 ? lkey : 0 };
        g_assert_false (gverbs_qp_post_send (p.qp[0], &wr, 1, &error));
        g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
        g_assert_nonnull (strstr (error->message, "closed memory region"));
      }
    assert_cq_empty (p.cq[0]);
  }
  qp_pair_clear (&p);
}

/* A full send queue and a full receive queue say so, with the queue's size,
 * not the locked-memory hint of other ENOMEMs; more SGEs than the QP was
 * made for names max_send_sge / max_recv_sge instead of a bare EINVAL. */
static void
test_limit_messages (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE,
                      FALSE, 16 };
  g_autoptr(GVerbsQPAttr) attr = gverbs_qp_attr_new ();
  GVerbsSendWR swr;
  GVerbsRecvWR rwr;
  GVerbsQPCap cap;
  g_autoptr(GError) error = NULL;
  guint posted;

  if (!qp_pair_init (&p, &o))
    return;
  gverbs_qp_get_cap (p.qp[0], &cap);
  /* the peer never answers: nothing completes, the send queue fills */
  g_object_set (attr, "qp-state", GVERBS_QPS_ERR, NULL);
  g_assert_true (gverbs_qp_modify (p.qp[1], attr, GVERBS_QP_STATE, NULL));
  gverbs_send_wr_init (&swr, 7, GVERBS_WR_RDMA_WRITE, 0);
  swr.sg_list[0] = mr_sge (p.mr[0], 0, 8);
  swr.num_sge = 1;
  gverbs_send_wr_set_wr_rdma (&swr, gverbs_mr_get_rkey (p.mr[1]), gverbs_mr_get_addr (p.mr[1]));
  for (posted = 0; posted <= cap.max_send_wr + 64; posted++)
    if (!gverbs_qp_post_send (p.qp[0], &swr, 1, &error))
      break;
  g_assert_cmpuint (posted, >=, cap.max_send_wr);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_MEMORY);
  g_assert_nonnull (strstr (error->message, "send queue is full"));
  g_assert_nonnull (strstr (error->message, "max_send_wr"));
  g_assert_null (strstr (error->message, "ulimit"));
  g_clear_error (&error);

  /* receives on the other QP of a fresh pair are never consumed */
  gverbs_recv_wr_init (&rwr, 9);
  rwr.sg_list[0] = mr_sge (p.mr[0], 0, 8);
  rwr.num_sge = 1;
  for (posted = 0; posted <= cap.max_recv_wr + 64; posted++)
    if (!gverbs_qp_post_recv (p.qp[0], &rwr, 1, &error))
      break;
  g_assert_cmpuint (posted, >=, cap.max_recv_wr);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_MEMORY);
  g_assert_nonnull (strstr (error->message, "receive queue is full"));
  g_assert_null (strstr (error->message, "ulimit"));
  g_clear_error (&error);

  if (cap.max_send_sge < GVERBS_MAX_SGE)
    {
      g_autofree char *limit = g_strdup_printf ("max_send_sge %u", cap.max_send_sge);
      GVerbsSendWR w2;

      gverbs_send_wr_init (&w2, 11, GVERBS_WR_SEND, 0);
      w2.num_sge = cap.max_send_sge + 1;
      for (guint i = 0; i < w2.num_sge; i++)
        w2.sg_list[i] = mr_sge (p.mr[1], 8 * i, 8);
      g_assert_false (gverbs_qp_post_send (p.qp[1], &w2, 1, &error));
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, limit));
      g_clear_error (&error);
    }
  if (cap.max_recv_sge < GVERBS_MAX_SGE)
    {
      g_autofree char *limit = g_strdup_printf ("max_recv_sge %u", cap.max_recv_sge);
      GVerbsRecvWR r2;

      gverbs_recv_wr_init (&r2, 12);
      r2.num_sge = cap.max_recv_sge + 1;
      for (guint i = 0; i < r2.num_sge; i++)
        r2.sg_list[i] = mr_sge (p.mr[1], 8 * i, 8);
      g_assert_false (gverbs_qp_post_recv (p.qp[1], &r2, 1, &error));
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, limit));
      g_clear_error (&error);
    }
  qp_pair_clear (&p);
}

/* A full SRQ says so, with its size; the AH count limit is named. */
static void
test_srq_full_and_ah_limit (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE, FALSE, 16 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) ahs = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GVerbsDeviceAttr) dev = NULL;
  g_autoptr(GVerbsAHAttr) ah_attr = gverbs_ah_attr_new ();
  g_autoptr(GVerbsGlobalRoute) gr = gverbs_global_route_new ();
  GVerbsRecvWR rwr;
  guint posted;
  int max_ah = 0;

  o.srq = TRUE;
  if (!qp_pair_init (&p, &o))
    return;
  gverbs_recv_wr_init (&rwr, 3);
  rwr.sg_list[0] = mr_sge (p.mr[1], 0, 8);
  rwr.num_sge = 1;
  for (posted = 0; posted < 16 + 128; posted++)
    if (!gverbs_srq_post_recv (p.srq, &rwr, 1, &error))
      break;
  g_assert_cmpuint (posted, >=, 16);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_MEMORY);
  g_assert_nonnull (strstr (error->message, "shared receive queue is full (max_wr "));
  g_assert_null (strstr (error->message, "ulimit"));
  g_clear_error (&error);

  dev = gverbs_context_query_device (p.ctx, &error);
  g_assert_no_error (error);
  g_object_get (dev, "max-ah", &max_ah, NULL);
  g_assert_cmpint (max_ah, >, 0);
  if (max_ah > 100000)
    {
      g_test_message ("max_ah %d: too many to exhaust here", max_ah);
      qp_pair_clear (&p);
      return;
    }
  g_object_set (gr, "dgid", p.gid, "sgid-index", p.gid_index, NULL);
  g_object_set (ah_attr, "is-global", TRUE, "port-num", 1u, "grh", gr, NULL);
  for (int i = 0; i <= max_ah + 16; i++)
    {
      GVerbsAH *ah = gverbs_ah_new (p.pd, ah_attr, &error);

      if (ah == NULL)
        break;
      g_ptr_array_add (ahs, ah);
    }
  g_assert_nonnull (error);
  g_test_message ("%u AHs, then: %s", ahs->len, error->message);
  {
    g_autofree char *limit = g_strdup_printf ("max_ah %d", max_ah);
    g_assert_nonnull (strstr (error->message, limit));
  }
  g_ptr_array_set_size (ahs, 0);
  qp_pair_clear (&p);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/wr-safety/heap-wr-holds-ah", test_heap_wr_holds_ah);
  g_test_add_func ("/wr-safety/repeat-count-bounds", test_repeat_count_bounds);
  g_test_add_func ("/wr-safety/inline-unmapped", test_inline_unmapped);
  g_test_add_func ("/wr-safety/limit-messages", test_limit_messages);
  g_test_add_func ("/wr-safety/srq-full-and-ah-limit", test_srq_full_and_ah_limit);
  return g_test_run ();
}
