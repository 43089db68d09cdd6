/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Extended CQs (ibv_create_cq_ex) as the send and receive CQs of RC and UD
 * pairs over rxe loopback: every completion of real traffic (send, send with
 * immediate, RDMA write with immediate, RDMA read, an error) read field by
 * field with start_poll / next_poll / end_poll and checked against the
 * known values; and an extended QP whose CQs are extended. */
#include "qp-pair.h"

#define ALL_ACCESS (GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE | \
                    GVERBS_ACCESS_REMOTE_READ | GVERBS_ACCESS_REMOTE_ATOMIC)
/* everything rxe offers (it has no completion timestamps) */
#define WC_FLAGS (GVERBS_WC_EX_WITH_BYTE_LEN | GVERBS_WC_EX_WITH_IMM | GVERBS_WC_EX_WITH_QP_NUM | \
                  GVERBS_WC_EX_WITH_SRC_QP | GVERBS_WC_EX_WITH_SLID | GVERBS_WC_EX_WITH_SL | \
                  GVERBS_WC_EX_WITH_DLID_PATH_BITS)
#define IMM_A 0x11223344u
#define IMM_B 0x55667788u

typedef struct {
  guint64 wr_id;
  GVerbsWCStatus status;
  GVerbsWCOpcode opcode;
  guint32 byte_len, imm_data, qp_num, src_qp, slid;
  GVerbsWCFlags wc_flags;
  guint8 sl, dlid_path_bits;
} Completion;

static void
read_one (GVerbsCQEX *cq,
          Completion *c)
{
  GError *error = NULL;
  GVerbsWC wc;

  c->wr_id = gverbs_cq_ex_read_wr_id (cq, &error);
  c->status = gverbs_cq_ex_read_status (cq, &error);
  c->opcode = gverbs_cq_ex_read_opcode (cq, &error);
  c->byte_len = gverbs_cq_ex_read_byte_len (cq, &error);
  c->wc_flags = gverbs_cq_ex_read_wc_flags (cq, &error);
  c->imm_data = (c->wc_flags & GVERBS_WC_WITH_IMM) ? gverbs_cq_ex_read_imm_data (cq, &error) : 0;
  c->qp_num = gverbs_cq_ex_read_qp_num (cq, &error);
  c->src_qp = gverbs_cq_ex_read_src_qp (cq, &error);
  c->slid = gverbs_cq_ex_read_slid (cq, &error);
  c->sl = gverbs_cq_ex_read_sl (cq, &error);
  c->dlid_path_bits = gverbs_cq_ex_read_dlid_path_bits (cq, &error);
  g_assert_no_error (error);
  /* the whole-WC copy says the same */
  g_assert_true (gverbs_cq_ex_fill_wc (cq, &wc, &error));
  g_assert_no_error (error);
  {
    g_autoptr(GVerbsWC) read = gverbs_cq_ex_read_wc (cq, &error);

    g_assert_no_error (error);
    g_assert_nonnull (read);
    g_assert_cmpmem (read, sizeof *read, &wc, sizeof wc);
  }
  g_assert_cmpuint (wc.wr_id, ==, c->wr_id);
  g_assert_cmpint (wc.status, ==, c->status);
  g_assert_cmpuint (wc.qp_num, ==, c->qp_num);
  g_assert_cmpuint (wc.src_qp, ==, c->src_qp);
  g_assert_cmpuint (wc.wc_flags, ==, c->wc_flags);
  if (c->status == GVERBS_WC_SUCCESS)
    {
      g_assert_cmpint (wc.opcode, ==, c->opcode);
      g_assert_cmpuint (wc.byte_len, ==, c->byte_len);
      g_assert_cmphex (wc.imm_data, ==, c->imm_data);
    }
}

/* Reads @n completions one batch each (start_poll, read, end_poll), as
 * they come. */
