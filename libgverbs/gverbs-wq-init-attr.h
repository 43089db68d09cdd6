/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"
#include "gverbs-pd.h"
#include "gverbs-cq.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_WQ_INIT_ATTR (gverbs_wq_init_attr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsWQInitAttr, gverbs_wq_init_attr, GVERBS, WQ_INIT_ATTR, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsWQInitAttr *gverbs_wq_init_attr_new        (GVerbsPD              *pd,
                                                  GVerbsCQ              *cq,
                                                  GVerbsWQType           wq_type,
                                                  guint32                max_wr,
                                                  guint32                max_sge,
                                                  GVerbsWQInitAttrMask   comp_mask,
                                                  GVerbsWQFlags          create_flags);
GVERBS_AVAILABLE_IN_0_1
GVerbsPD         *gverbs_wq_init_attr_get_pd     (GVerbsWQInitAttr      *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsCQ         *gverbs_wq_init_attr_get_cq     (GVerbsWQInitAttr      *self);

G_END_DECLS
