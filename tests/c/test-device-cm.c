/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include <string.h>
#include "cm-test-util.h"

/* rdma_cm on the GLib main loop, over rxe loopback at $GVERBS_VM_ADDR. */

#define N_MESSAGES 10
#define MSG_SIZE 64
#define MAX_WR 4

/* --- the full asynchronous flow ------------------------------------------ */

typedef struct {
  CMTestConn conn;
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
    g_main_loop_quit (f->conn.loop);
}

static void
on_server_disconnected (GVerbsCMID *id,
                        Flow       *f)
{
  g_autoptr(GError) error = NULL;

  f->server_disconnected = TRUE;
  /* closing an identifier from its own signal handler is safe */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (id), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (id)));
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
  g_autoptr(GVerbsMR) send = gverbs_cm_id_reg_msgs (f->conn.client, MSG_SIZE, &error);
  g_autoptr(GVerbsMR) recv = gverbs_cm_id_reg_msgs (f->conn.client, MSG_SIZE, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < N_MESSAGES; i++)
    {
      g_autofree char *msg = g_strdup_printf ("message %u from the client", i);
      gsize len = strlen (msg);
      g_autoptr(GBytes) got = NULL;
      g_autoptr(GBytes) echoed = NULL;
      g_autoptr(GVerbsWC) wc = NULL;
      guint32 byte_len;

      g_assert_true (gverbs_cm_id_post_recv (f->conn.client, recv, 0, MSG_SIZE, 1000 + i, &error));
      g_assert_true (gverbs_mr_write (send, (const guint8 *) msg, len, 0, &error));
      g_assert_true (gverbs_cm_id_post_send (f->conn.client, send, 0, len, GVERBS_SEND_SIGNALED, i, &error));
      g_assert_no_error (error);
      wc = gverbs_cm_id_get_send_comp (f->conn.client, &error);
      g_assert_no_error (error);
      g_assert_cmpint (wc->status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpint (wc->opcode, ==, GVERBS_WC_SEND);
      g_assert_cmpuint (wc->wr_id, ==, i);
      g_assert_cmpuint (wc->qp_num, ==, gverbs_cm_id_get_qp_num (f->conn.client));
      g_clear_pointer (&wc, gverbs_wc_free);

      /* the server echoes it back */
      wc = gverbs_cm_id_get_recv_comp (f->conn.server, &error);
      g_assert_no_error (error);
      g_assert_cmpint (wc->status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpint (wc->opcode, ==, GVERBS_WC_RECV);
      g_assert_cmpuint (wc->byte_len, ==, len);
      byte_len = wc->byte_len;
      g_clear_pointer (&wc, gverbs_wc_free);
      got = gverbs_mr_read (f->server_buf, byte_len, 0, &error);
      g_assert_cmpmem (g_bytes_get_data (got, NULL), g_bytes_get_size (got), msg, len);
      g_assert_true (gverbs_cm_id_post_send (f->conn.server, f->server_buf, 0, byte_len,
                                             GVERBS_SEND_SIGNALED, 7, &error));
      wc = gverbs_cm_id_get_send_comp (f->conn.server, &error);
      g_assert_no_error (error);
      g_assert_cmpint (wc->status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpuint (wc->wr_id, ==, 7);
      g_clear_pointer (&wc, gverbs_wc_free);
      g_assert_true (gverbs_cm_id_post_recv (f->conn.server, f->server_buf, 0, MSG_SIZE, 8, &error));
      g_assert_no_error (error);

      wc = gverbs_cm_id_get_recv_comp (f->conn.client, &error);
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
  g_assert_true (gverbs_cm_id_shutdown (f->conn.client, &error));
  g_assert_no_error (error);
}

static void
server_accepted (GVerbsCMID *id,
                 gpointer    data)
{
  Flow *f = data;

  f->server_established = TRUE;
  maybe_exchange (f);
}

static void
on_connect_request (GVerbsCMID *listener,
                    GVerbsCMID *new_id,
                    GBytes     *private_data,
                    Flow       *f)
{
  g_autoptr(GError) error = NULL;

  g_assert_null (f->conn.server);
  g_assert_cmpuint (g_bytes_get_size (private_data), >=, 6);
  g_assert_cmpmem (g_bytes_get_data (private_data, NULL), 6, "hello!", 6);
  f->conn.server = g_object_ref (new_id);
  g_assert_true (gverbs_cm_id_get_event_channel (new_id) == f->conn.ch);
  g_assert_cmpstr (gverbs_cm_id_get_device_name (new_id), ==, gverbs_test_device_name ());
  g_signal_connect (new_id, "event", G_CALLBACK (count_event), f->server_events);
  g_signal_connect (new_id, "disconnected", G_CALLBACK (on_server_disconnected), f);
  cm_test_create_qp (new_id, GVERBS_QPT_RC, MAX_WR);
  f->server_buf = gverbs_cm_id_reg_msgs (new_id, MSG_SIZE, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_cm_id_post_recv (new_id, f->server_buf, 0, MSG_SIZE, 8, &error));
  cm_test_accept_async (new_id, server_accepted, f);
}

static void
client_addr_resolved (GVerbsCMID *id,
                      gpointer    data)
{
  g_assert_cmpstr (gverbs_cm_id_get_device_name (id), ==, gverbs_test_device_name ());
  g_assert_cmpuint (gverbs_cm_id_get_port_num (id), ==, 1);
}

static void
client_qp_created (GVerbsCMID *id,
                   gpointer    data)
{
  g_assert_cmpuint (gverbs_cm_id_get_qp_num (id), !=, 0);
}

static void
client_connected (GVerbsCMID *id,
                  gpointer    data)
{
  Flow *f = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *remote = NULL;

  f->client_connected = TRUE;
  remote = gverbs_cm_id_dup_remote_address (f->conn.client);
  g_assert_cmpstr (remote, ==, g_getenv ("GVERBS_VM_ADDR"));
  g_assert_cmpint (gverbs_cm_id_query_qp_state (f->conn.client, &error), ==, GVERBS_QPS_RTS);
  maybe_exchange (f);
}

static void
test_async_flow (void)
{
  const char *addr = cm_test_addr ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) hello = g_bytes_new_static ("hello!", 6);
  Flow f = { 0 };
  guint timeout;

  if (addr == NULL)
    return;
  cm_test_conn_init (&f.conn);
  f.conn.listener = cm_test_listen (f.conn.ch, addr, "7481", 8);
  g_signal_connect (f.conn.listener, "event", G_CALLBACK (count_event), f.listener_events);
  g_signal_connect (f.conn.listener, "connect-request", G_CALLBACK (on_connect_request), &f);

  cm_test_conn_connect (&f.conn, addr, addr, "7481", &(CMTestConnect) {
                          .max_wr = MAX_WR, .private_data = hello,
                          .addr_resolved = client_addr_resolved,
                          .qp_created = client_qp_created,
                          .connected = client_connected, .data = &f });
  /* the first event comes from the main loop */
  g_signal_connect (f.conn.client, "event", G_CALLBACK (count_event), f.client_events);
  g_signal_connect (f.conn.client, "disconnected", G_CALLBACK (on_client_disconnected), &f);

  timeout = cm_test_add_timeout (120);
  g_main_loop_run (f.conn.loop);
  g_source_remove (timeout);

  g_assert_cmpuint (f.messages_verified, ==, N_MESSAGES);
  g_assert_cmpuint (f.listener_events[GVERBS_RDMA_CM_EVENT_CONNECT_REQUEST], ==, 1);
  g_assert_cmpuint (f.client_events[GVERBS_RDMA_CM_EVENT_ADDR_RESOLVED], ==, 1);
  g_assert_cmpuint (f.client_events[GVERBS_RDMA_CM_EVENT_ROUTE_RESOLVED], ==, 1);
  g_assert_cmpuint (f.client_events[GVERBS_RDMA_CM_EVENT_ESTABLISHED], ==, 1);
  g_assert_cmpuint (f.client_events[GVERBS_RDMA_CM_EVENT_DISCONNECTED], ==, 1);
  g_assert_cmpuint (f.server_events[GVERBS_RDMA_CM_EVENT_ESTABLISHED], ==, 1);
  g_assert_cmpuint (f.server_events[GVERBS_RDMA_CM_EVENT_DISCONNECTED], ==, 1);
  g_assert_cmpuint (gverbs_event_channel_get_events_received (f.conn.ch), >=, 7);

  /* the server closed itself in its handler; the buffer went with it */
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (f.server_buf)));
  g_assert_cmpuint (cm_test_count_cm_ids (), ==, 2);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (f.conn.ch), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (f.conn.client)));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (f.conn.listener)));
  g_assert_cmpuint (cm_test_count_cm_ids (), ==, 0);

  g_object_unref (f.server_buf);
  cm_test_conn_clear (&f.conn);
}

