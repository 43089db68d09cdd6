/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* An event-driven rdma_cm echo server on one GMainLoop:
 *   gverbs-example-cm-echo-server ADDRESS PORT [CONNECTIONS [KEEPALIVE_MS]]
 * echoes every message back on its connection; with CONNECTIONS it exits
 * after that many connections were closed. With KEEPALIVE_MS it also sends
 * an empty message on every connection that often: a peer that vanished
 * without a disconnect (host down) then shows up as a failed completion,
 * and the connection is closed. */
#include <stdlib.h>
#include <gverbs.h>

#define MSG_SIZE 4096
#define SLOTS 8

static GMainLoop *loop;
static guint max_connections, closed_connections, keepalive_ms;

#define KEEPALIVE_WR_ID 1000

static void
fail (const char *what, GError *error)
{
  g_printerr ("cm-echo-server: %s: %s\n", what, error->message);
  exit (1);
}

static void
on_recv (GVerbsCMID *conn, const GVerbsWC *wc, gpointer data)
{
  GVerbsMR *mr = g_object_get_data (G_OBJECT (conn), "mr");
  g_autoptr(GError) error = NULL;

  if (wc->status != GVERBS_WC_SUCCESS)
    return;     /* flushed: the connection is going away */
  *(guint *) g_object_get_data (G_OBJECT (conn), "count") += 1;
  /* echo from the slot it arrived in; the slot is reposted once sent */
  if (!gverbs_cm_id_post_send (conn, mr, wc->wr_id * MSG_SIZE, wc->byte_len,
                               GVERBS_SEND_SIGNALED, wc->wr_id, &error))
    fail ("post_send", error);
}

static void connection_closed (GVerbsCMID *conn, const char *how);

static void
on_send (GVerbsCMID *conn, const GVerbsWC *wc, gpointer data)
{
  GVerbsMR *mr = g_object_get_data (G_OBJECT (conn), "mr");
  g_autoptr(GError) error = NULL;

  if (wc->wr_id == KEEPALIVE_WR_ID)
    g_object_set_data (G_OBJECT (conn), "keepalive-pending", NULL);
  if (wc->status != GVERBS_WC_SUCCESS)
    {
      if (wc->status != GVERBS_WC_WR_FLUSH_ERR)
        {
          g_autofree char *how = g_strdup_printf ("lost (%s)", gverbs_wc_status_str (wc->status));
          connection_closed (conn, how);
        }
      return;
    }
  if (wc->wr_id == KEEPALIVE_WR_ID)
    return;
  if (!gverbs_cm_id_post_recv (conn, mr, wc->wr_id * MSG_SIZE, MSG_SIZE, wc->wr_id, &error))
    fail ("post_recv", error);
}

static void
on_accepting (GVerbsCMListener *listener, GVerbsCMID *conn, gpointer data)
{
  g_autoptr(GError) error = NULL;
  GVerbsMR *mr = gverbs_cm_id_reg_msgs (conn, SLOTS * MSG_SIZE, &error);

  if (mr == NULL)
    fail ("reg_msgs", error);
  g_object_set_data_full (G_OBJECT (conn), "mr", mr, g_object_unref);
  g_object_set_data_full (G_OBJECT (conn), "count", g_new0 (guint, 1), g_free);
  for (guint i = 0; i < SLOTS; i++)
    if (!gverbs_cm_id_post_recv (conn, mr, i * MSG_SIZE, MSG_SIZE, i, &error))
      fail ("post_recv", error);
  g_signal_connect (conn, "recv-completion", G_CALLBACK (on_recv), NULL);
  g_signal_connect (conn, "send-completion", G_CALLBACK (on_send), NULL);
  if (!gverbs_cm_id_watch_completions (conn, &error))
    fail ("watch_completions", error);
}

static void
connection_closed (GVerbsCMID *conn, const char *how)
{
  g_autofree char *peer = gverbs_cm_id_dup_remote_address (conn);
  guint source = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (conn), "keepalive"));

  if (gverbs_resource_is_closed (GVERBS_RESOURCE (conn)))
    return;
  g_print ("%s:%u %s after %u messages\n", peer, gverbs_cm_id_get_remote_port (conn), how,
           *(guint *) g_object_get_data (G_OBJECT (conn), "count"));
  if (source != 0)
    g_source_remove (source);
  gverbs_resource_close (GVERBS_RESOURCE (conn), NULL);
  if (max_connections > 0 && ++closed_connections == max_connections)
    g_main_loop_quit (loop);
  g_object_unref (conn);        /* the reference taken in on_incoming */
}

static void
on_disconnected (GVerbsCMID *conn, gpointer data)
{
  connection_closed (conn, "closed");
}

static gboolean
keepalive (gpointer data)
{
  GVerbsCMID *conn = data;
  GVerbsMR *mr = g_object_get_data (G_OBJECT (conn), "mr");

  if (g_object_get_data (G_OBJECT (conn), "keepalive-pending") == NULL &&
      gverbs_cm_id_post_send (conn, mr, 0, 0, GVERBS_SEND_SIGNALED, KEEPALIVE_WR_ID, NULL))
    g_object_set_data (G_OBJECT (conn), "keepalive-pending", GUINT_TO_POINTER (1));
  return G_SOURCE_CONTINUE;
}

static gboolean
on_incoming (GVerbsCMListener *listener, GVerbsCMID *conn, gpointer data)
{
  g_autofree char *peer = gverbs_cm_id_dup_remote_address (conn);

  g_print ("connection from %s:%u\n", peer, gverbs_cm_id_get_remote_port (conn));
  g_signal_connect (conn, "disconnected", G_CALLBACK (on_disconnected), NULL);
  g_object_ref (conn);
  if (keepalive_ms > 0)
    g_object_set_data (G_OBJECT (conn), "keepalive",
                       GUINT_TO_POINTER (g_timeout_add (keepalive_ms, keepalive, conn)));
  return TRUE;
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsCMQPInitAttr) attr = gverbs_cm_qp_init_attr_new ();
  g_autoptr(GVerbsCMListener) listener = NULL;
  guint port;

  if (argc < 3)
    {
      g_printerr ("usage: %s ADDRESS PORT [CONNECTIONS [KEEPALIVE_MS]]\n", argv[0]);
      return 2;
    }
  max_connections = argc > 3 ? (guint) atoi (argv[3]) : 0;
  keepalive_ms = argc > 4 ? (guint) atoi (argv[4]) : 0;
  attr->max_send_wr = SLOTS + 1;        /* the echoes and one keepalive */
  attr->max_recv_wr = SLOTS;
  listener = gverbs_cm_listener_new (attr, &error);
  if (listener == NULL)
    fail ("listener", error);
  g_signal_connect (listener, "accepting", G_CALLBACK (on_accepting), NULL);
  g_signal_connect (listener, "incoming", G_CALLBACK (on_incoming), NULL);
  port = gverbs_cm_listener_add_address (listener, argv[1], (guint) atoi (argv[2]), 0, &error);
  if (port == 0)
    fail ("listen", error);
  g_print ("listening on %s:%u\n", argv[1], port);
  loop = g_main_loop_new (NULL, FALSE);
  g_main_loop_run (loop);
  gverbs_resource_close (GVERBS_RESOURCE (listener), NULL);
  g_main_loop_unref (loop);
  return 0;
}
