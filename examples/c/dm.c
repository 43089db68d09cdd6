/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* pyverbs' "Device memory" and "DM MR" examples in C: allocate device
 * memory, register part of it, write and read it back. On a device without
 * device memory (Soft-RoCE) it prints the clean error and exits with 1.
 *
 * Usage: gverbs-example-dm DEVICE [LENGTH]
 */
#include <string.h>
#include <gverbs.h>

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsContext) ctx = gverbs_context_new (argc > 1 ? argv[1] : NULL, &error);
  guint64 dm_len = argc > 2 ? g_ascii_strtoull (argv[2], NULL, 10) : 4096;
  g_autoptr(GVerbsAllocDmAttr) dm_attrs = gverbs_alloc_dm_attr_new (dm_len, 0, 0);
  g_autoptr(GVerbsDM) dm = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsDMMR) dm_mr = NULL;
  g_autoptr(GBytes) back = NULL;
  static const char data[] = "device memory";

  if (ctx == NULL || (dm = gverbs_dm_new (ctx, dm_attrs, &error)) == NULL ||
      (pd = gverbs_pd_new (ctx, &error)) == NULL ||
      (dm_mr = gverbs_dm_mr_new (pd, dm_len, GVERBS_ACCESS_ZERO_BASED, dm, 0, &error)) == NULL ||
      !gverbs_dm_copy_to_dm (dm, 0, (const guint8 *) data, sizeof data, &error) ||
      (back = gverbs_dm_copy_from_dm (dm, 0, sizeof data, &error)) == NULL)
    {
      g_printerr ("dm: %s\n", error->message);
      return 1;
    }
  g_print ("DM MR lkey 0x%x read back: %s\n", gverbs_dm_mr_get_lkey (dm_mr),
           (const char *) g_bytes_get_data (back, NULL));
  return 0;
}
