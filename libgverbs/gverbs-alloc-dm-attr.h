#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_ALLOC_DM_ATTR (gverbs_alloc_dm_attr_get_type ())
GVERBS_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GVerbsAllocDmAttr, gverbs_alloc_dm_attr, GVERBS, ALLOC_DM_ATTR, GObject)

GVERBS_AVAILABLE_IN_ALL
GVerbsAllocDmAttr *gverbs_alloc_dm_attr_new        (guint64            length,
                                                    guint              log_align_req,
                                                    guint              comp_mask);
GVERBS_AVAILABLE_IN_ALL
guint64            gverbs_alloc_dm_attr_get_length (GVerbsAllocDmAttr *self);

G_END_DECLS
