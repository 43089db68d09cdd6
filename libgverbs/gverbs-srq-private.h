/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (GVERBS_COMPILATION)
# error "This header is private to libgverbs."
#endif

#include <infiniband/verbs.h>
#include "gverbs-srq.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/* NULL once the SRQ is closed. */
struct ibv_srq *_gverbs_srq_get_ibv      (GVerbsSRQ        *self);

G_END_DECLS
