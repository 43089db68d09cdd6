/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-device-attr-ex.h"

G_BEGIN_DECLS

GVerbsDeviceAttrEx *_gverbs_device_attr_ex_new (const struct ibv_device_attr_ex *attr);

G_END_DECLS
