/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Shared receive queues on the device under test: RC and UD traffic through
 * an SRQ, the limit event on the main loop (context and SRQ signals), query
 * and modify, the resource tree, and the error paths. */
#include "qp-pair.h"

#define MSG 32
#define SLOT 64

static GVerbsSRQ *
make_srq (GVerbsPD *pd,
          guint32   max_wr,
          guint32   limit)
{
  g_autoptr(GError) error = NULL;
  GVerbsSrqAttr attr = { max_wr, 1, limit };
  g_autoptr(GVerbsSrqInitAttr) ia = gverbs_srq_init_attr_new (&attr);
  GVerbsSRQ *srq = gverbs_srq_new (pd, ia, &error);

  g_assert_no_error (error);
  g_assert_nonnull (srq);
  return srq;
}

static GVerbsQP *
make_qp (QPPair       *p,
         GVerbsQPType  type,
         GVerbsCQ     *cq,
         GVerbsSRQ    *srq)
{
  g_autoptr(GError) error = NULL;
  GVerbsQPCap cap = { 16, srq ? 0 : 16, 1, 1, 0 };
  g_autoptr(GVerbsQPInitAttr) ia = gverbs_qp_init_attr_new (type, cq, cq, &cap);
  g_autoptr(GVerbsQPAttr) attr = NULL;
  GVerbsQP *qp;

  g_object_set (ia, "srq", srq, "sq-sig-all", TRUE, NULL);
  if (type == GVERBS_QPT_UD)
    {
      attr = gverbs_qp_attr_new ();
      g_object_set (attr, "qkey", PAIR_QKEY, NULL);
    }
  qp = gverbs_qp_new (p->pd, ia, attr, &error);
  g_assert_no_error (error);
  return qp;
}

static void
post_srq_recvs (GVerbsSRQ *srq,
                GVerbsMR  *mr,
                guint      n,
                guint32    length)
{
  g_autoptr(GError) error = NULL;
  GVerbsRecvWR wrs[32];

  g_assert_cmpuint (n, <=, G_N_ELEMENTS (wrs));
  /* the first half as one converted list, the rest one by one unconverted */
  for (guint k = 0; k < n / 2; k++)
    wrs[k] = (GVerbsRecvWR) { .wr_id = 100 + k, .num_sge = 1, .sg_list = { mr_sge (mr, k * SLOT, length) } };
  g_assert_true (gverbs_srq_post_recv (srq, wrs, n / 2, &error));
  g_assert_no_error (error);
  for (guint k = n / 2; k < n; k++)
    {
      gverbs_recv_wr_init (&wrs[k], 100 + k);
      wrs[k].num_sge = 1;
      wrs[k].sg_list[0] = mr_sge (mr, k * SLOT, length);
      g_assert_true (gverbs_srq_post_recv (srq, &wrs[k], 1, &error));
      g_assert_no_error (error);
    }
}

