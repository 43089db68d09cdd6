/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* pyverbs' "Extended query device" example in C: query the extended device
 * attributes and read two of them, one from a capability group.
 *
 * Usage: gverbs-example-query-device-ex DEVICE
 */
#include <gverbs.h>

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsContext) ctx = gverbs_context_new (argc > 1 ? argv[1] : NULL, &error);
  g_autoptr(GVerbsDeviceAttrEx) attr = NULL;
  g_autoptr(GObject) rss_caps = NULL;
  guint64 max_dm_size = 0;
  guint table_size = 0;

  if (ctx == NULL || (attr = gverbs_context_query_device_ex (ctx, &error)) == NULL)
    {
      g_printerr ("query_device_ex: %s\n", error->message);
      return 1;
    }
  g_object_get (attr, "max-dm-size", &max_dm_size, "rss-caps", &rss_caps, NULL);
  g_object_get (rss_caps, "max-rwq-indirection-table-size", &table_size, NULL);
  g_print ("max_dm_size %" G_GUINT64_FORMAT "\n", max_dm_size);
  g_print ("max_rwq_indirection_table_size %u\n", table_size);
  return 0;
}
