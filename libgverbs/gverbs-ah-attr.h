#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-global-route.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_AH_ATTR (gverbs_ah_attr_get_type ())
GVERBS_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GVerbsAHAttr, gverbs_ah_attr, GVERBS, AH_ATTR, GObject)

GVERBS_AVAILABLE_IN_ALL
GVerbsAHAttr      *gverbs_ah_attr_new       (void);
GVERBS_AVAILABLE_IN_ALL
GVerbsGlobalRoute *gverbs_ah_attr_get_grh   (GVerbsAHAttr      *self);
GVERBS_AVAILABLE_IN_ALL
void               gverbs_ah_attr_set_grh   (GVerbsAHAttr      *self,
                                             GVerbsGlobalRoute *grh);
GVERBS_AVAILABLE_IN_ALL
guint              gverbs_ah_attr_get_port_num (GVerbsAHAttr   *self);
GVERBS_AVAILABLE_IN_ALL
gboolean           gverbs_ah_attr_get_is_global (GVerbsAHAttr  *self);
GVERBS_AVAILABLE_IN_ALL
char              *gverbs_ah_attr_to_string (GVerbsAHAttr      *self);

G_END_DECLS
