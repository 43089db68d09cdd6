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

#define GVERBS_TYPE_XRCD_INIT_ATTR (gverbs_xrcd_init_attr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsXRCDInitAttr, gverbs_xrcd_init_attr, GVERBS, XRCD_INIT_ATTR, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsXRCDInitAttr *gverbs_xrcd_init_attr_new (GVerbsXRCDInitAttrMask   comp_mask,
                                               int                      oflags,
                                               int                      fd);

G_END_DECLS
