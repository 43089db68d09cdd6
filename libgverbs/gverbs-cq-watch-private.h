#pragma once

#if !defined (GVERBS_COMPILATION)
# error "This header is private to libgverbs."
#endif

#include <infiniband/verbs.h>
#include "gverbs-comp-channel-private.h"
#include "gverbs-context.h"
#include "gverbs-wc.h"

G_BEGIN_DECLS

/*
 * A CQ's completion-event handling: the target rdma-core's cq_context
 * points at, the unacknowledged-event count, and watched mode (event →
 * re-arm → poll until empty → completion signals). GVerbsCQ embeds one
 * (GVerbsCQEX inherits it) and gives how to poll it into GVerbsWCs.
 */
typedef int (*GVerbsCQWatchPollFunc) (GObject   *cq,
                                      GVerbsWC  *wcs,
                                      guint      n_wcs,
                                      GError   **error);

typedef struct {
  GVerbsCQEventTarget target;     /* first: what cq_context points at */
  GVerbsCompChannel *channel;     /* the CQ's, not owned */
  struct ibv_cq *ibv;             /* NULL until created and once closed */
  GVerbsCQWatchPollFunc poll;
  guint signal_event;
  guint signal_completion;
  guint signal_completions;
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
