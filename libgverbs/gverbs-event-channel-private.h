#pragma once

#if !defined (GVERBS_COMPILATION)
# error "This header is private to libgverbs."
#endif

#include <rdma/rdma_cma.h>
#include "gverbs-event-channel.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/* At most this many rdma_cm events are handled per dispatch of the source. */
#define GVERBS_EVENT_CHANNEL_BATCH 32

struct rdma_event_channel *_gverbs_event_channel_get_ch     (GVerbsEventChannel  *self);

G_END_DECLS
