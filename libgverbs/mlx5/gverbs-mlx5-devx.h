/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-resource.h"
#include "gverbs-context.h"
#include "gverbs-mlx5-enums.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_MLX5_VAR (gverbs_mlx5_var_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsMlx5VAR, gverbs_mlx5_var, GVERBS, MLX5_VAR, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsMlx5VAR *gverbs_mlx5_var_new (GVerbsContext  *context,
                                    guint           flags,
                                    GError        **error);

#define GVERBS_TYPE_MLX5_UAR (gverbs_mlx5_uar_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsMlx5UAR, gverbs_mlx5_uar, GVERBS, MLX5_UAR, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsMlx5UAR *gverbs_mlx5_uar_new (GVerbsContext             *context,
                                    GVerbsMlx5DVUARAllocType   flags,
                                    GError                   **error);

#define GVERBS_TYPE_MLX5_PP (gverbs_mlx5_pp_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsMlx5PP, gverbs_mlx5_pp, GVERBS, MLX5_PP, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsMlx5PP *gverbs_mlx5_pp_new (GVerbsContext             *context,
                                  GBytes                    *pp_context,
                                  GVerbsMlx5DVPPAllocFlags   flags,
                                  GError                   **error);

#define GVERBS_TYPE_MLX5_DEVX_OBJ (gverbs_mlx5_devx_obj_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsMlx5DevxObj, gverbs_mlx5_devx_obj, GVERBS, MLX5_DEVX_OBJ, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsMlx5DevxObj *gverbs_mlx5_devx_obj_new    (GVerbsContext      *context,
                                                GBytes             *in,
                                                gsize               outlen,
                                                GError            **error);
GVERBS_AVAILABLE_IN_0_1
GBytes            *gverbs_mlx5_devx_obj_get_out (GVerbsMlx5DevxObj *self);
GVERBS_AVAILABLE_IN_0_1
GBytes            *gverbs_mlx5_devx_obj_query  (GVerbsMlx5DevxObj  *self,
                                                GBytes             *in,
                                                gsize               outlen,
                                                GError            **error);
GVERBS_AVAILABLE_IN_0_1
GBytes            *gverbs_mlx5_devx_obj_modify (GVerbsMlx5DevxObj  *self,
                                                GBytes             *in,
                                                gsize               outlen,
                                                GError            **error);

#define GVERBS_TYPE_MLX5_UMEM (gverbs_mlx5_umem_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsMlx5UMEM, gverbs_mlx5_umem, GVERBS, MLX5_UMEM, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsMlx5UMEM *gverbs_mlx5_umem_new (GVerbsContext  *context,
                                      gsize           size,
                                      guint           access,
                                      gsize           alignment,
                                      GError        **error);

G_END_DECLS
