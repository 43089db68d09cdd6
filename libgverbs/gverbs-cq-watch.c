/* Completion events of GVerbsCQ and GVerbsCQEX: one implementation of
 * watched mode, acknowledgement and channel checks for both. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-cq-watch-private.h"
#include "gverbs-error.h"
#include "gverbs-wc-private.h"

/* Work completions a watched CQ emits per main-loop dispatch at most. */
#define WATCH_BATCH 256

void
_gverbs_cq_watch_init (GVerbsCQWatch          *watch,
                       GObject                *cq,
                       void                  (*on_event)  (GObject *cq),
                       void                  (*on_resume) (GObject *cq),
                       GVerbsCQWatchPollFunc   poll,
                       guint                   signal_event,
                       guint                   signal_completion,
                       guint                   signal_completions)
{
  watch->target.object = cq;
  watch->target.on_event = on_event;
  watch->target.on_resume = on_resume;
  watch->poll = poll;
  watch->signal_event = signal_event;
  watch->signal_completion = signal_completion;
  watch->signal_completions = signal_completions;
}

gboolean
_gverbs_cq_watch_check_channel (GVerbsCompChannel  *channel,
                                GVerbsContext      *context,
                                GError            **error)
{
  if (!_gverbs_resource_check_open (channel, error))
    return FALSE;
  if (gverbs_comp_channel_get_context (channel) != context)
    {
      g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("The completion channel belongs to another context"));
      return FALSE;
    }
  return TRUE;
}

static void
drain (GVerbsCQWatch *watch)
{
  GObject *cq = watch->target.object;
  g_autoptr(GObject) hold = g_object_ref (cq);
  g_autoptr(GError) error = NULL;
  int n;

  n = watch->poll (cq, watch->batch, WATCH_BATCH, &error);
  if (n < 0)
    {
      g_warning ("%s", error->message);
      return;
    }
  if (n == WATCH_BATCH)
    _gverbs_comp_channel_schedule (watch->channel, &watch->target);

  for (int i = 0; i < n && watch->ibv != NULL; i++)
    g_signal_emit (cq, watch->signal_completion, 0, &watch->batch[i]);

  if (n > 0 && watch->ibv != NULL &&
      g_signal_has_handler_pending (cq, watch->signal_completions, 0, FALSE))
    {
      g_autoptr(GPtrArray) wcs = g_ptr_array_new_full (n, (GDestroyNotify) gverbs_wc_free);

      for (int i = 0; i < n; i++)
        g_ptr_array_add (wcs, gverbs_wc_copy (&watch->batch[i]));
      g_signal_emit (cq, watch->signal_completions, 0, wcs);
    }
}

void
_gverbs_cq_watch_on_event (GVerbsCQWatch *watch)
{
  int rc;

  if (!watch->watched)
    {
      g_signal_emit (watch->target.object, watch->signal_event, 0);
      return;
    }
  rc = ibv_req_notify_cq (watch->ibv, 0);
  if (rc != 0)
    g_warning ("ibv_req_notify_cq on %s: %s",
               watch->ibv->context->device->name, g_strerror (rc));
  drain (watch);
}

void
_gverbs_cq_watch_on_resume (GVerbsCQWatch *watch)
{
  if (watch->watched && watch->ibv != NULL)
    drain (watch);
}

gboolean
_gverbs_cq_watch_set (GVerbsCQWatch  *watch,
                      gboolean        watched,
                      const char     *device,
                      gboolean       *changed,
                      GError        **error)
{
  int rc;

  *changed = FALSE;
  watched = !!watched;
  if (watched == watch->watched)
    return TRUE;
  if (!watched)
    {
      watch->watched = FALSE;
      _gverbs_comp_channel_unschedule (watch->channel, &watch->target);
      *changed = TRUE;
      return TRUE;
    }
  if (watch->channel == NULL)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("A CQ on %s without a completion channel cannot be watched"), device);
      return FALSE;
    }
  rc = ibv_req_notify_cq (watch->ibv, 0);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_req_notify_cq", device, NULL);
      return FALSE;
    }
  if (watch->batch == NULL)
    watch->batch = g_new (GVerbsWC, WATCH_BATCH);
  watch->watched = TRUE;
  _gverbs_comp_channel_schedule (watch->channel, &watch->target);
  *changed = TRUE;
  return TRUE;
}

gboolean
_gverbs_cq_watch_ack (GVerbsCQWatch  *watch,
                      guint           n_events,
                      const char     *device,
                      GError        **error)
{
  if (n_events > watch->target.unacked)
    {
      _gverbs_set_error_errno (error, EINVAL, "ibv_ack_cq_events", device,
                               _("%u events to acknowledge but only %u are outstanding"),
                               n_events, watch->target.unacked);
      return FALSE;
    }
  if (n_events > 0)
    ibv_ack_cq_events (watch->ibv, n_events);
  watch->target.unacked -= n_events;
  return TRUE;
}

gboolean
_gverbs_cq_watch_close (GVerbsCQWatch *watch)
{
  gboolean was_watched = watch->watched;

  if (watch->channel != NULL)
    _gverbs_comp_channel_unschedule (watch->channel, &watch->target);
  if (watch->target.unacked > 0)
    ibv_ack_cq_events (watch->ibv, watch->target.unacked);
  watch->target.unacked = 0;
  watch->watched = FALSE;
  return was_watched;
}

void
_gverbs_cq_watch_finalize (GVerbsCQWatch *watch)
{
  g_clear_pointer (&watch->batch, g_free);
}
