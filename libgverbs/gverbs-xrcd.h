/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-resource.h"
#include "gverbs-enums.h"
#include "gverbs-context.h"
#include "gverbs-xrcd-init-attr.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_XRCD (gverbs_xrcd_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsXRCD, gverbs_xrcd, GVERBS, XRCD, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsXRCD    *gverbs_xrcd_new         (GVerbsContext       *context,
                                        GVerbsXRCDInitAttr  *init_attr,
                                        GError             **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsContext *gverbs_xrcd_get_context (GVerbsXRCD          *self);

G_END_DECLS
