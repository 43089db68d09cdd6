/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include "gverbs-spec.h"

G_BEGIN_DECLS

/* Writes the spec's struct ibv_flow_spec_* (gverbs_spec_get_size() bytes)
 * at @out; fails with the error of a malformed value set as a property. */
gboolean _gverbs_spec_pack_into (GVerbsSpec  *self,
                                 guint8      *out,
                                 GError     **error);

G_END_DECLS