static void
poll_cqx (GVerbsCQEX *cq,
          Completion *out,
          guint       n)
{
  GError *error = NULL;
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  guint got = 0;

  while (got < n)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      if (!gverbs_cq_ex_start_poll (cq, &error))
        {
          g_assert_no_error (error);
          continue;
        }
      g_assert_true (gverbs_cq_ex_is_polling (cq));
      read_one (cq, &out[got++]);
      g_assert_true (gverbs_cq_ex_end_poll (cq, &error));
      g_assert_no_error (error);
      g_assert_false (gverbs_cq_ex_is_polling (cq));
    }
  /* and nothing more */
  g_assert_false (gverbs_cq_ex_start_poll (cq, &error));
  g_assert_no_error (error);
}

/* Reads the @n completions known to be in the CQ in one batch, the usual
 * loop: start_poll, next_poll until it finds no more, end_poll — and then
 * nothing is left (rxe in rdma-core 44 overran its consumer index there and
 * the next start_poll found a stale completion). */
static void
read_batch (GVerbsCQEX *cq,
            Completion *out,
            guint       n)
{
  GError *error = NULL;
  guint got = 0;

  g_assert_true (gverbs_cq_ex_start_poll (cq, &error));
  g_assert_no_error (error);
  do
    {
      g_assert_cmpuint (got, <, n);
      read_one (cq, &out[got++]);
    }
  while (gverbs_cq_ex_next_poll (cq, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (got, ==, n);
  g_assert_true (gverbs_cq_ex_is_polling (cq));
  g_assert_false (gverbs_cq_ex_next_poll (cq, &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_cq_ex_end_poll (cq, &error));
  g_assert_no_error (error);
  g_assert_false (gverbs_cq_ex_start_poll (cq, &error));
  g_assert_no_error (error);
}

static void
post_send (GVerbsQP     *qp,
           GVerbsSendWR *wr)
{
  GError *error = NULL;

  g_assert_true (gverbs_qp_post_send (qp, wr, 1, &error));
  g_assert_no_error (error);
}

static void
post_recv (QPPair  *p,
           guint64  wr_id,
           guint    offset,
           guint    length)
{
  GError *error = NULL;
  GVerbsRecvWR wr = { .wr_id = wr_id, .num_sge = 1, .sg_list = { mr_sge (p->mr[1], offset, length) } };

  g_assert_true (gverbs_qp_post_recv (p->qp[1], &wr, 1, &error));
  g_assert_no_error (error);
}

static void
test_rc (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, ALL_ACCESS, FALSE, 0, 0, FALSE, TRUE, WC_FLAGS };
  Completion s[4], r[3];
  guint32 qpn0, qpn1, rkey;
  guint64 raddr;
  GVerbsSendWR wr;

  if (!qp_pair_init (&p, &o))
    return;
  g_assert_cmphex (gverbs_cq_ex_get_wc_flags (p.cqx[0]), ==, WC_FLAGS);
  qpn0 = gverbs_qp_get_qp_num (p.qp[0]);
  qpn1 = gverbs_qp_get_qp_num (p.qp[1]);
  rkey = gverbs_mr_get_rkey (p.mr[1]);
  raddr = gverbs_mr_get_addr (p.mr[1]);
  fill_pattern (p.mr[0], 0, 1024, 3);
  fill_pattern (p.mr[1], 3072, 128, 9);
  post_recv (&p, 10, 0, 512);
  post_recv (&p, 11, 512, 512);
  post_recv (&p, 12, 0, 0);

  wr = (GVerbsSendWR) { .wr_id = 1, .opcode = GVERBS_WR_SEND, .send_flags = GVERBS_SEND_SIGNALED,
                        .num_sge = 1, .sg_list = { mr_sge (p.mr[0], 0, 100) } };
  post_send (p.qp[0], &wr);
  wr = (GVerbsSendWR) { .wr_id = 2, .opcode = GVERBS_WR_SEND_WITH_IMM, .send_flags = GVERBS_SEND_SIGNALED,
                        .imm_data = IMM_A, .num_sge = 1, .sg_list = { mr_sge (p.mr[0], 100, 200) } };
  post_send (p.qp[0], &wr);
  wr = (GVerbsSendWR) { .wr_id = 3, .opcode = GVERBS_WR_RDMA_WRITE_WITH_IMM,
                        .send_flags = GVERBS_SEND_SIGNALED, .imm_data = IMM_B, .num_sge = 1,
                        .sg_list = { mr_sge (p.mr[0], 300, 64) }, .remote_addr = raddr + 2048,
                        .rkey = rkey };
  post_send (p.qp[0], &wr);
  wr = (GVerbsSendWR) { .wr_id = 4, .opcode = GVERBS_WR_RDMA_READ, .send_flags = GVERBS_SEND_SIGNALED,
                        .num_sge = 1, .sg_list = { mr_sge (p.mr[0], 3072, 128) },
                        .remote_addr = raddr + 3072, .rkey = rkey };
  post_send (p.qp[0], &wr);

  poll_cqx (p.cqx[0], s, 4);
  for (guint i = 0; i < 4; i++)
    {
      g_assert_cmpuint (s[i].wr_id, ==, i + 1);
      g_assert_cmpint (s[i].status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpuint (s[i].qp_num, ==, qpn0);
    }
  g_assert_cmpint (s[0].opcode, ==, GVERBS_WC_SEND);
  g_assert_cmpint (s[1].opcode, ==, GVERBS_WC_SEND);
  g_assert_cmpint (s[2].opcode, ==, GVERBS_WC_RDMA_WRITE);
  g_assert_cmpint (s[3].opcode, ==, GVERBS_WC_RDMA_READ);
  g_assert_cmpuint (s[3].byte_len, ==, 128);

  read_batch (p.cqx[1], r, 3);       /* all in: the sends were acknowledged */
  g_assert_cmpuint (r[0].wr_id, ==, 10);
  g_assert_cmpuint (r[1].wr_id, ==, 11);
  g_assert_cmpuint (r[2].wr_id, ==, 12);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpint (r[i].status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpuint (r[i].qp_num, ==, qpn1);
      g_assert_cmpuint (r[i].sl, ==, 0);
      g_assert_cmpuint (r[i].dlid_path_bits, ==, 0);
    }
  g_assert_cmpint (r[0].opcode, ==, GVERBS_WC_RECV);
  g_assert_cmpuint (r[0].byte_len, ==, 100);
  g_assert_false (r[0].wc_flags & GVERBS_WC_WITH_IMM);
  g_assert_cmpint (r[1].opcode, ==, GVERBS_WC_RECV);
  g_assert_cmpuint (r[1].byte_len, ==, 200);
  g_assert_true (r[1].wc_flags & GVERBS_WC_WITH_IMM);
  g_assert_cmphex (r[1].imm_data, ==, IMM_A);
  g_assert_cmpint (r[2].opcode, ==, GVERBS_WC_RECV_RDMA_WITH_IMM);
  g_assert_cmpuint (r[2].byte_len, ==, 64);
  g_assert_true (r[2].wc_flags & GVERBS_WC_WITH_IMM);
  g_assert_cmphex (r[2].imm_data, ==, IMM_B);

  assert_pattern (p.mr[1], 0, 100, 3);          /* send */
  {
    g_autoptr(GBytes) a = gverbs_mr_read (p.mr[0], 264, 100, NULL);
    g_autoptr(GBytes) b = gverbs_mr_read (p.mr[1], 200, 512, NULL);
    g_autoptr(GBytes) c = gverbs_mr_read (p.mr[1], 64, 2048, NULL);

    g_assert_cmpmem (g_bytes_get_data (b, NULL), 200, g_bytes_get_data (a, NULL), 200);
    g_assert_cmpmem (g_bytes_get_data (c, NULL), 64, (const guint8 *) g_bytes_get_data (a, NULL) + 200, 64);
  }
  assert_pattern (p.mr[0], 3072, 128, 9);       /* RDMA read */
  qp_pair_clear (&p);
}

static void
test_ud (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_UD, 0, 7, ALL_ACCESS, FALSE, 0, 0, FALSE, TRUE, WC_FLAGS };
  Completion s[2], r[2];
  GVerbsSendWR wr;
  guint32 qpn0, qpn1;

  if (!qp_pair_init (&p, &o))
    return;
  qpn0 = gverbs_qp_get_qp_num (p.qp[0]);
  qpn1 = gverbs_qp_get_qp_num (p.qp[1]);
  fill_pattern (p.mr[0], 0, 512, 21);
  post_recv (&p, 30, 0, 40 + 256);
  post_recv (&p, 31, 1024, 40 + 256);
  wr = (GVerbsSendWR) { .wr_id = 20, .opcode = GVERBS_WR_SEND, .send_flags = GVERBS_SEND_SIGNALED,
                        .num_sge = 1, .sg_list = { mr_sge (p.mr[0], 0, 256) } };
  gverbs_send_wr_set_wr_ud (&wr, p.ah[0], qpn1, PAIR_QKEY);
  post_send (p.qp[0], &wr);
  wr = (GVerbsSendWR) { .wr_id = 21, .opcode = GVERBS_WR_SEND_WITH_IMM, .send_flags = GVERBS_SEND_SIGNALED,
                        .imm_data = IMM_A, .num_sge = 1, .sg_list = { mr_sge (p.mr[0], 256, 77) } };
  gverbs_send_wr_set_wr_ud (&wr, p.ah[0], qpn1, PAIR_QKEY);
  post_send (p.qp[0], &wr);

  poll_cqx (p.cqx[0], s, 2);
  g_assert_cmpuint (s[0].wr_id, ==, 20);
  g_assert_cmpuint (s[1].wr_id, ==, 21);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpint (s[i].status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpint (s[i].opcode, ==, GVERBS_WC_SEND);
      g_assert_cmpuint (s[i].qp_num, ==, qpn0);
    }
  poll_cqx (p.cqx[1], r, 2);
  g_assert_cmpuint (r[0].wr_id, ==, 30);
  g_assert_cmpuint (r[1].wr_id, ==, 31);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpint (r[i].status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpint (r[i].opcode, ==, GVERBS_WC_RECV);
      g_assert_cmpuint (r[i].qp_num, ==, qpn1);
      g_assert_cmpuint (r[i].src_qp, ==, qpn0);       /* UD: who sent it */
      g_assert_true (r[i].wc_flags & GVERBS_WC_GRH);
      g_assert_cmpuint (r[i].slid, ==, 0);            /* RoCE has no LIDs */
    }
  g_assert_cmpuint (r[0].byte_len, ==, 40 + 256);
  g_assert_false (r[0].wc_flags & GVERBS_WC_WITH_IMM);
  g_assert_cmpuint (r[1].byte_len, ==, 40 + 77);
  g_assert_true (r[1].wc_flags & GVERBS_WC_WITH_IMM);
  g_assert_cmphex (r[1].imm_data, ==, IMM_A);
  assert_pattern (p.mr[1], 40, 256, 21);
  {
    g_autoptr(GBytes) a = gverbs_mr_read (p.mr[0], 77, 256, NULL);
    g_autoptr(GBytes) b = gverbs_mr_read (p.mr[1], 77, 1024 + 40, NULL);

    g_assert_cmpmem (g_bytes_get_data (b, NULL), 77, g_bytes_get_data (a, NULL), 77);
  }
  qp_pair_clear (&p);
}

/* A wrong rkey: the responder refuses, the requester's CQEX says REM_ACCESS_ERR. */
static void
test_error (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, ALL_ACCESS, FALSE, 0, 0, FALSE, TRUE, WC_FLAGS };
  Completion s;
  GVerbsSendWR wr;
  g_autoptr(GError) error = NULL;

  if (!qp_pair_init (&p, &o))
    return;
  wr = (GVerbsSendWR) { .wr_id = 77, .opcode = GVERBS_WR_RDMA_WRITE, .send_flags = GVERBS_SEND_SIGNALED,
                        .num_sge = 1, .sg_list = { mr_sge (p.mr[0], 0, 64) },
                        .remote_addr = gverbs_mr_get_addr (p.mr[1]),
                        .rkey = gverbs_mr_get_rkey (p.mr[1]) ^ 0x100 };
  post_send (p.qp[0], &wr);
  poll_cqx (p.cqx[0], &s, 1);
  g_assert_cmpuint (s.wr_id, ==, 77);
  g_assert_cmpint (s.status, ==, GVERBS_WC_REM_ACCESS_ERR);
  g_assert_cmpuint (s.qp_num, ==, gverbs_qp_get_qp_num (p.qp[0]));
  g_assert_cmpstr (gverbs_wc_status_str (s.status), ==, "remote access error");
  g_assert_cmpint (gverbs_qp_get_qp_state (p.qp[0]), ==, GVERBS_QPS_ERR);
  qp_pair_clear (&p);
}

/* An extended QP whose CQs are extended: the extended send API end to end. */
static void
test_qp_ex (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, ALL_ACCESS, FALSE, 0,
                      GVERBS_QP_EX_WITH_SEND_WITH_IMM | GVERBS_QP_EX_WITH_RDMA_READ,
                      FALSE, TRUE, WC_FLAGS };
  GError *error = NULL;
  GVerbsQPEx *qx;
  Completion s[2], r;

  if (!qp_pair_init (&p, &o))
    return;
  qx = GVERBS_QP_EX (p.qp[0]);
  g_assert_true (gverbs_qp_get_send_cq (p.qp[0]) == GVERBS_CQ (p.cqx[0]));
  fill_pattern (p.mr[0], 0, 300, 5);
  fill_pattern (p.mr[1], 1024, 256, 6);
  post_recv (&p, 40, 0, 512);
  gverbs_qp_ex_set_wr_flags (qx, GVERBS_SEND_SIGNALED);
  g_assert_true (gverbs_qp_ex_wr_start (qx, &error));
  gverbs_qp_ex_set_wr_id (qx, 41);
  g_assert_true (gverbs_qp_ex_wr_send_imm (qx, IMM_B, &error));
  g_assert_true (gverbs_qp_ex_wr_set_sge (qx, gverbs_mr_get_lkey (p.mr[0]), gverbs_mr_get_addr (p.mr[0]), 300, &error));
  gverbs_qp_ex_set_wr_id (qx, 42);
  g_assert_true (gverbs_qp_ex_wr_rdma_read (qx, gverbs_mr_get_rkey (p.mr[1]), gverbs_mr_get_addr (p.mr[1]) + 1024, &error));
  g_assert_true (gverbs_qp_ex_wr_set_sge (qx, gverbs_mr_get_lkey (p.mr[0]), gverbs_mr_get_addr (p.mr[0]) + 2048, 256, &error));
  g_assert_true (gverbs_qp_ex_wr_complete (qx, &error));
  g_assert_no_error (error);

  poll_cqx (p.cqx[0], s, 2);
  g_assert_cmpuint (s[0].wr_id, ==, 41);
  g_assert_cmpint (s[0].opcode, ==, GVERBS_WC_SEND);
  g_assert_cmpuint (s[1].wr_id, ==, 42);
  g_assert_cmpint (s[1].opcode, ==, GVERBS_WC_RDMA_READ);
  g_assert_cmpuint (s[1].byte_len, ==, 256);
  read_batch (p.cqx[1], &r, 1);
  g_assert_cmpuint (r.wr_id, ==, 40);
  g_assert_cmpint (r.status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpuint (r.byte_len, ==, 300);
  g_assert_cmphex (r.imm_data, ==, IMM_B);
  assert_pattern (p.mr[1], 0, 300, 5);
  assert_pattern (p.mr[0], 2048, 256, 6);
  /* closing the CQEX closes the QP that uses it first */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.cqx[0]), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (p.qp[0])));
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (p.qp[1])));
  qp_pair_clear (&p);
}

