/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-qp-ex.h"
#include "gverbs-cq-ex.h"
#include "gverbs-mlx5-attr.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_MLX5_QP (gverbs_mlx5_qp_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsMlx5QP, gverbs_mlx5_qp, GVERBS, MLX5_QP, GVerbsQPEx)

GVERBS_AVAILABLE_IN_0_1
GVerbsMlx5QP *gverbs_mlx5_qp_new             (GVerbsContext           *context,
                                              GVerbsQPInitAttrEx      *init_attr,
                                              GVerbsMlx5DVQPInitAttr  *dv_init_attr,
                                              GVerbsQPAttr            *qp_attr,
                                              GError                 **error);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_mlx5_qp_wr_set_dc_addr  (GVerbsMlx5QP            *self,
                                              GVerbsAH                *ah,
                                              guint32                  remote_dctn,
                                              guint64                  remote_dc_key,
                                              GError                 **error);

#define GVERBS_TYPE_MLX5_CQ (gverbs_mlx5_cq_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsMlx5CQ, gverbs_mlx5_cq, GVERBS, MLX5_CQ, GVerbsCQEX)

GVERBS_AVAILABLE_IN_0_1
GVerbsMlx5CQ *gverbs_mlx5_cq_new             (GVerbsContext           *context,
                                              GVerbsCqInitAttrEx      *init_attr,
                                              GVerbsMlx5DVCQInitAttr  *dv_init_attr,
                                              GError                 **error);

G_END_DECLS
