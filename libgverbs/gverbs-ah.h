/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-resource.h"
#include "gverbs-pd.h"
#include "gverbs-ah-attr.h"
#include "gverbs-wc.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_AH (gverbs_ah_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsAH, gverbs_ah, GVERBS, AH, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsAH     *gverbs_ah_new          (GVerbsPD      *pd,
                                      GVerbsAHAttr  *attr,
                                      GError       **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsAH     *gverbs_ah_new_from_wc  (GVerbsPD       *pd,
                                      const GVerbsWC *wc,
                                      const guint8   *grh,
                                      gsize           grh_len,
                                      guint           port_num,
                                      GError        **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsAH     *gverbs_pd_create_ah    (GVerbsPD      *self,
                                      GVerbsAHAttr  *attr,
                                      GError       **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsPD     *gverbs_ah_get_pd       (GVerbsAH      *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsAHAttr *gverbs_ah_get_attr     (GVerbsAH      *self);

G_END_DECLS
