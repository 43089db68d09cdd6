/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-qp-init-attr-ex.h"

G_BEGIN_DECLS

/* Fills comp_mask, create_flags, max_tso_header, send_ops_flags,
 * source_qpn and the RSS hash (its key points into the attributes' hash
 * configuration); not the PD, XRCD, CQs, SRQ or indirection table: the QP
 * checks and adds them. */
void _gverbs_qp_init_attr_ex_to_ibv (GVerbsQPInitAttrEx          *self,
                                     struct ibv_qp_init_attr_ex  *out);

G_END_DECLS
