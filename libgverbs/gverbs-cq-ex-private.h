/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-cq-ex.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/* NULL once the CQ is closed. */
struct ibv_cq_ex *_gverbs_cq_ex_get_ibv      (GVerbsCQEX       *self);

/* How a subclass creates its CQ (mlx5dv_create_cq); set in its instance
 * init. Without one, ibv_create_cq_ex(). */
typedef struct ibv_cq_ex *(*GVerbsCQEXCreateFunc) (GVerbsCQEX                 *self,
                                                   struct ibv_context         *ctx,
                                                   struct ibv_cq_init_attr_ex *attr);
void _gverbs_cq_ex_set_create_func (GVerbsCQEX           *self,
                                    GVerbsCQEXCreateFunc  func,
                                    const char           *call);

G_END_DECLS
