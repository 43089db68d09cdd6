/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Tag matching: SRQs of type GVERBS_SRQT_TM, gverbs_srq_post_ops() and
 * gverbs_cq_ex_read_tm_info().
 *
 * Soft-RoCE (kernel 6.1, rdma-core 44) has no tag matching: there creating a
 * TM SRQ and posting tag operations must fail with
 * GVERBS_ERROR_NOT_SUPPORTED naming the rdma-core call and the device. The
 * /srq-tm/hardware test needs a ConnectX (tm_caps with IBV_TM_CAP_RC); it
 * skips elsewhere and is listed in tests/rxe-limitations.txt. */
#include <string.h>
#include "qp-pair.h"

static void
assert_not_supported (GError     *error,
                      const char *call)
{
  g_autofree char *expected = g_strdup_printf ("%s on ", call);
  g_autofree char *none = g_strdup_printf ("tag matching: %s has none", gverbs_test_device_name ());

  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, expected));
  g_assert_nonnull (strstr (error->message, gverbs_test_device_name ()));
  g_assert_nonnull (strstr (error->message, none));
  g_assert_nonnull (strstr (error->message, "(EOPNOTSUPP)"));
}

static gboolean
device_has_tm (GVerbsContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsDeviceAttrEx) attr = gverbs_context_query_device_ex (ctx, &error);
  g_autoptr(GVerbsTMCaps) tm = NULL;
  guint flags = 0, tags = 0;

  g_assert_no_error (error);
  g_object_get (attr, "tm-caps", &tm, NULL);
  g_object_get (tm, "flags", &flags, "max-num-tags", &tags, NULL);
  return (flags & GVERBS_TM_CAP_RC) && tags > 0;
}

static GVerbsSrqInitAttrEx *
tm_srq_attr (GVerbsPD *pd,
             GVerbsCQ *cq,
             guint32   max_tags)
{
  GVerbsSrqAttr sa = { 64, 1, 0 };
  GVerbsSrqInitAttrEx *ia = gverbs_srq_init_attr_ex_new (&sa);

  g_object_set (ia, "srq-type", GVERBS_SRQT_TM, "pd", pd, "cq", cq,
                "comp-mask", GVERBS_SRQ_INIT_ATTR_TYPE | GVERBS_SRQ_INIT_ATTR_PD |
                             GVERBS_SRQ_INIT_ATTR_CQ | GVERBS_SRQ_INIT_ATTR_TM,
                "tm-max-num-tags", max_tags, "tm-max-ops", 10u, NULL);
  return ia;
}

/* A TM SRQ on a device without tag matching: refused, nothing left open. */
static void
test_create_not_supported (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsCQ) cq = NULL;
  g_autoptr(GVerbsSrqInitAttrEx) ia = NULL;
  g_autoptr(GVerbsSRQ) srq = NULL;
  GError *error = NULL;

  if (ctx == NULL)
    return;
  if (device_has_tm (ctx))
    {
      g_test_skip ("the device has tag matching");
      return;
    }
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  cq = gverbs_cq_new (ctx, 16, NULL, 0, &error);
  g_assert_no_error (error);
  ia = tm_srq_attr (pd, cq, 64);
  srq = gverbs_srq_new_ex (ctx, ia, &error);
  g_assert_null (srq);
  assert_not_supported (error, "ibv_create_srq_ex");
  g_clear_error (&error);
  /* the PD and CQ stay usable */
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (pd)));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (cq), &error));
  g_assert_no_error (error);
}

/* Tag operations on a plain SRQ of a device without tag matching: refused
 * as not supported, the SRQ still takes receives; on a closed SRQ, CLOSED. */
