#pragma once

#if !defined (GVERBS_COMPILATION)
# error "This header is private to libgverbs."
#endif

#include <rdma/rdma_verbs.h>
#include "gverbs-cm-buffer.h"
#include "gverbs-cm-id.h"

G_BEGIN_DECLS

typedef enum {
  GVERBS_CM_BUFFER_MSGS,
  GVERBS_CM_BUFFER_READ,
  GVERBS_CM_BUFFER_WRITE,
} GVerbsCMBufferKind;

GVerbsCMBuffer *_gverbs_cm_buffer_new      (GVerbsCMID          *cm_id,
                                            struct rdma_cm_id   *id,
                                            gsize                size,
                                            GVerbsCMBufferKind   kind,
                                            GError             **error);
/* Checks that [offset, offset + length) lies in the open buffer; gives its
 * address and MR. */
gboolean        _gverbs_cm_buffer_range    (GVerbsCMBuffer      *self,
                                            gsize                offset,
                                            gsize                length,
                                            void               **addr,
                                            struct ibv_mr      **mr,
                                            GError             **error);

G_END_DECLS
