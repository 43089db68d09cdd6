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
GVERBS_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GVerbsQPInitAttrEx, gverbs_qp_init_attr_ex, GVERBS, QP_INIT_ATTR_EX,
                      GVerbsQPInitAttr)

GVERBS_AVAILABLE_IN_ALL
GVerbsQPInitAttrEx        *gverbs_qp_init_attr_ex_new                (GVerbsQPType                qp_type,
                                                                      GVerbsCQ                   *send_cq,
                                                                      GVerbsCQ                   *recv_cq,
                                                                      const GVerbsQPCap          *cap,
                                                                      GVerbsPD                   *pd,
                                                                      GVerbsQPCreateSendOpsFlags  send_ops_flags);
GVERBS_AVAILABLE_IN_ALL
GVerbsQPInitAttrMask       gverbs_qp_init_attr_ex_get_comp_mask      (GVerbsQPInitAttrEx *self);
GVERBS_AVAILABLE_IN_ALL
GVerbsPD                  *gverbs_qp_init_attr_ex_get_pd             (GVerbsQPInitAttrEx *self);
GVERBS_AVAILABLE_IN_ALL
GVerbsXRCD                *gverbs_qp_init_attr_ex_get_xrcd           (GVerbsQPInitAttrEx *self);
GVERBS_AVAILABLE_IN_ALL
guint                      gverbs_qp_init_attr_ex_get_create_flags   (GVerbsQPInitAttrEx *self);
GVERBS_AVAILABLE_IN_ALL
guint                      gverbs_qp_init_attr_ex_get_max_tso_header (GVerbsQPInitAttrEx *self);
GVERBS_AVAILABLE_IN_ALL
GVerbsQPCreateSendOpsFlags gverbs_qp_init_attr_ex_get_send_ops_flags (GVerbsQPInitAttrEx *self);
GVERBS_AVAILABLE_IN_ALL
guint32                    gverbs_qp_init_attr_ex_get_source_qpn     (GVerbsQPInitAttrEx *self);
GVERBS_AVAILABLE_IN_ALL
GVerbsRwqIndTable         *gverbs_qp_init_attr_ex_get_rwq_ind_tbl    (GVerbsQPInitAttrEx *self);
GVERBS_AVAILABLE_IN_ALL
GVerbsRxHashConf          *gverbs_qp_init_attr_ex_get_rx_hash_conf   (GVerbsQPInitAttrEx *self);

G_END_DECLS
