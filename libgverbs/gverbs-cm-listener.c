/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "gverbs-cm-listener.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"
#include "gverbs-private.h"

/**
 * GVerbsCMListener:
 *
 * An rdma_cm server in the style of #GSocketService: it listens on one or
 * more addresses (gverbs_cm_listener_add_address()) on an event channel of
 * its own, watched in the thread-default #GMainContext of the thread that
 * created it. For every connection request it creates a QP from its
 * template #GVerbsCMQPInitAttr, emits #GVerbsCMListener::accepting (post
 * the first receives there), accepts, and once the connection is
 * established emits #GVerbsCMListener::incoming with the connected
 * #GVerbsCMID. Any number of connections are served at once, each on its
 * own identifier; keep a reference to one to keep it connected.
 *
 * gverbs_cm_listener_close() stops listening and drops connections still
 * being set up; established connections it already handed out stay open.
 *
 * When to use it: for a server that accepts connections by IP address on
 * the main loop without handling connection-manager events itself.
 *
 * ```c
 * // given: gboolean on_incoming (GVerbsCMListener *l, GVerbsCMID *conn, gpointer data);
 * GVerbsCMQPInitAttr init = { .qp_type = GVERBS_QPT_RC, .max_send_wr = 16, .max_recv_wr = 16,
 *                             .max_send_sge = 1, .max_recv_sge = 1 };
 * g_autoptr(GVerbsCMListener) listener = gverbs_cm_listener_new (&init, &error);
 *
 * if (listener == NULL || gverbs_cm_listener_add_address (listener, "0.0.0.0", 7471, 8, &error) == 0)
 *   return;
 * g_signal_connect (listener, "incoming", G_CALLBACK (on_incoming), NULL);
 * // run a GMainLoop
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsCMListener
{
  GVerbsResource parent_instance;

  GVerbsCMQPInitAttr *qp_init_attr;
  GVerbsEventChannel *channel;
  GPtrArray *listening;         /* GVerbsCMID, one per address */
  GHashTable *pending;          /* GVerbsCMID (a reference) -> itself */
  guint n_accepted;
};

G_DEFINE_FINAL_TYPE (GVerbsCMListener, gverbs_cm_listener, GVERBS_TYPE_RESOURCE)

enum {
  SIGNAL_ACCEPTING,
  SIGNAL_INCOMING,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
gverbs_cm_listener_open (GVerbsResource  *resource,
                         GCancellable    *cancellable,
                         GError         **error)
{
  GVerbsCMListener *self = GVERBS_CM_LISTENER (resource);

  if (self->qp_init_attr == NULL)
    {
      g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("A CMListener needs the QP init attributes of its connections"));
      return FALSE;
    }
  _gverbs_resource_set_description (resource, "rdma_cm listener");
  self->channel = gverbs_event_channel_new (error);
  return self->channel != NULL;
}

static gboolean
gverbs_cm_listener_release (GVerbsResource  *resource,
                            GError         **error)
{
  GVerbsCMListener *self = GVERBS_CM_LISTENER (resource);
  g_autoptr(GList) pending = NULL;

  for (guint i = 0; i < self->listening->len; i++)
    gverbs_resource_close (g_ptr_array_index (self->listening, i), NULL);
  g_ptr_array_set_size (self->listening, 0);
  /* closing one completes its accept, whose callback edits the table */
  pending = g_hash_table_get_keys (self->pending);
  g_list_foreach (pending, (GFunc) (void (*) (void)) g_object_ref, NULL);
  for (GList *l = pending; l != NULL; l = l->next)
    gverbs_resource_close (l->data, NULL);
  g_hash_table_remove_all (self->pending);
  g_list_foreach (pending, (GFunc) (void (*) (void)) g_object_unref, NULL);
  return TRUE;
}

static void
gverbs_cm_listener_finalize (GObject *object)
{
  GVerbsCMListener *self = GVERBS_CM_LISTENER (object);

  g_clear_pointer (&self->listening, g_ptr_array_unref);
  g_clear_pointer (&self->pending, g_hash_table_unref);
  G_OBJECT_CLASS (gverbs_cm_listener_parent_class)->finalize (object);
}

