/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <string.h>

#include "gverbs-wq-attr.h"
#include "gverbs-wq-attr-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsWQAttr:
 *
 * How to modify a work queue (`struct ibv_wq_attr`, pyverbs' `WQAttr`):
 * #GVerbsWQAttr:attr-mask says which of the state to move to, the state
 * the caller assumes it is in, and the flags (those #GVerbsWQAttr:flags-mask
 * names) gverbs_wq_modify() applies.
 *
 * When to use it: to move a #GVerbsWQ to READY before posting to it, or to
 * change its flags.
 *
 * ```c
 * // given: GVerbsWQ *wq;
 * g_autoptr(GVerbsWQAttr) attr = gverbs_wq_attr_new (GVERBS_WQ_ATTR_STATE, GVERBS_WQS_RDY, 0, 0, 0);
 *
 * if (!gverbs_wq_modify (wq, attr, &error))
 *   g_printerr ("%s\n", error->message);
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsWQAttr
{
  GObject parent_instance;

  GVerbsWQAttrMask attr_mask;
  GVerbsWQState wq_state;
  GVerbsWQState curr_wq_state;
  GVerbsWQFlags flags;
  GVerbsWQFlags flags_mask;
};

static const GVerbsField fields[] = {
  /**
   * GVerbsWQAttr:attr-mask:
   *
   * Which fields to apply (`IBV_WQ_ATTR_*`).
   */
  GVERBS_PROP_FLAGS (GVerbsWQAttr, attr_mask, "attr-mask", gverbs_wq_attr_mask_get_type, 0,
                     G_PARAM_READWRITE),
  /**
   * GVerbsWQAttr:wq-state:
   *
   * The state to move the work queue to (with %GVERBS_WQ_ATTR_STATE).
   */
  GVERBS_PROP_ENUM (GVerbsWQAttr, wq_state, "wq-state", gverbs_wq_state_get_type, GVERBS_WQS_RESET,
                    G_PARAM_READWRITE),
  /**
   * GVerbsWQAttr:curr-wq-state:
   *
   * The state the caller assumes the work queue is in (with
   * %GVERBS_WQ_ATTR_CURR_STATE).
   */
  GVERBS_PROP_ENUM (GVerbsWQAttr, curr_wq_state, "curr-wq-state", gverbs_wq_state_get_type,
                    GVERBS_WQS_RESET, G_PARAM_READWRITE),
  /**
   * GVerbsWQAttr:flags:
   *
   * The values of the flags to change (with %GVERBS_WQ_ATTR_FLAGS).
   */
  GVERBS_PROP_FLAGS (GVerbsWQAttr, flags, "flags", gverbs_wq_flags_get_type, 0, G_PARAM_READWRITE),
  /**
   * GVerbsWQAttr:flags-mask:
   *
   * Which flags #GVerbsWQAttr:flags changes.
   */
  GVERBS_PROP_FLAGS (GVerbsWQAttr, flags_mask, "flags-mask", gverbs_wq_flags_get_type, 0,
                     G_PARAM_READWRITE),
};

GVERBS_DEFINE_PROPERTIES_TYPE (GVerbsWQAttr, gverbs_wq_attr, fields)

/**
 * gverbs_wq_attr_new:
 * @attr_mask: which fields to apply
 * @wq_state: the state to move to
 * @curr_wq_state: the state assumed current
 * @flags: flag values
 * @flags_mask: which flags to change
 *
 * Makes work queue modify attributes, in pyverbs' argument order.
 *
 * Returns: (transfer full): the attributes
 *
 * Since: 0.1
 */
GVerbsWQAttr *
gverbs_wq_attr_new (GVerbsWQAttrMask attr_mask,
                    GVerbsWQState    wq_state,
                    GVerbsWQState    curr_wq_state,
                    GVerbsWQFlags    flags,
                    GVerbsWQFlags    flags_mask)
{
  return g_object_new (GVERBS_TYPE_WQ_ATTR, "attr-mask", attr_mask, "wq-state", wq_state,
                       "curr-wq-state", curr_wq_state, "flags", flags, "flags-mask", flags_mask,
                       NULL);
}

void
_gverbs_wq_attr_fill (GVerbsWQAttr       *self,
                      struct ibv_wq_attr *attr)
{
  memset (attr, 0, sizeof *attr);
  attr->attr_mask = self->attr_mask;
  attr->wq_state = (enum ibv_wq_state) self->wq_state;
  attr->curr_wq_state = (enum ibv_wq_state) self->curr_wq_state;
  attr->flags = self->flags;
  attr->flags_mask = self->flags_mask;
}
