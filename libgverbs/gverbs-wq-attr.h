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

#define GVERBS_TYPE_WQ_ATTR (gverbs_wq_attr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsWQAttr, gverbs_wq_attr, GVERBS, WQ_ATTR, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsWQAttr *gverbs_wq_attr_new (GVerbsWQAttrMask  attr_mask,
                                  GVerbsWQState     wq_state,
                                  GVerbsWQState     curr_wq_state,
                                  GVerbsWQFlags     flags,
                                  GVerbsWQFlags     flags_mask);

G_END_DECLS
