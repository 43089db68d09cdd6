/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Host tests: GVerbsGid parsing, printing, comparing; GVerbsGidEntry. */
#include <string.h>
#include <gverbs.h>

static void
test_parse_print (void)
{
  static const struct {
    const char *in;
    const char *gid;
    const char *ipv6;
    const char *ipv4;
  } cases[] = {
    { "fe80:0000:0000:0000:5054:00ff:fe77:0001", "fe80:0000:0000:0000:5054:00ff:fe77:0001", "fe80::5054:ff:fe77:1", NULL },
    { "fe80::5054:ff:fe77:1", "fe80:0000:0000:0000:5054:00ff:fe77:0001", "fe80::5054:ff:fe77:1", NULL },
    { "FE80::5054:FF:FE77:1", "fe80:0000:0000:0000:5054:00ff:fe77:0001", "fe80::5054:ff:fe77:1", NULL },
    { "::ffff:10.0.0.1", "0000:0000:0000:0000:0000:ffff:0a00:0001", "::ffff:10.0.0.1", "10.0.0.1" },
    { "0000:0000:0000:0000:0000:ffff:0a4d:0001", "0000:0000:0000:0000:0000:ffff:0a4d:0001", "::ffff:10.77.0.1", "10.77.0.1" },
    { "10.77.0.1", "0000:0000:0000:0000:0000:ffff:0a4d:0001", "::ffff:10.77.0.1", "10.77.0.1" },
    { "fd00:6776::1", "fd00:6776:0000:0000:0000:0000:0000:0001", "fd00:6776::1", NULL },
    { "::", "0000:0000:0000:0000:0000:0000:0000:0000", "::", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GVerbsGid) gid = gverbs_gid_new_from_string (cases[i].in, &error);
      g_autoptr(GVerbsGid) again = NULL;
      g_autofree char *text = NULL;
      g_autofree char *ipv6 = NULL;
      g_autofree char *ipv4 = NULL;

      g_assert_no_error (error);
      text = gverbs_gid_to_string (gid);
      ipv6 = gverbs_gid_to_ipv6_string (gid);
      ipv4 = gverbs_gid_to_ipv4_string (gid);
      g_assert_cmpstr (text, ==, cases[i].gid);
      g_assert_cmpstr (ipv6, ==, cases[i].ipv6);
      g_assert_cmpstr (ipv4, ==, cases[i].ipv4);
      g_assert_cmpint (gverbs_gid_is_ipv4_mapped (gid), ==, cases[i].ipv4 != NULL);

      /* round trips through both text forms */
      again = gverbs_gid_new_from_string (text, &error);
      g_assert_no_error (error);
      g_assert_true (gverbs_gid_equal (gid, again));
      g_clear_pointer (&again, gverbs_gid_free);
      again = gverbs_gid_new_from_string (ipv6, &error);
      g_assert_no_error (error);
      g_assert_true (gverbs_gid_equal (gid, again));
      g_assert_cmpuint (gverbs_gid_hash (gid), ==, gverbs_gid_hash (again));
    }
}

static void
test_bad_input (void)
{
  static const char *bad[] = {
    "", "fe80", "fe80:0000:0000:0000:5054:00ff:fe77", "fe80:0000:0000:0000:5054:00ff:fe77:0001:0002",
    "fe80::5054::1", "gggg::1", "fe80::1%eth0", " fe80::1", "fe80::1 ", "10.0.0.256", "10.0.0",
    "fe80:00000:0000:0000:5054:00ff:fe77:0001", "hello", "::ffff:10.0.0.1/24",
  };
  GVerbsGid gid;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GVerbsGid) none = gverbs_gid_new_from_string (bad[i], &error);

      g_assert_null (none);
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, "is not a GID"));
    }

  /* a failed parse leaves the GID unchanged */
  memset (&gid, 0x5a, sizeof gid);
  g_assert_false (gverbs_gid_parse (&gid, "nope", NULL));
  for (guint i = 0; i < sizeof gid.raw; i++)
    g_assert_cmpuint (gid.raw[i], ==, 0x5a);

  {
    g_autoptr(GError) error = NULL;
    const guint8 short_data[4] = { 1, 2, 3, 4 };

    g_assert_null (gverbs_gid_new_from_bytes (short_data, sizeof short_data, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "16 bytes"));
  }
}

