/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Device tests: GID, GID type, GID table, P_Key and extended device queries
 * compared with sysfs and ibv_devinfo; the GID selection policy; errors. */
#include <net/if.h>
#include <string.h>
#include "gverbs-test-util.h"

/* /sys/class/infiniband/DEV/ports/1/REL, stripped; NULL if unreadable
 * (the kernel refuses to read the attributes of an empty GID entry). */
static char *
sysfs_port (const char *rel)
{
  g_autofree char *path = g_strdup_printf ("/sys/class/infiniband/%s/ports/1/%s",
                                           gverbs_test_device_name (), rel);
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return g_strstrip (text);
}

static guint
port_gid_tbl_len (GVerbsContext *ctx)
{
  g_autoptr(GVerbsPortAttr) port = gverbs_context_query_port (ctx, 1, NULL);
  int len = 0;

  g_assert_nonnull (port);
  g_object_get (port, "gid-tbl-len", &len, NULL);
  g_assert_cmpint (len, >, 0);
  return (guint) len;
}

static GVerbsGidType
sysfs_gid_type (const char *text)
{
  if (g_str_equal (text, "RoCE v2"))
    return GVERBS_GID_TYPE_ROCE_V2;
  if (g_str_equal (text, "IB/RoCE v1"))
    return GVERBS_GID_TYPE_ROCE_V1;
  g_assert_not_reached ();
}

static void
test_gid_table_matches_sysfs (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  GList *table = NULL;
  g_autoptr(GError) error = NULL;
  guint len, valid = 0, listed = 0;

  if (ctx == NULL)
    return;
  len = port_gid_tbl_len (ctx);
  table = gverbs_context_query_gid_table (ctx, -1, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < len; i++)
    {
      g_autofree char *rel = g_strdup_printf ("gids/%u", i);
      g_autofree char *rel_type = g_strdup_printf ("gid_attrs/types/%u", i);
      g_autofree char *rel_ndev = g_strdup_printf ("gid_attrs/ndevs/%u", i);
      g_autofree char *expected = sysfs_port (rel);
      g_autofree char *type = sysfs_port (rel_type);
      g_autofree char *ndev = sysfs_port (rel_ndev);
      g_autoptr(GVerbsGid) gid = gverbs_context_query_gid (ctx, 1, i, &error);
      g_autoptr(GVerbsGidEntry) entry = NULL;
      g_autofree char *text = NULL;

      g_assert_no_error (error);
      text = gverbs_gid_to_string (gid);
      g_assert_cmpstr (text, ==, expected);

      entry = gverbs_context_query_gid_ex (ctx, 1, i, &error);
      if (type == NULL)
        {
          /* an empty entry: zero GID, and query_gid_ex says NOT_FOUND */
          g_assert_true (gverbs_gid_is_zero (gid));
          g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_FOUND);
          g_assert_nonnull (strstr (error->message, "is empty"));
          g_clear_error (&error);
          g_assert_cmpint (gverbs_context_query_gid_type (ctx, 1, i, &error), ==, -1);
          g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_FOUND);
          g_clear_error (&error);
          continue;
        }
      valid++;
      g_assert_no_error (error);
      g_assert_true (gverbs_gid_equal (&entry->gid, gid));
      g_assert_cmpuint (entry->gid_index, ==, i);
      g_assert_cmpuint (entry->port_num, ==, 1);
      g_assert_cmpint (entry->gid_type, ==, sysfs_gid_type (type));
      g_assert_cmpint (gverbs_context_query_gid_type (ctx, 1, i, &error), ==, sysfs_gid_type (type));
      g_assert_no_error (error);
      g_assert_cmpuint (entry->ndev_ifindex, ==, if_nametoindex (ndev));

      for (GList *l = table; l != NULL; l = l->next)
        {
          GVerbsGidEntry *t = l->data;

          if (t->port_num == 1 && t->gid_index == i)
            {
              g_assert_true (gverbs_gid_equal (&t->gid, gid));
              g_assert_cmpint (t->gid_type, ==, entry->gid_type);
              g_assert_cmpuint (t->ndev_ifindex, ==, entry->ndev_ifindex);
              listed++;
            }
        }
    }
  g_test_message ("%u valid GIDs of %u", valid, len);
  g_assert_cmpuint (valid, >=, 2);
  g_assert_cmpuint (listed, ==, valid);
  g_assert_cmpuint (g_list_length (table), ==, valid);
  g_list_free_full (table, (GDestroyNotify) gverbs_gid_entry_free);

  /* rdma-core refuses a buffer too small for the valid entries */
  {
    GList *none = gverbs_context_query_gid_table (ctx, 0, &error);
    GList *exact = NULL;

    g_assert_null (none);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "ibv_query_gid_table on "));
    g_clear_error (&error);
    none = gverbs_context_query_gid_table (ctx, -7, &error);
    g_assert_null (none);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
    exact = gverbs_context_query_gid_table (ctx, (int) valid, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (g_list_length (exact), ==, valid);
    g_list_free_full (exact, (GDestroyNotify) gverbs_gid_entry_free);
  }
}

