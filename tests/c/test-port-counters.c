/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Host test: GVerbsPortCounters against a sysfs tree made in a temporary
 * directory (counters/ and hw_counters/ with a setting, a counter the
 * device does not implement and a non-number among them), and
 * GVerbsDeviceMonitor where there is no RDMA device. */
#include <glib/gstdio.h>
#include <gverbs.h>

static void
put (const char *dir,
     const char *name,
     const char *text)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

static char *
make_tree (char **port_dir)
{
  g_autoptr(GError) error = NULL;
  char *root = g_dir_make_tmp ("gverbs-sysfs-XXXXXX", &error);
  g_autofree char *counters = NULL;
  g_autofree char *hw = NULL;

  g_assert_no_error (error);
  *port_dir = g_build_filename (root, "class", "infiniband", "fake0", "ports", "1", NULL);
  counters = g_build_filename (*port_dir, "counters", NULL);
  hw = g_build_filename (*port_dir, "hw_counters", NULL);
  g_assert_cmpint (g_mkdir_with_parents (counters, 0755), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (hw, 0755), ==, 0);
  put (counters, "port_xmit_data", "1000\n");
  put (counters, "port_rcv_packets", "18446744073709551615\n");   /* G_MAXUINT64 */
  put (counters, "symbol_error", "");                               /* EINVAL-like: empty */
  put (counters, "rdma_sends", "1\n");                              /* the hw counter wins */
  put (hw, "rdma_sends", "7\n");
  put (hw, "lifespan", "10\n");                                     /* a setting */
  put (hw, "mode", "auto\n");                                       /* not a number */
  put (hw, "sent_pkts", "12x\n");                                   /* not a number either */
  return root;
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    {
      g_remove (path);
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      remove_tree (child);
    }
  g_rmdir (path);
}

