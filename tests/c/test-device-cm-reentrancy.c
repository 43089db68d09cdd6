/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <rdma/rdma_cma.h>
#include "cm-test-util.h"

/* Re-entrancy of the rdma_cm signals, over rxe loopback at $GVERBS_VM_ADDR:
 * a handler that closes the emitting object, closes its event channel or
 * drops its last reference must not make the dispatch that called it use
 * freed memory (run under ASan with leak checking in CI). */

/* --- librdmacm's order: identifiers before their channel ------------------ */

/* librdmacm reads an identifier's channel when destroying it, which
 * valgrind sees but ASan cannot (librdmacm is not instrumented): these
 * wrappers of the library's calls make it an assertion. */
static GHashTable *destroyed_channels;

static gpointer
real_symbol (const char *name)
{
  gpointer sym = dlsym (RTLD_NEXT, name);

  g_assert_nonnull (sym);
  return sym;
}

static void
check_channel_alive (struct rdma_cm_id *id,
                     const char        *call)
{
  if (id != NULL && id->channel != NULL && destroyed_channels != NULL &&
      g_hash_table_contains (destroyed_channels, id->channel))
    g_error ("%s on an identifier whose event channel %p was already destroyed", call, id->channel);
}

struct rdma_event_channel *
rdma_create_event_channel (void)
{
  struct rdma_event_channel *(*real) (void) = real_symbol ("rdma_create_event_channel");
  struct rdma_event_channel *ch = real ();

  if (ch != NULL && destroyed_channels != NULL)
    g_hash_table_remove (destroyed_channels, ch);
  return ch;
}

void
rdma_destroy_event_channel (struct rdma_event_channel *channel)
{
  void (*real) (struct rdma_event_channel *) = real_symbol ("rdma_destroy_event_channel");

  if (destroyed_channels == NULL)
    destroyed_channels = g_hash_table_new (NULL, NULL);
  g_hash_table_add (destroyed_channels, channel);
  real (channel);
}

void
rdma_destroy_ep (struct rdma_cm_id *id)
{
  void (*real) (struct rdma_cm_id *) = real_symbol ("rdma_destroy_ep");

  check_channel_alive (id, "rdma_destroy_ep");
  real (id);
}

int
rdma_destroy_id (struct rdma_cm_id *id)
{
  int (*real) (struct rdma_cm_id *) = real_symbol ("rdma_destroy_id");

  check_channel_alive (id, "rdma_destroy_id");
  return real (id);
}

/* --- closing the channel from a handler ------------------------------------ */

typedef struct {
  GMainLoop *loop;
  GVerbsEventChannel *ch;
  GError *error;
  guint events;
} CloseInHandler;

static void
close_channel_on_addr_resolved (GVerbsCMID        *id,
                                GVerbsCMEventType  type,
                                int                status,
                                CloseInHandler    *c)
{
  g_autoptr(GError) error = NULL;

  c->events++;
  g_assert_cmpint (type, ==, GVERBS_RDMA_CM_EVENT_ADDR_RESOLVED);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (c->ch), &error));
  g_assert_no_error (error);
  /* the identifier was closed with its channel, in its own handler */
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (id)));
}

static void
resolved_after_close (GObject      *source,
                      GAsyncResult *result,
                      gpointer      data)
{
  CloseInHandler *c = data;

  g_assert_false (gverbs_cm_id_resolve_addr_finish (GVERBS_CM_ID (source), result, &c->error));
  g_main_loop_quit (c->loop);
}

/* Issue 11, defect 1: the dispatch destroyed the identifier after its
 * handler returned, with rdma_destroy_id() reading the rdma_event_channel
 * the handler had freed. */
