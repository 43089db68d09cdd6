/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-pd.h"
#include "gverbs-mr.h"
#include "gverbs-qp.h"
#include "gverbs-wc.h"

G_BEGIN_DECLS

/**
 * GVERBS_BUFFER_POOL_MAX_COUNT:
 *
 * The most buffers a #GVerbsBufferPool holds (2^20): more than any work queue
 * of a device can have outstanding, and small enough that the pool's own
 * bookkeeping stays a few megabytes.
 *
 * Since: 0.1
 */
#define GVERBS_BUFFER_POOL_MAX_COUNT (1u << 20)

#define GVERBS_TYPE_BUFFER_POOL (gverbs_buffer_pool_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsBufferPool, gverbs_buffer_pool, GVERBS, BUFFER_POOL, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsBufferPool *gverbs_buffer_pool_new        (GVerbsPD           *pd,
                                                 guint               count,
                                                 guint               size,
                                                 GVerbsAccessFlags   access,
                                                 GError            **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsMR  *gverbs_buffer_pool_get_mr            (GVerbsBufferPool   *self);
GVERBS_AVAILABLE_IN_0_1
guint      gverbs_buffer_pool_get_count         (GVerbsBufferPool   *self);
GVERBS_AVAILABLE_IN_0_1
guint      gverbs_buffer_pool_get_size          (GVerbsBufferPool   *self);
GVERBS_AVAILABLE_IN_0_1
guint      gverbs_buffer_pool_get_n_free        (GVerbsBufferPool   *self);
GVERBS_AVAILABLE_IN_0_1
gint       gverbs_buffer_pool_pop               (GVerbsBufferPool   *self,
                                                 GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean   gverbs_buffer_pool_push              (GVerbsBufferPool   *self,
                                                 guint               index,
                                                 GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean   gverbs_buffer_pool_fill_sge          (GVerbsBufferPool   *self,
                                                 guint               index,
                                                 guint               length,
                                                 GVerbsSGE          *sge,
                                                 GError            **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsSGE *gverbs_buffer_pool_make_sge          (GVerbsBufferPool   *self,
                                                 guint               index,
                                                 guint               length,
                                                 GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean   gverbs_buffer_pool_fill_recv_wr      (GVerbsBufferPool   *self,
                                                 guint               index,
                                                 GVerbsRecvWR       *wr,
                                                 GError            **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsRecvWR *gverbs_buffer_pool_make_recv_wr   (GVerbsBufferPool   *self,
                                                 guint               index,
                                                 GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean   gverbs_buffer_pool_fill_send_wr      (GVerbsBufferPool   *self,
                                                 guint               index,
                                                 guint               length,
                                                 GVerbsSendWR       *wr,
                                                 GError            **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsSendWR *gverbs_buffer_pool_make_send_wr   (GVerbsBufferPool   *self,
                                                 guint               index,
                                                 guint               length,
                                                 GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean   gverbs_buffer_pool_copy_to           (GVerbsBufferPool   *self,
                                                 const guint8       *data,
                                                 gsize               length,
                                                 guint               index,
                                                 guint               offset,
                                                 GError            **error);
GVERBS_AVAILABLE_IN_0_1
GBytes    *gverbs_buffer_pool_copy_from         (GVerbsBufferPool   *self,
                                                 guint               index,
                                                 guint               offset,
                                                 guint               length,
                                                 GError            **error);
GVERBS_AVAILABLE_IN_0_1
guint      gverbs_buffer_pool_post_recvs        (GVerbsBufferPool   *self,
                                                 GVerbsQP           *qp,
                                                 guint               count,
                                                 GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean   gverbs_buffer_pool_finish_wcs        (GVerbsBufferPool   *self,
                                                 GVerbsQP           *qp,
                                                 const GVerbsWC     *wcs,
                                                 guint               n_wcs,
                                                 GError            **error);

G_END_DECLS
