/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* A GTK4 RDMA monitor over libgverbs: the device list from
 * GVerbsDeviceMonitor (a GListModel in a GtkListView), the selected
 * device's port attributes and GIDs (GVerbsPortStatus, notified), an event
 * log fed by the monitor's signals, and a live packet-rate plot from
 * GVerbsPortCounters.
 *
 *   gverbs-gtk-monitor [--device NAME] [--interval SECONDS]
 *                      [--status-file FILE] [--screenshot FILE] [--quit-after SECONDS]
 *
 * --status-file and --screenshot are its test hooks: the first is rewritten
 * (JSON) after every event and sample with what the window shows; the
 * second is a PNG of the window, written after a painted frame at most every
 * two seconds and again when the program ends (SIGTERM, SIGINT, --quit-after
 * or closing the window). */
#include <gtk/gtk.h>
#include <glib-unix.h>
#include <gverbs.h>
#include <unistd.h>

#define PLOT_SAMPLES 120

typedef struct {
  GtkWidget *window;
  GtkWidget *list;
  GtkSingleSelection *selection;
  GtkWidget *attr_grid;
  GtkWidget *state_label;
  GtkWidget *phys_label;
  GtkWidget *mtu_label;
  GtkWidget *lid_label;
  GtkWidget *gid_label;
  GtkWidget *plot;
  GtkWidget *plot_label;
  GtkTextBuffer *log;
  GVerbsDeviceMonitor *monitor;
  GVerbsPortStatus *port;           /* the selected device's port 1 */
  gulong port_handler;
  GVerbsPortCounters *counters;
  double samples[PLOT_SAMPLES];
  guint n_samples;
  guint n_events;
  guint n_frames;                   /* frames painted */
  gint64 last_screenshot;           /* monotonic µs */
  guint quit_timeout;               /* set while the last frame is awaited */
  gboolean final_screenshot;
  char *status_file;
  char *screenshot;
  GMainLoop *loop;
} Monitor;

static char *opt_device;
static double opt_interval = 1.0;
static char *opt_status_file;
static char *opt_screenshot;
static double opt_quit_after;

static const GOptionEntry entries[] = {
  { "device", 'd', 0, G_OPTION_ARG_STRING, &opt_device, "Select this device first", "NAME" },
  { "interval", 0, 0, G_OPTION_ARG_DOUBLE, &opt_interval, "Seconds between counter samples", "SECONDS" },
  { "status-file", 0, 0, G_OPTION_ARG_FILENAME, &opt_status_file, "Test hook: write what the window shows here, as JSON", "FILE" },
  { "screenshot", 0, 0, G_OPTION_ARG_FILENAME, &opt_screenshot, "Test hook: save the window as PNG at exit", "FILE" },
  { "quit-after", 0, 0, G_OPTION_ARG_DOUBLE, &opt_quit_after, "Quit after this many seconds", "SECONDS" },
  { NULL }
};

static const char *
state_text (GVerbsPortState state)
{
  static const char *names[] = { "NOP", "DOWN", "INIT", "ARMED", "ACTIVE", "ACTIVE_DEFER" };

  return (guint) state < G_N_ELEMENTS (names) ? names[state] : "?";
}

static const char *
selected_name (Monitor *m)
{
  GVerbsDevice *device = gtk_single_selection_get_selected_item (m->selection);

  return device ? gverbs_device_get_name (device) : NULL;
}

static void
write_status (Monitor *m)
{
  g_autoptr(GString) out = g_string_new (NULL);
  GListModel *model = G_LIST_MODEL (m->monitor);
  guint n = g_list_model_get_n_items (model);

  if (m->status_file == NULL)
    return;
  g_string_append_printf (out, "{\"pid\":%d,\"devices\":[", (int) getpid ());
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GVerbsDevice) device = g_list_model_get_item (model, i);

      g_string_append_printf (out, "%s\"%s\"", i ? "," : "", gverbs_device_get_name (device));
    }
  g_string_append (out, "],\"ports\":{");
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GVerbsDevice) device = g_list_model_get_item (model, i);
      GVerbsPortStatus *port = gverbs_device_monitor_get_port (m->monitor, gverbs_device_get_name (device), 1);

      if (port != NULL)
        g_string_append_printf (out, "%s\"%s/1\":\"%s\"", i ? "," : "", gverbs_device_get_name (device),
                                state_text (gverbs_port_status_get_state (port)));
    }
  g_string_append_printf (out, "},\"selected\":\"%s\",\"shown_state\":\"%s\",\"events\":%u,"
                          "\"plot_samples\":%u,\"plot_last\":%.3f,\"frames\":%u}\n",
                          selected_name (m) ? selected_name (m) : "",
                          gtk_label_get_text (GTK_LABEL (m->state_label)), m->n_events, m->n_samples,
                          m->n_samples ? m->samples[(m->n_samples - 1) % PLOT_SAMPLES] : 0.0, m->n_frames);
  g_file_set_contents (m->status_file, out->str, -1, NULL);
}

