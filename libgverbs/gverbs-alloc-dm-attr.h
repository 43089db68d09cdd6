/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_ALLOC_DM_ATTR (gverbs_alloc_dm_attr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsAllocDmAttr, gverbs_alloc_dm_attr, GVERBS, ALLOC_DM_ATTR, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsAllocDmAttr *gverbs_alloc_dm_attr_new        (guint64            length,
                                                    guint              log_align_req,
                                                    guint              comp_mask);
GVERBS_AVAILABLE_IN_0_1
guint64            gverbs_alloc_dm_attr_get_length (GVerbsAllocDmAttr *self);

G_END_DECLS
