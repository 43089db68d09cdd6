/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <string.h>

#include "gverbs-xrcd-init-attr.h"
#include "gverbs-xrcd-init-attr-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsXRCDInitAttr:
 *
 * How to open an XRC domain (`struct ibv_xrcd_init_attr`, pyverbs'
 * `XRCDInitAttr`): which fields are valid, the file that names a domain
 * shared between processes (-1 for a private one) and its open flags
 * (`O_CREAT`, `O_EXCL`).
 *
 * When to use it: to open a #GVerbsXRCD, private (fd -1) or shared between
 * processes through a file.
 *
 * ```c
 * // given: GVerbsContext *ctx; int fd;  // open ("/tmp/xrcd", O_RDONLY | O_CREAT, 0600)
 * g_autoptr(GVerbsXRCDInitAttr) attr = gverbs_xrcd_init_attr_new (GVERBS_XRCD_INIT_ATTR_FD |
 *                                                                 GVERBS_XRCD_INIT_ATTR_OFLAGS,
 *                                                                 O_CREAT, fd);
 * g_autoptr(GVerbsXRCD) xrcd = gverbs_xrcd_new (ctx, attr, &error);
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsXRCDInitAttr
{
  GObject parent_instance;

  GVerbsXRCDInitAttrMask comp_mask;
  int fd;
  int oflags;
};

static const GVerbsField fields[] = {
  /**
   * GVerbsXRCDInitAttr:comp-mask:
   *
   * Which of #GVerbsXRCDInitAttr:fd and #GVerbsXRCDInitAttr:oflags are valid.
   */
  GVERBS_PROP_FLAGS (GVerbsXRCDInitAttr, comp_mask, "comp-mask", gverbs_xrcd_init_attr_mask_get_type, 0,
                     G_PARAM_READWRITE),
  /**
   * GVerbsXRCDInitAttr:fd:
   *
   * An open file that names a shared XRC domain, or -1 for a private one.
   * It stays owned by the caller. Any int is stored (a property range would
   * have GObject drop a value with only a warning); ibv_open_xrcd() refuses
   * a bad descriptor with a #GError.
   */
  GVERBS_PROP_INT (GVerbsXRCDInitAttr, fd, "fd", G_MININT, G_MAXINT, -1, G_PARAM_READWRITE),
  /**
   * GVerbsXRCDInitAttr:oflags:
   *
   * Open flags for the domain: `O_CREAT`, `O_EXCL`. Any int is stored;
   * ibv_open_xrcd() refuses flags it does not know with a #GError.
   */
  GVERBS_PROP_INT (GVerbsXRCDInitAttr, oflags, "oflags", G_MININT, G_MAXINT, 0, G_PARAM_READWRITE),
};

GVERBS_DEFINE_PROPERTIES_TYPE_WITH_INIT (GVerbsXRCDInitAttr, gverbs_xrcd_init_attr, fields)

static void
gverbs_xrcd_init_attr_init (GVerbsXRCDInitAttr *self)
{
  self->fd = -1;
}

/**
 * gverbs_xrcd_init_attr_new:
 * @comp_mask: which of @oflags and @fd are valid
 * @oflags: open flags (`O_CREAT`, `O_EXCL`)
 * @fd: a file naming a shared domain, or -1
 *
 * Creates XRC domain attributes, in pyverbs' argument order.
 *
 * Returns: (transfer full): the attributes
 *
 * Since: 0.1
 */
GVerbsXRCDInitAttr *
gverbs_xrcd_init_attr_new (GVerbsXRCDInitAttrMask comp_mask,
                           int                    oflags,
                           int                    fd)
{
  return g_object_new (GVERBS_TYPE_XRCD_INIT_ATTR, "comp-mask", comp_mask,
                       "oflags", oflags, "fd", fd, NULL);
}

void
_gverbs_xrcd_init_attr_fill (GVerbsXRCDInitAttr        *self,
                             struct ibv_xrcd_init_attr *attr)
{
  memset (attr, 0, sizeof *attr);
  attr->comp_mask = self->comp_mask;
  attr->fd = self->fd;
  attr->oflags = self->oflags;
}