static void
test_post_ops_not_supported (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsSrqInitAttr) sia = NULL;
  g_autoptr(GVerbsSRQ) srq = NULL;
  g_autoptr(GVerbsMR) mr = NULL;
  GVerbsSrqAttr sa = { 16, 1, 0 };
  GVerbsOpsWR ops[2];
  GVerbsRecvWR rwr;
  GError *error = NULL;

  if (ctx == NULL)
    return;
  if (device_has_tm (ctx))
    {
      g_test_skip ("the device has tag matching");
      return;
    }
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  sia = gverbs_srq_init_attr_new (&sa);
  srq = gverbs_srq_new (pd, sia, &error);
  g_assert_no_error (error);
  mr = gverbs_mr_new (pd, 4096, GVERBS_ACCESS_LOCAL_WRITE, &error);
  g_assert_no_error (error);

  memset (ops, 0, sizeof ops);
  ops[0] = (GVerbsOpsWR) { .wr_id = 7, .opcode = GVERBS_WR_TAG_ADD, .flags = GVERBS_OPS_SIGNALED,
                           .recv_wr_id = 8, .tag = 0x1234, .mask = 0xffff, .num_sge = 1,
                           .handle = 0xabcd,
                           .sg_list = { mr_sge (mr, 0, 64) } };
  ops[1] = (GVerbsOpsWR) { .wr_id = 9, .opcode = GVERBS_WR_TAG_SYNC,
                           .flags = GVERBS_OPS_SIGNALED | GVERBS_OPS_TM_SYNC, .unexpected_cnt = 1 };
  g_assert_false (gverbs_srq_post_ops (srq, ops, 2, &error));
  assert_not_supported (error, "ibv_post_srq_ops");
  {
    g_autofree char *desc = NULL;

    g_object_get (srq, "description", &desc, NULL);
    g_assert_nonnull (strstr (error->message, desc));
  }
  g_clear_error (&error);
  g_assert_cmpuint (ops[0].handle, ==, 0xabcd);   /* untouched */
  g_assert_false (gverbs_srq_post_ops_one (srq, &ops[1], &error));
  assert_not_supported (error, "ibv_post_srq_ops");
  g_clear_error (&error);

  /* the SRQ itself still works */
  gverbs_recv_wr_init (&rwr, 1);
  rwr.num_sge = 1;
  rwr.sg_list[0] = mr_sge (mr, 0, 64);
  g_assert_true (gverbs_srq_post_recv (srq, &rwr, 1, &error));
  g_assert_no_error (error);

  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (srq), &error));
  g_assert_no_error (error);
  g_assert_false (gverbs_srq_post_ops (srq, ops, 1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
}

/* gverbs_cq_ex_read_tm_info() before any completion, and on a CQ made
 * without GVERBS_WC_EX_WITH_TM_INFO after one. */
static void
test_read_tm_info_errors (void)
{
  QPPair p = { 0 };
  QPPairOptions o = { .type = GVERBS_QPT_RC, .cq_ex = TRUE,
                      .cq_ex_wc_flags = GVERBS_WC_EX_WITH_BYTE_LEN };
  GVerbsWcTmInfo info = { 0x55, 0x66 };
  GVerbsRecvWR rwr;
  GVerbsSendWR swr;
  GError *error = NULL;

  if (!qp_pair_init (&p, &o))
    return;
  g_assert_false (gverbs_cq_ex_read_tm_info (p.cqx[1], &info, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "ibv_wc_read_tm_info"));
  g_clear_error (&error);

  gverbs_recv_wr_init (&rwr, 3);
  rwr.num_sge = 1;
  rwr.sg_list[0] = mr_sge (p.mr[1], 0, 64);
  g_assert_true (gverbs_qp_post_recv (p.qp[1], &rwr, 1, &error));
  g_assert_no_error (error);
  gverbs_send_wr_init (&swr, 4, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
  swr.num_sge = 1;
  swr.sg_list[0] = mr_sge (p.mr[0], 0, 64);
  g_assert_true (gverbs_qp_post_send (p.qp[0], &swr, 1, &error));
  g_assert_no_error (error);
  for (guint tries = 0; !gverbs_cq_ex_start_poll (p.cqx[1], &error); tries++)
    {
      g_assert_no_error (error);
      g_assert_cmpuint (tries, <, 1000000);
      g_usleep (10);
    }
  g_assert_cmpuint (gverbs_cq_ex_read_wr_id (p.cqx[1], &error), ==, 3);
  g_assert_false (gverbs_cq_ex_read_tm_info (p.cqx[1], &info, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "GVERBS_WC_EX_WITH_TM_INFO"));
  g_clear_error (&error);
  g_assert_cmpuint (info.tag, ==, 0x55);
  g_assert_cmpuint (info.priv, ==, 0x66);
  g_assert_true (gverbs_cq_ex_end_poll (p.cqx[1], &error));
  g_assert_no_error (error);
  qp_pair_clear (&p);
}

static gboolean
poll_one (GVerbsCQEX     *cq,
          guint64        *wr_id,
          GVerbsWCOpcode *opcode,
          GVerbsWCFlags  *flags,
          GVerbsWcTmInfo *info)
{
  GError *error = NULL;
  guint tries = 0;

  while (!gverbs_cq_ex_start_poll (cq, &error))
    {
      g_assert_no_error (error);
      if (++tries > 2000000)
        return FALSE;
      g_usleep (5);
    }
  g_assert_cmpint (gverbs_cq_ex_read_status (cq, &error), ==, GVERBS_WC_SUCCESS);
  *wr_id = gverbs_cq_ex_read_wr_id (cq, &error);
  *opcode = gverbs_cq_ex_read_opcode (cq, &error);
  *flags = gverbs_cq_ex_read_wc_flags (cq, &error);
  if (info != NULL)
    g_assert_true (gverbs_cq_ex_read_tm_info (cq, info, &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_cq_ex_end_poll (cq, &error));
  return TRUE;
}

/* On a device with tag matching (ConnectX): add a tag, send an eager
 * message with a matching tag-matching header from an RC peer, read the
 * tag from the completion and the payload from the tag's buffer; a second
 * tag added and removed again. */
static void
test_hardware (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsCqInitAttrEx) cia = NULL;
  g_autoptr(GVerbsCQEX) cq = NULL;
  g_autoptr(GVerbsCQEX) scq = NULL;
  g_autoptr(GVerbsSrqInitAttrEx) ia = NULL;
  g_autoptr(GVerbsSRQ) srq = NULL;
  g_autoptr(GVerbsMR) rmr = NULL;
  g_autoptr(GVerbsMR) smr = NULL;
  GVerbsQP *qp[2] = { NULL, NULL };
  GVerbsQPCap cap = { 8, 0, 1, 1, 0 };
  GVerbsOpsWR op;
  GVerbsSendWR swr;
  GVerbsWcTmInfo info;
  guint64 wr_id;
  GVerbsWCOpcode opcode;
  GVerbsWCFlags flags;
  guint8 hdr[16] = { 3 /* IBV_TMH_EAGER */ };
  guint8 got[48];
  GError *error = NULL;

  if (ctx == NULL)
    return;
  if (!device_has_tm (ctx))
    {
      g_test_skip_printf ("%s has no tag matching (tm_caps)", gverbs_test_device_name ());
      return;
    }
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  cia = gverbs_cq_init_attr_ex_new ();
  g_object_set (cia, "cqe", 64, "wc-flags",
                GVERBS_WC_EX_WITH_TM_INFO | GVERBS_WC_EX_WITH_BYTE_LEN | GVERBS_WC_EX_WITH_QP_NUM, NULL);
  cq = gverbs_cq_ex_new (ctx, cia, &error);
  g_assert_no_error (error);
  scq = gverbs_cq_ex_new (ctx, cia, &error);
  g_assert_no_error (error);
  ia = tm_srq_attr (pd, GVERBS_CQ (cq), 16);
  srq = gverbs_srq_new_ex (ctx, ia, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gverbs_srq_get_srq_type (srq), ==, GVERBS_SRQT_TM);
  rmr = gverbs_mr_new (pd, 4096, GVERBS_ACCESS_LOCAL_WRITE, &error);
  g_assert_no_error (error);
  smr = gverbs_mr_new (pd, 4096, GVERBS_ACCESS_LOCAL_WRITE, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GVerbsQPInitAttr) qia =
        gverbs_qp_init_attr_new (GVERBS_QPT_RC, GVERBS_CQ (i ? cq : scq), GVERBS_CQ (i ? cq : scq), &cap);

      if (i == 1)
        g_object_set (qia, "srq", srq, NULL);
      qp[i] = gverbs_qp_new (pd, qia, NULL, &error);
      g_assert_no_error (error);
    }
  {
    int gid_index = gverbs_context_find_default_gid (ctx, 1, &error);
    g_autoptr(GVerbsGid) gid = NULL;
    g_autofree char *gid_str = NULL;

    g_assert_no_error (error);
    g_assert_cmpint (gid_index, >=, 0);
    gid = gverbs_context_query_gid (ctx, 1, (guint) gid_index, &error);
    g_assert_no_error (error);
    gid_str = gverbs_gid_to_string (gid);
    for (guint i = 0; i < 2; i++)
      qp_connect_rc (qp[i], gverbs_qp_get_qp_num (qp[1 - i]), gid_str, (guint) gid_index, 7u,
                     GVERBS_ACCESS_LOCAL_WRITE);
  }

  /* add tag 0x42 (mask all bits): a TM_ADD completion, a handle */
  memset (&op, 0, sizeof op);
  op = (GVerbsOpsWR) { .wr_id = 11, .opcode = GVERBS_WR_TAG_ADD, .flags = GVERBS_OPS_SIGNALED,
                       .recv_wr_id = 12, .tag = 0x42, .mask = G_MAXUINT64, .num_sge = 1,
                       .sg_list = { mr_sge (rmr, 0, 64) } };
  g_assert_true (gverbs_srq_post_ops (srq, &op, 1, &error));
  g_assert_no_error (error);
  g_assert_true (poll_one (cq, &wr_id, &opcode, &flags, NULL));
  g_assert_cmpuint (wr_id, ==, 11);
  g_assert_cmpint (opcode, ==, GVERBS_WC_TM_ADD);

  /* an eager message tagged 0x42: header then payload */
  hdr[8 + 7] = 0x42;
  memcpy (gverbs_mr_get_buffer (smr), hdr, sizeof hdr);
  memcpy ((guint8 *) gverbs_mr_get_buffer (smr) + sizeof hdr, "tag-matched payload", 20);
  gverbs_send_wr_init (&swr, 21, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
  swr.num_sge = 1;
  swr.sg_list[0] = mr_sge (smr, 0, sizeof hdr + 20);
  g_assert_true (gverbs_qp_post_send (qp[0], &swr, 1, &error));
  g_assert_no_error (error);
  g_assert_true (poll_one (scq, &wr_id, &opcode, &flags, NULL));
  g_assert_cmpuint (wr_id, ==, 21);
  g_assert_true (poll_one (cq, &wr_id, &opcode, &flags, &info));
  g_assert_cmpint (opcode, ==, GVERBS_WC_TM_RECV);
  g_assert_cmpuint (wr_id, ==, 12);
  g_assert_cmpuint (flags & (GVERBS_WC_TM_MATCH | GVERBS_WC_TM_DATA_VALID), ==,
                    GVERBS_WC_TM_MATCH | GVERBS_WC_TM_DATA_VALID);
  g_assert_cmpuint (info.tag, ==, 0x42);
  memcpy (got, gverbs_mr_get_buffer (rmr), 20);
  g_assert_cmpmem (got, 20, "tag-matched payload", 20);

  /* a second tag, removed by its handle */
  op.wr_id = 13;
  op.tag = 0x43;
  op.handle = 0;
  g_assert_true (gverbs_srq_post_ops_one (srq, &op, &error));
  g_assert_no_error (error);
  g_assert_true (poll_one (cq, &wr_id, &opcode, &flags, NULL));
  g_assert_cmpint (opcode, ==, GVERBS_WC_TM_ADD);
  op = (GVerbsOpsWR) { .wr_id = 14, .opcode = GVERBS_WR_TAG_DEL, .flags = GVERBS_OPS_SIGNALED,
                       .handle = op.handle };
  g_assert_true (gverbs_srq_post_ops_one (srq, &op, &error));
  g_assert_no_error (error);
  g_assert_true (poll_one (cq, &wr_id, &opcode, &flags, NULL));
  g_assert_cmpuint (wr_id, ==, 14);
  g_assert_cmpint (opcode, ==, GVERBS_WC_TM_DEL);
  for (guint i = 0; i < 2; i++)
    g_clear_object (&qp[i]);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/srq-tm/create-not-supported", test_create_not_supported);
  g_test_add_func ("/srq-tm/post-ops-not-supported", test_post_ops_not_supported);
  g_test_add_func ("/srq-tm/read-tm-info-errors", test_read_tm_info_errors);
  g_test_add_func ("/srq-tm/hardware", test_hardware);
  return g_test_run ();
}
