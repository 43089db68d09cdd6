/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-wq-attr.h"

G_BEGIN_DECLS

void _gverbs_wq_attr_fill (GVerbsWQAttr        *self,
                           struct ibv_wq_attr  *attr);

G_END_DECLS
