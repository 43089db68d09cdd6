/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_PORT_ATTR (gverbs_port_attr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsPortAttr, gverbs_port_attr, GVERBS, PORT_ATTR, GObject)

GVERBS_AVAILABLE_IN_0_1
char   *gverbs_port_attr_to_string       (GVerbsPortAttr *self);
GVERBS_AVAILABLE_IN_0_1
guint   gverbs_port_attr_get_width_lanes (GVerbsPortAttr *self);
GVERBS_AVAILABLE_IN_0_1
double  gverbs_port_attr_get_lane_gbps   (GVerbsPortAttr *self);
GVERBS_AVAILABLE_IN_0_1
guint   gverbs_port_attr_get_mtu_bytes   (GVerbsPortAttr *self);

G_END_DECLS
