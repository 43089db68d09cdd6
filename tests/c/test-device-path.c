/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Connecting queue pairs from GVerbsPath (modify_to_init/rtr/rts over a
 * simulated side channel), the path's cached AH, BufferPool and CQPoller,
 * with real traffic over rxe loopback. */
#include <string.h>
#include "gverbs-test-util.h"
#include "qp-pair.h"

#define QKEY 0x11111111u
#define GRH 40

typedef struct {
  GVerbsContext *ctx;
  GVerbsPD *pd;
  GVerbsCompChannel *channel;
  GVerbsCQ *cq[2];
  GVerbsQP *qp[2];
  GVerbsMR *mr[2];
  GVerbsPath *path[2];
  guint gid_index;
} PathPair;

/* Sends @path over the "side channel": serialised to bytes and back. */
static GVerbsPath *
over_wire (GVerbsPath *path)
{
  g_autoptr(GVariant) v = gverbs_path_to_variant (path);
  g_autoptr(GBytes) bytes = g_variant_get_data_as_bytes (v);
  g_autoptr(GVariant) received = g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, bytes, FALSE);
  g_autoptr(GError) error = NULL;
  GVerbsPath *back = gverbs_path_new_from_variant (received, &error);

  g_assert_no_error (error);
  return back;
}

static void
assert_state (GVerbsQP      *qp,
              GVerbsQPState  state)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsQPAttr) attr = gverbs_qp_query (qp, GVERBS_QP_STATE, NULL, &error);
  GVerbsQPState got;

  g_assert_no_error (error);
  g_object_get (attr, "qp-state", &got, NULL);
  g_assert_cmpint (got, ==, state);
}

static void
connect_side (GVerbsQP          *qp,
              GVerbsPath        *path,
              GVerbsAccessFlags  access)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (gverbs_qp_modify_to_init (qp, path, access, &error));
  g_assert_no_error (error);
  assert_state (qp, GVERBS_QPS_INIT);
  g_assert_true (gverbs_qp_modify_to_rtr (qp, path, &error));
  g_assert_no_error (error);
  assert_state (qp, GVERBS_QPS_RTR);
  g_assert_true (gverbs_qp_modify_to_rts (qp, path, &error));
  g_assert_no_error (error);
  assert_state (qp, GVERBS_QPS_RTS);
}

