#pragma once

#if !defined (GVERBS_COMPILATION)
# error "This header is private to libgverbs."
#endif

#include <infiniband/verbs.h>
#include "gverbs-comp-channel.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/*
 * What a CQ (or CQEX) passes to rdma-core as its cq_context, so that the
 * channel can route an event to the object that owns the CQ.
 */
typedef struct {
  GObject *object;
  /* The channel's source got an event for this CQ and acknowledged it. */
  void (*on_event) (GObject *object);
  /* A re-dispatch asked for with _gverbs_comp_channel_schedule(). */
  void (*on_resume) (GObject *object);
  /* Events taken with gverbs_comp_channel_get_cq_event() not yet acked. */
  guint unacked;
  gboolean scheduled;
} GVerbsCQEventTarget;

/* NULL once the channel is closed. */
struct ibv_comp_channel *_gverbs_comp_channel_get_ibv      (GVerbsCompChannel   *self);
/* Calls target->on_resume from the channel's source on its next dispatch. */
void                     _gverbs_comp_channel_schedule     (GVerbsCompChannel   *self,
                                                            GVerbsCQEventTarget *target);
void                     _gverbs_comp_channel_unschedule   (GVerbsCompChannel   *self,
                                                            GVerbsCQEventTarget *target);

G_END_DECLS
