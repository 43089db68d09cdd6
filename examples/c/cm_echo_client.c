/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* An event-driven rdma_cm echo client on one GMainLoop:
 *   gverbs-example-cm-echo-client ADDRESS PORT [COUNT]
 * sends COUNT messages one after the other and checks each echo. */
#include <stdlib.h>
#include <string.h>
#include <gverbs.h>

#define MSG_SIZE 4096

static GMainLoop *loop;
static GVerbsCMID *id;
static GVerbsMR *send_mr, *recv_mr;
static guint count = 10, next;

static void
fail (const char *what, GError *error)
{
  g_printerr ("cm-echo-client: %s: %s\n", what, error->message);
  exit (1);
}

static gsize
message (guint n, char *buf)
{
  return (gsize) g_snprintf (buf, MSG_SIZE, "message %u of %u from the gverbs echo client", n, count);
}

static void
send_next (void)
{
  g_autoptr(GError) error = NULL;
  char msg[MSG_SIZE];
  gsize len = message (next, msg);

  if (!gverbs_cm_id_post_recv (id, recv_mr, 0, MSG_SIZE, next, &error) ||
      !gverbs_mr_write (send_mr, (const guint8 *) msg, len, 0, &error) ||
      !gverbs_cm_id_post_send (id, send_mr, 0, len, GVERBS_SEND_SIGNALED, next, &error))
    fail ("send", error);
}

static void
on_recv (GVerbsCMID *cm_id, const GVerbsWC *wc, gpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) got = NULL;
  char msg[MSG_SIZE];
  gsize len = message (next, msg);

  if (wc->status != GVERBS_WC_SUCCESS)
    {
      g_printerr ("cm-echo-client: receive failed: %s\n", gverbs_wc_status_str (wc->status));
      exit (1);
    }
  if (wc->byte_len == 0)
    {
      /* the server's keepalive: receive again */
      if (!gverbs_cm_id_post_recv (id, recv_mr, 0, MSG_SIZE, next, &error))
        fail ("post_recv", error);
      return;
    }
  got = gverbs_mr_read (recv_mr, wc->byte_len, 0, &error);
  if (got == NULL)
    fail ("read", error);
  if (g_bytes_get_size (got) != len || memcmp (g_bytes_get_data (got, NULL), msg, len) != 0)
    {
      g_printerr ("cm-echo-client: echo %u differs\n", next);
      exit (1);
    }
  if (++next < count)
    send_next ();
  else
    g_main_loop_quit (loop);
}

static void
on_send (GVerbsCMID *cm_id, const GVerbsWC *wc, gpointer data)
{
  if (wc->status != GVERBS_WC_SUCCESS)
    {
      g_printerr ("cm-echo-client: send failed: %s\n", gverbs_wc_status_str (wc->status));
      exit (1);
    }
}

static void
connected_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(GError) error = NULL;

  if (!gverbs_cm_id_connect_to_peer_finish (id, result, &error))
    fail ("connect", error);
  send_next ();
}

static void
route_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsCMQPInitAttr) attr = gverbs_cm_qp_init_attr_new ();

  attr->max_send_wr = 2;
  attr->max_recv_wr = 2;
  if (!gverbs_cm_id_resolve_route_finish (id, result, &error) ||
      !gverbs_cm_id_create_qp (id, attr, &error) ||
      !(send_mr = gverbs_cm_id_reg_msgs (id, MSG_SIZE, &error)) ||
      !(recv_mr = gverbs_cm_id_reg_msgs (id, MSG_SIZE, &error)))
    fail ("setup", error);
  g_signal_connect (id, "recv-completion", G_CALLBACK (on_recv), NULL);
  g_signal_connect (id, "send-completion", G_CALLBACK (on_send), NULL);
  if (!gverbs_cm_id_watch_completions (id, &error))
    fail ("watch_completions", error);
  gverbs_cm_id_connect_to_peer_async (id, NULL, NULL, NULL, connected_cb, NULL);
}

static void
addr_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(GError) error = NULL;

  if (!gverbs_cm_id_resolve_addr_finish (id, result, &error))
    fail ("resolve_addr", error);
  gverbs_cm_id_resolve_route_async (id, 2000, NULL, route_cb, NULL);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsEventChannel) ch = NULL;
  g_autoptr(GVerbsAddrInfo) dst = NULL;

  if (argc < 3)
    {
      g_printerr ("usage: %s ADDRESS PORT [COUNT]\n", argv[0]);
      return 2;
    }
  if (argc > 3)
    count = (guint) atoi (argv[3]);
  ch = gverbs_event_channel_new (&error);
  if (ch == NULL)
    fail ("event channel", error);
  dst = gverbs_addr_info_new (NULL, argv[1], NULL, argv[2], GVERBS_RDMA_PS_TCP, 0, &error);
  if (dst == NULL)
    fail ("address", error);
  id = gverbs_cm_id_new_on_channel (ch, GVERBS_RDMA_PS_TCP, &error);
  if (id == NULL)
    fail ("cm_id", error);
  loop = g_main_loop_new (NULL, FALSE);
  gverbs_cm_id_resolve_addr_async (id, dst, 2000, NULL, addr_cb, NULL);
  if (count > 0)
    g_main_loop_run (loop);
  g_print ("%u messages echoed\n", next);
  g_clear_object (&send_mr);
  g_clear_object (&recv_mr);
  gverbs_resource_close (GVERBS_RESOURCE (id), NULL);
  g_object_unref (id);
  g_main_loop_unref (loop);
  return 0;
}