static gboolean
pair_init (PathPair     *p,
           GVerbsQPType  type,
           gboolean      channel)
{
  g_autoptr(GError) error = NULL;
  GVerbsQPCap cap = { 32, 32, 1, 1, 0 };
  g_autoptr(GVerbsPath) sent_b = NULL;
  GVerbsAccessFlags access = GVERBS_ACCESS_REMOTE_WRITE |
    (type == GVERBS_QPT_RC ? GVERBS_ACCESS_REMOTE_READ : 0);
  int found;

  memset (p, 0, sizeof *p);
  p->ctx = gverbs_test_open_context ();
  if (p->ctx == NULL)
    return FALSE;
  p->pd = gverbs_pd_new (p->ctx, &error);
  g_assert_no_error (error);
  found = gverbs_context_find_default_gid (p->ctx, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (found, >=, 0);
  p->gid_index = (guint) found;
  if (channel)
    {
      p->channel = gverbs_comp_channel_new (p->ctx, &error);
      g_assert_no_error (error);
    }
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GVerbsQPInitAttr) ia = NULL;

      p->cq[i] = gverbs_cq_new (p->ctx, 64, p->channel, 0, &error);
      g_assert_no_error (error);
      p->mr[i] = gverbs_mr_new (p->pd, PAIR_MR_SIZE, GVERBS_ACCESS_LOCAL_WRITE | access, &error);
      g_assert_no_error (error);
      ia = gverbs_qp_init_attr_new (type, p->cq[i], p->cq[i], &cap);
      p->qp[i] = gverbs_qp_new (p->pd, ia, NULL, &error);
      g_assert_no_error (error);
      assert_state (p->qp[i], GVERBS_QPS_RESET);
    }

  /* Side A: its half of the path, turned towards B, goes over the wire. */
  p->path[0] = gverbs_path_new ();
  g_object_set (p->path[0], "sgid-index", p->gid_index, "qkey", QKEY, NULL);
  g_assert_true (gverbs_path_fill_from_qp (p->path[0], p->qp[0], &error));
  g_assert_no_error (error);
  gverbs_path_reverse (p->path[0]);
  /* Side B fills in its half and sends it back. */
  p->path[1] = over_wire (p->path[0]);
  g_object_set (p->path[1], "sgid-index", p->gid_index, NULL);
  g_assert_true (gverbs_path_fill_from_qp (p->path[1], p->qp[1], &error));
  g_assert_no_error (error);
  sent_b = over_wire (p->path[1]);
  gverbs_path_reverse (sent_b);
  g_set_object (&p->path[0], sent_b);

  {
    guint sqpn[2], dqpn[2], sqpsn[2], dqpsn[2];

    for (guint i = 0; i < 2; i++)
      g_object_get (p->path[i], "sqpn", &sqpn[i], "dqpn", &dqpn[i], "sqpsn", &sqpsn[i],
                    "dqpsn", &dqpsn[i], NULL);
    g_assert_cmpuint (sqpn[0], ==, gverbs_qp_get_qp_num (p->qp[0]));
    g_assert_cmpuint (dqpn[0], ==, gverbs_qp_get_qp_num (p->qp[1]));
    g_assert_cmpuint (sqpn[1], ==, dqpn[0]);
    g_assert_cmpuint (dqpn[1], ==, sqpn[0]);
    g_assert_cmpuint (sqpsn[0], ==, dqpsn[1]);
    g_assert_cmpuint (sqpsn[1], ==, dqpsn[0]);
  }
  for (guint i = 0; i < 2; i++)
    connect_side (p->qp[i], p->path[i], access);
  if (type != GVERBS_QPT_UD)
    {
      /* The PSNs and the peer QPN went where modify_to_rtr/rts put them. */
      g_autoptr(GVerbsQPAttr) attr = gverbs_qp_query (p->qp[0], GVERBS_QP_RQ_PSN | GVERBS_QP_SQ_PSN |
                                                      GVERBS_QP_DEST_QPN, NULL, &error);
      guint rq, sq, dest, want_sq, want_rq;

      g_assert_no_error (error);
      g_object_get (attr, "rq-psn", &rq, "sq-psn", &sq, "dest-qp-num", &dest, NULL);
      g_object_get (p->path[0], "sqpsn", &want_sq, "dqpsn", &want_rq, NULL);
      g_assert_cmpuint (sq, ==, want_sq);
      g_assert_cmpuint (rq, ==, want_rq);
      g_assert_cmpuint (dest, ==, gverbs_qp_get_qp_num (p->qp[1]));
    }
  return TRUE;
}

static void
pair_clear (PathPair *p)
{
  for (guint i = 0; i < 2; i++)
    {
      g_clear_object (&p->path[i]);
      g_clear_object (&p->qp[i]);
      g_clear_object (&p->mr[i]);
      g_clear_object (&p->cq[i]);
    }
  g_clear_object (&p->pd);
  g_clear_object (&p->channel);
  g_clear_object (&p->ctx);
}

