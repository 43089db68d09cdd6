#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-resource.h"
#include "gverbs-enums.h"
#include "gverbs-pd.h"
#include "gverbs-dm.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_DM_MR (gverbs_dm_mr_get_type ())
GVERBS_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GVerbsDMMR, gverbs_dm_mr, GVERBS, DM_MR, GVerbsResource)

GVERBS_AVAILABLE_IN_ALL
GVerbsDMMR *gverbs_dm_mr_new       (GVerbsPD           *pd,
                                    guint64             length,
                                    GVerbsAccessFlags   access,
                                    GVerbsDM           *dm,
                                    guint64             offset,
                                    GError            **error);
GVERBS_AVAILABLE_IN_ALL
GVerbsPD   *gverbs_dm_mr_get_pd    (GVerbsDMMR         *self);
GVERBS_AVAILABLE_IN_ALL
GVerbsDM   *gverbs_dm_mr_get_dm    (GVerbsDMMR         *self);
GVERBS_AVAILABLE_IN_ALL
guint32     gverbs_dm_mr_get_lkey  (GVerbsDMMR         *self);
GVERBS_AVAILABLE_IN_ALL
guint32     gverbs_dm_mr_get_rkey  (GVerbsDMMR         *self);

G_END_DECLS
