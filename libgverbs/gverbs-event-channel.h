/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-resource.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_EVENT_CHANNEL (gverbs_event_channel_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsEventChannel, gverbs_event_channel, GVERBS, EVENT_CHANNEL, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsEventChannel *gverbs_event_channel_new       (GError             **error);
GVERBS_AVAILABLE_IN_0_1
int                 gverbs_event_channel_get_fd    (GVerbsEventChannel  *self);
GVERBS_AVAILABLE_IN_0_1
guint               gverbs_event_channel_get_events_received (GVerbsEventChannel *self);

G_END_DECLS
