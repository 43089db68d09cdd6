/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <string.h>

#include "gverbs-wq-init-attr.h"
#include "gverbs-wq-init-attr-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsWQInitAttr:
 *
 * What a work queue is created with (`struct ibv_wq_init_attr`, pyverbs'
 * `WQInitAttr`): its type (a receive queue), the protection domain its
 * buffers live in, the completion queue its receives complete on, its
 * size, and creation flags (valid with %GVERBS_WQ_INIT_ATTR_FLAGS in
 * #GVerbsWQInitAttr:comp-mask).
 *
 * When to use it: to create a #GVerbsWQ.
 *
 * ```c
 * // given: GVerbsContext *ctx; GVerbsPD *pd; GVerbsCQ *cq;
 * g_autoptr(GVerbsWQInitAttr) init = gverbs_wq_init_attr_new (pd, cq, GVERBS_WQT_RQ,
 *                                                             1024, 1, 0, 0);
 * g_autoptr(GVerbsWQ) wq = gverbs_wq_new (ctx, init, &error);
 * ```
 *
 * Python: `Verbs.WQInitAttr(wq_pd=pd, wq_cq=cq, max_wr=1024)`, pyverbs' keywords.
 *
 * Since: 0.1
 */
struct _GVerbsWQInitAttr
{
  GObject parent_instance;

  GVerbsPD *pd;
  GVerbsCQ *cq;
  GVerbsWQType wq_type;
  guint max_wr;
  guint max_sge;
  GVerbsWQInitAttrMask comp_mask;
  GVerbsWQFlags create_flags;
};

static const GVerbsField fields[] = {
  /**
   * GVerbsWQInitAttr:pd:
   *
   * The protection domain of the work queue.
   */
  GVERBS_PROP_OBJECT (GVerbsWQInitAttr, pd, "pd", gverbs_pd_get_type, G_PARAM_READWRITE),
  /**
   * GVerbsWQInitAttr:cq:
   *
   * The completion queue (a #GVerbsCQ or a #GVerbsCQEX) the work queue's
   * receives complete on.
   */
  GVERBS_PROP_OBJECT (GVerbsWQInitAttr, cq, "cq", gverbs_cq_get_type, G_PARAM_READWRITE),
  /**
   * GVerbsWQInitAttr:wq-type:
   *
   * The work queue's type; rdma-core 44 has only %GVERBS_WQT_RQ.
   */
  GVERBS_PROP_ENUM (GVerbsWQInitAttr, wq_type, "wq-type", gverbs_wq_type_get_type, GVERBS_WQT_RQ,
                    G_PARAM_READWRITE),
  /**
   * GVerbsWQInitAttr:max-wr:
   *
   * The most receive work requests outstanding (pyverbs' default 100).
   */
  GVERBS_PROP_UINT (GVerbsWQInitAttr, max_wr, "max-wr", G_MAXUINT32, 100, G_PARAM_READWRITE),
  /**
   * GVerbsWQInitAttr:max-sge:
   *
   * The most scatter entries per receive work request (pyverbs' default 1).
   */
  GVERBS_PROP_UINT (GVerbsWQInitAttr, max_sge, "max-sge", G_MAXUINT32, 1, G_PARAM_READWRITE),
  /**
   * GVerbsWQInitAttr:comp-mask:
   *
   * Which optional fields are valid: %GVERBS_WQ_INIT_ATTR_FLAGS for
   * #GVerbsWQInitAttr:create-flags.
   */
  GVERBS_PROP_FLAGS (GVerbsWQInitAttr, comp_mask, "comp-mask", gverbs_wq_init_attr_mask_get_type, 0,
                     G_PARAM_READWRITE),
  /**
   * GVerbsWQInitAttr:create-flags:
   *
   * Creation flags (`IBV_WQ_FLAGS_*`): VLAN stripping, scatter FCS, delay
   * drop, PCI write end padding, where the device has them.
   */
  GVERBS_PROP_FLAGS (GVerbsWQInitAttr, create_flags, "create-flags", gverbs_wq_flags_get_type, 0,
                     G_PARAM_READWRITE),
};

GVERBS_DEFINE_PROPERTIES_TYPE_WITH_INIT (GVerbsWQInitAttr, gverbs_wq_init_attr, fields)

static void
gverbs_wq_init_attr_init (GVerbsWQInitAttr *self)
{
  self->max_wr = 100;
  self->max_sge = 1;
}

/**
 * gverbs_wq_init_attr_new:
 * @pd: (nullable): the protection domain
 * @cq: (nullable): the completion queue of the receives
 * @wq_type: the type (%GVERBS_WQT_RQ)
 * @max_wr: the most outstanding receive work requests
 * @max_sge: the most scatter entries per receive
 * @comp_mask: which optional fields are valid
 * @create_flags: creation flags (valid with %GVERBS_WQ_INIT_ATTR_FLAGS)
 *
 * Makes work queue attributes, in pyverbs' argument order (without its
 * unused `wq_context`). A work queue needs @pd and @cq; they may be set
 * later through the properties.
 *
 * Returns: (transfer full): the attributes
 *
 * Since: 0.1
 */
GVerbsWQInitAttr *
gverbs_wq_init_attr_new (GVerbsPD              *pd,
                         GVerbsCQ              *cq,
                         GVerbsWQType           wq_type,
                         guint32                max_wr,
                         guint32                max_sge,
                         GVerbsWQInitAttrMask   comp_mask,
                         GVerbsWQFlags          create_flags)
{
  g_return_val_if_fail (pd == NULL || GVERBS_IS_PD (pd), NULL);
  g_return_val_if_fail (cq == NULL || GVERBS_IS_CQ (cq), NULL);
  return g_object_new (GVERBS_TYPE_WQ_INIT_ATTR, "pd", pd, "cq", cq, "wq-type", wq_type,
                       "max-wr", max_wr, "max-sge", max_sge, "comp-mask", comp_mask,
                       "create-flags", create_flags, NULL);
}

/**
 * gverbs_wq_init_attr_get_pd:
 * @self: a #GVerbsWQInitAttr
 *
 * Gets the protection domain the work queue is created in
 * (`ibv_wq_init_attr.pd`).
 *
 * Returns: (transfer none) (nullable): the protection domain
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsPD *, gverbs_wq_init_attr_get_pd,
                      GVerbsWQInitAttr, GVERBS_IS_WQ_INIT_ATTR, NULL, self->pd)

/**
 * gverbs_wq_init_attr_get_cq:
 * @self: a #GVerbsWQInitAttr
 *
 * Gets the completion queue the work queue's receives complete to
 * (`ibv_wq_init_attr.cq`).
 *
 * Returns: (transfer none) (nullable): the completion queue
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsCQ *, gverbs_wq_init_attr_get_cq,
                      GVerbsWQInitAttr, GVERBS_IS_WQ_INIT_ATTR, NULL, self->cq)

void
_gverbs_wq_init_attr_fill (GVerbsWQInitAttr        *self,
                           struct ibv_wq_init_attr *attr)
{
  memset (attr, 0, sizeof *attr);
  attr->wq_type = (enum ibv_wq_type) self->wq_type;
  attr->max_wr = self->max_wr;
  attr->max_sge = self->max_sge;
  attr->comp_mask = self->comp_mask;
  attr->create_flags = self->create_flags;
}
