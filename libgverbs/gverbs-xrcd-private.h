/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-xrcd.h"

G_BEGIN_DECLS

/* NULL once the XRC domain is closed; for XRC SRQs and QPs. */
struct ibv_xrcd *_gverbs_xrcd_get_ibv    (GVerbsXRCD  *self);

G_END_DECLS
