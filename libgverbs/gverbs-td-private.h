/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-td.h"

G_BEGIN_DECLS

/* NULL once the thread domain is closed. */
struct ibv_td *_gverbs_td_get_ibv (GVerbsTD *self);

G_END_DECLS
