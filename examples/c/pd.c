/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* pyverbs' "PD" example in C: open a device and allocate a protection
 * domain on it; closing the context closes the PD with it.
 *
 * Usage: gverbs-example-pd DEVICE
 */
#include <gverbs.h>

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsContext) ctx = gverbs_context_new (argc > 1 ? argv[1] : NULL, &error);
  g_autoptr(GVerbsPD) pd = NULL;

  if (ctx == NULL || (pd = gverbs_pd_new (ctx, &error)) == NULL)
    {
      g_printerr ("pd: %s\n", error->message);
      return 1;
    }
  g_print ("PD handle %u on %s\n", gverbs_pd_get_handle (pd), gverbs_context_get_name (ctx));
  gverbs_resource_close (GVERBS_RESOURCE (ctx), NULL);
  g_print ("closed with its context: %s\n", gverbs_resource_is_closed (GVERBS_RESOURCE (pd)) ? "yes" : "no");
  return 0;
}
