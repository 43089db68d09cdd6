/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-device.h"

G_BEGIN_DECLS

GVerbsDevice *_gverbs_device_new_from_ibv      (struct ibv_device   *device);
const char   *_gverbs_node_type_to_string      (GVerbsNodeType       type);
const char   *_gverbs_transport_type_to_string (GVerbsTransportType  type);

gboolean      _gverbs_device_list              (struct ibv_device ***list,
                                                int                 *n,
                                                const char          *object,
                                                GError             **error);
void          _gverbs_device_list_free         (struct ibv_device  **list);

G_END_DECLS