/* --- connect failures ---------------------------------------------------- */

typedef struct {
  CMTestConn conn;            /* conn.server: a request held pending */
  GBytes *reject_data;
  GBytes *rejected_data;
  int reject_reason;
  guint unreachable;
  gboolean pending_request;   /* the listener keeps requests pending */
  GCancellable *cancellable;
  GError *error;
} Fail;

static void
fail_clear (Fail *t)
{
  g_clear_error (&t->error);
  g_clear_pointer (&t->reject_data, g_bytes_unref);
  g_clear_pointer (&t->rejected_data, g_bytes_unref);
  g_clear_object (&t->cancellable);
  cm_test_conn_clear (&t->conn);
}

/* rdma_connect is under way as soon as this returns */
static void
fail_qp_created (GVerbsCMID *id,
                 gpointer    data)
{
  Fail *t = data;

  if (t->cancellable != NULL)
    g_timeout_add_once (300, (GSourceOnceFunc) g_cancellable_cancel, t->cancellable);
}

static void
fail_connected (GVerbsCMID *id,
                gpointer    data)
{
  Fail *t = data;

  g_main_loop_quit (t->conn.loop);
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
      t->conn.server = g_object_ref (new_id);   /* neither accepted nor rejected */
      return;
    }
  g_assert_true (gverbs_cm_id_reject (new_id, t->reject_data, &error));
  g_assert_no_error (error);
}

