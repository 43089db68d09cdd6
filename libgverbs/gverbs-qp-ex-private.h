#pragma once

#if !defined (GVERBS_COMPILATION)
# error "This header is private to libgverbs."
#endif

#include "gverbs-qp-ex.h"

G_BEGIN_DECLS

/* The context the extended QP was asked to be created in. */
GVerbsContext *_gverbs_qp_ex_get_context (GVerbsQPEx *self);

G_END_DECLS
