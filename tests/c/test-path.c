/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* GVerbsPath without a device: the variant wire form and reverse(). */
#include <gverbs.h>
#include <string.h>

static GVerbsPath *
sample_path (void)
{
  GVerbsPath *path = gverbs_path_new ();
  g_autoptr(GVerbsGid) sgid = gverbs_gid_new_from_string ("fe80::1", NULL);
  g_autoptr(GVerbsGid) dgid = gverbs_gid_new_from_string ("::ffff:10.0.2.15", NULL);

  g_object_set (path, "port-num", 2u, "pkey-index", 3u, "pkey", 0x8001u, "qkey", 0x11111111u,
                "mtu", GVERBS_MTU_BYTES_2048, "retry-cnt", 5u, "rnr-retry", 6u, "min-rnr-timer", 9u,
                "timeout", 17u, "sqpn", 0x123456u, "dqpn", 0xabcdefu, "sqpsn", 0xfffffeu,
                "dqpsn", 0x42u, "sgid-index", 1u, "slid", 7u, "dlid", 8u, "sl", 3u,
                "rate", (guint) GVERBS_RATE_GBPS_10, "hop-limit", 9u, "traffic-class", 10u,
                "flow-label", 0xfffffu, "max-rd-atomic", 4u, "max-dest-rd-atomic", 2u,
                "sgid", sgid, "dgid", dgid, NULL);
  return path;
}

static void
assert_paths_equal (GVerbsPath *a,
                    GVerbsPath *b)
{
  guint n;
  g_autofree GParamSpec **specs = g_object_class_list_properties (G_OBJECT_GET_CLASS (a), &n);

  for (guint i = 0; i < n; i++)
    {
      g_auto(GValue) va = G_VALUE_INIT;
      g_auto(GValue) vb = G_VALUE_INIT;

      g_object_get_property (G_OBJECT (a), specs[i]->name, &va);
      g_object_get_property (G_OBJECT (b), specs[i]->name, &vb);
      if (G_VALUE_HOLDS (&va, GVERBS_TYPE_GID))
        g_assert_true (gverbs_gid_equal (g_value_get_boxed (&va), g_value_get_boxed (&vb)));
      else
        g_assert_cmpint (g_param_values_cmp (specs[i], &va, &vb), ==, 0);
    }
}

static void
test_round_trip (void)
{
  g_autoptr(GVerbsPath) path = sample_path ();
  g_autoptr(GVerbsPath) back = NULL;
  g_autoptr(GVariant) v = gverbs_path_to_variant (path);
  g_autoptr(GVariant) wire = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  guint qkey = 0, flow = 0;
  GVerbsMTU mtu = 0;

  g_assert_cmpstr (g_variant_get_type_string (v), ==, "a{sv}");
  /* Through bytes, as over a socket. */
  bytes = g_variant_get_data_as_bytes (v);
  wire = g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, bytes, FALSE);
  back = gverbs_path_new_from_variant (wire, &error);
  g_assert_no_error (error);
  assert_paths_equal (path, back);
  g_object_get (back, "qkey", &qkey, "flow-label", &flow, "mtu", &mtu, NULL);
  g_assert_cmpuint (qkey, ==, 0x11111111u);
  g_assert_cmpuint (flow, ==, 0xfffffu);
  g_assert_cmpint (mtu, ==, GVERBS_MTU_BYTES_2048);
  g_assert_true (gverbs_path_get_has_grh (back));
}

static void
test_bytes_round_trip (void)
{
  g_autoptr(GVerbsPath) path = sample_path ();
  g_autoptr(GVerbsPath) back = NULL;
  g_autoptr(GVariant) v = gverbs_path_to_variant (path);
  g_autoptr(GBytes) bytes = gverbs_path_to_bytes (path);
  g_autoptr(GBytes) big = g_bytes_new_take (g_malloc0 (GVERBS_PATH_WIRE_MAX_SIZE + 1),
                                            GVERBS_PATH_WIRE_MAX_SIZE + 1);
  g_autoptr(GBytes) garbage = g_bytes_new_static ("LID:QPN:PSN:GID garbage", 23);
  g_autoptr(GError) error = NULL;

  /* the bytes are the variant's serialisation, and read back to the same path */
  g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                   g_variant_get_data (v), g_variant_get_size (v));
  back = gverbs_path_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  assert_paths_equal (path, back);
  g_clear_object (&back);

  back = gverbs_path_new_from_bytes (big, &error);
  g_assert_null (back);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "more than the 4096"));
  g_clear_error (&error);
  back = gverbs_path_new_from_bytes (garbage, &error);
  g_assert_null (back);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
}

