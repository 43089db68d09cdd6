/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-resource.h"
#include "gverbs-device.h"
#include "gverbs-port-status.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_DEVICE_MONITOR (gverbs_device_monitor_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsDeviceMonitor, gverbs_device_monitor, GVERBS, DEVICE_MONITOR, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsDeviceMonitor *gverbs_device_monitor_new       (GCancellable        *cancellable,
                                                      GError             **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsDevice        *gverbs_device_monitor_lookup    (GVerbsDeviceMonitor *self,
                                                      const char          *name);
GVERBS_AVAILABLE_IN_0_1
GListModel          *gverbs_device_monitor_get_ports (GVerbsDeviceMonitor *self,
                                                      const char          *name);
GVERBS_AVAILABLE_IN_0_1
GVerbsPortStatus    *gverbs_device_monitor_get_port  (GVerbsDeviceMonitor *self,
                                                      const char          *name,
                                                      guint                port_num);
GVERBS_AVAILABLE_IN_0_1
gboolean             gverbs_device_monitor_rescan    (GVerbsDeviceMonitor *self,
                                                      GError             **error);

G_END_DECLS
