/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-xrcd-init-attr.h"

G_BEGIN_DECLS

void _gverbs_xrcd_init_attr_fill (GVerbsXRCDInitAttr        *self,
                                  struct ibv_xrcd_init_attr *attr);

G_END_DECLS
