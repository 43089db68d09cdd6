#pragma once

#if !defined (GVERBS_COMPILATION)
# error "This header is private to libgverbs."
#endif

#include <infiniband/verbs.h>
#include "gverbs-global-route.h"

G_BEGIN_DECLS

/* The one place that turns GID text into bytes and back; a GVerbsGid type
 * can take these over. */
gboolean  _gverbs_gid_parse          (const char               *text,
                                      guint8                    raw[16]);
char     *_gverbs_gid_format         (const guint8              raw[16]);

/* Fills @grh; fails (INVALID_ARGUMENT) if the dgid set as a property was not a GID. */
gboolean  _gverbs_global_route_fill  (GVerbsGlobalRoute        *self,
                                      struct ibv_global_route  *grh,
                                      GError                  **error);

G_END_DECLS