static void
test_sample_and_rates (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *port_dir = NULL;
  g_autofree char *root = make_tree (&port_dir);
  g_autofree char *hw = g_build_filename (port_dir, "hw_counters", NULL);
  g_autoptr(GVerbsPortCounters) counters = gverbs_port_counters_new_for_sysfs (root, "fake0", 1, &error);
  g_autoptr(GHashTable) table = NULL;
  g_autoptr(GVariant) dict = NULL;
  g_auto(GStrv) names = NULL;
  const char *expected[] = { "port_rcv_packets", "port_xmit_data", "rdma_sends", NULL };
  guint64 value = 0;
  double interval;

  g_assert_no_error (error);
  g_assert_cmpstr (gverbs_port_counters_get_device_name (counters), ==, "fake0");
  g_assert_cmpuint (gverbs_port_counters_get_port_num (counters), ==, 1);

  /* nothing read yet */
  names = gverbs_port_counters_get_names (counters);
  g_assert_cmpuint (g_strv_length (names), ==, 0);
  g_clear_pointer (&names, g_strfreev);
  g_assert_false (gverbs_port_counters_has (counters, "rdma_sends"));

  g_assert_true (gverbs_port_counters_sample (counters, &error));
  g_assert_no_error (error);
  names = gverbs_port_counters_get_names (counters);
  g_assert_cmpstrv (names, expected);
  g_assert_cmpuint (gverbs_port_counters_get (counters, "rdma_sends"), ==, 7);
  g_assert_cmpuint (gverbs_port_counters_get (counters, "port_rcv_packets"), ==, G_MAXUINT64);
  g_assert_cmpuint (gverbs_port_counters_get (counters, "lifespan"), ==, 0);
  g_assert_false (gverbs_port_counters_has (counters, "mode"));
  g_assert_cmpfloat (gverbs_port_counters_get_interval (counters), ==, 0);
  g_assert_cmpfloat (gverbs_port_counters_get_rate (counters, "rdma_sends"), ==, 0);

  /* 50 ms later, 100 sends more; port_rcv_packets wrapped to 5 */
  g_usleep (50000);
  put (hw, "rdma_sends", "107\n");
  {
    g_autofree char *c = g_build_filename (port_dir, "counters", NULL);

    put (c, "port_rcv_packets", "5\n");
  }
  g_assert_true (gverbs_port_counters_sample (counters, &error));
  interval = gverbs_port_counters_get_interval (counters);
  g_assert_cmpfloat (interval, >=, 0.05);
  g_assert_cmpfloat (interval, <, 10);
  g_assert_cmpfloat_with_epsilon (gverbs_port_counters_get_rate (counters, "rdma_sends"), 100 / interval, 1e-6);
  g_assert_cmpfloat_with_epsilon (gverbs_port_counters_get_rate (counters, "port_rcv_packets"), 5 / interval, 1e-6);
  g_assert_cmpfloat (gverbs_port_counters_get_rate (counters, "port_xmit_data"), ==, 0);

  table = gverbs_port_counters_read (counters, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_hash_table_size (table), ==, 3);
  g_assert_cmpuint (*(guint64 *) g_hash_table_lookup (table, "rdma_sends"), ==, 107);
  dict = g_variant_ref_sink (gverbs_port_counters_to_variant (counters));
  g_assert_true (g_variant_is_of_type (dict, G_VARIANT_TYPE ("a{st}")));
  g_assert_true (g_variant_lookup (dict, "port_xmit_data", "t", &value));
  g_assert_cmpuint (value, ==, 1000);

  /* the device goes away: a clean error, the last sample stays */
  remove_tree (root);
  g_assert_false (gverbs_port_counters_sample (counters, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_DEVICE);
  g_assert_cmpuint (gverbs_port_counters_get (counters, "rdma_sends"), ==, 107);
}

static void
test_bad_names (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *port_dir = NULL;
  g_autofree char *root = make_tree (&port_dir);
  GVerbsPortCounters *counters;

  counters = gverbs_port_counters_new_for_sysfs (root, "fake0", 2, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_DEVICE);
  g_assert_null (counters);
  g_clear_error (&error);
  counters = gverbs_port_counters_new_for_sysfs (root, "../../../class", 1, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_null (counters);
  g_clear_error (&error);
  counters = gverbs_port_counters_new_for_sysfs (root, "fake0", 0, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_null (counters);
  remove_tree (root);
}

/* Found by the API sweep: a port number past 255 warned from GObject
 * instead of failing, and an object made with g_object_new() alone hit a
 * critical in sample(). Both are GErrors now. */
static void
test_out_of_range_and_uninitialized (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPortCounters) bare = g_object_new (GVERBS_TYPE_PORT_COUNTERS, NULL);
  GVerbsPortCounters *counters;
  GHashTable *table;

  counters = gverbs_port_counters_new ("fake0", 300, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_null (counters);
  g_clear_error (&error);
  counters = gverbs_port_counters_new ("fake0", G_MAXUINT, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_null (counters);
  g_clear_error (&error);

  g_assert_false (gverbs_port_counters_sample (bare, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_INITIALIZED);
  g_clear_error (&error);
  table = gverbs_port_counters_read (bare, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_INITIALIZED);
  g_assert_null (table);
  g_assert_cmpuint (gverbs_port_counters_get (bare, "rdma_sends"), ==, 0);
}

static void
test_monitor_without_devices (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsDeviceMonitor) monitor = gverbs_device_monitor_new (NULL, &error);
  g_autoptr(GList) devices = gverbs_get_devices (NULL);

  g_assert_no_error (error);
  if (devices != NULL)
    {
      g_list_free_full (g_steal_pointer (&devices), g_object_unref);
      g_test_skip ("this host has RDMA devices");
      return;
    }
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (monitor)) == GVERBS_TYPE_DEVICE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (monitor)), ==, 0);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (monitor), 0));
  g_assert_null (gverbs_device_monitor_lookup (monitor, "rxe0"));
  g_assert_null (gverbs_device_monitor_get_ports (monitor, "rxe0"));
  g_assert_null (gverbs_device_monitor_get_port (monitor, "rxe0", 1));
  g_assert_true (gverbs_device_monitor_rescan (monitor, &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (monitor), &error));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (monitor), &error));
  g_assert_no_error (error);
  g_assert_false (gverbs_device_monitor_rescan (monitor, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/port-counters/sample-and-rates", test_sample_and_rates);
  g_test_add_func ("/port-counters/bad-names", test_bad_names);
  g_test_add_func ("/port-counters/out-of-range-and-uninitialized", test_out_of_range_and_uninitialized);
  g_test_add_func ("/device-monitor/without-devices", test_monitor_without_devices);
  return g_test_run ();
}
