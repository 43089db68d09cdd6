/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"
#include "gverbs-resource.h"
#include "gverbs-qp.h"
#include "gverbs-spec.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_FLOW_ATTR (gverbs_flow_attr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsFlowAttr, gverbs_flow_attr, GVERBS, FLOW_ATTR, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsFlowAttr *gverbs_flow_attr_new        (void);
GVERBS_AVAILABLE_IN_0_1
GListStore     *gverbs_flow_attr_get_specs  (GVerbsFlowAttr  *self);
GVERBS_AVAILABLE_IN_0_1
void            gverbs_flow_attr_add_spec   (GVerbsFlowAttr  *self,
                                             GVerbsSpec      *spec);
GVERBS_AVAILABLE_IN_0_1
GBytes         *gverbs_flow_attr_pack       (GVerbsFlowAttr  *self,
                                             GError         **error);

#define GVERBS_TYPE_FLOW (gverbs_flow_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsFlow, gverbs_flow, GVERBS, FLOW, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsFlow     *gverbs_flow_new             (GVerbsQP        *qp,
                                             GVerbsFlowAttr  *attr,
                                             GError         **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsQP       *gverbs_flow_get_qp          (GVerbsFlow      *self);

G_END_DECLS
