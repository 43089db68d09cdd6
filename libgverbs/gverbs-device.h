/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_DEVICE (gverbs_device_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsDevice, gverbs_device, GVERBS, DEVICE, GObject)

GVERBS_AVAILABLE_IN_0_1
GList               *gverbs_get_devices                (GError **error);

GVERBS_AVAILABLE_IN_0_1
const char          *gverbs_device_get_name            (GVerbsDevice *self);
GVERBS_AVAILABLE_IN_0_1
guint64              gverbs_device_get_guid            (GVerbsDevice *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsNodeType       gverbs_device_get_node_type       (GVerbsDevice *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsTransportType  gverbs_device_get_transport_type  (GVerbsDevice *self);
GVERBS_AVAILABLE_IN_0_1
guint                gverbs_device_get_index           (GVerbsDevice *self);
GVERBS_AVAILABLE_IN_0_1
char                *gverbs_device_to_string           (GVerbsDevice *self);

G_END_DECLS
