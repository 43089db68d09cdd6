/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Arguments a script controls, refused with a GError instead of dropped
 * (issue 11, defects 7 and 11), against a real device. */
#include <string.h>
#include <sys/resource.h>
#include <fcntl.h>
#include <unistd.h>
#include "gverbs-test-util.h"

#define RW (GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE | GVERBS_ACCESS_REMOTE_READ)

static void
test_mr_unknown_access_bits (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = gverbs_pd_new (ctx, &error);
  g_autoptr(GVerbsMR) mr = NULL;
  g_autoptr(GVerbsMR) good = NULL;
  g_autofree guint8 *memory = g_malloc0 (4096);

  g_assert_no_error (error);
  /* Was: an MR with access 0 and a GObject warning. */
  mr = gverbs_mr_new (pd, 4096, RW | 1u << 24, &error);
  g_assert_null (mr);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "0x1000007"));
  g_assert_nonnull (strstr (error->message, "bits 0x1000000"));
  g_clear_error (&error);

  mr = gverbs_mr_new_for_memory (pd, memory, 4096, RW | 1u << 30, &error);
  g_assert_null (mr);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  good = gverbs_mr_new (pd, 4096, RW, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (gverbs_mr_get_access (good), ==, RW);
}

/* In a child with no file descriptor left: the context's open must say so,
 * not that the device does not exist. */
static void
test_context_open_emfile (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GVerbsContext) ctx = NULL;
      struct rlimit lim = { 64, 64 };

      int fds[64];
      guint n_fds = 0;
      int fd;

      g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &lim), ==, 0);
      while ((fd = open ("/dev/null", O_RDONLY)) >= 0)
        if (n_fds < G_N_ELEMENTS (fds))
          fds[n_fds++] = fd;
      ctx = gverbs_context_new (gverbs_test_device_name (), &error);
      g_assert_null (ctx);
      g_printerr ("%s\n", error->message);
      g_assert_nonnull (strstr (error->message, "EMFILE"));
      g_assert_null (strstr (error->message, "No RDMA device"));
      /* room again for what runs at exit (LeakSanitizer opens files) */
      while (n_fds > 0)
        close (fds[--n_fds]);
      return;
    }
  /* the device exists */
  {
    g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();

    g_assert_nonnull (ctx);
  }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*Too many open files (EMFILE)*");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/input/mr-unknown-access-bits", test_mr_unknown_access_bits);
  g_test_add_func ("/input/context-open-emfile", test_context_open_emfile);
  return g_test_run ();
}
