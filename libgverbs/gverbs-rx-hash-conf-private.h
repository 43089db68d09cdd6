/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-rx-hash-conf.h"

G_BEGIN_DECLS

/* The key points into @self's bytes: valid while @self lives. */
void _gverbs_rx_hash_conf_fill (GVerbsRxHashConf        *self,
                                struct ibv_rx_hash_conf *conf);

G_END_DECLS
