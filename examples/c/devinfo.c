/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Opens an RDMA device and prints its device and port attributes the way
 * pyverbs prints them.
 *
 * Usage: gverbs-example-devinfo [DEVICE]
 */
#include <gverbs.h>

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsContext) ctx = gverbs_context_new (argc > 1 ? argv[1] : NULL, &error);
  g_autoptr(GVerbsDeviceAttr) attr = NULL;
  g_autofree char *text = NULL;
  guint ports = 0;

  if (ctx == NULL)
    {
      g_printerr ("devinfo: %s\n", error->message);
      return 1;
    }
  attr = gverbs_context_query_device (ctx, &error);
  if (attr == NULL)
    {
      g_printerr ("devinfo: %s\n", error->message);
      return 1;
    }
  text = gverbs_device_attr_to_string (attr);
  g_print ("Device %s\n%s", gverbs_context_get_name (ctx), text);

  g_object_get (attr, "phys-port-cnt", &ports, NULL);
  for (guint port = 1; port <= ports; port++)
    {
      g_autoptr(GVerbsPortAttr) port_attr = gverbs_context_query_port (ctx, port, &error);
      g_autofree char *port_text = NULL;

      if (port_attr == NULL)
        {
          g_printerr ("devinfo: %s\n", error->message);
          return 1;
        }
      port_text = gverbs_port_attr_to_string (port_attr);
      g_print ("\nPort %u\n%s", port, port_text);
    }
  return 0;
}