static void
test_pkey_matches_sysfs (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsPortAttr) port = NULL;
  g_autoptr(GHashTable) devinfo = NULL;
  g_autoptr(GError) error = NULL;
  guint pkey_len = 0;

  if (ctx == NULL)
    return;
  port = gverbs_context_query_port (ctx, 1, &error);
  g_assert_no_error (error);
  g_object_get (port, "pkey-tbl-len", &pkey_len, NULL);
  devinfo = gverbs_test_devinfo (gverbs_test_device_name ());
  g_assert_cmpint (pkey_len, ==, gverbs_test_parse_number (g_hash_table_lookup (devinfo, "port1/pkey_tbl_len")));
  g_assert_cmpuint (pkey_len, >=, 1);

  for (guint i = 0; i < pkey_len; i++)
    {
      g_autofree char *rel = g_strdup_printf ("pkeys/%u", i);
      g_autofree char *expected = sysfs_port (rel);
      int pkey = gverbs_context_query_pkey (ctx, 1, i, &error);

      g_assert_no_error (error);
      g_assert_nonnull (expected);
      g_assert_cmpint (pkey, ==, g_ascii_strtoll (expected, NULL, 16));
      if (pkey != 0)
        {
          g_assert_cmpint (gverbs_context_get_pkey_index (ctx, 1, (guint) pkey, &error), ==, (int) i);
          g_assert_no_error (error);
        }
    }
  g_assert_cmpint (gverbs_context_query_pkey (ctx, 1, 0, NULL), ==, 0xffff);

  g_assert_cmpint (gverbs_context_query_pkey (ctx, 1, pkey_len, &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
  g_assert_nonnull (strstr (error->message, "P_Key index"));
  g_clear_error (&error);
  g_assert_cmpint (gverbs_context_get_pkey_index (ctx, 1, 0x1234, &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_cmpint (gverbs_context_get_pkey_index (ctx, 1, 0x12345, &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
}

static guint64
uint64_prop (gpointer object,
             const char *name)
{
  g_auto(GValue) value = G_VALUE_INIT;
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (object), name);

  g_assert_nonnull (pspec);
  g_value_init (&value, pspec->value_type);
  g_object_get_property (G_OBJECT (object), name, &value);
  if (G_VALUE_HOLDS_UINT64 (&value))
    return g_value_get_uint64 (&value);
  if (G_VALUE_HOLDS_UINT (&value))
    return g_value_get_uint (&value);
  if (G_VALUE_HOLDS_FLAGS (&value))
    return g_value_get_flags (&value);
  if (G_VALUE_HOLDS_INT (&value))
    return (guint64) g_value_get_int (&value);
  g_assert_not_reached ();
}

static void
test_query_device_ex (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsDeviceAttrEx) ex = NULL;
  g_autoptr(GVerbsDeviceAttr) plain = NULL;
  g_autoptr(GHashTable) devinfo = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree GParamSpec **pspecs = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GObject) rss = NULL;
  g_autoptr(GObject) tso = NULL;
  g_autoptr(GObject) pacing = NULL;
  g_autoptr(GObject) odp = NULL;
  g_autoptr(GObject) tm = NULL;
  g_autoptr(GObject) cq_mod = NULL;
  g_autoptr(GObject) pci = NULL;
  GVerbsDeviceAttr *orig;
  guint n = 0;
  static const struct { const char *key; GObject **group; const char *prop; } from_devinfo[] = {
    { "max_tso", NULL, "max-tso" },
    { "max_rwq_indirection_tables", NULL, "max-rwq-indirection-tables" },
    { "max_rwq_indirection_table_size", NULL, "max-rwq-indirection-table-size" },
    { "rx_hash_function", NULL, "rx-hash-function" },
    { "rx_hash_fields_mask", NULL, "rx-hash-fields-mask" },
    { "qp_rate_limit_min", NULL, "qp-rate-limit-min" },
    { "qp_rate_limit_max", NULL, "qp-rate-limit-max" },
  };

  if (ctx == NULL)
    return;
  ex = gverbs_context_query_device_ex (ctx, &error);
  g_assert_no_error (error);
  plain = gverbs_context_query_device (ctx, &error);
  g_assert_no_error (error);
  devinfo = gverbs_test_devinfo (gverbs_test_device_name ());

  /* orig_attr equals query_device(), property by property */
  orig = gverbs_device_attr_ex_get_orig_attr (ex);
  pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (orig), &n);
  g_assert_cmpuint (n, >=, 40);
  for (guint i = 0; i < n; i++)
    {
      g_auto(GValue) a = G_VALUE_INIT;
      g_auto(GValue) b = G_VALUE_INIT;
      g_autofree char *ta = NULL;
      g_autofree char *tb = NULL;

      g_value_init (&a, pspecs[i]->value_type);
      g_value_init (&b, pspecs[i]->value_type);
      g_object_get_property (G_OBJECT (orig), pspecs[i]->name, &a);
      g_object_get_property (G_OBJECT (plain), pspecs[i]->name, &b);
      ta = g_strdup_value_contents (&a);
      tb = g_strdup_value_contents (&b);
      g_assert_cmpstr (ta, ==, tb);
    }

  /* the extended fields ibv_devinfo -v prints */
  g_assert_cmpuint (uint64_prop (ex, "device-cap-flags-ex"), ==,
                    (guint64) g_ascii_strtoull (g_hash_table_lookup (devinfo, "device_cap_flags_ex"), NULL, 16));
  g_assert_cmpuint (uint64_prop (ex, "max-wq-type-rq"), ==,
                    gverbs_test_parse_number (g_hash_table_lookup (devinfo, "max_wq_type_rq")));
  g_assert_cmpuint (uint64_prop (ex, "phys-port-cnt-ex"), ==,
                    gverbs_test_parse_number (g_hash_table_lookup (devinfo, "phys_port_cnt")));
  g_object_get (ex, "rss-caps", &rss, "tso-caps", &tso, "packet-pacing-caps", &pacing,
                "odp-caps", &odp, "tm-caps", &tm, "cq-mod-caps", &cq_mod, "pci-atomic-caps", &pci, NULL);
  g_assert_true (GVERBS_IS_RSS_CAPS (rss));
  g_assert_true (GVERBS_IS_TSO_CAPS (tso));
  g_assert_true (GVERBS_IS_PACKET_PACING_CAPS (pacing));
  g_assert_true (GVERBS_IS_ODP_CAPS (odp));
  g_assert_true (GVERBS_IS_TM_CAPS (tm));
  g_assert_true (GVERBS_IS_CQ_MODERATION_CAPS (cq_mod));
  g_assert_true (GVERBS_IS_PCI_ATOMIC_CAPS (pci));
  for (guint i = 0; i < G_N_ELEMENTS (from_devinfo); i++)
    {
      const char *expected = g_hash_table_lookup (devinfo, from_devinfo[i].key);
      GObject *group = i == 0 ? tso : i < 5 ? rss : pacing;

      g_assert_nonnull (expected);
      g_assert_cmpuint (uint64_prop (group, from_devinfo[i].prop), ==, gverbs_test_parse_number (expected));
    }
  /* "NO SUPPORT" / "not supported" lines of ibv_devinfo on rxe */
  g_assert_cmpuint (uint64_prop (odp, "general-caps"), ==, 0);
  g_assert_cmpuint (uint64_prop (odp, "rc-odp-caps"), ==, 0);
  g_assert_cmpuint (uint64_prop (odp, "uc-odp-caps"), ==, 0);
  g_assert_cmpuint (uint64_prop (odp, "ud-odp-caps"), ==, 0);
  g_assert_cmpuint (uint64_prop (odp, "xrc-odp-caps"), ==, uint64_prop (ex, "xrc-odp-caps"));
  g_assert_cmpuint (uint64_prop (ex, "completion-timestamp-mask"), ==, 0);
  g_assert_cmpuint (uint64_prop (ex, "hca-core-clock"), ==, 0);
  g_assert_cmpuint (uint64_prop (tm, "max-num-tags"), ==, 0);
  g_assert_cmpuint (uint64_prop (ex, "max-dm-size"), ==, 0);

  text = gverbs_device_attr_ex_to_string (ex);
  g_assert_true (g_str_has_prefix (text, "FW version            : "));
  g_assert_nonnull (strstr (text, "\nPhys port count       : 1"));
  g_assert_nonnull (strstr (text, "\nPhys port count ex    : 1"));
  g_assert_nonnull (strstr (text, "\nMax DM size           : 0x0"));
  {
    g_autofree char *flags = g_strdup_printf ("\nDevice cap flags ex   : 0x%" G_GINT64_MODIFIER "x",
                                              uint64_prop (ex, "device-cap-flags-ex"));
    g_assert_nonnull (strstr (text, flags));
  }
}

static guint
sysfs_index_of (const char *gid_text,
                guint       len)
{
  for (guint i = 0; i < len; i++)
    {
      g_autofree char *rel = g_strdup_printf ("gids/%u", i);
      g_autofree char *text = sysfs_port (rel);

      if (g_strcmp0 (text, gid_text) == 0)
        return i;
    }
  return G_MAXUINT;
}

static void
test_find_gid (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  const char *addr = g_getenv ("GVERBS_VM_ADDR");
  const char *netdev = g_getenv ("GVERBS_TEST_NETDEV");
  g_autoptr(GVerbsGid) mapped = NULL;
  g_autofree char *mapped_text = NULL;
  guint len, expected;
  int index;

  if (ctx == NULL)
    return;
  if (addr == NULL || netdev == NULL)
    {
      g_test_skip ("GVERBS_VM_ADDR / GVERBS_TEST_NETDEV are not set (they are in the VM)");
      return;
    }
  len = port_gid_tbl_len (ctx);
  mapped = gverbs_gid_new_from_string (addr, &error);
  g_assert_no_error (error);
  mapped_text = gverbs_gid_to_string (mapped);
  expected = sysfs_index_of (mapped_text, len);
  g_assert_cmpuint (expected, <, len);

  index = gverbs_context_find_gid (ctx, 1, GVERBS_GID_TYPE_ROCE_V2, G_SOCKET_FAMILY_IPV4, &error);
  g_assert_no_error (error);
  g_assert_cmpint (index, ==, (int) expected);

  index = gverbs_context_find_default_gid (ctx, 1, &error);
  g_assert_cmpint (index, ==, (int) expected);
  index = gverbs_context_find_gid (ctx, 1, GVERBS_GID_TYPE_ROCE_V2, G_SOCKET_FAMILY_INVALID, &error);
  g_assert_cmpint (index, ==, (int) expected);
  index = gverbs_context_find_gid_by_address (ctx, 1, addr, &error);
  g_assert_no_error (error);
  g_assert_cmpint (index, ==, (int) expected);
  index = gverbs_context_find_gid_by_address (ctx, 1, mapped_text, &error);
  g_assert_cmpint (index, ==, (int) expected);
  index = gverbs_context_find_gid_by_netdev (ctx, 1, netdev, GVERBS_GID_TYPE_ROCE_V2,
                                             G_SOCKET_FAMILY_IPV4, &error);
  g_assert_no_error (error);
  g_assert_cmpint (index, ==, (int) expected);

  /* IPv6: the lowest-indexed global GID, which the VM's fd00:6776:: address gives */
  index = gverbs_context_find_gid (ctx, 1, GVERBS_GID_TYPE_ROCE_V2, G_SOCKET_FAMILY_IPV6, &error);
  g_assert_no_error (error);
  {
    g_autoptr(GVerbsGid) gid = gverbs_context_query_gid (ctx, 1, (guint) index, &error);

    g_assert_no_error (error);
    g_assert_false (gverbs_gid_is_ipv4_mapped (gid));
    g_assert_false (gverbs_gid_is_link_local (gid));
    for (guint i = 0; i < (guint) index; i++)
      {
        g_autoptr(GVerbsGid) before = gverbs_context_query_gid (ctx, 1, i, NULL);

        g_assert_true (gverbs_gid_is_zero (before) || gverbs_gid_is_ipv4_mapped (before) ||
                       gverbs_gid_is_link_local (before));
      }
  }
  {
    g_autofree char *v6 = g_strdup_printf ("fd00:6776::%s", strrchr (addr, '.') + 1);
    int by_addr = gverbs_context_find_gid_by_address (ctx, 1, v6, &error);

    g_assert_no_error (error);
    g_assert_cmpint (by_addr, ==, index);
  }

  /* what is not there */
  g_assert_cmpint (gverbs_context_find_gid (ctx, 1, GVERBS_GID_TYPE_ROCE_V1, G_SOCKET_FAMILY_IPV4, &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "RoCE v1"));
  g_assert_nonnull (strstr (error->message, addr));   /* the GID list names the address */
  g_clear_error (&error);
  g_assert_cmpint (gverbs_context_find_gid_by_address (ctx, 1, "10.99.99.99", &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "10.99.99.99"));
  g_clear_error (&error);
  g_assert_cmpint (gverbs_context_find_gid_by_address (ctx, 1, "not-an-address", &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_cmpint (gverbs_context_find_gid_by_netdev (ctx, 1, "gverbsnodev0", GVERBS_GID_TYPE_ROCE_V2,
                                                       G_SOCKET_FAMILY_IPV4, &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "gverbsnodev0"));
  g_clear_error (&error);
  g_assert_cmpint (gverbs_context_find_gid_by_netdev (ctx, 1, "lo", GVERBS_GID_TYPE_ROCE_V2,
                                                       G_SOCKET_FAMILY_IPV4, &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_cmpint (gverbs_context_find_gid (ctx, 1, GVERBS_GID_TYPE_ROCE_V2, G_SOCKET_FAMILY_UNIX, &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_cmpint (gverbs_context_find_gid (ctx, 2, GVERBS_GID_TYPE_ROCE_V2, G_SOCKET_FAMILY_IPV4, &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
}

static void
test_bad_port_and_index (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsGid) gid = NULL;
  g_autoptr(GVerbsPortAttr) port = NULL;
  guint len;

  if (ctx == NULL)
    return;
  len = port_gid_tbl_len (ctx);
  for (guint bad = 0; bad <= 300; bad += 2)  /* 0, 2, … and past 255 */
    {
      gid = gverbs_context_query_gid (ctx, bad, 0, &error);
      g_assert_null (gid);
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, "ibv_query_gid on "));
      g_assert_nonnull (strstr (error->message, "the device has 1 port,"));
      g_clear_error (&error);
    }
  port = gverbs_context_query_port (ctx, 2, &error);
  g_assert_null (port);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "port 2 does not exist"));
  g_clear_error (&error);
  g_assert_cmpint (gverbs_context_query_pkey (ctx, 0, 0, &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  {
    g_autofree char *limit = g_strdup_printf ("port 1 has %u GID entries", len);
    guint bad_indexes[] = { len, len + 1, G_MAXINT, G_MAXUINT };

    for (guint i = 0; i < G_N_ELEMENTS (bad_indexes); i++)
      {
        g_autoptr(GVerbsGidEntry) entry = NULL;

        gid = gverbs_context_query_gid (ctx, 1, bad_indexes[i], &error);
        g_assert_null (gid);
        g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
        g_assert_nonnull (strstr (error->message, limit));
        g_clear_error (&error);
        entry = gverbs_context_query_gid_ex (ctx, 1, bad_indexes[i], &error);
        g_assert_null (entry);
        g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
        g_clear_error (&error);
        g_assert_cmpint (gverbs_context_query_gid_type (ctx, 1, bad_indexes[i], &error), ==, -1);
        g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
        g_clear_error (&error);
      }
  }
}

static void
test_closed (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;

  if (ctx == NULL)
    return;
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ctx), NULL));
  g_assert_null (gverbs_context_query_gid (ctx, 1, 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_null (gverbs_context_query_gid_ex (ctx, 1, 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_cmpint (gverbs_context_query_gid_type (ctx, 1, 0, &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_null (gverbs_context_query_gid_table (ctx, -1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_cmpint (gverbs_context_query_pkey (ctx, 1, 0, &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_cmpint (gverbs_context_get_pkey_index (ctx, 1, 0xffff, &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_null (gverbs_context_query_device_ex (ctx, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_null (gverbs_context_query_port (ctx, 1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_cmpint (gverbs_context_find_gid (ctx, 1, GVERBS_GID_TYPE_ROCE_V2, G_SOCKET_FAMILY_IPV4, &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_cmpint (gverbs_context_find_default_gid (ctx, 1, &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_cmpint (gverbs_context_find_gid_by_address (ctx, 1, "10.0.0.1", &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_cmpint (gverbs_context_find_gid_by_netdev (ctx, 1, "lo", GVERBS_GID_TYPE_ROCE_V2,
                                                      G_SOCKET_FAMILY_IPV4, &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_null (gverbs_context_get_async_event (ctx, 0, NULL, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/context/gid-table-matches-sysfs", test_gid_table_matches_sysfs);
  g_test_add_func ("/context/pkey-matches-sysfs", test_pkey_matches_sysfs);
  g_test_add_func ("/context/query-device-ex", test_query_device_ex);
  g_test_add_func ("/context/find-gid", test_find_gid);
  g_test_add_func ("/context/bad-port-and-index", test_bad_port_and_index);
  g_test_add_func ("/context/gid-calls-after-close", test_closed);
  return g_test_run ();
}
