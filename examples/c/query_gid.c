/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* The pyverbs README's "Query GID" example in C, then the GID libgverbs
 * chooses by its RoCE addressing policy.
 *
 * Usage: gverbs-example-query-gid [DEVICE [INDEX]]
 */
#include <stdlib.h>
#include <gverbs.h>

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsContext) ctx = gverbs_context_new (argc > 1 ? argv[1] : NULL, &error);
  g_autoptr(GVerbsGid) gid = NULL;
  g_autoptr(GVerbsGidEntry) entry = NULL;
  g_autofree char *text = NULL;
  g_autofree char *entry_text = NULL;
  guint index = argc > 2 ? (guint) strtoul (argv[2], NULL, 10) : 0;
  int best;

  if (ctx == NULL)
    goto fail;
  gid = gverbs_context_query_gid (ctx, 1, index, &error);
  if (gid == NULL)
    goto fail;
  text = gverbs_gid_to_string (gid);
  g_print ("%s\n", text);

  best = gverbs_context_find_default_gid (ctx, 1, &error);
  if (best < 0)
    goto fail;
  entry = gverbs_context_query_gid_ex (ctx, 1, (guint) best, &error);
  if (entry == NULL)
    goto fail;
  entry_text = gverbs_gid_entry_to_string (entry);
  g_print ("default GID index %d\n%s", best, entry_text);
  return 0;

fail:
  g_printerr ("query-gid: %s\n", error->message);
  return 1;
}
