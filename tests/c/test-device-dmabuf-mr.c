/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Device tests of dma-buf memory regions: rxe has no dma-buf support, so
 * registering fails cleanly, naming the call and the device, and leaves
 * nothing behind (no MR in the kernel, the caller's descriptor open). */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "gverbs-test-util.h"

static guint
count_mrs (void)
{
  g_autoptr(GPtrArray) rows = gverbs_test_rdma_resources ("mr");

  return rows->len;
}

static void
test_not_supported (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsDmaBufMR) mr = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  guint mrs;
  int fd;

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  mrs = count_mrs ();
  /* any descriptor: the provider refuses before looking at it */
  fd = g_file_open_tmp ("gverbs-dmabuf-XXXXXX", &path, &error);
  g_assert_no_error (error);
  g_unlink (path);
  g_assert_cmpint (ftruncate (fd, 4096), ==, 0);
  mr = gverbs_dma_buf_mr_new (pd, 0, 4096, 0, fd, GVERBS_ACCESS_LOCAL_WRITE, &error);
  g_assert_null (mr);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "ibv_reg_dmabuf_mr on "));
  g_assert_nonnull (strstr (error->message, gverbs_test_device_name ()));
  g_assert_nonnull (strstr (error->message, "(EOPNOTSUPP)"));
  g_assert_nonnull (strstr (error->message, "length 4096"));
  g_clear_error (&error);
  g_assert_cmpint (fcntl (fd, F_GETFD), >=, 0);
  g_assert_cmpuint (count_mrs (), ==, mrs);

  /* a negative descriptor is the caller's mistake, said before rdma-core */
  mr = gverbs_dma_buf_mr_new (pd, 0, 4096, 0, -1, GVERBS_ACCESS_LOCAL_WRITE, &error);
  g_assert_null (mr);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "fd -1"));
  g_clear_error (&error);
  /* access bits no flag names */
  mr = gverbs_dma_buf_mr_new (pd, 0, 4096, 0, fd, 1u << 30, &error);
  g_assert_null (mr);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* an object whose init failed answers as not initialized, and closes */
  mr = g_object_new (GVERBS_TYPE_DMA_BUF_MR, "pd", pd, "fd", fd, "length", (guint64) 4096, NULL);
  g_assert_false (g_initable_init (G_INITABLE (mr), NULL, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);
  g_assert_cmpuint (gverbs_dma_buf_mr_get_lkey (mr), ==, 0);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (mr), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ctx), &error));
  g_assert_no_error (error);
  g_assert_cmpint (close (fd), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/dmabuf-mr/not-supported", test_not_supported);
  return g_test_run ();
}