static void
fail_listen (Fail       *t,
             const char *addr,
             const char *port)
{
  t->conn.listener = cm_test_listen (t->conn.ch, addr, port, 8);
  g_signal_connect (t->conn.listener, "connect-request", G_CALLBACK (reject_request), t);
}

static void
run_failing_connect (Fail       *t,
                     const char *addr,
                     const char *port)
{
  guint timeout;

  cm_test_conn_connect (&t->conn, addr, addr, port, &(CMTestConnect) {
                          .max_wr = MAX_WR, .cancellable = t->cancellable,
                          .qp_created = fail_qp_created, .connected = fail_connected,
                          .connect_error = &t->error, .data = t });
  g_signal_connect (t->conn.client, "rejected", G_CALLBACK (on_rejected), t);
  g_signal_connect (t->conn.client, "unreachable", G_CALLBACK (on_unreachable), t);
  timeout = cm_test_add_timeout (60);
  g_main_loop_run (t->conn.loop);
  g_source_remove (timeout);
}

static void
test_reject_with_private_data (void)
{
  const char *addr = cm_test_addr ();
  static const guint8 why[] = "no room: come back later \x01\x02\x03";
  g_autoptr(GError) error = NULL;
  Fail t = { 0 };

  if (addr == NULL)
    return;
  cm_test_conn_init (&t.conn);
  t.reject_data = g_bytes_new_static (why, sizeof why);
  fail_listen (&t, addr, "7482");

  run_failing_connect (&t, addr, "7482");
  g_assert_error (t.error, GVERBS_ERROR, GVERBS_ERROR_CONNECTION_REFUSED);
  g_assert_nonnull (strstr (t.error->message, "rdma_connect"));
  g_assert_cmpint (t.reject_reason, ==, 28);   /* IB_CM_REJ_CONSUMER_DEFINED */
  g_assert_nonnull (t.rejected_data);
  /* InfiniBand pads the reject's private data with zeros to 148 bytes */
  g_assert_cmpuint (g_bytes_get_size (t.rejected_data), >=, sizeof why);
  g_assert_cmpmem (g_bytes_get_data (t.rejected_data, NULL), sizeof why, why, sizeof why);

  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (t.conn.ch), &error));
  g_assert_cmpuint (cm_test_count_cm_ids (), ==, 0);
  fail_clear (&t);
}

