/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include "gverbs-parent-domain-init-attr.h"
#include "gverbs-enum-types.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsParentDomainInitAttr:
 *
 * What a #GVerbsParentDomain is made from (`struct
 * ibv_parent_domain_init_attr`): a protection domain, optionally a thread
 * domain and an allocator context. pyverbs' `ParentDomainInitAttr (pd,
 * pd_context=None, comp_mask=0)`.
 *
 * As in pyverbs, a #GVerbsParentDomainInitAttr:pd-context adds both
 * %GVERBS_PARENT_DOMAIN_INIT_ATTR_ALLOCATORS and
 * %GVERBS_PARENT_DOMAIN_INIT_ATTR_PD_CONTEXT to the comp_mask, and those
 * bits without a context are refused when the parent domain is made.
 *
 * When to use it: to create a #GVerbsParentDomain from a protection domain,
 * with an allocator context, a thread domain, or both.
 *
 * ```c
 * // given: GVerbsContext *ctx; GVerbsPD *pd; GVerbsTD *td;
 * g_autoptr(GVerbsParentDomainInitAttr) attr = gverbs_parent_domain_init_attr_new (pd, NULL, 0);
 *
 * gverbs_parent_domain_init_attr_set_td (attr, td);
 * g_autoptr(GVerbsParentDomain) pad = gverbs_parent_domain_new (ctx, attr, &error);
 * ```
 *
 * Python: `Verbs.ParentDomainInitAttr(pd=pd, td=td)`, pyverbs' keywords.
 *
 * Since: 0.1
 */
struct _GVerbsParentDomainInitAttr
{
  GObject parent_instance;

  GVerbsPD *pd;
  GVerbsTD *td;
  GVerbsParentDomainContext *pd_context;
  GVerbsParentDomainInitAttrMask comp_mask;
};

static const GVerbsField fields[] = {
  /**
   * GVerbsParentDomainInitAttr:pd:
   *
   * The protection domain the parent domain extends (required).
   */
  GVERBS_PROP_OBJECT (GVerbsParentDomainInitAttr, pd, "pd", gverbs_pd_get_type, G_PARAM_READWRITE),
  /**
   * GVerbsParentDomainInitAttr:td:
   *
   * The thread domain of the parent domain, or %NULL.
   */
  GVERBS_PROP_OBJECT (GVerbsParentDomainInitAttr, td, "td", gverbs_td_get_type, G_PARAM_READWRITE),
  /**
   * GVerbsParentDomainInitAttr:pd-context:
   *
   * The custom allocator, or %NULL for the provider's own.
   */
  GVERBS_PROP_OBJECT (GVerbsParentDomainInitAttr, pd_context, "pd-context",
                      gverbs_parent_domain_context_get_type, G_PARAM_READWRITE),
  /**
   * GVerbsParentDomainInitAttr:comp-mask:
   *
   * The valid optional fields as set; gverbs_parent_domain_init_attr_get_comp_mask()
   * gives the mask the parent domain is made with.
   */
  GVERBS_PROP_FLAGS (GVerbsParentDomainInitAttr, comp_mask, "comp-mask",
                     gverbs_parent_domain_init_attr_mask_get_type, 0, G_PARAM_READWRITE),
};

GVERBS_DEFINE_PROPERTIES_TYPE (GVerbsParentDomainInitAttr, gverbs_parent_domain_init_attr, fields)

/**
 * gverbs_parent_domain_init_attr_new:
 * @pd: (nullable): the protection domain the parent domain extends (required
 *   when the parent domain is made)
 * @pd_context: (nullable): the custom allocator, or %NULL
 * @comp_mask: the valid optional fields (the context's bits are added)
 *
 * Creates the attributes of a parent domain (`struct
 * ibv_parent_domain_init_attr`), for gverbs_parent_domain_new().
 *
 * Returns: (transfer full): new parent domain attributes
 *
 * Since: 0.1
 */
GVerbsParentDomainInitAttr *
gverbs_parent_domain_init_attr_new (GVerbsPD                       *pd,
                                    GVerbsParentDomainContext      *pd_context,
                                    GVerbsParentDomainInitAttrMask  comp_mask)
{
  g_return_val_if_fail (pd == NULL || GVERBS_IS_PD (pd), NULL);
  g_return_val_if_fail (pd_context == NULL || GVERBS_IS_PARENT_DOMAIN_CONTEXT (pd_context), NULL);
  return g_object_new (GVERBS_TYPE_PARENT_DOMAIN_INIT_ATTR, "pd", pd, "pd-context", pd_context,
                       "comp-mask", comp_mask, NULL);
}

/**
 * gverbs_parent_domain_init_attr_get_pd:
 * @self: a #GVerbsParentDomainInitAttr
 *
 * Gets the protection domain the parent domain extends
 * (`ibv_parent_domain_init_attr.pd`).
 *
 * Returns: (transfer none) (nullable): the protection domain
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsPD *, gverbs_parent_domain_init_attr_get_pd,
                      GVerbsParentDomainInitAttr, GVERBS_IS_PARENT_DOMAIN_INIT_ATTR, NULL, self->pd)

/**
 * gverbs_parent_domain_init_attr_get_td:
 * @self: a #GVerbsParentDomainInitAttr
 *
 * Gets the thread domain of the parent domain
 * (`ibv_parent_domain_init_attr.td`).
 *
 * Returns: (transfer none) (nullable): the thread domain
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsTD *, gverbs_parent_domain_init_attr_get_td,
                      GVerbsParentDomainInitAttr, GVERBS_IS_PARENT_DOMAIN_INIT_ATTR, NULL, self->td)

/**
 * gverbs_parent_domain_init_attr_set_td:
 * @self: a #GVerbsParentDomainInitAttr
 * @td: (nullable): the thread domain, or %NULL
 *
 * Sets the thread domain of the parent domain
 * (`ibv_parent_domain_init_attr.td`): the resources made on it are then used
 * from one thread only, and the provider may skip their locks.
 *
 * Since: 0.1
 */
void
gverbs_parent_domain_init_attr_set_td (GVerbsParentDomainInitAttr *self,
                                       GVerbsTD                   *td)
{
  g_return_if_fail (GVERBS_IS_PARENT_DOMAIN_INIT_ATTR (self));
  g_return_if_fail (td == NULL || GVERBS_IS_TD (td));
  g_object_set (self, "td", td, NULL);
}

/**
 * gverbs_parent_domain_init_attr_get_pd_context:
 * @self: a #GVerbsParentDomainInitAttr
 *
 * Gets the custom allocator of the parent domain: its functions become
 * `ibv_parent_domain_init_attr.alloc` and `free`.
 *
 * Returns: (transfer none) (nullable): the custom allocator
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsParentDomainContext *, gverbs_parent_domain_init_attr_get_pd_context,
                      GVerbsParentDomainInitAttr, GVERBS_IS_PARENT_DOMAIN_INIT_ATTR, NULL, self->pd_context)

/**
 * gverbs_parent_domain_init_attr_get_comp_mask:
 * @self: a #GVerbsParentDomainInitAttr
 *
 * Gets `ibv_parent_domain_init_attr.comp_mask` as the parent domain will be
 * made with it.
 *
 * Returns: the comp_mask the parent domain is made with: the one set, plus
 *   %GVERBS_PARENT_DOMAIN_INIT_ATTR_ALLOCATORS and
 *   %GVERBS_PARENT_DOMAIN_INIT_ATTR_PD_CONTEXT when there is a pd-context
 *
 * Since: 0.1
 */
GVerbsParentDomainInitAttrMask
gverbs_parent_domain_init_attr_get_comp_mask (GVerbsParentDomainInitAttr *self)
{
  g_return_val_if_fail (GVERBS_IS_PARENT_DOMAIN_INIT_ATTR (self), 0);
  if (self->pd_context != NULL)
    return self->comp_mask | GVERBS_PARENT_DOMAIN_INIT_ATTR_ALLOCATORS |
           GVERBS_PARENT_DOMAIN_INIT_ATTR_PD_CONTEXT;
  return self->comp_mask;
}
