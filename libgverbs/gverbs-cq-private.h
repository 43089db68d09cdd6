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

G_END_DECLS
