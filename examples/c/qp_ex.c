/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* pyverbs' "Extended QP" example in C: a UD queue pair made with
 * ibv_create_qp_ex from a GVerbsQPInitAttrEx (PD and SEND_OPS_FLAGS in its
 * comp_mask, no send operation). It is moved to RTS and receives; a second
 * GVerbsQPEx from the same attributes plus IBV_QP_EX_WITH_SEND posts a UD send
 * to it through the extended send API, and the bytes that arrive are checked.
 * Prints the same lines as examples/python/qp_ex.py.
 *
 * Usage: gverbs-example-qp-ex DEVICE
 */
#include <string.h>
#include <gverbs.h>

#define QKEY 0x11111111u
#define GRH 40
static const char message[] = "Hello through the extended send API";

static const char *
nick (GType type, int value)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (type);
  GEnumValue *v = g_enum_get_value (klass, value);

  return v ? v->value_nick : "?";
}

/* The state's name in capitals ("RTS"); valid until the next call. */
static const char *
state_name (GVerbsQPEx *qp)
{
  static char buf[16];
  const char *n = nick (GVERBS_TYPE_QP_STATE, gverbs_qp_get_qp_state (GVERBS_QP (qp)));
  gsize i;

  for (i = 0; n[i] != '\0' && i < sizeof buf - 1; i++)
    buf[i] = g_ascii_toupper (n[i]);
  buf[i] = '\0';
  return buf;
}

static gboolean
poll_two (GVerbsCQ  *cq,
          GVerbsWC  *wc,
          GError   **error)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  int got = 0;

  while (got < 2 && g_get_monotonic_time () < deadline)
    {
      int n = gverbs_cq_poll (cq, wc + got, 2 - got, error);

      if (n < 0)
        return FALSE;
      got += n;
    }
  if (got < 2)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT, "timed out waiting for completions");
      return FALSE;
    }
  return TRUE;
}