static void
test_connect_nobody_listening (void)
{
  const char *addr = cm_test_addr ();
  Fail t = { 0 };

  if (addr == NULL)
    return;
  cm_test_conn_init (&t.conn);

  run_failing_connect (&t, addr, "7489");
  g_assert_nonnull (t.error);
  g_assert_true (g_error_matches (t.error, GVERBS_ERROR, GVERBS_ERROR_CONNECTION_REFUSED) ||
                 g_error_matches (t.error, GVERBS_ERROR, GVERBS_ERROR_HOST_UNREACHABLE));
  g_assert_true (t.rejected_data != NULL || t.unreachable > 0);
  g_test_message ("nobody listening: %s", t.error->message);

  gverbs_resource_close (GVERBS_RESOURCE (t.conn.client), NULL);
  g_assert_cmpuint (cm_test_count_cm_ids (), ==, 0);
  fail_clear (&t);
}

static void
test_cancel_pending_connect (void)
{
  const char *addr = cm_test_addr ();
  g_autoptr(GError) error = NULL;
  Fail t = { 0 };

  if (addr == NULL)
    return;
  cm_test_conn_init (&t.conn);
  t.pending_request = TRUE;
  t.cancellable = g_cancellable_new ();
  fail_listen (&t, addr, "7483");

  run_failing_connect (&t, addr, "7483");
  g_assert_error (t.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  /* a cancelled connect leaves the identifier cleanly closed */
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (t.conn.client)));
  g_clear_error (&t.error);
  g_assert_false (gverbs_cm_id_listen (t.conn.client, 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);

  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (t.conn.ch), &error));
  g_assert_cmpuint (cm_test_count_cm_ids (), ==, 0);
  fail_clear (&t);
}

/* --- addresses and errors ------------------------------------------------ */

static void
test_bad_address (void)
{
  const char *addr = cm_test_addr ();
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
  const char *addr = cm_test_addr ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsEventChannel) ch = NULL;
  g_autoptr(GVerbsCMID) id = NULL;
  g_autoptr(GVerbsMR) buf = NULL;
  g_autoptr(GVerbsCMQPInitAttr) attr = cm_test_qp_attr (GVERBS_QPT_RC, MAX_WR);

  if (addr == NULL)
    return;
  ch = gverbs_event_channel_new (&error);
  g_assert_no_error (error);
  g_assert_cmpint (gverbs_event_channel_get_fd (ch), >=, 0);
  id = cm_test_listen (ch, addr, "7484", 8);
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
  g_assert_cmpuint (cm_test_count_cm_ids (), ==, 1);
  {
    GVerbsPD *pd = gverbs_cm_id_get_pd (id);
    GVerbsContext *ctx = gverbs_cm_id_get_context (id);

    g_object_ref (pd);
    g_object_ref (ctx);
    g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (id), &error));
    g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (buf)));
    g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (pd)));
    g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (ctx)));
    g_assert_null (gverbs_cm_id_get_pd (id));
    g_object_unref (pd);
    g_object_unref (ctx);
  }
  g_assert_cmpuint (cm_test_count_cm_ids (), ==, 0);
  g_assert_false (gverbs_cm_id_create_qp (id, attr, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
}

/* The asynchronous calls' own checks, each finished by its _finish: a
 * timeout that is not positive, a second call while one of the same kind
 * is pending (the first still completes), a call pending at close. */
typedef struct {
  GMainLoop *loop;
  guint pending;
  GPtrArray *errors;    /* GError, or an empty slot for a success, by call */
} AsyncResults;

/* A call's slot in AsyncResults.errors: the calls complete in whatever
 * order the main loop dispatches them (an immediate error and the rdma_cm
 * event of an earlier call can come in either order). */
typedef struct {
  AsyncResults *results;
  guint slot;
} AsyncCall;

static void
free_error (gpointer error)
{
  if (error != NULL)
    g_error_free (error);
}

static void
async_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  AsyncCall *call = user_data;
  AsyncResults *r = call->results;
  GError *error = NULL;
  gboolean (*finish) (GVerbsCMID *, GAsyncResult *, GError **) =
    g_task_get_source_tag (G_TASK (result)) == gverbs_cm_id_resolve_addr_async
      ? gverbs_cm_id_resolve_addr_finish : gverbs_cm_id_resolve_route_finish;

  g_assert_cmpint (finish (GVERBS_CM_ID (source), result, &error), ==, error == NULL);
  g_assert_null (r->errors->pdata[call->slot]);
  r->errors->pdata[call->slot] = error;
  if (--r->pending == 0)
    g_main_loop_quit (r->loop);
}

