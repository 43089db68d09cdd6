/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Two queue pairs on the device under test, talking to each other over
 * loopback (rxe), each with its own CQ and a 4 KiB memory region. Shared by
 * the QP traffic tests; header-only. */
#pragma once

#include <string.h>
#include "gverbs-test-util.h"

#define PAIR_MR_SIZE 4096
#define PAIR_QKEY 0x11111111u

typedef struct {
  GVerbsContext *ctx;
  GVerbsPD *pd;
  GVerbsCQ *cq[2];
  GVerbsCQEX *cqx[2];  /* with QPPairOptions.cq_ex: instead of cq[] */
  GVerbsQP *qp[2];
  GVerbsMR *mr[2];
  GVerbsAH *ah[2];     /* UD: ah[i] addresses qp[1 - i] */
  GVerbsCompChannel *channel;
  GVerbsSRQ *srq;      /* with QPPairOptions.srq: qp[1] receives from it */
  guint gid_index;
  char *gid;
} QPPair;

typedef struct {
  GVerbsQPType type;
  guint max_inline;
  guint rnr_retry;     /* of qp[0] */
  GVerbsAccessFlags access;
  gboolean channel;    /* both CQs on one completion channel */
  guint depth;
  GVerbsQPCreateSendOpsFlags send_ops;   /* not 0: the extended send API */
  gboolean srq;        /* qp[1] takes its receives from a shared receive queue */
  gboolean cq_ex;      /* extended CQs (cqx[]) with cq_ex_wc_flags instead of cq[] */
  GVerbsCreateCQWCFlags cq_ex_wc_flags;
} QPPairOptions;

/* Moves @qp to RTS, connected to QP number @remote_qpn at @gid (loopback). */
G_GNUC_UNUSED static void
qp_connect_rc (GVerbsQP          *qp,
               guint32            remote_qpn,
               const char        *gid,
               guint              gid_index,
               guint              rnr_retry,
               GVerbsAccessFlags  access)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsQPAttr) attr = gverbs_qp_attr_new ();
  g_autoptr(GVerbsAHAttr) ah = gverbs_ah_attr_new ();
  g_autoptr(GVerbsGlobalRoute) gr = gverbs_global_route_new ();

  g_object_set (gr, "dgid", gid, "sgid-index", gid_index, NULL);
  g_object_set (ah, "is-global", TRUE, "port-num", 1u, "grh", gr, NULL);
  g_object_set (attr, "ah-attr", ah, "dest-qp-num", remote_qpn,
                "path-mtu", GVERBS_MTU_BYTES_1024, "rq-psn", 0u, "sq-psn", 0u,
                "max-dest-rd-atomic", 4u, "max-rd-atomic", 4u, "min-rnr-timer", 1u,
                "timeout", 14u, "retry-cnt", 7u, "rnr-retry", rnr_retry,
                "qp-access-flags", access, NULL);
  g_assert_true (gverbs_qp_to_rts (qp, attr, &error));
  g_assert_no_error (error);
}

G_GNUC_UNUSED static void
qp_pair_connect (QPPair              *p,
                 const QPPairOptions *o)
{
  for (guint i = 0; i < 2; i++)
    qp_connect_rc (p->qp[i], gverbs_qp_get_qp_num (p->qp[1 - i]), p->gid, p->gid_index,
                   i == 0 ? o->rnr_retry : 7u, o->access);
}

/* Opens the device under test and a PD, and finds the GID for loopback. */
G_GNUC_UNUSED static gboolean
qp_pair_open (QPPair *p)
{
  g_autoptr(GError) error = NULL;

  memset (p, 0, sizeof *p);
  p->ctx = gverbs_test_open_context ();
  if (p->ctx == NULL)
    return FALSE;
  p->pd = gverbs_pd_new (p->ctx, &error);
  g_assert_no_error (error);
  {
    int found = gverbs_context_find_default_gid (p->ctx, 1, &error);

    g_assert_no_error (error);
    g_assert_cmpint (found, >=, 0);
    p->gid_index = (guint) found;
  }
  {
    g_autoptr(GVerbsGid) gid = gverbs_context_query_gid (p->ctx, 1, p->gid_index, &error);

    g_assert_no_error (error);
    p->gid = gverbs_gid_to_string (gid);
  }
  return TRUE;
}

