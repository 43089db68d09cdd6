/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <string.h>

#include "gverbs-alloc-dm-attr.h"
#include "gverbs-alloc-dm-attr-private.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsAllocDmAttr:
 *
 * How much device memory to allocate (`struct ibv_alloc_dm_attr`, pyverbs'
 * `AllocDmAttr`): the length in bytes, the log2 of the required alignment
 * and a compatibility mask (0).
 *
 * When to use it: to allocate a #GVerbsDM.
 *
 * ```c
 * // given: GVerbsContext *ctx;
 * g_autoptr(GVerbsAllocDmAttr) attr = gverbs_alloc_dm_attr_new (4096, 3, 0);  // 4 KiB, 8-byte aligned
 * g_autoptr(GVerbsDM) dm = gverbs_dm_new (ctx, attr, &error);
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsAllocDmAttr
{
  GObject parent_instance;

  guint64 length;
  guint log_align_req;
  guint comp_mask;
};

static const GVerbsField fields[] = {
  /**
   * GVerbsAllocDmAttr:length:
   *
   * The size of the device memory in bytes.
   */
  GVERBS_PROP_UINT (GVerbsAllocDmAttr, length, "length", G_MAXUINT64, 0, G_PARAM_READWRITE),
  /**
   * GVerbsAllocDmAttr:log-align-req:
   *
   * The log2 of the required alignment of the memory.
   */
  GVERBS_PROP_UINT (GVerbsAllocDmAttr, log_align_req, "log-align-req", G_MAXUINT32, 0,
                    G_PARAM_READWRITE),
  /**
   * GVerbsAllocDmAttr:comp-mask:
   *
   * Compatibility mask for future fields; 0.
   */
  GVERBS_PROP_UINT (GVerbsAllocDmAttr, comp_mask, "comp-mask", G_MAXUINT32, 0, G_PARAM_READWRITE),
};

GVERBS_DEFINE_PROPERTIES_TYPE (GVerbsAllocDmAttr, gverbs_alloc_dm_attr, fields)

/**
 * gverbs_alloc_dm_attr_new:
 * @length: the size in bytes
 * @log_align_req: log2 of the required alignment
 * @comp_mask: compatibility mask, 0
 *
 * Creates device memory allocation attributes, in pyverbs' argument order.
 *
 * Returns: (transfer full): the attributes
 *
 * Since: 0.1
 */
GVerbsAllocDmAttr *
gverbs_alloc_dm_attr_new (guint64 length,
                          guint   log_align_req,
                          guint   comp_mask)
{
  return g_object_new (GVERBS_TYPE_ALLOC_DM_ATTR, "length", length,
                       "log-align-req", log_align_req, "comp-mask", comp_mask, NULL);
}

/**
 * gverbs_alloc_dm_attr_get_length:
 * @self: a #GVerbsAllocDmAttr
 *
 * Gets the size in bytes.
 *
 * Returns: the size in bytes
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint64, gverbs_alloc_dm_attr_get_length,
                      GVerbsAllocDmAttr, GVERBS_IS_ALLOC_DM_ATTR, 0, self->length)

void
_gverbs_alloc_dm_attr_fill (GVerbsAllocDmAttr        *self,
                            struct ibv_alloc_dm_attr *attr)
{
  memset (attr, 0, sizeof *attr);
  attr->length = self->length;
  attr->log_align_req = self->log_align_req;
  attr->comp_mask = self->comp_mask;
}
