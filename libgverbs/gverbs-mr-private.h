/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-mr.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/* NULL once the MR is closed. */
struct ibv_mr *_gverbs_mr_get_ibv    (GVerbsMR  *self);

/* Wraps an MR from ibv_import_mr(): closing it unimports it; its memory
 * (another process's) is neither read nor written. */
GVerbsMR      *_gverbs_mr_new_imported (GVerbsPD      *pd,
                                        struct ibv_mr *ibv);
gboolean       _gverbs_mr_get_imported (GVerbsMR      *self);

G_END_DECLS
