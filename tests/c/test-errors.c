/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include <errno.h>
#include <string.h>
#include <gverbs.h>

static void
test_errno_mapping (void)
{
  g_assert_cmpint (gverbs_error_from_errno (EINVAL), ==, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (gverbs_error_from_errno (EOPNOTSUPP), ==, GVERBS_ERROR_NOT_SUPPORTED);
  g_assert_cmpint (gverbs_error_from_errno (ENOMEM), ==, GVERBS_ERROR_NO_MEMORY);
  g_assert_cmpint (gverbs_error_from_errno (EPERM), ==, GVERBS_ERROR_PERMISSION);
  g_assert_cmpint (gverbs_error_from_errno (EACCES), ==, GVERBS_ERROR_PERMISSION);
  g_assert_cmpint (gverbs_error_from_errno (EBUSY), ==, GVERBS_ERROR_BUSY);
  g_assert_cmpint (gverbs_error_from_errno (ETIMEDOUT), ==, GVERBS_ERROR_TIMED_OUT);
  g_assert_cmpint (gverbs_error_from_errno (ENODEV), ==, GVERBS_ERROR_NO_DEVICE);
  g_assert_cmpint (gverbs_error_from_errno (ECONNREFUSED), ==, GVERBS_ERROR_CONNECTION_REFUSED);
  g_assert_cmpint (gverbs_error_from_errno (12345), ==, GVERBS_ERROR_FAILED);
  g_assert_cmpstr (gverbs_errno_name (EINVAL), ==, "EINVAL");
  g_assert_cmpstr (gverbs_errno_name (EOPNOTSUPP), ==, "EOPNOTSUPP");
  g_assert_null (gverbs_errno_name (12345));
}

static void
test_error_domains (void)
{
  g_assert_cmpstr (g_quark_to_string (GVERBS_ERROR), ==, "gverbs-error-quark");
  g_assert_cmpstr (g_quark_to_string (GVERBS_WC_ERROR), ==, "gverbs-wc-error-quark");
  g_assert_cmpint (GVERBS_WC_ERROR_REM_ACCESS_ERR, ==, GVERBS_WC_REM_ACCESS_ERR);
  g_assert_cmpint (GVERBS_WC_ERROR_RNR_RETRY_EXC_ERR, ==, GVERBS_WC_RNR_RETRY_EXC_ERR);
}

static void
test_enum_types (void)
{
  g_autoptr(GEnumClass) mtu = g_type_class_ref (GVERBS_TYPE_MTU);
  g_autoptr(GFlagsClass) access = g_type_class_ref (GVERBS_TYPE_ACCESS_FLAGS);
  g_autoptr(GEnumClass) qpt = g_type_class_ref (GVERBS_TYPE_QP_TYPE);
  g_autoptr(GEnumClass) err = g_type_class_ref (GVERBS_TYPE_ERROR);

  g_assert_cmpint (g_enum_get_value_by_name (mtu, "GVERBS_MTU_BYTES_1024")->value, ==, 3);
  g_assert_cmpuint (g_flags_get_value_by_name (access, "GVERBS_ACCESS_REMOTE_WRITE")->value, ==, 2);
  g_assert_cmpint (g_enum_get_value_by_name (qpt, "GVERBS_QPT_UD")->value, ==, 4);
  g_assert_nonnull (g_enum_get_value (err, GVERBS_ERROR_CLOSED));
  g_assert_cmpint (GVERBS_WC_RECV, ==, 128);
  g_assert_cmpint (GVERBS_PORT_ACTIVE, ==, 4);
}

static void
test_missing_device (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsContext) ctx = gverbs_context_new ("gverbs-no-such-device", &error);

  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_DEVICE);
  g_assert_null (ctx);
  g_assert_nonnull (strstr (error->message, "gverbs-no-such-device"));
}

static void
test_device_list (void)
{
  g_autoptr(GError) error = NULL;
  GList *devices = gverbs_get_devices (&error);

  g_assert_no_error (error);
  for (GList *l = devices; l != NULL; l = l->next)
    {
      g_autofree char *text = gverbs_device_to_string (l->data);

      g_assert_true (g_str_has_prefix (text, "Device "));
      g_assert_nonnull (gverbs_device_get_name (l->data));
    }
  g_list_free_full (devices, g_object_unref);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/errors/errno-mapping", test_errno_mapping);
  g_test_add_func ("/errors/domains", test_error_domains);
  g_test_add_func ("/errors/enum-types", test_enum_types);
  g_test_add_func ("/context/missing-device", test_missing_device);
  g_test_add_func ("/device/list", test_device_list);
  return g_test_run ();
}
