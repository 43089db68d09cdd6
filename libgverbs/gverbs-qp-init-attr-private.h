/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-qp-init-attr.h"

G_BEGIN_DECLS

/* Fills type, cap and sq_sig_all (not the CQs: the QP checks and adds them). */
void              _gverbs_qp_init_attr_to_ibv   (GVerbsQPInitAttr               *self,
                                                 struct ibv_qp_init_attr        *out);
GVerbsQPInitAttr *_gverbs_qp_init_attr_new_from_ibv (const struct ibv_qp_init_attr *in,
                                                     GVerbsCQ                      *send_cq,
                                                     GVerbsCQ                      *recv_cq);

G_END_DECLS