static void
log_line (Monitor    *m,
          const char *format,
          ...) G_GNUC_PRINTF (2, 3);

static void
log_line (Monitor    *m,
          const char *format,
          ...)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%H:%M:%S");
  g_autofree char *text = NULL;
  g_autofree char *line = NULL;
  GtkTextIter end;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  line = g_strdup_printf ("%s  %s\n", stamp, text);
  gtk_text_buffer_get_end_iter (m->log, &end);
  gtk_text_buffer_insert (m->log, &end, line, -1);
  m->n_events++;
  write_status (m);
}

/* ---- the selected port ---------------------------------------------- */

static void
show_port (Monitor *m)
{
  GVerbsPortStatus *port = m->port;
  g_autoptr(GPtrArray) gids = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *mtu = NULL;
  g_autofree char *phys = NULL;
  g_autofree char *lid = NULL;

  if (port == NULL)
    {
      gtk_label_set_text (GTK_LABEL (m->state_label), "—");
      gtk_label_set_text (GTK_LABEL (m->phys_label), "—");
      gtk_label_set_text (GTK_LABEL (m->mtu_label), "—");
      gtk_label_set_text (GTK_LABEL (m->lid_label), "—");
      gtk_label_set_text (GTK_LABEL (m->gid_label), "");
      return;
    }
  gtk_label_set_text (GTK_LABEL (m->state_label), state_text (gverbs_port_status_get_state (port)));
  phys = g_strdup_printf ("%u", gverbs_port_status_get_phys_state (port));
  gtk_label_set_text (GTK_LABEL (m->phys_label), phys);
  mtu = g_strdup_printf ("%u", 128u << gverbs_port_status_get_active_mtu (port));
  gtk_label_set_text (GTK_LABEL (m->mtu_label), mtu);
  lid = g_strdup_printf ("%u", gverbs_port_status_get_lid (port));
  gtk_label_set_text (GTK_LABEL (m->lid_label), lid);
  gids = gverbs_port_status_get_gids (port);
  for (guint i = 0; i < gids->len; i++)
    {
      GVerbsGidEntry *entry = gids->pdata[i];
      g_autofree char *address = gverbs_gid_to_ipv6_string (&entry->gid);

      g_string_append_printf (text, "%s[%u] %s  %s", i ? "\n" : "", entry->gid_index, address,
                              entry->gid_type == GVERBS_GID_TYPE_ROCE_V2 ? "RoCE v2"
                              : entry->gid_type == GVERBS_GID_TYPE_ROCE_V1 ? "RoCE v1" : "IB");
    }
  gtk_label_set_text (GTK_LABEL (m->gid_label), text->str);
}

static void
on_port_notify (GVerbsPortStatus *port,
                GParamSpec       *pspec,
                Monitor          *m)
{
  show_port (m);
  write_status (m);
}

static void
select_device (Monitor    *m,
               const char *name)
{
  if (m->port != NULL)
    g_clear_signal_handler (&m->port_handler, m->port);
  g_clear_object (&m->port);
  g_clear_object (&m->counters);
  m->n_samples = 0;
  if (name != NULL && gverbs_device_monitor_get_port (m->monitor, name, 1) != NULL)
    {
      m->port = g_object_ref (gverbs_device_monitor_get_port (m->monitor, name, 1));
      m->port_handler = g_signal_connect (m->port, "notify", G_CALLBACK (on_port_notify), m);
      m->counters = gverbs_port_counters_new (name, 1, NULL);
      if (m->counters != NULL)
        gverbs_port_counters_sample (m->counters, NULL);
    }
  show_port (m);
  gtk_widget_queue_draw (m->plot);
  write_status (m);
}

