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
#include "gverbs-pd.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_MW (gverbs_mw_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsMW, gverbs_mw, GVERBS, MW, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsMW     *gverbs_mw_new        (GVerbsPD      *pd,
                                    GVerbsMWType   type,
                                    GError       **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsMW     *gverbs_pd_alloc_mw   (GVerbsPD      *self,
                                    GVerbsMWType   type,
                                    GError       **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsPD     *gverbs_mw_get_pd     (GVerbsMW      *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsMWType  gverbs_mw_get_mw_type (GVerbsMW     *self);
GVERBS_AVAILABLE_IN_0_1
guint32       gverbs_mw_get_rkey   (GVerbsMW      *self);
GVERBS_AVAILABLE_IN_0_1
guint32       gverbs_mw_get_handle (GVerbsMW      *self);

G_END_DECLS
