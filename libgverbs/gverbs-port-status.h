/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"
#include "gverbs-port-attr.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_PORT_STATUS (gverbs_port_status_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsPortStatus, gverbs_port_status, GVERBS, PORT_STATUS, GObject)

GVERBS_AVAILABLE_IN_0_1
const char      *gverbs_port_status_get_device_name    (GVerbsPortStatus *self);
GVERBS_AVAILABLE_IN_0_1
guint            gverbs_port_status_get_port_num       (GVerbsPortStatus *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsPortState  gverbs_port_status_get_state          (GVerbsPortStatus *self);
GVERBS_AVAILABLE_IN_0_1
guint            gverbs_port_status_get_phys_state     (GVerbsPortStatus *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsMTU        gverbs_port_status_get_active_mtu     (GVerbsPortStatus *self);
GVERBS_AVAILABLE_IN_0_1
guint            gverbs_port_status_get_lid            (GVerbsPortStatus *self);
GVERBS_AVAILABLE_IN_0_1
guint            gverbs_port_status_get_gid_generation (GVerbsPortStatus *self);
GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_port_status_get_present        (GVerbsPortStatus *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsPortAttr  *gverbs_port_status_get_attr           (GVerbsPortStatus *self);
GVERBS_AVAILABLE_IN_0_1
GPtrArray       *gverbs_port_status_get_gids           (GVerbsPortStatus *self);

G_END_DECLS
