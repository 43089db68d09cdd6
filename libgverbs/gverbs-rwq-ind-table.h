/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-resource.h"
#include "gverbs-context.h"
#include "gverbs-rwq-ind-table-init-attr.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_RWQ_IND_TABLE (gverbs_rwq_ind_table_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsRwqIndTable, gverbs_rwq_ind_table, GVERBS, RWQ_IND_TABLE, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsRwqIndTable *gverbs_rwq_ind_table_new                  (GVerbsContext              *context,
                                                              GVerbsRwqIndTableInitAttr  *init_attr,
                                                              GError                    **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsContext     *gverbs_rwq_ind_table_get_context          (GVerbsRwqIndTable          *self);
GVERBS_AVAILABLE_IN_0_1
GPtrArray         *gverbs_rwq_ind_table_get_wqs              (GVerbsRwqIndTable          *self);
GVERBS_AVAILABLE_IN_0_1
guint              gverbs_rwq_ind_table_get_log_ind_tbl_size (GVerbsRwqIndTable          *self);
GVERBS_AVAILABLE_IN_0_1
guint32            gverbs_rwq_ind_table_get_ind_tbl_num      (GVerbsRwqIndTable          *self);

G_END_DECLS
