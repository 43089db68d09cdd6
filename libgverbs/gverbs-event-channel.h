#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-resource.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_EVENT_CHANNEL (gverbs_event_channel_get_type ())
GVERBS_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GVerbsEventChannel, gverbs_event_channel, GVERBS, EVENT_CHANNEL, GVerbsResource)

GVERBS_AVAILABLE_IN_ALL
GVerbsEventChannel *gverbs_event_channel_new       (GError             **error);
GVERBS_AVAILABLE_IN_ALL
int                 gverbs_event_channel_get_fd    (GVerbsEventChannel  *self);
GVERBS_AVAILABLE_IN_ALL
guint               gverbs_event_channel_get_events_received (GVerbsEventChannel *self);

G_END_DECLS
