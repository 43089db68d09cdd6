#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_DEVICE (gverbs_device_get_type ())
GVERBS_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GVerbsDevice, gverbs_device, GVERBS, DEVICE, GObject)

GVERBS_AVAILABLE_IN_ALL
GList               *gverbs_get_devices                (GError **error);

_GVERBS_DECLARE_GETTER (const char *, gverbs_device_get_name, GVerbsDevice)
_GVERBS_DECLARE_GETTER (guint64, gverbs_device_get_guid, GVerbsDevice)
_GVERBS_DECLARE_GETTER (GVerbsNodeType, gverbs_device_get_node_type, GVerbsDevice)
_GVERBS_DECLARE_GETTER (GVerbsTransportType, gverbs_device_get_transport_type, GVerbsDevice)
_GVERBS_DECLARE_GETTER (guint, gverbs_device_get_index, GVerbsDevice)
_GVERBS_DECLARE_GETTER (char *, gverbs_device_to_string, GVerbsDevice)

G_END_DECLS