/* One SEND of @len bytes from qp[0] to qp[1], checked byte for byte. */
static void
send_and_check (PathPair     *p,
                GVerbsQPType  type,
                guint8        seed,
                guint         len)
{
  g_autoptr(GError) error = NULL;
  GVerbsRecvWR rwr = { 0 };
  GVerbsSendWR swr;
  GVerbsWC wc[1];
  guint off = type == GVERBS_QPT_UD ? GRH : 0;

  rwr.wr_id = 5;
  rwr.num_sge = 1;
  rwr.sg_list[0] = mr_sge (p->mr[1], 0, len + off);
  g_assert_true (gverbs_qp_post_recv_one (p->qp[1], &rwr, &error));
  g_assert_no_error (error);
  fill_pattern (p->mr[0], 0, len, seed);
  gverbs_send_wr_init (&swr, 6, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
  swr.num_sge = 1;
  swr.sg_list[0] = mr_sge (p->mr[0], 0, len);
  if (type == GVERBS_QPT_UD)
    {
      g_autoptr(GVerbsAH) ah = gverbs_path_dup_ah (p->path[0], p->pd, &error);
      guint dqpn;

      g_assert_no_error (error);
      g_object_get (p->path[0], "dqpn", &dqpn, NULL);
      gverbs_send_wr_set_wr_ud (&swr, ah, dqpn, QKEY);
      g_assert_true (gverbs_qp_post_send_one (p->qp[0], &swr, &error));
    }
  else
    g_assert_true (gverbs_qp_post_send_one (p->qp[0], &swr, &error));
  g_assert_no_error (error);
  poll_n (p->cq[0], wc, 1);
  g_assert_cmpint (wc[0].status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpuint (wc[0].wr_id, ==, 6);
  poll_n (p->cq[1], wc, 1);
  g_assert_cmpint (wc[0].status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpuint (wc[0].wr_id, ==, 5);
  g_assert_cmpuint (wc[0].byte_len, ==, len + off);
  if (type == GVERBS_QPT_UD)
    g_assert_cmpuint (wc[0].src_qp, ==, gverbs_qp_get_qp_num (p->qp[0]));
  assert_pattern (p->mr[1], off, len, seed);
}

static void
test_connect (gconstpointer data)
{
  GVerbsQPType type = GPOINTER_TO_INT (data);
  PathPair p;

  if (!pair_init (&p, type, FALSE))
    return;
  send_and_check (&p, type, 3, 1000);
  send_and_check (&p, type, 99, 17);
  if (type != GVERBS_QPT_UD)
    {
      /* RDMA write into the peer's MR over the path-connected QPs. */
      g_autoptr(GError) error = NULL;
      GVerbsSendWR swr;
      GVerbsWC wc;

      fill_pattern (p.mr[0], 0, 512, 42);
      gverbs_send_wr_init (&swr, 9, GVERBS_WR_RDMA_WRITE, GVERBS_SEND_SIGNALED);
      swr.num_sge = 1;
      swr.sg_list[0] = mr_sge (p.mr[0], 0, 512);
      gverbs_send_wr_set_wr_rdma (&swr, gverbs_mr_get_rkey (p.mr[1]), gverbs_mr_get_addr (p.mr[1]) + 1024);
      g_assert_true (gverbs_qp_post_send_one (p.qp[0], &swr, &error));
      g_assert_no_error (error);
      poll_n (p.cq[0], &wc, 1);
      g_assert_cmpint (wc.status, ==, GVERBS_WC_SUCCESS);
      assert_pattern (p.mr[1], 1024, 512, 42);
    }
  pair_clear (&p);
}

static void
test_errors (void)
{
  /* A path cannot bring a QP of another type up; modify on a closed QP is CLOSED. */
  PathPair p;
  g_autoptr(GError) error = NULL;

  if (!pair_init (&p, GVERBS_QPT_RC, FALSE))
    return;
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.qp[0]), NULL));
  g_assert_false (gverbs_qp_modify_to_init (p.qp[0], p.path[0], 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_false (gverbs_path_fill_from_qp (p.path[0], p.qp[0], &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  /* A second modify_to_init from RTS is refused by the device, with a GError. */
  g_assert_false (gverbs_qp_modify_to_init (p.qp[1], p.path[1], 0, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "ibv_modify_qp"));
  pair_clear (&p);
}

static void
test_cached_ah (void)
{
  PathPair p;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAH) ah1 = NULL;
  g_autoptr(GVerbsAH) ah2 = NULL;
  g_autoptr(GVerbsAH) ah3 = NULL;
  g_autoptr(GVerbsAH) ah4 = NULL;
  g_autoptr(GVerbsAH) ah5 = NULL;
  guint hop;

  if (!pair_init (&p, GVERBS_QPT_UD, FALSE))
    return;
  ah1 = gverbs_path_dup_ah (p.path[0], p.pd, &error);
  g_assert_no_error (error);
  ah2 = gverbs_pd_create_ah_for_path (p.pd, p.path[0], &error);
  g_assert_no_error (error);
  g_assert_true (ah1 == ah2);
  /* Setting a field to the value it has changes nothing. */
  g_object_get (p.path[0], "hop-limit", &hop, NULL);
  g_object_set (p.path[0], "hop-limit", hop, NULL);
  ah3 = gverbs_path_dup_ah (p.path[0], p.pd, &error);
  g_assert_true (ah3 == ah1);
  /* A change makes a new AH, which carries the new value and works. */
  g_object_set (p.path[0], "hop-limit", 7u, NULL);
  ah4 = gverbs_path_dup_ah (p.path[0], p.pd, &error);
  g_assert_no_error (error);
  g_assert_true (ah4 != ah1);
  {
    GVerbsAHAttr *attr = gverbs_ah_get_attr (ah4);
    guint got;

    g_object_get (gverbs_ah_attr_get_grh (attr), "hop-limit", &got, NULL);
    g_assert_cmpuint (got, ==, 7);
    g_object_get (gverbs_ah_attr_get_grh (gverbs_ah_get_attr (ah1)), "hop-limit", &got, NULL);
    g_assert_cmpuint (got, ==, hop);
  }
  send_and_check (&p, GVERBS_QPT_UD, 11, 300);
  /* A closed AH is not handed out again. */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ah4), NULL));
  ah5 = gverbs_path_dup_ah (p.path[0], p.pd, &error);
  g_assert_no_error (error);
  g_assert_true (ah5 != ah4);
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (ah5)));
  pair_clear (&p);
}

