/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* CQ tests with real completions. QPs are not part of this test's subject, so
 * a pair of RC QPs connected over rxe loopback is built here with plain
 * libibverbs on the CQ's own device context (gverbs_cq_get_native()). */
#include <string.h>
#include <infiniband/verbs.h>
#include "gverbs-test-util.h"
#include "alloc-counter.h"

/* --- a loopback RC QP pair --------------------------------------------------- */

#define MSG_SIZE 64
#define SEND_TAG (G_GUINT64_CONSTANT (1) << 40)

typedef struct {
  GVerbsContext *ctx;
  GVerbsCompChannel *channel;
  GVerbsCQ *cq;
  struct ibv_pd *pd;
  struct ibv_mr *send_mr;
  struct ibv_mr *recv_mr;
  guint8 *send_buf;
  guint8 *recv_buf;
  guint n_msgs;
  struct ibv_qp *a;  /* sends */
  struct ibv_qp *b;  /* receives */
} Pair;

static void
modify_to_rts (struct ibv_qp *qp,
               guint32        remote_qpn,
               union ibv_gid *gid,
               int            gid_index)
{
  struct ibv_qp_attr attr = {
    .qp_state = IBV_QPS_INIT,
    .pkey_index = 0,
    .port_num = 1,
    .qp_access_flags = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE,
  };

  g_assert_cmpint (ibv_modify_qp (qp, &attr, IBV_QP_STATE | IBV_QP_PKEY_INDEX |
                                  IBV_QP_PORT | IBV_QP_ACCESS_FLAGS), ==, 0);

  memset (&attr, 0, sizeof attr);
  attr.qp_state = IBV_QPS_RTR;
  attr.path_mtu = IBV_MTU_1024;
  attr.dest_qp_num = remote_qpn;
  attr.rq_psn = 0;
  attr.max_dest_rd_atomic = 1;
  attr.min_rnr_timer = 1;
  attr.ah_attr.is_global = 1;
  attr.ah_attr.grh.dgid = *gid;
  attr.ah_attr.grh.sgid_index = gid_index;
  attr.ah_attr.grh.hop_limit = 1;
  attr.ah_attr.port_num = 1;
  g_assert_cmpint (ibv_modify_qp (qp, &attr, IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU |
                                  IBV_QP_DEST_QPN | IBV_QP_RQ_PSN |
                                  IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER), ==, 0);

  memset (&attr, 0, sizeof attr);
  attr.qp_state = IBV_QPS_RTS;
  attr.timeout = 14;
  attr.retry_cnt = 7;
  attr.rnr_retry = 7;
  attr.sq_psn = 0;
  attr.max_rd_atomic = 1;
  g_assert_cmpint (ibv_modify_qp (qp, &attr, IBV_QP_STATE | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT |
                                  IBV_QP_RNR_RETRY | IBV_QP_SQ_PSN | IBV_QP_MAX_QP_RD_ATOMIC), ==, 0);
}

static gboolean
pair_setup (Pair  *pair,
            guint  n_msgs,
            guint  max_send_wr)
{
  g_autoptr(GError) error = NULL;
  struct ibv_cq *cq;
  union ibv_gid gid;
  const int gid_index = 1;
  struct ibv_qp_init_attr init = {
    .qp_type = IBV_QPT_RC,
    .cap = { .max_send_wr = max_send_wr, .max_recv_wr = n_msgs,
             .max_send_sge = 1, .max_recv_sge = 1 },
  };

  memset (pair, 0, sizeof *pair);
  pair->ctx = gverbs_test_open_context ();
  if (pair->ctx == NULL)
    return FALSE;
  pair->n_msgs = n_msgs;
  pair->channel = gverbs_comp_channel_new (pair->ctx, &error);
  g_assert_no_error (error);
  /* room for every send and receive completion, even if nobody polls */
  pair->cq = gverbs_cq_new (pair->ctx, (int) (n_msgs + max_send_wr + 16), pair->channel, 0, &error);
  g_assert_no_error (error);

  cq = gverbs_cq_get_native (pair->cq);
  pair->pd = ibv_alloc_pd (cq->context);
  g_assert_nonnull (pair->pd);
  pair->send_buf = g_malloc0 ((gsize) n_msgs * MSG_SIZE);
  pair->recv_buf = g_malloc0 ((gsize) n_msgs * MSG_SIZE);
  pair->send_mr = ibv_reg_mr (pair->pd, pair->send_buf, (gsize) n_msgs * MSG_SIZE, IBV_ACCESS_LOCAL_WRITE);
  pair->recv_mr = ibv_reg_mr (pair->pd, pair->recv_buf, (gsize) n_msgs * MSG_SIZE, IBV_ACCESS_LOCAL_WRITE);
  g_assert_nonnull (pair->send_mr);
  g_assert_nonnull (pair->recv_mr);

  init.send_cq = cq;
  init.recv_cq = cq;
  pair->a = ibv_create_qp (pair->pd, &init);
  g_assert_nonnull (pair->a);
  pair->b = ibv_create_qp (pair->pd, &init);
  g_assert_nonnull (pair->b);

  g_assert_cmpint (ibv_query_gid (cq->context, 1, gid_index, &gid), ==, 0);
  g_assert_true (gid.global.interface_id != 0 || gid.global.subnet_prefix != 0);
  modify_to_rts (pair->a, pair->b->qp_num, &gid, gid_index);
  modify_to_rts (pair->b, pair->a->qp_num, &gid, gid_index);
  return TRUE;
}

