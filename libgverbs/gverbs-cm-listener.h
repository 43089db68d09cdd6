/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-resource.h"
#include "gverbs-cm-id.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_CM_LISTENER (gverbs_cm_listener_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsCMListener, gverbs_cm_listener, GVERBS, CM_LISTENER, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsCMListener   *gverbs_cm_listener_new               (const GVerbsCMQPInitAttr  *qp_init_attr,
                                                          GError                   **error);
GVERBS_AVAILABLE_IN_0_1
guint               gverbs_cm_listener_add_address       (GVerbsCMListener          *self,
                                                          const char                *address,
                                                          guint                      port,
                                                          int                        backlog,
                                                          GError                   **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsEventChannel *gverbs_cm_listener_get_event_channel (GVerbsCMListener          *self);
GVERBS_AVAILABLE_IN_0_1
guint               gverbs_cm_listener_get_n_pending     (GVerbsCMListener          *self);
GVERBS_AVAILABLE_IN_0_1
guint               gverbs_cm_listener_get_n_accepted    (GVerbsCMListener          *self);

G_END_DECLS
