/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <poll.h>
#include <glib/gi18n-lib.h>

#include "gverbs-comp-channel.h"
#include "gverbs-comp-channel-private.h"
#include "gverbs-cq.h"
#include "gverbs-context-private.h"
#include "gverbs-cq-watch-private.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"
#include "gverbs-resource-type-private.h"

/**
 * GVerbsCompChannel:
 *
 * A completion channel (`struct ibv_comp_channel`): the file descriptor
 * through which the device reports that a CQ armed with gverbs_cq_req_notify()
 * has a new completion.
 *
 * The channel's descriptor is non-blocking and watched by a #GSource
 * attached, when the channel is created, to the thread-default
 * #GMainContext of the creating thread (see
 * g_main_context_push_thread_default()); the channel's CQs emit their
 * signals there. While that main context runs, the source takes each event,
 * acknowledges it and hands it to its CQ, which emits #GVerbsCQ::event or,
 * in watched mode, polls and emits #GVerbsCQ::completion. Without a running
 * main loop, gverbs_comp_channel_get_cq_event() waits for an event as
 * pyverbs' `get_cq_event()` does.
 *
 * Closing the channel closes its CQs first.
 *
 * When to use it: to be told of completions instead of polling: on the main
 * loop with gverbs_cq_set_watched() (the usual way), or by blocking in
 * gverbs_comp_channel_get_cq_event(). One channel may serve many CQs.
 *
 * ```c
 * // given: GVerbsContext *ctx; GVerbsWC wc[16]; int n;
 * g_autoptr(GVerbsCompChannel) channel = gverbs_comp_channel_new (ctx, &error);
 * g_autoptr(GVerbsCQ) cq = NULL;
 * g_autoptr(GVerbsCQ) ready = NULL;
 *
 * if (channel == NULL || (cq = gverbs_cq_new (ctx, 256, channel, 0, &error)) == NULL)
 *   return;
 * // without a main loop: arm, wait, poll
 * if (gverbs_cq_req_notify (cq, FALSE, &error) &&
 *     (ready = gverbs_comp_channel_get_cq_event (channel, 1000, NULL, &error)) == cq)
 *   n = gverbs_cq_poll (cq, wc, G_N_ELEMENTS (wc), &error);
 * ```
 *
 * Python: `Verbs.CompChannel(ctx)`.
 *
 * Since: 0.1
 */
struct _GVerbsCompChannel
{
  GVerbsResource parent_instance;

  GVerbsContext *context;
  struct ibv_comp_channel *ibv;
  GMainContext *main_context;
  GVerbsCQEventSource events;
};

G_DEFINE_FINAL_TYPE (GVerbsCompChannel, gverbs_comp_channel, GVERBS_TYPE_RESOURCE)


static const char *
device_name (GVerbsCompChannel *self)
{
  return gverbs_context_get_name (self->context);
}

static gboolean
gverbs_comp_channel_open (GVerbsResource  *resource,
                          GCancellable    *cancellable,
                          GError         **error)
{
  GVerbsCompChannel *self = GVERBS_COMP_CHANNEL (resource);
  struct ibv_context *ctx;

  if (!_gverbs_resource_check_input (self->context, _("A completion channel needs a context"), error))
    return FALSE;
  ctx = _gverbs_context_get_ibv (self->context);

  errno = 0;
  self->ibv = ibv_create_comp_channel (ctx);
  if (self->ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : ENOMEM, "ibv_create_comp_channel",
                               device_name (self), NULL);
      return FALSE;
    }

  _gverbs_resource_set_description (resource, "completion channel %d on %s", self->ibv->fd, device_name (self));

  self->main_context = g_main_context_ref_thread_default ();
  if (!_gverbs_cq_event_source_start (&self->events, G_OBJECT (self), self->ibv, NULL, error))
    {
      g_clear_pointer (&self->ibv, ibv_destroy_comp_channel);
      return FALSE;
    }
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->context));
  return TRUE;
}

/* Stops the event source; the base then destroys the channel. */
static gboolean
gverbs_comp_channel_release (GVerbsResource  *resource,
                             GError         **error)
{
  _gverbs_cq_event_source_stop (&GVERBS_COMP_CHANNEL (resource)->events);
  return GVERBS_RESOURCE_CLASS (gverbs_comp_channel_parent_class)->release (resource, error);
}

static void
gverbs_comp_channel_finalize (GObject *object)
{
  GVerbsCompChannel *self = GVERBS_COMP_CHANNEL (object);

  g_clear_pointer (&self->main_context, g_main_context_unref);
  G_OBJECT_CLASS (gverbs_comp_channel_parent_class)->finalize (object);
}

static const GVerbsField fields[] = {
  /**
   * GVerbsCompChannel:context:
   *
   * The device context the channel belongs to.
   */
  GVERBS_PROP_INPUT (GVerbsCompChannel, context, "context", gverbs_context_get_type),
  /**
   * GVerbsCompChannel:fd:
   *
   * The channel's non-blocking file descriptor, or -1 when closed. It stays
   * owned by the channel.
   */
  GVERBS_PROP_HANDLE_INT (GVerbsCompChannel, ibv, struct ibv_comp_channel, fd, "fd", -1),
};

GVERBS_DEFINE_RESOURCE_TYPE_WITH_CODE (GVerbsCompChannel, gverbs_comp_channel, ibv_destroy_comp_channel,
                                       ibv, GVERBS_RANK_CHANNEL, fields, NULL,
                                       resource_class->release = gverbs_comp_channel_release;
                                       object_class->finalize = gverbs_comp_channel_finalize)

