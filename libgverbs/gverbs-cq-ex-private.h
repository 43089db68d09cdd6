#pragma once

#if !defined (GVERBS_COMPILATION)
# error "This header is private to libgverbs."
#endif

#include <infiniband/verbs.h>
#include "gverbs-cq-ex.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/* NULL once the CQ is closed. */
struct ibv_cq_ex *_gverbs_cq_ex_get_ibv      (GVerbsCQEX       *self);
gboolean          _gverbs_cq_ex_check_open   (GVerbsCQEX       *self,
                                              GError          **error);
/* QPs that use the CQ register here; closing the CQ closes them first. */
void              _gverbs_cq_ex_add_child    (GVerbsCQEX       *self,
                                              gpointer          child,
                                              GVerbsRank        rank,
                                              GVerbsCloseFunc   close_func);
void              _gverbs_cq_ex_remove_child (GVerbsCQEX       *self,
                                              gpointer          child);

G_END_DECLS
