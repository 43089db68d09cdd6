/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Built outside the source tree against an installed libgverbs (pkg-config
 * gverbs-1.0 only): opens a device, registers an MR, writes and reads it back.
 *
 * Usage: use-c DEVICE
 */
#include <gverbs.h>
#include <locale.h>
#include <string.h>

int
main (int argc, char **argv)
{
  static const char msg[] = "installed libgverbs";
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsContext) ctx = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsMR) mr = NULL;
  g_autoptr(GBytes) back = NULL;

  setlocale (LC_ALL, "");   /* a program that wants translated messages asks for them */
  if (argc != 2)
    return 2;
  if ((ctx = gverbs_context_new (argv[1], &error)) == NULL ||
      (pd = gverbs_pd_new (ctx, &error)) == NULL ||
      (mr = gverbs_mr_new (pd, 4096, GVERBS_ACCESS_LOCAL_WRITE, &error)) == NULL ||
      !gverbs_mr_write (mr, (const guint8 *) msg, sizeof msg, 100, &error) ||
      (back = gverbs_mr_read (mr, sizeof msg, 100, &error)) == NULL)
    {
      g_printerr ("use-c: %s\n", error->message);
      return 1;
    }
  if (g_bytes_get_size (back) != sizeof msg || memcmp (g_bytes_get_data (back, NULL), msg, sizeof msg) != 0)
    {
      g_printerr ("use-c: read back other bytes than written\n");
      return 1;
    }
  g_print ("use-c: libgverbs %d.%d.%d, %s, MR lkey 0x%x, read back \"%s\"\n",
           GVERBS_MAJOR_VERSION, GVERBS_MINOR_VERSION, GVERBS_MICRO_VERSION,
           gverbs_context_get_name (ctx), gverbs_mr_get_lkey (mr),
           (const char *) g_bytes_get_data (back, NULL));
  return 0;
}
