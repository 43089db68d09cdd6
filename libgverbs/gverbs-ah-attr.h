/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-global-route.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_AH_ATTR (gverbs_ah_attr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsAHAttr, gverbs_ah_attr, GVERBS, AH_ATTR, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsAHAttr      *gverbs_ah_attr_new       (void);
GVERBS_AVAILABLE_IN_0_1
GVerbsAHAttr      *gverbs_ah_attr_new_full  (gint64             dlid,
                                             gint64             sl,
                                             gint64             src_path_bits,
                                             gint64             static_rate,
                                             gboolean           is_global,
                                             gint64             port_num,
                                             GVerbsGlobalRoute *gr,
                                             GError           **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsGlobalRoute *gverbs_ah_attr_get_grh   (GVerbsAHAttr      *self);
GVERBS_AVAILABLE_IN_0_1
void               gverbs_ah_attr_set_grh   (GVerbsAHAttr      *self,
                                             GVerbsGlobalRoute *grh);
GVERBS_AVAILABLE_IN_0_1
guint              gverbs_ah_attr_get_port_num (GVerbsAHAttr   *self);
GVERBS_AVAILABLE_IN_0_1
gboolean           gverbs_ah_attr_get_is_global (GVerbsAHAttr  *self);
GVERBS_AVAILABLE_IN_0_1
char              *gverbs_ah_attr_to_string (GVerbsAHAttr      *self);

G_END_DECLS