static void
test_async_checks (void)
{
  const char *addr = cm_test_addr ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsEventChannel) ch = NULL;
  g_autoptr(GVerbsCMID) id = NULL;
  g_autoptr(GVerbsAddrInfo) ai = NULL;
  AsyncResults r = { 0 };
  AsyncCall calls[4] = { { &r, 0 }, { &r, 1 }, { &r, 2 }, { &r, 3 } };
  GError *e;

  if (addr == NULL)
    return;
  ch = gverbs_event_channel_new (&error);
  g_assert_no_error (error);
  id = gverbs_cm_id_new_on_channel (ch, GVERBS_RDMA_PS_TCP, &error);
  g_assert_no_error (error);
  ai = gverbs_addr_info_new (NULL, addr, NULL, "7489", GVERBS_RDMA_PS_TCP, 0, &error);
  g_assert_no_error (error);
  r.loop = g_main_loop_new (NULL, FALSE);
  r.errors = g_ptr_array_new_with_free_func (free_error);

  r.pending = 4;
  g_ptr_array_set_size (r.errors, 4);
  gverbs_cm_id_resolve_addr_async (id, ai, 0, NULL, async_done, &calls[0]);
  gverbs_cm_id_resolve_route_async (id, -5, NULL, async_done, &calls[1]);
  gverbs_cm_id_resolve_addr_async (id, ai, 2000, NULL, async_done, &calls[2]);
  gverbs_cm_id_resolve_addr_async (id, ai, 2000, NULL, async_done, &calls[3]);
  g_main_loop_run (r.loop);
  e = r.errors->pdata[0];
  g_assert_error (e, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (e->message, ==, "rdma_resolve_addr: timeout 0 ms is not positive");
  e = r.errors->pdata[1];
  g_assert_error (e, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (e->message, ==, "rdma_resolve_route: timeout -5 ms is not positive");
  /* the first valid call resolved the address, the second was refused */
  g_assert_null (r.errors->pdata[2]);
  e = r.errors->pdata[3];
  g_assert_error (e, GVERBS_ERROR, GVERBS_ERROR_BUSY);
  g_assert_nonnull (strstr (e->message, "rdma_resolve_addr on "));
  g_assert_nonnull (strstr (e->message, "the previous call is still pending"));
  g_assert_nonnull (gverbs_cm_id_get_context (id));

  /* a route resolution pending at close fails with CLOSED */
  g_ptr_array_set_size (r.errors, 0);
  g_ptr_array_set_size (r.errors, 1);
  r.pending = 1;
  gverbs_cm_id_resolve_route_async (id, 2000, NULL, async_done, &calls[0]);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (id), &error));
  g_assert_no_error (error);
  g_main_loop_run (r.loop);
  g_assert_cmpuint (r.errors->len, ==, 1);
  g_assert_error ((GError *) r.errors->pdata[0], GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_ptr_array_unref (r.errors);
  g_main_loop_unref (r.loop);
}

/* Two identifiers on one device share librdmacm's PD: closing one (and its
 * borrowed PD wrapper) must not deallocate it under the other. */
