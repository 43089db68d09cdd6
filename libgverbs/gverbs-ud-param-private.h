/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-ud-param.h"

G_BEGIN_DECLS

GVerbsUDParam *_gverbs_ud_param_new          (guint32                   qp_num,
                                              guint32                   qkey,
                                              const struct ibv_ah_attr *ah_attr);

G_END_DECLS
