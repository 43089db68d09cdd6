/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

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
  /* A re-dispatch asked for with _gverbs_cq_event_source_schedule(). */
  void (*on_resume) (GObject *object);
  /* Events taken with gverbs_comp_channel_get_cq_event() not yet acked. */
  guint unacked;
  gboolean scheduled;
} GVerbsCQEventTarget;

typedef struct _GVerbsCQEventSource GVerbsCQEventSource;

/* NULL once the channel is closed. */
struct ibv_comp_channel *_gverbs_comp_channel_get_ibv      (GVerbsCompChannel   *self);
/* The channel's source, for its CQs' watches (gverbs-cq-watch-private.h). */
GVerbsCQEventSource     *_gverbs_comp_channel_get_events   (GVerbsCompChannel   *self);

G_END_DECLS