static void
test_borrowed_pd_shared (void)
{
  const char *addr = cm_test_addr ();
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
  a = cm_test_listen (ch, addr, "7485", 8);
  b = cm_test_listen (ch, addr, "7486", 8);
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
  pds_before = cm_test_count_resources ("pd");

  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (a), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (pd_a)));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (mr_a)));
  /* the kernel PD is still there and still usable through b */
  g_assert_cmpuint (cm_test_count_resources ("pd"), ==, pds_before);
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (mr_b)));
  mr_b2 = gverbs_mr_new (gverbs_cm_id_get_pd (b), 64, GVERBS_ACCESS_LOCAL_WRITE, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_mr_write (mr_b2, (const guint8 *) "still here", 10, 0, &error));
  back = gverbs_mr_read (mr_b2, 10, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (g_bytes_get_data (back, NULL), 10, "still here", 10);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (b), &error));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (mr_b2)));
  g_assert_cmpuint (cm_test_count_cm_ids (), ==, 0);
}

/* --- multicast on RDMA_PS_UDP ---------------------------------------------- */

typedef struct {
  GMainLoop *loop;
  guint joins;
  guint qp_num;
  guint qkey;
} Mcast;

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
  const char *addr = cm_test_addr ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsEventChannel) ch = NULL;
  g_autoptr(GVerbsCMID) id = NULL;
  g_autoptr(GVerbsAddrInfo) route = NULL;
  g_autoptr(GVerbsAddrInfo) group = NULL;
  g_autoptr(GVerbsAddrInfo) other = NULL;
  Mcast m = { 0 };
  guint timeout;

  if (addr == NULL)
    return;
  m.loop = g_main_loop_new (NULL, FALSE);
  timeout = cm_test_add_timeout (60);
  ch = gverbs_event_channel_new (&error);
  id = gverbs_cm_id_new_on_channel (ch, GVERBS_RDMA_PS_UDP, &error);
  g_assert_no_error (error);
  g_signal_connect (id, "multicast-join", G_CALLBACK (on_multicast_join), &m);
  group = gverbs_addr_info_new (NULL, "239.255.7.1", NULL, NULL, GVERBS_RDMA_PS_UDP, 0, &error);
  g_assert_no_error (error);
  route = gverbs_addr_info_new (addr, "239.255.7.1", NULL, NULL, GVERBS_RDMA_PS_UDP, 0, &error);
  g_assert_no_error (error);
  cm_test_resolve_addr (route, id, NULL);
  g_assert_cmpstr (gverbs_cm_id_get_device_name (id), ==, gverbs_test_device_name ());
  cm_test_create_qp (id, GVERBS_QPT_UD, MAX_WR);

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

  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (id), &error));
  g_assert_false (gverbs_cm_id_join_multicast (id, group, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_cmpuint (cm_test_count_cm_ids (), ==, 0);
  g_source_remove (timeout);
  g_main_loop_unref (m.loop);
}

/* Issue 11, defect 4: librdmacm dereferences the device of the identifier
 * when given connection parameters, which an identifier bound to nothing
 * does not have: connect and accept, sync and async, are refused. */
typedef struct {
  GMainLoop *loop;
  GError *error;
} Unbound;

static void
unbound_connected (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  Unbound *u = data;

  g_assert_false (gverbs_cm_id_connect_to_peer_finish (GVERBS_CM_ID (source), result, &u->error));
  g_main_loop_quit (u->loop);
}

static void
unbound_accepted (GObject      *source,
                  GAsyncResult *result,
                  gpointer      data)
{
  Unbound *u = data;

  g_assert_false (gverbs_cm_id_accept_finish (GVERBS_CM_ID (source), result, &u->error));
  g_main_loop_quit (u->loop);
}

static void
assert_not_bound (GError     **error,
                  const char  *call)
{
  g_assert_error (*error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr ((*error)->message, call));
  g_assert_nonnull (strstr ((*error)->message, "not bound to a device"));
  g_clear_error (error);
}

static void
test_unbound_connect_accept_refused (void)
{
  const char *addr = cm_test_addr ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsEventChannel) ch = NULL;
  g_autoptr(GBytes) data = g_bytes_new_static ("hello", 5);
  GVerbsConnParam param = { .responder_resources = 1, .initiator_depth = 1, .retry_count = 7 };
  Unbound u = { 0 };

  if (addr == NULL)
    return;
  u.loop = g_main_loop_new (NULL, FALSE);
  ch = gverbs_event_channel_new (&error);
  g_assert_no_error (error);
  for (guint ps = 0; ps < 2; ps++)
    {
      g_autoptr(GVerbsCMID) id =
        gverbs_cm_id_new_on_channel (ch, ps ? GVERBS_RDMA_PS_UDP : GVERBS_RDMA_PS_TCP, &error);

      g_assert_no_error (error);
      g_assert_null (gverbs_cm_id_get_device_name (id));
      g_assert_false (gverbs_cm_id_accept (id, NULL, NULL, &error));
      assert_not_bound (&error, "rdma_accept");
      g_assert_false (gverbs_cm_id_accept (id, &param, data, &error));
      assert_not_bound (&error, "rdma_accept");
      g_assert_false (gverbs_cm_id_connect_to_peer (id, NULL, NULL, &error));
      assert_not_bound (&error, "rdma_connect");
      g_assert_false (gverbs_cm_id_connect_to_peer (id, &param, data, &error));
      assert_not_bound (&error, "rdma_connect");

      gverbs_cm_id_connect_to_peer_async (id, &param, data, NULL, unbound_connected, &u);
      g_main_loop_run (u.loop);
      assert_not_bound (&u.error, "rdma_connect");
      gverbs_cm_id_accept_async (id, NULL, NULL, NULL, unbound_accepted, &u);
      g_main_loop_run (u.loop);
      assert_not_bound (&u.error, "rdma_accept");

      /* still usable, and closed afterwards */
      g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (id)));
      g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (id), &error));
      g_assert_false (gverbs_cm_id_accept (id, NULL, NULL, &error));
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
      g_clear_error (&error);
    }
  g_assert_cmpuint (cm_test_count_cm_ids (), ==, 0);
  g_main_loop_unref (u.loop);
}

