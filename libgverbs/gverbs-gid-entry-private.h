/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-gid-entry.h"

G_BEGIN_DECLS

void _gverbs_gid_entry_from_ibv (GVerbsGidEntry             *self,
                                 const struct ibv_gid_entry *entry);

G_END_DECLS
