/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_TD_INIT_ATTR (gverbs_td_init_attr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsTDInitAttr, gverbs_td_init_attr, GVERBS, TD_INIT_ATTR, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsTDInitAttr *gverbs_td_init_attr_new           (guint32           comp_mask);
GVERBS_AVAILABLE_IN_0_1
guint32           gverbs_td_init_attr_get_comp_mask (GVerbsTDInitAttr *self);

G_END_DECLS