static void
pair_post_recv (Pair  *pair,
                guint  i)
{
  struct ibv_sge sge = {
    .addr = (uintptr_t) pair->recv_buf + (gsize) i * MSG_SIZE,
    .length = MSG_SIZE,
    .lkey = pair->recv_mr->lkey,
  };
  struct ibv_recv_wr wr = { .wr_id = i, .sg_list = &sge, .num_sge = 1 };
  struct ibv_recv_wr *bad = NULL;

  g_assert_cmpint (ibv_post_recv (pair->b, &wr, &bad), ==, 0);
}

static void
pair_post_send (Pair  *pair,
                guint  i)
{
  guint8 *msg = pair->send_buf + (gsize) i * MSG_SIZE;
  struct ibv_sge sge = { .addr = (uintptr_t) msg, .length = MSG_SIZE, .lkey = pair->send_mr->lkey };
  struct ibv_send_wr wr = {
    .wr_id = SEND_TAG | i, .sg_list = &sge, .num_sge = 1,
    .opcode = IBV_WR_SEND, .send_flags = IBV_SEND_SIGNALED,
  };
  struct ibv_send_wr *bad = NULL;

  for (guint k = 0; k < MSG_SIZE / sizeof (guint32); k++)
    ((guint32 *) msg)[k] = i * 7919u + k;
  g_assert_cmpint (ibv_post_send (pair->a, &wr, &bad), ==, 0);
}

static void
pair_check_payload (Pair  *pair,
                    guint  i)
{
  const guint32 *msg = (const guint32 *) (pair->recv_buf + (gsize) i * MSG_SIZE);

  for (guint k = 0; k < MSG_SIZE / sizeof (guint32); k++)
    if (msg[k] != i * 7919u + k)
      g_error ("receive %u word %u: 0x%x, expected 0x%x", i, k, msg[k], i * 7919u + k);
}

static void
pair_teardown (Pair *pair)
{
  if (pair->ctx == NULL)
    return;
  g_assert_cmpint (ibv_destroy_qp (pair->a), ==, 0);
  g_assert_cmpint (ibv_destroy_qp (pair->b), ==, 0);
  g_assert_cmpint (ibv_dereg_mr (pair->send_mr), ==, 0);
  g_assert_cmpint (ibv_dereg_mr (pair->recv_mr), ==, 0);
  g_assert_cmpint (ibv_dealloc_pd (pair->pd), ==, 0);
  g_free (pair->send_buf);
  g_free (pair->recv_buf);
  g_clear_object (&pair->cq);
  g_clear_object (&pair->channel);
  g_clear_object (&pair->ctx);
}

/* --- watched mode on a GMainLoop ------------------------------------------ */

#define N_MSGS 10000
#define SEND_WINDOW 256

typedef struct {
  Pair pair;
  GMainLoop *loop;
  guint8 *sent_seen;
  guint8 *recv_seen;
  guint n_sent_posted;
  guint n_send_done;
  guint n_recv_done;
  guint n_signals;
  guint n_batched;
  guint n_batches;
  gint64 last_send;
  gint64 last_recv;
  gboolean failed;
} Traffic;

