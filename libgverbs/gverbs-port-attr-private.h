/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-port-attr.h"

G_BEGIN_DECLS

GVerbsPortAttr *_gverbs_port_attr_new (const struct ibv_port_attr *attr);

G_END_DECLS
