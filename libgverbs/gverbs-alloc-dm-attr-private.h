/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-alloc-dm-attr.h"

G_BEGIN_DECLS

void _gverbs_alloc_dm_attr_fill (GVerbsAllocDmAttr        *self,
                                 struct ibv_alloc_dm_attr *attr);

G_END_DECLS
