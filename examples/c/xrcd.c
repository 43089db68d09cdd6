/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* pyverbs' XRCD example in C. On a device without XRC (Soft-RoCE) it prints
 * the clean error and exits with 1.
 *
 * Usage: gverbs-example-xrcd DEVICE
 */
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <gverbs.h>

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsContext) ctx = gverbs_context_new (argc > 1 ? argv[1] : NULL, &error);
  g_autoptr(GVerbsXRCDInitAttr) init = NULL;
  g_autoptr(GVerbsXRCD) xrcd = NULL;
  int xrcd_fd;

  if (ctx == NULL)
    goto fail;
  xrcd_fd = open ("/tmp/xrcd", O_RDONLY | O_CREAT, S_IRUSR | S_IRGRP);
  init = gverbs_xrcd_init_attr_new (GVERBS_XRCD_INIT_ATTR_FD | GVERBS_XRCD_INIT_ATTR_OFLAGS,
                                    O_CREAT, xrcd_fd);
  xrcd = gverbs_xrcd_new (ctx, init, &error);
  close (xrcd_fd);
  if (xrcd == NULL)
    goto fail;
  return 0;

fail:
  g_printerr ("xrcd: %s\n", error->message);
  return 1;
}
