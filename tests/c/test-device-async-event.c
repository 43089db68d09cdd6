/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Device test: asynchronous events for real. In the VM, taking the netdev
 * under rxe0 down and up makes rxe report IBV_EVENT_PORT_ERR then
 * IBV_EVENT_PORT_ACTIVE (with IBV_EVENT_GID_CHANGE around them); they must
 * arrive as the async-event signal on a GMainLoop, and through
 * gverbs_context_get_async_event() without one. */
#include <stdio.h>
#include <string.h>
#include "gverbs-test-util.h"

/* Only ever touch the netdev inside the test VM. */
static const char *
vm_netdev (void)
{
  if (g_getenv ("GVERBS_VM") == NULL || g_getenv ("GVERBS_TEST_NETDEV") == NULL)
    return NULL;
  return g_getenv ("GVERBS_TEST_NETDEV");
}

static void
run (const char *command)
{
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static void
set_link (const char *netdev,
          gboolean    up)
{
  g_autofree char *command = g_strdup_printf ("ip link set %s %s", netdev, up ? "up" : "down");

  run (command);
}

static char *
gid_set (void)
{
  g_autofree char *path = g_strdup_printf ("/sys/class/infiniband/%s/ports/1/gids", gverbs_test_device_name ());
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < 16; i++)
    {
      g_autofree char *file = g_strdup_printf ("%s/%u", path, i);
      g_autofree char *text = NULL;

      if (g_file_get_contents (file, &text, NULL, NULL) &&
          !g_str_has_prefix (text, "0000:0000:0000:0000:0000:0000:0000:0000"))
        g_string_append (out, text);
    }
  return g_string_free (out, FALSE);
}

/* /proc/sys files take a plain write (g_file_set_contents() renames). */
static void
write_proc (const char *path,
            const char *text)
{
  FILE *f = fopen (path, "w");

  g_assert_nonnull (f);
  g_assert_cmpint (fputs (text, f), >=, 0);
  g_assert_cmpint (fclose (f), ==, 0);
}

typedef struct {
  char *keep_path;
  char *keep_old;
  char *gids_before;
} LinkGuard;

/* IPv6 addresses survive the link going down (keep_addr_on_down), so the
 * GID table comes back as it was for the tests that run after this one. */
static void
link_guard_begin (LinkGuard  *guard,
                  const char *netdev)
{
  guard->keep_path = g_strdup_printf ("/proc/sys/net/ipv6/conf/%s/keep_addr_on_down", netdev);
  g_assert_true (g_file_get_contents (guard->keep_path, &guard->keep_old, NULL, NULL));
  write_proc (guard->keep_path, "1");
  guard->gids_before = gid_set ();
}

static void
link_guard_end (LinkGuard  *guard,
                const char *netdev)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  g_autofree char *now = NULL;

  set_link (netdev, TRUE);
  while (g_get_monotonic_time () < deadline)
    {
      g_free (now);
      now = gid_set ();
      if (g_str_equal (now, guard->gids_before))
        break;
      g_usleep (100 * 1000);
    }
  g_assert_cmpstr (now, ==, guard->gids_before);
  write_proc (guard->keep_path, guard->keep_old);
  g_free (guard->keep_path);
  g_free (guard->keep_old);
  g_free (guard->gids_before);
}

typedef struct {
  GMainLoop *loop;
  GArray *types;             /* GVerbsEventType, in order */
  GVerbsEventType waiting_for;
  guint port_err_detail;     /* emissions seen by the ::port-err handler */
  gboolean bad_port;
} Events;

static void
on_async_event (GVerbsContext    *ctx,
                GVerbsAsyncEvent *event,
                Events           *events)
{
  GVerbsEventType type = gverbs_async_event_get_event_type (event);
  g_autofree char *text = gverbs_async_event_to_string (event);

  g_test_message ("async event: %s", text);
  g_array_append_val (events->types, type);
  if (gverbs_async_event_get_port_num (event) != 1 || gverbs_async_event_get_object (event) != NULL)
    events->bad_port = TRUE;
  if (type == events->waiting_for)
    g_main_loop_quit (events->loop);
}

static void
on_port_err (GVerbsContext    *ctx,
             GVerbsAsyncEvent *event,
             Events           *events)
{
  g_assert_cmpint (gverbs_async_event_get_event_type (event), ==, GVERBS_EVENT_PORT_ERR);
  events->port_err_detail++;
}

