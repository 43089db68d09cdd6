/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-srq.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/* NULL once the SRQ is closed. */
struct ibv_srq *_gverbs_srq_get_ibv      (GVerbsSRQ        *self);

/* TRUE when the device has tag matching (tm_caps: IBV_TM_CAP_RC, some
 * tags); else FALSE with GVERBS_ERROR_NOT_SUPPORTED naming @call and
 * @object. gverbs-srq-tm.c. */
gboolean _gverbs_context_check_tag_matching (GVerbsContext  *context,
                                             const char     *call,
                                             const char     *object,
                                             GError        **error);

G_END_DECLS
