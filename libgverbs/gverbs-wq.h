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
#include "gverbs-context.h"
#include "gverbs-pd.h"
#include "gverbs-cq.h"
#include "gverbs-recv-wr.h"
#include "gverbs-wq-init-attr.h"
#include "gverbs-wq-attr.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_WQ (gverbs_wq_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsWQ, gverbs_wq, GVERBS, WQ, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsWQ      *gverbs_wq_new            (GVerbsContext       *context,
                                         GVerbsWQInitAttr    *init_attr,
                                         GError             **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsContext *gverbs_wq_get_context    (GVerbsWQ            *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsPD      *gverbs_wq_get_pd         (GVerbsWQ            *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsCQ      *gverbs_wq_get_cq         (GVerbsWQ            *self);
GVERBS_AVAILABLE_IN_0_1
guint32        gverbs_wq_get_wq_num     (GVerbsWQ            *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsWQType   gverbs_wq_get_wq_type    (GVerbsWQ            *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsWQState  gverbs_wq_get_state      (GVerbsWQ            *self);
GVERBS_AVAILABLE_IN_0_1
guint32        gverbs_wq_get_max_wr     (GVerbsWQ            *self);
GVERBS_AVAILABLE_IN_0_1
guint32        gverbs_wq_get_max_sge    (GVerbsWQ            *self);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_wq_modify         (GVerbsWQ            *self,
                                         GVerbsWQAttr        *attr,
                                         GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_wq_post_recv      (GVerbsWQ            *self,
                                         const GVerbsRecvWR  *wrs,
                                         guint                n_wrs,
                                         GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_wq_post_recv_list (GVerbsWQ            *self,
                                         GPtrArray           *wrs,
                                         GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_wq_post_recv_one  (GVerbsWQ            *self,
                                         const GVerbsRecvWR  *wr,
                                         GError             **error);

G_END_DECLS
