/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-cq.h"
#include "gverbs-context.h"
#include "gverbs-comp-channel.h"
#include "gverbs-cq-init-attr-ex.h"
#include "gverbs-wc.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_CQ_EX (gverbs_cq_ex_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_DERIVABLE_TYPE (GVerbsCQEX, gverbs_cq_ex, GVERBS, CQ_EX, GVerbsCQ)

/**
 * GVerbsCQEXClass:
 * @parent_class: the parent class
 *
 * The class of #GVerbsCQEX; provider CQs such as #GVerbsMlx5CQ derive
 * from it.
 *
 * Since: 0.1
 */
struct _GVerbsCQEXClass
{
  GVerbsCQClass parent_class;

  /*< private >*/
  gpointer padding[8];
};

GVERBS_AVAILABLE_IN_0_1
GVerbsCQEX        *gverbs_cq_ex_new                 (GVerbsContext       *context,
                                                     GVerbsCqInitAttrEx  *init_attr,
                                                     GError             **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsCreateCQWCFlags gverbs_cq_ex_get_wc_flags     (GVerbsCQEX          *self);
GVERBS_AVAILABLE_IN_0_1
gboolean           gverbs_cq_ex_start_poll          (GVerbsCQEX          *self,
                                                     GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean           gverbs_cq_ex_next_poll           (GVerbsCQEX          *self,
                                                     GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean           gverbs_cq_ex_end_poll            (GVerbsCQEX          *self,
                                                     GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean           gverbs_cq_ex_is_polling          (GVerbsCQEX          *self);
GVERBS_AVAILABLE_IN_0_1
guint64            gverbs_cq_ex_read_wr_id          (GVerbsCQEX          *self,
                                                     GError             **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsWCStatus     gverbs_cq_ex_read_status         (GVerbsCQEX          *self,
                                                     GError             **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsWCOpcode     gverbs_cq_ex_read_opcode         (GVerbsCQEX          *self,
                                                     GError             **error);
GVERBS_AVAILABLE_IN_0_1
guint32            gverbs_cq_ex_read_vendor_err     (GVerbsCQEX          *self,
                                                     GError             **error);
GVERBS_AVAILABLE_IN_0_1
guint32            gverbs_cq_ex_read_byte_len       (GVerbsCQEX          *self,
                                                     GError             **error);
GVERBS_AVAILABLE_IN_0_1
guint32            gverbs_cq_ex_read_imm_data       (GVerbsCQEX          *self,
                                                     GError             **error);
GVERBS_AVAILABLE_IN_0_1
guint32            gverbs_cq_ex_read_qp_num         (GVerbsCQEX          *self,
                                                     GError             **error);
GVERBS_AVAILABLE_IN_0_1
guint32            gverbs_cq_ex_read_src_qp         (GVerbsCQEX          *self,
                                                     GError             **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsWCFlags      gverbs_cq_ex_read_wc_flags       (GVerbsCQEX          *self,
                                                     GError             **error);
GVERBS_AVAILABLE_IN_0_1
guint32            gverbs_cq_ex_read_slid           (GVerbsCQEX          *self,
                                                     GError             **error);
GVERBS_AVAILABLE_IN_0_1
guint8             gverbs_cq_ex_read_sl             (GVerbsCQEX          *self,
                                                     GError             **error);
GVERBS_AVAILABLE_IN_0_1
guint8             gverbs_cq_ex_read_dlid_path_bits (GVerbsCQEX          *self,
                                                     GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean           gverbs_cq_ex_fill_wc             (GVerbsCQEX          *self,
                                                     GVerbsWC            *wc,
                                                     GError             **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsWC          *gverbs_cq_ex_read_wc             (GVerbsCQEX          *self,
                                                     GError             **error);

G_END_DECLS
