/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-wq.h"

G_BEGIN_DECLS

/* NULL once the work queue is closed; for indirection tables. */
struct ibv_wq *_gverbs_wq_get_ibv      (GVerbsWQ        *self);
/* An indirection table that lists the work queue: closed before it is.
 * The table removes itself when it is released. */
void           _gverbs_wq_add_user     (GVerbsWQ        *self,
                                        GVerbsResource  *table);
void           _gverbs_wq_remove_user  (GVerbsWQ        *self,
                                        GVerbsResource  *table);

G_END_DECLS
