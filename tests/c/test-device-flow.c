/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Device tests: flow steering. Soft-RoCE has none: ibv_create_flow fails
 * cleanly, naming the call and the device, and leaves the QP as it was. */
#include <string.h>
#include "gverbs-test-util.h"

static GVerbsFlowAttr *
eth_flow_attr (void)
{
  g_autoptr(GError) error = NULL;
  GVerbsFlowAttr *attr = gverbs_flow_attr_new ();
  g_autoptr(GVerbsSpec) eth = gverbs_spec_make (GVERBS_FLOW_SPEC_ETH, FALSE, &error);

  g_assert_no_error (error);
  g_assert_true (gverbs_spec_set_field (eth, "dst-mac", "01:50:56:19:20:a7", &error));
  g_assert_true (gverbs_spec_set_field (eth, "dst-mac-mask", "ff:ff:ff:ff:ff:ff", &error));
  g_object_set (eth, "ether-type", 0x800, "ether-type-mask", 0xffff, NULL);
  gverbs_flow_attr_add_spec (attr, eth);
  return attr;
}

static void
test_not_supported (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsCQ) cq = NULL;
  g_autoptr(GVerbsQP) qp = NULL;
  g_autoptr(GVerbsFlowAttr) attr = eth_flow_attr ();
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  GVerbsQPCap cap = { 16, 16, 1, 1, 0 };
  g_autoptr(GVerbsQPInitAttr) ia = NULL;
  GVerbsFlow *flow;
  GWeakRef weak;

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  cq = gverbs_cq_new (ctx, 16, NULL, 0, &error);
  g_assert_no_error (error);
  ia = gverbs_qp_init_attr_new (GVERBS_QPT_UD, cq, cq, &cap);
  qp = gverbs_qp_new (pd, ia, NULL, &error);
  g_assert_no_error (error);

  flow = gverbs_flow_new (qp, attr, &error);
  g_assert_null (flow);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
  g_test_message ("%s", error->message);
  expected = g_strdup_printf ("ibv_create_flow on %s: ", gverbs_test_device_name ());
  g_assert_true (g_str_has_prefix (error->message, expected));
  g_assert_nonnull (strstr (error->message, "(EOPNOTSUPP)"));
  g_clear_error (&error);

  /* an object made without the constructor: its init fails the same way,
   * it is no child of the QP, and it goes with its last reference */
  flow = g_object_new (GVERBS_TYPE_FLOW, "qp", qp, "attr", attr, NULL);
  g_assert_false (g_initable_init (G_INITABLE (flow), NULL, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);
  gverbs_resource_close (GVERBS_RESOURCE (flow), NULL);
  g_clear_error (&error);
  g_weak_ref_init (&weak, flow);
  g_object_unref (flow);
  g_assert_null (g_weak_ref_get (&weak));
  g_weak_ref_clear (&weak);

  /* a malformed spec is refused before rdma-core is called */
  {
    g_autoptr(GVerbsSpec) bad = gverbs_spec_make (GVERBS_FLOW_SPEC_IPV4, FALSE, &error);

    g_assert_no_error (error);
    g_object_set (bad, "src-ip", "300.1.1.1", NULL);
    gverbs_flow_attr_add_spec (attr, bad);
    flow = gverbs_flow_new (qp, attr, &error);
    g_assert_null (flow);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "300.1.1.1"));
    g_clear_error (&error);
  }

  /* the QP is untouched and closes with the context */
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (qp)));
  g_assert_cmpint (gverbs_qp_get_qp_type (qp), ==, GVERBS_QPT_UD);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ctx), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (qp)));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flow/not-supported", test_not_supported);
  return g_test_run ();
}
