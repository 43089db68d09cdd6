/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-comp-channel-private.h"
#include "gverbs-context.h"
#include "gverbs-fd-source-private.h"
#include "gverbs-wc.h"

G_BEGIN_DECLS

/*
 * The event side of a completion channel: a source on its descriptor that,
 * per dispatch, first resumes the CQs that asked for it (a watched CQ whose
 * batch was full), then takes up to a batch of events, acknowledges each
 * and hands it to its CQ's target. GVerbsCompChannel embeds one for its
 * channel, GVerbsCMID one per channel rdma_cm made for its CQs.
 */
/* The target of an event on @cq; NULL drops the event. */
typedef GVerbsCQEventTarget *(*GVerbsCQEventRoute) (GObject       *owner,
                                                    struct ibv_cq *cq,
                                                    void          *cq_context);

struct _GVerbsCQEventSource
{
  GObject *owner;               /* not a reference: it stops the source first */
  struct ibv_comp_channel *ibv; /* NULL until started and once stopped */
  GVerbsCQEventRoute route;     /* NULL: cq_context is the target */
  GSource *source;
  GPtrArray *scheduled;         /* GVerbsCQEventTarget *, unscheduling removes */
};

/* Watches @ibv (its descriptor made non-blocking) in the thread-default
 * main context; @owner, a GVerbsResource, names the source and the errors. */
gboolean _gverbs_cq_event_source_start      (GVerbsCQEventSource     *self,
                                             GObject                 *owner,
                                             struct ibv_comp_channel *ibv,
                                             GVerbsCQEventRoute       route,
                                             GError                 **error);
/* Destroys the source and forgets what was scheduled; safe from its own
 * dispatch and when never started. */
void     _gverbs_cq_event_source_stop       (GVerbsCQEventSource     *self);
/* Calls target->on_resume on the next dispatch (nothing once stopped). */
void     _gverbs_cq_event_source_schedule   (GVerbsCQEventSource     *self,
                                             GVerbsCQEventTarget     *target);
void     _gverbs_cq_event_source_unschedule (GVerbsCQEventSource     *self,
                                             GVerbsCQEventTarget     *target);

/*
 * A CQ's completion-event handling: the target its events are routed to,
 * the unacknowledged-event count, and watched mode (event → re-arm → poll
 * at most a batch per dispatch, resuming on the next dispatch while the
 * batch comes back full → completion signals). GVerbsCQ embeds one
 * (GVerbsCQEX inherits it) and GVerbsCMID one per CQ rdma_cm made; each
 * gives how to poll it into GVerbsWCs and the signals to emit.
 */
typedef int (*GVerbsCQWatchPollFunc) (GObject   *cq,
                                      GVerbsWC  *wcs,
                                      guint      n_wcs,
                                      GError   **error);

typedef struct {
  GVerbsCQEventTarget target;     /* first: what cq_context points at */
  GVerbsCQEventSource *events;    /* its channel's, not owned; NULL without one */
  struct ibv_cq *ibv;             /* NULL until created and once closed */
  GVerbsCQWatchPollFunc poll;
  guint signal_event;             /* 0: none */
  guint signal_completion;
  guint signal_completions;       /* 0: none */
  gboolean watched;
  GVerbsWC *batch;
} GVerbsCQWatch;

void     _gverbs_cq_watch_init          (GVerbsCQWatch          *watch,
                                         GObject                *cq,
                                         void                  (*on_event)  (GObject *cq),
                                         void                  (*on_resume) (GObject *cq),
                                         GVerbsCQWatchPollFunc   poll,
                                         guint                   signal_event,
                                         guint                   signal_completion,
                                         guint                   signal_completions);
/* The channel a CQ is created with: open and of the CQ's context. */
gboolean _gverbs_cq_watch_check_channel (GVerbsCompChannel      *channel,
                                         GVerbsContext          *context,
                                         GError                **error);
/* For the CQ's on_event / on_resume callbacks. */
void     _gverbs_cq_watch_on_event      (GVerbsCQWatch          *watch);
void     _gverbs_cq_watch_on_resume     (GVerbsCQWatch          *watch);
/* Sets *changed when the mode changed (for the CQ to notify "watched"). */
gboolean _gverbs_cq_watch_set           (GVerbsCQWatch          *watch,
                                         gboolean                watched,
                                         const char             *device,
                                         gboolean               *changed,
                                         GError                **error);
gboolean _gverbs_cq_watch_ack           (GVerbsCQWatch          *watch,
                                         guint                   n_events,
                                         const char             *device,
                                         GError                **error);
/* Before the CQ is destroyed: unschedules, acknowledges what is left and
 * leaves watched mode; returns whether it was watched. */
gboolean _gverbs_cq_watch_close         (GVerbsCQWatch          *watch);
void     _gverbs_cq_watch_finalize      (GVerbsCQWatch          *watch);

G_END_DECLS
