/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-device-attr.h"

G_BEGIN_DECLS

GVerbsDeviceAttr *_gverbs_device_attr_new (const struct ibv_device_attr *attr);
char             *_gverbs_guid_to_string  (guint64                       guid);

G_END_DECLS
