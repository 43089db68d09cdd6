/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include "cm-test-util.h"

/* DEVICE_REMOVAL: `rdma link delete` of the test device while identifiers
 * are bound to it. The kernel completes the removal only once the process
 * holding the device (librdmacm keeps it open) exits, so the identifiers
 * live in a forked child; the parent deletes the device, checks the child,
 * then recreates the device and waits until its port is ACTIVE with its
 * GIDs back, for the tests that follow. Only in the test VM. */

typedef struct {
  GMainLoop *loop;
  guint removals;
} Child;

static void
on_removal (GVerbsCMID *id,
            Child      *c)
{
  g_autoptr(GError) error = NULL;

  c->removals++;
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (id), &error));
  g_assert_no_error (error);
  if (c->removals == 2)
    g_main_loop_quit (c->loop);
}

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

static int
child_main (const char *addr,
            int         ready_fd)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsEventChannel) ch = NULL;
  g_autoptr(GVerbsCMID) listener = NULL;
  g_autoptr(GVerbsCMID) client = NULL;
  g_autoptr(GVerbsCMID) late = NULL;
  g_autoptr(GVerbsAddrInfo) cai = NULL;
  g_autoptr(GVerbsAddrInfo) late_ai = NULL;
  g_autoptr(GVerbsMR) mr = NULL;
  GVerbsPD *pd;
  Child c = { 0 };

  c.loop = g_main_loop_new (NULL, FALSE);
  ch = gverbs_event_channel_new (&error);
  g_assert_no_error (error);
  listener = cm_test_listen (ch, addr, "7563", 1);
  client = gverbs_cm_id_new_on_channel (ch, GVERBS_RDMA_PS_TCP, &error);
  g_assert_no_error (error);
  cai = gverbs_addr_info_new (NULL, addr, NULL, "7563", GVERBS_RDMA_PS_TCP, 0, &error);
  g_assert_no_error (error);
  cm_test_resolve_addr (cai, client, NULL);
  cm_test_create_qp (client, GVERBS_QPT_RC, 2);
  mr = gverbs_cm_id_reg_msgs (client, 64, &error);
  g_assert_no_error (error);
  pd = gverbs_cm_id_get_pd (client);
  g_object_ref (pd);
  g_signal_connect (listener, "device-removal", G_CALLBACK (on_removal), &c);
  g_signal_connect (client, "device-removal", G_CALLBACK (on_removal), &c);

  g_assert_cmpint (write (ready_fd, "ready\n", 6), ==, 6);
  close (ready_fd);
  g_timeout_add_seconds (60, quit_cb, c.loop);
  g_main_loop_run (c.loop);

  g_assert_cmpuint (c.removals, ==, 2);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (listener)));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (client)));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (mr)));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (pd)));
  g_object_unref (pd);
  g_assert_false (gverbs_cm_id_post_send (client, mr, 0, 64, GVERBS_SEND_SIGNALED, 1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  /* the address no longer has an RDMA device */
  late = gverbs_cm_id_new_on_channel (ch, GVERBS_RDMA_PS_TCP, &error);
  g_assert_no_error (error);
  late_ai = gverbs_addr_info_new (addr, NULL, "7564", NULL, GVERBS_RDMA_PS_TCP, GVERBS_RAI_PASSIVE, &error);
  g_assert_no_error (error);
  g_assert_false (gverbs_cm_id_bind_addr (late, late_ai, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "rdma_bind_addr"));
  g_clear_error (&error);
  gverbs_resource_close (GVERBS_RESOURCE (late), NULL);
  g_main_loop_unref (c.loop);
  return 0;
}

static gboolean
port_ready (const char *dev,
            const char *addr)
{
  g_autofree char *base = g_strdup_printf ("/sys/class/infiniband/%s/ports/1", dev);
  g_autofree char *state_path = g_build_filename (base, "state", NULL);
  g_autofree char *gids_path = g_build_filename (base, "gids", NULL);
  g_autofree char *state = NULL;
  g_autoptr(GDir) gids = NULL;
  g_autofree char *want = NULL;
  const char *name;

  if (!g_file_get_contents (state_path, &state, NULL, NULL) || strstr (state, "ACTIVE") == NULL)
    return FALSE;
  want = cm_test_mapped_gid (addr);
  gids = g_dir_open (gids_path, 0, NULL);
  while (gids != NULL && (name = g_dir_read_name (gids)) != NULL)
    {
      g_autofree char *path = g_build_filename (gids_path, name, NULL);
      g_autofree char *text = NULL;

      if (g_file_get_contents (path, &text, NULL, NULL) && g_str_equal (g_strstrip (text), want))
        return TRUE;
    }
  return FALSE;
}

static void
test_device_removal (void)
{
  const char *dev = gverbs_test_device_name ();
  const char *addr = g_getenv ("GVERBS_VM_ADDR");
  const char *netdev = g_getenv ("GVERBS_TEST_NETDEV");
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) delete = NULL;
  g_autofree char *sys = NULL;
  char line[16] = { 0 };
  int fds[2], status = -1;
  g_autoptr(GError) delete_error = NULL;
  gboolean deleted, delete_ok;
  pid_t pid;

  if (dev == NULL || addr == NULL || netdev == NULL || g_strcmp0 (g_getenv ("GVERBS_VM"), "1") != 0)
    {
      g_test_skip ("needs the test VM (GVERBS_VM=1, GVERBS_VM_ADDR, GVERBS_TEST_NETDEV): "
                   "it deletes and recreates the device");
      return;
    }
  sys = g_strdup_printf ("/sys/class/infiniband/%s", dev);
  g_assert_true (port_ready (dev, addr));

  g_assert_cmpint (pipe (fds), ==, 0);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      close (fds[0]);
      exit (child_main (addr, fds[1]));
    }
  close (fds[1]);
  g_assert_cmpint (read (fds[0], line, sizeof line - 1), ==, 6);
  close (fds[0]);
  g_assert_cmpstr (line, ==, "ready\n");

  delete = g_subprocess_new (G_SUBPROCESS_FLAGS_NONE, &error, "rdma", "link", "delete", dev, NULL);
  g_assert_no_error (error);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  /* with the child gone, the kernel completes the removal */
  delete_ok = g_subprocess_wait_check (delete, NULL, &delete_error);
  deleted = !g_file_test (sys, G_FILE_TEST_EXISTS);

  if (!g_file_test (sys, G_FILE_TEST_EXISTS))
    {
      const char *argv[] = { "rdma", "link", "add", dev, "type", "rxe", "netdev", netdev, NULL };
      int add_status = -1;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                                   NULL, NULL, &add_status, &error));
      g_assert_no_error (error);
      g_assert_cmpint (add_status, ==, 0);
    }
  for (guint i = 0; i < 300 && !port_ready (dev, addr); i++)
    g_usleep (100000);
  g_assert_true (port_ready (dev, addr));

  g_assert_no_error (delete_error);
  g_assert_true (delete_ok);
  g_assert_true (deleted);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cm/device-removal", test_device_removal);
  return g_test_run ();
}