static void
test_close_channel_in_addr_resolved (void)
{
  const char *addr = cm_test_addr ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAddrInfo) dst = NULL;
  g_autoptr(GVerbsCMID) id = NULL;
  g_autoptr(GVerbsCMID) other = NULL;
  CloseInHandler c = { 0 };
  guint timeout;

  if (addr == NULL)
    return;
  timeout = cm_test_add_timeout (60);
  c.loop = g_main_loop_new (NULL, FALSE);
  c.ch = gverbs_event_channel_new (&error);
  g_assert_no_error (error);
  id = gverbs_cm_id_new_on_channel (c.ch, GVERBS_RDMA_PS_TCP, &error);
  g_assert_no_error (error);
  dst = gverbs_addr_info_new (NULL, addr, NULL, "7801", GVERBS_RDMA_PS_TCP, 0, &error);
  g_assert_no_error (error);
  g_signal_connect (id, "event", G_CALLBACK (close_channel_on_addr_resolved), &c);

  gverbs_cm_id_resolve_addr_async (id, dst, 2000, NULL, resolved_after_close, &c);
  g_main_loop_run (c.loop);
  g_assert_cmpuint (c.events, ==, 1);
  g_assert_error (c.error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&c.error);

  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (c.ch)));
  g_assert_cmpint (gverbs_event_channel_get_fd (c.ch), ==, -1);
  g_assert_false (gverbs_cm_id_listen (id, 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  other = gverbs_cm_id_new_on_channel (c.ch, GVERBS_RDMA_PS_TCP, &error);
  g_assert_null (other);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_cmpuint (cm_test_count_cm_ids (), ==, 0);

  g_source_remove (timeout);
  g_clear_object (&c.ch);
  g_main_loop_unref (c.loop);
}

/* --- the matrix: every signal x (close it, close its channel, drop it) ----- */

/* What drives a case to its signal. */
typedef enum {
  FLOW_CONNECT,       /* resolve, connect, accept */
  FLOW_DISCONNECT,    /* then the client disconnects; both sides reach time-wait exit */
  FLOW_REJECT,        /* the server rejects */
  FLOW_COMPLETIONS,   /* then one message, client to server, with completions watched */
  FLOW_MULTICAST,     /* a UD identifier joins a group */
  FLOW_LISTENER,      /* a GVerbsCMListener serves the client */
} Flow;

typedef enum {
  ON_CLIENT,
  ON_SERVER,
  ON_LISTENER,        /* the listening GVerbsCMID, or the GVerbsCMListener */
} Who;

typedef enum {
  ACT_CLOSE,          /* close the emitting object */
  ACT_CLOSE_CHANNEL,  /* close its event channel (the listener's for a CMListener) */
  ACT_DROP,           /* drop the test's reference, the last one it has */
  N_ACTS
} Act;

static const char *act_names[] = { "close", "close-channel", "drop-ref" };

typedef struct {
  const char *name;
  const char *signal;
  Who who;
  int event_type;     /* for "event": the type acted on */
  Flow flow;
} Case;

static const Case cases[] = {
  { "addr-resolved", "event", ON_CLIENT, GVERBS_RDMA_CM_EVENT_ADDR_RESOLVED, FLOW_CONNECT },
  { "route-resolved", "event", ON_CLIENT, GVERBS_RDMA_CM_EVENT_ROUTE_RESOLVED, FLOW_CONNECT },
  { "connect-request", "connect-request", ON_LISTENER, -1, FLOW_CONNECT },
  { "event-connect-request", "event", ON_LISTENER, GVERBS_RDMA_CM_EVENT_CONNECT_REQUEST, FLOW_CONNECT },
  { "established-client", "established", ON_CLIENT, -1, FLOW_CONNECT },
  { "established-server", "established", ON_SERVER, -1, FLOW_CONNECT },
  { "disconnected-server", "disconnected", ON_SERVER, -1, FLOW_DISCONNECT },
  { "disconnected-client", "disconnected", ON_CLIENT, -1, FLOW_DISCONNECT },
  { "timewait-exit", "timewait-exit", ON_CLIENT, -1, FLOW_DISCONNECT },
  { "rejected", "rejected", ON_CLIENT, -1, FLOW_REJECT },
  { "send-completion", "send-completion", ON_CLIENT, -1, FLOW_COMPLETIONS },
  { "recv-completion", "recv-completion", ON_SERVER, -1, FLOW_COMPLETIONS },
  { "multicast-join", "multicast-join", ON_CLIENT, -1, FLOW_MULTICAST },
  { "listener-accepting", "accepting", ON_LISTENER, -1, FLOW_LISTENER },
  { "listener-incoming", "incoming", ON_LISTENER, -1, FLOW_LISTENER },
};

typedef struct {
  const Case *c;
  Act act;
  const char *addr;
  char port[8];
  GMainLoop *loop;
  GVerbsEventChannel *ch;
  GVerbsCMID *listener;
  GVerbsCMListener *service;
  GVerbsCMID *server;
  GVerbsCMID *client;
  GVerbsMR *client_mr;
  GVerbsMR *server_mr;
  GVerbsAddrInfo *group;
  gpointer emitter;           /* what emitted, kept to check it is closed */
  gboolean acted;
  guint established;
  guint settle;
} Run;

static gboolean
settled (gpointer data)
{
  Run *r = data;

  r->settle = 0;
  g_main_loop_quit (r->loop);
  return G_SOURCE_REMOVE;
}

/* An operation on an identifier that may have been closed meanwhile: it
 * succeeds, or fails with GVERBS_ERROR_CLOSED on a closed one. */
static void
expect_ok_or_closed (GVerbsCMID *id,
                     gboolean    ok,
                     GError     *error)
{
  if (ok)
    return;
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (id)));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
}