static gboolean
on_timeout (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

static gboolean
seen (Events          *events,
      GVerbsEventType  type)
{
  for (guint i = 0; i < events->types->len; i++)
    if (g_array_index (events->types, GVerbsEventType, i) == type)
      return TRUE;
  return FALSE;
}

static void
wait_for (Events          *events,
          GVerbsEventType  type)
{
  guint timeout;

  if (seen (events, type))
    return;
  events->waiting_for = type;
  timeout = g_timeout_add_seconds (30, on_timeout, events->loop);
  g_main_loop_run (events->loop);
  g_source_remove (timeout);
}

static void
test_signal_on_main_loop (void)
{
  g_autoptr(GMainContext) main_context = g_main_context_new ();
  g_autoptr(GVerbsContext) ctx = NULL;
  const char *netdev = vm_netdev ();
  Events events = { 0 };
  LinkGuard guard = { 0 };
  guint err_at = 0;

  if (gverbs_test_device_name () == NULL || netdev == NULL)
    {
      g_test_skip ("needs the test VM (GVERBS_VM, GVERBS_TEST_NETDEV): it takes the netdev down");
      return;
    }
  /* The context watches the thread-default main context of its creator. */
  g_main_context_push_thread_default (main_context);
  ctx = gverbs_test_open_context ();
  events.loop = g_main_loop_new (main_context, FALSE);
  events.types = g_array_new (FALSE, FALSE, sizeof (GVerbsEventType));
  g_signal_connect (ctx, "async-event", G_CALLBACK (on_async_event), &events);
  g_signal_connect (ctx, "async-event::port-err", G_CALLBACK (on_port_err), &events);

  link_guard_begin (&guard, netdev);
  set_link (netdev, FALSE);
  wait_for (&events, GVERBS_EVENT_PORT_ERR);
  g_assert_true (seen (&events, GVERBS_EVENT_PORT_ERR));
  err_at = events.types->len;
  set_link (netdev, TRUE);
  wait_for (&events, GVERBS_EVENT_PORT_ACTIVE);
  link_guard_end (&guard, netdev);

  g_assert_true (seen (&events, GVERBS_EVENT_PORT_ACTIVE));
  /* PORT_ACTIVE after PORT_ERR */
  for (guint i = 0; i < err_at; i++)
    g_assert_cmpint (g_array_index (events.types, GVerbsEventType, i), !=, GVERBS_EVENT_PORT_ACTIVE);
  g_assert_cmpuint (events.port_err_detail, ==, 1);
  g_assert_false (events.bad_port);
  for (guint i = 0; i < events.types->len; i++)
    {
      GVerbsEventType t = g_array_index (events.types, GVerbsEventType, i);

      g_assert_true (t == GVERBS_EVENT_PORT_ERR || t == GVERBS_EVENT_PORT_ACTIVE ||
                     t == GVERBS_EVENT_GID_CHANGE);
    }

  /* a closed context stops watching: nothing dispatches any more */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ctx), NULL));
  while (g_main_context_iteration (main_context, FALSE))
    ;
  g_main_context_pop_thread_default (main_context);
  g_array_unref (events.types);
  g_main_loop_unref (events.loop);
}

static GVerbsAsyncEvent *
next_port_event (GVerbsContext *ctx)
{
  for (;;)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GVerbsAsyncEvent) event = gverbs_context_get_async_event (ctx, 30000, NULL, &error);

      g_assert_no_error (error);
      g_assert_nonnull (event);
      if (gverbs_async_event_get_event_type (event) != GVERBS_EVENT_GID_CHANGE)
        return g_steal_pointer (&event);
    }
}

static void
test_blocking_get_async_event (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsAsyncEvent) err = NULL;
  g_autoptr(GVerbsAsyncEvent) active = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  const char *netdev = vm_netdev ();
  LinkGuard guard = { 0 };
  g_autofree char *text = NULL;
  gint64 start;

  if (ctx == NULL)
    return;
  if (netdev == NULL)
    {
      g_test_skip ("needs the test VM (GVERBS_VM, GVERBS_TEST_NETDEV): it takes the netdev down");
      return;
    }

  /* nothing pending: a timeout, then a cancellation */
  start = g_get_monotonic_time ();
  g_assert_null (gverbs_context_get_async_event (ctx, 200, NULL, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_TIMED_OUT);
  g_assert_nonnull (strstr (error->message, "200 ms"));
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 190 * 1000);
  g_clear_error (&error);
  g_assert_null (gverbs_context_get_async_event (ctx, 0, NULL, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_TIMED_OUT);
  g_clear_error (&error);
  g_cancellable_cancel (cancellable);
  g_assert_null (gverbs_context_get_async_event (ctx, -1, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  link_guard_begin (&guard, netdev);
  set_link (netdev, FALSE);
  err = next_port_event (ctx);
  set_link (netdev, TRUE);
  active = next_port_event (ctx);
  link_guard_end (&guard, netdev);

  g_assert_cmpint (gverbs_async_event_get_event_type (err), ==, GVERBS_EVENT_PORT_ERR);
  g_assert_cmpuint (gverbs_async_event_get_port_num (err), ==, 1);
  g_assert_cmpint (gverbs_async_event_get_event_type (active), ==, GVERBS_EVENT_PORT_ACTIVE);
  g_assert_cmpuint (gverbs_async_event_get_port_num (active), ==, 1);
  g_assert_null (gverbs_async_event_get_object (active));
  text = gverbs_async_event_to_string (active);
  g_assert_cmpstr (text, ==,
                   "Event Type              : IBV_EVENT_PORT_ACTIVE\n"
                   "Port number             : 1                   \n");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/context/async-event/signal-on-main-loop", test_signal_on_main_loop);
  g_test_add_func ("/context/async-event/blocking-get", test_blocking_get_async_event);
  return g_test_run ();
}
