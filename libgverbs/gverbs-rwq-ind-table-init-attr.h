/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-wq.h"

G_BEGIN_DECLS

/**
 * GVERBS_RWQ_IND_TABLE_MAX_LOG_SIZE:
 *
 * The largest log2 size of an indirection table the kernel's uverbs
 * accepts (`IB_USER_VERBS_MAX_LOG_IND_TBL_SIZE`): 8192 entries.
 *
 * Since: 0.1
 */
#define GVERBS_RWQ_IND_TABLE_MAX_LOG_SIZE 13

#define GVERBS_TYPE_RWQ_IND_TABLE_INIT_ATTR (gverbs_rwq_ind_table_init_attr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsRwqIndTableInitAttr, gverbs_rwq_ind_table_init_attr, GVERBS,
                      RWQ_IND_TABLE_INIT_ATTR, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsRwqIndTableInitAttr *gverbs_rwq_ind_table_init_attr_new          (guint                       log_ind_tbl_size,
                                                                        GVerbsWQ *const            *wqs,
                                                                        guint                       n_wqs,
                                                                        GError                    **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsRwqIndTableInitAttr *gverbs_rwq_ind_table_init_attr_new_from_list (guint                       log_ind_tbl_size,
                                                                        GPtrArray                  *wqs,
                                                                        GError                    **error);
GVERBS_AVAILABLE_IN_0_1
guint                      gverbs_rwq_ind_table_init_attr_get_log_ind_tbl_size (GVerbsRwqIndTableInitAttr *self);
GVERBS_AVAILABLE_IN_0_1
GPtrArray                 *gverbs_rwq_ind_table_init_attr_get_wqs      (GVerbsRwqIndTableInitAttr  *self);

G_END_DECLS