/* Watched mode on a CQEX: completion signals in order, none lost, batched by
 * at most 256 per dispatch; the unwatched CQEX of the same channel emits
 * "event" instead. */
#define N_WATCHED 300

typedef struct {
  GMainLoop *loop;
  guint completions, batches, batch_total, events, wrong;
} Watched;

static void
on_completion (GVerbsCQEX     *cq,
               const GVerbsWC *wc,
               Watched        *w)
{
  if (wc->wr_id != 1000 + w->completions || wc->status != GVERBS_WC_SUCCESS ||
      wc->opcode != GVERBS_WC_RECV || wc->byte_len != 8)
    w->wrong++;
  if (++w->completions == N_WATCHED)
    g_main_loop_quit (w->loop);
}

static void
on_completions (GVerbsCQEX *cq,
                GPtrArray  *wcs,
                Watched    *w)
{
  g_assert_cmpuint (wcs->len, <=, 256);
  w->batches++;
  w->batch_total += wcs->len;
}

static void
on_cq_event (GVerbsCQEX *cq,
             Watched    *w)
{
  w->events++;
}

static gboolean
give_up (gpointer loop)
{
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

static void
test_watched (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, ALL_ACCESS, TRUE, 512, 0, FALSE, TRUE, WC_FLAGS };
  GError *error = NULL;
  Watched w = { 0 };
  Completion *s;
  guint timeout;
  gboolean watched = FALSE;

  if (!qp_pair_init (&p, &o))
    return;
  w.loop = g_main_loop_new (NULL, FALSE);
  g_assert_true (gverbs_cq_get_channel (GVERBS_CQ (p.cqx[1])) == p.channel);
  /* no channel, no watching */
  {
    g_autoptr(GVerbsCqInitAttrEx) cia = gverbs_cq_init_attr_ex_new ();
    g_autoptr(GVerbsCQEX) lone = gverbs_cq_ex_new (p.ctx, cia, &error);

    g_assert_no_error (error);
    g_assert_false (gverbs_cq_set_watched (GVERBS_CQ (lone), TRUE, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
  }
  g_signal_connect (p.cqx[1], "completion", G_CALLBACK (on_completion), &w);
  g_signal_connect (p.cqx[1], "completions", G_CALLBACK (on_completions), &w);
  g_signal_connect (p.cqx[0], "event", G_CALLBACK (on_cq_event), &w);
  g_assert_true (gverbs_cq_set_watched (GVERBS_CQ (p.cqx[1]), TRUE, &error));
  g_assert_no_error (error);
  g_object_get (p.cqx[1], "watched", &watched, NULL);
  g_assert_true (watched);
  g_assert_true (gverbs_cq_req_notify (GVERBS_CQ (p.cqx[0]), FALSE, &error));
  g_assert_no_error (error);

  for (guint i = 0; i < N_WATCHED; i++)
    post_recv (&p, 1000 + i, (i % 256) * 8, 8);
  for (guint i = 0; i < N_WATCHED; i++)
    {
      GVerbsSendWR wr = { .wr_id = i, .opcode = GVERBS_WR_SEND, .send_flags = GVERBS_SEND_SIGNALED,
                          .num_sge = 1, .sg_list = { mr_sge (p.mr[0], (i % 256) * 8, 8) } };

      post_send (p.qp[0], &wr);
    }
  timeout = g_timeout_add_seconds (20, give_up, w.loop);
  g_main_loop_run (w.loop);
  g_source_remove (timeout);
  g_assert_cmpuint (w.completions, ==, N_WATCHED);
  g_assert_cmpuint (w.wrong, ==, 0);
  g_assert_cmpuint (w.batch_total, ==, N_WATCHED);
  g_assert_cmpuint (w.batches, >=, 2);
  /* the sender's CQEX is not watched: an event, its completions still there */
  g_assert_cmpuint (w.events, >=, 1);
  s = g_new (Completion, N_WATCHED);
  poll_cqx (p.cqx[0], s, N_WATCHED);
  for (guint i = 0; i < N_WATCHED; i++)
    g_assert_cmpuint (s[i].wr_id, ==, i);
  g_free (s);
  /* nothing left in the watched one either */
  g_assert_false (gverbs_cq_ex_start_poll (p.cqx[1], &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_cq_set_watched (GVERBS_CQ (p.cqx[1]), FALSE, &error));
  g_assert_false (gverbs_cq_get_watched (GVERBS_CQ (p.cqx[1])));
  g_main_loop_unref (w.loop);
  qp_pair_clear (&p);
}

/* A receive CQEX too small for the traffic overflows: rxe reports CQ_ERR,
 * which names the CQEX on the context's signal and on its own. */
typedef struct {
  GMainLoop *loop;
  GObject *on_context;
  GObject *on_cq;
  GVerbsEventType type;
} Overrun;

static void
on_ctx_async (GVerbsContext    *ctx,
              GVerbsAsyncEvent *event,
              Overrun          *o)
{
  if (gverbs_async_event_get_event_type (event) == GVERBS_EVENT_CQ_ERR && o->on_context == NULL)
    o->on_context = gverbs_async_event_get_object (event);
}

static void
on_cq_async (GVerbsCQEX       *cq,
             GVerbsAsyncEvent *event,
             Overrun          *o)
{
  o->on_cq = G_OBJECT (cq);
  o->type = gverbs_async_event_get_event_type (event);
  g_main_loop_quit (o->loop);
}

static void
test_overrun (void)
{
  QPPair p;
  GError *error = NULL;
  GVerbsQPCap cap = { 16, 16, 1, 1, 0 };
  g_autoptr(GVerbsCqInitAttrEx) tiny = gverbs_cq_init_attr_ex_new ();
  g_autoptr(GVerbsCqInitAttrEx) big = gverbs_cq_init_attr_ex_new ();
  Overrun o = { 0 };
  guint timeout;

  if (!qp_pair_open (&p))
    return;
  o.loop = g_main_loop_new (NULL, FALSE);
  g_object_set (tiny, "cqe", 1u, "wc-flags", WC_FLAGS, NULL);
  g_object_set (big, "cqe", 64u, NULL);
  p.cqx[0] = gverbs_cq_ex_new (p.ctx, big, &error);
  p.cqx[1] = gverbs_cq_ex_new (p.ctx, tiny, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GVerbsQPInitAttr) ia = gverbs_qp_init_attr_new (GVERBS_QPT_RC, NULL, NULL, &cap);

      g_object_set (ia, "send-cq", p.cqx[i], "recv-cq", p.cqx[i], NULL);
      p.qp[i] = gverbs_qp_new (p.pd, ia, NULL, &error);
      g_assert_no_error (error);
      p.mr[i] = gverbs_mr_new (p.pd, PAIR_MR_SIZE, ALL_ACCESS, &error);
      g_assert_no_error (error);
    }
  qp_pair_connect (&p, &(QPPairOptions) { GVERBS_QPT_RC, 0, 7, ALL_ACCESS });
  g_signal_connect (p.ctx, "async-event", G_CALLBACK (on_ctx_async), &o);
  g_signal_connect (p.cqx[1], "async-event::cq-err", G_CALLBACK (on_cq_async), &o);
  for (guint i = 0; i < 16; i++)
    post_recv (&p, i, i * 8, 8);
  for (guint i = 0; i < 8; i++)
    {
      GVerbsSendWR wr = { .wr_id = i, .opcode = GVERBS_WR_SEND, .send_flags = GVERBS_SEND_SIGNALED,
                          .num_sge = 1, .sg_list = { mr_sge (p.mr[0], 0, 8) } };

      post_send (p.qp[0], &wr);
    }
  timeout = g_timeout_add_seconds (10, give_up, o.loop);
  g_main_loop_run (o.loop);
  g_source_remove (timeout);
  g_assert_true (o.on_cq == G_OBJECT (p.cqx[1]));
  g_assert_cmpint (o.type, ==, GVERBS_EVENT_CQ_ERR);
  g_assert_true (o.on_context == G_OBJECT (p.cqx[1]));
  g_main_loop_unref (o.loop);
  qp_pair_clear (&p);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cq-ex-traffic/rc", test_rc);
  g_test_add_func ("/cq-ex-traffic/ud", test_ud);
  g_test_add_func ("/cq-ex-traffic/rem-access-error", test_error);
  g_test_add_func ("/cq-ex-traffic/qp-ex", test_qp_ex);
  g_test_add_func ("/cq-ex-traffic/watched", test_watched);
  g_test_add_func ("/cq-ex-traffic/overrun-async-event", test_overrun);
  return g_test_run ();
}
