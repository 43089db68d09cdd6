#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-resource.h"
#include "gverbs-context.h"
#include "gverbs-td-init-attr.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_TD (gverbs_td_get_type ())
GVERBS_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GVerbsTD, gverbs_td, GVERBS, TD, GVerbsResource)

GVERBS_AVAILABLE_IN_ALL
GVerbsTD      *gverbs_td_new         (GVerbsContext     *context,
                                      GVerbsTDInitAttr  *init_attr,
                                      GError           **error);
GVERBS_AVAILABLE_IN_ALL
GVerbsContext *gverbs_td_get_context (GVerbsTD          *self);

G_END_DECLS
