/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Device test: the live device model (GVerbsDeviceMonitor), per-port status
 * (GVerbsPortStatus) and counters (GVerbsPortCounters) for real. In the VM
 * it adds a second Soft-RoCE link, rxe1, on a dummy netdev, takes that
 * netdev down and up, and deletes the link, counting the model's
 * items-changed and the port's notifications; and it checks that rxe0's
 * packet counters move by the traffic it sends. */
#include <string.h>
#include "qp-pair.h"

#define EXTRA_NETDEV "gvmon0"
#define EXTRA_DEVICE "rxe1"

typedef struct {
  GMainLoop *loop;
  GVerbsDeviceMonitor *monitor;
  guint added;                /* items-changed: items added */
  guint removed;              /* items-changed: items removed */
  guint device_added;
  guint device_removed;
  guint state_notifies;
  guint gid_notifies;
  guint port_err;
  guint port_active;
  gboolean command_done;
  gboolean command_ok;
  GVerbsPortStatus *port;
} Watch;

static gboolean
has_gid (GVerbsPortStatus *port,
         const char       *text)
{
  g_autoptr(GPtrArray) gids = gverbs_port_status_get_gids (port);

  for (guint i = 0; i < gids->len; i++)
    {
      g_autofree char *gid = gverbs_gid_to_string (&((GVerbsGidEntry *) gids->pdata[i])->gid);

      if (g_str_equal (gid, text))
        return TRUE;
    }
  return FALSE;
}

static gboolean
extra_gid (Watch *w)
{
  return has_gid (w->port, "0000:0000:0000:0000:0000:ffff:0a4e:0001");
}

static gboolean
in_vm (void)
{
  if (g_getenv ("GVERBS_VM") == NULL)
    {
      g_test_skip ("needs the test VM (GVERBS_VM): it adds and deletes RDMA links");
      return FALSE;
    }
  return TRUE;
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
on_command_done (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Watch *w = user_data;

  w->command_ok = g_subprocess_wait_check_finish (G_SUBPROCESS (source), result, NULL);
  w->command_done = TRUE;
}

/* Runs @argv without blocking the main loop: `rdma link delete` waits until
 * the monitor closed its context, which it does from the loop. */
static void
run_async (Watch       *w,
           const char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_NONE, &error);

  g_assert_no_error (error);
  w->command_done = FALSE;
  g_subprocess_wait_check_async (process, NULL, on_command_done, w);
}

static gboolean
on_tick (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_REMOVE;
}

typedef gboolean (*Condition) (Watch *w);

/* Runs the loop until @done holds, for at most 60 s. */
static void
wait_for (Watch     *w,
          Condition  done)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (!done (w))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_timeout_add (20, on_tick, w->loop);
      g_main_loop_run (w->loop);
    }
}

static void
on_items_changed (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Watch      *w)
{
  w->added += added;
  w->removed += removed;
}

static void
on_device_added (GVerbsDeviceMonitor *monitor,
                 GVerbsDevice        *device,
                 Watch               *w)
{
  if (g_str_equal (gverbs_device_get_name (device), EXTRA_DEVICE))
    w->device_added++;
}

static void
on_device_removed (GVerbsDeviceMonitor *monitor,
                   GVerbsDevice        *device,
                   Watch               *w)
{
  if (g_str_equal (gverbs_device_get_name (device), EXTRA_DEVICE))
    w->device_removed++;
}

static void
on_port_event (GVerbsDeviceMonitor *monitor,
               GVerbsPortStatus    *port,
               GVerbsAsyncEvent    *event,
               Watch               *w)
{
  if (!g_str_equal (gverbs_port_status_get_device_name (port), EXTRA_DEVICE))
    return;
  if (gverbs_async_event_get_event_type (event) == GVERBS_EVENT_PORT_ERR)
    w->port_err++;
  if (gverbs_async_event_get_event_type (event) == GVERBS_EVENT_PORT_ACTIVE)
    w->port_active++;
}

static void
on_state (GVerbsPortStatus *port,
          GParamSpec       *pspec,
          Watch            *w)
{
  w->state_notifies++;
}

static void
on_gids (GVerbsPortStatus *port,
         GParamSpec       *pspec,
         Watch            *w)
{
  w->gid_notifies++;
}

