/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-context.h"
#include "gverbs-mlx5-attr.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_MLX5_CONTEXT (gverbs_mlx5_context_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsMlx5Context, gverbs_mlx5_context, GVERBS, MLX5_CONTEXT, GVerbsContext)

GVERBS_AVAILABLE_IN_0_1
GVerbsMlx5Context    *gverbs_mlx5_context_new               (const char               *name,
                                                             GVerbsMlx5DVContextAttr  *attr,
                                                             GError                  **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsMlx5DVContext  *gverbs_mlx5_context_query_mlx5_device (GVerbsMlx5Context        *self,
                                                             guint64                   comp_mask,
                                                             GError                  **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsMlx5DVPortAttr *gverbs_mlx5_context_query_mlx5_port   (GVerbsMlx5Context        *self,
                                                             guint                     port_num,
                                                             GError                  **error);
GVERBS_AVAILABLE_IN_0_1
GBytes               *gverbs_mlx5_context_devx_general_cmd  (GVerbsMlx5Context        *self,
                                                             GBytes                   *in,
                                                             gsize                     outlen,
                                                             GError                  **error);
GVERBS_AVAILABLE_IN_0_1
gboolean              gverbs_mlx5_is_supported              (const char               *device_name,
                                                             GError                  **error);

G_END_DECLS
