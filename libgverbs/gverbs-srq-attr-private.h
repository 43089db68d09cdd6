/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-srq-attr.h"

G_BEGIN_DECLS

/* Fills @out (attr, type, comp_mask, tm caps; the PD, XRCD and CQ from the
 * returned pointers, which the caller checks and converts). */
void _gverbs_srq_init_attr_ex_to_ibv (GVerbsSrqInitAttrEx        *self,
                                      struct ibv_srq_init_attr_ex *out,
                                      GVerbsPD                  **pd,
                                      GVerbsXRCD                **xrcd,
                                      GVerbsCQ                  **cq);

G_END_DECLS
