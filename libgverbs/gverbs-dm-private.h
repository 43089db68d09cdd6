/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-dm.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/* NULL once the device memory is freed. */
struct ibv_dm *_gverbs_dm_get_ibv      (GVerbsDM         *self);

G_END_DECLS
