#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-device-attr.h"
#include "gverbs-port-attr.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_CONTEXT (gverbs_context_get_type ())
GVERBS_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GVerbsContext, gverbs_context, GVERBS, CONTEXT, GObject)

GVERBS_AVAILABLE_IN_ALL
GVerbsContext    *gverbs_context_new                  (const char     *name,
                                                       GError        **error);
GVERBS_AVAILABLE_IN_ALL
const char       *gverbs_context_get_name             (GVerbsContext  *self);
GVERBS_AVAILABLE_IN_ALL
int               gverbs_context_get_num_comp_vectors (GVerbsContext  *self);
GVERBS_AVAILABLE_IN_ALL
int               gverbs_context_get_cmd_fd           (GVerbsContext  *self);
GVERBS_AVAILABLE_IN_ALL
GVerbsDeviceAttr *gverbs_context_query_device         (GVerbsContext  *self,
                                                       GError        **error);
GVERBS_AVAILABLE_IN_ALL
GVerbsPortAttr   *gverbs_context_query_port           (GVerbsContext  *self,
                                                       guint           port_num,
                                                       GError        **error);
GVERBS_AVAILABLE_IN_ALL
gboolean          gverbs_context_close                (GVerbsContext  *self,
                                                       GError        **error);
GVERBS_AVAILABLE_IN_ALL
gboolean          gverbs_context_is_closed            (GVerbsContext  *self);

G_END_DECLS