static void
act (Run      *r,
     gpointer  emitter)
{
  g_autoptr(GError) error = NULL;

  if (r->acted)
    return;
  r->acted = TRUE;
  g_test_message ("%s: %s in the handler", r->c->name, act_names[r->act]);
  switch (r->act)
    {
    case ACT_CLOSE:
      r->emitter = g_object_ref (emitter);
      if (GVERBS_IS_CM_LISTENER (emitter))
        g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (emitter), &error));
      else
        g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (emitter), &error));
      break;
    case ACT_CLOSE_CHANNEL:
      r->emitter = g_object_ref (emitter);
      if (GVERBS_IS_CM_LISTENER (emitter))
        g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (gverbs_cm_listener_get_event_channel (emitter)), &error));
      else
        g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (gverbs_cm_id_get_event_channel (emitter)), &error));
      break;
    case ACT_DROP:
      if (emitter == r->client)
        g_clear_object (&r->client);
      else if (emitter == r->server)
        g_clear_object (&r->server);
      else if (emitter == r->listener)
        g_clear_object (&r->listener);
      else if (emitter == r->service)
        g_clear_object (&r->service);
      else
        g_assert_not_reached ();
      break;
    default:
      g_assert_not_reached ();
    }
  g_assert_no_error (error);
  /* let what follows from the action arrive (the peer's reject, disconnect...) */
  r->settle = g_timeout_add (1000, settled, r);
}

/* One marshaller for every signal: the instance is the first value. */
static void
acting_marshal (GClosure     *closure,
                GValue       *return_value,
                guint         n_param_values,
                const GValue *param_values,
                gpointer      invocation_hint,
                gpointer      marshal_data)
{
  Run *r = closure->data;

  if (return_value != NULL && G_VALUE_HOLDS_BOOLEAN (return_value))
    g_value_set_boolean (return_value, FALSE);
  if (r->c->event_type >= 0 && g_value_get_enum (&param_values[1]) != r->c->event_type)
    return;
  act (r, g_value_get_object (&param_values[0]));
}

static void
arm (Run      *r,
     gpointer  object,
     Who       who)
{
  GClosure *closure;

  if (who != r->c->who)
    return;
  closure = g_closure_new_simple (sizeof (GClosure), r);
  g_closure_set_marshal (closure, acting_marshal);
  g_signal_connect_closure (object, r->c->signal, closure, FALSE);
}

