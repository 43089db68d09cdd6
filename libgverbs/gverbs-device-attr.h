/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_DEVICE_ATTR (gverbs_device_attr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsDeviceAttr, gverbs_device_attr, GVERBS, DEVICE_ATTR, GObject)

GVERBS_AVAILABLE_IN_0_1
char *gverbs_device_attr_to_string (GVerbsDeviceAttr *self);

G_END_DECLS
