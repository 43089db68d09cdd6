#pragma once

#if !defined (GVERBS_COMPILATION)
# error "This header is private to libgverbs."
#endif

#include <infiniband/verbs.h>
#include "gverbs-cq.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/* NULL once the CQ is closed. */
struct ibv_cq *_gverbs_cq_get_ibv      (GVerbsCQ          *self);
gboolean       _gverbs_cq_check_open   (GVerbsCQ          *self,
                                        GError           **error);
/* QPs that use the CQ register here; closing the CQ closes them first. */
void           _gverbs_cq_add_child    (GVerbsCQ          *self,
                                        gpointer           child,
                                        GVerbsRank         rank,
                                        GVerbsCloseFunc    close_func);
void           _gverbs_cq_remove_child (GVerbsCQ          *self,
                                        gpointer           child);

G_END_DECLS
