/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Device tests: what Soft-RoCE lacks (XRC domains, device memory, DM MRs,
 * import of devices, PDs and MRs) fails cleanly, naming the rdma-core call, and
 * leaves nothing behind. */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "gverbs-test-util.h"

static guint
count_fds (void)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
  guint n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static void
assert_not_supported (GError     *error,
                      const char *call)
{
  g_autofree char *expected = g_strdup_printf ("%s on ", call);

  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, expected));
  g_assert_nonnull (strstr (error->message, "(EOPNOTSUPP)"));
}

static void
test_xrcd (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsXRCDInitAttr) attr = NULL;
  g_autoptr(GVerbsXRCD) xrcd = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  int fd;

  if (ctx == NULL)
    return;
  fd = g_file_open_tmp ("gverbs-xrcd-XXXXXX", &path, &error);
  g_assert_no_error (error);
  attr = gverbs_xrcd_init_attr_new (GVERBS_XRCD_INIT_ATTR_FD | GVERBS_XRCD_INIT_ATTR_OFLAGS, O_CREAT, fd);
  xrcd = gverbs_xrcd_new (ctx, attr, &error);
  g_assert_null (xrcd);
  assert_not_supported (error, "ibv_open_xrcd");
  g_assert_nonnull (strstr (error->message, gverbs_test_device_name ()));
  /* the caller's descriptor stays open and the context has nothing to close */
  g_assert_cmpint (fcntl (fd, F_GETFD), >=, 0);
  g_close (fd, NULL);
  g_unlink (path);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ctx), NULL));
}

static void
test_dm_and_dm_mr (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsAllocDmAttr) attr = gverbs_alloc_dm_attr_new (4096, 0, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsDM) dm = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsDMMR) mr = NULL;
  g_autoptr(GBytes) bytes = NULL;
  static const guint8 data[4] = { 1, 2, 3, 4 };

  if (ctx == NULL)
    return;
  dm = gverbs_dm_new (ctx, attr, &error);
  g_assert_null (dm);
  assert_not_supported (error, "ibv_alloc_dm");
  g_clear_error (&error);

  /* a DM object whose init failed answers every call: not initialized, and why */
  dm = g_object_new (GVERBS_TYPE_DM, "context", ctx, "attr", attr, NULL);
  g_assert_false (g_initable_init (G_INITABLE (dm), NULL, &error));
  assert_not_supported (error, "ibv_alloc_dm");
  g_clear_error (&error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (dm)));
  g_assert_cmpuint (gverbs_dm_get_length (dm), ==, 0);
  g_assert_false (gverbs_dm_copy_to_dm (dm, 0, data, sizeof data, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_INITIALIZED);
  g_assert_nonnull (strstr (error->message, "ibv_alloc_dm"));
  g_clear_error (&error);
  bytes = gverbs_dm_copy_from_dm (dm, 0, 4, &error);
  g_assert_null (bytes);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_INITIALIZED);
  g_assert_nonnull (strstr (error->message, "ibv_alloc_dm"));
  g_clear_error (&error);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (dm), &error));

  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  mr = gverbs_dm_mr_new (pd, 64, GVERBS_ACCESS_ZERO_BASED, dm, 0, &error);
  g_assert_null (mr);
  assert_not_supported (error, "ibv_reg_dm_mr");
  g_clear_error (&error);
  mr = gverbs_dm_mr_new (pd, 64, GVERBS_ACCESS_ZERO_BASED, NULL, 0, &error);
  g_assert_null (mr);
  assert_not_supported (error, "ibv_reg_dm_mr");
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (pd), NULL));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ctx), NULL));
}

static void
test_import_device (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsContext) imported = NULL;
  g_autoptr(GError) error = NULL;
  guint fds;

  if (ctx == NULL)
    return;
  fds = count_fds ();
  imported = gverbs_context_new_from_cmd_fd (gverbs_context_get_cmd_fd (ctx), &error);
  g_assert_null (imported);
  assert_not_supported (error, "ibv_import_device");
  g_clear_error (&error);
  /* the duplicate descriptor was closed again, the original still works */
  g_assert_cmpuint (count_fds (), ==, fds);
  g_assert_cmpint (fcntl (gverbs_context_get_cmd_fd (ctx), F_GETFD), >=, 0);
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (ctx)));

  imported = gverbs_context_new_from_cmd_fd (-1, &error);
  g_assert_null (imported);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* a descriptor that is not an RDMA device's: rdma-core says EINVAL */
  imported = gverbs_context_new_from_cmd_fd (0, &error);
  g_assert_null (imported);
  g_assert_nonnull (error);
  g_assert_true (g_str_has_prefix (error->message, "ibv_import_device on cmd_fd 0: "));
  g_assert_cmpuint (count_fds (), ==, fds);
}

static void
test_import_pd (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsPD) imported = NULL;
  g_autoptr(GPtrArray) pds = NULL;

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  imported = gverbs_pd_import (ctx, gverbs_pd_get_handle (pd), &error);
  g_assert_null (imported);
  assert_not_supported (error, "ibv_import_pd");
  g_assert_nonnull (strstr (error->message, "pd handle"));
  g_clear_error (&error);

  /* only an imported PD can be unimported; the owner's stays open */
  g_assert_false (gverbs_pd_is_imported (pd));
  g_assert_false (gverbs_pd_unimport (pd, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (pd)));
  pds = gverbs_test_rdma_resources ("pd");
  g_assert_cmpuint (pds->len, ==, 1);
  g_clear_error (&error);

  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ctx), NULL));
  imported = gverbs_pd_import (ctx, 0, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
}

static void
test_import_mr (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsMR) mr = NULL;
  g_autoptr(GVerbsMR) imported = NULL;
  g_autoptr(GPtrArray) mrs = NULL;
  guint32 handle = 0;

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  mr = gverbs_mr_new (pd, 100, GVERBS_ACCESS_LOCAL_WRITE, &error);
  g_assert_no_error (error);
  g_object_get (mr, "handle", &handle, NULL);
  imported = gverbs_mr_import (pd, handle, &error);
  g_assert_null (imported);
  assert_not_supported (error, "ibv_import_mr");
  g_assert_nonnull (strstr (error->message, "mr handle"));
  g_clear_error (&error);

  /* only an imported MR can be unimported; the owner's stays open and usable */
  g_assert_false (gverbs_mr_is_imported (mr));
  g_assert_false (gverbs_mr_unimport (mr, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (mr)));
  g_assert_true (gverbs_mr_write (mr, (const guint8 *) "ok", 2, 0, &error));
  g_assert_no_error (error);
  mrs = gverbs_test_rdma_resources ("mr");
  g_assert_cmpuint (mrs->len, ==, 1);

  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (pd), NULL));
  imported = gverbs_mr_import (pd, handle, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/unsupported/xrcd", test_xrcd);
  g_test_add_func ("/unsupported/dm-and-dm-mr", test_dm_and_dm_mr);
  g_test_add_func ("/unsupported/import-device", test_import_device);
  g_test_add_func ("/unsupported/import-pd", test_import_pd);
  g_test_add_func ("/unsupported/import-mr", test_import_mr);
  return g_test_run ();
}
