/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-qp-ex.h"

G_BEGIN_DECLS

/* How a subclass creates its queue pair (mlx5dv_create_qp); set in its
 * instance init. Without one, ibv_create_qp_ex(). */
typedef struct ibv_qp *(*GVerbsQPExCreateFunc) (GVerbsQPEx                 *self,
                                                struct ibv_context         *ctx,
                                                struct ibv_qp_init_attr_ex *attr);
void           _gverbs_qp_ex_set_create_func (GVerbsQPEx           *self,
                                              GVerbsQPExCreateFunc  func,
                                              const char           *call);
/* Creates the queue pair the subclass's way; *call names the call made. */
struct ibv_qp *_gverbs_qp_ex_create          (GVerbsQPEx                 *self,
                                              struct ibv_context         *ctx,
                                              struct ibv_qp_init_attr_ex *attr,
                                              const char                **call);
/* For a subclass's setter of the operation just added (mlx5dv_wr_set_dc_addr):
 * the extended QP, open in a posting sequence with an operation, or NULL
 * with the error naming @call. */
struct ibv_qp_ex *_gverbs_qp_ex_ready_for_setter (GVerbsQPEx  *self,
                                                  const char  *call,
                                                  GError     **error);

G_END_DECLS
