/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include <string.h>
#include "gverbs-test-util.h"

/* Every DeviceAttr property that `ibv_devinfo -v` prints for the same device
 * must have the same value. Returns how many fields were compared. */
static guint
compare_with_devinfo (GVerbsDeviceAttr *attr,
                      GHashTable       *devinfo)
{
  g_autofree GParamSpec **pspecs = NULL;
  guint n_pspecs = 0;
  guint compared = 0;

  pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (attr), &n_pspecs);
  for (guint i = 0; i < n_pspecs; i++)
    {
      g_autofree char *key = g_strdelimit (g_strdup (pspecs[i]->name), "-", '_');
      const char *expected = g_hash_table_lookup (devinfo, key);
      g_auto(GValue) value = G_VALUE_INIT;

      if (expected == NULL)
        continue;
      g_value_init (&value, pspecs[i]->value_type);
      g_object_get_property (G_OBJECT (attr), pspecs[i]->name, &value);

      if (g_str_has_suffix (key, "guid"))
        {
          g_autofree char *text = g_strdup_printf ("%04x:%04x:%04x:%04x",
            (guint) (g_value_get_uint64 (&value) >> 48) & 0xffff,
            (guint) (g_value_get_uint64 (&value) >> 32) & 0xffff,
            (guint) (g_value_get_uint64 (&value) >> 16) & 0xffff,
            (guint) g_value_get_uint64 (&value) & 0xffff);
          g_assert_cmpstr (text, ==, expected);
        }
      else if (G_VALUE_HOLDS_STRING (&value))
        g_assert_cmpstr (g_value_get_string (&value), ==, expected);
      else if (G_VALUE_HOLDS_UINT64 (&value))
        g_assert_cmpuint (g_value_get_uint64 (&value), ==, (guint64) g_ascii_strtoull (expected, NULL, 0));
      else if (G_VALUE_HOLDS_UINT (&value))
        g_assert_cmpint (g_value_get_uint (&value), ==, gverbs_test_parse_number (expected));
      else if (G_VALUE_HOLDS_INT (&value))
        g_assert_cmpint (g_value_get_int (&value), ==, gverbs_test_parse_number (expected));
      else if (G_VALUE_HOLDS_ENUM (&value))
        g_assert_cmpint (g_value_get_enum (&value), ==, gverbs_test_parse_number (expected));
      else if (G_VALUE_HOLDS_FLAGS (&value))
        g_assert_cmpint (g_value_get_flags (&value), ==, gverbs_test_parse_number (expected));
      else
        g_assert_not_reached ();
      compared++;
    }
  return compared;
}

static void
test_query_device (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsDeviceAttr) attr = NULL;
  g_autoptr(GHashTable) devinfo = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint compared;
  int max_qp = 0;
  guint ports = 0;

  if (ctx == NULL)
    return;
  g_assert_cmpstr (gverbs_context_get_name (ctx), ==, gverbs_test_device_name ());
  g_assert_cmpint (gverbs_context_get_num_comp_vectors (ctx), >, 0);
  g_assert_cmpint (gverbs_context_get_cmd_fd (ctx), >=, 0);

  attr = gverbs_context_query_device (ctx, &error);
  g_assert_no_error (error);
  devinfo = gverbs_test_devinfo (gverbs_test_device_name ());
  compared = compare_with_devinfo (attr, devinfo);
  g_test_message ("compared %u device attributes with ibv_devinfo -v", compared);
  g_assert_cmpuint (compared, >=, 30);

  g_object_get (attr, "max-qp", &max_qp, "phys-port-cnt", &ports, NULL);
  g_assert_cmpint (max_qp, >, 0);
  g_assert_cmpuint (ports, >=, 1);

  text = gverbs_device_attr_to_string (attr);
  g_assert_true (g_str_has_prefix (text, "FW version            : "));
  g_assert_nonnull (strstr (text, "\nMax QP                : "));
  g_assert_nonnull (strstr (text, "\nPhys port count       : 1"));
}

static void
test_device_in_list (void)
{
  g_autoptr(GError) error = NULL;
  GList *devices;
  gboolean found = FALSE;
  g_autoptr(GHashTable) devinfo = NULL;

  if (gverbs_test_device_name () == NULL)
    {
      g_test_skip ("GVERBS_TEST_DEVICE is not set");
      return;
    }
  devinfo = gverbs_test_devinfo (gverbs_test_device_name ());
  devices = gverbs_get_devices (&error);
  g_assert_no_error (error);
  for (GList *l = devices; l != NULL; l = l->next)
    {
      GVerbsDevice *device = l->data;
      g_autofree char *guid = NULL;

      if (!g_str_equal (gverbs_device_get_name (device), gverbs_test_device_name ()))
        continue;
      found = TRUE;
      guid = g_strdup_printf ("%04x:%04x:%04x:%04x",
                              (guint) (gverbs_device_get_guid (device) >> 48) & 0xffff,
                              (guint) (gverbs_device_get_guid (device) >> 32) & 0xffff,
                              (guint) (gverbs_device_get_guid (device) >> 16) & 0xffff,
                              (guint) gverbs_device_get_guid (device) & 0xffff);
      g_assert_cmpstr (guid, ==, g_hash_table_lookup (devinfo, "node_guid"));
      g_assert_cmpint (gverbs_device_get_node_type (device), ==, GVERBS_NODE_CA);
      g_assert_cmpint (gverbs_device_get_transport_type (device), ==,
                       g_str_equal (g_hash_table_lookup (devinfo, "transport"), "InfiniBand (0)")
                       ? GVERBS_TRANSPORT_IB : GVERBS_TRANSPORT_IWARP);
    }
  g_list_free_full (devices, g_object_unref);
  g_assert_true (found);
}

static void
test_close (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsDeviceAttr) attr = NULL;
  gboolean closed = FALSE;

  if (ctx == NULL)
    return;
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (ctx)));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ctx), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ctx), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (ctx)));
  g_object_get (ctx, "closed", &closed, NULL);
  g_assert_true (closed);
  g_assert_cmpint (gverbs_context_get_cmd_fd (ctx), ==, -1);

  attr = gverbs_context_query_device (ctx, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_assert_null (attr);
}

/* ibv_query_rt_values_ex: the raw clock where the device has one, else
 * NOT_SUPPORTED naming the call and the device (rxe has none). */
static void
test_query_rt_values (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  gint64 sec = -1, nsec = -1;

  if (ctx == NULL)
    return;
  if (gverbs_context_query_rt_values_ex (ctx, &sec, &nsec, &error))
    {
      gint64 sec2 = -1, nsec2 = -1;

      g_assert_no_error (error);
      g_assert_cmpint (nsec, >=, 0);
      g_assert_cmpint (nsec, <, G_TIME_SPAN_SECOND * 1000);
      g_assert_true (gverbs_context_query_rt_values_ex (ctx, &sec2, &nsec2, &error));
      g_assert_cmpint (sec2 * 1000000000 + nsec2, >=, sec * 1000000000 + nsec);
      return;
    }
  {
    g_autofree char *prefix = g_strdup_printf ("ibv_query_rt_values_ex on %s: ", gverbs_test_device_name ());

    g_test_message ("%s", error->message);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
    g_assert_true (g_str_has_prefix (error->message, prefix));
    g_assert_cmpint (sec, ==, 0);
    g_assert_cmpint (nsec, ==, 0);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/context/query-device", test_query_device);
  g_test_add_func ("/context/device-in-list", test_device_in_list);
  g_test_add_func ("/context/close", test_close);
  g_test_add_func ("/context/query-rt-values", test_query_rt_values);
  return g_test_run ();
}
