/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_PORT_COUNTERS (gverbs_port_counters_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsPortCounters, gverbs_port_counters, GVERBS, PORT_COUNTERS, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsPortCounters *gverbs_port_counters_new             (const char          *device_name,
                                                          guint                port_num,
                                                          GError             **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsPortCounters *gverbs_port_counters_new_for_sysfs   (const char          *sysfs_path,
                                                          const char          *device_name,
                                                          guint                port_num,
                                                          GError             **error);
GVERBS_AVAILABLE_IN_0_1
const char         *gverbs_port_counters_get_device_name (GVerbsPortCounters  *self);
GVERBS_AVAILABLE_IN_0_1
guint               gverbs_port_counters_get_port_num    (GVerbsPortCounters  *self);
GVERBS_AVAILABLE_IN_0_1
gboolean            gverbs_port_counters_sample          (GVerbsPortCounters  *self,
                                                          GError             **error);
GVERBS_AVAILABLE_IN_0_1
GHashTable         *gverbs_port_counters_read            (GVerbsPortCounters  *self,
                                                          GError             **error);
GVERBS_AVAILABLE_IN_0_1
char              **gverbs_port_counters_get_names       (GVerbsPortCounters  *self);
GVERBS_AVAILABLE_IN_0_1
gboolean            gverbs_port_counters_has             (GVerbsPortCounters  *self,
                                                          const char          *name);
GVERBS_AVAILABLE_IN_0_1
guint64             gverbs_port_counters_get             (GVerbsPortCounters  *self,
                                                          const char          *name);
GVERBS_AVAILABLE_IN_0_1
double              gverbs_port_counters_get_rate        (GVerbsPortCounters  *self,
                                                          const char          *name);
GVERBS_AVAILABLE_IN_0_1
double              gverbs_port_counters_get_interval    (GVerbsPortCounters  *self);
GVERBS_AVAILABLE_IN_0_1
GVariant           *gverbs_port_counters_to_variant      (GVerbsPortCounters  *self);

G_END_DECLS
