/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include <string.h>
#include "cm-test-util.h"

/* rdma_cm events after a disconnect: TIMEWAIT_EXIT; an identifier's
 * completion events on the main loop; over rxe loopback at $GVERBS_VM_ADDR. */

#define MAX_WR 2

typedef struct {
  CMTestConn conn;
  guint max_wr;
  guint established;
  guint disconnected;
  guint timewait_exits;
  gint64 disconnect_time;
  GVerbsCMEventType last_server_event;
  GVerbsCMEventType last_client_event;
} Pair;

static void
quit_when (Pair *p, gboolean cond)
{
  if (cond)
    g_main_loop_quit (p->conn.loop);
}

static void
on_disconnected (GVerbsCMID *id,
                 Pair       *p)
{
  g_autoptr(GError) error = NULL;

  /* the passive side answers the peer's disconnect request (DREP) */
  if (id == p->conn.server)
    {
      g_assert_true (gverbs_cm_id_shutdown (id, &error));
      g_assert_no_error (error);
    }
  p->disconnected++;
  quit_when (p, p->disconnected == 2);
}

static void
on_timewait_exit (GVerbsCMID *id,
                  Pair       *p)
{
  /* the QP must have left the connection first */
  g_assert_cmpuint (p->disconnected, ==, 2);
  p->timewait_exits++;
  quit_when (p, p->timewait_exits == 2);
}

static void
on_event (GVerbsCMID        *id,
          GVerbsCMEventType  type,
          int                status,
          Pair              *p)
{
  if (type == GVERBS_RDMA_CM_EVENT_DISCONNECTED)
    g_assert_cmpint (status, ==, 0);
  if (id == p->conn.client)
    p->last_client_event = type;
  else
    p->last_server_event = type;
}

static void
watch (Pair       *p,
       GVerbsCMID *id)
{
  g_signal_connect (id, "disconnected", G_CALLBACK (on_disconnected), p);
  g_signal_connect (id, "timewait-exit", G_CALLBACK (on_timewait_exit), p);
  g_signal_connect (id, "event", G_CALLBACK (on_event), p);
}

static void
established (GVerbsCMID *id,
             gpointer    data)
{
  Pair *p = data;

  p->established++;
  quit_when (p, p->established == 2);
}

static void
on_connect_request (GVerbsCMID *listener,
                    GVerbsCMID *new_id,
                    GBytes     *private_data,
                    Pair       *p)
{
  p->conn.server = g_object_ref (new_id);
  watch (p, new_id);
  cm_test_create_qp (new_id, GVERBS_QPT_RC, p->max_wr);
  cm_test_accept_async (new_id, established, p);
}

static void
connect_pair (Pair       *p,
              const char *addr,
              const char *port,
              guint       max_wr)
{
  p->max_wr = max_wr;
  cm_test_conn_init (&p->conn);
  p->conn.listener = cm_test_listen (p->conn.ch, addr, port, 4);
  g_signal_connect (p->conn.listener, "connect-request", G_CALLBACK (on_connect_request), p);

  cm_test_conn_connect (&p->conn, NULL, addr, port, &(CMTestConnect) {
                          .max_wr = max_wr, .connected = established, .data = p });
  watch (p, p->conn.client);
  g_main_loop_run (p->conn.loop);
  g_assert_cmpuint (p->established, ==, 2);
}

static void
test_timewait_exit (void)
{
  const char *addr = cm_test_addr ();
  g_autoptr(GError) error = NULL;
  Pair p = { 0 };
  guint timeout;

  if (addr == NULL)
    return;
  timeout = cm_test_add_timeout (120);
  connect_pair (&p, addr, "7495", MAX_WR);

  g_assert_true (gverbs_cm_id_shutdown (p.conn.client, &error));
  g_assert_no_error (error);
  g_main_loop_run (p.conn.loop);
  g_assert_cmpuint (p.disconnected, ==, 2);
  g_assert_cmpuint (p.timewait_exits, ==, 0);
  g_assert_cmpint (gverbs_cm_id_query_qp_state (p.conn.client, &error), ==, GVERBS_QPS_ERR);

  /* after the CM's time-wait, both sides get TIMEWAIT_EXIT, the last event */
  g_main_loop_run (p.conn.loop);
  g_assert_cmpuint (p.timewait_exits, ==, 2);
  g_assert_cmpint (p.last_client_event, ==, GVERBS_RDMA_CM_EVENT_TIMEWAIT_EXIT);
  g_assert_cmpint (p.last_server_event, ==, GVERBS_RDMA_CM_EVENT_TIMEWAIT_EXIT);

  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.conn.client), &error));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.conn.server), &error));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.conn.listener), &error));
  g_assert_no_error (error);
  g_source_remove (timeout);
  cm_test_conn_clear (&p.conn);
}

/* --- watched completions: a bounded batch per dispatch ------------------- */

