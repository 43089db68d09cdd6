/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-global-route.h"

G_BEGIN_DECLS

/* Fills @grh; fails (INVALID_ARGUMENT) if the dgid set as a property was not a GID. */
gboolean  _gverbs_global_route_fill  (GVerbsGlobalRoute        *self,
                                      struct ibv_global_route  *grh,
                                      GError                  **error);

G_END_DECLS