/* Issue 11, defect 11: getaddrinfo() took "65536" and "" as port 0 */
static void
test_bad_service (void)
{
  const char *addr = cm_test_addr ();
  const char *bad[] = { "", "65536", "99999", "123456", "-1", "+80", " 80", "80 ", "0x10", "7471a" };

  if (addr == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    for (guint side = 0; side < 2; side++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(GVerbsAddrInfo) ai = NULL;

        if (side == 0)
          ai = gverbs_addr_info_new (addr, NULL, bad[i], NULL, GVERBS_RDMA_PS_TCP, GVERBS_RAI_PASSIVE,
                                     &error);
        else
          ai = gverbs_addr_info_new (NULL, addr, NULL, bad[i], GVERBS_RDMA_PS_TCP, 0, &error);
        g_assert_null (ai);
        g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
        g_assert_nonnull (strstr (error->message, "port number 0–65535"));
      }
  for (guint i = 0; i < 3; i++)
    {
      const char *good[] = { "0", "65535", "00080" };
      const guint port[] = { 0, 65535, 80 };
      g_autoptr(GError) error = NULL;
      g_autoptr(GVerbsAddrInfo) ai =
        gverbs_addr_info_new (NULL, addr, NULL, good[i], GVERBS_RDMA_PS_TCP, 0, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (gverbs_addr_info_get_dst_port (ai), ==, port[i]);
    }
}

/* Private data beyond what the IB CM's messages carry (RoCE here): REQ 56
 * bytes after rdma_cm's header, REP 196, REJ 148. One byte more is a
 * GError before anything is sent; the limit itself goes through. */
typedef struct {
  CMTestConn conn;
  GBytes *req_data;
  GError *async_error;
  guint established;
} Bounds;

static GBytes *
pattern_bytes (gsize n)
{
  guint8 *buf = g_malloc (n);

  for (gsize i = 0; i < n; i++)
    buf[i] = (guint8) (i * 7 + 3);
  return g_bytes_new_take (buf, n);
}

static void
assert_too_much (GError     **error,
                 const char  *call,
                 const char  *limit)
{
  g_autofree char *at_most = g_strdup_printf ("at most %s", limit);

  g_assert_error (*error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr ((*error)->message, call));
  g_assert_nonnull (strstr ((*error)->message, at_most));
  g_clear_error (error);
}

static void
bounds_established (GVerbsCMID *id,
                    gpointer    data)
{
  Bounds *b = data;

  if (++b->established == 2)
    g_main_loop_quit (b->conn.loop);
}

static void
bounds_accepted (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (gverbs_cm_id_accept_finish (GVERBS_CM_ID (source), result, &error));
  g_assert_no_error (error);
  bounds_established (GVERBS_CM_ID (source), data);
}

static void
bounds_connect_request (GVerbsCMID *listener,
                        GVerbsCMID *new_id,
                        GBytes     *private_data,
                        Bounds     *b)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) rep = pattern_bytes (197);
  g_autoptr(GBytes) rej = pattern_bytes (149);
  g_autoptr(GBytes) rep_max = pattern_bytes (196);

  b->conn.server = g_object_ref (new_id);
  b->req_data = g_bytes_ref (private_data);
  cm_test_create_qp (new_id, GVERBS_QPT_RC, MAX_WR);
  g_assert_false (gverbs_cm_id_accept (new_id, NULL, rep, &error));
  assert_too_much (&error, "rdma_accept", "196");
  g_assert_false (gverbs_cm_id_reject (new_id, rej, &error));
  assert_too_much (&error, "rdma_reject", "148");
  gverbs_cm_id_accept_async (new_id, NULL, rep_max, NULL, bounds_accepted, b);
}

