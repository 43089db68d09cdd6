/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Fuzz target: the path's wire form (an untrusted a{sv} from a side
 * channel) through gverbs_path_new_from_variant(). What it accepts must
 * round-trip, and its address vector must build. */
#include "config.h"

#include "gverbs.h"
#include "fuzz-common.h"

static void
fuzz_one (const guint8 *data,
          gsize         size)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(GVariant) v = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, bytes, FALSE));
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPath) path = gverbs_path_new_from_variant (v, &error);
  g_autoptr(GVariant) again = NULL;
  g_autoptr(GVerbsPath) back = NULL;
  g_autoptr(GVariant) twice = NULL;
  g_autoptr(GVerbsAHAttr) ah = NULL;
  g_autofree char *text = NULL;

  if (path == NULL)
    {
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
      return;
    }
  g_assert_cmpuint (size, <=, GVERBS_PATH_WIRE_MAX_SIZE);
  again = gverbs_path_to_variant (path);
  back = gverbs_path_new_from_variant (again, &error);
  g_assert_no_error (error);
  twice = gverbs_path_to_variant (back);
  g_assert_true (g_variant_equal (again, twice));
  text = gverbs_path_to_string (back);
  g_assert_nonnull (text);
  ah = gverbs_path_to_ah_attr (gverbs_path_reverse (back));
  g_assert_nonnull (ah);
}

static void
add_path (GPtrArray  *seeds,
          GVerbsPath *path)
{
  g_autoptr(GVariant) v = gverbs_path_to_variant (path);

  fuzz_add_seed (seeds, g_variant_get_data (v), g_variant_get_size (v));
}

static void
fuzz_seeds (GPtrArray *seeds)
{
  g_autoptr(GVerbsPath) plain = gverbs_path_new ();
  g_autoptr(GVerbsPath) full = gverbs_path_new ();
  g_autoptr(GVerbsGid) gid = gverbs_gid_new_from_string ("fe80::5054:ff:fe12:3456", NULL);
  g_autoptr(GVariant) empty = g_variant_ref_sink (g_variant_new ("a{sv}", NULL));
  GVariantBuilder b;
  g_autoptr(GVariant) extra = NULL;

  add_path (seeds, plain);
  g_object_set (full, "port-num", 1u, "pkey", 0x8001u, "qkey", 0x11111111u, "mtu", GVERBS_MTU_BYTES_4096,
                "retry-cnt", 5u, "rnr-retry", 6u, "timeout", 17u, "sqpn", 0x123456u,
                "dqpn", 0xabcdefu, "sqpsn", 0xfffffeu, "dqpsn", 0x42u, "sl", 3u,
                "flow-label", 0xfffffu, "sgid", gid, "dgid", gid, NULL);
  add_path (seeds, full);
  fuzz_add_seed (seeds, g_variant_get_data (empty), g_variant_get_size (empty));
  /* one unknown key and one field of a wrong type */
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "future", g_variant_new_string ("x"));
  g_variant_builder_add (&b, "{sv}", "sl", g_variant_new_uint64 (3));
  extra = g_variant_ref_sink (g_variant_builder_end (&b));
  fuzz_add_seed (seeds, g_variant_get_data (extra), g_variant_get_size (extra));
}
