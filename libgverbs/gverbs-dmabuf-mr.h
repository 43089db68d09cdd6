/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-resource.h"
#include "gverbs-enums.h"
#include "gverbs-pd.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_DMA_BUF_MR (gverbs_dma_buf_mr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsDmaBufMR, gverbs_dma_buf_mr, GVERBS, DMA_BUF_MR, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsDmaBufMR *gverbs_dma_buf_mr_new      (GVerbsPD           *pd,
                                            guint64             offset,
                                            guint64             length,
                                            guint64             iova,
                                            int                 fd,
                                            GVerbsAccessFlags   access,
                                            GError            **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsPD       *gverbs_dma_buf_mr_get_pd   (GVerbsDmaBufMR     *self);
GVERBS_AVAILABLE_IN_0_1
guint32         gverbs_dma_buf_mr_get_lkey (GVerbsDmaBufMR     *self);
GVERBS_AVAILABLE_IN_0_1
guint32         gverbs_dma_buf_mr_get_rkey (GVerbsDmaBufMR     *self);

G_END_DECLS