static void
on_completion (GVerbsCQ *cq,
               GVerbsWC *wc,
               Traffic  *t)
{
  g_autoptr(GError) error = NULL;

  t->n_signals++;
  if (!gverbs_wc_check (wc, &error))
    g_error ("%s", error->message);

  if (wc->wr_id & SEND_TAG)
    {
      guint i = (guint) (wc->wr_id & ~SEND_TAG);

      g_assert_cmpint (wc->opcode, ==, GVERBS_WC_SEND);
      g_assert_cmpuint (wc->qp_num, ==, t->pair.a->qp_num);
      g_assert_cmpuint (i, <, N_MSGS);
      g_assert_cmpuint (t->sent_seen[i], ==, 0);
      g_assert_cmpint ((gint64) i, >, t->last_send);
      t->sent_seen[i] = 1;
      t->last_send = i;
      t->n_send_done++;
      if (t->n_sent_posted < N_MSGS)
        pair_post_send (&t->pair, t->n_sent_posted++);
    }
  else
    {
      guint i = (guint) wc->wr_id;

      g_assert_cmpint (wc->opcode, ==, GVERBS_WC_RECV);
      g_assert_cmpuint (wc->qp_num, ==, t->pair.b->qp_num);
      g_assert_cmpuint (wc->byte_len, ==, MSG_SIZE);
      g_assert_cmpuint (i, <, N_MSGS);
      g_assert_cmpuint (t->recv_seen[i], ==, 0);
      g_assert_cmpint ((gint64) i, >, t->last_recv);
      pair_check_payload (&t->pair, i);
      t->recv_seen[i] = 1;
      t->last_recv = i;
      t->n_recv_done++;
    }
  if (t->n_send_done == N_MSGS && t->n_recv_done == N_MSGS)
    g_main_loop_quit (t->loop);
}

static void
on_completions (GVerbsCQ  *cq,
                GPtrArray *wcs,
                Traffic   *t)
{
  g_assert_cmpuint (wcs->len, >, 0);
  g_assert_cmpuint (wcs->len, <=, 256);
  t->n_batched += wcs->len;
  t->n_batches++;
}

static gboolean
on_timeout (gpointer data)
{
  Traffic *t = data;

  t->failed = TRUE;
  g_main_loop_quit (t->loop);
  return G_SOURCE_REMOVE;
}

static void
on_event_unexpected (GVerbsCQ *cq,
                     gpointer  data)
{
  g_error ("a watched CQ emitted ::event");
}

static void
test_watched_main_loop (void)
{
  Traffic t = { .last_send = -1, .last_recv = -1 };
  g_autoptr(GMainContext) main_context = g_main_context_new ();
  g_autoptr(GError) error = NULL;
  guint timeout_id;
  GSource *timeout;

  /* The CQ's channel is created on a private thread-default context. */
  g_main_context_push_thread_default (main_context);
  if (!pair_setup (&t.pair, N_MSGS, SEND_WINDOW))
    {
      g_main_context_pop_thread_default (main_context);
      return;
    }
  g_assert_true (gverbs_comp_channel_get_main_context (t.pair.channel) == main_context);
  t.loop = g_main_loop_new (main_context, FALSE);
  t.sent_seen = g_malloc0 (N_MSGS);
  t.recv_seen = g_malloc0 (N_MSGS);

  g_signal_connect (t.pair.cq, "completion", G_CALLBACK (on_completion), &t);
  g_signal_connect (t.pair.cq, "completions", G_CALLBACK (on_completions), &t);
  g_signal_connect (t.pair.cq, "event", G_CALLBACK (on_event_unexpected), NULL);
  g_assert_true (gverbs_cq_set_watched (t.pair.cq, TRUE, &error));
  g_assert_no_error (error);

  for (guint i = 0; i < N_MSGS; i++)
    pair_post_recv (&t.pair, i);
  while (t.n_sent_posted < SEND_WINDOW)
    pair_post_send (&t.pair, t.n_sent_posted++);

  timeout = g_timeout_source_new_seconds (240);
  g_source_set_callback (timeout, on_timeout, &t, NULL);
  timeout_id = g_source_attach (timeout, main_context);
  g_source_unref (timeout);
  g_main_loop_run (t.loop);
  g_assert_false (t.failed);
  g_source_destroy (g_main_context_find_source_by_id (main_context, timeout_id));

  g_test_message ("%u completion signals, %u batched in %u completions emissions",
                  t.n_signals, t.n_batched, t.n_batches);
  g_assert_cmpuint (t.n_send_done, ==, N_MSGS);
  g_assert_cmpuint (t.n_recv_done, ==, N_MSGS);
  g_assert_cmpuint (t.n_signals, ==, 2 * N_MSGS);
  g_assert_cmpuint (t.n_batched, ==, 2 * N_MSGS);
  g_assert_cmpuint (t.n_batches, >=, 2 * N_MSGS / 256);
  for (guint i = 0; i < N_MSGS; i++)
    g_assert_true (t.sent_seen[i] && t.recv_seen[i]);

  /* Nothing more arrives: no duplicate after the last completion. */
  for (int i = 0; i < 50; i++)
    g_main_context_iteration (main_context, FALSE);
  g_usleep (100 * 1000);
  while (g_main_context_iteration (main_context, FALSE))
    ;
  g_assert_cmpuint (t.n_signals, ==, 2 * N_MSGS);
  {
    GVerbsWC wc;

    g_assert_cmpint (gverbs_cq_poll (t.pair.cq, &wc, 1, &error), ==, 0);
  }

  pair_teardown (&t.pair);
  g_main_context_pop_thread_default (main_context);
  g_main_loop_unref (t.loop);
  g_free (t.sent_seen);
  g_free (t.recv_seen);
}