static int
run (const char *name, GError **error)
{
  const gsize len = sizeof message - 1;
  g_autoptr(GVerbsContext) ctx = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsCQ) cq = NULL;
  g_autoptr(GVerbsQPInitAttrEx) qia = NULL;
  g_autoptr(GVerbsQPEx) qp = NULL, sender = NULL;
  g_autoptr(GVerbsQPAttr) attr = gverbs_qp_attr_new ();
  g_autoptr(GVerbsMR) rmr = NULL, smr = NULL;
  g_autoptr(GVerbsAH) ah = NULL;
  g_autoptr(GVerbsAHAttr) ah_attr = gverbs_ah_attr_new ();
  g_autoptr(GVerbsGlobalRoute) gr = gverbs_global_route_new ();
  g_autoptr(GVerbsGid) gid = NULL;
  g_autoptr(GBytes) data = NULL;
  g_autoptr(GError) refused = NULL;
  GVerbsQPCap cap = { 100, 10, 1, 1, 0 };
  GVerbsRecvWR rwr;
  GVerbsWC wc[2], *recv, *send;
  int gid_index;

  if ((ctx = gverbs_context_new (name, error)) == NULL ||
      (pd = gverbs_pd_new (ctx, error)) == NULL ||
      (cq = gverbs_cq_new (ctx, 100, NULL, 0, error)) == NULL)
    return 1;
  qia = gverbs_qp_init_attr_ex_new (GVERBS_QPT_UD, cq, cq, &cap, pd, 0);
  g_object_set (qia, "comp-mask", GVERBS_QP_INIT_ATTR_SEND_OPS_FLAGS | GVERBS_QP_INIT_ATTR_PD, NULL);
  if ((qp = gverbs_qp_ex_new (ctx, qia, NULL, error)) == NULL)
    return 1;
  g_print ("QPEx 0x%x: UD, PD %s, state %s\n", gverbs_qp_get_qp_num (GVERBS_QP (qp)),
           gverbs_qp_get_pd (GVERBS_QP (qp)) == pd ? "from QPInitAttrEx" : "?",
           state_name (qp));
  g_object_set (attr, "qkey", QKEY, NULL);
  if (!gverbs_qp_to_rts (GVERBS_QP (qp), attr, error))
    return 1;
  g_print ("moved to %s\n", state_name (qp));
  if (!gverbs_qp_ex_wr_start (qp, error))
    return 1;
  if (!gverbs_qp_ex_wr_send (qp, &refused))
    g_print ("wr_send without send_ops_flags: refused (%s)\n",
             g_error_matches (refused, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED) ? "NOT_SUPPORTED" : refused->message);
  gverbs_qp_ex_wr_abort (qp);

  /* the receiver: the first QP */
  if ((rmr = gverbs_mr_new (pd, 4096, GVERBS_ACCESS_LOCAL_WRITE, error)) == NULL)
    return 1;
  gverbs_recv_wr_init (&rwr, 1);
  rwr.num_sge = 1;
  rwr.sg_list[0] = (GVerbsSGE) { gverbs_mr_get_addr (rmr), GRH + len, gverbs_mr_get_lkey (rmr) };
  if (!gverbs_qp_post_recv (GVERBS_QP (qp), &rwr, 1, error))
    return 1;

  /* the sender: the same attributes, with the send operation */
  g_object_set (qia, "send-ops-flags", GVERBS_QP_EX_WITH_SEND, NULL);
  if ((sender = gverbs_qp_ex_new (ctx, qia, attr, error)) == NULL)
    return 1;
  g_print ("sender QPEx 0x%x: state %s, send_ops_flags SEND\n", gverbs_qp_get_qp_num (GVERBS_QP (sender)),
           state_name (sender));
  if ((gid_index = gverbs_context_find_default_gid (ctx, 1, error)) < 0 ||
      (gid = gverbs_context_query_gid (ctx, 1, (guint) gid_index, error)) == NULL)
    return 1;
  {
    g_autofree char *dgid = gverbs_gid_to_string (gid);

    g_object_set (gr, "dgid", dgid, "sgid-index", gid_index, NULL);
  }
  g_object_set (ah_attr, "is-global", TRUE, "port-num", 1u, "grh", gr, NULL);
  if ((ah = gverbs_ah_new (pd, ah_attr, error)) == NULL ||
      (smr = gverbs_mr_new (pd, 4096, GVERBS_ACCESS_LOCAL_WRITE, error)) == NULL ||
      !gverbs_mr_write (smr, (const guint8 *) message, len, 0, error))
    return 1;

  gverbs_qp_ex_set_wr_id (sender, 7);
  gverbs_qp_ex_set_wr_flags (sender, GVERBS_SEND_SIGNALED);
  if (!gverbs_qp_ex_wr_start (sender, error) ||
      !gverbs_qp_ex_wr_send (sender, error) ||
      !gverbs_qp_ex_wr_set_ud_addr (sender, ah, gverbs_qp_get_qp_num (GVERBS_QP (qp)), QKEY, error) ||
      !gverbs_qp_ex_wr_set_sge (sender, gverbs_mr_get_lkey (smr), gverbs_mr_get_addr (smr), len, error) ||
      !gverbs_qp_ex_wr_complete (sender, error))
    return 1;

  if (!poll_two (cq, wc, error))
    return 1;
  recv = wc[0].wr_id == 1 ? &wc[0] : &wc[1];
  send = wc[0].wr_id == 1 ? &wc[1] : &wc[0];
  g_print ("send completion: wr_id %" G_GUINT64_FORMAT " status %s opcode %s qp 0x%x\n", send->wr_id,
           gverbs_wc_status_str (send->status), nick (GVERBS_TYPE_WC_OPCODE, send->opcode), send->qp_num);
  g_print ("recv completion: wr_id %" G_GUINT64_FORMAT " status %s opcode %s qp 0x%x src_qp 0x%x byte_len %u\n",
           recv->wr_id, gverbs_wc_status_str (recv->status), nick (GVERBS_TYPE_WC_OPCODE, recv->opcode),
           recv->qp_num, recv->src_qp, recv->byte_len);
  if ((data = gverbs_mr_read (rmr, len, GRH, error)) == NULL)
    return 1;
  g_print ("received: %.*s\n", (int) len, (const char *) g_bytes_get_data (data, NULL));
  if (memcmp (g_bytes_get_data (data, NULL), message, len) != 0 ||
      recv->src_qp != gverbs_qp_get_qp_num (GVERBS_QP (sender)))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, "the message did not arrive intact");
      return 1;
    }
  gverbs_resource_close (GVERBS_RESOURCE (ctx), NULL);
  return 0;
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;

  if (run (argc > 1 ? argv[1] : NULL, &error) != 0)
    {
      g_printerr ("qp_ex: %s\n", error ? error->message : "failed");
      return 1;
    }
  return 0;
}
