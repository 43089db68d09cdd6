/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/mlx5dv.h>
#include "gverbs-mlx5-attr.h"

G_BEGIN_DECLS

void _gverbs_mlx5_dv_context_attr_fill (GVerbsMlx5DVContextAttr    *self,
                                        struct mlx5dv_context_attr *attr);
void _gverbs_mlx5_dv_qp_init_attr_fill (GVerbsMlx5DVQPInitAttr     *self,
                                        struct mlx5dv_qp_init_attr *attr);
void _gverbs_mlx5_dv_cq_init_attr_fill (GVerbsMlx5DVCQInitAttr     *self,
                                        struct mlx5dv_cq_init_attr *attr);
GVerbsMlx5DVContext  *_gverbs_mlx5_dv_context_new   (const struct mlx5dv_context *attr);
GVerbsMlx5DVPortAttr *_gverbs_mlx5_dv_port_attr_new (const struct mlx5dv_port    *attr);

/* Refuses a DevX output length larger than any command returns. */
gboolean _gverbs_mlx5_check_outlen (gsize        outlen,
                                    const char  *call,
                                    GError     **error);

G_END_DECLS
