/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* pyverbs' "Import device, PD and MR" example in C: import the device from a
 * dup of its command fd, then the PD and the MR by handle, register a second
 * MR on the imported PD, and unimport. A device that cannot import (Soft-RoCE)
 * stops at the first step with GVERBS_ERROR_NOT_SUPPORTED; it prints that
 * error and exits with 1.
 *
 * Usage: gverbs-example-import DEVICE
 */
#include <unistd.h>
#include <gverbs.h>

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsContext) ctx = gverbs_context_new (argc > 1 ? argv[1] : NULL, &error);
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsMR) mr = NULL;
  g_autoptr(GVerbsContext) imported_ctx = NULL;
  g_autoptr(GVerbsPD) imported_pd = NULL;
  g_autoptr(GVerbsMR) imported_mr = NULL;
  g_autoptr(GVerbsMR) secondary_mr = NULL;
  guint32 mr_handle = 0;
  int cmd_fd_dup;

  if (ctx == NULL || (pd = gverbs_pd_new (ctx, &error)) == NULL ||
      (mr = gverbs_mr_new (pd, 100, GVERBS_ACCESS_LOCAL_WRITE, &error)) == NULL)
    goto fail;
  g_object_get (mr, "handle", &mr_handle, NULL);
  cmd_fd_dup = dup (gverbs_context_get_cmd_fd (ctx));
  imported_ctx = gverbs_context_new_from_cmd_fd (cmd_fd_dup, &error);
  close (cmd_fd_dup);  /* the imported context keeps its own dup */
  if (imported_ctx == NULL ||
      (imported_pd = gverbs_pd_import (imported_ctx, gverbs_pd_get_handle (pd), &error)) == NULL ||
      (imported_mr = gverbs_mr_import (imported_pd, mr_handle, &error)) == NULL ||
      (secondary_mr = gverbs_mr_new (imported_pd, 100, GVERBS_ACCESS_REMOTE_READ, &error)) == NULL ||
      !gverbs_mr_unimport (imported_mr, &error) ||
      !gverbs_pd_unimport (imported_pd, &error))
    goto fail;
  g_print ("imported and unimported a device, a PD and an MR\n");
  return 0;

fail:
  g_printerr ("import: %s\n", error->message);
  return 1;
}