static void
test_reverse (void)
{
  g_autoptr(GVerbsPath) path = sample_path ();
  g_autoptr(GVerbsPath) orig = gverbs_path_copy (path);
  GVerbsGid s1, d1, s2, d2;
  guint sqpn, dqpn, sqpsn, dqpsn, slid, dlid, rd, drd, port;

  g_assert_true (gverbs_path_reverse (path) == path);
  g_object_get (path, "sqpn", &sqpn, "dqpn", &dqpn, "sqpsn", &sqpsn, "dqpsn", &dqpsn, "slid", &slid,
                "dlid", &dlid, "max-rd-atomic", &rd, "max-dest-rd-atomic", &drd, "port-num", &port, NULL);
  g_assert_cmpuint (sqpn, ==, 0xabcdefu);
  g_assert_cmpuint (dqpn, ==, 0x123456u);
  g_assert_cmpuint (sqpsn, ==, 0x42u);
  g_assert_cmpuint (dqpsn, ==, 0xfffffeu);
  g_assert_cmpuint (slid, ==, 8u);
  g_assert_cmpuint (dlid, ==, 7u);
  g_assert_cmpuint (rd, ==, 2u);
  g_assert_cmpuint (drd, ==, 4u);
  g_assert_cmpuint (port, ==, 2u);
  gverbs_path_get_sgid (path, &s1);
  gverbs_path_get_dgid (path, &d1);
  gverbs_path_get_sgid (orig, &s2);
  gverbs_path_get_dgid (orig, &d2);
  g_assert_true (gverbs_gid_equal (&s1, &d2));
  g_assert_true (gverbs_gid_equal (&d1, &s2));
  gverbs_path_reverse (path);
  assert_paths_equal (path, orig);
}

/* Replaces (or with NULL removes) one entry of a valid path variant. */
static GVariant *
edited (const char *key,
        GVariant   *value)
{
  g_autoptr(GVerbsPath) path = sample_path ();
  g_autoptr(GVariant) v = gverbs_path_to_variant (path);
  GVariantBuilder b;
  GVariantIter iter;
  const char *k;
  GVariant *val;

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_iter_init (&iter, v);
  while (g_variant_iter_loop (&iter, "{&sv}", &k, &val))
    if (strcmp (k, key) != 0)
      g_variant_builder_add (&b, "{sv}", k, val);
  if (value != NULL)
    g_variant_builder_add (&b, "{sv}", key, value);
  return g_variant_ref_sink (g_variant_builder_end (&b));
}

static void
assert_rejected (GVariant   *v,
                 const char *needle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPath) path = gverbs_path_new_from_variant (v, &error);

  g_assert_null (path);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, needle));
  g_variant_unref (v);
}

static void
test_malformed (void)
{
  static const guint8 short_gid[15] = { 0 };

  assert_rejected (g_variant_ref_sink (g_variant_new_string ("LID:QPN:PSN:GID")), "a{sv}");
  assert_rejected (g_variant_ref_sink (g_variant_new ("(uu)", 1u, 2u)), "a{sv}");
  assert_rejected (edited ("mtu", g_variant_new_uint32 (6)), "“mtu”");
  assert_rejected (edited ("mtu", g_variant_new_uint32 (0)), "“mtu”");
  assert_rejected (edited ("dqpn", g_variant_new_uint32 (0x1000000)), "“dqpn”");
  assert_rejected (edited ("sqpn", g_variant_new_uint32 (G_MAXUINT32)), "“sqpn”");
  assert_rejected (edited ("dqpsn", g_variant_new_uint32 (0x1000000)), "“dqpsn”");
  assert_rejected (edited ("port-num", g_variant_new_uint32 (0)), "“port-num”");
  assert_rejected (edited ("sl", g_variant_new_uint32 (16)), "“sl”");
  assert_rejected (edited ("flow-label", g_variant_new_uint32 (0x100000)), "“flow-label”");
  assert_rejected (edited ("rate", g_variant_new_uint32 (1)), "“rate”");
  assert_rejected (edited ("retry-cnt", g_variant_new_uint32 (8)), "“retry-cnt”");
  assert_rejected (edited ("qkey", g_variant_new_string ("0x11111111")), "“qkey”");
  assert_rejected (edited ("qkey", g_variant_new_uint64 (1)), "“qkey”");
  assert_rejected (edited ("dgid", g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, short_gid, 15, 1)),
                   "15 bytes");
  assert_rejected (edited ("sgid", g_variant_new_string ("fe80::1")), "“sgid”");
  assert_rejected (edited ("dqpn", NULL), "no “dqpn”");
  assert_rejected (edited ("dgid", NULL), "no “dgid”");
  /* Unknown keys are ignored. */
  {
    g_autoptr(GVariant) v = edited ("future-field", g_variant_new_uint32 (1));
    g_autoptr(GError) error = NULL;
    g_autoptr(GVerbsPath) path = gverbs_path_new_from_variant (v, &error);

    g_assert_no_error (error);
    g_assert_nonnull (path);
  }
}

