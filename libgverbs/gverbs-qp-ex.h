/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"
#include "gverbs-context.h"
#include "gverbs-ah.h"
#include "gverbs-sge.h"
#include "gverbs-qp.h"
#include "gverbs-qp-init-attr-ex.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_QP_EX (gverbs_qp_ex_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_DERIVABLE_TYPE (GVerbsQPEx, gverbs_qp_ex, GVERBS, QP_EX, GVerbsQP)

/**
 * GVerbsQPExClass:
 * @parent_class: the parent class
 *
 * The class of #GVerbsQPEx; provider queue pairs such as #GVerbsMlx5QP
 * derive from it.
 *
 * Since: 0.1
 */
struct _GVerbsQPExClass
{
  GVerbsQPClass parent_class;

  /*< private >*/
  gpointer padding[8];
};

GVERBS_AVAILABLE_IN_0_1
GVerbsQPEx      *gverbs_qp_ex_new                 (GVerbsContext       *context,
                                                   GVerbsQPInitAttrEx  *init_attr,
                                                   GVerbsQPAttr        *qp_attr,
                                                   GError             **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsContext   *gverbs_qp_ex_get_context         (GVerbsQPEx          *self);
GVERBS_AVAILABLE_IN_0_1
guint64          gverbs_qp_ex_get_wr_id           (GVerbsQPEx          *self);
GVERBS_AVAILABLE_IN_0_1
void             gverbs_qp_ex_set_wr_id           (GVerbsQPEx          *self,
                                                   guint64              wr_id);
GVERBS_AVAILABLE_IN_0_1
GVerbsSendFlags  gverbs_qp_ex_get_wr_flags        (GVerbsQPEx          *self);
GVERBS_AVAILABLE_IN_0_1
void             gverbs_qp_ex_set_wr_flags        (GVerbsQPEx          *self,
                                                   GVerbsSendFlags      wr_flags);
GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_qp_ex_wr_start            (GVerbsQPEx          *self,
                                                   GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_qp_ex_wr_send             (GVerbsQPEx          *self,
                                                   GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_qp_ex_wr_send_imm         (GVerbsQPEx          *self,
                                                   guint32              imm_data,
                                                   GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_qp_ex_wr_rdma_write       (GVerbsQPEx          *self,
                                                   guint32              rkey,
                                                   guint64              remote_addr,
                                                   GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_qp_ex_wr_rdma_write_imm   (GVerbsQPEx          *self,
                                                   guint32              rkey,
                                                   guint64              remote_addr,
                                                   guint32              imm_data,
                                                   GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_qp_ex_wr_rdma_read        (GVerbsQPEx          *self,
                                                   guint32              rkey,
                                                   guint64              remote_addr,
                                                   GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_qp_ex_wr_atomic_cmp_swp   (GVerbsQPEx          *self,
                                                   guint32              rkey,
                                                   guint64              remote_addr,
                                                   guint64              compare,
                                                   guint64              swap,
                                                   GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_qp_ex_wr_atomic_fetch_add (GVerbsQPEx          *self,
                                                   guint32              rkey,
                                                   guint64              remote_addr,
                                                   guint64              add,
                                                   GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_qp_ex_wr_atomic_write     (GVerbsQPEx          *self,
                                                   guint32              rkey,
                                                   guint64              remote_addr,
                                                   const guint8        *atomic_wr,
                                                   gsize                length,
                                                   GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_qp_ex_wr_bind_mw          (GVerbsQPEx          *self,
                                                   GVerbsMW            *mw,
                                                   guint32              rkey,
                                                   GVerbsMR            *mr,
                                                   guint64              addr,
                                                   guint64              length,
                                                   GVerbsAccessFlags    access,
                                                   GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_qp_ex_wr_set_sge          (GVerbsQPEx          *self,
                                                   guint32              lkey,
                                                   guint64              addr,
                                                   guint32              length,
                                                   GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_qp_ex_wr_set_sge_list     (GVerbsQPEx          *self,
                                                   const GVerbsSGE     *sges,
                                                   guint                n_sges,
                                                   GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_qp_ex_wr_set_ud_addr      (GVerbsQPEx          *self,
                                                   GVerbsAH            *ah,
                                                   guint32              remote_qpn,
                                                   guint32              remote_qkey,
                                                   GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_qp_ex_wr_set_inline_data  (GVerbsQPEx          *self,
                                                   const guint8        *data,
                                                   gsize                length,
                                                   GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_qp_ex_wr_complete         (GVerbsQPEx          *self,
                                                   GError             **error);
GVERBS_AVAILABLE_IN_0_1
void             gverbs_qp_ex_wr_abort            (GVerbsQPEx          *self);

G_END_DECLS
