/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-mw.h"
#include "gverbs-mr.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/* NULL once the MW is closed. */
struct ibv_mw *_gverbs_mw_get_ibv    (GVerbsMW  *self);
/* After a bind (ibv_bind_mw or IBV_WR_BIND_MW) to @mr, or an unbind (@mr
 * NULL): notifies GVerbsMW:rkey and keeps @mr alive until the window is
 * closed or bound elsewhere, since rdma-core refuses to deregister a memory
 * region a window is bound to. */
void           _gverbs_mw_bound      (GVerbsMW *self,
                                      GVerbsMR *mr);

G_END_DECLS
