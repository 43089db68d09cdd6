#pragma once

#if !defined (GVERBS_COMPILATION)
# error "This header is private to libgverbs."
#endif

#include <infiniband/verbs.h>
#include "gverbs-srq.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/* NULL once the SRQ is closed. */
struct ibv_srq *_gverbs_srq_get_ibv      (GVerbsSRQ        *self);
gboolean        _gverbs_srq_check_open   (GVerbsSRQ        *self,
                                          GError          **error);
/* QPs whose receives come from the SRQ; closing the SRQ closes them first. */
void            _gverbs_srq_add_child    (GVerbsSRQ        *self,
                                          gpointer          child,
                                          GVerbsRank        rank,
                                          GVerbsCloseFunc   close_func);
void            _gverbs_srq_remove_child (GVerbsSRQ        *self,
                                          gpointer          child);

G_END_DECLS
