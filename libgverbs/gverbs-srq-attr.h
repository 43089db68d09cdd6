/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"
#include "gverbs-pd.h"
#include "gverbs-cq.h"
#include "gverbs-xrcd.h"

G_BEGIN_DECLS

typedef struct _GVerbsSrqAttr GVerbsSrqAttr;

/**
 * GVerbsSrqAttr:
 * @max_wr: the most receive work requests the SRQ holds
 * @max_sge: the most scatter/gather elements per work request
 * @srq_limit: the limit: when fewer receives than this remain, the device
 *   reports %GVERBS_EVENT_SRQ_LIMIT_REACHED once (0: disarmed)
 *
 * The attributes of a shared receive queue (`struct ibv_srq_attr`).
 *
 * When to use it: to size a shared receive queue at creation, to read its
 * state back with gverbs_srq_query(), and to arm its limit event.
 *
 * ```c
 * // given: GVerbsSRQ *srq;
 * GVerbsSrqAttr limit = { .srq_limit = 16 };
 *
 * // GVERBS_EVENT_SRQ_LIMIT_REACHED once fewer than 16 receives are posted
 * if (!gverbs_srq_modify (srq, &limit, GVERBS_SRQ_LIMIT, &error))
 *   g_printerr ("%s\n", error->message);
 * ```
 *
 * Python: `Verbs.SrqAttr(max_wr=100, max_sge=1, srq_limit=0)`, pyverbs' defaults.
 *
 * Since: 0.1
 */
struct _GVerbsSrqAttr
{
  guint32 max_wr;
  guint32 max_sge;
  guint32 srq_limit;
};

#define GVERBS_TYPE_SRQ_ATTR (gverbs_srq_attr_get_type ())

GVERBS_AVAILABLE_IN_0_1
GType          gverbs_srq_attr_get_type  (void) G_GNUC_CONST;
GVERBS_AVAILABLE_IN_0_1
GVerbsSrqAttr *gverbs_srq_attr_new       (guint32              max_wr,
                                          guint32              max_sge,
                                          guint32              srq_limit);
GVERBS_AVAILABLE_IN_0_1
GVerbsSrqAttr *gverbs_srq_attr_copy      (const GVerbsSrqAttr *attr);
GVERBS_AVAILABLE_IN_0_1
void           gverbs_srq_attr_free      (GVerbsSrqAttr       *attr);
GVERBS_AVAILABLE_IN_0_1
char          *gverbs_srq_attr_to_string (const GVerbsSrqAttr *attr);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GVerbsSrqAttr, gverbs_srq_attr_free)

#define GVERBS_TYPE_SRQ_INIT_ATTR (gverbs_srq_init_attr_get_type ())

GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsSrqInitAttr, gverbs_srq_init_attr, GVERBS, SRQ_INIT_ATTR, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsSrqInitAttr *gverbs_srq_init_attr_new      (const GVerbsSrqAttr *attr);
GVERBS_AVAILABLE_IN_0_1
void               gverbs_srq_init_attr_get_attr (GVerbsSrqInitAttr   *self,
                                                  GVerbsSrqAttr       *attr);

#define GVERBS_TYPE_SRQ_INIT_ATTR_EX (gverbs_srq_init_attr_ex_get_type ())

GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsSrqInitAttrEx, gverbs_srq_init_attr_ex, GVERBS, SRQ_INIT_ATTR_EX, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsSrqInitAttrEx *gverbs_srq_init_attr_ex_new      (const GVerbsSrqAttr *attr);
GVERBS_AVAILABLE_IN_0_1
void                 gverbs_srq_init_attr_ex_get_attr (GVerbsSrqInitAttrEx *self,
                                                       GVerbsSrqAttr       *attr);

G_END_DECLS
