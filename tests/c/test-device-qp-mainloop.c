/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* 10 000 RC messages driven entirely from a GMainLoop by the CQs'
 * completion signals: none lost, none duplicated, in order, payload checked. */
#include "qp-pair.h"

#define N_MESSAGES 10000
#define SEND_WINDOW 32
#define RECV_WINDOW 64

typedef struct {
  QPPair p;
  GMainLoop *loop;
  guint64 sent;            /* posted sends */
  guint64 send_done;       /* send completions, in order */
  guint64 recv_done;       /* receive completions, in order */
  guint64 batched[2];      /* completions seen through ::completions */
  guint8 *seen;
  gboolean failed;
} Run;

static void
post_send_seq (Run     *r,
               guint64  seq)
{
  g_autoptr(GError) error = NULL;
  guint8 *buf = gverbs_mr_get_buffer (r->p.mr[0]);
  GVerbsSendWR wr;

  memcpy (buf + (seq % SEND_WINDOW) * 8, &seq, 8);
  gverbs_send_wr_init (&wr, seq, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
  wr.sg_list[0] = mr_sge (r->p.mr[0], (seq % SEND_WINDOW) * 8, 8);
  wr.num_sge = 1;
  g_assert_true (gverbs_qp_post_send (r->p.qp[0], &wr, 1, &error));
  g_assert_no_error (error);
  r->sent++;
}

static void
post_recv_slot (Run     *r,
                guint64  id)
{
  g_autoptr(GError) error = NULL;
  GVerbsRecvWR wr = { .wr_id = id, .num_sge = 1, .sg_list = { mr_sge (r->p.mr[1], (id % RECV_WINDOW) * 8, 8) } };

  g_assert_true (gverbs_qp_post_recv (r->p.qp[1], &wr, 1, &error));
  g_assert_no_error (error);
}

static void
on_send_completion (GVerbsCQ *cq,
                    GVerbsWC *wc,
                    Run      *r)
{
  g_assert_cmpint (wc->status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpint (wc->opcode, ==, GVERBS_WC_SEND);
  g_assert_cmpuint (wc->wr_id, ==, r->send_done);
  r->send_done++;
  if (r->sent < N_MESSAGES)
    post_send_seq (r, r->sent);
}

static void
on_recv_completion (GVerbsCQ *cq,
                    GVerbsWC *wc,
                    Run      *r)
{
  const guint8 *buf = gverbs_mr_get_buffer (r->p.mr[1]);
  guint64 seq;

  g_assert_cmpint (wc->status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpint (wc->opcode, ==, GVERBS_WC_RECV);
  g_assert_cmpuint (wc->byte_len, ==, 8);
  g_assert_cmpuint (wc->wr_id, ==, r->recv_done);   /* receives complete in posting order */
  memcpy (&seq, buf + (wc->wr_id % RECV_WINDOW) * 8, 8);
  g_assert_cmpuint (seq, ==, r->recv_done);          /* and carry the messages in order */
  g_assert_cmpuint (seq, <, N_MESSAGES);
  g_assert_false (r->seen[seq]);
  r->seen[seq] = 1;
  r->recv_done++;
  if (wc->wr_id + RECV_WINDOW < N_MESSAGES)
    post_recv_slot (r, wc->wr_id + RECV_WINDOW);
  if (r->recv_done == N_MESSAGES)
    g_main_loop_quit (r->loop);
}

static void
on_completions (GVerbsCQ  *cq,
                GPtrArray *wcs,
                guint64   *count)
{
  *count += wcs->len;
}

static gboolean
on_timeout (gpointer data)
{
  Run *r = data;

  r->failed = TRUE;
  g_main_loop_quit (r->loop);
  return G_SOURCE_REMOVE;
}

static void
test_ten_thousand (void)
{
  Run r = { 0 };
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE, TRUE, 128 };
  g_autoptr(GError) error = NULL;
  guint timeout;
  GVerbsWC wc;

  if (!qp_pair_init (&r.p, &o))
    return;
  r.loop = g_main_loop_new (NULL, FALSE);
  r.seen = g_malloc0 (N_MESSAGES);
  g_signal_connect (r.p.cq[0], "completion", G_CALLBACK (on_send_completion), &r);
  g_signal_connect (r.p.cq[1], "completion", G_CALLBACK (on_recv_completion), &r);
  g_signal_connect (r.p.cq[0], "completions", G_CALLBACK (on_completions), &r.batched[0]);
  g_signal_connect (r.p.cq[1], "completions", G_CALLBACK (on_completions), &r.batched[1]);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (gverbs_cq_set_watched (r.p.cq[i], TRUE, &error));
      g_assert_no_error (error);
    }
  for (guint64 id = 0; id < RECV_WINDOW; id++)
    post_recv_slot (&r, id);
  for (guint64 seq = 0; seq < SEND_WINDOW; seq++)
    post_send_seq (&r, seq);

  timeout = g_timeout_add_seconds (240, on_timeout, &r);
  g_main_loop_run (r.loop);
  g_assert_false (r.failed);
  g_source_remove (timeout);

  /* the last send completions may still be on their way */
  while (r.send_done < N_MESSAGES)
    g_main_context_iteration (NULL, TRUE);

  g_assert_cmpuint (r.sent, ==, N_MESSAGES);
  g_assert_cmpuint (r.send_done, ==, N_MESSAGES);
  g_assert_cmpuint (r.recv_done, ==, N_MESSAGES);
  for (guint i = 0; i < N_MESSAGES; i++)
    g_assert_true (r.seen[i]);
  g_assert_cmpuint (r.batched[0], ==, N_MESSAGES);
  g_assert_cmpuint (r.batched[1], ==, N_MESSAGES);
  /* nothing left over, nothing extra */
  for (guint i = 0; i < 2; i++)
    g_assert_cmpint (gverbs_cq_poll (r.p.cq[i], &wc, 1, NULL), ==, 0);
  g_test_message ("%u messages; ::completions emissions carried all of them", N_MESSAGES);

  for (guint i = 0; i < 2; i++)
    g_signal_handlers_disconnect_by_data (r.p.cq[i], &r);
  g_signal_handlers_disconnect_by_data (r.p.cq[0], &r.batched[0]);
  g_signal_handlers_disconnect_by_data (r.p.cq[1], &r.batched[1]);
  g_free (r.seen);
  g_main_loop_unref (r.loop);
  qp_pair_clear (&r.p);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/qp-mainloop/ten-thousand-messages", test_ten_thousand);
  return g_test_run ();
}
