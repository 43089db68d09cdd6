/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-gid.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_GLOBAL_ROUTE (gverbs_global_route_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsGlobalRoute, gverbs_global_route, GVERBS, GLOBAL_ROUTE, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsGlobalRoute *gverbs_global_route_new            (void);
GVERBS_AVAILABLE_IN_0_1
GVerbsGlobalRoute *gverbs_global_route_new_full       (const GVerbsGid    *dgid,
                                                       gint64              flow_label,
                                                       gint64              sgid_index,
                                                       gint64              hop_limit,
                                                       gint64              traffic_class,
                                                       GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean           gverbs_global_route_set_dgid       (GVerbsGlobalRoute  *self,
                                                       const char         *dgid,
                                                       GError            **error);
GVERBS_AVAILABLE_IN_0_1
char              *gverbs_global_route_dup_dgid       (GVerbsGlobalRoute  *self);
GVERBS_AVAILABLE_IN_0_1
gboolean           gverbs_global_route_set_dgid_bytes (GVerbsGlobalRoute  *self,
                                                       GBytes             *raw,
                                                       GError            **error);
GVERBS_AVAILABLE_IN_0_1
GBytes            *gverbs_global_route_dup_dgid_bytes (GVerbsGlobalRoute  *self);
GVERBS_AVAILABLE_IN_0_1
char              *gverbs_global_route_to_string      (GVerbsGlobalRoute  *self);

G_END_DECLS