/**
 * gverbs_comp_channel_new:
 * @context: an open #GVerbsContext
 * @error: return location for a #GError
 *
 * Creates a completion channel (`ibv_create_comp_channel()`) and attaches its
 * #GSource to the thread-default main context.
 *
 * Returns: (transfer full): the channel, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsCompChannel *
gverbs_comp_channel_new (GVerbsContext  *context,
                         GError        **error)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);
  return g_initable_new (GVERBS_TYPE_COMP_CHANNEL, NULL, error, "context", context, NULL);
}

/**
 * gverbs_context_create_comp_channel:
 * @self: an open #GVerbsContext
 * @error: return location for a #GError
 *
 * Creates a completion channel on @self: python-rdma's `ctx.comp_channel()`,
 * the same as gverbs_comp_channel_new().
 *
 * Returns: (transfer full): the channel, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsCompChannel *
gverbs_context_create_comp_channel (GVerbsContext  *self,
                                    GError        **error)
{
  return gverbs_comp_channel_new (self, error);
}

/**
 * gverbs_comp_channel_get_context:
 * @self: a #GVerbsCompChannel
 *
 * Gets the context of the channel.
 *
 * Returns: (transfer none): the context of the channel
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsContext *, gverbs_comp_channel_get_context,
                      GVerbsCompChannel, GVERBS_IS_COMP_CHANNEL, NULL, self->context)

/**
 * gverbs_comp_channel_get_fd:
 * @self: a #GVerbsCompChannel
 *
 * Gets the channel's file descriptor.
 *
 * Returns: the channel's file descriptor, -1 when closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (int, gverbs_comp_channel_get_fd,
                      GVerbsCompChannel, GVERBS_IS_COMP_CHANNEL, -1, self->ibv ? self->ibv->fd : -1)

/**
 * gverbs_comp_channel_get_main_context:
 * @self: a #GVerbsCompChannel
 *
 * Gives the main context the channel's source is attached to: the
 * thread-default main context of the thread that created the channel. The
 * signals of its CQs are emitted there.
 *
 * Returns: (transfer none) (nullable): the main context, %NULL if the channel
 *   was never created
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GMainContext *, gverbs_comp_channel_get_main_context,
                      GVerbsCompChannel, GVERBS_IS_COMP_CHANNEL, NULL, self->main_context)

static gboolean
wait_readable (GVerbsCompChannel  *self,
               gint64              deadline,
               GCancellable       *cancellable,
               GError            **error)
{
  GPollFD fds[2] = { { self->ibv->fd, G_IO_IN, 0 } };
  guint n_fds = 1;
  int timeout = -1;
  int rc, err_no;

  if (deadline >= 0)
    {
      gint64 left = deadline - g_get_monotonic_time ();

      timeout = left > 0 ? (int) ((left + 999) / 1000) : 0;
    }
  if (cancellable != NULL && g_cancellable_make_pollfd (cancellable, &fds[1]))
    n_fds = 2;

  rc = g_poll (fds, n_fds, timeout);
  err_no = errno;
  if (n_fds == 2)
    g_cancellable_release_fd (cancellable);
  if (rc < 0 && err_no != EINTR)
    {
      _gverbs_set_error_errno (error, err_no, "poll", device_name (self), _("completion channel"));
      return FALSE;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (rc == 0 && deadline >= 0 && g_get_monotonic_time () >= deadline)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_TIMED_OUT,
                   _("No completion event on %s within the timeout"), device_name (self));
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_comp_channel_get_cq_event:
 * @self: a #GVerbsCompChannel
 * @timeout_ms: how long to wait in milliseconds; -1 waits for ever, 0 does not wait
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Waits for the next completion event (`ibv_get_cq_event()`), pyverbs'
 * `CompChannel.get_cq_event()`. The event must then be acknowledged with
 * gverbs_cq_ack_events() (closing the CQ acknowledges what is left).
 * Events that the channel's source has already delivered on the main loop
 * are not seen here. No event within @timeout_ms gives
 * %GVERBS_ERROR_TIMED_OUT.
 *
 * Returns: (transfer full): the CQ that has the event (a #GVerbsCQEX is
 *   returned as the #GVerbsCQ it is), or %NULL on error
 *
 * Since: 0.1
 */
GVerbsCQ *
gverbs_comp_channel_get_cq_event (GVerbsCompChannel  *self,
                                  int                 timeout_ms,
                                  GCancellable       *cancellable,
                                  GError            **error)
{
  gint64 deadline = -1;

  g_return_val_if_fail (GVERBS_IS_COMP_CHANNEL (self), NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!_gverbs_resource_check_open (self, error))
    return NULL;
  if (timeout_ms >= 0)
    deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  for (;;)
    {
      struct ibv_cq *cq;
      void *cq_context;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      if (ibv_get_cq_event (self->ibv, &cq, &cq_context) == 0)
        {
          GVerbsCQEventTarget *target = cq_context;

          target->unacked++;
          return GVERBS_CQ (g_object_ref (target->object));
        }
      if (errno != EAGAIN && errno != EINTR)
        {
          _gverbs_set_error_errno (error, errno, "ibv_get_cq_event", device_name (self), NULL);
          return NULL;
        }
      if (!wait_readable (self, deadline, cancellable, error))
        return NULL;
    }
}

struct ibv_comp_channel *
_gverbs_comp_channel_get_ibv (GVerbsCompChannel *self)
{
  return self->ibv;
}

GVerbsCQEventSource *
_gverbs_comp_channel_get_events (GVerbsCompChannel *self)
{
  return &self->events;
}
