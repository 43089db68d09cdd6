/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-parent-domain.h"
#include "gverbs-parent-domain-private.h"
#include "gverbs-parent-domain-context-private.h"
#include "gverbs-pd-private.h"
#include "gverbs-td-private.h"
#include "gverbs-context-private.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsParentDomain:
 *
 * A parent domain (`ibv_alloc_parent_domain()`): a protection domain that
 * extends another one with a thread domain and a custom allocator for the
 * memory of the queues made on it. It is a #GVerbsPD, so it goes wherever
 * a PD does: memory regions, QPs, SRQs, and extended CQs
 * (#GVerbsCqInitAttrEx:parent-domain). pyverbs' `ParentDomain (context,
 * attr)`.
 *
 * It keeps its protection domain, thread domain and allocator context
 * alive; closing the protection domain or the thread domain closes it
 * first, and it closes what was made on it first.
 *
 * Not every provider has parent domains (mlx5 has): Soft-RoCE (rxe) has
 * none, and gverbs_parent_domain_new() fails there with
 * %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * When to use it: to give the queues of QPs, CQs and SRQs memory you
 * allocate yourself (huge pages, a NUMA node), or to attach a thread
 * domain; wherever a #GVerbsPD goes, a parent domain goes too.
 *
 * ```c
 * // given: GVerbsContext *ctx; GVerbsPD *pd; GVerbsParentDomainContext *allocator;
 * g_autoptr(GVerbsParentDomainInitAttr) attr = gverbs_parent_domain_init_attr_new (pd, allocator, 0);
 * g_autoptr(GVerbsParentDomain) pad = gverbs_parent_domain_new (ctx, attr, &error);
 * g_autoptr(GVerbsMR) mr = NULL;
 *
 * if (pad == NULL)
 *   return;   // GVERBS_ERROR_NOT_SUPPORTED on rxe
 * mr = gverbs_mr_new (GVERBS_PD (pad), 4096, GVERBS_ACCESS_LOCAL_WRITE, &error);
 * ```
 *
 * Python: `Verbs.ParentDomain(ctx, attr=Verbs.ParentDomainInitAttr(pd=pd))`, as pyverbs.
 *
 * Since: 0.1
 */
struct _GVerbsParentDomain
{
  GVerbsPD parent_instance;

  GVerbsParentDomainInitAttr *attr;
};

G_DEFINE_FINAL_TYPE (GVerbsParentDomain, gverbs_parent_domain, GVERBS_TYPE_PD)

static gboolean
gverbs_parent_domain_open (GVerbsResource  *resource,
                           GCancellable    *cancellable,
                           GError         **error)
{
  GVerbsParentDomain *self = GVERBS_PARENT_DOMAIN (resource);
  GVerbsContext *context = gverbs_pd_get_context (GVERBS_PD (self));
  struct ibv_parent_domain_init_attr attr = { 0 };
  GVerbsParentDomainContext *pd_context;
  GVerbsPD *pd;
  GVerbsTD *td;
  struct ibv_pd *ibv;
  const char *name;

  if (!_gverbs_resource_check_input (context, _("A parent domain needs a context"), error))
    return FALSE;
  if (self->attr == NULL)
    {
      g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("A parent domain needs its init attributes"));
      return FALSE;
    }
  name = gverbs_context_get_name (context);
  pd = gverbs_parent_domain_init_attr_get_pd (self->attr);
  td = gverbs_parent_domain_init_attr_get_td (self->attr);
  pd_context = gverbs_parent_domain_init_attr_get_pd_context (self->attr);
  if (!_gverbs_resource_check_input (pd, _("A parent domain needs a protection domain"), error) ||
      (td != NULL && !_gverbs_resource_check_open (td, error)))
    return FALSE;
  if (gverbs_pd_get_context (pd) != context ||
      (td != NULL && gverbs_td_get_context (td) != context))
    {
      _gverbs_set_error_errno (error, EINVAL, "ibv_alloc_parent_domain", name,
                               _("its protection domain and thread domain must belong "
                                 "to the same context"));
      return FALSE;
    }

  attr.pd = _gverbs_pd_get_ibv (pd);
  attr.td = td ? _gverbs_td_get_ibv (td) : NULL;
  attr.comp_mask = gverbs_parent_domain_init_attr_get_comp_mask (self->attr);
  if (pd_context != NULL)
    {
      if (!gverbs_parent_domain_context_has_allocators (pd_context))
        {
          _gverbs_set_error_errno (error, EINVAL, "ibv_alloc_parent_domain", name,
                                   _("its allocator context has no allocator"));
          return FALSE;
        }
      _gverbs_parent_domain_context_fill (pd_context, &attr);
    }
  else if (attr.comp_mask & (IBV_PARENT_DOMAIN_INIT_ATTR_ALLOCATORS |
                             IBV_PARENT_DOMAIN_INIT_ATTR_PD_CONTEXT))
    {
      _gverbs_set_error_errno (error, EINVAL, "ibv_alloc_parent_domain", name,
                               _("comp_mask 0x%x asks for allocators but there is no pd_context"),
                               attr.comp_mask);
      return FALSE;
    }

  errno = 0;
  ibv = ibv_alloc_parent_domain (_gverbs_context_get_ibv (context), &attr);
  if (ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : EOPNOTSUPP, "ibv_alloc_parent_domain",
                               name, NULL);
      return FALSE;
    }
  _gverbs_pd_set_ibv (GVERBS_PD (self), ibv);
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (pd));
  if (td != NULL)
    _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (td));
  _gverbs_resource_set_description (resource, "parent domain of pd %u on %s",
                                    gverbs_pd_get_handle (pd), name);
  return TRUE;
}

static const GVerbsField properties[] = {
  /**
   * GVerbsParentDomain:attr:
   *
   * The attributes the parent domain was made with.
   */
  GVERBS_PROP_INPUT (GVerbsParentDomain, attr, "attr", gverbs_parent_domain_init_attr_get_type),
};

static void
gverbs_parent_domain_class_init (GVerbsParentDomainClass *klass)
{
  GVerbsResourceClass *resource_class = GVERBS_RESOURCE_CLASS (klass);

  resource_class->open = gverbs_parent_domain_open;
  /* release: the PD's ibv_dealloc_pd(), which frees a parent domain too */
  _gverbs_resource_class_install_properties (resource_class, 1, properties,
                                             G_N_ELEMENTS (properties), NULL, 0);
}

static void
gverbs_parent_domain_init (GVerbsParentDomain *self)
{
}

/**
 * gverbs_parent_domain_new:
 * @context: an open #GVerbsContext
 * @attr: what to make the parent domain from
 * @error: return location for a #GError
 *
 * Allocates a parent domain (`ibv_alloc_parent_domain()`). A device
 * without parent domains gives %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * Returns: (transfer full): the parent domain, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsParentDomain *
gverbs_parent_domain_new (GVerbsContext               *context,
                          GVerbsParentDomainInitAttr  *attr,
                          GError                     **error)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);
  g_return_val_if_fail (GVERBS_IS_PARENT_DOMAIN_INIT_ATTR (attr), NULL);
  return g_initable_new (GVERBS_TYPE_PARENT_DOMAIN, NULL, error, "context", context,
                         "attr", attr, NULL);
}

/**
 * gverbs_parent_domain_get_attr:
 * @self: a #GVerbsParentDomain
 *
 * Gets the attributes given to gverbs_parent_domain_new().
 *
 * Returns: (transfer none): the attributes the parent domain was made with
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsParentDomainInitAttr *, gverbs_parent_domain_get_attr,
                      GVerbsParentDomain, GVERBS_IS_PARENT_DOMAIN, NULL, self->attr)

/**
 * gverbs_parent_domain_get_pd:
 * @self: a #GVerbsParentDomain
 *
 * Gets the protection domain the parent domain extends
 * (`ibv_parent_domain_init_attr.pd`).
 *
 * Returns: (transfer none) (nullable): the protection domain the parent domain extends
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsPD *, gverbs_parent_domain_get_pd,
                      GVerbsParentDomain, GVERBS_IS_PARENT_DOMAIN, NULL, self->attr ? gverbs_parent_domain_init_attr_get_pd (self->attr) : NULL)

/* The allocator's error when a QP, CQ or SRQ made on @pd failed because of
 * it (see _gverbs_parent_domain_context_take_error()). */
gboolean
_gverbs_parent_domain_take_allocator_error (GVerbsPD    *pd,
                                            const char  *call,
                                            GError     **error)
{
  GVerbsParentDomain *self;

  if (pd == NULL || !GVERBS_IS_PARENT_DOMAIN (pd))
    return FALSE;
  self = GVERBS_PARENT_DOMAIN (pd);
  return _gverbs_parent_domain_context_take_error (
      gverbs_parent_domain_init_attr_get_pd_context (self->attr), call,
      gverbs_context_get_name (gverbs_pd_get_context (pd)), error);
}
