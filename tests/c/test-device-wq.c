/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Work queues, RWQ indirection tables, RSS queue pairs and atomic write.
 *
 * Soft-RoCE (kernel 6.1, rdma-core 44) has no work queues or indirection
 * tables: there each creation must fail with GVERBS_ERROR_NOT_SUPPORTED
 * naming the rdma-core call and the device, leaving nothing behind. The
 * /wq/hardware test needs a device with RSS (ConnectX); it skips elsewhere
 * and is listed in tests/rxe-limitations.txt. */
#include <string.h>
#include "qp-pair.h"

static guint
count_fds (void)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
  guint n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static void
assert_not_supported (GError     *error,
                      const char *call)
{
  g_autofree char *expected = g_strdup_printf ("%s on %s: ", call, gverbs_test_device_name ());

  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, expected));
  g_assert_nonnull (strstr (error->message, "(EOPNOTSUPP)"));
}

/* A protection domain and two CQs. */
typedef struct {
  GVerbsContext *ctx;
  GVerbsPD *pd;
  GVerbsCQ *cq[2];
} Base;

static gboolean
base_open (Base *b)
{
  GError *error = NULL;

  memset (b, 0, sizeof *b);
  b->ctx = gverbs_test_open_context ();
  if (b->ctx == NULL)
    return FALSE;
  b->pd = gverbs_pd_new (b->ctx, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      b->cq[i] = gverbs_cq_new (b->ctx, 64, NULL, 0, &error);
      g_assert_no_error (error);
    }
  return TRUE;
}

static void
base_close (Base *b)
{
  GError *error = NULL;

  /* nothing a failed creation made is left under them: each closes */
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (b->cq[i]), &error));
      g_assert_no_error (error);
      g_clear_object (&b->cq[i]);
    }
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (b->pd), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (b->ctx), &error));
  g_assert_no_error (error);
  g_clear_object (&b->pd);
  g_clear_object (&b->ctx);
}

static void
test_wq_not_supported (void)
{
  Base b;
  g_autoptr(GVerbsWQInitAttr) attr = NULL;
  g_autoptr(GVerbsWQAttr) rdy = NULL;
  g_autoptr(GVerbsWQ) wq = NULL;
  GError *error = NULL;
  GVerbsRecvWR wr;
  guint fds;

  if (!base_open (&b))
    return;
  fds = count_fds ();
  attr = gverbs_wq_init_attr_new (b.pd, b.cq[0], GVERBS_WQT_RQ, 32, 1, 0, 0);
  wq = gverbs_wq_new (b.ctx, attr, &error);
  g_assert_null (wq);
  assert_not_supported (error, "ibv_create_wq");
  g_assert_nonnull (strstr (error->message, "max_wr 32"));
  g_clear_error (&error);
  g_assert_cmpuint (count_fds (), ==, fds);

  /* the object of a failed creation: every call says why it is unusable */
  wq = g_object_new (GVERBS_TYPE_WQ, "context", b.ctx, "init-attr", attr, NULL);
  g_assert_false (g_initable_init (G_INITABLE (wq), NULL, &error));
  assert_not_supported (error, "ibv_create_wq");
  g_clear_error (&error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (wq)));
  g_assert_null (gverbs_resource_get_parent (GVERBS_RESOURCE (wq)));
  g_assert_cmpuint (gverbs_wq_get_wq_num (wq), ==, 0);
  g_assert_null (gverbs_wq_get_pd (wq));
  rdy = gverbs_wq_attr_new (GVERBS_WQ_ATTR_STATE, GVERBS_WQS_RDY, GVERBS_WQS_RESET, 0, 0);
  g_assert_false (gverbs_wq_modify (wq, rdy, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_INITIALIZED);
  g_assert_nonnull (strstr (error->message, "ibv_create_wq"));
  g_clear_error (&error);
  gverbs_recv_wr_init (&wr, 1);
  g_assert_false (gverbs_wq_post_recv (wq, &wr, 1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_INITIALIZED);
  g_clear_error (&error);
  g_assert_cmpint (gverbs_wq_get_state (wq), ==, GVERBS_WQS_RESET);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (wq), NULL));
  g_clear_object (&wq);

  /* a missing CQ is the caller's error, found before rdma-core is asked */
  g_object_set (attr, "cq", NULL, NULL);
  wq = gverbs_wq_new (b.ctx, attr, &error);
  g_assert_null (wq);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "no cq given"));
  g_clear_error (&error);
  /* so is a closed PD */
  g_object_set (attr, "cq", b.cq[1], NULL);
  {
    g_autoptr(GVerbsPD) pd2 = gverbs_pd_new (b.ctx, &error);

    g_assert_no_error (error);
    g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (pd2), NULL));
    g_object_set (attr, "pd", pd2, NULL);
    wq = gverbs_wq_new (b.ctx, attr, &error);
    g_assert_null (wq);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
    g_clear_error (&error);
    g_object_set (attr, "pd", b.pd, NULL);
  }
  g_assert_cmpuint (count_fds (), ==, fds);
  base_close (&b);
}

