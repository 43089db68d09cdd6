/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include "gverbs-td-init-attr.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsTDInitAttr:
 *
 * The attributes of a thread domain (`struct ibv_td_init_attr`). rdma-core
 * defines no optional field yet, so #GVerbsTDInitAttr:comp-mask must be 0;
 * gverbs_td_new() refuses other bits with a #GError.
 *
 * When to use it: to create a #GVerbsTD; it has no field to set yet.
 *
 * ```c
 * // given: GVerbsContext *ctx;
 * g_autoptr(GVerbsTDInitAttr) attr = gverbs_td_init_attr_new (0);
 * g_autoptr(GVerbsTD) td = gverbs_td_new (ctx, attr, &error);
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsTDInitAttr
{
  GObject parent_instance;

  guint32 comp_mask;
};

static const GVerbsField fields[] = {
  /**
   * GVerbsTDInitAttr:comp-mask:
   *
   * Which optional fields are valid: none is defined, so 0.
   */
  GVERBS_PROP_UINT (GVerbsTDInitAttr, comp_mask, "comp-mask", G_MAXUINT32, 0, G_PARAM_READWRITE),
};

GVERBS_DEFINE_PROPERTIES_TYPE (GVerbsTDInitAttr, gverbs_td_init_attr, fields)

/**
 * gverbs_td_init_attr_new:
 * @comp_mask: which optional fields are valid (0: rdma-core defines none)
 *
 * Creates the attributes of a thread domain (`struct ibv_td_init_attr`).
 *
 * Returns: (transfer full): new thread domain attributes
 *
 * Since: 0.1
 */
GVerbsTDInitAttr *
gverbs_td_init_attr_new (guint32 comp_mask)
{
  return g_object_new (GVERBS_TYPE_TD_INIT_ATTR, "comp-mask", comp_mask, NULL);
}

/**
 * gverbs_td_init_attr_get_comp_mask:
 * @self: a #GVerbsTDInitAttr
 *
 * Gets `ibv_td_init_attr.comp_mask`, which says which optional fields are
 * valid.
 *
 * Returns: the attributes' comp_mask
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_td_init_attr_get_comp_mask,
                      GVerbsTDInitAttr, GVERBS_IS_TD_INIT_ATTR, 0, self->comp_mask)
