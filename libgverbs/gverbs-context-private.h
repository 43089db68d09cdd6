#pragma once

#if !defined (GVERBS_COMPILATION)
# error "This header is private to libgverbs."
#endif

#include <infiniband/verbs.h>
#include "gverbs-context.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/* NULL once the context is closed. */
struct ibv_context *_gverbs_context_get_ibv      (GVerbsContext    *self);
gboolean            _gverbs_context_check_open   (GVerbsContext    *self,
                                                  GError          **error);
void                _gverbs_context_add_child    (GVerbsContext    *self,
                                                  gpointer          child,
                                                  GVerbsRank        rank,
                                                  GVerbsCloseFunc   close_func);
void                _gverbs_context_remove_child (GVerbsContext    *self,
                                                  gpointer          child);

/* Wraps a context from ibv_import_device(); see gverbs-import.c. */
GVerbsContext      *_gverbs_context_new_imported (struct ibv_context *ibv);

G_END_DECLS