/* --- the raw event signal and the blocking get_cq_event ------------------- */

typedef struct {
  GMainLoop *loop;
  guint events;
  guint polled;
} EventCount;

static void
on_event (GVerbsCQ   *cq,
          EventCount *count)
{
  g_autoptr(GError) error = NULL;
  GVerbsWC wcs[8];
  int n;

  count->events++;
  /* The event is acknowledged already: nothing is outstanding. */
  g_assert_cmpuint (gverbs_cq_get_unacked_events (cq), ==, 0);
  g_assert_true (gverbs_cq_req_notify (cq, FALSE, &error));
  while ((n = gverbs_cq_poll (cq, wcs, G_N_ELEMENTS (wcs), &error)) > 0)
    count->polled += n;
  g_assert_no_error (error);
  if (count->polled == 2)
    g_main_loop_quit (count->loop);
}

static void
test_event_signal (void)
{
  Pair pair;
  EventCount count = { 0 };
  g_autoptr(GError) error = NULL;

  if (!pair_setup (&pair, 4, 4))
    return;
  count.loop = g_main_loop_new (NULL, FALSE);
  g_signal_connect (pair.cq, "event", G_CALLBACK (on_event), &count);
  g_assert_true (gverbs_cq_req_notify (pair.cq, FALSE, &error));
  pair_post_recv (&pair, 0);
  pair_post_send (&pair, 0);
  g_main_loop_run (count.loop);
  g_assert_cmpuint (count.events, >=, 1);
  g_assert_cmpuint (count.polled, ==, 2);
  pair_check_payload (&pair, 0);
  pair_teardown (&pair);
  g_main_loop_unref (count.loop);
}

