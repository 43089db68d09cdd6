/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Queue pairs: creation, state transitions, query, errors, the resource tree.
 * Values are checked against `rdma resource show qp`. */
#include <string.h>
#include "gverbs-test-util.h"

static GHashTable *
find_qp_resource (guint32 qp_num)
{
  g_autoptr(GPtrArray) qps = gverbs_test_rdma_resources ("qp");
  g_autofree char *num = g_strdup_printf ("%u", qp_num);

  for (guint i = 0; i < qps->len; i++)
    if (g_strcmp0 (g_hash_table_lookup (qps->pdata[i], "lqpn"), num) == 0)
      return g_hash_table_ref (qps->pdata[i]);
  return NULL;
}

static GVerbsQP *
make_qp (GVerbsPD      *pd,
         GVerbsCQ      *cq,
         GVerbsQPType   type,
         GVerbsQPAttr  *attr,
         GError       **error)
{
  GVerbsQPCap cap = { 16, 16, 2, 2, 0 };
  g_autoptr(GVerbsQPInitAttr) ia = gverbs_qp_init_attr_new (type, cq, cq, &cap);

  return gverbs_qp_new (pd, ia, attr, error);
}

static void
test_create_types (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsCQ) cq = NULL;
  const GVerbsQPType types[] = { GVERBS_QPT_RC, GVERBS_QPT_UC, GVERBS_QPT_UD };
  const char *names[] = { "RC", "UC", "UD" };

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  cq = gverbs_cq_new (ctx, 64, NULL, 0, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      g_autoptr(GVerbsQP) qp = make_qp (pd, cq, types[i], NULL, &error);
      g_autoptr(GHashTable) res = NULL;
      GVerbsQPCap cap;
      GVerbsQPState state = GVERBS_QPS_ERR;
      guint qp_num = 0;

      g_assert_no_error (error);
      g_assert_nonnull (qp);
      g_assert_cmpint (gverbs_qp_get_qp_type (qp), ==, types[i]);
      g_assert_cmpint (gverbs_qp_get_qp_state (qp), ==, GVERBS_QPS_RESET);
      g_object_get (qp, "qp-num", &qp_num, "qp-state", &state, NULL);
      g_assert_cmpuint (qp_num, ==, gverbs_qp_get_qp_num (qp));
      g_assert_cmpint (state, ==, GVERBS_QPS_RESET);
      g_assert_true (gverbs_qp_get_pd (qp) == pd);
      g_assert_true (gverbs_qp_get_context (qp) == ctx);
      g_assert_true (gverbs_qp_get_send_cq (qp) == cq);
      g_assert_true (gverbs_qp_get_recv_cq (qp) == cq);
      gverbs_qp_get_cap (qp, &cap);
      g_assert_cmpuint (cap.max_send_wr, >=, 16);
      g_assert_cmpuint (cap.max_recv_wr, >=, 16);
      g_assert_cmpuint (cap.max_send_sge, >=, 2);

      res = find_qp_resource (qp_num);
      g_assert_nonnull (res);
      g_assert_cmpstr (g_hash_table_lookup (res, "type"), ==, names[i]);
      g_assert_cmpstr (g_hash_table_lookup (res, "state"), ==, "RESET");

      g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (qp), &error));
      g_assert_no_error (error);
      g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (qp)));
      g_clear_pointer (&res, g_hash_table_unref);
      res = find_qp_resource (qp_num);
      g_assert_null (res);
    }
}

