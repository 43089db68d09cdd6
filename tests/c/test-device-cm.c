#include <string.h>
#include "gverbs-test-util.h"

/* rdma_cm on the GLib main loop, over rxe loopback at $GVERBS_VM_ADDR. */

#define N_MESSAGES 10
#define MSG_SIZE 64

static const char *
vm_addr (void)
{
  const char *addr = g_getenv ("GVERBS_VM_ADDR");
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();

  if (ctx == NULL)
    return NULL;
  if (addr == NULL)
    g_test_skip ("GVERBS_VM_ADDR is not set: no address with an RDMA device");
  return addr;
}

static guint
count_resources (const char *kind)
{
  g_autoptr(GPtrArray) rows = gverbs_test_rdma_resources (kind);

  return rows->len;
}

static guint
count_cm_ids (void)
{
  return count_resources ("cm_id");
}

static GVerbsCMQPInitAttr *
qp_attr (void)
{
  GVerbsCMQPInitAttr *attr = gverbs_cm_qp_init_attr_new ();

  attr->max_send_wr = 4;
  attr->max_recv_wr = 4;
  return attr;
}

static gboolean
timeout_cb (gpointer data)
{
  g_error ("test timed out");
  return G_SOURCE_REMOVE;
}

static GVerbsCMID *
new_listener (GVerbsEventChannel *ch,
              const char         *addr,
              const char         *port)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAddrInfo) ai = NULL;
  GVerbsCMID *sid;

  sid = gverbs_cm_id_new_on_channel (ch, GVERBS_RDMA_PS_TCP, &error);
  g_assert_no_error (error);
  ai = gverbs_addr_info_new (addr, NULL, port, NULL, GVERBS_RDMA_PS_TCP, GVERBS_RAI_PASSIVE, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_cm_id_bind_addr (sid, ai, &error));
  g_assert_true (gverbs_cm_id_listen (sid, 8, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (gverbs_cm_id_get_local_port (sid), ==, atoi (port));
  return sid;
}

/* --- the full asynchronous flow ------------------------------------------ */

typedef struct {
  GMainLoop *loop;
  GVerbsEventChannel *ch;
  GVerbsCMID *listener;
  GVerbsCMID *server;
  GVerbsCMID *client;
  GVerbsAddrInfo *dst;
  GVerbsMR *server_buf;
  guint server_events[16];
  guint client_events[16];
  guint listener_events[16];
  gboolean server_established;
  gboolean client_connected;
  gboolean server_disconnected;
  gboolean client_disconnected;
  guint messages_verified;
} Flow;

static void
count_event (GVerbsCMID        *id,
             GVerbsCMEventType  type,
             int                status,
             guint             *counts)
{
  g_assert_cmpint (type, <, 16);
  counts[type]++;
}

static void
maybe_quit (Flow *f)
{
  if (f->server_disconnected && f->client_disconnected)
    g_main_loop_quit (f->loop);
}

static void
on_server_disconnected (GVerbsCMID *id,
                        Flow       *f)
{
  g_autoptr(GError) error = NULL;

  f->server_disconnected = TRUE;
  /* closing an identifier from its own signal handler is safe */
  g_assert_true (gverbs_cm_id_close (id, &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_cm_id_is_closed (id));
  maybe_quit (f);
}

static void
on_client_disconnected (GVerbsCMID *id,
                        Flow       *f)
{
  f->client_disconnected = TRUE;
  maybe_quit (f);
}

static void
exchange_messages (Flow *f)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsMR) send = gverbs_cm_id_reg_msgs (f->client, MSG_SIZE, &error);
  g_autoptr(GVerbsMR) recv = gverbs_cm_id_reg_msgs (f->client, MSG_SIZE, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < N_MESSAGES; i++)
    {
      g_autofree char *msg = g_strdup_printf ("message %u from the client", i);
      gsize len = strlen (msg);
      g_autoptr(GBytes) got = NULL;
      g_autoptr(GBytes) echoed = NULL;
      g_autoptr(GVerbsWC) wc = NULL;
      guint32 byte_len;

      g_assert_true (gverbs_cm_id_post_recv (f->client, recv, 0, MSG_SIZE, 1000 + i, &error));
      g_assert_true (gverbs_mr_write (send, (const guint8 *) msg, len, 0, &error));
      g_assert_true (gverbs_cm_id_post_send (f->client, send, 0, len, GVERBS_SEND_SIGNALED, i, &error));
      g_assert_no_error (error);
      wc = gverbs_cm_id_get_send_comp (f->client, &error);
      g_assert_no_error (error);
      g_assert_cmpint (wc->status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpint (wc->opcode, ==, GVERBS_WC_SEND);
      g_assert_cmpuint (wc->wr_id, ==, i);
      g_assert_cmpuint (wc->qp_num, ==, gverbs_cm_id_get_qp_num (f->client));
      g_clear_pointer (&wc, gverbs_wc_free);

      /* the server echoes it back */
      wc = gverbs_cm_id_get_recv_comp (f->server, &error);
      g_assert_no_error (error);
      g_assert_cmpint (wc->status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpint (wc->opcode, ==, GVERBS_WC_RECV);
      g_assert_cmpuint (wc->byte_len, ==, len);
      byte_len = wc->byte_len;
      g_clear_pointer (&wc, gverbs_wc_free);
      got = gverbs_mr_read (f->server_buf, byte_len, 0, &error);
      g_assert_cmpmem (g_bytes_get_data (got, NULL), g_bytes_get_size (got), msg, len);
      g_assert_true (gverbs_cm_id_post_send (f->server, f->server_buf, 0, byte_len,
                                             GVERBS_SEND_SIGNALED, 7, &error));
      wc = gverbs_cm_id_get_send_comp (f->server, &error);
      g_assert_no_error (error);
      g_assert_cmpint (wc->status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpuint (wc->wr_id, ==, 7);
      g_clear_pointer (&wc, gverbs_wc_free);
      g_assert_true (gverbs_cm_id_post_recv (f->server, f->server_buf, 0, MSG_SIZE, 8, &error));
      g_assert_no_error (error);

      wc = gverbs_cm_id_get_recv_comp (f->client, &error);
      g_assert_no_error (error);
      g_assert_cmpint (wc->status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpuint (wc->wr_id, ==, 1000 + i);
      echoed = gverbs_mr_read (recv, wc->byte_len, 0, &error);
      g_assert_no_error (error);
      g_assert_cmpmem (g_bytes_get_data (echoed, NULL), g_bytes_get_size (echoed), msg, len);
      f->messages_verified++;
    }
}

static void
maybe_exchange (Flow *f)
{
  g_autoptr(GError) error = NULL;

  if (!f->server_established || !f->client_connected)
    return;
  exchange_messages (f);
  g_assert_true (gverbs_cm_id_shutdown (f->client, &error));
  g_assert_no_error (error);
}

static void
accepted_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  Flow *f = data;
  g_autoptr(GError) error = NULL;

  g_assert_true (gverbs_cm_id_accept_finish (GVERBS_CM_ID (source), result, &error));
  g_assert_no_error (error);
  f->server_established = TRUE;
  maybe_exchange (f);
}

static void
on_connect_request (GVerbsCMID *listener,
                    GVerbsCMID *new_id,
                    GBytes     *private_data,
                    Flow       *f)
{
  g_autoptr(GVerbsCMQPInitAttr) attr = qp_attr ();
  g_autoptr(GError) error = NULL;

  g_assert_null (f->server);
  g_assert_cmpuint (g_bytes_get_size (private_data), >=, 6);
  g_assert_cmpmem (g_bytes_get_data (private_data, NULL), 6, "hello!", 6);
  f->server = g_object_ref (new_id);
  g_assert_true (gverbs_cm_id_get_event_channel (new_id) == f->ch);
  g_assert_cmpstr (gverbs_cm_id_get_device_name (new_id), ==, gverbs_test_device_name ());
  g_signal_connect (new_id, "event", G_CALLBACK (count_event), f->server_events);
  g_signal_connect (new_id, "disconnected", G_CALLBACK (on_server_disconnected), f);
  g_assert_true (gverbs_cm_id_create_qp (new_id, attr, &error));
  g_assert_no_error (error);
  f->server_buf = gverbs_cm_id_reg_msgs (new_id, MSG_SIZE, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_cm_id_post_recv (new_id, f->server_buf, 0, MSG_SIZE, 8, &error));
  gverbs_cm_id_accept_async (new_id, NULL, NULL, NULL, accepted_cb, f);
}

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  Flow *f = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *remote = NULL;

  g_assert_true (gverbs_cm_id_connect_finish (GVERBS_CM_ID (source), result, &error));
  g_assert_no_error (error);
  f->client_connected = TRUE;
  remote = gverbs_cm_id_dup_remote_address (f->client);
  g_assert_cmpstr (remote, ==, g_getenv ("GVERBS_VM_ADDR"));
  g_assert_cmpint (gverbs_cm_id_query_qp_state (f->client, &error), ==, GVERBS_QPS_RTS);
  maybe_exchange (f);
}

static void
route_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  Flow *f = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsCMQPInitAttr) attr = qp_attr ();
  g_autoptr(GBytes) hello = g_bytes_new_static ("hello!", 6);

  g_assert_true (gverbs_cm_id_resolve_route_finish (f->client, result, &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_cm_id_create_qp (f->client, attr, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (gverbs_cm_id_get_qp_num (f->client), !=, 0);
  gverbs_cm_id_connect_async (f->client, NULL, hello, NULL, connected_cb, f);
}

static void
addr_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  Flow *f = data;
  g_autoptr(GError) error = NULL;

  g_assert_true (gverbs_cm_id_resolve_addr_finish (f->client, result, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (gverbs_cm_id_get_device_name (f->client), ==, gverbs_test_device_name ());
  g_assert_cmpuint (gverbs_cm_id_get_port_num (f->client), ==, 1);
  gverbs_cm_id_resolve_route_async (f->client, 2000, NULL, route_cb, f);
}

static void
test_async_flow (void)
{
  const char *addr = vm_addr ();
  g_autoptr(GError) error = NULL;
  Flow f = { 0 };
  guint timeout;

  if (addr == NULL)
    return;
  f.loop = g_main_loop_new (NULL, FALSE);
  f.ch = gverbs_event_channel_new (&error);
  g_assert_no_error (error);
  f.listener = new_listener (f.ch, addr, "7481");
  g_signal_connect (f.listener, "event", G_CALLBACK (count_event), f.listener_events);
  g_signal_connect (f.listener, "connect-request", G_CALLBACK (on_connect_request), &f);

  f.client = gverbs_cm_id_new_on_channel (f.ch, GVERBS_RDMA_PS_TCP, &error);
  g_assert_no_error (error);
  g_signal_connect (f.client, "event", G_CALLBACK (count_event), f.client_events);
  g_signal_connect (f.client, "disconnected", G_CALLBACK (on_client_disconnected), &f);
  f.dst = gverbs_addr_info_new (addr, addr, NULL, "7481", GVERBS_RDMA_PS_TCP, 0, &error);
  g_assert_no_error (error);
  gverbs_cm_id_resolve_addr_async (f.client, f.dst, 2000, NULL, addr_cb, &f);

  timeout = g_timeout_add_seconds (120, timeout_cb, NULL);
  g_main_loop_run (f.loop);
  g_source_remove (timeout);

  g_assert_cmpuint (f.messages_verified, ==, N_MESSAGES);
  g_assert_cmpuint (f.listener_events[GVERBS_RDMA_CM_EVENT_CONNECT_REQUEST], ==, 1);
  g_assert_cmpuint (f.client_events[GVERBS_RDMA_CM_EVENT_ADDR_RESOLVED], ==, 1);
  g_assert_cmpuint (f.client_events[GVERBS_RDMA_CM_EVENT_ROUTE_RESOLVED], ==, 1);
  g_assert_cmpuint (f.client_events[GVERBS_RDMA_CM_EVENT_ESTABLISHED], ==, 1);
  g_assert_cmpuint (f.client_events[GVERBS_RDMA_CM_EVENT_DISCONNECTED], ==, 1);
  g_assert_cmpuint (f.server_events[GVERBS_RDMA_CM_EVENT_ESTABLISHED], ==, 1);
  g_assert_cmpuint (f.server_events[GVERBS_RDMA_CM_EVENT_DISCONNECTED], ==, 1);
  g_assert_cmpuint (gverbs_event_channel_get_events_received (f.ch), >=, 7);

  /* the server closed itself in its handler; the buffer went with it */
  g_assert_true (gverbs_mr_is_closed (f.server_buf));
  g_assert_cmpuint (count_cm_ids (), ==, 2);
  g_assert_true (gverbs_event_channel_close (f.ch, &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_cm_id_is_closed (f.client));
  g_assert_true (gverbs_cm_id_is_closed (f.listener));
  g_assert_cmpuint (count_cm_ids (), ==, 0);

  g_object_unref (f.server_buf);
  g_object_unref (f.server);
  g_object_unref (f.client);
  g_object_unref (f.listener);
  g_object_unref (f.dst);
  g_object_unref (f.ch);
  g_main_loop_unref (f.loop);
}

/* --- connect failures ---------------------------------------------------- */

typedef struct {
  GMainLoop *loop;
  GVerbsEventChannel *ch;
  GVerbsCMID *client;
  GBytes *reject_data;
  GBytes *rejected_data;
  int reject_reason;
  guint unreachable;
  gboolean pending_request;   /* the listener keeps requests pending */
  GVerbsCMID *held;
  GCancellable *cancellable;
  GError *error;
} Fail;

static void
fail_connected_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  Fail *t = data;

  g_assert_false (gverbs_cm_id_connect_finish (GVERBS_CM_ID (source), result, &t->error));
  g_main_loop_quit (t->loop);
}

static void
fail_route_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  Fail *t = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsCMQPInitAttr) attr = qp_attr ();

  g_assert_true (gverbs_cm_id_resolve_route_finish (t->client, result, &error));
  g_assert_true (gverbs_cm_id_create_qp (t->client, attr, &error));
  g_assert_no_error (error);
  gverbs_cm_id_connect_async (t->client, NULL, NULL, t->cancellable, fail_connected_cb, t);
  if (t->cancellable != NULL)
    g_timeout_add_once (300, (GSourceOnceFunc) g_cancellable_cancel, t->cancellable);
}

static void
fail_addr_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  Fail *t = data;
  g_autoptr(GError) error = NULL;

  g_assert_true (gverbs_cm_id_resolve_addr_finish (t->client, result, &error));
  g_assert_no_error (error);
  gverbs_cm_id_resolve_route_async (t->client, 2000, NULL, fail_route_cb, t);
}

static void
on_rejected (GVerbsCMID *id,
             int         reason,
             GBytes     *data,
             Fail       *t)
{
  t->reject_reason = reason;
  t->rejected_data = g_bytes_ref (data);
}

static void
on_unreachable (GVerbsCMID *id,
                int         status,
                Fail       *t)
{
  t->unreachable++;
}

static void
reject_request (GVerbsCMID *listener,
                GVerbsCMID *new_id,
                GBytes     *private_data,
                Fail       *t)
{
  g_autoptr(GError) error = NULL;

  if (t->pending_request)
    {
      t->held = g_object_ref (new_id);   /* neither accepted nor rejected */
      return;
    }
  g_assert_true (gverbs_cm_id_reject (new_id, t->reject_data, &error));
  g_assert_no_error (error);
}

static void
run_failing_connect (Fail       *t,
                     const char *addr,
                     const char *port)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAddrInfo) dst = NULL;
  guint timeout;

  t->client = gverbs_cm_id_new_on_channel (t->ch, GVERBS_RDMA_PS_TCP, &error);
  g_assert_no_error (error);
  g_signal_connect (t->client, "rejected", G_CALLBACK (on_rejected), t);
  g_signal_connect (t->client, "unreachable", G_CALLBACK (on_unreachable), t);
  dst = gverbs_addr_info_new (addr, addr, NULL, port, GVERBS_RDMA_PS_TCP, 0, &error);
  g_assert_no_error (error);
  gverbs_cm_id_resolve_addr_async (t->client, dst, 2000, NULL, fail_addr_cb, t);
  timeout = g_timeout_add_seconds (60, timeout_cb, NULL);
  g_main_loop_run (t->loop);
  g_source_remove (timeout);
}

