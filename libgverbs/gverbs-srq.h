/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-resource.h"
#include "gverbs-enums.h"
#include "gverbs-context.h"
#include "gverbs-pd.h"
#include "gverbs-recv-wr.h"
#include "gverbs-srq-attr.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_SRQ (gverbs_srq_get_type ())

GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsSRQ, gverbs_srq, GVERBS, SRQ, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsSRQ     *gverbs_srq_new            (GVerbsPD             *pd,
                                          GVerbsSrqInitAttr    *init_attr,
                                          GError              **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsSRQ     *gverbs_srq_new_ex         (GVerbsContext        *context,
                                          GVerbsSrqInitAttrEx  *init_attr,
                                          GError              **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsContext *gverbs_srq_get_context    (GVerbsSRQ            *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsPD      *gverbs_srq_get_pd         (GVerbsSRQ            *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsSRQType  gverbs_srq_get_srq_type   (GVerbsSRQ            *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsSrqAttr *gverbs_srq_query          (GVerbsSRQ            *self,
                                          GError              **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_srq_modify         (GVerbsSRQ            *self,
                                          const GVerbsSrqAttr  *attr,
                                          GVerbsSRQAttrMask     mask,
                                          GError              **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_srq_arm            (GVerbsSRQ            *self,
                                          guint32               srq_limit,
                                          GError              **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_srq_post_recv      (GVerbsSRQ            *self,
                                          const GVerbsRecvWR   *wrs,
                                          guint                 n_wrs,
                                          GError              **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_srq_post_recv_list (GVerbsSRQ            *self,
                                          GPtrArray            *wrs,
                                          GError              **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_srq_post_recv_one  (GVerbsSRQ            *self,
                                          const GVerbsRecvWR   *wr,
                                          GError              **error);
GVERBS_AVAILABLE_IN_0_1
guint32        gverbs_srq_get_srq_num    (GVerbsSRQ            *self,
                                          GError              **error);

GVERBS_AVAILABLE_IN_0_1
GVerbsSRQ     *gverbs_pd_create_srq      (GVerbsPD             *self,
                                          GVerbsSrqInitAttr    *init_attr,
                                          GError              **error);

G_END_DECLS