static const GVerbsField fields[] = {
  /**
   * GVerbsCMListener:event-channel:
   *
   * The event channel the listener and its connections use.
   */
  GVERBS_PROP_OBJECT (GVerbsCMListener, channel, "event-channel", gverbs_event_channel_get_type,
                      G_PARAM_READABLE),
  /**
   * GVerbsCMListener:qp-init-attr:
   *
   * The attributes of the QP created for every accepted connection.
   */
  GVERBS_PROP_BOXED (GVerbsCMListener, qp_init_attr, "qp-init-attr",
                     gverbs_cm_qp_init_attr_get_type, GVERBS_PROP_CONSTRUCT_ONLY),
};

static void
gverbs_cm_listener_class_init (GVerbsCMListenerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GVerbsResourceClass *resource_class =
    _gverbs_resource_class_set_lifecycle (klass, gverbs_cm_listener_open,
                                          gverbs_cm_listener_release, GVERBS_RANK_CHANNEL);

  object_class->finalize = gverbs_cm_listener_finalize;
  _gverbs_resource_class_install_properties (resource_class, 1, fields,
                                             G_N_ELEMENTS (fields), NULL, 0);

  /**
   * GVerbsCMListener::accepting:
   * @self: the listener
   * @connection: the identifier of the request, with its QP
   *
   * A connection request arrived and its QP was created; it is accepted
   * after this signal. Post the first receives here so that the peer's
   * first messages find them.
   */
  signals[SIGNAL_ACCEPTING] =
    g_signal_new ("accepting", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, GVERBS_TYPE_CM_ID);
  /**
   * GVerbsCMListener::incoming:
   * @self: the listener
   * @connection: the established connection
   *
   * A connection is established. The listener drops its reference after
   * the signal: keep one to keep the connection (closing or dropping the
   * last one disconnects it).
   *
   * Returns: %TRUE to stop other handlers from being called
   */
  signals[SIGNAL_INCOMING] =
    g_signal_new ("incoming", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  g_signal_accumulator_true_handled, NULL, NULL,
                  G_TYPE_BOOLEAN, 1, GVERBS_TYPE_CM_ID);
}

static void
gverbs_cm_listener_init (GVerbsCMListener *self)
{
  self->listening = g_ptr_array_new_with_free_func (g_object_unref);
  self->pending = g_hash_table_new_full (g_direct_hash, g_direct_equal, g_object_unref, NULL);
}

/**
 * gverbs_cm_listener_new:
 * @qp_init_attr: the attributes of the QP of every connection
 * @error: return location for a #GError
 *
 * Creates a listener with its own #GVerbsEventChannel in the
 * thread-default main context; it listens nowhere until
 * gverbs_cm_listener_add_address().
 *
 * Returns: (transfer full): the listener, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsCMListener *
gverbs_cm_listener_new (const GVerbsCMQPInitAttr  *qp_init_attr,
                        GError                   **error)
{
  g_return_val_if_fail (qp_init_attr != NULL, NULL);
  return g_initable_new (GVERBS_TYPE_CM_LISTENER, NULL, error, "qp-init-attr", qp_init_attr, NULL);
}

static void
accepted_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GVerbsCMListener) self = user_data;
  GVerbsCMID *connection = GVERBS_CM_ID (source);
  g_autoptr(GError) error = NULL;
  gboolean handled = FALSE;

  g_object_ref (connection);
  g_hash_table_remove (self->pending, connection);
  if (gverbs_cm_id_accept_finish (connection, result, &error))
    {
      self->n_accepted++;
      g_signal_emit (self, signals[SIGNAL_INCOMING], 0, connection, &handled);
    }
  else
    {
      g_debug ("rdma_cm listener: %s", error->message);
      gverbs_resource_close (GVERBS_RESOURCE (connection), NULL);
    }
  g_object_unref (connection);
}

static void
on_connect_request (GVerbsCMID       *listening,
                    GVerbsCMID       *connection,
                    GBytes           *private_data,
                    GVerbsCMListener *self)
{
  g_autoptr(GError) error = NULL;

  if (gverbs_resource_is_closed (GVERBS_RESOURCE (self)))
    return;
  if (!gverbs_cm_id_create_qp (connection, self->qp_init_attr, &error))
    {
      g_warning ("rdma_cm listener: %s", error->message);
      gverbs_cm_id_reject (connection, NULL, NULL);
      return;
    }
  g_hash_table_add (self->pending, g_object_ref (connection));
  g_signal_emit (self, signals[SIGNAL_ACCEPTING], 0, connection);
  if (gverbs_resource_is_closed (GVERBS_RESOURCE (connection)))
    {
      g_hash_table_remove (self->pending, connection);
      return;
    }
  gverbs_cm_id_accept_async (connection, NULL, NULL, NULL, accepted_cb, g_object_ref (self));
}

/**
 * gverbs_cm_listener_add_address:
 * @self: a #GVerbsCMListener
 * @address: the local IP address to listen on (IPv4 or IPv6 text)
 * @port: the port, or 0 for one the kernel picks
 * @backlog: the listen backlog (0 for librdmacm's default)
 * @error: return location for a #GError
 *
 * Starts listening on @address:@port (`rdma_bind_addr()`, `rdma_listen()`)
 * in the TCP port space.
 *
 * Returns: the port listened on, or 0 on error
 *
 * Since: 0.1
 */
