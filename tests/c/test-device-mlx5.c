/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Device tests: the mlx5 direct verbs on a device that is not an mlx5 one
 * (Soft-RoCE's rxe0) fail cleanly with GVERBS_ERROR_NOT_SUPPORTED naming the
 * mlx5dv_* call and the device, and leave nothing behind. */
#include <string.h>
#include "gverbs-test-util.h"

#if GVERBS_HAVE_MLX5

static gboolean
on_mlx5 (void)
{
  g_autoptr(GError) error = NULL;
  gboolean mlx5 = gverbs_mlx5_is_supported (gverbs_test_device_name (), &error);

  g_assert_no_error (error);
  if (mlx5)
    g_test_skip ("an mlx5 device: see test_device_mlx5_hw.py");
  return mlx5;
}

static void
assert_not_supported (GError     *error,
                      const char *call)
{
  g_autofree char *expected = g_strdup_printf ("%s on ", call);

  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, expected));
  g_assert_nonnull (strstr (error->message, gverbs_test_device_name ()));
  g_assert_nonnull (strstr (error->message, "(EOPNOTSUPP)"));
}

static void
test_is_supported (void)
{
  g_autoptr(GError) error = NULL;

  if (gverbs_test_device_name () == NULL || on_mlx5 ())
    return;
  g_assert_false (gverbs_mlx5_is_supported (gverbs_test_device_name (), &error));
  g_assert_no_error (error);
  g_assert_false (gverbs_mlx5_is_supported ("no-such-device0", &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_DEVICE);
}

static void
test_context (void)
{
  g_autoptr(GVerbsMlx5DVContextAttr) attr = NULL;
  g_autoptr(GVerbsMlx5Context) ctx = NULL;
  g_autoptr(GError) error = NULL;

  if (gverbs_test_device_name () == NULL || on_mlx5 ())
    return;
  attr = gverbs_mlx5_dv_context_attr_new (GVERBS_MLX5DV_CONTEXT_FLAGS_DEVX, 0);
  ctx = gverbs_mlx5_context_new (gverbs_test_device_name (), attr, &error);
  g_assert_null (ctx);
  assert_not_supported (error, "mlx5dv_open_device");
  g_clear_error (&error);
  /* the default attributes too */
  ctx = gverbs_mlx5_context_new (gverbs_test_device_name (), NULL, &error);
  g_assert_null (ctx);
  assert_not_supported (error, "mlx5dv_open_device");
}

static void
test_qp_and_cq (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsCQ) cq = NULL;
  g_autoptr(GVerbsQPCap) cap = NULL;
  g_autoptr(GVerbsQPInitAttrEx) qia = NULL;
  g_autoptr(GVerbsMlx5DVDCInitAttr) dc = NULL;
  g_autoptr(GVerbsMlx5DVQPInitAttr) dv = NULL;
  g_autoptr(GVerbsMlx5DVCQInitAttr) dv_cq = NULL;
  g_autoptr(GVerbsMlx5QP) qp = NULL;
  g_autoptr(GVerbsMlx5CQ) mcq = NULL;
  g_autoptr(GPtrArray) qps = NULL;
  g_autoptr(GPtrArray) cqs = NULL;
  g_autoptr(GError) error = NULL;

  if (ctx == NULL || on_mlx5 ())
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  cq = gverbs_cq_new (ctx, 100, NULL, 0, &error);
  g_assert_no_error (error);
  cap = gverbs_qp_cap_new (100, 0, 1, 0, 0);
  qia = gverbs_qp_init_attr_ex_new (GVERBS_QPT_DRIVER, cq, cq, cap, pd, 0);
  dc = gverbs_mlx5_dv_dc_init_attr_new (GVERBS_MLX5DV_DCTYPE_DCI, 0);
  dv = gverbs_mlx5_dv_qp_init_attr_new (GVERBS_MLX5DV_QP_INIT_ATTR_MASK_DC, 0, dc, 0);
  qp = gverbs_mlx5_qp_new (ctx, qia, dv, NULL, &error);
  g_assert_null (qp);
  assert_not_supported (error, "mlx5dv_create_qp");
  g_clear_error (&error);
  qps = gverbs_test_rdma_resources ("qp");
  g_assert_cmpuint (qps->len, ==, 0);

  dv_cq = gverbs_mlx5_dv_cq_init_attr_new (GVERBS_MLX5DV_CQ_INIT_ATTR_MASK_COMPRESSED_CQE,
                                           GVERBS_MLX5DV_CQE_RES_FORMAT_CSUM, 0, 0);
  mcq = gverbs_mlx5_cq_new (ctx, NULL, dv_cq, &error);
  g_assert_null (mcq);
  assert_not_supported (error, "mlx5dv_create_cq");
  cqs = gverbs_test_rdma_resources ("cq");
  g_assert_cmpuint (cqs->len, ==, 1);   /* the plain CQ only */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ctx), NULL));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (pd)));
}

static void
test_device_resources (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GBytes) rate = g_bytes_new_static ("\0\0\0\5", 4);
  g_autoptr(GBytes) in = g_bytes_new_static ("\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 16);
  g_autoptr(GError) error = NULL;
  gpointer obj;

  if (ctx == NULL || on_mlx5 ())
    return;
  obj = gverbs_mlx5_var_new (ctx, 0, &error);
  g_assert_null (obj);
  assert_not_supported (error, "mlx5dv_alloc_var");
  g_clear_error (&error);
  obj = gverbs_mlx5_uar_new (ctx, GVERBS_MLX5DV_UAR_ALLOC_TYPE_NC, &error);
  g_assert_null (obj);
  assert_not_supported (error, "mlx5dv_devx_alloc_uar");
  g_clear_error (&error);
  obj = gverbs_mlx5_uar_new (ctx, 7, &error);
  g_assert_null (obj);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  obj = gverbs_mlx5_pp_new (ctx, rate, 0, &error);
  g_assert_null (obj);
  assert_not_supported (error, "mlx5dv_pp_alloc");
  g_clear_error (&error);
  obj = gverbs_mlx5_devx_obj_new (ctx, in, 16, &error);
  g_assert_null (obj);
  assert_not_supported (error, "mlx5dv_devx_obj_create");
  g_clear_error (&error);
  obj = gverbs_mlx5_umem_new (ctx, 4096, 0, 0, &error);
  g_assert_null (obj);
  assert_not_supported (error, "mlx5dv_devx_umem_reg");
  g_clear_error (&error);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ctx), &error));
  g_assert_no_error (error);
}

#endif

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#if GVERBS_HAVE_MLX5
  g_test_add_func ("/mlx5/is-supported", test_is_supported);
  g_test_add_func ("/mlx5/context", test_context);
  g_test_add_func ("/mlx5/qp-and-cq", test_qp_and_cq);
  g_test_add_func ("/mlx5/device-resources", test_device_resources);
#endif
  return g_test_run ();
}
