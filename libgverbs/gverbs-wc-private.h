/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-wc.h"

G_BEGIN_DECLS

void _gverbs_wc_from_ibv (GVerbsWC            *wc,
                          const struct ibv_wc *ibv);

G_END_DECLS