/* --- the flows --- */

static void
send_one (Run *r)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (r->client == NULL)
    return;
  ok = gverbs_cm_id_watch_completions (r->client, &error);
  expect_ok_or_closed (r->client, ok, error);
  if (!ok)
    return;
  r->client_mr = gverbs_cm_id_reg_msgs (r->client, 64, &error);
  g_assert_no_error (error);
  gverbs_mr_write (r->client_mr, (const guint8 *) "reentrancy", 10, 0, &error);
  g_assert_no_error (error);
  ok = gverbs_cm_id_post_send (r->client, r->client_mr, 0, 10, GVERBS_SEND_SIGNALED, 1, &error);
  expect_ok_or_closed (r->client, ok, error);
}

static void
both_established (Run *r)
{
  g_autoptr(GError) error = NULL;

  if (++r->established < 2)
    return;
  if (r->c->flow == FLOW_DISCONNECT && r->client != NULL)
    {
      gboolean ok = gverbs_cm_id_shutdown (r->client, &error);

      expect_ok_or_closed (r->client, ok, error);
    }
  else if (r->c->flow == FLOW_COMPLETIONS)
    send_one (r);
}

static void
flow_connected (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  Run *r = data;
  g_autoptr(GError) error = NULL;

  if (gverbs_cm_id_connect_to_peer_finish (GVERBS_CM_ID (source), result, &error))
    both_established (r);
}

static void
flow_route_resolved (GObject      *source,
                     GAsyncResult *result,
                     gpointer      data)
{
  Run *r = data;
  GVerbsCMID *id = GVERBS_CM_ID (source);
  g_autoptr(GVerbsCMQPInitAttr) attr = cm_test_qp_attr (GVERBS_QPT_RC, 4);
  g_autoptr(GError) error = NULL;

  if (!gverbs_cm_id_resolve_route_finish (id, result, &error))
    return;
  if (!gverbs_cm_id_create_qp (id, attr, &error))
    {
      expect_ok_or_closed (id, FALSE, error);
      return;
    }
  gverbs_cm_id_connect_to_peer_async (id, NULL, NULL, NULL, flow_connected, r);
}

static void
flow_addr_resolved (GObject      *source,
                    GAsyncResult *result,
                    gpointer      data)
{
  Run *r = data;
  GVerbsCMID *id = GVERBS_CM_ID (source);
  g_autoptr(GVerbsCMQPInitAttr) attr = cm_test_qp_attr (GVERBS_QPT_UD, 4);
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (!gverbs_cm_id_resolve_addr_finish (id, result, &error))
    return;
  if (r->c->flow != FLOW_MULTICAST)
    {
      gverbs_cm_id_resolve_route_async (id, 2000, NULL, flow_route_resolved, r);
      return;
    }
  ok = gverbs_cm_id_create_qp (id, attr, &error) && gverbs_cm_id_join_multicast (id, r->group, &error);
  expect_ok_or_closed (id, ok, error);
}

static void
flow_server_established (GObject      *source,
                         GAsyncResult *result,
                         gpointer      data)
{
  Run *r = data;
  g_autoptr(GError) error = NULL;

  if (!gverbs_cm_id_accept_finish (GVERBS_CM_ID (source), result, &error))
    return;
  if (r->c->flow == FLOW_COMPLETIONS && r->server != NULL)
    {
      gboolean ok = gverbs_cm_id_watch_completions (r->server, &error);

      expect_ok_or_closed (r->server, ok, error);
    }
  both_established (r);
}

static void
flow_disconnected (GVerbsCMID *id,
                   Run        *r)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  /* the passive side answers the peer's disconnect request */
  if (id != r->server || gverbs_resource_is_closed (GVERBS_RESOURCE (id)))
    return;
  ok = gverbs_cm_id_shutdown (id, &error);
  expect_ok_or_closed (id, ok, error);
}