static void
test_get_cq_event (void)
{
  Pair pair;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsCQ) got = NULL;
  g_autoptr(GPtrArray) wcs = g_ptr_array_new_with_free_func ((GDestroyNotify) gverbs_wc_free);

  if (!pair_setup (&pair, 4, 4))
    return;
  g_assert_true (gverbs_cq_req_notify (pair.cq, FALSE, &error));
  pair_post_recv (&pair, 0);
  pair_post_send (&pair, 0);

  /* No main loop runs: the blocking call sees the event. */
  got = gverbs_comp_channel_get_cq_event (pair.channel, 30000, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (got == pair.cq);
  g_assert_cmpuint (gverbs_cq_get_unacked_events (pair.cq), ==, 1);
  g_assert_false (gverbs_cq_ack_events (pair.cq, 2, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_true (gverbs_cq_ack_events (pair.cq, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (gverbs_cq_get_unacked_events (pair.cq), ==, 0);

  /* Both completions arrive (the second may lag the event a little). */
  for (int tries = 0; wcs->len < 2 && tries < 3000; tries++)
    {
      g_autoptr(GPtrArray) more = gverbs_cq_poll_list (pair.cq, 10, &error);

      g_assert_no_error (error);
      for (guint i = 0; i < more->len; i++)
        g_ptr_array_add (wcs, gverbs_wc_copy (more->pdata[i]));
      if (wcs->len < 2)
        g_usleep (1000);
    }
  g_assert_cmpuint (wcs->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      GVerbsWC *wc = wcs->pdata[i];

      g_assert_cmpint (wc->status, ==, GVERBS_WC_SUCCESS);
      if (wc->opcode == GVERBS_WC_RECV)
        {
          g_assert_cmpuint (wc->wr_id, ==, 0);
          g_assert_cmpuint (wc->byte_len, ==, MSG_SIZE);
          g_assert_cmpuint (wc->qp_num, ==, pair.b->qp_num);
        }
      else
        {
          g_assert_cmpint (wc->opcode, ==, GVERBS_WC_SEND);
          g_assert_cmpuint (wc->wr_id, ==, SEND_TAG);
          g_assert_cmpuint (wc->qp_num, ==, pair.a->qp_num);
        }
    }
  pair_check_payload (&pair, 0);

  /* An event taken and never acknowledged is acknowledged by close
   * (ibv_destroy_cq would otherwise wait for ever). */
  g_assert_true (gverbs_cq_req_notify (pair.cq, FALSE, &error));
  pair_post_recv (&pair, 1);
  pair_post_send (&pair, 1);
  g_clear_object (&got);
  got = gverbs_comp_channel_get_cq_event (pair.channel, 30000, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (gverbs_cq_get_unacked_events (pair.cq), ==, 1);
  g_assert_true (ibv_destroy_qp (pair.a) == 0 && ibv_destroy_qp (pair.b) == 0);
  pair.a = pair.b = NULL;
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (pair.cq), &error));
  g_assert_no_error (error);

  ibv_dereg_mr (pair.send_mr);
  ibv_dereg_mr (pair.recv_mr);
  ibv_dealloc_pd (pair.pd);
  g_free (pair.send_buf);
  g_free (pair.recv_buf);
  g_clear_object (&pair.cq);
  g_clear_object (&pair.channel);
  g_clear_object (&pair.ctx);
}

/* --- no heap allocation on the data path ---------------------------------- */

static void
test_poll_allocates_nothing (void)
{
  Pair pair;
  g_autoptr(GError) error = NULL;
  GVerbsWC wcs[16];
  guint64 allocs;
  guint got = 0;
  const guint n = 200;

  if (!pair_setup (&pair, n, n))
    return;

  /* The check itself must see allocations, or it proves nothing. */
  alloc_counter_start ();
  g_free (g_malloc (32));
  g_assert_cmpuint (alloc_counter_stop (), ==, 1);

  /* 100 000 polls of an empty CQ. */
  alloc_counter_start ();
  for (int i = 0; i < 100000; i++)
    if (gverbs_cq_poll (pair.cq, wcs, G_N_ELEMENTS (wcs), &error) != 0)
      g_error ("poll of an empty CQ returned something");
  allocs = alloc_counter_stop ();
  g_assert_cmpuint (allocs, ==, 0);

  /* And polls that return real completions. */
  for (guint i = 0; i < n; i++)
    pair_post_recv (&pair, i);
  for (guint i = 0; i < n; i++)
    pair_post_send (&pair, i);
  for (int tries = 0; got < 2 * n && tries < 30000; tries++)
    {
      int k;

      alloc_counter_start ();
      k = gverbs_cq_poll (pair.cq, wcs, G_N_ELEMENTS (wcs), &error);
      allocs = alloc_counter_stop ();
      g_assert_no_error (error);
      g_assert_cmpuint (allocs, ==, 0);
      g_assert_cmpint (k, >=, 0);
      for (int j = 0; j < k; j++)
        g_assert_cmpint (wcs[j].status, ==, GVERBS_WC_SUCCESS);
      got += k;
      if (k == 0)
        g_usleep (1000);
    }
  g_assert_cmpuint (got, ==, 2 * n);
  for (guint i = 0; i < n; i++)
    pair_check_payload (&pair, i);
  pair_teardown (&pair);
}

int
main (int argc, char **argv)
{
  alloc_counter_install ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cq-traffic/poll-allocates-nothing", test_poll_allocates_nothing);
  g_test_add_func ("/cq-traffic/get-cq-event", test_get_cq_event);
  g_test_add_func ("/cq-traffic/event-signal", test_event_signal);
  g_test_add_func ("/cq-traffic/watched-main-loop", test_watched_main_loop);
  return g_test_run ();
}
