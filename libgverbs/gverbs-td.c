/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-td.h"
#include "gverbs-td-private.h"
#include "gverbs-context-private.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"
#include "gverbs-resource-type-private.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsTD:
 *
 * A thread domain (`struct ibv_td`, `ibv_alloc_td()`): a promise that the
 * objects of a #GVerbsParentDomain made with it are used from one thread at
 * a time, so the provider may drop its locks (and give them their own
 * doorbell). It keeps its #GVerbsContext alive and is closed with it; a
 * parent domain made with it is closed first.
 *
 * Not every provider has thread domains: Soft-RoCE (rxe) has none, and
 * gverbs_td_new() fails there with %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * When to use it: when each thread of a program has its own queue pairs and
 * CQs, to let the provider skip locking on their data path: make a
 * #GVerbsParentDomain with the thread domain and create them on it.
 *
 * ```c
 * // given: GVerbsContext *ctx; GVerbsPD *pd;
 * g_autoptr(GVerbsTD) td = gverbs_td_new (ctx, NULL, &error);
 * g_autoptr(GVerbsParentDomainInitAttr) attr = gverbs_parent_domain_init_attr_new (pd, NULL, 0);
 * g_autoptr(GVerbsParentDomain) pad = NULL;
 *
 * if (td == NULL)
 *   return;   // GVERBS_ERROR_NOT_SUPPORTED on rxe
 * gverbs_parent_domain_init_attr_set_td (attr, td);
 * pad = gverbs_parent_domain_new (ctx, attr, &error);
 * ```
 *
 * Python: `Verbs.TD(ctx)`, as pyverbs.
 *
 * Since: 0.1
 */
struct _GVerbsTD
{
  GVerbsResource parent_instance;

  GVerbsContext *context;
  GVerbsTDInitAttr *init_attr;
  struct ibv_td *ibv;
};

G_DEFINE_FINAL_TYPE (GVerbsTD, gverbs_td, GVERBS_TYPE_RESOURCE)

static gboolean
gverbs_td_open (GVerbsResource  *resource,
                GCancellable    *cancellable,
                GError         **error)
{
  GVerbsTD *self = GVERBS_TD (resource);
  struct ibv_td_init_attr attr = { 0 };
  const char *name;

  if (!_gverbs_resource_check_input (self->context, _("A thread domain needs a context"), error))
    return FALSE;
  name = gverbs_context_get_name (self->context);
  if (self->init_attr != NULL)
    attr.comp_mask = gverbs_td_init_attr_get_comp_mask (self->init_attr);
  if (attr.comp_mask != 0)
    {
      _gverbs_set_error_errno (error, EINVAL, "ibv_alloc_td", name,
                               _("comp_mask 0x%x has bits that rdma-core does not define"),
                               attr.comp_mask);
      return FALSE;
    }

  errno = 0;
  self->ibv = ibv_alloc_td (_gverbs_context_get_ibv (self->context), &attr);
  if (self->ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : EOPNOTSUPP, "ibv_alloc_td", name, NULL);
      return FALSE;
    }
  _gverbs_resource_set_description (resource, "td on %s", name);
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->context));
  return TRUE;
}

static const GVerbsField properties[] = {
  /**
   * GVerbsTD:context:
   *
   * The device context the thread domain belongs to.
   */
  GVERBS_PROP_INPUT (GVerbsTD, context, "context", gverbs_context_get_type),
  /**
   * GVerbsTD:init-attr:
   *
   * The attributes the thread domain was allocated with, or %NULL.
   */
  GVERBS_PROP_INPUT (GVerbsTD, init_attr, "init-attr", gverbs_td_init_attr_get_type),
};

GVERBS_DEFINE_RESOURCE_TYPE (GVerbsTD, gverbs_td, ibv_dealloc_td, ibv, GVERBS_RANK_CHANNEL, properties)

/**
 * gverbs_td_new:
 * @context: an open #GVerbsContext
 * @init_attr: (nullable): the attributes, or %NULL for none
 * @error: return location for a #GError
 *
 * Allocates a thread domain (`ibv_alloc_td()`). A device without thread
 * domains gives %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * Returns: (transfer full): the thread domain, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsTD *
gverbs_td_new (GVerbsContext     *context,
               GVerbsTDInitAttr  *init_attr,
               GError           **error)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);
  g_return_val_if_fail (init_attr == NULL || GVERBS_IS_TD_INIT_ATTR (init_attr), NULL);
  return g_initable_new (GVERBS_TYPE_TD, NULL, error, "context", context,
                         "init-attr", init_attr, NULL);
}

/**
 * gverbs_td_get_context:
 * @self: a #GVerbsTD
 *
 * Gets the device context the thread domain was allocated on.
 *
 * Returns: (transfer none): the context the thread domain belongs to
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsContext *, gverbs_td_get_context,
                      GVerbsTD, GVERBS_IS_TD, NULL, self->context)

struct ibv_td *
_gverbs_td_get_ibv (GVerbsTD *self)
{
  return self->ibv;
}
