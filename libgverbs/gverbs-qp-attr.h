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
GVERBS_AVAILABLE_IN_0_1
void          gverbs_qp_attr_set_qp_state            (GVerbsQPAttr      *self,
                                                      GVerbsQPState     qp_state);
GVERBS_AVAILABLE_IN_0_1
void          gverbs_qp_attr_set_cur_qp_state        (GVerbsQPAttr      *self,
                                                      GVerbsQPState     cur_qp_state);
GVERBS_AVAILABLE_IN_0_1
void          gverbs_qp_attr_set_path_mtu            (GVerbsQPAttr      *self,
                                                      GVerbsMTU         path_mtu);
GVERBS_AVAILABLE_IN_0_1
void          gverbs_qp_attr_set_path_mig_state      (GVerbsQPAttr      *self,
                                                      GVerbsMigState    path_mig_state);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_qp_attr_set_qkey                (GVerbsQPAttr      *self,
                                                      guint              qkey,
                                                      GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_qp_attr_set_rq_psn              (GVerbsQPAttr      *self,
                                                      guint              rq_psn,
                                                      GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_qp_attr_set_sq_psn              (GVerbsQPAttr      *self,
                                                      guint              sq_psn,
                                                      GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_qp_attr_set_dest_qp_num         (GVerbsQPAttr      *self,
                                                      guint              dest_qp_num,
                                                      GError           **error);
GVERBS_AVAILABLE_IN_0_1
void          gverbs_qp_attr_set_qp_access_flags     (GVerbsQPAttr      *self,
                                                      GVerbsAccessFlags qp_access_flags);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_qp_attr_set_pkey_index          (GVerbsQPAttr      *self,
                                                      guint              pkey_index,
                                                      GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_qp_attr_set_alt_pkey_index      (GVerbsQPAttr      *self,
                                                      guint              alt_pkey_index,
                                                      GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_qp_attr_set_en_sqd_async_notify (GVerbsQPAttr      *self,
                                                      guint              en_sqd_async_notify,
                                                      GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_qp_attr_set_sq_draining         (GVerbsQPAttr      *self,
                                                      guint              sq_draining,
                                                      GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_qp_attr_set_max_rd_atomic       (GVerbsQPAttr      *self,
                                                      guint              max_rd_atomic,
                                                      GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_qp_attr_set_max_dest_rd_atomic  (GVerbsQPAttr      *self,
                                                      guint              max_dest_rd_atomic,
                                                      GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_qp_attr_set_min_rnr_timer       (GVerbsQPAttr      *self,
                                                      guint              min_rnr_timer,
                                                      GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_qp_attr_set_port_num            (GVerbsQPAttr      *self,
                                                      guint              port_num,
                                                      GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_qp_attr_set_timeout             (GVerbsQPAttr      *self,
                                                      guint              timeout,
                                                      GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_qp_attr_set_retry_cnt           (GVerbsQPAttr      *self,
                                                      guint              retry_cnt,
                                                      GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_qp_attr_set_rnr_retry           (GVerbsQPAttr      *self,
                                                      guint              rnr_retry,
                                                      GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_qp_attr_set_alt_port_num        (GVerbsQPAttr      *self,
                                                      guint              alt_port_num,
                                                      GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_qp_attr_set_alt_timeout         (GVerbsQPAttr      *self,
                                                      guint              alt_timeout,
                                                      GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_qp_attr_set_rate_limit          (GVerbsQPAttr      *self,
                                                      guint              rate_limit,
                                                      GError           **error);
GVERBS_AVAILABLE_IN_0_1
void          gverbs_qp_attr_set_ah_attr             (GVerbsQPAttr      *self,
                                                      GVerbsAHAttr      *ah_attr);
GVERBS_AVAILABLE_IN_0_1
void          gverbs_qp_attr_set_alt_ah_attr         (GVerbsQPAttr      *self,
                                                      GVerbsAHAttr      *alt_ah_attr);

G_END_DECLS