static void
test_reject_with_private_data (void)
{
  const char *addr = vm_addr ();
  static const guint8 why[] = "no room: come back later \x01\x02\x03";
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsCMID) listener = NULL;
  Fail t = { 0 };

  if (addr == NULL)
    return;
  t.loop = g_main_loop_new (NULL, FALSE);
  t.ch = gverbs_event_channel_new (&error);
  g_assert_no_error (error);
  t.reject_data = g_bytes_new_static (why, sizeof why);
  listener = new_listener (t.ch, addr, "7482");
  g_signal_connect (listener, "connect-request", G_CALLBACK (reject_request), &t);

  run_failing_connect (&t, addr, "7482");
  g_assert_error (t.error, GVERBS_ERROR, GVERBS_ERROR_CONNECTION_REFUSED);
  g_assert_nonnull (strstr (t.error->message, "rdma_connect"));
  g_assert_cmpint (t.reject_reason, ==, 28);   /* IB_CM_REJ_CONSUMER_DEFINED */
  g_assert_nonnull (t.rejected_data);
  /* InfiniBand pads the reject's private data with zeros to 148 bytes */
  g_assert_cmpuint (g_bytes_get_size (t.rejected_data), >=, sizeof why);
  g_assert_cmpmem (g_bytes_get_data (t.rejected_data, NULL), sizeof why, why, sizeof why);

  g_assert_true (gverbs_event_channel_close (t.ch, &error));
  g_assert_cmpuint (count_cm_ids (), ==, 0);
  g_clear_error (&t.error);
  g_bytes_unref (t.reject_data);
  g_bytes_unref (t.rejected_data);
  g_object_unref (t.client);
  g_object_unref (t.ch);
  g_main_loop_unref (t.loop);
}

