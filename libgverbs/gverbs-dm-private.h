#pragma once

#if !defined (GVERBS_COMPILATION)
# error "This header is private to libgverbs."
#endif

#include <infiniband/verbs.h>
#include "gverbs-dm.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/* NULL once the device memory is freed. */
struct ibv_dm *_gverbs_dm_get_ibv      (GVerbsDM         *self);
gboolean       _gverbs_dm_check_open   (GVerbsDM         *self,
                                        GError          **error);
const char    *_gverbs_dm_describe     (GVerbsDM         *self);
void           _gverbs_dm_add_child    (GVerbsDM         *self,
                                        gpointer          child,
                                        GVerbsRank        rank,
                                        GVerbsCloseFunc   close_func);
void           _gverbs_dm_remove_child (GVerbsDM         *self,
                                        gpointer          child);

G_END_DECLS
