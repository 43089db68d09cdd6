#include <dlfcn.h>
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

int
main (int argc, char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cm-reentrancy/close-channel-in-addr-resolved",
                   test_close_channel_in_addr_resolved);
  ret = g_test_run ();
  g_clear_pointer (&destroyed_channels, g_hash_table_unref);
  return ret;
}