static void
test_connect_nobody_listening (void)
{
  const char *addr = vm_addr ();
  g_autoptr(GError) error = NULL;
  Fail t = { 0 };

  if (addr == NULL)
    return;
  t.loop = g_main_loop_new (NULL, FALSE);
  t.ch = gverbs_event_channel_new (&error);
  g_assert_no_error (error);

  run_failing_connect (&t, addr, "7489");
  g_assert_nonnull (t.error);
  g_assert_true (g_error_matches (t.error, GVERBS_ERROR, GVERBS_ERROR_CONNECTION_REFUSED) ||
                 g_error_matches (t.error, GVERBS_ERROR, GVERBS_ERROR_HOST_UNREACHABLE));
  g_assert_true (t.rejected_data != NULL || t.unreachable > 0);
  g_test_message ("nobody listening: %s", t.error->message);

  gverbs_cm_id_close (t.client, NULL);
  g_assert_cmpuint (count_cm_ids (), ==, 0);
  g_clear_error (&t.error);
  g_clear_pointer (&t.rejected_data, g_bytes_unref);
  g_object_unref (t.client);
  g_object_unref (t.ch);
  g_main_loop_unref (t.loop);
}

static void
test_cancel_pending_connect (void)
{
  const char *addr = vm_addr ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsCMID) listener = NULL;
  Fail t = { 0 };

  if (addr == NULL)
    return;
  t.loop = g_main_loop_new (NULL, FALSE);
  t.ch = gverbs_event_channel_new (&error);
  g_assert_no_error (error);
  t.pending_request = TRUE;
  t.cancellable = g_cancellable_new ();
  listener = new_listener (t.ch, addr, "7483");
  g_signal_connect (listener, "connect-request", G_CALLBACK (reject_request), &t);

  run_failing_connect (&t, addr, "7483");
  g_assert_error (t.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  /* a cancelled connect leaves the identifier cleanly closed */
  g_assert_true (gverbs_cm_id_is_closed (t.client));
  g_clear_error (&t.error);
  g_assert_false (gverbs_cm_id_listen (t.client, 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);

  g_assert_true (gverbs_event_channel_close (t.ch, &error));
  g_assert_cmpuint (count_cm_ids (), ==, 0);
  g_clear_object (&t.held);
  g_object_unref (t.cancellable);
  g_object_unref (t.client);
  g_object_unref (t.ch);
  g_main_loop_unref (t.loop);
}

/* --- addresses and errors ------------------------------------------------ */

static void
test_bad_address (void)
{
  const char *addr = vm_addr ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAddrInfo) ai = NULL;

  if (addr == NULL)
    return;
  ai = gverbs_addr_info_new (NULL, "no-such-host.invalid", NULL, "7471", GVERBS_RDMA_PS_TCP, 0, &error);
  g_assert_null (ai);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "rdma_getaddrinfo"));
  g_assert_nonnull (strstr (error->message, "no-such-host.invalid"));
  g_clear_error (&error);

  ai = gverbs_addr_info_new (NULL, "1.2.3.999", NULL, "7471", GVERBS_RDMA_PS_TCP,
                             GVERBS_RAI_NUMERICHOST, &error);
  g_assert_null (ai);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_FOUND);
  g_clear_error (&error);

  ai = gverbs_addr_info_new (NULL, NULL, NULL, NULL, GVERBS_RDMA_PS_TCP, 0, &error);
  g_assert_null (ai);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  ai = gverbs_addr_info_new (addr, NULL, "7471", NULL, GVERBS_RDMA_PS_TCP, GVERBS_RAI_PASSIVE, &error);
  g_assert_no_error (error);
  {
    g_autofree char *src = gverbs_addr_info_dup_src_address (ai);

    g_assert_cmpstr (src, ==, addr);
    g_assert_cmpuint (gverbs_addr_info_get_src_port (ai), ==, 7471);
    g_assert_null (gverbs_addr_info_dup_dst_address (ai));
  }
}

