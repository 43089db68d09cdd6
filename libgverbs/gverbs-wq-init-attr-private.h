/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-wq-init-attr.h"

G_BEGIN_DECLS

/* Fills the scalar fields (not the PD and CQ: the WQ checks and adds them). */
void _gverbs_wq_init_attr_fill (GVerbsWQInitAttr         *self,
                                struct ibv_wq_init_attr  *attr);

G_END_DECLS
