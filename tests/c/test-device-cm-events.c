#include <string.h>
#include "cm-test-util.h"

/* rdma_cm events after a disconnect: TIMEWAIT_EXIT, over rxe loopback at
 * $GVERBS_VM_ADDR. */

#define MAX_WR 2

typedef struct {
  CMTestConn conn;
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
  cm_test_create_qp (new_id, GVERBS_QPT_RC, MAX_WR);
  cm_test_accept_async (new_id, established, p);
}

static void
connect_pair (Pair       *p,
              const char *addr,
              const char *port)
{
  cm_test_conn_init (&p->conn);
  p->conn.listener = cm_test_listen (p->conn.ch, addr, port, 4);
  g_signal_connect (p->conn.listener, "connect-request", G_CALLBACK (on_connect_request), p);

  cm_test_conn_connect (&p->conn, NULL, addr, port, &(CMTestConnect) {
                          .max_wr = MAX_WR, .connected = established, .data = p });
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
  connect_pair (&p, addr, "7495");

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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cm/timewait-exit", test_timewait_exit);
  return g_test_run ();
}
