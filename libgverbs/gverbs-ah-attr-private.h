/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-ah-attr.h"

G_BEGIN_DECLS

gboolean _gverbs_ah_attr_fill (GVerbsAHAttr        *self,
                               struct ibv_ah_attr  *attr,
                               GError             **error);
GVerbsAHAttr *_gverbs_ah_attr_new_from_ibv (const struct ibv_ah_attr *ah);

G_END_DECLS
