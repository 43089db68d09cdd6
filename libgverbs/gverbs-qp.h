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
#include "gverbs-cq.h"
#include "gverbs-qp-cap.h"
#include "gverbs-qp-attr.h"
#include "gverbs-qp-init-attr.h"
#include "gverbs-send-wr.h"
#include "gverbs-recv-wr.h"
#include "gverbs-mr.h"
#include "gverbs-mw.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_QP (gverbs_qp_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_DERIVABLE_TYPE (GVerbsQP, gverbs_qp, GVERBS, QP, GVerbsResource)

/**
 * GVerbsQPClass:
 * @parent_class: the parent class
 *
 * The class of #GVerbsQP; #GVerbsQPEx derives from it.
 *
 * Since: 0.1
 */
struct _GVerbsQPClass
{
  GVerbsResourceClass parent_class;

  /*< private >*/
  gpointer padding[8];
};

GVERBS_AVAILABLE_IN_0_1
GVerbsQP      *gverbs_qp_new           (GVerbsPD          *pd,
                                        GVerbsQPInitAttr  *init_attr,
                                        GVerbsQPAttr      *qp_attr,
                                        GError           **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsQP      *gverbs_pd_create_qp     (GVerbsPD          *self,
                                        GVerbsQPInitAttr  *init_attr,
                                        GVerbsQPAttr      *qp_attr,
                                        GError           **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsPD      *gverbs_qp_get_pd        (GVerbsQP          *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsContext *gverbs_qp_get_context   (GVerbsQP          *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsCQ      *gverbs_qp_get_send_cq   (GVerbsQP          *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsCQ      *gverbs_qp_get_recv_cq   (GVerbsQP          *self);
GVERBS_AVAILABLE_IN_0_1
guint32        gverbs_qp_get_qp_num    (GVerbsQP          *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsQPType   gverbs_qp_get_qp_type   (GVerbsQP          *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsQPState  gverbs_qp_get_qp_state  (GVerbsQP          *self);
GVERBS_AVAILABLE_IN_0_1
void           gverbs_qp_get_cap       (GVerbsQP          *self,
                                        GVerbsQPCap       *cap);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_qp_modify        (GVerbsQP          *self,
                                        GVerbsQPAttr      *attr,
                                        GVerbsQPAttrMask   mask,
                                        GError           **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsQPAttr  *gverbs_qp_query         (GVerbsQP          *self,
                                        GVerbsQPAttrMask   mask,
                                        GVerbsQPInitAttr **init_attr,
                                        GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_qp_query_data_in_order (GVerbsQP       *self,
                                              GVerbsWROpcode  opcode,
                                              gboolean       *in_order,
                                              GError        **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_qp_to_init       (GVerbsQP          *self,
                                        GVerbsQPAttr      *attr,
                                        GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_qp_to_rtr        (GVerbsQP          *self,
                                        GVerbsQPAttr      *attr,
                                        GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_qp_to_rts        (GVerbsQP          *self,
                                        GVerbsQPAttr      *attr,
                                        GError           **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsQPAttrMask gverbs_qp_type_transition_mask (GVerbsQPType  qp_type,
                                                 GVerbsQPState to_state);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_qp_post_send      (GVerbsQP           *self,
                                         const GVerbsSendWR *wrs,
                                         guint               n_wrs,
                                         GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_qp_post_recv      (GVerbsQP           *self,
                                         const GVerbsRecvWR *wrs,
                                         guint               n_wrs,
                                         GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_qp_post_send_list (GVerbsQP           *self,
                                         GPtrArray          *wrs,
                                         GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_qp_post_recv_list (GVerbsQP           *self,
                                         GPtrArray          *wrs,
                                         GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_qp_post_send_repeat (GVerbsQP           *self,
                                           const GVerbsSendWR *wr,
                                           guint               count,
                                           GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_qp_post_recv_repeat (GVerbsQP           *self,
                                           const GVerbsRecvWR *wr,
                                           guint               count,
                                           GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_qp_post_send_one  (GVerbsQP           *self,
                                         const GVerbsSendWR *wr,
                                         GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_qp_post_recv_one  (GVerbsQP           *self,
                                         const GVerbsRecvWR *wr,
                                         GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_qp_bind_mw        (GVerbsQP           *self,
                                         GVerbsMW           *mw,
                                         GVerbsMR           *mr,
                                         guint64             addr,
                                         guint64             length,
                                         GVerbsAccessFlags   access,
                                         guint64             wr_id,
                                         GVerbsSendFlags     send_flags,
                                         GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_qp_post_bind_mw   (GVerbsQP           *self,
                                         GVerbsMW           *mw,
                                         guint32             rkey,
                                         GVerbsMR           *mr,
                                         guint64             addr,
                                         guint64             length,
                                         GVerbsAccessFlags   access,
                                         guint64             wr_id,
                                         GVerbsSendFlags     send_flags,
                                         GError            **error);

G_END_DECLS
