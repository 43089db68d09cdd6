/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-async-event.h"

G_BEGIN_DECLS

/* Which part of `struct ibv_async_event`'s element union an event type uses. */
typedef enum {
  GVERBS_EVENT_ELEMENT_DEVICE,
  GVERBS_EVENT_ELEMENT_PORT,
  GVERBS_EVENT_ELEMENT_CQ,
  GVERBS_EVENT_ELEMENT_QP,
  GVERBS_EVENT_ELEMENT_SRQ,
  GVERBS_EVENT_ELEMENT_WQ,
} GVerbsEventElement;

GVerbsEventElement _gverbs_event_element     (int                  event_type);
/* @object: (nullable): the libgverbs object the event names, if known */
GVerbsAsyncEvent  *_gverbs_async_event_new   (int                  event_type,
                                              guint                port_num,
                                              GObject             *object);

G_END_DECLS