static void
test_ud_created_to_rts (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsCQ) cq = NULL;
  g_autoptr(GVerbsQP) ud = NULL;
  g_autoptr(GVerbsQP) rc = NULL;
  g_autoptr(GVerbsQPAttr) attr = gverbs_qp_attr_new ();
  g_autoptr(GVerbsQPAttr) got = NULL;
  g_autoptr(GVerbsQPInitAttr) got_init = NULL;
  g_autoptr(GHashTable) res = NULL;
  guint qkey = 0, port = 0;
  GVerbsQPCap cap;

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  cq = gverbs_cq_new (ctx, 64, NULL, 0, &error);
  g_assert_no_error (error);

  g_object_set (attr, "qkey", 0x11111111u, "sq-psn", 42u, NULL);
  ud = make_qp (pd, cq, GVERBS_QPT_UD, attr, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gverbs_qp_get_qp_state (ud), ==, GVERBS_QPS_RTS);
  res = find_qp_resource (gverbs_qp_get_qp_num (ud));
  g_assert_cmpstr (g_hash_table_lookup (res, "state"), ==, "RTS");
  g_assert_cmpstr (g_hash_table_lookup (res, "sq-psn"), ==, "42");

  got = gverbs_qp_query (ud, GVERBS_QP_STATE | GVERBS_QP_QKEY | GVERBS_QP_PORT | GVERBS_QP_SQ_PSN,
                         &got_init, &error);
  g_assert_no_error (error);
  g_object_get (got, "qkey", &qkey, "port-num", &port, NULL);
  g_assert_cmphex (qkey, ==, 0x11111111u);
  g_assert_cmpuint (port, ==, 1);
  g_assert_cmpint (gverbs_qp_init_attr_get_qp_type (got_init), ==, GVERBS_QPT_UD);
  gverbs_qp_init_attr_get_cap (got_init, &cap);
  g_assert_cmpuint (cap.max_send_wr, >=, 16);
  g_assert_true (gverbs_qp_init_attr_get_send_cq (got_init) == cq);
  {
    g_autofree char *text = gverbs_qp_attr_to_string (got);

    g_assert_nonnull (strstr (text, "QP state              : RTS"));
    g_assert_nonnull (strstr (text, "QKey                  : 286331153"));
  }

  /* a connected QP given attributes stops at INIT (RTR needs the remote QPN) */
  attr = (g_object_unref (attr), gverbs_qp_attr_new ());
  g_object_set (attr, "qp-access-flags", GVERBS_ACCESS_REMOTE_WRITE | GVERBS_ACCESS_LOCAL_WRITE, NULL);
  rc = make_qp (pd, cq, GVERBS_QPT_RC, attr, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gverbs_qp_get_qp_state (rc), ==, GVERBS_QPS_INIT);
  g_clear_pointer (&res, g_hash_table_unref);
  res = find_qp_resource (gverbs_qp_get_qp_num (rc));
  g_assert_cmpstr (g_hash_table_lookup (res, "state"), ==, "INIT");
}