static void
test_sync_calls_refused_on_channel (void)
{
  const char *addr = vm_addr ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsEventChannel) ch = NULL;
  g_autoptr(GVerbsCMID) id = NULL;
  g_autoptr(GVerbsMR) buf = NULL;
  g_autoptr(GVerbsCMQPInitAttr) attr = qp_attr ();

  if (addr == NULL)
    return;
  ch = gverbs_event_channel_new (&error);
  g_assert_no_error (error);
  g_assert_cmpint (gverbs_event_channel_get_fd (ch), >=, 0);
  id = new_listener (ch, addr, "7484");
  g_assert_null (gverbs_cm_id_get_request (id, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  /* a listener bound to an address uses rdma_cm's PD of the device */
  buf = gverbs_cm_id_reg_msgs (id, 64, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (gverbs_mr_get_lkey (buf), !=, 0);
  g_assert_cmpuint (gverbs_mr_get_length (buf), ==, 64);
  g_assert_true (gverbs_mr_get_pd (buf) == gverbs_cm_id_get_pd (id));
  g_assert_true (gverbs_pd_get_context (gverbs_cm_id_get_pd (id)) == gverbs_cm_id_get_context (id));
  g_assert_cmpstr (gverbs_context_get_name (gverbs_cm_id_get_context (id)), ==, gverbs_test_device_name ());
  {
    /* an identifier bound to nothing has no device and no PD */
    g_autoptr(GVerbsCMID) unbound = gverbs_cm_id_new_on_channel (ch, GVERBS_RDMA_PS_TCP, &error);
    g_autoptr(GVerbsMR) none = NULL;

    g_assert_no_error (error);
    g_assert_null (gverbs_cm_id_get_context (unbound));
    g_assert_null (gverbs_cm_id_get_pd (unbound));
    none = gverbs_cm_id_reg_msgs (unbound, 64, &error);
    g_assert_null (none);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
    g_assert_false (gverbs_cm_id_create_qp (unbound, attr, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
  }
  g_assert_false (gverbs_cm_id_listen (id, -1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_cmpuint (count_cm_ids (), ==, 1);
  {
    GVerbsPD *pd = gverbs_cm_id_get_pd (id);
    GVerbsContext *ctx = gverbs_cm_id_get_context (id);

    g_object_ref (pd);
    g_object_ref (ctx);
    g_assert_true (gverbs_cm_id_close (id, &error));
    g_assert_true (gverbs_mr_is_closed (buf));
    g_assert_true (gverbs_pd_is_closed (pd));
    g_assert_true (gverbs_context_is_closed (ctx));
    g_assert_null (gverbs_cm_id_get_pd (id));
    g_object_unref (pd);
    g_object_unref (ctx);
  }
  g_assert_cmpuint (count_cm_ids (), ==, 0);
  g_assert_false (gverbs_cm_id_create_qp (id, attr, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
}

/* Two identifiers on one device share librdmacm's PD: closing one (and its
 * borrowed PD wrapper) must not deallocate it under the other. */
static void
test_borrowed_pd_shared (void)
{
  const char *addr = vm_addr ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsEventChannel) ch = NULL;
  g_autoptr(GVerbsCMID) a = NULL;
  g_autoptr(GVerbsCMID) b = NULL;
  g_autoptr(GVerbsMR) mr_a = NULL;
  g_autoptr(GVerbsMR) mr_b = NULL;
  g_autoptr(GVerbsMR) mr_b2 = NULL;
  g_autoptr(GVerbsPD) pd_a = NULL;
  g_autoptr(GBytes) back = NULL;
  guint pds_before;

  if (addr == NULL)
    return;
  ch = gverbs_event_channel_new (&error);
  g_assert_no_error (error);
  a = new_listener (ch, addr, "7485");
  b = new_listener (ch, addr, "7486");
  pd_a = g_object_ref (gverbs_cm_id_get_pd (a));
  g_assert_nonnull (gverbs_cm_id_get_pd (b));
  g_assert_true (pd_a != gverbs_cm_id_get_pd (b));
  g_assert_cmpuint (gverbs_pd_get_handle (pd_a), ==, gverbs_pd_get_handle (gverbs_cm_id_get_pd (b)));
  mr_a = gverbs_cm_id_reg_read (a, 128, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gverbs_mr_get_access (mr_a), ==, GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_READ);
  mr_b = gverbs_cm_id_reg_write (b, 128, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gverbs_mr_get_access (mr_b), ==, GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE);
  pds_before = count_resources ("pd");

  g_assert_true (gverbs_cm_id_close (a, &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_pd_is_closed (pd_a));
  g_assert_true (gverbs_mr_is_closed (mr_a));
  /* the kernel PD is still there and still usable through b */
  g_assert_cmpuint (count_resources ("pd"), ==, pds_before);
  g_assert_false (gverbs_mr_is_closed (mr_b));
  mr_b2 = gverbs_mr_new (gverbs_cm_id_get_pd (b), 64, GVERBS_ACCESS_LOCAL_WRITE, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_mr_write (mr_b2, (const guint8 *) "still here", 10, 0, &error));
  back = gverbs_mr_read (mr_b2, 10, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (g_bytes_get_data (back, NULL), 10, "still here", 10);
  g_assert_true (gverbs_cm_id_close (b, &error));
  g_assert_true (gverbs_mr_is_closed (mr_b2));
  g_assert_cmpuint (count_cm_ids (), ==, 0);
}

/* --- multicast on RDMA_PS_UDP ---------------------------------------------- */

typedef struct {
  GMainLoop *loop;
  gboolean resolved;
  guint joins;
  guint qp_num;
  guint qkey;
} Mcast;

static void
mcast_resolved_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  Mcast *m = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (gverbs_cm_id_resolve_addr_finish (GVERBS_CM_ID (source), result, &error));
  g_assert_no_error (error);
  m->resolved = TRUE;
  g_main_loop_quit (m->loop);
}

static void
on_multicast_join (GVerbsCMID *id,
                   guint       qp_num,
                   guint       qkey,
                   Mcast      *m)
{
  m->joins++;
  m->qp_num = qp_num;
  m->qkey = qkey;
  g_main_loop_quit (m->loop);
}

static void
test_multicast_join_leave (void)
{
  const char *addr = vm_addr ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsEventChannel) ch = NULL;
  g_autoptr(GVerbsCMID) id = NULL;
  g_autoptr(GVerbsAddrInfo) route = NULL;
  g_autoptr(GVerbsAddrInfo) group = NULL;
  g_autoptr(GVerbsAddrInfo) other = NULL;
  g_autoptr(GVerbsCMQPInitAttr) attr = qp_attr ();
  Mcast m = { 0 };
  guint timeout;

  if (addr == NULL)
    return;
  m.loop = g_main_loop_new (NULL, FALSE);
  timeout = g_timeout_add_seconds (60, timeout_cb, NULL);
  ch = gverbs_event_channel_new (&error);
  id = gverbs_cm_id_new_on_channel (ch, GVERBS_RDMA_PS_UDP, &error);
  g_assert_no_error (error);
  g_signal_connect (id, "multicast-join", G_CALLBACK (on_multicast_join), &m);
  group = gverbs_addr_info_new (NULL, "239.255.7.1", NULL, NULL, GVERBS_RDMA_PS_UDP, 0, &error);
  g_assert_no_error (error);
  route = gverbs_addr_info_new (addr, "239.255.7.1", NULL, NULL, GVERBS_RDMA_PS_UDP, 0, &error);
  g_assert_no_error (error);
  gverbs_cm_id_resolve_addr_async (id, route, 2000, NULL, mcast_resolved_cb, &m);
  g_main_loop_run (m.loop);
  g_assert_true (m.resolved);
  g_assert_cmpstr (gverbs_cm_id_get_device_name (id), ==, gverbs_test_device_name ());
  attr->qp_type = GVERBS_QPT_UD;
  g_assert_true (gverbs_cm_id_create_qp (id, attr, &error));
  g_assert_no_error (error);

  g_assert_true (gverbs_cm_id_join_multicast (id, group, &error));
  g_assert_no_error (error);
  g_main_loop_run (m.loop);
  g_assert_cmpuint (m.joins, ==, 1);
  /* RoCE multicast: all-ones QP number and librdmacm's UDP Q_Key */
  g_assert_cmphex (m.qp_num, ==, 0xffffff);
  g_assert_cmphex (m.qkey, ==, 0x01234567);

  g_assert_true (gverbs_cm_id_leave_multicast (id, group, &error));
  g_assert_no_error (error);
  /* leaving a group it is not in */
  other = gverbs_addr_info_new (NULL, "239.255.7.2", NULL, NULL, GVERBS_RDMA_PS_UDP, 0, &error);
  g_assert_false (gverbs_cm_id_leave_multicast (id, other, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "rdma_leave_multicast"));
  g_clear_error (&error);

  g_assert_true (gverbs_cm_id_close (id, &error));
  g_assert_false (gverbs_cm_id_join_multicast (id, group, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_cmpuint (count_cm_ids (), ==, 0);
  g_source_remove (timeout);
  g_main_loop_unref (m.loop);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cm/async-flow", test_async_flow);
  g_test_add_func ("/cm/reject-with-private-data", test_reject_with_private_data);
  g_test_add_func ("/cm/connect-nobody-listening", test_connect_nobody_listening);
  g_test_add_func ("/cm/cancel-pending-connect", test_cancel_pending_connect);
  g_test_add_func ("/cm/bad-address", test_bad_address);
  g_test_add_func ("/cm/sync-calls-refused-on-channel", test_sync_calls_refused_on_channel);
  g_test_add_func ("/cm/borrowed-pd-shared", test_borrowed_pd_shared);
  g_test_add_func ("/cm/multicast-join-leave", test_multicast_join_leave);
  return g_test_run ();
}
