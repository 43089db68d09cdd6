/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-ah.h"

G_BEGIN_DECLS

/* NULL once the address handle is closed; for UD sends. */
struct ibv_ah *_gverbs_ah_get_ibv    (GVerbsAH  *self);

G_END_DECLS
