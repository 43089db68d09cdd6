/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-event-channel.h"
#include "gverbs-event-channel-private.h"
#include "gverbs-cm-id-private.h"
#include "gverbs-error.h"
#include "gverbs-fd-source-private.h"
#include "gverbs-resource-private.h"
#include "gverbs-resource-type-private.h"

/**
 * GVerbsEventChannel:
 *
 * An rdma_cm event channel (`struct rdma_event_channel`) watched on the
 * GLib main loop. Creating it attaches a #GSource to the thread-default
 * #GMainContext of the calling thread; each dispatch takes at most a bounded
 * batch of events, copies and acknowledges each one (`rdma_ack_cm_event()`)
 * and then emits the signals of the #GVerbsCMID it belongs to in that
 * context.
 *
 * The #GVerbsCMID objects created on the channel keep it alive;
 * gverbs_event_channel_close() closes them first. Closing the channel (or
 * dropping references) from a signal handler of one of its identifiers is
 * safe: the identifier and the `rdma_event_channel` are destroyed, in that
 * order, once the handler has returned.
 *
 * When to use it: for event-driven rdma_cm use on the main loop: create one,
 * then its identifiers with gverbs_cm_id_new_on_channel(). A
 * #GVerbsCMListener makes its own; synchronous identifiers
 * (gverbs_cm_id_new()) need none.
 *
 * ```c
 * // given: void on_disconnected (GVerbsCMID *id, gpointer data);
 * g_autoptr(GVerbsEventChannel) ch = gverbs_event_channel_new (&error);
 * GVerbsCMID *id = NULL;
 *
 * if (ch == NULL || (id = gverbs_cm_id_new_on_channel (ch, GVERBS_RDMA_PS_TCP, &error)) == NULL)
 *   return;
 * g_signal_connect (id, "disconnected", G_CALLBACK (on_disconnected), NULL);
 * ```
 *
 * Python: `Verbs.CMEventChannel()` (pyverbs' name) or `Verbs.EventChannel()`.
 *
 * Since: 0.1
 */
struct _GVerbsEventChannel
{
  GVerbsResource parent_instance;

  struct rdma_event_channel *ch;
  /* Closed but not yet destroyed: librdmacm reads an identifier's channel
   * in rdma_destroy_id(), so the channel outlives the identifiers on it,
   * which a dispatch may still be running a handler of. */
  struct rdma_event_channel *retired;
  guint n_ids;                  /* rdma_cm_ids alive on the channel */
  GSource *source;
  guint events_received;
};

G_DEFINE_FINAL_TYPE (GVerbsEventChannel, gverbs_event_channel, GVERBS_TYPE_RESOURCE)

static void
free_event (GVerbsCMEvent *event)
{
  g_clear_pointer (&event->private_data, g_bytes_unref);
  g_clear_object (&event->target);
  g_clear_object (&event->new_id);
}

static gboolean
on_channel_fd (gint          fd,
               GIOCondition  condition,
               gpointer      user_data)
{
  g_autoptr(GVerbsEventChannel) self = g_object_ref (user_data);

  for (guint n = 0; n < GVERBS_EVENT_CHANNEL_BATCH && self->ch != NULL; n++)
    {
      struct rdma_cm_event *ev = NULL;
      GVerbsCMEvent event = { 0 };
      const void *data = NULL;
      guint8 data_len = 0;

      if (rdma_get_cm_event (self->ch, &ev) != 0)
        {
          if (errno != EAGAIN && errno != EINTR)
            g_warning ("rdma_get_cm_event: %s", g_strerror (errno));
          break;
        }
      self->events_received++;
      g_debug ("rdma_cm: %s (status %d) on cm_id %p", rdma_event_str (ev->event), ev->status,
               (void *) ev->id);

      event.type = (GVerbsCMEventType) ev->event;
      event.status = ev->status;
      if (ev->id != NULL && ev->id->ps != RDMA_PS_UDP && ev->id->ps != RDMA_PS_IPOIB)
        {
          data = ev->param.conn.private_data;
          data_len = ev->param.conn.private_data_len;
        }
      else
        {
          data = ev->param.ud.private_data;
          data_len = ev->param.ud.private_data_len;
          event.ud_qp_num = ev->param.ud.qp_num;
          event.ud_qkey = ev->param.ud.qkey;
          event.ud_ah_attr = ev->param.ud.ah_attr;
          event.has_ud = TRUE;
        }
      event.private_data = g_bytes_new (data, data ? data_len : 0);

      if (ev->event == RDMA_CM_EVENT_CONNECT_REQUEST)
        {
          GVerbsCMID *listener = ev->listen_id ? ev->listen_id->context : NULL;

          if (listener != NULL)
            {
              event.target = g_object_ref (listener);
              event.new_id = _gverbs_cm_id_new_incoming (listener, self, ev->id);
            }
          else
            rdma_destroy_id (ev->id);
        }
      else if (ev->id != NULL && ev->id->context != NULL)
        event.target = g_object_ref (ev->id->context);

      rdma_ack_cm_event (ev);

      if (event.target != NULL)
        _gverbs_cm_id_handle_event (event.target, &event);
      free_event (&event);
    }
  return G_SOURCE_CONTINUE;
}

