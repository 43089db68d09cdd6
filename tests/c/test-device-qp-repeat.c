/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* The batch calls gverbs_qp_post_send_repeat() and
 * gverbs_qp_post_recv_repeat(): N copies of one work request in one call,
 * with selective signaling on the send side. */
#include "qp-pair.h"

#define N_MSGS 40   /* more than one chunk of 32 */

/* 40 sends of one buffer into 40 receives of another: every receive gets
 * the bytes, and a signaled template produces exactly one send completion. */
static void
test_send_recv_repeat (void)
{
  g_autoptr(GError) error = NULL;
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE, FALSE, 64 };
  GVerbsSendWR swr;
  GVerbsRecvWR rwr;
  GVerbsWC wc[N_MSGS];

  if (!qp_pair_init (&p, &o))
    return;
  fill_pattern (p.mr[0], 0, 64, 3);
  rwr = (GVerbsRecvWR) { .wr_id = 77, .num_sge = 1, .sg_list = { mr_sge (p.mr[1], 128, 64) } };
  g_assert_true (gverbs_qp_post_recv_repeat (p.qp[1], &rwr, N_MSGS, &error));
  g_assert_no_error (error);

  gverbs_send_wr_init (&swr, 1234, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
  swr.sg_list[0] = mr_sge (p.mr[0], 0, 64);
  swr.num_sge = 1;
  g_assert_true (gverbs_qp_post_send_repeat (p.qp[0], &swr, N_MSGS, &error));
  g_assert_no_error (error);

  poll_n (p.cq[1], wc, N_MSGS);
  for (guint i = 0; i < N_MSGS; i++)
    {
      g_assert_cmpint (wc[i].status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpint (wc[i].opcode, ==, GVERBS_WC_RECV);
      g_assert_cmpuint (wc[i].wr_id, ==, 77);
      g_assert_cmpuint (wc[i].byte_len, ==, 64);
      g_assert_cmpuint (wc[i].qp_num, ==, gverbs_qp_get_qp_num (p.qp[1]));
    }
  assert_pattern (p.mr[1], 128, 64, 3);
  poll_n (p.cq[0], wc, 1);
  g_assert_cmpint (wc[0].status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpint (wc[0].opcode, ==, GVERBS_WC_SEND);
  g_assert_cmpuint (wc[0].wr_id, ==, 1234);
  /* only the last copy was signaled; the template itself is unchanged */
  assert_cq_empty (p.cq[0]);
  assert_cq_empty (p.cq[1]);
  g_assert_cmpuint (swr.send_flags, ==, GVERBS_SEND_SIGNALED);

  /* an unsignaled template: the receives complete, the sends do not */
  swr.send_flags = 0;
  g_assert_true (gverbs_qp_post_recv_repeat (p.qp[1], &rwr, 3, &error));
  g_assert_true (gverbs_qp_post_send_repeat (p.qp[0], &swr, 3, &error));
  g_assert_no_error (error);
  poll_n (p.cq[1], wc, 3);
  assert_cq_empty (p.cq[0]);
  assert_cq_empty (p.cq[1]);

  /* count 0 posts nothing */
  g_assert_true (gverbs_qp_post_send_repeat (p.qp[0], &swr, 0, &error));
  g_assert_true (gverbs_qp_post_recv_repeat (p.qp[1], &rwr, 0, &error));
  g_assert_no_error (error);
  assert_cq_empty (p.cq[1]);
  qp_pair_clear (&p);
}

/* RDMA write repeated: the remote buffer gets the bytes, one completion. */
static void
test_write_repeat (void)
{
  g_autoptr(GError) error = NULL;
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE,
                      FALSE, 64 };
  GVerbsSendWR swr;
  GVerbsWC wc;

  if (!qp_pair_init (&p, &o))
    return;
  fill_pattern (p.mr[0], 256, 100, 9);
  gverbs_send_wr_init (&swr, 5, GVERBS_WR_RDMA_WRITE, GVERBS_SEND_SIGNALED);
  swr.sg_list[0] = mr_sge (p.mr[0], 256, 100);
  swr.num_sge = 1;
  gverbs_send_wr_set_wr_rdma (&swr, gverbs_mr_get_rkey (p.mr[1]), gverbs_mr_get_addr (p.mr[1]) + 1000);
  g_assert_true (gverbs_qp_post_send_repeat (p.qp[0], &swr, N_MSGS, &error));
  g_assert_no_error (error);
  poll_n (p.cq[0], &wc, 1);
  g_assert_cmpint (wc.status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpint (wc.opcode, ==, GVERBS_WC_RDMA_WRITE);
  g_assert_cmpuint (wc.wr_id, ==, 5);
  assert_cq_empty (p.cq[0]);
  assert_pattern (p.mr[1], 1000, 100, 9);
  qp_pair_clear (&p);
}

/* UD sends repeated: the copies that are not kept in the QP (its own copy
 * of the whole request on the stack, AH and all); 40 receives get the bytes
 * behind their GRH, one send completes. */
static void
test_ud_send_repeat (void)
{
  g_autoptr(GError) error = NULL;
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_UD, 0, 7, GVERBS_ACCESS_LOCAL_WRITE, FALSE, 64 };
  GVerbsSendWR swr;
  GVerbsRecvWR rwr;
  GVerbsWC wc[N_MSGS];

  if (!qp_pair_init (&p, &o))
    return;
  fill_pattern (p.mr[0], 0, 64, 5);
  gverbs_recv_wr_init (&rwr, 78);
  rwr.num_sge = 1;
  rwr.sg_list[0] = mr_sge (p.mr[1], 0, 40 + 64);
  g_assert_true (gverbs_qp_post_recv_repeat (p.qp[1], &rwr, N_MSGS, &error));
  gverbs_send_wr_init (&swr, 4321, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
  swr.sg_list[0] = mr_sge (p.mr[0], 0, 64);
  swr.num_sge = 1;
  gverbs_send_wr_set_wr_ud (&swr, p.ah[0], gverbs_qp_get_qp_num (p.qp[1]), PAIR_QKEY);
  g_assert_true (gverbs_qp_post_send_repeat (p.qp[0], &swr, N_MSGS, &error));
  g_assert_no_error (error);

  poll_n (p.cq[1], wc, N_MSGS);
  for (guint i = 0; i < N_MSGS; i++)
    {
      g_assert_cmpint (wc[i].status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpuint (wc[i].wr_id, ==, 78);
      g_assert_cmpuint (wc[i].byte_len, ==, 40 + 64);
      g_assert_cmpuint (wc[i].src_qp, ==, gverbs_qp_get_qp_num (p.qp[0]));
    }
  assert_pattern (p.mr[1], 40, 64, 5);
  poll_n (p.cq[0], wc, 1);
  g_assert_cmpint (wc[0].status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpuint (wc[0].wr_id, ==, 4321);
  assert_cq_empty (p.cq[0]);
  assert_cq_empty (p.cq[1]);
  qp_pair_clear (&p);
}

static guint64
mr_u64 (GVerbsMR *mr,
        guint64   offset)
{
  guint64 v;

  memcpy (&v, (const guint8 *) (guintptr) gverbs_mr_get_addr (mr) + offset, sizeof v);
  return v;
}

/* An atomic repeated: copied whole on the stack (never kept in the QP);
 * 40 fetch-and-adds of 3 leave 120, and the last one fetched 117. */
static void
test_atomic_repeat (void)
{
  g_autoptr(GError) error = NULL;
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_ATOMIC,
                      FALSE, 64 };
  GVerbsSendWR swr;
  GVerbsWC wc;

  if (!qp_pair_init (&p, &o))
    return;
  g_assert_cmpuint (mr_u64 (p.mr[1], 64), ==, 0);
  gverbs_send_wr_init (&swr, 19, GVERBS_WR_ATOMIC_FETCH_AND_ADD, GVERBS_SEND_SIGNALED);
  swr.sg_list[0] = mr_sge (p.mr[0], 16, 8);
  swr.num_sge = 1;
  gverbs_send_wr_set_wr_atomic (&swr, gverbs_mr_get_rkey (p.mr[1]), gverbs_mr_get_addr (p.mr[1]) + 64,
                                3, 0);
  g_assert_true (gverbs_qp_post_send_repeat (p.qp[0], &swr, N_MSGS, &error));
  g_assert_no_error (error);
  poll_n (p.cq[0], &wc, 1);
  g_assert_cmpint (wc.status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpint (wc.opcode, ==, GVERBS_WC_FETCH_ADD);
  g_assert_cmpuint (wc.wr_id, ==, 19);
  assert_cq_empty (p.cq[0]);
  g_assert_cmpuint (mr_u64 (p.mr[1], 64), ==, 3 * N_MSGS);
  g_assert_cmpuint (mr_u64 (p.mr[0], 16), ==, 3 * (N_MSGS - 1));
  qp_pair_clear (&p);
}

/* The QP keeps post_send_repeat's copies between calls: whatever changes in
 * the template (wr_id, buffers, remote address, flags, opcode) must reach
 * the device, and a chain that holds no more copies than a second, longer
 * call needs is extended. */
static void
test_repeat_kept_chain (void)
{
  g_autoptr(GError) error = NULL;
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE |
                      GVERBS_ACCESS_REMOTE_READ,
                      FALSE, 64 };
  guint32 rkey;
  guint64 raddr;
  GVerbsSendWR swr;
  GVerbsWC wc;

  if (!qp_pair_init (&p, &o))
    return;
  rkey = gverbs_mr_get_rkey (p.mr[1]);
  raddr = gverbs_mr_get_addr (p.mr[1]);
  fill_pattern (p.mr[0], 0, 64, 1);
  fill_pattern (p.mr[0], 64, 64, 2);
  gverbs_send_wr_init (&swr, 10, GVERBS_WR_RDMA_WRITE, GVERBS_SEND_SIGNALED);
  swr.sg_list[0] = mr_sge (p.mr[0], 0, 64);
  swr.num_sge = 1;
  gverbs_send_wr_set_wr_rdma (&swr, rkey, raddr);
  /* 3 copies first, then 40: the chain grows */
  for (guint round = 0; round < 2; round++)
    {
      g_assert_true (gverbs_qp_post_send_repeat (p.qp[0], &swr, round == 0 ? 3 : N_MSGS, &error));
      g_assert_no_error (error);
      poll_n (p.cq[0], &wc, 1);
      g_assert_cmpint (wc.status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpuint (wc.wr_id, ==, 10);
      assert_cq_empty (p.cq[0]);
    }
  assert_pattern (p.mr[1], 0, 64, 1);

  /* the same struct, changed in place, field by field */
  swr.wr_id = 11;
  swr.sg_list[0] = mr_sge (p.mr[0], 64, 64);
  swr.remote_addr = raddr + 512;
  g_assert_true (gverbs_qp_post_send_repeat (p.qp[0], &swr, 5, &error));
  poll_n (p.cq[0], &wc, 1);
  g_assert_cmpuint (wc.wr_id, ==, 11);
  assert_pattern (p.mr[1], 512, 64, 2);

  swr.remote_addr = raddr + 1024;
  g_assert_true (gverbs_qp_post_send_repeat (p.qp[0], &swr, 5, &error));
  poll_n (p.cq[0], &wc, 1);
  g_assert_cmpuint (wc.wr_id, ==, 11);
  assert_pattern (p.mr[1], 1024, 64, 2);

  swr.sg_list[0].length = 32;
  swr.remote_addr = raddr + 2048;
  g_assert_true (gverbs_qp_post_send_repeat (p.qp[0], &swr, 5, &error));
  poll_n (p.cq[0], &wc, 1);
  assert_pattern (p.mr[1], 2048, 32, 2);
  {
    const guint8 *after = (const guint8 *) gverbs_mr_get_addr (p.mr[1]) + 2048 + 32;

    for (guint i = 0; i < 32; i++)
      g_assert_cmpuint (after[i], ==, 0);
  }

  /* unsignaled: nothing completes; signaled again: one completion */
  swr.send_flags = 0;
  g_assert_true (gverbs_qp_post_send_repeat (p.qp[0], &swr, 2, &error));
  swr.send_flags = GVERBS_SEND_SIGNALED;
  swr.wr_id = 12;
  g_assert_true (gverbs_qp_post_send_repeat (p.qp[0], &swr, 1, &error));
  g_assert_no_error (error);
  poll_n (p.cq[0], &wc, 1);
  g_assert_cmpuint (wc.wr_id, ==, 12);
  assert_cq_empty (p.cq[0]);

  /* another opcode with the same buffers: an RDMA read back into mr[0] */
  swr.opcode = GVERBS_WR_RDMA_READ;
  swr.wr_id = 13;
  swr.sg_list[0] = mr_sge (p.mr[0], 256, 64);
  swr.remote_addr = raddr;
  g_assert_true (gverbs_qp_post_send_repeat (p.qp[0], &swr, 4, &error));
  g_assert_no_error (error);
  poll_n (p.cq[0], &wc, 1);
  g_assert_cmpint (wc.status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpint (wc.opcode, ==, GVERBS_WC_RDMA_READ);
  g_assert_cmpuint (wc.wr_id, ==, 13);
  assert_pattern (p.mr[0], 256, 64, 1);
  assert_cq_empty (p.cq[0]);
  qp_pair_clear (&p);
}

/* More copies than the send queue holds are refused before anything is
 * posted, with the limit named. A queue's worth to a peer that never
 * answers (its QP is in the error state, so nothing completes and the
 * queue stays full) is posted; once the queue is full, the next call is
 * refused at its first copy, as a full queue. */
static void
test_repeat_send_queue_full (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE,
                      FALSE, 16 };
  g_autoptr(GVerbsQPAttr) attr = gverbs_qp_attr_new ();
  GVerbsSendWR swr;
  GVerbsQPCap cap;

  if (!qp_pair_init (&p, &o))
    return;
  gverbs_qp_get_cap (p.qp[0], &cap);
  g_object_set (attr, "qp-state", GVERBS_QPS_ERR, NULL);
  g_assert_true (gverbs_qp_modify (p.qp[1], attr, GVERBS_QP_STATE, NULL));
  gverbs_send_wr_init (&swr, 7, GVERBS_WR_RDMA_WRITE, 0);
  swr.sg_list[0] = mr_sge (p.mr[0], 0, 8);
  swr.num_sge = 1;
  gverbs_send_wr_set_wr_rdma (&swr, gverbs_mr_get_rkey (p.mr[1]), gverbs_mr_get_addr (p.mr[1]));
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (gverbs_qp_post_send_repeat (p.qp[0], &swr, 200, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
    g_assert_nonnull (strstr (error->message, "count 200 > the queue pair's max_send_wr"));
  }
  {
    g_autoptr(GError) error = NULL;

    guint posted;

    g_assert_true (gverbs_qp_post_send_repeat (p.qp[0], &swr, cap.max_send_wr, &error));
    g_assert_no_error (error);
    /* rxe's ring may hold a few more than it reports: fill it up */
    for (posted = 0; posted < 64; posted++)
      if (!gverbs_qp_post_send (p.qp[0], &swr, 1, &error))
        break;
    g_assert_cmpuint (posted, <, 64);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_MEMORY);
  }
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (gverbs_qp_post_send_repeat (p.qp[0], &swr, 3, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_MEMORY);
    g_assert_nonnull (strstr (error->message, "ibv_post_send"));
    g_assert_nonnull (strstr (error->message, "send queue is full"));
    g_assert_nonnull (strstr (error->message, "work request 0 of 3 (wr_id 7) refused"));
  }
  qp_pair_clear (&p);
}

typedef struct
{
  GVerbsQP *qp;
  GVerbsMR *local;
  GVerbsMR *remote;
  guint index;
  gboolean ok;
} RepeatThread;

static gpointer
repeat_thread (gpointer data)
{
  RepeatThread *t = data;
  GVerbsSendWR swr;

  gverbs_send_wr_init (&swr, 100 + t->index, GVERBS_WR_RDMA_WRITE, GVERBS_SEND_SIGNALED);
  swr.sg_list[0] = mr_sge (t->local, 64 * t->index, 64);
  swr.num_sge = 1;
  gverbs_send_wr_set_wr_rdma (&swr, gverbs_mr_get_rkey (t->remote),
                              gverbs_mr_get_addr (t->remote) + 1024 * t->index);
  t->ok = TRUE;
  for (guint round = 0; round < 8; round++)
    t->ok = t->ok && gverbs_qp_post_send_repeat (t->qp, &swr, 4, NULL);
  return NULL;
}

/* Two threads repeat their own request on one QP at once (one of them may
 * find the kept chain in use and copy on its stack): every copy lands
 * where its own request says, and each thread's 8 calls complete 8 times. */
static void
test_repeat_two_threads (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE,
                      FALSE, 128 };
  RepeatThread t[2];
  GThread *threads[2];
  GVerbsWC wc[16];
  guint per_thread[2] = { 0, 0 };

  if (!qp_pair_init (&p, &o))
    return;
  for (guint i = 0; i < 2; i++)
    {
      fill_pattern (p.mr[0], 64 * i, 64, 20 + i);
      t[i] = (RepeatThread) { p.qp[0], p.mr[0], p.mr[1], i, FALSE };
    }
  for (guint i = 0; i < 2; i++)
    threads[i] = g_thread_new ("repeat", repeat_thread, &t[i]);
  for (guint i = 0; i < 2; i++)
    g_thread_join (threads[i]);
  g_assert_true (t[0].ok);
  g_assert_true (t[1].ok);
  poll_n (p.cq[0], wc, 16);
  for (guint i = 0; i < 16; i++)
    {
      g_assert_cmpint (wc[i].status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpuint (wc[i].wr_id, >=, 100);
      g_assert_cmpuint (wc[i].wr_id, <=, 101);
      per_thread[wc[i].wr_id - 100]++;
    }
  g_assert_cmpuint (per_thread[0], ==, 8);
  g_assert_cmpuint (per_thread[1], ==, 8);
  assert_cq_empty (p.cq[0]);
  assert_pattern (p.mr[1], 0, 64, 20);
  assert_pattern (p.mr[1], 1024, 64, 21);
  qp_pair_clear (&p);
}

/* Five signaled 8-byte RDMA writes from mr[0] to mr[1], wr_ids
 * @first_wr_id … @first_wr_id + 4, made in @swr and posted in one call. */
static void
post_five_writes (QPPair       *p,
                  GVerbsSendWR  swr[5],
                  guint64       first_wr_id)
{
  for (guint i = 0; i < 5; i++)
    {
      gverbs_send_wr_init (&swr[i], first_wr_id + i, GVERBS_WR_RDMA_WRITE, GVERBS_SEND_SIGNALED);
      swr[i].sg_list[0] = mr_sge (p->mr[0], 8 * i, 8);
      swr[i].num_sge = 1;
      gverbs_send_wr_set_wr_rdma (&swr[i], gverbs_mr_get_rkey (p->mr[1]),
                                  gverbs_mr_get_addr (p->mr[1]) + 8 * i);
    }
  g_assert_true (gverbs_qp_post_send (p->qp[0], swr, 5, NULL));
}

/* poll_wr_ids: the wr_ids of successful completions, in order; a failed
 * completion fails the call with its GVERBS_WC_ERROR. */
static void
test_poll_wr_ids (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE,
                      FALSE, 64 };
  GVerbsSendWR swr[5];
  gint64 deadline;

  if (!qp_pair_init (&p, &o))
    return;
  post_five_writes (&p, swr, 100);
  {
    g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (guint64));

    deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
    while (all->len < 5 && g_get_monotonic_time () < deadline)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(GArray) ids = gverbs_cq_poll_wr_ids (p.cq[0], 3, &error);

        g_assert_no_error (error);
        g_assert_nonnull (ids);
        g_assert_cmpuint (ids->len, <=, 3);
        g_array_append_vals (all, ids->data, ids->len);
      }
    g_assert_cmpuint (all->len, ==, 5);
    for (guint i = 0; i < 5; i++)
      g_assert_cmpuint (g_array_index (all, guint64, i), ==, 100 + i);
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GArray) none = gverbs_cq_poll_wr_ids (p.cq[0], 8, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (none->len, ==, 0);
  }

  /* a wrong rkey: the completion fails, and so does the call */
  swr[0].rkey ^= 0x5a5a;
  g_assert_true (gverbs_qp_post_send (p.qp[0], swr, 1, NULL));
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (TRUE)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) ids = gverbs_cq_poll_wr_ids (p.cq[0], 8, &error);

      if (ids == NULL)
        {
          g_assert_error (error, GVERBS_WC_ERROR, GVERBS_WC_ERROR_REM_ACCESS_ERR);
          break;
        }
      g_assert_cmpuint (ids->len, ==, 0);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_usleep (100);
    }

  gverbs_resource_close (GVERBS_RESOURCE (p.cq[1]), NULL);
  {
    g_autoptr(GError) error = NULL;

    g_assert_null (gverbs_cq_poll_wr_ids (p.cq[1], 8, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  }
  qp_pair_clear (&p);
}

/* poll_wcs: every completion in its own WC, in order, the writes' bytes
 * landed; an empty CQ gives NULL without an error; a closed CQ fails. */
static void
test_poll_wcs (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE,
                      FALSE, 64 };
  GVerbsSendWR swr[5];
  guint got = 0;
  gint64 deadline;

  if (!qp_pair_init (&p, &o))
    return;
  fill_pattern (p.mr[0], 0, 40, 0x31);
  post_five_writes (&p, swr, 200);
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (got < 5 && g_get_monotonic_time () < deadline)
    {
      g_autoptr(GError) error = NULL;
      GVerbsWC **wcs = gverbs_cq_poll_wcs (p.cq[0], 3, &error);
      guint n = wcs != NULL ? g_strv_length ((char **) wcs) : 0;

      g_assert_no_error (error);
      g_assert_cmpuint (n, <=, 3);
      g_assert_true (wcs == NULL || n > 0);
      for (guint i = 0; i < n; i++)
        {
          g_assert_cmpuint (wcs[i]->wr_id, ==, 200 + got);
          g_assert_cmpint (wcs[i]->status, ==, GVERBS_WC_SUCCESS);
          g_assert_cmpint (wcs[i]->opcode, ==, GVERBS_WC_RDMA_WRITE);
          got++;
          gverbs_wc_free (wcs[i]);
        }
      g_free (wcs);
    }
  g_assert_cmpuint (got, ==, 5);
  assert_pattern (p.mr[1], 0, 40, 0x31);
  {
    g_autoptr(GError) error = NULL;

    g_assert_null (gverbs_cq_poll_wcs (p.cq[0], 8, &error));
    g_assert_no_error (error);
  }
  gverbs_resource_close (GVERBS_RESOURCE (p.cq[1]), NULL);
  {
    g_autoptr(GError) error = NULL;

    g_assert_null (gverbs_cq_poll_wcs (p.cq[1], 8, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  }
  qp_pair_clear (&p);
}

/* Bad input and a closed QP give errors and post nothing; more copies than
 * the receive queue holds: refused with the limit named. */
static void
test_repeat_errors (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE, FALSE, 16 };
  GVerbsSendWR swr;
  GVerbsRecvWR rwr;
  GVerbsWC wc[64];

  if (!qp_pair_init (&p, &o))
    return;
  gverbs_send_wr_init (&swr, 1, GVERBS_WR_SEND, 0);
  swr.sg_list[0] = mr_sge (p.mr[0], 0, 8);
  swr.num_sge = GVERBS_MAX_SGE + 1;
  rwr = (GVerbsRecvWR) { .wr_id = 2, .num_sge = GVERBS_MAX_SGE + 1, .sg_list = { mr_sge (p.mr[1], 0, 8) } };
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (gverbs_qp_post_send_repeat (p.qp[0], &swr, 4, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
  }
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (gverbs_qp_post_recv_repeat (p.qp[1], &rwr, 4, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
  }
  assert_cq_empty (p.cq[0]);
  assert_cq_empty (p.cq[1]);

  /* the receive queue holds 16 (rxe may round up): 200 never fit */
  rwr.num_sge = 1;
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (gverbs_qp_post_recv_repeat (p.qp[1], &rwr, 200, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
    g_assert_nonnull (strstr (error->message, "post_recv_repeat"));
    g_assert_nonnull (strstr (error->message, "count 200 > the queue pair's max_recv_wr"));
  }

  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.qp[0]), NULL));
  {
    g_autoptr(GError) error = NULL;

    swr.num_sge = 1;
    g_assert_false (gverbs_qp_post_send_repeat (p.qp[0], &swr, 2, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  }
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.qp[1]), NULL));
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (gverbs_qp_post_recv_repeat (p.qp[1], &rwr, 2, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  }
  g_assert_cmpint (gverbs_cq_poll (p.cq[0], wc, 64, NULL), ==, 0);
  qp_pair_clear (&p);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/qp-repeat/send-recv", test_send_recv_repeat);
  g_test_add_func ("/qp-repeat/rdma-write", test_write_repeat);
  g_test_add_func ("/qp-repeat/ud-send", test_ud_send_repeat);
  g_test_add_func ("/qp-repeat/atomic", test_atomic_repeat);
  g_test_add_func ("/qp-repeat/kept-chain", test_repeat_kept_chain);
  g_test_add_func ("/qp-repeat/send-queue-full", test_repeat_send_queue_full);
  g_test_add_func ("/qp-repeat/two-threads", test_repeat_two_threads);
  g_test_add_func ("/qp-repeat/errors", test_repeat_errors);
  g_test_add_func ("/qp-repeat/poll-wr-ids", test_poll_wr_ids);
  g_test_add_func ("/qp-repeat/poll-wcs", test_poll_wcs);
  return g_test_run ();
}
