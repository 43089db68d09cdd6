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

G_END_DECLS
