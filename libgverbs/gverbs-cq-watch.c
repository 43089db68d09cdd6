/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Completion events of GVerbsCQ, GVerbsCQEX and GVerbsCMID's CQs: one
 * source for a completion channel, one implementation of watched mode,
 * acknowledgement and channel checks for all. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-cq-watch-private.h"
#include "gverbs-error.h"
#include "gverbs-wc-private.h"

/* Work completions a watched CQ emits per main-loop dispatch at most. */
#define WATCH_BATCH 256
/* Events one dispatch takes from a channel before yielding to the loop. */
#define EVENTS_PER_DISPATCH 64

static void
resume_scheduled (GVerbsCQEventSource *self)
{
  g_autoptr(GPtrArray) due = NULL;

  if (self->scheduled == NULL || self->scheduled->len == 0)
    return;
  /* A handler may close (and drop) any of them: hold them all first. */
  due = g_steal_pointer (&self->scheduled);
  for (guint i = 0; i < due->len; i++)
    g_object_ref (((GVerbsCQEventTarget *) due->pdata[i])->object);
  for (guint i = 0; i < due->len; i++)
    {
      GVerbsCQEventTarget *target = due->pdata[i];

      if (target->scheduled)
        {
          target->scheduled = FALSE;
          target->on_resume (target->object);
        }
    }
  for (guint i = 0; i < due->len; i++)
    g_object_unref (((GVerbsCQEventTarget *) due->pdata[i])->object);
}

static gboolean
on_channel_fd (gint          fd,
               GIOCondition  condition,
               gpointer      user_data)
{
  GVerbsCQEventSource *self = user_data;
  g_autoptr(GObject) owner = g_object_ref (self->owner);

  g_source_set_ready_time (self->source, -1);
  resume_scheduled (self);

  for (guint i = 0; i < EVENTS_PER_DISPATCH && self->ibv != NULL; i++)
    {
      struct ibv_cq *cq;
      void *cq_context;
      GVerbsCQEventTarget *target;
      g_autoptr(GObject) object = NULL;

      if (ibv_get_cq_event (self->ibv, &cq, &cq_context) != 0)
        break;
      ibv_ack_cq_events (cq, 1);
      target = self->route != NULL ? self->route (owner, cq, cq_context) : cq_context;
      if (target == NULL)
        continue;
      object = g_object_ref (target->object);
      target->on_event (object);
    }
  return G_SOURCE_CONTINUE;
}

gboolean
_gverbs_cq_event_source_start (GVerbsCQEventSource      *self,
                               GObject                  *owner,
                               struct ibv_comp_channel  *ibv,
                               GVerbsCQEventRoute        route,
                               GError                  **error)
{
  self->source = _gverbs_fd_source_new (GVERBS_RESOURCE (owner), ibv->fd, on_channel_fd, self, error);
  if (self->source == NULL)
    return FALSE;
  self->owner = owner;
  self->ibv = ibv;
  self->route = route;
  return TRUE;
}

void
_gverbs_cq_event_source_stop (GVerbsCQEventSource *self)
{
  if (self->scheduled != NULL)
    {
      for (guint i = 0; i < self->scheduled->len; i++)
        ((GVerbsCQEventTarget *) self->scheduled->pdata[i])->scheduled = FALSE;
      g_clear_pointer (&self->scheduled, g_ptr_array_unref);
    }
  _gverbs_fd_source_clear (&self->source);
  self->ibv = NULL;
}

void
_gverbs_cq_event_source_schedule (GVerbsCQEventSource *self,
                                  GVerbsCQEventTarget *target)
{
  if (self->source == NULL || target->scheduled)
    return;
  if (self->scheduled == NULL)
    self->scheduled = g_ptr_array_new ();
  target->scheduled = TRUE;
  g_ptr_array_add (self->scheduled, target);
  g_source_set_ready_time (self->source, 0);
}

void
_gverbs_cq_event_source_unschedule (GVerbsCQEventSource *self,
                                    GVerbsCQEventTarget *target)
{
  if (!target->scheduled)
    return;
  target->scheduled = FALSE;
  /* in the list a running dispatch took, the cleared flag is enough */
  if (self->scheduled != NULL)
    g_ptr_array_remove_fast (self->scheduled, target);
}

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
    _gverbs_cq_event_source_schedule (watch->events, &watch->target);

  for (int i = 0; i < n && watch->ibv != NULL; i++)
    g_signal_emit (cq, watch->signal_completion, 0, &watch->batch[i]);

  if (n > 0 && watch->ibv != NULL && watch->signal_completions != 0 &&
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
      if (watch->signal_event != 0)
        g_signal_emit (watch->target.object, watch->signal_event, 0);
      return;
    }
  rc = ibv_req_notify_cq (watch->ibv, 0);
  if (rc != 0)
    g_warning ("ibv_req_notify_cq on %s: %s",
               watch->ibv->context->device->name, g_strerror (rc));
  /* A CQ whose last batch was full resumes on the next dispatch, armed
   * now: the budget holds however many events come meanwhile. */
  if (!watch->target.scheduled)
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
      _gverbs_cq_event_source_unschedule (watch->events, &watch->target);
      *changed = TRUE;
      return TRUE;
    }
  if (watch->events == NULL)
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
  _gverbs_cq_event_source_schedule (watch->events, &watch->target);
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

  if (watch->events != NULL)
    _gverbs_cq_event_source_unschedule (watch->events, &watch->target);
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
