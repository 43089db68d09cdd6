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
#include "gverbs-dm.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_DM_MR (gverbs_dm_mr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsDMMR, gverbs_dm_mr, GVERBS, DM_MR, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsDMMR *gverbs_dm_mr_new       (GVerbsPD           *pd,
                                    guint64             length,
                                    GVerbsAccessFlags   access,
                                    GVerbsDM           *dm,
                                    guint64             offset,
                                    GError            **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsPD   *gverbs_dm_mr_get_pd    (GVerbsDMMR         *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsDM   *gverbs_dm_mr_get_dm    (GVerbsDMMR         *self);
GVERBS_AVAILABLE_IN_0_1
guint32     gverbs_dm_mr_get_lkey  (GVerbsDMMR         *self);
GVERBS_AVAILABLE_IN_0_1
guint32     gverbs_dm_mr_get_rkey  (GVerbsDMMR         *self);

G_END_DECLS