static void
test_buffer_pool (void)
{
  PathPair p;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsBufferPool) tx = NULL;
  g_autoptr(GVerbsBufferPool) rx = NULL;
  guint idx[4];
  int extra;
  GVerbsSGE sge;
  GVerbsSendWR swr;
  g_autoptr(GVerbsSGE) made_sge = NULL;
  GVerbsWC wc[2];

  if (!pair_init (&p, GVERBS_QPT_RC, FALSE))
    return;
  g_assert_null (gverbs_buffer_pool_new (p.pd, 0, 256, 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  tx = gverbs_buffer_pool_new (p.pd, 4, 256, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (gverbs_mr_get_length (gverbs_buffer_pool_get_mr (tx)), ==, 1024);
  for (guint i = 0; i < 4; i++)
    {
      int got = gverbs_buffer_pool_pop (tx, &error);

      g_assert_no_error (error);
      g_assert_cmpint (got, >=, 0);
      idx[i] = (guint) got;
      for (guint j = 0; j < i; j++)
        g_assert_cmpuint (idx[i], !=, idx[j]);
      g_assert_cmpuint (idx[i], <, 4);
    }
  g_assert_cmpuint (gverbs_buffer_pool_get_n_free (tx), ==, 0);
  g_assert_cmpint (gverbs_buffer_pool_pop (tx, &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_WOULD_BLOCK);
  g_clear_error (&error);
  g_assert_true (gverbs_buffer_pool_push (tx, idx[2], &error));
  g_assert_false (gverbs_buffer_pool_push (tx, idx[2], &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (gverbs_buffer_pool_push (tx, 4, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  extra = gverbs_buffer_pool_pop (tx, &error);
  g_assert_no_error (error);
  g_assert_cmpint (extra, ==, (int) idx[2]);
  g_assert_true (gverbs_buffer_pool_fill_sge (tx, 3, 256, &sge, &error));
  g_assert_cmpuint (sge.addr, ==, gverbs_mr_get_addr (gverbs_buffer_pool_get_mr (tx)) + 768);
  g_assert_cmpuint (sge.length, ==, 256);
  g_assert_cmpuint (sge.lkey, ==, gverbs_mr_get_lkey (gverbs_buffer_pool_get_mr (tx)));
  made_sge = gverbs_buffer_pool_make_sge (tx, 3, 100, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (made_sge->addr, ==, sge.addr);
  g_assert_cmpuint (made_sge->length, ==, 100);
  g_assert_cmpuint (made_sge->lkey, ==, sge.lkey);
  g_assert_false (gverbs_buffer_pool_fill_sge (tx, 3, 257, &sge, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  g_assert_null (gverbs_buffer_pool_make_sge (tx, 3, 257, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  {
    g_autoptr(GVerbsRecvWR) rwr = gverbs_buffer_pool_make_recv_wr (tx, 1, &error);
    g_autoptr(GVerbsSendWR) made_swr = gverbs_buffer_pool_make_send_wr (tx, 2, 17, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (rwr->wr_id, ==, 1);
    g_assert_cmpuint (rwr->num_sge, ==, 1);
    g_assert_cmpuint (rwr->sg_list[0].addr, ==, gverbs_mr_get_addr (gverbs_buffer_pool_get_mr (tx)) + 256);
    g_assert_cmpuint (rwr->sg_list[0].length, ==, 256);
    g_assert_cmpuint (made_swr->wr_id, ==, 2);
    g_assert_cmpint (made_swr->opcode, ==, GVERBS_WR_SEND);
    g_assert_cmpuint (made_swr->send_flags, ==, GVERBS_SEND_SIGNALED);
    g_assert_cmpuint (made_swr->num_sge, ==, 1);
    g_assert_cmpuint (made_swr->sg_list[0].addr, ==, gverbs_mr_get_addr (gverbs_buffer_pool_get_mr (tx)) + 512);
    g_assert_cmpuint (made_swr->sg_list[0].length, ==, 17);
    g_assert_null (gverbs_buffer_pool_make_recv_wr (tx, 4, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
    g_clear_error (&error);
    g_assert_null (gverbs_buffer_pool_make_send_wr (tx, 0, 257, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
    g_clear_error (&error);
  }
  g_assert_false (gverbs_buffer_pool_copy_to (tx, (const guint8 *) "x", 1, 9, 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);

  /* Traffic: rx posts 3 receives from its pool, tx sends from a buffer. */
  rx = gverbs_buffer_pool_new (p.pd, 4, 256, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (gverbs_buffer_pool_post_recvs (rx, p.qp[1], 3, &error), ==, 3);
  g_assert_no_error (error);
  g_assert_cmpuint (gverbs_buffer_pool_get_n_free (rx), ==, 1);
  for (guint round = 0; round < 5; round++)
    {
      g_autofree char *msg = g_strdup_printf ("message %u through the pool", round);
      g_autoptr(GBytes) got = NULL;

      g_assert_true (gverbs_buffer_pool_copy_to (tx, (const guint8 *) msg, strlen (msg), idx[1], 0, &error));
      g_assert_true (gverbs_buffer_pool_fill_send_wr (tx, idx[1], (guint) strlen (msg), &swr, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (swr.wr_id, ==, idx[1]);
      g_assert_true (gverbs_qp_post_send_one (p.qp[0], &swr, &error));
      g_assert_no_error (error);
      poll_n (p.cq[0], wc, 1);
      g_assert_cmpint (wc[0].status, ==, GVERBS_WC_SUCCESS);
      poll_n (p.cq[1], wc, 1);
      g_assert_cmpint (wc[0].status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpuint (wc[0].byte_len, ==, strlen (msg));
      got = gverbs_buffer_pool_copy_from (rx, (guint) wc[0].wr_id, 0, wc[0].byte_len, &error);
      g_assert_no_error (error);
      g_assert_cmpmem (g_bytes_get_data (got, NULL), g_bytes_get_size (got), msg, strlen (msg));
      /* The buffer goes back and a new receive is posted in its place. */
      g_assert_true (gverbs_buffer_pool_finish_wcs (rx, p.qp[1], wc, 1, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (gverbs_buffer_pool_get_n_free (rx), ==, 1);
    }
  pair_clear (&p);
}

static void
post_sends (PathPair *p,
            guint     first_id,
            guint     n)
{
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < n; i++)
    {
      GVerbsRecvWR rwr = { 0 };
      GVerbsSendWR swr;

      rwr.wr_id = 100 + first_id + i;
      rwr.num_sge = 1;
      rwr.sg_list[0] = mr_sge (p->mr[1], 64 * i, 64);
      g_assert_true (gverbs_qp_post_recv_one (p->qp[1], &rwr, &error));
      gverbs_send_wr_init (&swr, first_id + i, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
      swr.num_sge = 1;
      swr.sg_list[0] = mr_sge (p->mr[0], 0, 8 + i);
      g_assert_true (gverbs_qp_post_send_one (p->qp[0], &swr, &error));
      g_assert_no_error (error);
    }
}

static void
test_cq_poller (gconstpointer data)
{
  gboolean with_channel = GPOINTER_TO_INT (data);
  PathPair p;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsCQPoller) send_poller = NULL;
  g_autoptr(GVerbsCQPoller) recv_poller = NULL;
  const GVerbsWC *wc;
  gint64 start;

  if (!pair_init (&p, GVERBS_QPT_RC, with_channel))
    return;
  send_poller = gverbs_cq_poller_new (p.cq[0], p.channel);
  recv_poller = gverbs_cq_poller_new (p.cq[1], p.channel);
  g_assert_true (gverbs_cq_poller_get_cq (send_poller) == p.cq[0]);
  g_assert_true (gverbs_cq_poller_get_channel (send_poller) == p.channel);
  g_assert_null (gverbs_cq_poller_get_last_wc (send_poller));

  /* Nothing there: a clean timeout after about the time asked. */
  start = g_get_monotonic_time ();
  g_assert_null (gverbs_cq_poller_next (send_poller, 200, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_TIMED_OUT);
  g_clear_error (&error);
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 190000);

  /* 20 sends (more than one internal batch), seen in order on both sides. */
  post_sends (&p, 10, 20);
  for (guint i = 0; i < 20; i++)
    {
      wc = gverbs_cq_poller_next (send_poller, 5000, &error);
      g_assert_no_error (error);
      g_assert_nonnull (wc);
      g_assert_true (gverbs_cq_poller_get_last_wc (send_poller) == wc);
      g_assert_cmpuint (wc->wr_id, ==, 10 + i);
      g_assert_cmpint (wc->opcode, ==, GVERBS_WC_SEND);
    }
  for (guint i = 0; i < 20; i++)
    {
      wc = gverbs_cq_poller_next (recv_poller, 5000, &error);
      g_assert_no_error (error);
      g_assert_nonnull (wc);
      g_assert_cmpuint (wc->wr_id, ==, 110 + i);
      g_assert_cmpint (wc->opcode, ==, GVERBS_WC_RECV);
      g_assert_cmpuint (wc->byte_len, ==, 8 + i);
    }
  g_assert_null (gverbs_cq_poller_next (recv_poller, 50, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_TIMED_OUT);
  g_clear_error (&error);
  /* a timeout keeps the last completion */
  g_assert_nonnull (gverbs_cq_poller_get_last_wc (recv_poller));
  g_assert_cmpuint (gverbs_cq_poller_get_last_wc (recv_poller)->wr_id, ==, 129);

  /* Completions that arrive while the poller waits wake it. */
  post_sends (&p, 40, 1);
  wc = gverbs_cq_poller_next (recv_poller, 5000, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (wc->wr_id, ==, 140);
  wc = gverbs_cq_poller_next (send_poller, 5000, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (wc->wr_id, ==, 40);

  /* A failed completion: RDMA write with a wrong rkey. */
  {
    GVerbsSendWR swr;

    gverbs_send_wr_init (&swr, 77, GVERBS_WR_RDMA_WRITE, GVERBS_SEND_SIGNALED);
    swr.num_sge = 1;
    swr.sg_list[0] = mr_sge (p.mr[0], 0, 64);
    gverbs_send_wr_set_wr_rdma (&swr, gverbs_mr_get_rkey (p.mr[1]) ^ 0x5a5a00,
                                gverbs_mr_get_addr (p.mr[1]));
    g_assert_true (gverbs_qp_post_send_one (p.qp[0], &swr, &error));
    g_assert_no_error (error);
    g_assert_null (gverbs_cq_poller_next (send_poller, 5000, &error));
    g_assert_error (error, GVERBS_WC_ERROR, GVERBS_WC_ERROR_REM_ACCESS_ERR);
    {
      const GVerbsWC *last = gverbs_cq_poller_get_last_wc (send_poller);

      g_assert_nonnull (last);
      g_assert_cmpuint (last->wr_id, ==, 77);
      g_assert_cmpint (last->status, ==, GVERBS_WC_REM_ACCESS_ERR);
      g_assert_cmpuint (last->qp_num, ==, gverbs_qp_get_qp_num (p.qp[0]));
    }
    {
      g_autofree char *qpn = g_strdup_printf ("QP 0x%x", gverbs_qp_get_qp_num (p.qp[0]));

      g_assert_nonnull (strstr (error->message, "wr_id 77"));
      g_assert_nonnull (strstr (error->message, qpn));
    }
  }
  pair_clear (&p);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/path/connect/rc", GINT_TO_POINTER (GVERBS_QPT_RC), test_connect);
  g_test_add_data_func ("/path/connect/uc", GINT_TO_POINTER (GVERBS_QPT_UC), test_connect);
  g_test_add_data_func ("/path/connect/ud", GINT_TO_POINTER (GVERBS_QPT_UD), test_connect);
  g_test_add_func ("/path/errors", test_errors);
  g_test_add_func ("/path/cached-ah", test_cached_ah);
  g_test_add_func ("/buffer-pool/exhaust-return-traffic", test_buffer_pool);
  g_test_add_data_func ("/cq-poller/channel", GINT_TO_POINTER (TRUE), test_cq_poller);
  g_test_add_data_func ("/cq-poller/busy-poll", GINT_TO_POINTER (FALSE), test_cq_poller);
  return g_test_run ();
}