static void
bounds_refused_async (GObject      *source,
                      GAsyncResult *result,
                      gpointer      data)
{
  Bounds *b = data;

  g_assert_false (gverbs_cm_id_connect_to_peer_finish (GVERBS_CM_ID (source), result, &b->async_error));
}

static void
bounds_qp_created (GVerbsCMID *id,
                   gpointer    data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) req = pattern_bytes (57);
  g_autoptr(GBytes) huge = pattern_bytes (300);

  g_assert_false (gverbs_cm_id_connect_to_peer (id, NULL, req, &error));
  assert_too_much (&error, "rdma_connect", "56");
  g_assert_false (gverbs_cm_id_connect_to_peer (id, NULL, huge, &error));
  assert_too_much (&error, "rdma_connect", "56");
  gverbs_cm_id_connect_to_peer_async (id, NULL, req, NULL, bounds_refused_async, data);
}

static void
test_private_data_bounds (void)
{
  const char *addr = cm_test_addr ();
  g_autoptr(GBytes) req_max = pattern_bytes (56);
  Bounds b = { 0 };
  guint timeout;

  if (addr == NULL)
    return;
  timeout = cm_test_add_timeout (60);
  cm_test_conn_init (&b.conn);
  b.conn.listener = cm_test_listen (b.conn.ch, addr, "7811", 4);
  g_signal_connect (b.conn.listener, "connect-request", G_CALLBACK (bounds_connect_request), &b);
  cm_test_conn_connect (&b.conn, NULL, addr, "7811", &(CMTestConnect) {
                          .max_wr = MAX_WR, .private_data = req_max, .qp_created = bounds_qp_created,
                          .connected = bounds_established, .data = &b });
  g_main_loop_run (b.conn.loop);
  g_assert_cmpuint (b.established, ==, 2);
  assert_too_much (&b.async_error, "rdma_connect", "56");
  /* the 56 bytes arrived whole (InfiniBand may pad them) */
  g_assert_cmpuint (g_bytes_get_size (b.req_data), >=, 56);
  g_assert_cmpmem (g_bytes_get_data (b.req_data, NULL), 56, g_bytes_get_data (req_max, NULL), 56);

  g_clear_pointer (&b.req_data, g_bytes_unref);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (b.conn.ch), NULL));
  g_assert_cmpuint (cm_test_count_cm_ids (), ==, 0);
  g_source_remove (timeout);
  cm_test_conn_clear (&b.conn);
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
  g_test_add_func ("/cm/async-checks", test_async_checks);
  g_test_add_func ("/cm/borrowed-pd-shared", test_borrowed_pd_shared);
  g_test_add_func ("/cm/multicast-join-leave", test_multicast_join_leave);
  g_test_add_func ("/cm/unbound-connect-accept-refused", test_unbound_connect_accept_refused);
  g_test_add_func ("/cm/bad-service", test_bad_service);
  g_test_add_func ("/cm/private-data-bounds", test_private_data_bounds);
  return g_test_run ();
}
