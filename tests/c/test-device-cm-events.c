#include <string.h>
#include "gverbs-test-util.h"

/* rdma_cm events after a disconnect: TIMEWAIT_EXIT, over rxe loopback at
 * $GVERBS_VM_ADDR. */

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

static GVerbsCMQPInitAttr *
qp_attr (void)
{
  GVerbsCMQPInitAttr *attr = gverbs_cm_qp_init_attr_new ();

  attr->max_send_wr = 2;
  attr->max_recv_wr = 2;
  return attr;
}

static gboolean
timeout_cb (gpointer data)
{
  g_error ("test timed out");
  return G_SOURCE_REMOVE;
}

typedef struct {
  GMainLoop *loop;
  GVerbsEventChannel *ch;
  GVerbsCMID *listener;
  GVerbsCMID *server;
  GVerbsCMID *client;
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
    g_main_loop_quit (p->loop);
}

static void
on_disconnected (GVerbsCMID *id,
                 Pair       *p)
{
  g_autoptr(GError) error = NULL;

  /* the passive side answers the peer's disconnect request (DREP) */
  if (id == p->server)
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
  if (id == p->client)
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
accepted_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  Pair *p = data;
  g_autoptr(GError) error = NULL;

  g_assert_true (gverbs_cm_id_accept_finish (GVERBS_CM_ID (source), result, &error));
  g_assert_no_error (error);
  p->established++;
  quit_when (p, p->established == 2);
}

static void
on_connect_request (GVerbsCMID *listener,
                    GVerbsCMID *new_id,
                    GBytes     *private_data,
                    Pair       *p)
{
  g_autoptr(GVerbsCMQPInitAttr) attr = qp_attr ();
  g_autoptr(GError) error = NULL;

  p->server = g_object_ref (new_id);
  watch (p, new_id);
  g_assert_true (gverbs_cm_id_create_qp (new_id, attr, &error));
  g_assert_no_error (error);
  gverbs_cm_id_accept_async (new_id, NULL, NULL, NULL, accepted_cb, p);
}

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  Pair *p = data;
  g_autoptr(GError) error = NULL;

  g_assert_true (gverbs_cm_id_connect_finish (GVERBS_CM_ID (source), result, &error));
  g_assert_no_error (error);
  p->established++;
  quit_when (p, p->established == 2);
}

static void
route_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  Pair *p = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsCMQPInitAttr) attr = qp_attr ();

  g_assert_true (gverbs_cm_id_resolve_route_finish (p->client, result, &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_cm_id_create_qp (p->client, attr, &error));
  g_assert_no_error (error);
  gverbs_cm_id_connect_async (p->client, NULL, NULL, NULL, connected_cb, p);
}

static void
addr_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  Pair *p = data;
  g_autoptr(GError) error = NULL;

  g_assert_true (gverbs_cm_id_resolve_addr_finish (p->client, result, &error));
  g_assert_no_error (error);
  gverbs_cm_id_resolve_route_async (p->client, 2000, NULL, route_cb, p);
}

static void
connect_pair (Pair       *p,
              const char *addr,
              const char *port)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAddrInfo) sai = NULL;
  g_autoptr(GVerbsAddrInfo) cai = NULL;

  p->loop = g_main_loop_new (NULL, FALSE);
  p->ch = gverbs_event_channel_new (&error);
  g_assert_no_error (error);
  p->listener = gverbs_cm_id_new_on_channel (p->ch, GVERBS_RDMA_PS_TCP, &error);
  g_assert_no_error (error);
  sai = gverbs_addr_info_new (addr, NULL, port, NULL, GVERBS_RDMA_PS_TCP, GVERBS_RAI_PASSIVE, &error);
  g_assert_true (gverbs_cm_id_bind_addr (p->listener, sai, &error));
  g_assert_true (gverbs_cm_id_listen (p->listener, 4, &error));
  g_assert_no_error (error);
  g_signal_connect (p->listener, "connect-request", G_CALLBACK (on_connect_request), p);

  p->client = gverbs_cm_id_new_on_channel (p->ch, GVERBS_RDMA_PS_TCP, &error);
  g_assert_no_error (error);
  watch (p, p->client);
  cai = gverbs_addr_info_new (NULL, addr, NULL, port, GVERBS_RDMA_PS_TCP, 0, &error);
  g_assert_no_error (error);
  gverbs_cm_id_resolve_addr_async (p->client, cai, 2000, NULL, addr_cb, p);
  g_main_loop_run (p->loop);
  g_assert_cmpuint (p->established, ==, 2);
}

static void
free_pair (Pair *p)
{
  g_clear_object (&p->server);
  g_clear_object (&p->client);
  g_clear_object (&p->listener);
  g_clear_object (&p->ch);
  g_main_loop_unref (p->loop);
}

static void
test_timewait_exit (void)
{
  const char *addr = vm_addr ();
  g_autoptr(GError) error = NULL;
  Pair p = { 0 };
  guint timeout;

  if (addr == NULL)
    return;
  timeout = g_timeout_add_seconds (120, timeout_cb, NULL);
  connect_pair (&p, addr, "7495");

  g_assert_true (gverbs_cm_id_shutdown (p.client, &error));
  g_assert_no_error (error);
  g_main_loop_run (p.loop);
  g_assert_cmpuint (p.disconnected, ==, 2);
  g_assert_cmpuint (p.timewait_exits, ==, 0);
  g_assert_cmpint (gverbs_cm_id_query_qp_state (p.client, &error), ==, GVERBS_QPS_ERR);

  /* after the CM's time-wait, both sides get TIMEWAIT_EXIT, the last event */
  g_main_loop_run (p.loop);
  g_assert_cmpuint (p.timewait_exits, ==, 2);
  g_assert_cmpint (p.last_client_event, ==, GVERBS_RDMA_CM_EVENT_TIMEWAIT_EXIT);
  g_assert_cmpint (p.last_server_event, ==, GVERBS_RDMA_CM_EVENT_TIMEWAIT_EXIT);

  g_assert_true (gverbs_cm_id_close (p.client, &error));
  g_assert_true (gverbs_cm_id_close (p.server, &error));
  g_assert_true (gverbs_cm_id_close (p.listener, &error));
  g_assert_no_error (error);
  g_source_remove (timeout);
  free_pair (&p);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cm/timewait-exit", test_timewait_exit);
  return g_test_run ();
}
