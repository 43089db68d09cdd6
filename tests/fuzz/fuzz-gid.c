/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Fuzz target: GID text and bytes (from a peer or a script) through
 * gverbs_gid_parse(), gverbs_gid_new_from_bytes() and the formatters.
 * What parses must print and parse back to the same GID. */
#include "config.h"

#include "gverbs.h"
#include "fuzz-common.h"

static void
check_round_trip (const GVerbsGid *gid)
{
  g_autofree char *text = gverbs_gid_to_string (gid);
  g_autofree char *v6 = gverbs_gid_to_ipv6_string (gid);
  g_autofree char *v4 = gverbs_gid_to_ipv4_string (gid);
  g_autoptr(GInetAddress) inet = gverbs_gid_to_inet_address (gid);
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsGid) back = gverbs_gid_new_from_string (text, &error);
  g_autoptr(GVerbsGid) from_v6 = NULL;
  g_autoptr(GVerbsGid) from_inet = NULL;
  g_autoptr(GBytes) bytes = gverbs_gid_dup_bytes (gid);

  g_assert_no_error (error);
  g_assert_true (gverbs_gid_equal (gid, back));
  g_assert_cmpuint (g_bytes_get_size (bytes), ==, 16);
  from_v6 = gverbs_gid_new_from_string (v6, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_gid_equal (gid, from_v6));
  if (inet != NULL)
    {
      from_inet = gverbs_gid_new_from_inet_address (inet);
      g_assert_true (gverbs_gid_equal (gid, from_inet));
    }
  (void) v4;
  (void) gverbs_gid_hash (gid);
  (void) gverbs_gid_get_subnet_prefix (gid);
  (void) gverbs_gid_get_interface_id (gid);
  (void) gverbs_gid_is_link_local (gid);
  (void) gverbs_gid_is_ipv4_mapped (gid);
}

static void
fuzz_one (const guint8 *data,
          gsize         size)
{
  g_autofree char *text = g_strndup (size ? (const char *) data : "", MIN (size, 4096));
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsGid) gid = gverbs_gid_new_from_string (text, &error);
  g_autoptr(GVerbsGid) raw = NULL;
  GVerbsGid parsed = { { 0 } };

  if (gid != NULL)
    check_round_trip (gid);
  else
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  if (gverbs_gid_parse (&parsed, text, &error))
    check_round_trip (&parsed);
  g_clear_error (&error);
  raw = gverbs_gid_new_from_bytes (data, size, &error);
  if (size == 16)
    {
      g_assert_no_error (error);
      g_assert_cmpint (memcmp (raw->raw, data, 16), ==, 0);
      check_round_trip (raw);
    }
  else
    g_assert_null (raw);
}

static void
fuzz_seeds (GPtrArray *seeds)
{
  static const char *const texts[] = {
    "fe80::1", "::ffff:10.0.2.15", "fe80:0000:0000:0000:5054:00ff:fe12:3456",
    "0000:0000:0000:0000:0000:ffff:0a00:020f", "::", "10.0.2.15", "fe80::1%eth0",
    "gggg::1", "fe80:::1", "1:2:3:4:5:6:7:8:9", "",
  };
  static const guint8 raw[16] = { 0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0x50, 0x54, 0, 0xff, 0xfe, 0x12, 0x34, 0x56 };

  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    fuzz_add_seed (seeds, texts[i], strlen (texts[i]));
  fuzz_add_seed (seeds, raw, sizeof raw);
}
