/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-resource.h"
#include "gverbs-context.h"
#include "gverbs-td-init-attr.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_TD (gverbs_td_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsTD, gverbs_td, GVERBS, TD, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsTD      *gverbs_td_new         (GVerbsContext     *context,
                                      GVerbsTDInitAttr  *init_attr,
                                      GError           **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsContext *gverbs_td_get_context (GVerbsTD          *self);

G_END_DECLS
