/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <inttypes.h>

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-parent-domain-context.h"
#include "gverbs-parent-domain-context-private.h"
#include "gverbs-error.h"
#include "gverbs-private.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsParentDomainContext:
 *
 * The custom allocator of a #GVerbsParentDomain (the `alloc`, `free` and
 * `pd_context` of `struct ibv_parent_domain_init_attr`): the provider asks
 * it for the memory of the queues and doorbells of each QP, CQ, SRQ or WQ
 * made on the parent domain, and gives the memory back when the resource is
 * destroyed. pyverbs' `ParentDomainContext (pd, alloc_func, free_func)`.
 *
 * The functions run synchronously inside the rdma-core call that creates or
 * destroys the resource, on the thread that makes that call. An allocator
 * that fails returns 0, ideally after
 * gverbs_parent_domain_context_report_error(): the call that creates the
 * resource then fails with a #GError that carries the reason. A binding's
 * callable (Python, GJS) works as a C function does; the Python override
 * turns an exception raised in it into that #GError.
 *
 * When to use it: when the provider's queue memory must come from you:
 * write an allocation and a release function and give the context to a
 * #GVerbsParentDomainInitAttr.
 *
 * ```c
 * // given: guint64 my_alloc (GVerbsParentDomainContext *c, guint64 size, guint64 align, guint64 type, gpointer data);
 * // given: void my_free (GVerbsParentDomainContext *c, guint64 addr, guint64 type, gpointer data);
 * // given: GVerbsPD *pd;
 * g_autoptr(GVerbsParentDomainContext) allocator =
 *   gverbs_parent_domain_context_new (pd, my_alloc, NULL, NULL, my_free, NULL, NULL);
 * g_autoptr(GVerbsParentDomainInitAttr) attr = gverbs_parent_domain_init_attr_new (pd, allocator, 0);
 * ```
 *
 * In Python the functions are callables with pyverbs' arguments:
 *
 * ```python
 * def alloc(pd, pd_context, size, alignment, resource_type):
 *     return Verbs.ALLOCATOR_USE_DEFAULT
 *
 * def free(pd, pd_context, ptr, resource_type):
 *     pass
 *
 * pd_context = Verbs.ParentDomainContext(pd, alloc, free)
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsParentDomainContext
{
  GObject parent_instance;

  GVerbsPD *pd;
  GVerbsParentDomainAllocFunc alloc_func;
  gpointer alloc_data;
  GDestroyNotify alloc_destroy;
  GVerbsParentDomainFreeFunc free_func;
  gpointer free_data;
  GDestroyNotify free_destroy;
  char *reported;       /* what the running function reported, until it returns */
  GError *last_error;   /* the last failed allocation, until the creating call takes it */
};

G_DEFINE_FINAL_TYPE (GVerbsParentDomainContext, gverbs_parent_domain_context, G_TYPE_OBJECT)

static const GVerbsField fields[] = {
  /**
   * GVerbsParentDomainContext:pd:
   *
   * The protection domain the parent domain is made from (what pyverbs'
   * allocators receive as their first argument), or %NULL.
   */
  GVERBS_PROP_INPUT (GVerbsParentDomainContext, pd, "pd", gverbs_pd_get_type),
};

static void
clear_allocators (GVerbsParentDomainContext *self)
{
  GDestroyNotify alloc_destroy = self->alloc_destroy, free_destroy = self->free_destroy;
  gpointer alloc_data = self->alloc_data, free_data = self->free_data;

  self->alloc_func = NULL;
  self->free_func = NULL;
  self->alloc_destroy = self->free_destroy = NULL;
  self->alloc_data = self->free_data = NULL;
  if (alloc_destroy != NULL)
    alloc_destroy (alloc_data);
  if (free_destroy != NULL)
    free_destroy (free_data);
}

static void
gverbs_parent_domain_context_finalize (GObject *object)
{
  GVerbsParentDomainContext *self = GVERBS_PARENT_DOMAIN_CONTEXT (object);

  clear_allocators (self);
  _gverbs_properties_clear (self, fields, G_N_ELEMENTS (fields));
  g_clear_pointer (&self->reported, g_free);
  g_clear_error (&self->last_error);
  G_OBJECT_CLASS (gverbs_parent_domain_context_parent_class)->finalize (object);
}

GVERBS_DEFINE_PROPERTIES_CLASS_INIT (GVerbsParentDomainContext, gverbs_parent_domain_context, fields, NULL)

static void
gverbs_parent_domain_context_init (GVerbsParentDomainContext *self)
{
}

/**
 * gverbs_parent_domain_context_new:
 * @pd: (nullable): the protection domain the parent domain is made from
 * @alloc_func: (scope notified) (closure alloc_data) (destroy alloc_destroy): the allocator
 * @alloc_data: data for @alloc_func
 * @alloc_destroy: (nullable): frees @alloc_data when the context is finalized
 * @free_func: (scope notified) (closure free_data) (destroy free_destroy): the deallocator
 * @free_data: data for @free_func
 * @free_destroy: (nullable): frees @free_data when the context is finalized
 *
 * Makes the custom allocator of a parent domain; give it to
 * gverbs_parent_domain_init_attr_new().
 *
 * Returns: (transfer full): the allocator context
 *
 * Since: 0.1
 */
GVerbsParentDomainContext *
gverbs_parent_domain_context_new (GVerbsPD                    *pd,
                                  GVerbsParentDomainAllocFunc  alloc_func,
                                  gpointer                     alloc_data,
                                  GDestroyNotify               alloc_destroy,
                                  GVerbsParentDomainFreeFunc   free_func,
                                  gpointer                     free_data,
                                  GDestroyNotify               free_destroy)
{
  GVerbsParentDomainContext *self;

  g_return_val_if_fail (pd == NULL || GVERBS_IS_PD (pd), NULL);
  g_return_val_if_fail (alloc_func != NULL && free_func != NULL, NULL);

  self = g_object_new (GVERBS_TYPE_PARENT_DOMAIN_CONTEXT, "pd", pd, NULL);
  gverbs_parent_domain_context_set_allocators (self, alloc_func, alloc_data, alloc_destroy,
                                               free_func, free_data, free_destroy);
  return self;
}

/**
 * gverbs_parent_domain_context_set_allocators:
 * @self: a #GVerbsParentDomainContext
 * @alloc_func: (scope notified) (closure alloc_data) (destroy alloc_destroy): the allocator
 * @alloc_data: data for @alloc_func
 * @alloc_destroy: (nullable): frees @alloc_data when the functions are replaced or the
 *   context is finalized
 * @free_func: (scope notified) (closure free_data) (destroy free_destroy): the deallocator
 * @free_data: data for @free_func
 * @free_destroy: (nullable): frees @free_data when the functions are replaced or the
 *   context is finalized
 *
 * Sets (or replaces) the allocator and deallocator. Replace them only while
 * no parent domain made with this context has resources: a buffer must go
 * back to the deallocator of the allocator that gave it.
 *
 * Since: 0.1
 */
void
gverbs_parent_domain_context_set_allocators (GVerbsParentDomainContext   *self,
                                             GVerbsParentDomainAllocFunc  alloc_func,
                                             gpointer                     alloc_data,
                                             GDestroyNotify               alloc_destroy,
                                             GVerbsParentDomainFreeFunc   free_func,
                                             gpointer                     free_data,
                                             GDestroyNotify               free_destroy)
{
  g_return_if_fail (GVERBS_IS_PARENT_DOMAIN_CONTEXT (self));
  g_return_if_fail (alloc_func != NULL && free_func != NULL);

  clear_allocators (self);
  self->alloc_func = alloc_func;
  self->alloc_data = alloc_data;
  self->alloc_destroy = alloc_destroy;
  self->free_func = free_func;
  self->free_data = free_data;
  self->free_destroy = free_destroy;
}

/**
 * gverbs_parent_domain_context_get_pd:
 * @self: a #GVerbsParentDomainContext
 *
 * Gets the protection domain the context was made for.
 *
 * Returns: (transfer none) (nullable): the protection domain given at construction
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsPD *, gverbs_parent_domain_context_get_pd,
                      GVerbsParentDomainContext, GVERBS_IS_PARENT_DOMAIN_CONTEXT, NULL, self->pd)

/**
 * gverbs_parent_domain_context_has_allocators:
 * @self: a #GVerbsParentDomainContext
 *
 * Tells whether the context was given its allocator functions:
 * gverbs_parent_domain_new() refuses a context without them.
 *
 * Returns: whether the context has its allocator and deallocator
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (gboolean, gverbs_parent_domain_context_has_allocators,
                      GVerbsParentDomainContext, GVERBS_IS_PARENT_DOMAIN_CONTEXT, FALSE, self->alloc_func != NULL)

/**
 * gverbs_parent_domain_context_report_error:
 * @self: a #GVerbsParentDomainContext
 * @message: why the allocation failed
 *
 * Called by a #GVerbsParentDomainAllocFunc (or free function) while it
 * runs, to say why it fails: the allocation then fails whatever the
 * function returns, and the call that asked for it gets a #GError with
 * @message. A call outside a running function is ignored.
 *
 * Since: 0.1
 */
void
gverbs_parent_domain_context_report_error (GVerbsParentDomainContext *self,
                                           const char                *message)
{
  g_return_if_fail (GVERBS_IS_PARENT_DOMAIN_CONTEXT (self));
  g_return_if_fail (message != NULL);

  if (self->reported == NULL)
    self->reported = g_strdup (message);
}

/* Runs the allocator once; 0 and self->last_error set on failure. */
static guint64
call_alloc (GVerbsParentDomainContext *self,
            guint64                    size,
            guint64                    alignment,
            guint64                    resource_type)
{
  g_autofree char *reported = NULL;
  guint64 address;

  g_clear_error (&self->last_error);
  if (self->alloc_func == NULL)
    {
      g_set_error (&self->last_error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("the parent domain's allocator context has no allocator"));
      return 0;
    }
  g_clear_pointer (&self->reported, g_free);
  g_object_ref (self);
  address = self->alloc_func (self, size, alignment, resource_type, self->alloc_data);
  reported = g_steal_pointer (&self->reported);
  if (reported != NULL || address == 0)
    {
      g_set_error (&self->last_error, GVERBS_ERROR, GVERBS_ERROR_NO_MEMORY,
                   _("the parent domain's allocator failed for %" PRIu64
                     " bytes aligned to %" PRIu64 " (resource type 0x%" PRIx64 "): %s"), size, alignment, resource_type,
                   reported ? reported : _("it returned no memory"));
      if (address != 0 && address != GVERBS_ALLOCATOR_USE_DEFAULT && self->free_func != NULL)
        self->free_func (self, address, resource_type, self->free_data);
      address = 0;
    }
  g_object_unref (self);
  return address;
}

static void
call_free (GVerbsParentDomainContext *self,
           guint64                    address,
           guint64                    resource_type)
{
  g_autofree char *reported = NULL;

  if (self->free_func == NULL)
    return;
  g_clear_pointer (&self->reported, g_free);
  g_object_ref (self);
  self->free_func (self, address, resource_type, self->free_data);
  reported = g_steal_pointer (&self->reported);
  if (reported != NULL)
    g_warning ("The parent domain's deallocator failed for 0x%" G_GINT64_MODIFIER "x: %s",
               address, reported);
  g_object_unref (self);
}

/**
 * gverbs_parent_domain_context_alloc:
 * @self: a #GVerbsParentDomainContext
 * @size: the number of bytes
 * @alignment: their alignment
 * @resource_type: the provider's resource type
 * @error: return location for a #GError
 *
 * Calls the allocator as a provider does (through the same path, on this
 * thread): to test an allocator without a device.
 *
 * Returns: the address the allocator returned, or
 *   %GVERBS_ALLOCATOR_USE_DEFAULT; 0 with @error set if it failed
 *
 * Since: 0.1
 */
guint64
gverbs_parent_domain_context_alloc (GVerbsParentDomainContext  *self,
                                    guint64                     size,
                                    guint64                     alignment,
                                    guint64                     resource_type,
                                    GError                    **error)
{
  guint64 address;

  g_return_val_if_fail (GVERBS_IS_PARENT_DOMAIN_CONTEXT (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  address = call_alloc (self, size, alignment, resource_type);
  if (address == 0)
    g_propagate_error (error, g_steal_pointer (&self->last_error));
  return address;
}

/**
 * gverbs_parent_domain_context_free:
 * @self: a #GVerbsParentDomainContext
 * @address: what gverbs_parent_domain_context_alloc() returned
 * @resource_type: the provider's resource type
 *
 * Calls the deallocator as a provider does: to test an allocator without a
 * device. %GVERBS_ALLOCATOR_USE_DEFAULT and 0 are ignored, as a provider
 * never passes them.
 *
 * Since: 0.1
 */
void
gverbs_parent_domain_context_free (GVerbsParentDomainContext *self,
                                   guint64                    address,
                                   guint64                    resource_type)
{
  g_return_if_fail (GVERBS_IS_PARENT_DOMAIN_CONTEXT (self));

  if (address != 0 && address != GVERBS_ALLOCATOR_USE_DEFAULT)
    call_free (self, address, resource_type);
}

static void *
alloc_trampoline (struct ibv_pd *pd,
                  void          *pd_context,
                  size_t         size,
                  size_t         alignment,
                  uint64_t       resource_type)
{
  guint64 address = call_alloc (pd_context, size, alignment, resource_type);

  if (address == GVERBS_ALLOCATOR_USE_DEFAULT)
    return IBV_ALLOCATOR_USE_DEFAULT;
  return (void *) (guintptr) address;
}

static void
free_trampoline (struct ibv_pd *pd,
                 void          *pd_context,
                 void          *ptr,
                 uint64_t       resource_type)
{
  if (ptr != NULL && ptr != IBV_ALLOCATOR_USE_DEFAULT)
    call_free (pd_context, (guint64) (guintptr) ptr, resource_type);
}

void
_gverbs_parent_domain_context_fill (GVerbsParentDomainContext          *self,
                                    struct ibv_parent_domain_init_attr *attr)
{
  attr->alloc = alloc_trampoline;
  attr->free = free_trampoline;
  attr->pd_context = self;
}

gboolean
_gverbs_parent_domain_context_take_error (GVerbsParentDomainContext  *self,
                                          const char                 *call,
                                          const char                 *device,
                                          GError                    **error)
{
  if (self == NULL || self->last_error == NULL)
    return FALSE;
  g_propagate_prefixed_error (error, g_steal_pointer (&self->last_error), "%s on %s: ",
                              call, device);
  return TRUE;
}