static void
flow_timewait_exit (GVerbsCMID *id,
                    Run        *r)
{
  if (!r->acted && r->settle == 0)
    r->settle = g_timeout_add (1000, settled, r);
}

static void
flow_completion (GVerbsCMID     *id,
                 const GVerbsWC *wc,
                 Run            *r)
{
  g_assert_cmpint (wc->status, ==, GVERBS_WC_SUCCESS);
}

static void
flow_connect_request (GVerbsCMID *listener,
                      GVerbsCMID *new_id,
                      GBytes     *private_data,
                      Run        *r)
{
  g_autoptr(GVerbsCMQPInitAttr) attr = cm_test_qp_attr (GVERBS_QPT_RC, 4);
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (gverbs_resource_is_closed (GVERBS_RESOURCE (new_id)))
    return;
  if (r->c->flow == FLOW_REJECT)
    {
      ok = gverbs_cm_id_reject (new_id, NULL, &error);
      expect_ok_or_closed (new_id, ok, error);
      return;
    }
  g_assert_null (r->server);
  r->server = g_object_ref (new_id);
  arm (r, new_id, ON_SERVER);
  g_signal_connect (new_id, "disconnected", G_CALLBACK (flow_disconnected), r);
  g_signal_connect (new_id, "recv-completion", G_CALLBACK (flow_completion), r);
  if (!gverbs_cm_id_create_qp (new_id, attr, &error))
    {
      expect_ok_or_closed (new_id, FALSE, error);
      return;
    }
  r->server_mr = gverbs_cm_id_reg_msgs (new_id, 64, &error);
  g_assert_no_error (error);
  ok = gverbs_cm_id_post_recv (new_id, r->server_mr, 0, 64, 2, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
  gverbs_cm_id_accept_async (new_id, NULL, NULL, NULL, flow_server_established, r);
}

static gboolean
flow_incoming (GVerbsCMListener *service,
               GVerbsCMID       *connection,
               Run              *r)
{
  /* the listener's side: the test keeps it as its server */
  if (r->server == NULL)
    r->server = g_object_ref (connection);
  both_established (r);
  return FALSE;
}

static void
run_case (gconstpointer data)
{
  const Case *c = &cases[GPOINTER_TO_UINT (data) / N_ACTS];
  Act action = GPOINTER_TO_UINT (data) % N_ACTS;
  const char *addr = cm_test_addr ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAddrInfo) dst = NULL;
  Run r = { c, action, addr };
  guint timeout;

  if (addr == NULL)
    return;
  timeout = cm_test_add_timeout (90);
  g_snprintf (r.port, sizeof r.port, "%u", 7820 + GPOINTER_TO_UINT (data));
  r.loop = g_main_loop_new (NULL, FALSE);
  r.ch = gverbs_event_channel_new (&error);
  g_assert_no_error (error);

  if (c->flow == FLOW_LISTENER)
    {
      g_autoptr(GVerbsCMQPInitAttr) attr = cm_test_qp_attr (GVERBS_QPT_RC, 4);

      r.service = gverbs_cm_listener_new (attr, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (gverbs_cm_listener_add_address (r.service, addr, atoi (r.port), 4, &error), ==,
                        atoi (r.port));
      g_assert_no_error (error);
      arm (&r, r.service, ON_LISTENER);
      g_signal_connect (r.service, "incoming", G_CALLBACK (flow_incoming), &r);
    }
  else if (c->flow != FLOW_MULTICAST)
    {
      r.listener = cm_test_listen (r.ch, addr, r.port, 4);
      arm (&r, r.listener, ON_LISTENER);
      g_signal_connect (r.listener, "connect-request", G_CALLBACK (flow_connect_request), &r);
    }

  r.client = gverbs_cm_id_new_on_channel (r.ch, c->flow == FLOW_MULTICAST ? GVERBS_RDMA_PS_UDP
                                                                          : GVERBS_RDMA_PS_TCP, &error);
  g_assert_no_error (error);
  arm (&r, r.client, ON_CLIENT);
  g_signal_connect (r.client, "timewait-exit", G_CALLBACK (flow_timewait_exit), &r);
  g_signal_connect (r.client, "send-completion", G_CALLBACK (flow_completion), &r);
  if (c->flow == FLOW_MULTICAST)
    {
      r.group = gverbs_addr_info_new (NULL, "239.255.7.9", NULL, NULL, GVERBS_RDMA_PS_UDP, 0, &error);
      g_assert_no_error (error);
      dst = gverbs_addr_info_new (addr, "239.255.7.9", NULL, NULL, GVERBS_RDMA_PS_UDP, 0, &error);
    }
  else
    dst = gverbs_addr_info_new (NULL, addr, NULL, r.port, GVERBS_RDMA_PS_TCP, 0, &error);
  g_assert_no_error (error);
  gverbs_cm_id_resolve_addr_async (r.client, dst, 2000, NULL, flow_addr_resolved, &r);

  g_main_loop_run (r.loop);
  g_assert_true (r.acted);

  /* what was closed stays closed: calls give GVERBS_ERROR_CLOSED */
  if (r.emitter != NULL && GVERBS_IS_CM_ID (r.emitter))
    {
      g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (r.emitter)));
      g_assert_false (gverbs_cm_id_listen (r.emitter, 0, &error));
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
      g_clear_error (&error);
    }
  else if (r.emitter != NULL && action == ACT_CLOSE)
    {
      g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (r.emitter)));
      g_assert_cmpuint (gverbs_cm_listener_add_address (r.emitter, addr, 0, 0, &error), ==, 0);
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
      g_clear_error (&error);
    }
  if (action == ACT_CLOSE_CHANNEL)
    {
      GVerbsEventChannel *closed = r.service ? gverbs_cm_listener_get_event_channel (r.service) : r.ch;
      g_autoptr(GVerbsCMID) none = NULL;

      if (GVERBS_IS_CM_LISTENER (r.emitter))
        closed = gverbs_cm_listener_get_event_channel (r.emitter);
      g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (closed)));
      none = gverbs_cm_id_new_on_channel (closed, GVERBS_RDMA_PS_TCP, &error);
      g_assert_null (none);
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
      g_clear_error (&error);
    }

  /* tear down; nothing may be left in the kernel or on the heap */
  if (r.service != NULL)
    gverbs_resource_close (GVERBS_RESOURCE (r.service), NULL);
  gverbs_resource_close (GVERBS_RESOURCE (r.ch), NULL);
  g_clear_object (&r.client_mr);
  g_clear_object (&r.server_mr);
  g_clear_object (&r.client);
  g_clear_object (&r.server);
  g_clear_object (&r.listener);
  g_clear_object (&r.service);
  g_clear_object (&r.emitter);
  g_clear_object (&r.group);
  g_clear_object (&r.ch);
  if (r.settle != 0)
    g_source_remove (r.settle);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (cm_test_count_cm_ids (), ==, 0);
  g_assert_cmpuint (cm_test_count_resources ("qp"), ==, 0);
  g_source_remove (timeout);
  g_main_loop_unref (r.loop);
}

int
main (int argc, char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cm-reentrancy/close-channel-in-addr-resolved",
                   test_close_channel_in_addr_resolved);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint a = 0; a < N_ACTS; a++)
      {
        g_autofree char *path = g_strdup_printf ("/cm-reentrancy/%s/%s", cases[i].name, act_names[a]);

        g_test_add_data_func (path, GUINT_TO_POINTER (i * N_ACTS + a), run_case);
      }
  ret = g_test_run ();
  g_clear_pointer (&destroyed_channels, g_hash_table_unref);
  return ret;
}