static void
on_selected (GtkSingleSelection *selection,
             GParamSpec         *pspec,
             Monitor            *m)
{
  select_device (m, selected_name (m));
}

/* ---- the monitor's signals ------------------------------------------ */

static void
on_device_added (GVerbsDeviceMonitor *monitor,
                 GVerbsDevice        *device,
                 Monitor             *m)
{
  log_line (m, "device added: %s", gverbs_device_get_name (device));
}

static void
on_device_removed (GVerbsDeviceMonitor *monitor,
                   GVerbsDevice        *device,
                   Monitor             *m)
{
  log_line (m, "device removed: %s", gverbs_device_get_name (device));
}

static void
on_port_event (GVerbsDeviceMonitor *monitor,
               GVerbsPortStatus    *port,
               GVerbsAsyncEvent    *event,
               Monitor             *m)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (GVERBS_TYPE_EVENT_TYPE);
  GEnumValue *value = g_enum_get_value (klass, gverbs_async_event_get_event_type (event));

  log_line (m, "%s port %u: %s, now %s", gverbs_port_status_get_device_name (port),
            gverbs_port_status_get_port_num (port), value ? value->value_nick : "event",
            state_text (gverbs_port_status_get_state (port)));
}

/* ---- the plot ------------------------------------------------------- */


static gboolean
on_sample (gpointer user_data)
{
  Monitor *m = user_data;
  double rate;
  g_autofree char *text = NULL;

  if (m->counters == NULL || !gverbs_port_counters_sample (m->counters, NULL))
    return G_SOURCE_CONTINUE;
  if (gverbs_port_counters_get_interval (m->counters) <= 0)
    return G_SOURCE_CONTINUE;
  /* packets: rxe counts no bytes; an IB port's data counters are in 4-octet units */
  rate = gverbs_port_counters_get_rate (m->counters, "sent_pkts")
         + gverbs_port_counters_get_rate (m->counters, "rcvd_pkts")
         + gverbs_port_counters_get_rate (m->counters, "port_xmit_packets")
         + gverbs_port_counters_get_rate (m->counters, "port_rcv_packets");
  m->samples[m->n_samples % PLOT_SAMPLES] = rate;
  m->n_samples++;
  text = g_strdup_printf ("%s port 1: %.1f packets/s", gverbs_port_counters_get_device_name (m->counters), rate);
  gtk_label_set_text (GTK_LABEL (m->plot_label), text);
  gtk_widget_queue_draw (m->plot);
  write_status (m);
  return G_SOURCE_CONTINUE;
}

static void
draw_plot (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  Monitor *m = user_data;
  guint n = MIN (m->n_samples, PLOT_SAMPLES);
  double max = 1;

  cairo_set_source_rgb (cr, 0.12, 0.12, 0.14);
  cairo_paint (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.15);
  cairo_set_line_width (cr, 1);
  for (int i = 1; i < 4; i++)
    {
      cairo_move_to (cr, 0, height * i / 4.0 + 0.5);
      cairo_line_to (cr, width, height * i / 4.0 + 0.5);
    }
  cairo_stroke (cr);
  if (n < 2)
    return;
  for (guint i = 0; i < n; i++)
    max = MAX (max, m->samples[(m->n_samples - n + i) % PLOT_SAMPLES]);
  cairo_set_source_rgb (cr, 0.36, 0.75, 0.95);
  cairo_set_line_width (cr, 2);
  for (guint i = 0; i < n; i++)
    {
      double v = m->samples[(m->n_samples - n + i) % PLOT_SAMPLES];
      double x = width - (double) (n - 1 - i) * width / (PLOT_SAMPLES - 1);
      double y = height - 4 - v / max * (height - 8);

      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);
}

/* ---- the window ----------------------------------------------------- */

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_start (label, 8);
  gtk_widget_set_margin_end (label, 8);
  gtk_widget_set_margin_top (label, 4);
  gtk_widget_set_margin_bottom (label, 4);
  gtk_list_item_set_child (item, label);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  user_data)
{
  GVerbsDevice *device = gtk_list_item_get_item (item);
  g_autofree char *text = g_strdup_printf ("<b>%s</b>\n<small>guid %016" G_GINT64_MODIFIER "x</small>",
                                           gverbs_device_get_name (device),
                                           gverbs_device_get_guid (device));

  gtk_label_set_markup (GTK_LABEL (gtk_list_item_get_child (item)), text);
}