/* A hostile blob is refused from its size or entry count alone, before any
 * entry is read: it used to take seconds (quadratic lookups). */
static void
assert_blob_refused_fast (gsize       size,
                          const char *needle)
{
  g_autofree guint8 *zeros = g_malloc0 (size);
  g_autoptr(GBytes) bytes = g_bytes_new_take (g_steal_pointer (&zeros), size);
  g_autoptr(GVariant) v = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, bytes, FALSE));
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPath) path = NULL;
  gint64 start, elapsed;

  start = g_get_monotonic_time ();
  path = gverbs_path_new_from_variant (v, &error);
  elapsed = g_get_monotonic_time () - start;
  g_test_message ("%" G_GSIZE_FORMAT " bytes refused in %" G_GINT64_FORMAT " us: %s", size, elapsed,
                  error ? error->message : "(no error)");
  g_assert_null (path);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, needle));
  g_assert_cmpint (elapsed, <, 10000);
}

static void
test_hostile_blob (void)
{
  assert_blob_refused_fast (1024 * 1024, "more than the 4096");
  assert_blob_refused_fast (4 * 1024 * 1024, "more than the 4096");
  /* Within the size bound, 2048 empty entries: refused for their count. */
  assert_blob_refused_fast (GVERBS_PATH_WIRE_MAX_SIZE, "entries, more than the 64");
}

static void
test_duplicate_field (void)
{
  g_autoptr(GVerbsPath) path = sample_path ();
  g_autoptr(GVariant) v = gverbs_path_to_variant (path);
  g_autoptr(GVariant) twice = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GVariant) wire = NULL;
  GVariantBuilder b;
  GVariantIter iter;
  const char *k;
  GVariant *val;

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_iter_init (&iter, v);
  while (g_variant_iter_loop (&iter, "{&sv}", &k, &val))
    g_variant_builder_add (&b, "{sv}", k, val);
  g_variant_builder_add (&b, "{sv}", "dqpn", g_variant_new_uint32 (7));
  twice = g_variant_ref_sink (g_variant_builder_end (&b));
  /* The real wire form is well inside the bounds. */
  bytes = g_variant_get_data_as_bytes (v);
  g_assert_cmpuint (g_bytes_get_size (bytes), <, 600);
  g_assert_cmpuint (g_variant_n_children (v), <=, GVERBS_PATH_WIRE_MAX_ENTRIES);
  g_clear_pointer (&bytes, g_bytes_unref);
  bytes = g_variant_get_data_as_bytes (twice);
  wire = g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, bytes, FALSE);
  assert_rejected (g_variant_ref_sink (g_steal_pointer (&wire)), "“dqpn” more than once");
}

static void
test_defaults (void)
{
  g_autoptr(GVerbsPath) path = gverbs_path_new ();
  guint port, pkey, retry, rnr, timeout;
  GVerbsMTU mtu;
  g_autofree char *text = NULL;

  g_object_get (path, "port-num", &port, "pkey", &pkey, "retry-cnt", &retry, "rnr-retry", &rnr,
                "timeout", &timeout, "mtu", &mtu, NULL);
  g_assert_cmpuint (port, ==, 1);
  g_assert_cmpuint (pkey, ==, 0xffff);
  g_assert_cmpuint (retry, ==, 7);
  g_assert_cmpuint (rnr, ==, 7);
  g_assert_cmpuint (timeout, ==, 14);
  g_assert_cmpint (mtu, ==, GVERBS_MTU_BYTES_1024);
  g_assert_false (gverbs_path_get_has_grh (path));
  text = gverbs_path_to_string (path);
  g_assert_nonnull (strstr (text, "mtu 1024"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/path/defaults", test_defaults);
  g_test_add_func ("/path/variant-round-trip", test_round_trip);
  g_test_add_func ("/path/bytes-round-trip", test_bytes_round_trip);
  g_test_add_func ("/path/reverse", test_reverse);
  g_test_add_func ("/path/variant-malformed", test_malformed);
  g_test_add_func ("/path/variant-hostile-blob", test_hostile_blob);
  g_test_add_func ("/path/variant-duplicate-field", test_duplicate_field);
  return g_test_run ();
}