static gboolean
extra_present (Watch *w)
{
  GVerbsPortStatus *port = gverbs_device_monitor_get_port (w->monitor, EXTRA_DEVICE, 1);

  return w->command_done && port != NULL
    && gverbs_port_status_get_state (port) == GVERBS_PORT_ACTIVE;
}

static gboolean
extra_gone (Watch *w)
{
  return w->command_done && gverbs_device_monitor_lookup (w->monitor, EXTRA_DEVICE) == NULL;
}

static gboolean
extra_down (Watch *w)
{
  GVerbsPortStatus *port = gverbs_device_monitor_get_port (w->monitor, EXTRA_DEVICE, 1);

  return gverbs_port_status_get_state (port) == GVERBS_PORT_DOWN && w->port_err > 0;
}

static gboolean
extra_active (Watch *w)
{
  GVerbsPortStatus *port = gverbs_device_monitor_get_port (w->monitor, EXTRA_DEVICE, 1);

  return gverbs_port_status_get_state (port) == GVERBS_PORT_ACTIVE && w->port_active > 0;
}

static void
test_initial_list (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsDeviceMonitor) monitor = NULL;
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsPortAttr) attr = NULL;
  g_autoptr(GPtrArray) gids = NULL;
  g_autoptr(GList) devices = NULL;
  GVerbsPortStatus *port;
  GVerbsDevice *device;
  GListModel *ports;
  int state = 0;

  if (ctx == NULL)
    return;
  monitor = gverbs_device_monitor_new (NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (monitor)) == GVERBS_TYPE_DEVICE);

  /* the model lists what ibv_get_device_list() lists */
  devices = gverbs_get_devices (&error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (monitor)), ==, g_list_length (devices));
  device = gverbs_device_monitor_lookup (monitor, gverbs_test_device_name ());
  g_assert_nonnull (device);
  g_assert_cmpstr (gverbs_device_get_name (device), ==, gverbs_test_device_name ());
  g_assert_cmpuint (gverbs_device_get_guid (device), !=, 0);

  ports = gverbs_device_monitor_get_ports (monitor, gverbs_test_device_name ());
  g_assert_cmpuint (g_list_model_get_n_items (ports), >=, 1);
  port = gverbs_device_monitor_get_port (monitor, gverbs_test_device_name (), 1);
  g_assert_nonnull (port);
  g_assert_null (gverbs_device_monitor_get_port (monitor, gverbs_test_device_name (), 99));
  g_assert_null (gverbs_device_monitor_get_ports (monitor, "no-such-device"));

  /* the status agrees with a query of its own */
  attr = gverbs_context_query_port (ctx, 1, &error);
  g_assert_no_error (error);
  g_object_get (attr, "state", &state, NULL);
  g_assert_cmpint (gverbs_port_status_get_state (port), ==, state);
  g_assert_cmpint (gverbs_port_status_get_state (port), ==, GVERBS_PORT_ACTIVE);
  g_assert_true (gverbs_port_status_get_present (port));
  g_assert_nonnull (gverbs_port_status_get_attr (port));
  gids = gverbs_port_status_get_gids (port);
  g_assert_cmpuint (gids->len, >=, 2);   /* the link-local GID and the IPv4 one */
  for (guint i = 0; i < gids->len; i++)
    g_assert_cmpuint (((GVerbsGidEntry *) gids->pdata[i])->port_num, ==, 1);

  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (monitor), &error));
  g_assert_no_error (error);
  g_assert_false (gverbs_device_monitor_rescan (monitor, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
}

static void
test_add_change_delete (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPortStatus) port = NULL;
  const char *add[] = { "rdma", "link", "add", EXTRA_DEVICE, "type", "rxe", "netdev", EXTRA_NETDEV, NULL };
  const char *del[] = { "rdma", "link", "delete", EXTRA_DEVICE, NULL };
  Watch w = { 0 };
  guint n;

  if (!in_vm ())
    return;
  run ("modprobe dummy");
  run ("ip link add " EXTRA_NETDEV " type dummy");
  run ("ip link set " EXTRA_NETDEV " up");

  w.loop = g_main_loop_new (NULL, FALSE);
  w.monitor = gverbs_device_monitor_new (NULL, &error);
  g_assert_no_error (error);
  n = g_list_model_get_n_items (G_LIST_MODEL (w.monitor));
  g_assert_null (gverbs_device_monitor_lookup (w.monitor, EXTRA_DEVICE));
  g_signal_connect (w.monitor, "items-changed", G_CALLBACK (on_items_changed), &w);
  g_signal_connect (w.monitor, "device-added", G_CALLBACK (on_device_added), &w);
  g_signal_connect (w.monitor, "device-removed", G_CALLBACK (on_device_removed), &w);
  g_signal_connect (w.monitor, "port-event", G_CALLBACK (on_port_event), &w);

  /* rdma link add: one item more, with an active port */
  run_async (&w, add);
  wait_for (&w, extra_present);
  g_assert_true (w.command_ok);
  g_assert_cmpuint (w.added, ==, 1);
  g_assert_cmpuint (w.removed, ==, 0);
  g_assert_cmpuint (w.device_added, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (w.monitor)), ==, n + 1);
  {
    g_autoptr(GVerbsDevice) last = g_list_model_get_item (G_LIST_MODEL (w.monitor), n);

    g_assert_cmpstr (gverbs_device_get_name (last), ==, EXTRA_DEVICE);
  }
  port = g_object_ref (gverbs_device_monitor_get_port (w.monitor, EXTRA_DEVICE, 1));
  g_signal_connect (port, "notify::state", G_CALLBACK (on_state), &w);
  g_signal_connect (port, "notify::gid-generation", G_CALLBACK (on_gids), &w);

  /* an address on the netdev: a GID change event, a new GID */
  g_assert_false (has_gid (port, "0000:0000:0000:0000:0000:ffff:0a4e:0001"));
  run ("ip addr add 10.78.0.1/24 dev " EXTRA_NETDEV);
  w.port = port;
  wait_for (&w, extra_gid);
  g_assert_cmpuint (w.gid_notifies, >=, 1);
  g_assert_cmpuint (gverbs_port_status_get_gid_generation (port), >=, 2);

  /* the netdev down: PORT_ERR, the state notified DOWN, the GIDs changed */
  run ("ip link set " EXTRA_NETDEV " down");
  wait_for (&w, extra_down);
  g_assert_cmpuint (w.state_notifies, ==, 1);
  g_assert_cmpuint (gverbs_port_status_get_phys_state (port), !=, 5);   /* not LinkUp */

  /* and up again: PORT_ACTIVE, notified ACTIVE */
  run ("ip link set " EXTRA_NETDEV " up");
  wait_for (&w, extra_active);
  g_assert_cmpuint (w.state_notifies, ==, 2);
  g_assert_cmpuint (w.port_err, >=, 1);
  g_assert_cmpuint (w.port_active, >=, 1);
  g_assert_cmpuint (w.added, ==, 1);
  g_assert_cmpuint (w.removed, ==, 0);

  /* rdma link delete: it must not wait for the monitor's open context */
  run_async (&w, del);
  wait_for (&w, extra_gone);
  g_assert_true (w.command_ok);
  g_assert_cmpuint (w.removed, ==, 1);
  g_assert_cmpuint (w.added, ==, 1);
  g_assert_cmpuint (w.device_removed, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (w.monitor)), ==, n);
  g_assert_false (gverbs_port_status_get_present (port));
  g_assert_cmpint (gverbs_port_status_get_state (port), ==, GVERBS_PORT_DOWN);
  g_assert_cmpuint (w.state_notifies, ==, 3);
  g_assert_nonnull (gverbs_device_monitor_lookup (w.monitor, gverbs_test_device_name ()));

  /* and added back: a new item again */
  run_async (&w, add);
  wait_for (&w, extra_present);
  g_assert_cmpuint (w.added, ==, 2);
  g_assert_cmpuint (w.device_added, ==, 2);
  run_async (&w, del);
  wait_for (&w, extra_gone);
  g_assert_cmpuint (w.removed, ==, 2);

  run ("ip link del " EXTRA_NETDEV);
  g_clear_object (&w.monitor);
  g_main_loop_unref (w.loop);
}