static gboolean
gverbs_event_channel_open (GVerbsResource  *resource,
                           GCancellable    *cancellable,
                           GError         **error)
{
  GVerbsEventChannel *self = GVERBS_EVENT_CHANNEL (resource);

  errno = 0;
  self->ch = rdma_create_event_channel ();
  if (self->ch == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : ENODEV, "rdma_create_event_channel", NULL, NULL);
      return FALSE;
    }
  _gverbs_resource_set_description (resource, "rdma_cm event channel %d", self->ch->fd);
  self->source = _gverbs_fd_source_new (resource, self->ch->fd, on_channel_fd, self, error);
  if (self->source == NULL)
    {
      g_clear_pointer (&self->ch, rdma_destroy_event_channel);
      return FALSE;
    }
  return TRUE;
}

static gboolean
gverbs_event_channel_release (GVerbsResource  *resource,
                              GError         **error)
{
  GVerbsEventChannel *self = GVERBS_EVENT_CHANNEL (resource);

  _gverbs_fd_source_clear (&self->source);
  if (self->n_ids > 0)
    self->retired = self->ch;
  else
    rdma_destroy_event_channel (self->ch);
  self->ch = NULL;
  return TRUE;
}

static void
gverbs_event_channel_finalize (GObject *object)
{
  GVerbsEventChannel *self = GVERBS_EVENT_CHANNEL (object);

  g_clear_pointer (&self->retired, rdma_destroy_event_channel);
  G_OBJECT_CLASS (gverbs_event_channel_parent_class)->finalize (object);
}

static const GVerbsField fields[] = {
  /**
   * GVerbsEventChannel:fd:
   *
   * The channel's file descriptor (non-blocking, owned by the channel), -1
   * when closed.
   */
  GVERBS_PROP_HANDLE_INT (GVerbsEventChannel, ch, struct rdma_event_channel, fd, "fd", -1),
};

GVERBS_DEFINE_RESOURCE_TYPE_WITH_RELEASE_WITH_CODE (GVerbsEventChannel, gverbs_event_channel,
                                                    GVERBS_RANK_CHANNEL, fields,
                                                    object_class->finalize = gverbs_event_channel_finalize)

/**
 * gverbs_event_channel_new:
 * @error: return location for a #GError
 *
 * Creates an rdma_cm event channel (`rdma_create_event_channel()`) and
 * watches it in the thread-default main context of the calling thread.
 *
 * Returns: (transfer full): the channel, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsEventChannel *
gverbs_event_channel_new (GError **error)
{
  return g_initable_new (GVERBS_TYPE_EVENT_CHANNEL, NULL, error, NULL);
}

/**
 * gverbs_event_channel_get_fd:
 * @self: a #GVerbsEventChannel
 *
 * Gets the channel's file descriptor.
 *
 * Returns: the channel's file descriptor, -1 when closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (int, gverbs_event_channel_get_fd,
                      GVerbsEventChannel, GVERBS_IS_EVENT_CHANNEL, -1, self->ch ? self->ch->fd : -1)

/**
 * gverbs_event_channel_get_events_received:
 * @self: a #GVerbsEventChannel
 *
 * Gets how many rdma_cm events the channel has received (and acknowledged).
 *
 * Returns: how many rdma_cm events the channel has received (and acknowledged)
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_event_channel_get_events_received,
                      GVerbsEventChannel, GVERBS_IS_EVENT_CHANNEL, 0, self->events_received)

struct rdma_event_channel *
_gverbs_event_channel_get_ch (GVerbsEventChannel *self)
{
  return self->ch;
}

void
_gverbs_event_channel_hold_ch (GVerbsEventChannel *self)
{
  self->n_ids++;
}

void
_gverbs_event_channel_release_ch (GVerbsEventChannel *self)
{
  g_return_if_fail (self->n_ids > 0);
  if (--self->n_ids == 0)
    g_clear_pointer (&self->retired, rdma_destroy_event_channel);
}
