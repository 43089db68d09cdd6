/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_ASYNC_EVENT (gverbs_async_event_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsAsyncEvent, gverbs_async_event, GVERBS, ASYNC_EVENT, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsEventType gverbs_async_event_get_event_type (GVerbsAsyncEvent *self);
GVERBS_AVAILABLE_IN_0_1
guint           gverbs_async_event_get_port_num   (GVerbsAsyncEvent *self);
GVERBS_AVAILABLE_IN_0_1
GObject        *gverbs_async_event_get_object     (GVerbsAsyncEvent *self);
GVERBS_AVAILABLE_IN_0_1
char           *gverbs_async_event_to_string      (GVerbsAsyncEvent *self);

G_END_DECLS
