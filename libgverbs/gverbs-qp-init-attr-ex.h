/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"
#include "gverbs-pd.h"
#include "gverbs-xrcd.h"
#include "gverbs-rwq-ind-table.h"
#include "gverbs-rx-hash-conf.h"
#include "gverbs-qp-init-attr.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_QP_INIT_ATTR_EX (gverbs_qp_init_attr_ex_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsQPInitAttrEx, gverbs_qp_init_attr_ex, GVERBS, QP_INIT_ATTR_EX,
                      GVerbsQPInitAttr)

GVERBS_AVAILABLE_IN_0_1
GVerbsQPInitAttrEx        *gverbs_qp_init_attr_ex_new                (GVerbsQPType                qp_type,
                                                                      GVerbsCQ                   *send_cq,
                                                                      GVerbsCQ                   *recv_cq,
                                                                      const GVerbsQPCap          *cap,
                                                                      GVerbsPD                   *pd,
                                                                      GVerbsQPCreateSendOpsFlags  send_ops_flags);
GVERBS_AVAILABLE_IN_0_1
GVerbsQPInitAttrMask       gverbs_qp_init_attr_ex_get_comp_mask      (GVerbsQPInitAttrEx *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsPD                  *gverbs_qp_init_attr_ex_get_pd             (GVerbsQPInitAttrEx *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsXRCD                *gverbs_qp_init_attr_ex_get_xrcd           (GVerbsQPInitAttrEx *self);
GVERBS_AVAILABLE_IN_0_1
guint                      gverbs_qp_init_attr_ex_get_create_flags   (GVerbsQPInitAttrEx *self);
GVERBS_AVAILABLE_IN_0_1
guint                      gverbs_qp_init_attr_ex_get_max_tso_header (GVerbsQPInitAttrEx *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsQPCreateSendOpsFlags gverbs_qp_init_attr_ex_get_send_ops_flags (GVerbsQPInitAttrEx *self);
GVERBS_AVAILABLE_IN_0_1
guint32                    gverbs_qp_init_attr_ex_get_source_qpn     (GVerbsQPInitAttrEx *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsRwqIndTable         *gverbs_qp_init_attr_ex_get_rwq_ind_tbl    (GVerbsQPInitAttrEx *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsRxHashConf          *gverbs_qp_init_attr_ex_get_rx_hash_conf   (GVerbsQPInitAttrEx *self);

G_END_DECLS