/* More receive completions than one dispatch may emit (the per-dispatch
 * budget of a watched CQ, WATCH_BATCH in gverbs-cq-watch.c). */
#define BUDGET 256
#define N_BUDGET (2 * BUDGET + 88)

typedef struct {
  GVerbsMR *buf;
  guint received;
  guint in_dispatch;      /* emissions in the current main-context iteration */
  gboolean wrong;
} Budget;

static void
on_budget_recv (GVerbsCMID *id,
                GVerbsWC   *wc,
                Budget     *b)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) got = NULL;
  guint64 value;

  if (wc->status != GVERBS_WC_SUCCESS || wc->opcode != GVERBS_WC_RECV ||
      wc->wr_id != b->received || wc->byte_len != sizeof value)
    b->wrong = TRUE;
  got = gverbs_mr_read (b->buf, sizeof value, wc->wr_id * sizeof value, &error);
  g_assert_no_error (error);
  memcpy (&value, g_bytes_get_data (got, NULL), sizeof value);
  if (value != 0x5eed0000u + wc->wr_id)
    b->wrong = TRUE;
  b->received++;
  b->in_dispatch++;
}

static void
test_completion_budget (void)
{
  const char *addr = cm_test_addr ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsMR) send = NULL;
  g_autoptr(GArray) batches = g_array_new (FALSE, FALSE, sizeof (guint));
  Budget b = { 0 };
  Pair p = { 0 };
  guint timeout;
  gint64 deadline;

  if (addr == NULL)
    return;
  timeout = cm_test_add_timeout (180);
  connect_pair (&p, addr, "7496", N_BUDGET);

  b.buf = gverbs_cm_id_reg_msgs (p.conn.server, N_BUDGET * sizeof (guint64), &error);
  g_assert_no_error (error);
  send = gverbs_cm_id_reg_msgs (p.conn.client, N_BUDGET * sizeof (guint64), &error);
  g_assert_no_error (error);
  for (guint i = 0; i < N_BUDGET; i++)
    {
      guint64 value = 0x5eed0000u + i;

      g_assert_true (gverbs_cm_id_post_recv (p.conn.server, b.buf, i * sizeof value, sizeof value, i, &error));
      g_assert_true (gverbs_mr_write (send, (const guint8 *) &value, sizeof value, i * sizeof value, &error));
      g_assert_no_error (error);
    }
  g_signal_connect (p.conn.server, "recv-completion", G_CALLBACK (on_budget_recv), &b);
  g_assert_true (gverbs_cm_id_watch_completions (p.conn.server, &error));
  g_assert_no_error (error);

  /* All the messages arrive while the loop does not run: the client takes
   * its send completions synchronously, each one acknowledged by the
   * server after its receive completed. */
  for (guint i = 0; i < N_BUDGET; i++)
    g_assert_true (gverbs_cm_id_post_send (p.conn.client, send, i * sizeof (guint64), sizeof (guint64),
                                           GVERBS_SEND_SIGNALED, i, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < N_BUDGET; i++)
    {
      g_autoptr(GVerbsWC) wc = gverbs_cm_id_get_send_comp (p.conn.client, &error);

      g_assert_no_error (error);
      g_assert_cmpint (wc->status, ==, GVERBS_WC_SUCCESS);
      g_assert_cmpuint (wc->wr_id, ==, i);
    }
  g_assert_cmpuint (b.received, ==, 0);

  /* One iteration dispatches the channel's source once. */
  deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (b.received < N_BUDGET && g_get_monotonic_time () < deadline)
    {
      b.in_dispatch = 0;
      g_main_context_iteration (NULL, FALSE);
      if (b.in_dispatch > 0)
        g_array_append_val (batches, b.in_dispatch);
      else
        g_usleep (1000);
    }
  for (guint i = 0; i < batches->len; i++)
    g_test_message ("dispatch %u: %u completions", i, g_array_index (batches, guint, i));
  g_assert_cmpuint (b.received, ==, N_BUDGET);
  g_assert_false (b.wrong);
  g_assert_cmpuint (batches->len, ==, 3);
  g_assert_cmpuint (g_array_index (batches, guint, 0), ==, BUDGET);
  g_assert_cmpuint (g_array_index (batches, guint, 1), ==, BUDGET);
  g_assert_cmpuint (g_array_index (batches, guint, 2), ==, N_BUDGET - 2 * BUDGET);

  /* nothing more, and the identifier still closes cleanly */
  for (int i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (b.received, ==, N_BUDGET);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.conn.client), &error));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.conn.server), &error));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (p.conn.listener), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (b.buf)));
  g_source_remove (timeout);
  g_object_unref (b.buf);
  cm_test_conn_clear (&p.conn);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cm/timewait-exit", test_timewait_exit);
  g_test_add_func ("/cm/completion-budget", test_completion_budget);
  return g_test_run ();
}
