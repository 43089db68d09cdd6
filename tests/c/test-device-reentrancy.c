/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Re-entrancy of the verbs signals: inside a handler of CQ and CQEX
 * ::completion, ::completions and ::event, and of ::async-event on a CQ, an
 * SRQ and the context, the handler (a) closes the emitting object, (b)
 * closes its parent (the context, or the PD of an SRQ), (c) closes its
 * completion channel, (d) drops every reference the test holds, the last
 * ones. The dispatch must hold what it still uses: under ASan nothing reads
 * freed memory, the handler runs, and the main loop goes on dispatching. */
#include "qp-pair.h"

typedef enum {
  ACT_CLOSE_SELF,
  ACT_CLOSE_PARENT,
  ACT_CLOSE_CHANNEL,
  ACT_DROP_REFS,
  N_ACTS
} Action;

static const char *act_names[N_ACTS] = { "close-self", "close-parent", "close-channel", "drop-refs" };

typedef enum {
  SIG_CQ_COMPLETION,
  SIG_CQ_COMPLETIONS,
  SIG_CQ_EVENT,
  SIG_CQEX_COMPLETION,
  SIG_CQEX_COMPLETIONS,
  SIG_CQEX_EVENT,
  SIG_CQ_ASYNC,       /* CQ_ERR on an overrun CQ, on the CQ's signal */
  SIG_CONTEXT_ASYNC,  /* the same CQ_ERR on the context's signal */
  SIG_SRQ_ASYNC,      /* SRQ_LIMIT_REACHED */
  N_SIGS
} Sig;

static const char *sig_names[N_SIGS] = {
  "cq-completion", "cq-completions", "cq-event", "cqex-completion", "cqex-completions",
  "cqex-event", "cq-async-event", "context-async-event", "srq-async-event"
};

typedef struct {
  Sig sig;
  Action act;
} Case;

typedef struct {
  QPPair p;
  const Case *c;
  GObject *emitter;   /* not a reference */
  guint calls;
  gboolean done;
} Fixture;

