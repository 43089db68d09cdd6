/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"
#include "gverbs-qp-cap.h"
#include "gverbs-ah-attr.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_QP_ATTR (gverbs_qp_attr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsQPAttr, gverbs_qp_attr, GVERBS, QP_ATTR, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsQPAttr *gverbs_qp_attr_new       (void);
GVERBS_AVAILABLE_IN_0_1
GVerbsQPAttr *gverbs_qp_attr_new_full  (gint64   qp_state,
                                        gint64   cur_qp_state,
                                        gint64   port_num,
                                        gint64   path_mtu,
                                        GError **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsQPAttr *gverbs_qp_attr_copy      (GVerbsQPAttr      *self);
GVERBS_AVAILABLE_IN_0_1
void          gverbs_qp_attr_get_cap   (GVerbsQPAttr      *self,
                                        GVerbsQPCap       *cap);
GVERBS_AVAILABLE_IN_0_1
void          gverbs_qp_attr_set_cap   (GVerbsQPAttr      *self,
                                        const GVerbsQPCap *cap);
GVERBS_AVAILABLE_IN_0_1
char         *gverbs_qp_attr_to_string (GVerbsQPAttr      *self);

G_END_DECLS
