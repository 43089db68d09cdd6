/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <rdma/rdma_cma.h>
#include "gverbs-event-channel.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/* At most this many rdma_cm events are handled per dispatch of the source. */
#define GVERBS_EVENT_CHANNEL_BATCH 32

struct rdma_event_channel *_gverbs_event_channel_get_ch     (GVerbsEventChannel  *self);
/* An rdma_cm_id on the channel holds its rdma_event_channel from its creation
 * to its rdma_destroy_id(), which may come after gverbs_event_channel_close()
 * when a handler closed the channel during a dispatch. */
void                       _gverbs_event_channel_hold_ch    (GVerbsEventChannel  *self);
void                       _gverbs_event_channel_release_ch (GVerbsEventChannel  *self);

G_END_DECLS