static void
send_msg (GVerbsQP *qp,
          GVerbsMR *mr,
          guint     slot,
          GVerbsAH *ah,
          guint32   remote_qpn)
{
  g_autoptr(GError) error = NULL;
  GVerbsSendWR wr;

  gverbs_send_wr_init (&wr, 1000 + slot, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
  wr.sg_list[0] = mr_sge (mr, slot * SLOT, MSG);
  wr.num_sge = 1;
  if (ah != NULL)
    {
      wr.ah = ah;
      wr.remote_qpn = remote_qpn;
      wr.remote_qkey = PAIR_QKEY;
    }
  g_assert_true (gverbs_qp_post_send (qp, &wr, 1, &error));
  g_assert_no_error (error);
}

/* Two RC senders, two RC receivers sharing one SRQ: every message arrives
 * once, in one of the SRQ's buffers, from the right QP, bytes intact. */
static void
test_rc_traffic (void)
{
  QPPair p;
  g_autoptr(GError) error = NULL;
  GVerbsSRQ *srq;
  GVerbsCQ *scq, *rcq;
  GVerbsMR *smr, *rmr;
  GVerbsQP *s[2], *r[2];
  GVerbsWC wc[8];
  guint per_qp[2] = { 0, 0 };
  guint64 seen_ids = 0;
  guint seen_seeds = 0;

  if (!qp_pair_open (&p))
    return;
  srq = make_srq (p.pd, 32, 0);
  scq = gverbs_cq_new (p.ctx, 64, NULL, 0, &error);
  g_assert_no_error (error);
  rcq = gverbs_cq_new (p.ctx, 64, NULL, 0, &error);
  g_assert_no_error (error);
  smr = gverbs_mr_new (p.pd, PAIR_MR_SIZE, GVERBS_ACCESS_LOCAL_WRITE, &error);
  g_assert_no_error (error);
  rmr = gverbs_mr_new (p.pd, PAIR_MR_SIZE, GVERBS_ACCESS_LOCAL_WRITE, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      s[i] = make_qp (&p, GVERBS_QPT_RC, scq, NULL);
      r[i] = make_qp (&p, GVERBS_QPT_RC, rcq, srq);
    }
  for (guint i = 0; i < 2; i++)
    {
      qp_connect_rc (s[i], gverbs_qp_get_qp_num (r[i]), p.gid, p.gid_index, 7, GVERBS_ACCESS_LOCAL_WRITE);
      qp_connect_rc (r[i], gverbs_qp_get_qp_num (s[i]), p.gid, p.gid_index, 7, GVERBS_ACCESS_LOCAL_WRITE);
    }

  post_srq_recvs (srq, rmr, 8, SLOT);
  /* sender i sends slots 4i .. 4i+3; the first byte of slot k's pattern is 16 + k */
  for (guint k = 0; k < 8; k++)
    fill_pattern (smr, k * SLOT, MSG, (guint8) (16 + k));
  for (guint j = 0; j < 4; j++)
    for (guint i = 0; i < 2; i++)
      send_msg (s[i], smr, 4 * i + j, NULL, 0);

  poll_n (scq, wc, 8);
  for (guint k = 0; k < 8; k++)
    g_assert_cmpint (wc[k].status, ==, GVERBS_WC_SUCCESS);
  poll_n (rcq, wc, 8);
  for (guint k = 0; k < 8; k++)
    {
      guint slot, sender;
      guint8 first;
      g_autoptr(GBytes) head = NULL;

      g_assert_cmpint (wc[k].status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpint (wc[k].opcode, ==, GVERBS_WC_RECV);
      g_assert_cmpuint (wc[k].byte_len, ==, MSG);
      g_assert_cmpuint (wc[k].wr_id, >=, 100);
      g_assert_cmpuint (wc[k].wr_id, <, 108);
      slot = (guint) (wc[k].wr_id - 100);
      g_assert_false (seen_ids & (1u << slot));
      seen_ids |= 1u << slot;
      head = gverbs_mr_read (rmr, 1, slot * SLOT, &error);
      g_assert_no_error (error);
      first = ((const guint8 *) g_bytes_get_data (head, NULL))[0];
      g_assert_cmpuint (first, >=, 16);
      g_assert_cmpuint (first, <, 24);
      assert_pattern (rmr, slot * SLOT, MSG, first);
      g_assert_false (seen_seeds & (1u << (first - 16)));
      seen_seeds |= 1u << (first - 16);
      sender = (first - 16) / 4;
      g_assert_cmpuint (wc[k].qp_num, ==, gverbs_qp_get_qp_num (r[sender]));
      per_qp[sender]++;
    }
  g_assert_cmpuint (seen_ids, ==, 0xff);
  g_assert_cmpuint (seen_seeds, ==, 0xff);
  g_assert_cmpuint (per_qp[0], ==, 4);
  g_assert_cmpuint (per_qp[1], ==, 4);
  assert_cq_empty (rcq);

  /* a QP on an SRQ has no receive queue of its own */
  {
    GVerbsRecvWR rwr = { .wr_id = 1, .num_sge = 1, .sg_list = { mr_sge (rmr, 0, 8) } };

    g_assert_false (gverbs_qp_post_recv (r[0], &rwr, 1, &error));
    g_assert_nonnull (error);
    g_test_message ("post_recv on an SRQ QP: %s", error->message);
    g_clear_error (&error);
  }

  for (guint i = 0; i < 2; i++)
    {
      g_object_unref (s[i]);
      g_object_unref (r[i]);
    }
  g_object_unref (srq);
  g_object_unref (smr);
  g_object_unref (rmr);
  g_object_unref (scq);
  g_object_unref (rcq);
  qp_pair_clear (&p);
}

/* UD through an SRQ: the GRH (40 bytes) then the payload land in the SRQ's buffer. */
static void
test_ud_traffic (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_UD, 0, 7, GVERBS_ACCESS_LOCAL_WRITE, FALSE, 16, .srq = TRUE };
  GVerbsWC wc[4];
  guint64 seen = 0;

  if (!qp_pair_init (&p, &o))
    return;
  g_assert_nonnull (p.srq);
  post_srq_recvs (p.srq, p.mr[1], 4, SLOT);
  for (guint k = 0; k < 4; k++)
    {
      fill_pattern (p.mr[0], k * SLOT, MSG - 8, (guint8) (40 + k));
      {
        g_autoptr(GError) error = NULL;
        GVerbsSendWR wr;

        gverbs_send_wr_init (&wr, k, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
        wr.sg_list[0] = mr_sge (p.mr[0], k * SLOT, MSG - 8);
        wr.num_sge = 1;
        wr.ah = p.ah[0];
        wr.remote_qpn = gverbs_qp_get_qp_num (p.qp[1]);
        wr.remote_qkey = PAIR_QKEY;
        g_assert_true (gverbs_qp_post_send (p.qp[0], &wr, 1, &error));
        g_assert_no_error (error);
      }
    }
  poll_n (p.cq[0], wc, 4);
  poll_n (p.cq[1], wc, 4);
  for (guint k = 0; k < 4; k++)
    {
      guint slot = (guint) (wc[k].wr_id - 100);

      g_assert_cmpint (wc[k].status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpint (wc[k].opcode, ==, GVERBS_WC_RECV);
      g_assert_cmpuint (wc[k].byte_len, ==, 40 + MSG - 8);
      g_assert_cmpuint (wc[k].src_qp, ==, gverbs_qp_get_qp_num (p.qp[0]));
      g_assert_cmpuint (wc[k].qp_num, ==, gverbs_qp_get_qp_num (p.qp[1]));
      g_assert_true (wc[k].wc_flags & GVERBS_WC_GRH);
      g_assert_cmpuint (slot, <, 4);
      seen |= 1u << slot;
      /* in-order delivery on loopback: buffer k holds message k */
      assert_pattern (p.mr[1], slot * SLOT + 40, MSG - 8, (guint8) (40 + slot));
    }
  g_assert_cmpuint (seen, ==, 0xf);
  qp_pair_clear (&p);
}

typedef struct {
  GMainLoop *loop;
  GVerbsSRQ *srq;
  GObject *expect_object;
  GVerbsEventType expect_type;
  guint on_context;
  guint on_object;
  guint wrong;
} LimitEvents;

static void
on_context_event (GVerbsContext    *ctx,
                  GVerbsAsyncEvent *event,
                  LimitEvents      *ev)
{
  g_autofree char *text = gverbs_async_event_to_string (event);

  g_test_message ("context async event: %s", text);
  if (gverbs_async_event_get_event_type (event) != ev->expect_type)
    return;
  if (gverbs_async_event_get_object (event) != ev->expect_object)
    ev->wrong++;
  ev->on_context++;
}

static void
on_object_event (GObject          *object,
                 GVerbsAsyncEvent *event,
                 LimitEvents      *ev)
{
  if (gverbs_async_event_get_event_type (event) != ev->expect_type ||
      gverbs_async_event_get_object (event) != object || object != ev->expect_object)
    ev->wrong++;
  else
    ev->on_object++;
  /* the context's handler ran first */
  if (ev->on_context == 0)
    ev->wrong++;
  g_main_loop_quit (ev->loop);
}

static gboolean
on_timeout (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

static void
run_loop (LimitEvents *ev,
          guint        seconds)
{
  GSource *timeout = g_timeout_source_new_seconds (seconds);

  g_source_set_callback (timeout, on_timeout, ev->loop, NULL);
  g_source_attach (timeout, NULL);
  g_main_loop_run (ev->loop);
  g_source_destroy (timeout);
  g_source_unref (timeout);
}

static void
run_until_event (LimitEvents *ev)
{
  run_loop (ev, 10);
}

/* Arm a limit of 4 with 10 receives posted, consume 7: the device reports
 * SRQ_LIMIT_REACHED once, on the context's signal (object: the SRQ) and on
 * the SRQ's own ::async-event::srq-limit-reached; the limit is then disarmed. */
static void
test_limit_event (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE, FALSE, 16, .srq = TRUE };
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsSrqAttr) attr = NULL;
  LimitEvents ev = { 0 };
  GVerbsWC wc[8];
  gulong h1, h2;

  if (!qp_pair_init (&p, &o))
    return;
  ev.loop = g_main_loop_new (NULL, FALSE);
  ev.expect_object = G_OBJECT (p.srq);
  ev.expect_type = GVERBS_EVENT_SRQ_LIMIT_REACHED;
  h1 = g_signal_connect (p.ctx, "async-event", G_CALLBACK (on_context_event), &ev);
  h2 = g_signal_connect (p.srq, "async-event::srq-limit-reached", G_CALLBACK (on_object_event), &ev);

  attr = gverbs_srq_query (p.srq, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (attr->max_wr, >=, 16);
  g_assert_cmpuint (attr->max_sge, >=, 4);
  g_assert_cmpuint (attr->srq_limit, ==, 0);
  g_clear_pointer (&attr, gverbs_srq_attr_free);

  post_srq_recvs (p.srq, p.mr[1], 10, SLOT);
  g_assert_true (gverbs_srq_arm (p.srq, 4, &error));
  g_assert_no_error (error);
  attr = gverbs_srq_query (p.srq, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (attr->srq_limit, ==, 4);
  g_clear_pointer (&attr, gverbs_srq_attr_free);

  /* 5 consumed, 5 left: not below the limit yet */
  for (guint k = 0; k < 5; k++)
    send_msg (p.qp[0], p.mr[0], k, NULL, 0);
  poll_n (p.cq[1], wc, 5);
  poll_n (p.cq[0], wc, 5);
  {
    GMainContext *mc = g_main_context_default ();

    g_usleep (100000);
    while (g_main_context_iteration (mc, FALSE))
      ;
  }
  g_assert_cmpuint (ev.on_context, ==, 0);
  g_assert_cmpuint (ev.on_object, ==, 0);

  /* 2 more: 3 left < 4 */
  for (guint k = 5; k < 7; k++)
    send_msg (p.qp[0], p.mr[0], k, NULL, 0);
  poll_n (p.cq[1], wc, 2);
  poll_n (p.cq[0], wc, 2);
  run_until_event (&ev);
  g_assert_cmpuint (ev.wrong, ==, 0);
  g_assert_cmpuint (ev.on_context, ==, 1);
  g_assert_cmpuint (ev.on_object, ==, 1);

  /* fired once: disarmed */
  attr = gverbs_srq_query (p.srq, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (attr->srq_limit, ==, 0);
  g_clear_pointer (&attr, gverbs_srq_attr_free);

  /* re-arm above what is left: fires again on the next receive */
  g_assert_true (gverbs_srq_arm (p.srq, 3, &error));
  g_assert_no_error (error);
  send_msg (p.qp[0], p.mr[0], 7, NULL, 0);
  poll_n (p.cq[1], wc, 1);
  run_until_event (&ev);
  g_assert_cmpuint (ev.wrong, ==, 0);
  g_assert_cmpuint (ev.on_object, ==, 2);

  g_signal_handler_disconnect (p.ctx, h1);
  g_signal_handler_disconnect (p.srq, h2);
  g_main_loop_unref (ev.loop);
  qp_pair_clear (&p);
}

/* Query returns what was set; modify checks its input. */
static void
test_query_modify (void)
{
  QPPair p;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsSRQ) srq = NULL;
  g_autoptr(GVerbsSrqAttr) attr = NULL;
  GVerbsSrqAttr set = { 0, 0, 0 };
  GVerbsSRQType type;

  if (!qp_pair_open (&p))
    return;
  srq = make_srq (p.pd, 64, 0);
  attr = gverbs_srq_query (srq, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (attr->max_wr, >=, 64);
  g_assert_cmpuint (attr->max_sge, >=, 1);
  g_clear_pointer (&attr, gverbs_srq_attr_free);
  g_object_get (srq, "srq-type", &type, NULL);
  g_assert_cmpint (type, ==, GVERBS_SRQT_BASIC);
  g_assert_true (gverbs_srq_get_pd (srq) == p.pd);
  g_assert_true (gverbs_srq_get_context (srq) == p.ctx);

  set.srq_limit = 10;
  g_assert_true (gverbs_srq_modify (srq, &set, GVERBS_SRQ_LIMIT, &error));
  g_assert_no_error (error);
  attr = gverbs_srq_query (srq, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (attr->srq_limit, ==, 10);
  g_clear_pointer (&attr, gverbs_srq_attr_free);

  /* a limit beyond the queue's size: the device refuses */
  set.srq_limit = 100000;
  g_assert_false (gverbs_srq_modify (srq, &set, GVERBS_SRQ_LIMIT, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "ibv_modify_srq"));
  g_clear_error (&error);
  /* unknown mask bits */
  g_assert_false (gverbs_srq_modify (srq, &set, (GVerbsSRQAttrMask) 0x80, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* not XRC: no SRQ number */
  g_assert_cmpuint (gverbs_srq_get_srq_num (srq, &error), ==, 0);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
  g_assert_nonnull (strstr (error->message, "ibv_get_srq_num"));
  g_clear_error (&error);
  g_clear_object (&srq);
  qp_pair_clear (&p);
}

/* new_ex: a basic SRQ from extended attributes works; XRC is refused cleanly. */
static void
test_new_ex (void)
{
  QPPair p;
  g_autoptr(GError) error = NULL;
  GVerbsSrqAttr want = { 20, 2, 0 };

  if (!qp_pair_open (&p))
    return;
  {
    g_autoptr(GVerbsSrqInitAttrEx) ia = gverbs_srq_init_attr_ex_new (&want);
    g_autoptr(GVerbsSRQ) srq = NULL;
    g_autoptr(GVerbsSrqAttr) got = NULL;

    g_object_set (ia, "pd", p.pd, "comp-mask", GVERBS_SRQ_INIT_ATTR_PD, NULL);
    srq = gverbs_srq_new_ex (p.ctx, ia, &error);
    g_assert_no_error (error);
    got = gverbs_srq_query (srq, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (got->max_wr, >=, 20);
    g_assert_cmpuint (got->max_sge, >=, 2);
    g_assert_true (gverbs_srq_get_pd (srq) == p.pd);
  }
  {
    g_autoptr(GVerbsSrqInitAttrEx) ia = gverbs_srq_init_attr_ex_new (NULL);
    g_autoptr(GVerbsCQ) cq = gverbs_cq_new (p.ctx, 8, NULL, 0, &error);
    g_autoptr(GVerbsSRQ) srq = NULL;

    g_assert_no_error (error);
    g_object_set (ia, "srq-type", GVERBS_SRQT_XRC, "pd", p.pd, "cq", cq,
                  "comp-mask", GVERBS_SRQ_INIT_ATTR_TYPE | GVERBS_SRQ_INIT_ATTR_PD |
                  GVERBS_SRQ_INIT_ATTR_CQ | GVERBS_SRQ_INIT_ATTR_XRCD, NULL);
    srq = gverbs_srq_new_ex (p.ctx, ia, &error);
    g_assert_null (srq);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
    g_assert_nonnull (strstr (error->message, "ibv_create_srq_ex"));
    g_assert_nonnull (strstr (error->message, "XRC"));
    g_test_message ("%s", error->message);
    g_clear_error (&error);
  }
  {
    /* no PD */
    g_autoptr(GVerbsSrqInitAttrEx) ia = gverbs_srq_init_attr_ex_new (NULL);
    g_autoptr(GVerbsSRQ) srq = gverbs_srq_new_ex (p.ctx, ia, &error);

    g_assert_null (srq);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
  }
  qp_pair_clear (&p);
}

/* Sizes beyond the device's limits: the error names the limit and its value
 * as ibv_devinfo reports it. */
static void
test_too_large (void)
{
  QPPair p;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) info = NULL;
  gint64 max_srq_wr, max_srq_sge;
  g_autofree char *expect = NULL;

  if (!qp_pair_open (&p))
    return;
  info = gverbs_test_devinfo (gverbs_test_device_name ());
  max_srq_wr = gverbs_test_parse_number (g_hash_table_lookup (info, "max_srq_wr"));
  max_srq_sge = gverbs_test_parse_number (g_hash_table_lookup (info, "max_srq_sge"));
  g_assert_cmpint (max_srq_wr, >, 0);
  g_assert_cmpint (max_srq_sge, >, 0);
  {
    GVerbsSrqAttr attr = { (guint32) max_srq_wr + 1, 1, 0 };
    g_autoptr(GVerbsSrqInitAttr) ia = gverbs_srq_init_attr_new (&attr);
    g_autoptr(GVerbsSRQ) srq = gverbs_srq_new (p.pd, ia, &error);

    g_assert_null (srq);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    expect = g_strdup_printf ("max_wr %u > device limit max_srq_wr %" G_GINT64_FORMAT,
                              (guint) max_srq_wr + 1, max_srq_wr);
    g_assert_nonnull (strstr (error->message, expect));
    g_assert_nonnull (strstr (error->message, "ibv_create_srq"));
    g_clear_error (&error);
  }
  {
    GVerbsSrqAttr attr = { 16, (guint32) max_srq_sge + 1, 0 };
    g_autoptr(GVerbsSrqInitAttr) ia = gverbs_srq_init_attr_new (&attr);
    g_autoptr(GVerbsSRQ) srq = gverbs_srq_new (p.pd, ia, &error);

    g_assert_null (srq);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "max_srq_sge"));
    g_clear_error (&error);
  }
  /* the exact limit works */
  {
    GVerbsSrqAttr attr = { (guint32) max_srq_wr, 1, 0 };
    g_autoptr(GVerbsSrqInitAttr) ia = gverbs_srq_init_attr_new (&attr);
    g_autoptr(GVerbsSRQ) srq = gverbs_srq_new (p.pd, ia, &error);
    g_autoptr(GVerbsMR) mr = gverbs_mr_new (p.pd, 4096, GVERBS_ACCESS_LOCAL_WRITE, NULL);
    GVerbsRecvWR rwr;

    g_assert_no_error (error);
    g_assert_nonnull (srq);
    /* more SGEs than it takes: the device refuses the unconverted request */
    gverbs_recv_wr_init (&rwr, 9);
    for (guint i = 0; i < 2; i++)
      g_assert_true (gverbs_recv_wr_set_sge (&rwr, i, &(GVerbsSGE) { gverbs_mr_get_addr (mr), 8, gverbs_mr_get_lkey (mr) }, NULL));
    g_assert_false (gverbs_srq_post_recv (srq, &rwr, 1, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "ibv_post_srq_recv"));
    g_assert_nonnull (strstr (error->message, "(wr_id 9) refused"));
    g_clear_error (&error);
  }
  qp_pair_clear (&p);
}

/* Closing the PD closes the SRQ and the QPs on it first; closing the SRQ
 * closes its QPs; calls on closed objects give CLOSED. */
static void
test_close_order (void)
{
  QPPair p;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsCQ) cq = NULL;
  g_autoptr(GVerbsMR) mr = NULL;
  GVerbsSRQ *srq;
  GVerbsQP *qp, *qp2;
  GVerbsRecvWR rwr;
  gboolean closed;

  if (!qp_pair_open (&p))
    return;
  cq = gverbs_cq_new (p.ctx, 16, NULL, 0, &error);
  g_assert_no_error (error);
  mr = gverbs_mr_new (p.pd, 4096, GVERBS_ACCESS_LOCAL_WRITE, &error);
  g_assert_no_error (error);
  gverbs_recv_wr_init (&rwr, 1);   /* the unconverted one-WR path */
  rwr.num_sge = 1;
  rwr.sg_list[0] = mr_sge (mr, 0, 64);

  /* closing the SRQ closes its QP */
  srq = make_srq (p.pd, 16, 0);
  qp = make_qp (&p, GVERBS_QPT_RC, cq, srq);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (srq), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (qp)));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (srq)));
  g_object_get (srq, "closed", &closed, NULL);
  g_assert_true (closed);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (srq), &error));  /* idempotent */
  g_assert_false (gverbs_srq_post_recv (srq, &rwr, 1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_null (gverbs_srq_query (srq, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_false (gverbs_srq_arm (srq, 1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  /* a QP cannot be created on a closed SRQ */
  {
    GVerbsQPCap cap = { 4, 0, 1, 1, 0 };
    g_autoptr(GVerbsQPInitAttr) ia = gverbs_qp_init_attr_new (GVERBS_QPT_RC, cq, cq, &cap);
    g_autoptr(GVerbsQP) bad = NULL;

    g_object_set (ia, "srq", srq, NULL);
    bad = gverbs_qp_new (p.pd, ia, NULL, &error);
    g_assert_null (bad);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
    g_clear_error (&error);
  }
  g_object_unref (qp);
  g_object_unref (srq);

  /* closing the PD closes the QP, then the SRQ */
  srq = make_srq (p.pd, 16, 0);
  qp = make_qp (&p, GVERBS_QPT_RC, cq, srq);
  qp2 = make_qp (&p, GVERBS_QPT_UD, cq, srq);
  g_assert_true (gverbs_srq_post_recv (srq, &rwr, 1, &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.pd), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (qp)));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (qp2)));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (srq)));
  g_assert_false (gverbs_srq_post_recv (srq, &rwr, 1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  /* and a closed PD makes no SRQ */
  {
    g_autoptr(GVerbsSrqInitAttr) ia = gverbs_srq_init_attr_new (NULL);
    g_autoptr(GVerbsSRQ) bad = gverbs_srq_new (p.pd, ia, &error);

    g_assert_null (bad);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
    g_clear_error (&error);
  }
  g_object_unref (qp);
  g_object_unref (qp2);
  g_object_unref (srq);
  g_clear_object (&mr);
  g_clear_object (&cq);
  qp_pair_clear (&p);
}

/* A receive CQ too small for the traffic overflows: rxe reports CQ_ERR for
 * it, carried by the GVerbsCQ on the context's signal and emitted on the
 * CQ's own signal. */
static void
overflow_cq (QPPair    *p,
             GVerbsCQ **small,
             GVerbsQP **r,
             GVerbsQP **s)
{
  g_autoptr(GError) error = NULL;

  *small = gverbs_cq_new (p->ctx, 1, NULL, 0, &error);
  g_assert_no_error (error);
  p->cq[0] = gverbs_cq_new (p->ctx, 64, NULL, 0, &error);
  g_assert_no_error (error);
  p->mr[0] = gverbs_mr_new (p->pd, PAIR_MR_SIZE, GVERBS_ACCESS_LOCAL_WRITE, &error);
  g_assert_no_error (error);
  p->srq = make_srq (p->pd, 32, 0);
  *s = make_qp (p, GVERBS_QPT_RC, p->cq[0], NULL);
  *r = make_qp (p, GVERBS_QPT_RC, *small, p->srq);
  qp_connect_rc (*s, gverbs_qp_get_qp_num (*r), p->gid, p->gid_index, 7, GVERBS_ACCESS_LOCAL_WRITE);
  qp_connect_rc (*r, gverbs_qp_get_qp_num (*s), p->gid, p->gid_index, 7, GVERBS_ACCESS_LOCAL_WRITE);
  post_srq_recvs (p->srq, p->mr[0], 16, SLOT);
  for (guint k = 0; k < 8; k++)
    send_msg (*s, p->mr[0], k, NULL, 0);
}

static void
test_cq_event (void)
{
  QPPair p;
  LimitEvents ev = { 0 };
  GVerbsCQ *small;
  GVerbsQP *r, *s;
  gulong h1, h2;

  if (!qp_pair_open (&p))
    return;
  ev.loop = g_main_loop_new (NULL, FALSE);
  overflow_cq (&p, &small, &r, &s);
  ev.expect_object = G_OBJECT (small);
  ev.expect_type = GVERBS_EVENT_CQ_ERR;
  h1 = g_signal_connect (p.ctx, "async-event", G_CALLBACK (on_context_event), &ev);
  h2 = g_signal_connect (small, "async-event::cq-err", G_CALLBACK (on_object_event), &ev);
  run_until_event (&ev);
  g_assert_cmpuint (ev.wrong, ==, 0);
  g_assert_cmpuint (ev.on_context, >=, 1);
  g_assert_cmpuint (ev.on_object, >=, 1);
  g_signal_handler_disconnect (p.ctx, h1);
  g_signal_handler_disconnect (small, h2);
  g_object_unref (s);
  g_object_unref (r);
  g_object_unref (small);
  g_main_loop_unref (ev.loop);
  qp_pair_clear (&p);
}

static void
keep_event (GVerbsContext     *ctx,
            GVerbsAsyncEvent  *event,
            GVerbsAsyncEvent **kept)
{
  if (*kept == NULL && gverbs_async_event_get_event_type (event) == GVERBS_EVENT_CQ_ERR)
    *kept = g_object_ref (event);
}

/* An event never references a freed object: a copied event holds its
 * object, which outlives the user's last reference and is then closed;
 * and the kernel drops the unread events of a destroyed object, so
 * closing first leaves nothing to read. */
static void
test_event_lifetime (void)
{
  QPPair p;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAsyncEvent) event = NULL;
  g_autoptr(GVerbsAsyncEvent) late = NULL;
  GVerbsAsyncEvent *kept = NULL;
  GVerbsCQ *small;
  GVerbsQP *r, *s;
  GObject *object;
  gint64 deadline;

  if (!qp_pair_open (&p))
    return;
  overflow_cq (&p, &small, &r, &s);
  g_signal_connect (p.ctx, "async-event", G_CALLBACK (keep_event), &kept);
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (kept == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_nonnull (kept);
  event = kept;
  g_signal_handlers_disconnect_by_func (p.ctx, keep_event, &kept);
  object = gverbs_async_event_get_object (event);
  g_assert_true (object == G_OBJECT (small));
  g_object_unref (r);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (small), &error));
  g_assert_no_error (error);
  g_object_unref (small);
  /* still the CQ, alive and closed */
  g_assert_true (GVERBS_IS_CQ (object));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (GVERBS_CQ (object))));

  /* a second overflow, CQ destroyed before its event is read */
  g_object_unref (s);
  g_clear_object (&p.srq);
  g_clear_object (&p.mr[0]);
  g_clear_object (&p.cq[0]);
  overflow_cq (&p, &small, &r, &s);
  g_usleep (500000);
  g_object_unref (r);
  g_object_unref (small);
  while ((late = gverbs_context_get_async_event (p.ctx, 500, NULL, &error)) != NULL)
    {
      g_assert_null (gverbs_async_event_get_object (late));
      g_clear_object (&late);
    }
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_TIMED_OUT);
  g_object_unref (s);
  qp_pair_clear (&p);
}