static void
test_rc_connect (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsCQ) cq = NULL;
  g_autoptr(GVerbsQP) a = NULL;
  g_autoptr(GVerbsQP) b = NULL;
  g_autoptr(GVerbsGid) gid = NULL;
  g_autofree char *gid_text = NULL;
  guint gid_index = 0;
  int found;
  GVerbsQP *qps[2];

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  cq = gverbs_cq_new (ctx, 64, NULL, 0, &error);
  g_assert_no_error (error);
  a = make_qp (pd, cq, GVERBS_QPT_RC, NULL, &error);
  g_assert_no_error (error);
  b = make_qp (pd, cq, GVERBS_QPT_RC, NULL, &error);
  g_assert_no_error (error);
  found = gverbs_context_find_default_gid (ctx, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (found, >=, 0);
  gid_index = (guint) found;
  gid = gverbs_context_query_gid (ctx, 1, gid_index, &error);
  g_assert_no_error (error);
  gid_text = gverbs_gid_to_string (gid);

  qps[0] = a;
  qps[1] = b;
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GVerbsQPAttr) attr = gverbs_qp_attr_new ();
      g_autoptr(GVerbsAHAttr) ah = gverbs_ah_attr_new ();
      g_autoptr(GVerbsGlobalRoute) gr = gverbs_global_route_new ();
      g_autoptr(GVerbsQPAttr) got = NULL;
      g_autoptr(GVerbsAHAttr) got_ah = NULL;
      GVerbsGlobalRoute *got_gr = NULL;
      g_autofree char *got_gid = NULL;
      guint dest = 0, rq_psn = 0, sq_psn = 0;
      GVerbsMTU mtu = 0;

      g_object_set (gr, "dgid", gid_text, "sgid-index", gid_index, NULL);
      g_object_set (ah, "is-global", TRUE, "port-num", 1u, "grh", gr, NULL);
      g_object_set (attr, "ah-attr", ah, "dest-qp-num", gverbs_qp_get_qp_num (qps[1 - i]),
                    "path-mtu", GVERBS_MTU_BYTES_1024, "rq-psn", 100u + i, "sq-psn", 101u - i,
                    "max-dest-rd-atomic", 1u, "max-rd-atomic", 1u, "min-rnr-timer", 12u,
                    "timeout", 14u, "retry-cnt", 7u, "rnr-retry", 7u,
                    "qp-access-flags", GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE, NULL);
      g_assert_true (gverbs_qp_to_rtr (qps[i], attr, &error));
      g_assert_no_error (error);
      g_assert_cmpint (gverbs_qp_get_qp_state (qps[i]), ==, GVERBS_QPS_RTR);
      g_assert_true (gverbs_qp_to_rts (qps[i], attr, &error));
      g_assert_no_error (error);
      g_assert_cmpint (gverbs_qp_get_qp_state (qps[i]), ==, GVERBS_QPS_RTS);

      got = gverbs_qp_query (qps[i], GVERBS_QP_STATE | GVERBS_QP_AV | GVERBS_QP_DEST_QPN |
                             GVERBS_QP_PATH_MTU | GVERBS_QP_RQ_PSN | GVERBS_QP_SQ_PSN, NULL, &error);
      g_assert_no_error (error);
      g_object_get (got, "dest-qp-num", &dest, "path-mtu", &mtu, "rq-psn", &rq_psn,
                    "sq-psn", &sq_psn, "ah-attr", &got_ah, NULL);
      g_assert_cmpuint (dest, ==, gverbs_qp_get_qp_num (qps[1 - i]));
      g_assert_cmpint (mtu, ==, GVERBS_MTU_BYTES_1024);
      g_assert_cmpuint (rq_psn, ==, 100u + i);
      g_assert_cmpuint (sq_psn, ==, 101u - i);
      g_assert_true (gverbs_ah_attr_get_is_global (got_ah));
      got_gr = gverbs_ah_attr_get_grh (got_ah);
      g_object_get (got_gr, "dgid", &got_gid, NULL);
      g_assert_cmpstr (got_gid, ==, gid_text);
    }
}

