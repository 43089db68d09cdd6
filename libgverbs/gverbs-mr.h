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
#include "gverbs-sge.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_MR (gverbs_mr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsMR, gverbs_mr, GVERBS, MR, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsMR          *gverbs_mr_new            (GVerbsPD            *pd,
                                             guint64              length,
                                             GVerbsAccessFlags    access,
                                             GError             **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsMR          *gverbs_pd_reg_mr         (GVerbsPD            *self,
                                             guint64              length,
                                             GVerbsAccessFlags    access,
                                             GError             **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsMR          *gverbs_mr_new_for_memory (GVerbsPD            *pd,
                                             gpointer             addr,
                                             gsize                length,
                                             GVerbsAccessFlags    access,
                                             GError             **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsPD          *gverbs_mr_get_pd         (GVerbsMR            *self);
GVERBS_AVAILABLE_IN_0_1
guint64            gverbs_mr_get_length     (GVerbsMR            *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsAccessFlags  gverbs_mr_get_access     (GVerbsMR            *self);
GVERBS_AVAILABLE_IN_0_1
guint64            gverbs_mr_get_addr       (GVerbsMR            *self);
GVERBS_AVAILABLE_IN_0_1
gpointer           gverbs_mr_get_buffer     (GVerbsMR            *self);
GVERBS_AVAILABLE_IN_0_1
guint32            gverbs_mr_get_lkey       (GVerbsMR            *self);
GVERBS_AVAILABLE_IN_0_1
guint32            gverbs_mr_get_rkey       (GVerbsMR            *self);
GVERBS_AVAILABLE_IN_0_1
guint32            gverbs_mr_get_handle     (GVerbsMR            *self);
GVERBS_AVAILABLE_IN_0_1
gboolean           gverbs_mr_write          (GVerbsMR            *self,
                                             const guint8        *data,
                                             gsize                length,
                                             guint64              offset,
                                             GError             **error);
GVERBS_AVAILABLE_IN_0_1
GBytes            *gverbs_mr_read           (GVerbsMR            *self,
                                             guint64              length,
                                             guint64              offset,
                                             GError             **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsSGE         *gverbs_mr_sge            (GVerbsMR            *self,
                                             guint64              length,
                                             guint64              offset,
                                             GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean           gverbs_mr_rereg          (GVerbsMR            *self,
                                             GVerbsReregMRFlags   flags,
                                             GVerbsPD            *pd,
                                             GVerbsAccessFlags    access,
                                             GError             **error);

G_END_DECLS
