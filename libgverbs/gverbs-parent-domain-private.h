/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include "gverbs-parent-domain.h"

G_BEGIN_DECLS

/* When the rdma-core call @call that made a resource on @pd failed because
 * @pd is a parent domain whose allocator failed: the allocator's error in
 * @error, TRUE. FALSE (nothing set) otherwise. */
gboolean _gverbs_parent_domain_take_allocator_error (GVerbsPD    *pd,
                                                     const char  *call,
                                                     GError     **error);

G_END_DECLS
