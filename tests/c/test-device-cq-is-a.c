/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* A GVerbsCQEX is a GVerbsCQ: a QP takes it as its send-cq and recv-cq,
 * the completion channel hands it back typed as the CQ it is, the CQ calls
 * work on it, and closing the context closes it. */
#include <string.h>
#include "qp-pair.h"

#define ACCESS (GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE)

static void
send_one (QPPair  *p,
          guint64  wr_id)
{
  g_autoptr(GError) error = NULL;
  GVerbsRecvWR rwr = { .wr_id = 1000 + wr_id, .num_sge = 1,
                       .sg_list = { mr_sge (p->mr[1], 0, 16) } };
  GVerbsSendWR swr = { .wr_id = wr_id, .opcode = GVERBS_WR_SEND,
                       .send_flags = GVERBS_SEND_SIGNALED, .num_sge = 1,
                       .sg_list = { mr_sge (p->mr[0], 0, 16) } };

  g_assert_true (gverbs_qp_post_recv (p->qp[1], &rwr, 1, &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_qp_post_send (p->qp[0], &swr, 1, &error));
  g_assert_no_error (error);
}

static void
test_cq_ex_is_a_cq (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, ACCESS, TRUE, 16, 0, FALSE, TRUE,
                      GVERBS_WC_EX_WITH_BYTE_LEN };
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsCQ) got = NULL;
  g_autoptr(GVerbsQPInitAttr) queried = NULL;
  g_autoptr(GVerbsQPAttr) qattr = NULL;
  g_autofree char *text = NULL;
  GVerbsCQ *cq0, *cq1;
  GVerbsCQ *prop = NULL;
  GVerbsWC wc[4];

  if (!qp_pair_init (&p, &o))
    return;
  cq0 = GVERBS_CQ (p.cqx[0]);
  cq1 = GVERBS_CQ (p.cqx[1]);
  g_assert_true (g_type_is_a (GVERBS_TYPE_CQ_EX, GVERBS_TYPE_CQ));
  g_assert_true (GVERBS_IS_CQ (p.cqx[0]));

  /* the QP was created with the CQEXs as send-cq/recv-cq and keeps them */
  g_assert_true (gverbs_qp_get_send_cq (p.qp[0]) == cq0);
  g_assert_true (gverbs_qp_get_recv_cq (p.qp[1]) == cq1);
  g_object_get (p.qp[1], "send-cq", &prop, NULL);
  g_assert_true (prop == cq1);
  g_clear_object (&prop);
  qattr = gverbs_qp_query (p.qp[0], GVERBS_QP_STATE, &queried, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_qp_init_attr_get_send_cq (queried) == cq0);
  g_assert_true (gverbs_qp_init_attr_get_recv_cq (queried) == cq0);

  /* the CQ's own properties and calls */
  g_assert_true (gverbs_cq_get_context (cq0) == p.ctx);
  g_assert_true (gverbs_cq_get_channel (cq0) == p.channel);
  g_assert_cmpint (gverbs_cq_get_cqe (cq0), >=, 32);
  g_assert_cmpuint (gverbs_cq_get_handle (cq0), !=, 0);
  g_assert_true (gverbs_cq_get_native (cq0) == gverbs_cq_get_native (cq0));
  text = gverbs_cq_to_string (cq0);
  g_assert_true (g_str_has_prefix (text, "Extended CQ:\nHandle"));

  /* the channel hands the CQEX back as a GVerbsCQ */
  g_assert_true (gverbs_cq_req_notify (cq1, FALSE, &error));
  g_assert_no_error (error);
  send_one (&p, 7);
  got = gverbs_comp_channel_get_cq_event (p.channel, 20000, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (got == cq1);
  g_assert_true (GVERBS_IS_CQ_EX (got));
  g_assert_cmpuint (gverbs_cq_get_unacked_events (cq1), ==, 1);
  g_assert_true (gverbs_cq_ack_events (got, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (gverbs_cq_get_unacked_events (cq1), ==, 0);

  /* gverbs_cq_poll() reads the extended CQ */
  poll_n (cq1, wc, 1);
  g_assert_cmpuint (wc[0].wr_id, ==, 1007);
  g_assert_cmpint (wc[0].status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpuint (wc[0].byte_len, ==, 16);

  /* ... but not while an extended polling batch is open on it */
  {
    gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

    while (!gverbs_cq_ex_start_poll (p.cqx[0], &error))
      {
        g_assert_no_error (error);
        g_assert_cmpint (g_get_monotonic_time (), <, deadline);
        g_usleep (100);
      }
  }
  g_assert_cmpint (gverbs_cq_poll (cq0, wc, 4, &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "end_poll"));
  g_clear_error (&error);
  g_assert_cmpuint (gverbs_cq_ex_read_wr_id (p.cqx[0], &error), ==, 7);
  g_assert_no_error (error);
  g_assert_true (gverbs_cq_ex_end_poll (p.cqx[0], &error));
  g_assert_no_error (error);
  send_one (&p, 8);
  poll_n (cq0, wc, 1);
  g_assert_cmpuint (wc[0].wr_id, ==, 8);

  /* closing the context closes the CQEXs and the QPs on them */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.ctx), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (p.cqx[0])));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (p.cqx[1])));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (p.qp[0])));
  g_assert_cmpuint (gverbs_cq_get_handle (cq0), ==, 0);
  g_assert_null (gverbs_cq_get_native (cq0));
  g_assert_cmpint (gverbs_cq_poll (cq0, wc, 1, &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  qp_pair_clear (&p);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cq/cq-ex-is-a-cq", test_cq_ex_is_a_cq);
  return g_test_run ();
}
