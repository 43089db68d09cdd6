/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* pyverbs README "Memory window" in C: allocate a type 1 memory window.
 *
 * Usage: gverbs-example-mw [DEVICE]   (default: $GVERBS_TEST_DEVICE)
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
  g_autoptr(GVerbsMW) mw = NULL;

  if ((ctx = gverbs_context_new (name, &error)) == NULL ||
      (pd = gverbs_pd_new (ctx, &error)) == NULL ||
      (mw = gverbs_mw_new (pd, GVERBS_MW_TYPE_1, &error)) == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return EXIT_FAILURE;
    }
  printf ("MW type %d rkey 0x%x\n", gverbs_mw_get_mw_type (mw), gverbs_mw_get_rkey (mw));
  return gverbs_resource_close (GVERBS_RESOURCE (ctx), &error) ? EXIT_SUCCESS : EXIT_FAILURE;
}
