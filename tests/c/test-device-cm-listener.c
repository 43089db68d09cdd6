/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include <string.h>
#include "cm-test-util.h"

/* GVerbsCMListener: one echo server and many event-driven clients on one
 * GMainLoop, over rxe loopback at $GVERBS_VM_ADDR. */

#define N_CLIENTS 16
#define N_MESSAGES 1000
#define MSG_SIZE 64
#define SLOTS 4

typedef struct {
  GMainLoop *loop;
  GVerbsEventChannel *ch;
  GPtrArray *server_conns;
  guint clients_done;
  guint server_disconnects;
  guint flushed;
} Bench;

typedef struct {
  Bench *bench;
  guint index;
  GVerbsCMID *id;
  GVerbsMR *send;
  GVerbsMR *recv;
  guint next;
  guint verified;
  gboolean done;
} Client;

static void
fill_message (guint8 *buf,
              guint   client,
              guint   n)
{
  int len = g_snprintf ((char *) buf, MSG_SIZE, "client %u message %u ", client, n);

  for (int i = len; i < MSG_SIZE; i++)
    buf[i] = (guint8) (client * 31 + n * 7 + i);
}

/* --- the server side ------------------------------------------------------- */

static void
server_recv (GVerbsCMID     *conn,
             const GVerbsWC *wc,
             Bench          *b)
{
  GVerbsMR *mr = g_object_get_data (G_OBJECT (conn), "mr");
  g_autoptr(GError) error = NULL;

  if (wc->status != GVERBS_WC_SUCCESS)
    {
      b->flushed++;
      return;
    }
  g_assert_cmpint (wc->opcode, ==, GVERBS_WC_RECV);
  g_assert_true (gverbs_cm_id_post_send (conn, mr, wc->wr_id * MSG_SIZE, wc->byte_len,
                                         GVERBS_SEND_SIGNALED, wc->wr_id, &error));
  g_assert_no_error (error);
}

static void
server_send (GVerbsCMID     *conn,
             const GVerbsWC *wc,
             Bench          *b)
{
  GVerbsMR *mr = g_object_get_data (G_OBJECT (conn), "mr");
  g_autoptr(GError) error = NULL;

  if (wc->status != GVERBS_WC_SUCCESS)
    {
      b->flushed++;
      return;
    }
  g_assert_true (gverbs_cm_id_post_recv (conn, mr, wc->wr_id * MSG_SIZE, MSG_SIZE, wc->wr_id, &error));
  g_assert_no_error (error);
}

static void
on_accepting (GVerbsCMListener *listener,
              GVerbsCMID       *conn,
              Bench            *b)
{
  g_autoptr(GError) error = NULL;
  GVerbsMR *mr = gverbs_cm_id_reg_msgs (conn, SLOTS * MSG_SIZE, &error);

  g_assert_no_error (error);
  g_object_set_data_full (G_OBJECT (conn), "mr", mr, g_object_unref);
  for (guint i = 0; i < SLOTS; i++)
    g_assert_true (gverbs_cm_id_post_recv (conn, mr, i * MSG_SIZE, MSG_SIZE, i, &error));
  g_signal_connect (conn, "recv-completion", G_CALLBACK (server_recv), b);
  g_signal_connect (conn, "send-completion", G_CALLBACK (server_send), b);
  g_assert_true (gverbs_cm_id_watch_completions (conn, &error));
  g_assert_no_error (error);
}

static void
on_server_disconnected (GVerbsCMID *conn,
                        Bench      *b)
{
  b->server_disconnects++;
  gverbs_resource_close (GVERBS_RESOURCE (conn), NULL);
  g_ptr_array_remove (b->server_conns, conn);
}

static gboolean
on_incoming (GVerbsCMListener *listener,
             GVerbsCMID       *conn,
             Bench            *b)
{
  g_assert_true (gverbs_cm_id_get_event_channel (conn) == b->ch);
  g_assert_cmpint (gverbs_cm_id_query_qp_state (conn, NULL), ==, GVERBS_QPS_RTS);
  g_signal_connect (conn, "disconnected", G_CALLBACK (on_server_disconnected), b);
  g_ptr_array_add (b->server_conns, g_object_ref (conn));
  return TRUE;
}

/* --- the clients ----------------------------------------------------------- */

static void
client_send_next (Client *c)
{
  g_autoptr(GError) error = NULL;
  guint8 msg[MSG_SIZE];

  fill_message (msg, c->index, c->next);
  g_assert_true (gverbs_cm_id_post_recv (c->id, c->recv, 0, MSG_SIZE, c->next, &error));
  g_assert_true (gverbs_mr_write (c->send, msg, MSG_SIZE, 0, &error));
  g_assert_true (gverbs_cm_id_post_send (c->id, c->send, 0, MSG_SIZE, GVERBS_SEND_SIGNALED,
                                         c->next, &error));
  g_assert_no_error (error);
}

static void
client_recv (GVerbsCMID     *id,
             const GVerbsWC *wc,
             Client         *c)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) got = NULL;
  guint8 expected[MSG_SIZE];

  if (c->done)
    return;
  g_assert_cmpint (wc->status, ==, GVERBS_WC_SUCCESS);
  g_assert_cmpuint (wc->wr_id, ==, c->next);
  g_assert_cmpuint (wc->byte_len, ==, MSG_SIZE);
  got = gverbs_mr_read (c->recv, MSG_SIZE, 0, &error);
  g_assert_no_error (error);
  fill_message (expected, c->index, c->next);
  g_assert_cmpmem (g_bytes_get_data (got, NULL), MSG_SIZE, expected, MSG_SIZE);
  c->verified++;
  c->next++;
  if (c->next < N_MESSAGES)
    {
      client_send_next (c);
      return;
    }
  c->done = TRUE;
  gverbs_cm_id_shutdown (c->id, NULL);
  if (++c->bench->clients_done == N_CLIENTS)
    g_main_loop_quit (c->bench->loop);
}