static void
test_ind_table_not_supported (void)
{
  Base b;
  g_autoptr(GVerbsWQInitAttr) attr = NULL;
  g_autoptr(GVerbsWQ) wq = NULL;
  g_autoptr(GVerbsRwqIndTableInitAttr) tattr = NULL;
  g_autoptr(GVerbsRwqIndTable) table = NULL;
  GError *error = NULL;
  guint fds;

  if (!base_open (&b))
    return;
  fds = count_fds ();
  attr = gverbs_wq_init_attr_new (b.pd, b.cq[0], GVERBS_WQT_RQ, 32, 1, 0, 0);
  /* rxe makes no work queue, so the table lists one never created: the
   * device's lack of RSS is what the table's creation reports */
  wq = g_object_new (GVERBS_TYPE_WQ, "context", b.ctx, "init-attr", attr, NULL);
  tattr = gverbs_rwq_ind_table_init_attr_new (0, &wq, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (gverbs_rwq_ind_table_init_attr_get_wqs (tattr)->len, ==, 1);
  table = gverbs_rwq_ind_table_new (b.ctx, tattr, &error);
  g_assert_null (table);
  assert_not_supported (error, "ibv_create_rwq_ind_table");
  g_assert_nonnull (strstr (error->message, "max_rwq_indirection_tables 0"));
  g_clear_error (&error);

  table = g_object_new (GVERBS_TYPE_RWQ_IND_TABLE, "context", b.ctx, "init-attr", tattr, NULL);
  g_assert_false (g_initable_init (G_INITABLE (table), NULL, &error));
  assert_not_supported (error, "ibv_create_rwq_ind_table");
  g_clear_error (&error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (table)));
  g_assert_null (gverbs_rwq_ind_table_get_wqs (table));
  g_assert_cmpuint (gverbs_rwq_ind_table_get_ind_tbl_num (table), ==, 0);
  g_assert_cmpuint (count_fds (), ==, fds);
  base_close (&b);
}

static void
test_rss_qp_errors (void)
{
  Base b;
  g_autoptr(GVerbsWQInitAttr) attr = NULL;
  g_autoptr(GVerbsWQ) wq = NULL;
  g_autoptr(GVerbsRwqIndTableInitAttr) tattr = NULL;
  g_autoptr(GVerbsRwqIndTable) table = NULL;
  g_autoptr(GVerbsRxHashConf) hash = NULL;
  g_autoptr(GVerbsQPInitAttrEx) ia = NULL;
  g_autoptr(GVerbsQPEx) qp = NULL;
  g_autoptr(GBytes) key = g_bytes_new_static ("0123456789012345678901234567890123456789", 40);
  g_autoptr(GPtrArray) qps = NULL;
  GError *error = NULL;

  if (!base_open (&b))
    return;
  hash = gverbs_rx_hash_conf_new (GVERBS_RX_HASH_FUNC_TOEPLITZ, key,
                                  GVERBS_RX_HASH_SRC_IPV4 | GVERBS_RX_HASH_DST_IPV4, &error);
  g_assert_no_error (error);
  ia = gverbs_qp_init_attr_ex_new (GVERBS_QPT_RAW_PACKET, NULL, NULL, NULL, b.pd, 0);
  g_object_set (ia, "comp-mask", GVERBS_QP_INIT_ATTR_PD | GVERBS_QP_INIT_ATTR_IND_TABLE |
                GVERBS_QP_INIT_ATTR_RX_HASH, "rx-hash-conf", hash, NULL);
  g_assert_true (gverbs_qp_init_attr_ex_get_rx_hash_conf (ia) == hash);

  /* IND_TABLE without a table */
  qp = gverbs_qp_ex_new (b.ctx, ia, NULL, &error);
  g_assert_null (qp);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "rwq_ind_tbl"));
  g_clear_error (&error);

  /* a table whose creation failed: the QP says why, and is not made */
  attr = gverbs_wq_init_attr_new (b.pd, b.cq[0], GVERBS_WQT_RQ, 32, 1, 0, 0);
  wq = g_object_new (GVERBS_TYPE_WQ, "context", b.ctx, "init-attr", attr, NULL);
  tattr = gverbs_rwq_ind_table_init_attr_new (0, &wq, 1, &error);
  g_assert_no_error (error);
  table = g_object_new (GVERBS_TYPE_RWQ_IND_TABLE, "context", b.ctx, "init-attr", tattr, NULL);
  g_assert_false (g_initable_init (G_INITABLE (table), NULL, NULL));
  g_object_set (ia, "rwq-ind-tbl", table, NULL);
  g_assert_true (gverbs_qp_init_attr_ex_get_rwq_ind_tbl (ia) == table);
  qp = gverbs_qp_ex_new (b.ctx, ia, NULL, &error);
  g_assert_null (qp);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_INITIALIZED);
  g_assert_nonnull (strstr (error->message, "ibv_create_rwq_ind_table"));
  g_clear_error (&error);
  qps = gverbs_test_rdma_resources ("qp");
  for (guint i = 0; i < qps->len; i++)
    g_assert_cmpstr (g_hash_table_lookup (g_ptr_array_index (qps, i), "type"), !=, "RAW_PACKET");
  base_close (&b);
}

