/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-qp-attr.h"

G_BEGIN_DECLS

/* The attributes themselves, for ibv_modify_qp() and ibv_query_qp(). */
struct ibv_qp_attr *_gverbs_qp_attr_get_ibv (GVerbsQPAttr *self);
/* Fills the address vectors from the AHAttr objects that @mask applies. */
gboolean            _gverbs_qp_attr_prepare (GVerbsQPAttr  *self,
                                             guint          mask,
                                             GError       **error);
/* After ibv_query_qp() wrote the struct: rebuild the AHAttr objects from it. */
void                _gverbs_qp_attr_forget_objects (GVerbsQPAttr *self);
/* The address vector rows of pyverbs' print layout ("AH Attr:"). */
void                _gverbs_append_ah_rows  (GString                 *out,
                                             const struct ibv_ah_attr *ah);

G_END_DECLS
