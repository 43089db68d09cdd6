/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-ah-attr.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_UD_PARAM (gverbs_ud_param_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsUDParam, gverbs_ud_param, GVERBS, UD_PARAM, GObject)

GVERBS_AVAILABLE_IN_0_1
guint32       gverbs_ud_param_get_qp_num  (GVerbsUDParam *self);
GVERBS_AVAILABLE_IN_0_1
guint32       gverbs_ud_param_get_qkey    (GVerbsUDParam *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsAHAttr *gverbs_ud_param_get_ah_attr (GVerbsUDParam *self);

G_END_DECLS