/* rdma-core 44's rxe posts an atomic write; Linux 6.1's rxe does not know
 * the opcode. Either the 8 bytes land, or the completion reports an error
 * and the target is unchanged. */
static void
test_atomic_write (void)
{
  QPPair p;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7,
                      GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE, FALSE, 0,
                      GVERBS_QP_EX_WITH_ATOMIC_WRITE | GVERBS_QP_EX_WITH_RDMA_WRITE };
  static const guint8 value[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
  static const guint8 zero[8] = { 0 };
  GError *error = NULL;
  GVerbsQPEx *qx;
  GVerbsWC wc;
  g_autoptr(GBytes) got = NULL;

  if (!qp_pair_init (&p, &o))
    return;
  qx = GVERBS_QP_EX (p.qp[0]);
  g_assert_true (gverbs_mr_write (p.mr[0], value, 8, 0, NULL));
  g_assert_true (gverbs_mr_write (p.mr[1], zero, 8, 64, NULL));

  g_assert_true (gverbs_qp_ex_wr_start (qx, &error));
  /* not 8 bytes: refused before anything is added */
  g_assert_false (gverbs_qp_ex_wr_atomic_write (qx, gverbs_mr_get_rkey (p.mr[1]),
                                                gverbs_mr_get_addr (p.mr[1]) + 64, value, 7, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  gverbs_qp_ex_set_wr_id (qx, 77);
  gverbs_qp_ex_set_wr_flags (qx, GVERBS_SEND_SIGNALED);
  g_assert_true (gverbs_qp_ex_wr_atomic_write (qx, gverbs_mr_get_rkey (p.mr[1]),
                                               gverbs_mr_get_addr (p.mr[1]) + 64, value, 8, &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_qp_ex_wr_complete (qx, &error));
  g_assert_no_error (error);
  poll_n (p.cq[0], &wc, 1);
  g_assert_cmpuint (wc.wr_id, ==, 77);
  got = gverbs_mr_read (p.mr[1], 8, 64, NULL);
  g_test_message ("atomic write completion status %d", wc.status);
  if (wc.status == GVERBS_WC_SUCCESS)
    g_assert_cmpmem (g_bytes_get_data (got, NULL), 8, value, 8);
  else
    {
      /* Linux 6.1: the requester fails the unknown opcode locally */
      g_assert_cmpint (wc.status, ==, GVERBS_WC_LOC_QP_OP_ERR);
      g_assert_cmpmem (g_bytes_get_data (got, NULL), 8, zero, 8);
    }
  qp_pair_clear (&p);

  /* a QP made without the flag refuses the call, naming it */
  o.send_ops = GVERBS_QP_EX_WITH_RDMA_WRITE;
  if (!qp_pair_init (&p, &o))
    return;
  qx = GVERBS_QP_EX (p.qp[0]);
  g_assert_true (gverbs_qp_ex_wr_start (qx, &error));
  g_assert_false (gverbs_qp_ex_wr_atomic_write (qx, 1, 0, value, 8, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
  g_assert_nonnull (strstr (error->message, "ibv_wr_atomic_write"));
  g_assert_nonnull (strstr (error->message, "ATOMIC_WRITE"));
  g_clear_error (&error);
  gverbs_qp_ex_wr_abort (qx);
  qp_pair_clear (&p);
}

/* On a device with RSS (ConnectX): work queues in two CQs, a table over
 * them, an RSS raw packet QP, receives posted to each work queue, and the
 * tree closed in dependency order. */
static void
test_hardware (void)
{
  Base b;
  GVerbsWQ *wqs[4] = { NULL };
  g_autoptr(GVerbsWQAttr) rdy = gverbs_wq_attr_new (GVERBS_WQ_ATTR_STATE, GVERBS_WQS_RDY,
                                                    GVERBS_WQS_RESET, 0, 0);
  g_autoptr(GVerbsRwqIndTableInitAttr) tattr = NULL;
  g_autoptr(GVerbsRwqIndTable) table = NULL;
  g_autoptr(GVerbsRxHashConf) hash = NULL;
  g_autoptr(GVerbsQPInitAttrEx) ia = NULL;
  g_autoptr(GVerbsQPEx) qp = NULL;
  g_autoptr(GVerbsMR) mr = NULL;
  g_autoptr(GBytes) key = g_bytes_new_static ("0123456789012345678901234567890123456789", 40);
  GError *error = NULL;

  if (!base_open (&b))
    return;
  for (guint i = 0; i < 4; i++)
    {
      g_autoptr(GVerbsWQInitAttr) attr = gverbs_wq_init_attr_new (b.pd, b.cq[i % 2], GVERBS_WQT_RQ,
                                                                  64, 1, 0, 0);

      wqs[i] = gverbs_wq_new (b.ctx, attr, &error);
      if (wqs[i] == NULL && g_error_matches (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED))
        {
          g_test_skip_printf ("%s has no work queues (%s)", gverbs_test_device_name (), error->message);
          g_clear_error (&error);
          base_close (&b);
          return;
        }
      g_assert_no_error (error);
      g_assert_cmpuint (gverbs_wq_get_max_wr (wqs[i]), >=, 64);
      g_assert_cmpuint (gverbs_wq_get_wq_num (wqs[i]), !=, 0);
      g_assert_true (gverbs_wq_get_cq (wqs[i]) == b.cq[i % 2]);
      g_assert_cmpint (gverbs_wq_get_state (wqs[i]), ==, GVERBS_WQS_RESET);
      g_assert_true (gverbs_wq_modify (wqs[i], rdy, &error));
      g_assert_no_error (error);
      g_assert_cmpint (gverbs_wq_get_state (wqs[i]), ==, GVERBS_WQS_RDY);
    }
  tattr = gverbs_rwq_ind_table_init_attr_new (2, wqs, 4, &error);
  g_assert_no_error (error);
  table = gverbs_rwq_ind_table_new (b.ctx, tattr, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (gverbs_rwq_ind_table_get_wqs (table)->len, ==, 4);
  g_assert_cmpuint (gverbs_rwq_ind_table_get_log_ind_tbl_size (table), ==, 2);

  hash = gverbs_rx_hash_conf_new (GVERBS_RX_HASH_FUNC_TOEPLITZ, key,
                                  GVERBS_RX_HASH_SRC_IPV4 | GVERBS_RX_HASH_DST_IPV4, &error);
  g_assert_no_error (error);
  ia = gverbs_qp_init_attr_ex_new (GVERBS_QPT_RAW_PACKET, NULL, NULL, NULL, b.pd, 0);
  g_object_set (ia, "comp-mask", GVERBS_QP_INIT_ATTR_PD | GVERBS_QP_INIT_ATTR_IND_TABLE |
                GVERBS_QP_INIT_ATTR_RX_HASH, "rwq-ind-tbl", table, "rx-hash-conf", hash, NULL);
  qp = gverbs_qp_ex_new (b.ctx, ia, NULL, &error);
  if (qp == NULL && (g_error_matches (error, GVERBS_ERROR, GVERBS_ERROR_PERMISSION)))
    g_test_message ("RSS QP needs CAP_NET_RAW: %s", error->message);
  else
    {
      g_assert_no_error (error);
      g_assert_cmpint (gverbs_qp_get_qp_type (GVERBS_QP (qp)), ==, GVERBS_QPT_RAW_PACKET);
    }
  g_clear_error (&error);

  mr = gverbs_mr_new (b.pd, 4096, GVERBS_ACCESS_LOCAL_WRITE, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 4; i++)
    {
      GVerbsRecvWR wr[2];

      for (guint j = 0; j < 2; j++)
        {
          gverbs_recv_wr_init (&wr[j], i * 2 + j);
          wr[j].num_sge = 1;
          wr[j].sg_list[0] = (GVerbsSGE) { gverbs_mr_get_addr (mr) + (i * 2 + j) * 512, 512,
                                           gverbs_mr_get_lkey (mr) };
        }
      g_assert_true (gverbs_wq_post_recv (wqs[i], wr, 2, &error));
      g_assert_no_error (error);
    }

  /* closing a work queue closes the table over it and the QP using that first */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (wqs[3]), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (table)));
  if (qp != NULL)
    g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (qp)));
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (wqs[0])));
  /* closing a CQ closes its work queues */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (b.cq[0]), &error));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (wqs[0])));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (wqs[2])));
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (wqs[1])));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (mr), NULL));
  for (guint i = 0; i < 4; i++)
    g_clear_object (&wqs[i]);
  base_close (&b);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/wq/not-supported", test_wq_not_supported);
  g_test_add_func ("/wq/ind-table-not-supported", test_ind_table_not_supported);
  g_test_add_func ("/wq/rss-qp-errors", test_rss_qp_errors);
  g_test_add_func ("/wq/atomic-write", test_atomic_write);
  g_test_add_func ("/wq/hardware", test_hardware);
  return g_test_run ();
}