static void
send_messages (QPPair *p,
               guint   count)
{
  for (guint i = 0; i < count; i++)
    {
      g_autoptr(GError) error = NULL;
      GVerbsRecvWR rwr = { .wr_id = i, .num_sge = 1, .sg_list = { mr_sge (p->mr[1], 0, 64) } };
      GVerbsSendWR wr;
      GVerbsWC wc;

      g_assert_true (gverbs_qp_post_recv (p->qp[1], &rwr, 1, &error));
      g_assert_no_error (error);
      gverbs_send_wr_init (&wr, i, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
      wr.sg_list[0] = mr_sge (p->mr[0], 0, 64);
      wr.num_sge = 1;
      g_assert_true (gverbs_qp_post_send (p->qp[0], &wr, 1, &error));
      g_assert_no_error (error);
      poll_n (p->cq[0], &wc, 1);
      g_assert_cmpint (wc.status, ==, GVERBS_WC_SUCCESS);
      poll_n (p->cq[1], &wc, 1);
      g_assert_cmpint (wc.status, ==, GVERBS_WC_SUCCESS);
    }
}

static void
test_counters_move (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPortCounters) counters = NULL;
  g_autoptr(GHashTable) table = NULL;
  g_autoptr(GVariant) dict = NULL;
  g_auto(GStrv) names = NULL;
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE, FALSE, 16 };
  QPPair p;
  guint64 sent, rcvd, sends;
  guint64 value = 0;

  if (!qp_pair_init (&p, &o))
    return;
  counters = gverbs_port_counters_new (gverbs_test_device_name (), 1, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (gverbs_port_counters_get_rate (counters, "sent_pkts"), ==, 0);
  g_assert_true (gverbs_port_counters_sample (counters, &error));
  g_assert_no_error (error);
  names = gverbs_port_counters_get_names (counters);
  g_assert_true (g_strv_contains ((const char * const *) names, "sent_pkts"));
  g_assert_true (g_strv_contains ((const char * const *) names, "rcvd_pkts"));
  g_assert_false (g_strv_contains ((const char * const *) names, "lifespan"));
  sent = gverbs_port_counters_get (counters, "sent_pkts");
  rcvd = gverbs_port_counters_get (counters, "rcvd_pkts");
  sends = gverbs_port_counters_get (counters, "rdma_sends");
  g_assert_cmpfloat (gverbs_port_counters_get_interval (counters), ==, 0);

  send_messages (&p, 50);
  g_usleep (100000);
  g_assert_true (gverbs_port_counters_sample (counters, &error));
  g_assert_no_error (error);
  /* 50 sends and their 50 acks, all over loopback: each side counts them */
  g_assert_cmpuint (gverbs_port_counters_get (counters, "sent_pkts") - sent, >=, 100);
  g_assert_cmpuint (gverbs_port_counters_get (counters, "rcvd_pkts") - rcvd, >=, 100);
  g_assert_cmpuint (gverbs_port_counters_get (counters, "rdma_sends") - sends, ==, 50);
  g_assert_cmpfloat (gverbs_port_counters_get_interval (counters), >, 0.1);
  g_assert_cmpfloat (gverbs_port_counters_get_rate (counters, "sent_pkts"), >, 0);
  g_assert_cmpfloat (gverbs_port_counters_get_rate (counters, "rdma_sends"), ==,
                     50 / gverbs_port_counters_get_interval (counters));
  g_assert_cmpfloat (gverbs_port_counters_get_rate (counters, "no_such_counter"), ==, 0);

  /* the table and the dictionary agree with the sysfs file */
  table = gverbs_port_counters_read (counters, &error);
  g_assert_no_error (error);
  {
    g_autofree char *path = g_strdup_printf ("/sys/class/infiniband/%s/ports/1/hw_counters/rdma_sends",
                                             gverbs_test_device_name ());
    g_autofree char *text = NULL;

    g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
    g_assert_cmpuint (*(guint64 *) g_hash_table_lookup (table, "rdma_sends"), ==,
                      g_ascii_strtoull (text, NULL, 10));
  }
  dict = g_variant_ref_sink (gverbs_port_counters_to_variant (counters));
  g_assert_true (g_variant_lookup (dict, "rdma_sends", "t", &value));
  g_assert_cmpuint (value, ==, gverbs_port_counters_get (counters, "rdma_sends"));

  qp_pair_clear (&p);
}

static void
test_counters_no_port (void)
{
  g_autoptr(GError) error = NULL;
  GVerbsPortCounters *counters;

  if (gverbs_test_device_name () == NULL)
    {
      g_test_skip ("no device");
      return;
    }
  counters = gverbs_port_counters_new (gverbs_test_device_name (), 42, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_DEVICE);
  g_assert_null (counters);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/device-monitor/initial-list", test_initial_list);
  g_test_add_func ("/device-monitor/add-change-delete", test_add_change_delete);
  g_test_add_func ("/port-counters/move", test_counters_move);
  g_test_add_func ("/port-counters/no-port", test_counters_no_port);
  return g_test_run ();
}
