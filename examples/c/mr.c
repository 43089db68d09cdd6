/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* pyverbs README "MR" in C: register a memory region of 1000 bytes, write
 * to it and read it back.
 *
 * Usage: gverbs-example-mr [DEVICE]   (default: $GVERBS_TEST_DEVICE)
 */
#include <stdio.h>
#include <stdlib.h>
#include <gverbs.h>

int
main (int argc, char **argv)
{
  const char *name = argc > 1 ? argv[1] : g_getenv ("GVERBS_TEST_DEVICE");
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsContext) ctx = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsMR) mr = NULL;
  g_autoptr(GBytes) back = NULL;
  const guint64 mr_len = 1000;

  if ((ctx = gverbs_context_new (name, &error)) == NULL ||
      (pd = gverbs_pd_new (ctx, &error)) == NULL ||
      (mr = gverbs_mr_new (pd, mr_len, GVERBS_ACCESS_LOCAL_WRITE, &error)) == NULL ||
      !gverbs_mr_write (mr, (const guint8 *) "Hello, RDMA", 11, mr_len - 11, &error) ||
      (back = gverbs_mr_read (mr, 11, mr_len - 11, &error)) == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return EXIT_FAILURE;
    }
  printf ("MR length %" G_GUINT64_FORMAT " lkey 0x%x rkey 0x%x\n",
          gverbs_mr_get_length (mr), gverbs_mr_get_lkey (mr), gverbs_mr_get_rkey (mr));
  printf ("read back: %.*s\n", (int) g_bytes_get_size (back),
          (const char *) g_bytes_get_data (back, NULL));
  return gverbs_resource_close (GVERBS_RESOURCE (ctx), &error) ? EXIT_SUCCESS : EXIT_FAILURE;
}
