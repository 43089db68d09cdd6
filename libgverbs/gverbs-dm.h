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
#include "gverbs-alloc-dm-attr.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_DM (gverbs_dm_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsDM, gverbs_dm, GVERBS, DM, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsDM      *gverbs_dm_new          (GVerbsContext      *context,
                                       GVerbsAllocDmAttr  *attr,
                                       GError            **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsContext *gverbs_dm_get_context  (GVerbsDM           *self);
GVERBS_AVAILABLE_IN_0_1
guint64        gverbs_dm_get_length   (GVerbsDM           *self);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_dm_copy_to_dm   (GVerbsDM           *self,
                                       guint64             dm_offset,
                                       const guint8       *data,
                                       gsize               length,
                                       GError            **error);
GVERBS_AVAILABLE_IN_0_1
GBytes        *gverbs_dm_copy_from_dm (GVerbsDM           *self,
                                       guint64             dm_offset,
                                       gsize               length,
                                       GError            **error);

G_END_DECLS