guint
gverbs_cm_listener_add_address (GVerbsCMListener  *self,
                                const char        *address,
                                guint              port,
                                int                backlog,
                                GError           **error)
{
  g_autoptr(GVerbsCMID) id = NULL;
  g_autoptr(GVerbsAddrInfo) ai = NULL;
  g_autofree char *service = NULL;

  g_return_val_if_fail (GVERBS_IS_CM_LISTENER (self), 0);
  g_return_val_if_fail (address != NULL, 0);

  if (!_gverbs_resource_check_open (self, error))
    return 0;
  if (port > G_MAXUINT16)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("Port %u is out of range 0–65535"), port);
      return 0;
    }
  service = g_strdup_printf ("%u", port);
  ai = gverbs_addr_info_new (address, NULL, service, NULL, GVERBS_RDMA_PS_TCP,
                             GVERBS_RAI_PASSIVE, error);
  if (ai == NULL)
    return 0;
  id = gverbs_cm_id_new_on_channel (self->channel, GVERBS_RDMA_PS_TCP, error);
  if (id == NULL || !gverbs_cm_id_bind_addr (id, ai, error) || !gverbs_cm_id_listen (id, backlog, error))
    {
      if (id != NULL)
        gverbs_resource_close (GVERBS_RESOURCE (id), NULL);
      return 0;
    }
  g_signal_connect_object (id, "connect-request", G_CALLBACK (on_connect_request), self, 0);
  g_ptr_array_add (self->listening, g_object_ref (id));
  return gverbs_cm_id_get_local_port (id);
}

/**
 * gverbs_cm_listener_get_event_channel:
 * @self: a #GVerbsCMListener
 *
 * Gets the event channel of the listener and its connections.
 *
 * Returns: (transfer none) (nullable): the event channel of the listener
 *   and its connections
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsEventChannel *, gverbs_cm_listener_get_event_channel,
                      GVerbsCMListener, GVERBS_IS_CM_LISTENER, NULL, self->channel)

/**
 * gverbs_cm_listener_get_n_pending:
 * @self: a #GVerbsCMListener
 *
 * Gets how many connections are accepted but not yet established.
 *
 * Returns: how many connections are accepted but not yet established
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_cm_listener_get_n_pending,
                      GVerbsCMListener, GVERBS_IS_CM_LISTENER, 0, g_hash_table_size (self->pending))

/**
 * gverbs_cm_listener_get_n_accepted:
 * @self: a #GVerbsCMListener
 *
 * Gets how many connections were established and handed out by
 * #GVerbsCMListener::incoming so far.
 *
 * Returns: how many connections were established and handed out by
 *   #GVerbsCMListener::incoming so far
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_cm_listener_get_n_accepted,
                      GVerbsCMListener, GVERBS_IS_CM_LISTENER, 0, self->n_accepted)

