/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-xrcd.h"
#include "gverbs-xrcd-private.h"
#include "gverbs-xrcd-init-attr-private.h"
#include "gverbs-context-private.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"
#include "gverbs-resource-type-private.h"

/**
 * GVerbsXRCD:
 *
 * An XRC domain (`struct ibv_xrcd`), the scope of XRC SRQs and XRC target
 * QPs. It keeps its #GVerbsContext alive and is closed with it. Soft-RoCE
 * does not support XRC: gverbs_xrcd_new() fails there with
 * %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * When to use it: for XRC, where several processes of one node share
 * receive queues: the domain scopes the XRC SRQs and target QPs they share.
 *
 * ```c
 * // given: GVerbsContext *ctx;
 * g_autoptr(GVerbsXRCDInitAttr) attr = gverbs_xrcd_init_attr_new (GVERBS_XRCD_INIT_ATTR_FD |
 *                                                                 GVERBS_XRCD_INIT_ATTR_OFLAGS,
 *                                                                 O_CREAT, -1);
 * g_autoptr(GVerbsXRCD) xrcd = gverbs_xrcd_new (ctx, attr, &error);
 *
 * if (xrcd == NULL)
 *   g_printerr ("%s\n", error->message);   // GVERBS_ERROR_NOT_SUPPORTED on rxe
 * ```
 *
 * Python: `Verbs.XRCD(ctx, Verbs.XRCDInitAttr(comp_mask, oflags, fd))`, as pyverbs.
 *
 * Since: 0.1
 */
struct _GVerbsXRCD
{
  GVerbsResource parent_instance;

  GVerbsContext *context;
  GVerbsXRCDInitAttr *init_attr;
  struct ibv_xrcd *ibv;
};

G_DEFINE_FINAL_TYPE (GVerbsXRCD, gverbs_xrcd, GVERBS_TYPE_RESOURCE)

static gboolean
gverbs_xrcd_open (GVerbsResource  *resource,
                  GCancellable    *cancellable,
                  GError         **error)
{
  GVerbsXRCD *self = GVERBS_XRCD (resource);
  struct ibv_xrcd_init_attr attr;
  const char *name;

  if (!_gverbs_resource_check_inputs (self->context, self->init_attr,
                                      _("An XRC domain needs a context and init attributes"),
                                      error))
    return FALSE;
  name = gverbs_context_get_name (self->context);
  _gverbs_xrcd_init_attr_fill (self->init_attr, &attr);
  errno = 0;
  self->ibv = ibv_open_xrcd (_gverbs_context_get_ibv (self->context), &attr);
  if (self->ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : EOPNOTSUPP, "ibv_open_xrcd", name, NULL);
      return FALSE;
    }
  _gverbs_resource_set_description (resource, "xrcd on %s", name);
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->context));
  return TRUE;
}

static const GVerbsField properties[] = {
  /**
   * GVerbsXRCD:context:
   *
   * The device context the XRC domain belongs to.
   */
  GVERBS_PROP_INPUT (GVerbsXRCD, context, "context", gverbs_context_get_type),
  /**
   * GVerbsXRCD:init-attr:
   *
   * The attributes the domain was opened with.
   */
  GVERBS_PROP_INPUT (GVerbsXRCD, init_attr, "init-attr", gverbs_xrcd_init_attr_get_type),
};

GVERBS_DEFINE_RESOURCE_TYPE (GVerbsXRCD, gverbs_xrcd, ibv_close_xrcd, ibv, GVERBS_RANK_CQ, properties)

/**
 * gverbs_xrcd_new:
 * @context: an open #GVerbsContext
 * @init_attr: how to open the domain
 * @error: return location for a #GError
 *
 * Opens an XRC domain (`ibv_open_xrcd()`). A device without XRC gives
 * %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * Returns: (transfer full): the XRC domain, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsXRCD *
gverbs_xrcd_new (GVerbsContext       *context,
                 GVerbsXRCDInitAttr  *init_attr,
                 GError             **error)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);
  g_return_val_if_fail (GVERBS_IS_XRCD_INIT_ATTR (init_attr), NULL);
  return g_initable_new (GVERBS_TYPE_XRCD, NULL, error, "context", context,
                         "init-attr", init_attr, NULL);
}

/**
 * gverbs_xrcd_get_context:
 * @self: a #GVerbsXRCD
 *
 * Gets the context the domain belongs to.
 *
 * Returns: (transfer none): the context the domain belongs to
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsContext *, gverbs_xrcd_get_context,
                      GVerbsXRCD, GVERBS_IS_XRCD, NULL, self->context)

struct ibv_xrcd *
_gverbs_xrcd_get_ibv (GVerbsXRCD *self)
{
  return self->ibv;
}