static GtkWidget *
attr_row (GtkWidget  *grid,
          int         row,
          const char *name)
{
  GtkWidget *key = gtk_label_new (name);
  GtkWidget *value = gtk_label_new ("—");

  gtk_label_set_xalign (GTK_LABEL (key), 1);
  gtk_widget_add_css_class (key, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (value), 0);
  gtk_label_set_selectable (GTK_LABEL (value), TRUE);
  gtk_grid_attach (GTK_GRID (grid), key, 0, row, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), value, 1, row, 1, 1);
  return value;
}

static void
build_window (Monitor *m)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *right = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *log_view = gtk_text_view_new ();
  GtkWidget *log_scrolled = gtk_scrolled_window_new ();
  GtkWidget *heading;

  m->window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (m->window), "RDMA monitor");
  gtk_window_set_default_size (GTK_WINDOW (m->window), 900, 600);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), m);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), m);
  m->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (m->monitor)));
  m->list = gtk_list_view_new (GTK_SELECTION_MODEL (g_object_ref (m->selection)), factory);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), m->list);
  gtk_widget_set_size_request (scrolled, 220, -1);
  gtk_paned_set_start_child (GTK_PANED (paned), scrolled);
  gtk_paned_set_resize_start_child (GTK_PANED (paned), FALSE);

  gtk_widget_set_margin_start (right, 12);
  gtk_widget_set_margin_end (right, 12);
  gtk_widget_set_margin_top (right, 12);
  gtk_widget_set_margin_bottom (right, 12);
  heading = gtk_label_new ("<b>Port 1</b>");
  gtk_label_set_use_markup (GTK_LABEL (heading), TRUE);
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_box_append (GTK_BOX (right), heading);
  m->attr_grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (m->attr_grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (m->attr_grid), 4);
  m->state_label = attr_row (m->attr_grid, 0, "state");
  m->phys_label = attr_row (m->attr_grid, 1, "phys_state");
  m->mtu_label = attr_row (m->attr_grid, 2, "active_mtu");
  m->lid_label = attr_row (m->attr_grid, 3, "port_lid");
  m->gid_label = attr_row (m->attr_grid, 4, "GIDs");
  gtk_box_append (GTK_BOX (right), m->attr_grid);

  m->plot_label = gtk_label_new ("packets/s");
  gtk_label_set_xalign (GTK_LABEL (m->plot_label), 0);
  gtk_box_append (GTK_BOX (right), m->plot_label);
  m->plot = gtk_drawing_area_new ();
  gtk_widget_set_size_request (m->plot, -1, 160);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (m->plot), draw_plot, m, NULL);
  gtk_box_append (GTK_BOX (right), m->plot);

  m->log = gtk_text_view_get_buffer (GTK_TEXT_VIEW (log_view));
  gtk_text_view_set_editable (GTK_TEXT_VIEW (log_view), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (log_view), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (log_scrolled), log_view);
  gtk_widget_set_vexpand (log_scrolled, TRUE);
  gtk_box_append (GTK_BOX (right), log_scrolled);
  gtk_paned_set_end_child (GTK_PANED (paned), right);
  gtk_window_set_child (GTK_WINDOW (m->window), paned);
}

/* A queued redraw drops the window's render node until the next frame is
 * painted, so screenshots are taken after a paint: at exit the program
 * paints one last frame first (request_quit), and only if that does not come
 * does it fall back to the last painted one. */
static void
save_screenshot (Monitor  *m,
                 gboolean  at_exit)
{
  int width = gtk_widget_get_width (m->window);
  int height = gtk_widget_get_height (m->window);
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer;

  if (m->screenshot == NULL)
    return;
  if (width <= 0 || height <= 0)
    {
      if (at_exit)
        g_printerr ("gverbs-gtk-monitor: no screenshot at exit: the window is %d×%d\n", width, height);
      return;
    }
  paintable = gtk_widget_paintable_new (m->window);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  renderer = gtk_native_get_renderer (GTK_NATIVE (m->window));
  if (node == NULL || renderer == NULL)
    {
      if (at_exit)
        g_printerr ("gverbs-gtk-monitor: no screenshot at exit (%s); %s\n",
                    node == NULL ? "no frame painted since the last redraw" : "no renderer",
                    g_file_test (m->screenshot, G_FILE_TEST_EXISTS) ? "keeping the last painted one"
                                                                     : "nothing was painted");
      return;
    }
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (!gdk_texture_save_to_png (texture, m->screenshot))
    g_printerr ("gverbs-gtk-monitor: cannot write %s\n", m->screenshot);
}

