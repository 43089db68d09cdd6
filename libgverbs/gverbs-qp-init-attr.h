/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"
#include "gverbs-cq.h"
#include "gverbs-qp-cap.h"
#include "gverbs-srq.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_QP_INIT_ATTR (gverbs_qp_init_attr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_DERIVABLE_TYPE (GVerbsQPInitAttr, gverbs_qp_init_attr, GVERBS, QP_INIT_ATTR, GObject)

/**
 * GVerbsQPInitAttrClass:
 * @parent_class: the parent class
 *
 * The class of #GVerbsQPInitAttr; #GVerbsQPInitAttrEx derives from it.
 *
 * Since: 0.1
 */
struct _GVerbsQPInitAttrClass
{
  GObjectClass parent_class;

  /*< private >*/
  gpointer padding[8];
};

GVERBS_AVAILABLE_IN_0_1
GVerbsQPInitAttr *gverbs_qp_init_attr_new        (GVerbsQPType       qp_type,
                                                  GVerbsCQ          *send_cq,
                                                  GVerbsCQ          *recv_cq,
                                                  const GVerbsQPCap *cap);
GVERBS_AVAILABLE_IN_0_1
GVerbsQPInitAttr *gverbs_qp_init_attr_new_full   (GVerbsQPType       qp_type,
                                                  GVerbsCQ          *send_cq,
                                                  GVerbsCQ          *recv_cq,
                                                  GVerbsSRQ         *srq,
                                                  const GVerbsQPCap *cap,
                                                  gboolean           sq_sig_all);
GVERBS_AVAILABLE_IN_0_1
GVerbsQPType      gverbs_qp_init_attr_get_qp_type (GVerbsQPInitAttr *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsCQ         *gverbs_qp_init_attr_get_send_cq (GVerbsQPInitAttr *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsCQ         *gverbs_qp_init_attr_get_recv_cq (GVerbsQPInitAttr *self);
GVERBS_AVAILABLE_IN_0_1
void              gverbs_qp_init_attr_get_cap     (GVerbsQPInitAttr *self,
                                                   GVerbsQPCap      *cap);
GVERBS_AVAILABLE_IN_0_1
gboolean          gverbs_qp_init_attr_get_sq_sig_all (GVerbsQPInitAttr *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsSRQ        *gverbs_qp_init_attr_get_srq    (GVerbsQPInitAttr *self);
GVERBS_AVAILABLE_IN_0_1
char             *gverbs_qp_init_attr_to_string   (GVerbsQPInitAttr *self);

G_END_DECLS
