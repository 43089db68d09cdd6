/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-mlx5-enums.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_MLX5_DV_CONTEXT_ATTR (gverbs_mlx5_dv_context_attr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsMlx5DVContextAttr, gverbs_mlx5_dv_context_attr, GVERBS, MLX5_DV_CONTEXT_ATTR, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsMlx5DVContextAttr *gverbs_mlx5_dv_context_attr_new (GVerbsMlx5DVContextAttrFlags   flags,
                                                          guint64                        comp_mask);
GVERBS_AVAILABLE_IN_0_1
char *gverbs_mlx5_dv_context_attr_to_string (GVerbsMlx5DVContextAttr *self);

#define GVERBS_TYPE_MLX5_DV_DC_INIT_ATTR (gverbs_mlx5_dv_dc_init_attr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsMlx5DVDCInitAttr, gverbs_mlx5_dv_dc_init_attr, GVERBS, MLX5_DV_DC_INIT_ATTR, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsMlx5DVDCInitAttr *gverbs_mlx5_dv_dc_init_attr_new (GVerbsMlx5DVDCType   dc_type,
                                                         guint64              dct_access_key);

#define GVERBS_TYPE_MLX5_DV_QP_INIT_ATTR (gverbs_mlx5_dv_qp_init_attr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsMlx5DVQPInitAttr, gverbs_mlx5_dv_qp_init_attr, GVERBS, MLX5_DV_QP_INIT_ATTR, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsMlx5DVQPInitAttr *gverbs_mlx5_dv_qp_init_attr_new (GVerbsMlx5DVQPInitAttrMask         comp_mask,
                                                         GVerbsMlx5DVQPCreateFlags          create_flags,
                                                         GVerbsMlx5DVDCInitAttr            *dc_init_attr,
                                                         GVerbsMlx5DVQPCreateSendOpsFlags   send_ops_flags);
GVERBS_AVAILABLE_IN_0_1
char *gverbs_mlx5_dv_qp_init_attr_to_string (GVerbsMlx5DVQPInitAttr *self);

#define GVERBS_TYPE_MLX5_DV_CQ_INIT_ATTR (gverbs_mlx5_dv_cq_init_attr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsMlx5DVCQInitAttr, gverbs_mlx5_dv_cq_init_attr, GVERBS, MLX5_DV_CQ_INIT_ATTR, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsMlx5DVCQInitAttr *gverbs_mlx5_dv_cq_init_attr_new (GVerbsMlx5DVCQInitAttrMask    comp_mask,
                                                         GVerbsMlx5DVCqeResFormat      cqe_comp_res_format,
                                                         GVerbsMlx5DVCQInitAttrFlags   flags,
                                                         guint                         cqe_size);
GVERBS_AVAILABLE_IN_0_1
char *gverbs_mlx5_dv_cq_init_attr_to_string (GVerbsMlx5DVCQInitAttr *self);

#define GVERBS_TYPE_MLX5_DV_CONTEXT (gverbs_mlx5_dv_context_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsMlx5DVContext, gverbs_mlx5_dv_context, GVERBS, MLX5_DV_CONTEXT, GObject)

GVERBS_AVAILABLE_IN_0_1
char *gverbs_mlx5_dv_context_to_string (GVerbsMlx5DVContext *self);

#define GVERBS_TYPE_MLX5_DV_PORT_ATTR (gverbs_mlx5_dv_port_attr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsMlx5DVPortAttr, gverbs_mlx5_dv_port_attr, GVERBS, MLX5_DV_PORT_ATTR, GObject)

GVERBS_AVAILABLE_IN_0_1
char *gverbs_mlx5_dv_port_attr_to_string (GVerbsMlx5DVPortAttr *self);

G_END_DECLS