static void
on_after_paint (GdkFrameClock *clock,
                Monitor       *m)
{
  gint64 now = g_get_monotonic_time ();

  m->n_frames++;
  if (m->quit_timeout != 0)
    {
      save_screenshot (m, TRUE);
      m->final_screenshot = TRUE;
      g_clear_handle_id (&m->quit_timeout, g_source_remove);
      g_main_loop_quit (m->loop);
    }
  else if (now - m->last_screenshot >= 2 * G_USEC_PER_SEC)
    {
      m->last_screenshot = now;
      save_screenshot (m, FALSE);
    }
}

static void
on_window_realize (GtkWidget *window,
                   Monitor   *m)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (on_after_paint), m);
}

static gboolean
on_last_frame_timeout (gpointer user_data)
{
  Monitor *m = user_data;

  m->quit_timeout = 0;
  g_main_loop_quit (m->loop);
  return G_SOURCE_REMOVE;
}

static void
request_quit (Monitor *m)
{
  if (m->quit_timeout != 0)
    return;
  if (m->screenshot == NULL || !gtk_widget_get_mapped (m->window))
    {
      g_main_loop_quit (m->loop);
      return;
    }
  gtk_widget_queue_draw (m->window);
  m->quit_timeout = g_timeout_add_seconds (5, on_last_frame_timeout, m);
}

static gboolean
on_quit (gpointer user_data)
{
  request_quit (user_data);
  return G_SOURCE_REMOVE;
}

static gboolean
on_close_request (GtkWindow *window,
                  Monitor   *m)
{
  request_quit (m);
  return TRUE;
}

int
main (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  Monitor m = { 0 };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  gtk_init ();
  m.status_file = opt_status_file;
  m.screenshot = opt_screenshot;
  m.loop = g_main_loop_new (NULL, FALSE);
  m.monitor = gverbs_device_monitor_new (NULL, &error);
  if (m.monitor == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  build_window (&m);
  g_signal_connect (m.monitor, "device-added", G_CALLBACK (on_device_added), &m);
  g_signal_connect (m.monitor, "device-removed", G_CALLBACK (on_device_removed), &m);
  g_signal_connect (m.monitor, "port-event", G_CALLBACK (on_port_event), &m);
  g_signal_connect (m.selection, "notify::selected-item", G_CALLBACK (on_selected), &m);
  g_signal_connect (m.window, "close-request", G_CALLBACK (on_close_request), &m);
  g_signal_connect (m.window, "realize", G_CALLBACK (on_window_realize), &m);
  for (guint i = 0; opt_device != NULL && i < g_list_model_get_n_items (G_LIST_MODEL (m.monitor)); i++)
    {
      g_autoptr(GVerbsDevice) device = g_list_model_get_item (G_LIST_MODEL (m.monitor), i);

      if (g_str_equal (gverbs_device_get_name (device), opt_device))
        gtk_single_selection_set_selected (m.selection, i);
    }
  select_device (&m, selected_name (&m));
  log_line (&m, "watching %u device(s)", g_list_model_get_n_items (G_LIST_MODEL (m.monitor)));
  g_timeout_add ((guint) (MAX (opt_interval, 0.05) * 1000), on_sample, &m);
  g_unix_signal_add (SIGTERM, on_quit, &m);
  g_unix_signal_add (SIGINT, on_quit, &m);
  if (opt_quit_after > 0)
    g_timeout_add ((guint) (opt_quit_after * 1000), on_quit, &m);
  gtk_window_present (GTK_WINDOW (m.window));
  g_main_loop_run (m.loop);

  if (!m.final_screenshot)
    save_screenshot (&m, TRUE);
  write_status (&m);
  select_device (&m, NULL);
  gtk_window_destroy (GTK_WINDOW (m.window));
  gverbs_resource_close (GVERBS_RESOURCE (m.monitor), NULL);
  g_object_unref (m.selection);
  g_object_unref (m.monitor);
  g_main_loop_unref (m.loop);
  return 0;
}