static void
act (Fixture *f)
{
  QPPair *p = &f->p;

  switch (f->c->act)
    {
    case ACT_CLOSE_SELF:
      if (GVERBS_IS_CQ (f->emitter))
        gverbs_resource_close (GVERBS_RESOURCE (GVERBS_CQ (f->emitter)), NULL);
      else if (GVERBS_IS_CQ_EX (f->emitter))
        gverbs_resource_close (GVERBS_RESOURCE (GVERBS_CQ_EX (f->emitter)), NULL);
      else if (GVERBS_IS_SRQ (f->emitter))
        gverbs_resource_close (GVERBS_RESOURCE (GVERBS_SRQ (f->emitter)), NULL);
      else
        gverbs_resource_close (GVERBS_RESOURCE (GVERBS_CONTEXT (f->emitter)), NULL);
      break;
    case ACT_CLOSE_PARENT:
      if (GVERBS_IS_SRQ (f->emitter))
        gverbs_resource_close (GVERBS_RESOURCE (p->pd), NULL);
      else
        gverbs_resource_close (GVERBS_RESOURCE (p->ctx), NULL);
      break;
    case ACT_CLOSE_CHANNEL:
      if (p->channel != NULL)
        gverbs_resource_close (GVERBS_RESOURCE (p->channel), NULL);
      else
        gverbs_resource_close (GVERBS_RESOURCE (p->ctx), NULL);   /* no channel: the context's fd */
      break;
    case ACT_DROP_REFS:
      qp_pair_clear (p);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
handled (Fixture *f)
{
  f->calls++;
  if (f->calls == 1)
    act (f);
  f->done = TRUE;
}

static void
on_completion (GObject *cq, gpointer wc, Fixture *f)
{
  g_assert_true (cq == f->emitter);
  g_assert_nonnull (wc);
  handled (f);
}

static void
on_completions (GObject *cq, GPtrArray *wcs, Fixture *f)
{
  g_assert_true (cq == f->emitter);
  g_assert_cmpuint (wcs->len, >, 0);
  handled (f);
}

static void
on_event (GObject *cq, Fixture *f)
{
  g_assert_true (cq == f->emitter);
  handled (f);
}

static void
on_async (GObject *object, GVerbsAsyncEvent *event, Fixture *f)
{
  GVerbsEventType type = gverbs_async_event_get_event_type (event);

  g_assert_true (object == f->emitter);
  if (type == GVERBS_EVENT_CQ_ERR || type == GVERBS_EVENT_SRQ_LIMIT_REACHED)
    handled (f);
}

static void
post_recv (QPPair *p, guint64 id)
{
  GVerbsRecvWR wr;

  gverbs_recv_wr_init (&wr, id);
  wr.num_sge = 1;
  wr.sg_list[0] = mr_sge (p->mr[1], 64 * (id % 32), 64);
  if (p->srq != NULL)
    g_assert_true (gverbs_srq_post_recv (p->srq, &wr, 1, NULL));
  else
    g_assert_true (gverbs_qp_post_recv (p->qp[1], &wr, 1, NULL));
}

static void
post_send (QPPair *p, guint64 id)
{
  GVerbsSendWR wr;

  gverbs_send_wr_init (&wr, id, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
  wr.num_sge = 1;
  wr.sg_list[0] = mr_sge (p->mr[0], 0, 16);
  g_assert_true (gverbs_qp_post_send (p->qp[0], &wr, 1, NULL));
}

/* Two RC QPs whose receive CQ (cq[1]) is a tiny plain CQ with no channel:
 * 8 receives overrun it, which rxe reports as CQ_ERR. */
static gboolean
setup_overrun (QPPair *p)
{
  g_autoptr(GError) error = NULL;
  GVerbsQPCap cap = { 16, 16, 1, 1, 0 };

  if (!qp_pair_open (p))
    return FALSE;
  p->cq[0] = gverbs_cq_new (p->ctx, 64, NULL, 0, &error);
  g_assert_no_error (error);
  p->cq[1] = gverbs_cq_new (p->ctx, 1, NULL, 0, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GVerbsQPInitAttr) ia = gverbs_qp_init_attr_new (GVERBS_QPT_RC, p->cq[i], p->cq[i], &cap);

      p->qp[i] = gverbs_qp_new (p->pd, ia, NULL, &error);
      g_assert_no_error (error);
      p->mr[i] = gverbs_mr_new (p->pd, PAIR_MR_SIZE, GVERBS_ACCESS_LOCAL_WRITE, &error);
      g_assert_no_error (error);
    }
  qp_pair_connect (p, &(QPPairOptions) { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE });
  return TRUE;
}

static void
run_case (gconstpointer data)
{
  const Case *c = data;
  g_autoptr(GError) error = NULL;
  Fixture f = { .c = c };
  QPPair *p = &f.p;
  gint64 deadline;
  guint n_msgs = 4;

  switch (c->sig)
    {
    case SIG_CQ_COMPLETION:
    case SIG_CQ_COMPLETIONS:
    case SIG_CQ_EVENT:
    case SIG_CQEX_COMPLETION:
    case SIG_CQEX_COMPLETIONS:
    case SIG_CQEX_EVENT:
      {
        gboolean ex = c->sig >= SIG_CQEX_COMPLETION;
        QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE, TRUE, 16,
                            .cq_ex = ex };
        const char *name = (c->sig == SIG_CQ_COMPLETION || c->sig == SIG_CQEX_COMPLETION) ? "completion"
                           : (c->sig == SIG_CQ_COMPLETIONS || c->sig == SIG_CQEX_COMPLETIONS) ? "completions"
                           : "event";
        gboolean watched = g_strcmp0 (name, "event") != 0;

        if (!qp_pair_init (p, &o))
          return;
        f.emitter = ex ? G_OBJECT (p->cqx[1]) : G_OBJECT (p->cq[1]);
        if (watched && ex)
          g_assert_true (gverbs_cq_set_watched (GVERBS_CQ (p->cqx[1]), TRUE, &error));
        else if (watched)
          g_assert_true (gverbs_cq_set_watched (p->cq[1], TRUE, &error));
        else if (ex)
          g_assert_true (gverbs_cq_req_notify (GVERBS_CQ (p->cqx[1]), FALSE, &error));
        else
          g_assert_true (gverbs_cq_req_notify (p->cq[1], FALSE, &error));
        g_assert_no_error (error);
        g_signal_connect (f.emitter, name,
                          g_str_equal (name, "completion") ? G_CALLBACK (on_completion)
                          : g_str_equal (name, "completions") ? G_CALLBACK (on_completions)
                          : G_CALLBACK (on_event), &f);
        break;
      }
    case SIG_CQ_ASYNC:
    case SIG_CONTEXT_ASYNC:
      if (!setup_overrun (p))
        return;
      n_msgs = 8;
      f.emitter = c->sig == SIG_CQ_ASYNC ? G_OBJECT (p->cq[1]) : G_OBJECT (p->ctx);
      if (c->sig == SIG_CONTEXT_ASYNC)
        g_signal_connect (f.emitter, "async-event", G_CALLBACK (on_async), &f);
      else
        g_signal_connect (f.emitter, "async-event", G_CALLBACK (on_async), &f);
      break;
    case SIG_SRQ_ASYNC:
      {
        QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE, FALSE, 16, .srq = TRUE };

        if (!qp_pair_init (p, &o))
          return;
        f.emitter = G_OBJECT (p->srq);
        g_signal_connect (f.emitter, "async-event", G_CALLBACK (on_async), &f);
        for (guint i = 0; i < 10; i++)
          post_recv (p, 100 + i);
        g_assert_true (gverbs_srq_arm (p->srq, 4, &error));
        g_assert_no_error (error);
        n_msgs = 7;
        break;
      }
    default:
      g_assert_not_reached ();
    }

  for (guint i = 0; i < n_msgs; i++)
    {
      if (c->sig != SIG_SRQ_ASYNC)
        post_recv (p, i);
      post_send (p, i);
    }
  deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (!f.done)
    {
      g_main_context_iteration (NULL, FALSE);
      if (!f.done)
        g_usleep (1000);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
  /* whatever the dispatch had left to do after the handler, and more */
  for (guint i = 0; i < 50; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (2000);
    }
  g_assert_cmpuint (f.calls, >=, 1);
  /* nothing more after the emitter closed; without a close, the emitter
   * lives until the dispatch lets go and may deliver the rest of its batch */
  if (c->act == ACT_CLOSE_SELF || c->act == ACT_CLOSE_PARENT)
    g_assert_cmpuint (f.calls, ==, 1);
  qp_pair_clear (p);
}

int
main (int argc, char *argv[])
{
  static Case cases[N_SIGS * N_ACTS];

  g_test_init (&argc, &argv, NULL);
  for (guint s = 0; s < N_SIGS; s++)
    for (guint a = 0; a < N_ACTS; a++)
      {
        g_autofree char *path = g_strdup_printf ("/reentrancy/%s/%s", sig_names[s], act_names[a]);
        Case *c = &cases[s * N_ACTS + a];

        c->sig = (Sig) s;
        c->act = (Action) a;
        g_test_add_data_func (path, c, run_case);
      }
  return g_test_run ();
}