static void
test_errors (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsCQ) cq = NULL;
  g_autoptr(GVerbsQP) qp = NULL;
  g_autoptr(GVerbsQPInitAttr) ia = NULL;
  g_autoptr(GVerbsQPAttr) attr = gverbs_qp_attr_new ();
  GVerbsQPCap huge = { 1u << 30, 1, 1, 1, 0 };
  const GVerbsQPType unsupported[] = { GVERBS_QPT_RAW_PACKET, GVERBS_QPT_XRC_SEND, GVERBS_QPT_XRC_RECV };

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  cq = gverbs_cq_new (ctx, 64, NULL, 0, &error);
  g_assert_no_error (error);

  /* no CQs */
  ia = gverbs_qp_init_attr_new (GVERBS_QPT_RC, NULL, NULL, NULL);
  qp = gverbs_qp_new (pd, ia, NULL, &error);
  g_assert_null (qp);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "send CQ and a receive CQ"));
  g_clear_error (&error);
  g_clear_object (&ia);

  /* beyond the device's limit, refused before rdma-core with the limit named */
  ia = gverbs_qp_init_attr_new (GVERBS_QPT_RC, cq, cq, &huge);
  qp = gverbs_qp_new (pd, ia, NULL, &error);
  g_assert_null (qp);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "max_qp_wr"));
  g_clear_error (&error);
  g_clear_object (&ia);
  g_assert_null (find_qp_resource (0));

  /* rxe has no raw packet or XRC queue pairs */
  for (guint i = 0; i < G_N_ELEMENTS (unsupported); i++)
    {
      ia = gverbs_qp_init_attr_new (unsupported[i], cq, cq, NULL);
      qp = gverbs_qp_new (pd, ia, NULL, &error);
      g_assert_null (qp);
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
      g_assert_nonnull (strstr (error->message, "ibv_create_qp on "));
      g_test_message ("type %d: %s", unsupported[i], error->message);
      g_clear_error (&error);
      g_clear_object (&ia);
    }
  {
    g_autoptr(GPtrArray) qps = gverbs_test_rdma_resources ("qp");

    g_assert_cmpuint (qps->len, ==, 0);
  }

  /* RESET -> RTS is not a legal transition */
  qp = make_qp (pd, cq, GVERBS_QPT_RC, NULL, &error);
  g_assert_no_error (error);
  g_object_set (attr, "qp-state", GVERBS_QPS_RTS, NULL);
  g_assert_false (gverbs_qp_modify (qp, attr, GVERBS_QP_STATE, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "RESET -> RTS"));
  g_clear_error (&error);
  g_assert_cmpint (gverbs_qp_get_qp_state (qp), ==, GVERBS_QPS_RESET);

  /* a UD QP whose automatic move to RTS fails leaves nothing behind */
  g_object_set (attr, "port-num", 9u, NULL);
  {
    g_autoptr(GVerbsQP) ud = make_qp (pd, cq, GVERBS_QPT_UD, attr, &error);
    g_autoptr(GPtrArray) qps = NULL;

    g_assert_null (ud);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
    qps = gverbs_test_rdma_resources ("qp");
    g_assert_cmpuint (qps->len, ==, 1);
  }

  /* closed */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (qp), &error));
  g_assert_false (gverbs_qp_to_init (qp, attr, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_null (gverbs_qp_query (qp, GVERBS_QP_STATE, NULL, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_cmpuint (gverbs_qp_get_qp_num (qp), ==, 0);
}

static void
test_parents_close_qp (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsCQ) scq = NULL;
  g_autoptr(GVerbsCQ) rcq = NULL;
  g_autoptr(GVerbsQP) q1 = NULL;
  g_autoptr(GVerbsQP) q2 = NULL;
  g_autoptr(GVerbsQP) q3 = NULL;
  g_autoptr(GVerbsQPInitAttr) ia = NULL;

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  scq = gverbs_cq_new (ctx, 16, NULL, 0, &error);
  g_assert_no_error (error);
  rcq = gverbs_cq_new (ctx, 16, NULL, 0, &error);
  g_assert_no_error (error);
  ia = gverbs_qp_init_attr_new (GVERBS_QPT_RC, scq, rcq, NULL);
  q1 = gverbs_qp_new (pd, ia, NULL, &error);
  g_assert_no_error (error);
  q2 = gverbs_qp_new (pd, ia, NULL, &error);
  g_assert_no_error (error);
  q3 = gverbs_qp_new (pd, ia, NULL, &error);
  g_assert_no_error (error);

  /* closing the receive CQ closes the QPs using it first (else EBUSY) */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (rcq), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (q1)) && gverbs_resource_is_closed (GVERBS_RESOURCE (q2)) && gverbs_resource_is_closed (GVERBS_RESOURCE (q3)));
  {
    g_autoptr(GPtrArray) qps = gverbs_test_rdma_resources ("qp");

    g_assert_cmpuint (qps->len, ==, 0);
  }
  /* the send CQ and PD no longer list them: closing both works */
  g_clear_object (&q1);
  g_clear_object (&ia);
  ia = gverbs_qp_init_attr_new (GVERBS_QPT_UD, scq, scq, NULL);
  q1 = gverbs_qp_new (pd, ia, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (pd), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (q1)));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (scq), &error));
  g_assert_no_error (error);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/qp/create-types", test_create_types);
  g_test_add_func ("/qp/ud-created-to-rts", test_ud_created_to_rts);
  g_test_add_func ("/qp/rc-connect", test_rc_connect);
  g_test_add_func ("/qp/errors", test_errors);
  g_test_add_func ("/qp/parents-close-qp", test_parents_close_qp);
  return g_test_run ();
}
