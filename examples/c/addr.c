/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* pyverbs' "Addressing related objects" example in C: a global address
 * handle to the port's GID 0, read from sysfs, with its attributes printed
 * the way pyverbs prints them.
 *
 * Usage: gverbs-example-addr DEVICE
 */
#include <gverbs.h>

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsContext) ctx = NULL;
  g_autoptr(GVerbsGlobalRoute) gr = gverbs_global_route_new ();
  g_autoptr(GVerbsAHAttr) ah_attr = gverbs_ah_attr_new ();
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsAH) ah = NULL;
  g_autofree char *path = NULL;
  g_autofree char *gid = NULL;
  g_autofree char *text = NULL;
  guint port_number = 1, gid_index = 0;

  if (argc < 2)
    {
      g_printerr ("usage: %s DEVICE\n", argv[0]);
      return 2;
    }
  ctx = gverbs_context_new (argv[1], &error);
  path = g_strdup_printf ("/sys/class/infiniband/%s/ports/%u/gids/%u", argv[1], port_number, gid_index);
  if (ctx == NULL || !g_file_get_contents (path, &gid, NULL, &error) ||
      !gverbs_global_route_set_dgid (gr, g_strstrip (gid), &error))
    goto fail;
  g_object_set (gr, "sgid-index", gid_index, NULL);
  g_object_set (ah_attr, "grh", gr, "is-global", TRUE, "port-num", port_number, NULL);
  text = gverbs_ah_attr_to_string (ah_attr);
  g_print ("%s\n", text);
  pd = gverbs_pd_new (ctx, &error);
  if (pd == NULL)
    goto fail;
  ah = gverbs_ah_new (pd, ah_attr, &error);
  if (ah == NULL)
    goto fail;
  return 0;

fail:
  g_printerr ("addr: %s\n", error->message);
  return 1;
}