/* Moving a QP attached to an SRQ to ERR: newer kernels' rxe report
 * QP_LAST_WQE_REACHED for it, which must then carry the GVerbsQP and be
 * emitted on the QP; rxe in Linux 6.1 reports no QP event at all (nor for
 * a packet reaching a QP in ERR), which is checked too. */
static void
test_qp_event (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE, FALSE, 16, .srq = TRUE };
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsQPAttr) attr = gverbs_qp_attr_new ();
  LimitEvents ev = { 0 };
  gulong h1, h2;

  if (!qp_pair_init (&p, &o))
    return;
  ev.loop = g_main_loop_new (NULL, FALSE);
  ev.expect_object = G_OBJECT (p.qp[1]);
  ev.expect_type = GVERBS_EVENT_QP_LAST_WQE_REACHED;
  h1 = g_signal_connect (p.ctx, "async-event", G_CALLBACK (on_context_event), &ev);
  h2 = g_signal_connect (p.qp[1], "async-event", G_CALLBACK (on_object_event), &ev);
  post_srq_recvs (p.srq, p.mr[1], 4, SLOT);
  g_object_set (attr, "qp-state", GVERBS_QPS_ERR, NULL);
  g_assert_true (gverbs_qp_modify (p.qp[1], attr, GVERBS_QP_STATE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (gverbs_qp_get_qp_state (p.qp[1]), ==, GVERBS_QPS_ERR);
  run_loop (&ev, 2);
  g_assert_cmpuint (ev.wrong, ==, 0);
  if (ev.on_context == 0)
    g_test_message ("this kernel's rxe reports no QP_LAST_WQE_REACHED (Linux < 6.5)");
  g_assert_cmpuint (ev.on_object, ==, ev.on_context);

  g_signal_handler_disconnect (p.ctx, h1);
  g_signal_handler_disconnect (p.qp[1], h2);
  g_main_loop_unref (ev.loop);
  qp_pair_clear (&p);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/srq/rc-traffic-two-qps", test_rc_traffic);
  g_test_add_func ("/srq/ud-traffic", test_ud_traffic);
  g_test_add_func ("/srq/limit-event", test_limit_event);
  g_test_add_func ("/srq/query-modify", test_query_modify);
  g_test_add_func ("/srq/new-ex", test_new_ex);
  g_test_add_func ("/srq/too-large", test_too_large);
  g_test_add_func ("/srq/close-order", test_close_order);
  g_test_add_func ("/srq/cq-event", test_cq_event);
  g_test_add_func ("/srq/qp-event", test_qp_event);
  g_test_add_func ("/srq/event-lifetime", test_event_lifetime);
  return g_test_run ();
}