G_GNUC_UNUSED static gboolean
qp_pair_init (QPPair              *p,
              const QPPairOptions *o)
{
  g_autoptr(GError) error = NULL;
  GVerbsQPCap cap = { o->depth ? o->depth : 64, o->depth ? o->depth : 64, 4, 4, o->max_inline };

  if (!qp_pair_open (p))
    return FALSE;
  if (o->srq)
    {
      GVerbsSrqAttr sa = { cap.max_recv_wr, cap.max_recv_sge, 0 };
      g_autoptr(GVerbsSrqInitAttr) sia = gverbs_srq_init_attr_new (&sa);

      p->srq = gverbs_srq_new (p->pd, sia, &error);
      g_assert_no_error (error);
    }
  if (o->channel)
    {
      p->channel = gverbs_comp_channel_new (p->ctx, &error);
      g_assert_no_error (error);
    }
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GVerbsQPInitAttr) ia = NULL;
      g_autoptr(GVerbsQPAttr) attr = NULL;
      GVerbsCQ *cq;

      if (o->cq_ex)
        {
          g_autoptr(GVerbsCqInitAttrEx) cia = gverbs_cq_init_attr_ex_new ();

          g_object_set (cia, "cqe", 2 * cap.max_send_wr, "channel", p->channel,
                        "wc-flags", o->cq_ex_wc_flags, NULL);
          p->cqx[i] = gverbs_cq_ex_new (p->ctx, cia, &error);
        }
      else
        p->cq[i] = gverbs_cq_new (p->ctx, (int) (2 * cap.max_send_wr), p->channel, 0, &error);
      g_assert_no_error (error);
      p->mr[i] = gverbs_mr_new (p->pd, PAIR_MR_SIZE,
                                GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE |
                                GVERBS_ACCESS_REMOTE_READ | GVERBS_ACCESS_REMOTE_ATOMIC |
                                GVERBS_ACCESS_MW_BIND, &error);
      g_assert_no_error (error);
      cq = o->cq_ex ? GVERBS_CQ (p->cqx[i]) : p->cq[i];
      ia = o->send_ops
           ? GVERBS_QP_INIT_ATTR (gverbs_qp_init_attr_ex_new (o->type, cq, cq, &cap,
                                                              p->pd, o->send_ops))
           : gverbs_qp_init_attr_new (o->type, cq, cq, &cap);
      g_object_set (ia, "sq-sig-all", FALSE, NULL);
      if (i == 1 && p->srq != NULL)
        g_object_set (ia, "srq", p->srq, NULL);
      if (o->type == GVERBS_QPT_UD)
        {
          attr = gverbs_qp_attr_new ();
          g_object_set (attr, "qkey", PAIR_QKEY, NULL);
        }
      p->qp[i] = o->send_ops
                 ? GVERBS_QP (gverbs_qp_ex_new (p->ctx, GVERBS_QP_INIT_ATTR_EX (ia), attr, &error))
                 : gverbs_qp_new (p->pd, ia, attr, &error);
      g_assert_no_error (error);
    }
  if (o->type == GVERBS_QPT_UD)
    {
      for (guint i = 0; i < 2; i++)
        {
          g_autoptr(GVerbsAHAttr) ah = gverbs_ah_attr_new ();
          g_autoptr(GVerbsGlobalRoute) gr = gverbs_global_route_new ();

          g_object_set (gr, "dgid", p->gid, "sgid-index", p->gid_index, NULL);
          g_object_set (ah, "is-global", TRUE, "port-num", 1u, "grh", gr, NULL);
          p->ah[i] = gverbs_ah_new (p->pd, ah, &error);
          g_assert_no_error (error);
        }
    }
  else
    qp_pair_connect (p, o);
  return TRUE;
}

G_GNUC_UNUSED static void
qp_pair_clear (QPPair *p)
{
  for (guint i = 0; i < 2; i++)
    {
      g_clear_object (&p->ah[i]);
      g_clear_object (&p->qp[i]);
      g_clear_object (&p->mr[i]);
      g_clear_object (&p->cq[i]);
      g_clear_object (&p->cqx[i]);
    }
  g_clear_object (&p->srq);
  g_clear_object (&p->pd);
  g_clear_object (&p->channel);
  g_clear_object (&p->ctx);
  g_clear_pointer (&p->gid, g_free);
}

/* Polls until @n completions came (or 10 s passed: then fails the test). */
G_GNUC_UNUSED static void
poll_n (GVerbsCQ *cq,
        GVerbsWC *wcs,
        guint     n)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  guint got = 0;

  while (got < n)
    {
      g_autoptr(GError) error = NULL;
      int rc = gverbs_cq_poll (cq, wcs + got, n - got, &error);

      g_assert_no_error (error);
      g_assert_cmpint (rc, >=, 0);
      got += (guint) rc;
      if (got < n)
        {
          g_assert_cmpint (g_get_monotonic_time (), <, deadline);
          g_usleep (100);
        }
    }
}

/* Checks that no completion comes within 50 ms. */
G_GNUC_UNUSED static void
assert_cq_empty (GVerbsCQ *cq)
{
  GVerbsWC wc;

  g_usleep (50000);
  g_assert_cmpint (gverbs_cq_poll (cq, &wc, 1, NULL), ==, 0);
}

G_GNUC_UNUSED static GVerbsSGE
mr_sge (GVerbsMR *mr,
        guint64   offset,
        guint32   length)
{
  GVerbsSGE sge = { gverbs_mr_get_addr (mr) + offset, length, gverbs_mr_get_lkey (mr) };

  return sge;
}

G_GNUC_UNUSED static void
fill_pattern (GVerbsMR *mr,
              guint64   offset,
              gsize     length,
              guint8    seed)
{
  g_autoptr(GError) error = NULL;
  g_autofree guint8 *data = g_malloc (length);

  for (gsize i = 0; i < length; i++)
    data[i] = (guint8) (seed + i * 7);
  g_assert_true (gverbs_mr_write (mr, data, length, offset, &error));
  g_assert_no_error (error);
}

G_GNUC_UNUSED static void
assert_pattern (GVerbsMR *mr,
                guint64   offset,
                gsize     length,
                guint8    seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) got = gverbs_mr_read (mr, length, offset, &error);
  const guint8 *data;

  g_assert_no_error (error);
  data = g_bytes_get_data (got, NULL);
  for (gsize i = 0; i < length; i++)
    if (data[i] != (guint8) (seed + i * 7))
      g_error ("byte %" G_GSIZE_FORMAT " at offset %" G_GUINT64_FORMAT ": %u, expected %u",
               i, offset, data[i], (guint8) (seed + i * 7));
}