static void
test_bytes_and_predicates (void)
{
  const guint8 raw[16] = { 0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0x50, 0x54, 0x00, 0xff, 0xfe, 0x77, 0x00, 0x01 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsGid) gid = gverbs_gid_new_from_bytes (raw, sizeof raw, &error);
  g_autoptr(GVerbsGid) zero = gverbs_gid_new ();
  g_autoptr(GVerbsGid) copy = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GInetAddress) addr = NULL;
  g_autoptr(GInetAddress) v4 = g_inet_address_new_from_string ("192.168.7.9");
  g_autoptr(GVerbsGid) mapped = gverbs_gid_new_from_inet_address (v4);
  g_autoptr(GInetAddress) back = gverbs_gid_to_inet_address (mapped);
  g_autofree char *mapped_text = gverbs_gid_to_string (mapped);
  g_autofree char *back_text = g_inet_address_to_string (back);
  g_autofree char *addr_text = NULL;
  gsize len = 0;

  g_assert_no_error (error);
  bytes = gverbs_gid_dup_bytes (gid);
  g_assert_cmpmem (g_bytes_get_data (bytes, &len), len, raw, sizeof raw);
  g_assert_cmpuint (gverbs_gid_get_subnet_prefix (gid), ==, G_GUINT64_CONSTANT (0xfe80000000000000));
  g_assert_cmpuint (gverbs_gid_get_interface_id (gid), ==, G_GUINT64_CONSTANT (0x505400fffe770001));
  g_assert_true (gverbs_gid_is_link_local (gid));
  g_assert_false (gverbs_gid_is_zero (gid));
  g_assert_false (gverbs_gid_is_ipv4_mapped (gid));
  g_assert_true (gverbs_gid_is_zero (zero));
  g_assert_false (gverbs_gid_is_link_local (zero));
  g_assert_false (gverbs_gid_equal (gid, zero));
  copy = gverbs_gid_copy (gid);
  g_assert_true (gverbs_gid_equal (gid, copy));

  addr = gverbs_gid_to_inet_address (gid);
  addr_text = g_inet_address_to_string (addr);
  g_assert_cmpstr (addr_text, ==, "fe80::5054:ff:fe77:1");
  g_assert_cmpstr (mapped_text, ==, "0000:0000:0000:0000:0000:ffff:c0a8:0709");
  g_assert_cmpstr (back_text, ==, "192.168.7.9");
  g_assert_cmpint (g_inet_address_get_family (back), ==, G_SOCKET_FAMILY_IPV4);

  /* boxed copy through GValue */
  {
    g_auto(GValue) value = G_VALUE_INIT;

    g_value_init (&value, GVERBS_TYPE_GID);
    g_value_set_boxed (&value, gid);
    g_assert_true (gverbs_gid_equal (g_value_get_boxed (&value), gid));
    g_assert_true (g_value_get_boxed (&value) != (gpointer) gid);
  }

  /* hash table keyed by GID */
  {
    g_autoptr(GHashTable) set = g_hash_table_new ((GHashFunc) gverbs_gid_hash, (GEqualFunc) gverbs_gid_equal);
    g_autoptr(GVerbsGid) same = gverbs_gid_new_from_string ("fe80::5054:ff:fe77:1", NULL);

    g_hash_table_add (set, gid);
    g_hash_table_add (set, zero);
    g_assert_true (g_hash_table_contains (set, same));
    g_assert_cmpuint (g_hash_table_size (set), ==, 2);
  }
}

static void
test_gid_entry_print (void)
{
  GVerbsGidEntry entry = { 0 };
  g_autofree char *text = NULL;
  g_autoptr(GVerbsGidEntry) copy = NULL;
  g_autoptr(GVerbsGid) gid = NULL;

  g_assert_true (gverbs_gid_parse (&entry.gid, "::ffff:10.77.0.1", NULL));
  entry.gid_index = 1;
  entry.port_num = 1;
  entry.gid_type = GVERBS_GID_TYPE_ROCE_V2;
  entry.ndev_ifindex = 2;
  text = gverbs_gid_entry_to_string (&entry);
  g_assert_cmpstr (text, ==,
                   "GID                     : 0000:0000:0000:0000:0000:ffff:0a4d:0001\n"
                   "GID Index               : 1                   \n"
                   "Port number             : 1                   \n"
                   "GID type                : RoCEv2              \n"
                   "Ndev ifindex            : 2                   \n");
  copy = gverbs_gid_entry_copy (&entry);
  g_assert_cmpuint (copy->gid_index, ==, 1);
  gid = gverbs_gid_entry_dup_gid (copy);
  g_assert_true (gverbs_gid_equal (gid, &entry.gid));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/gid/parse-print", test_parse_print);
  g_test_add_func ("/gid/bad-input", test_bad_input);
  g_test_add_func ("/gid/bytes-and-predicates", test_bytes_and_predicates);
  g_test_add_func ("/gid/entry-print", test_gid_entry_print);
  return g_test_run ();
}