static void
client_send (GVerbsCMID     *id,
             const GVerbsWC *wc,
             Client         *c)
{
  if (!c->done)
    g_assert_cmpint (wc->status, ==, GVERBS_WC_SUCCESS);
}

static void
client_connected (GVerbsCMID *id,
                  gpointer    data)
{
  client_send_next (data);
}

static void
client_qp_created (GVerbsCMID *id,
                   gpointer    data)
{
  Client *c = data;
  g_autoptr(GError) error = NULL;

  c->send = gverbs_cm_id_reg_msgs (c->id, MSG_SIZE, &error);
  c->recv = gverbs_cm_id_reg_msgs (c->id, MSG_SIZE, &error);
  g_signal_connect (c->id, "recv-completion", G_CALLBACK (client_recv), c);
  g_signal_connect (c->id, "send-completion", G_CALLBACK (client_send), c);
  g_assert_true (gverbs_cm_id_watch_completions (c->id, &error));
  g_assert_no_error (error);
}

static gboolean
timeout_cb (gpointer data)
{
  Bench *b = data;

  g_error ("timed out with %u of %d clients done", b->clients_done, N_CLIENTS);
  return G_SOURCE_REMOVE;
}

static void
test_echo_many_clients (void)
{
  const char *addr = cm_test_addr ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsCMQPInitAttr) attr = cm_test_qp_attr (GVERBS_QPT_RC, SLOTS);
  g_autoptr(GVerbsCMListener) listener = NULL;
  g_autoptr(GVerbsEventChannel) client_ch = NULL;
  g_autoptr(GVerbsAddrInfo) dst = NULL;
  g_autofree char *service = NULL;
  Client clients[N_CLIENTS] = { 0 };
  Bench b = { 0 };
  gint64 start;
  guint port;

  if (addr == NULL)
    return;
  b.loop = g_main_loop_new (NULL, FALSE);
  b.server_conns = g_ptr_array_new_with_free_func (g_object_unref);
  listener = gverbs_cm_listener_new (attr, &error);
  g_assert_no_error (error);
  b.ch = gverbs_cm_listener_get_event_channel (listener);
  g_signal_connect (listener, "accepting", G_CALLBACK (on_accepting), &b);
  g_signal_connect (listener, "incoming", G_CALLBACK (on_incoming), &b);
  /* an ephemeral port */
  port = gverbs_cm_listener_add_address (listener, addr, 0, 32, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (port, >, 0);
  /* the same port twice is refused */
  g_assert_cmpuint (gverbs_cm_listener_add_address (listener, addr, port, 0, &error), ==, 0);
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpuint (gverbs_cm_listener_add_address (listener, addr, 70000, 0, &error), ==, 0);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  client_ch = gverbs_event_channel_new (&error);
  g_assert_no_error (error);
  service = g_strdup_printf ("%u", port);
  dst = gverbs_addr_info_new (addr, addr, NULL, service, GVERBS_RDMA_PS_TCP, 0, &error);
  g_assert_no_error (error);
  start = g_get_monotonic_time ();
  for (guint i = 0; i < N_CLIENTS; i++)
    {
      Client *c = &clients[i];

      c->bench = &b;
      c->index = i;
      c->id = gverbs_cm_id_new_on_channel (client_ch, GVERBS_RDMA_PS_TCP, &error);
      g_assert_no_error (error);
      cm_test_connect_async (c->id, dst, &(CMTestConnect) {
                               .max_wr = SLOTS, .qp_created = client_qp_created,
                               .connected = client_connected, .data = c });
    }
  g_timeout_add_seconds (250, timeout_cb, &b);
  g_main_loop_run (b.loop);
  g_test_message ("%d clients x %d messages echoed in %.1f s", N_CLIENTS, N_MESSAGES,
                  (g_get_monotonic_time () - start) / 1e6);
  g_printerr ("%d clients x %d messages echoed in %.1f s\n", N_CLIENTS, N_MESSAGES,
              (g_get_monotonic_time () - start) / 1e6);

  for (guint i = 0; i < N_CLIENTS; i++)
    g_assert_cmpuint (clients[i].verified, ==, N_MESSAGES);
  g_assert_cmpuint (gverbs_cm_listener_get_n_accepted (listener), ==, N_CLIENTS);
  g_assert_cmpuint (gverbs_cm_listener_get_n_pending (listener), ==, 0);

  /* the clients' shutdowns reach the server as disconnected events */
  while (b.server_disconnects < N_CLIENTS)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (b.server_conns->len, ==, 0);
  for (guint i = 0; i < N_CLIENTS; i++)
    {
      g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (clients[i].id), &error));
      g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (clients[i].send)));
      g_clear_object (&clients[i].send);
      g_clear_object (&clients[i].recv);
      g_clear_object (&clients[i].id);
    }
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (listener), &error));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (listener)));
  g_assert_cmpuint (gverbs_cm_listener_add_address (listener, addr, 0, 0, &error), ==, 0);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_cmpuint (cm_test_count_resources ("cm_id"), ==, 0);
  g_assert_cmpuint (cm_test_count_resources ("qp"), ==, 0);
  g_ptr_array_unref (b.server_conns);
  g_main_loop_unref (b.loop);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cm-listener/echo-many-clients", test_echo_many_clients);
  return g_test_run ();
}
