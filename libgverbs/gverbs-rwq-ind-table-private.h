/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-rwq-ind-table.h"

G_BEGIN_DECLS

/* NULL once the table is closed; for RSS queue pairs. */
struct ibv_rwq_ind_table *_gverbs_rwq_ind_table_get_ibv (GVerbsRwqIndTable *self);

G_END_DECLS
