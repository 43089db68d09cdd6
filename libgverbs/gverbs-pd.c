/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-pd.h"
#include "gverbs-pd-private.h"
#include "gverbs-context-private.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"
#include "gverbs-resource-type-private.h"

/**
 * GVerbsPD:
 *
 * A protection domain (`struct ibv_pd`): the scope in which memory regions,
 * memory windows, address handles, queue pairs and shared receive queues
 * live. It keeps its #GVerbsContext alive; gverbs_pd_close() first closes
 * every object still open under it.
 *
 * When to use it: right after opening the device. Memory regions, queue
 * pairs, address handles and SRQs that work together must share one PD; one
 * per application is usual, several isolate memory between clients.
 *
 * ```c
 * // given: GVerbsContext *ctx;
 * g_autoptr(GVerbsPD) pd = gverbs_pd_new (ctx, &error);
 * g_autoptr(GVerbsMR) mr = NULL;
 *
 * if (pd == NULL)
 *   return;
 * mr = gverbs_mr_new (pd, 4096, GVERBS_ACCESS_LOCAL_WRITE, &error);
 * ```
 *
 * Python: `Verbs.PD(ctx)` or `ctx.pd()`.
 *
 * Since: 0.1
 */
typedef struct
{
  GVerbsContext *context;
  struct ibv_pd *ibv;
  GHashTable *mr_keys;          /* lkey -> struct ibv_mr *, for inline sends' checks */
  gboolean imported;
  gboolean borrowed;            /* rdma_cm's PD: closing it never deallocates it */
} GVerbsPDPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (GVerbsPD, gverbs_pd, GVERBS_TYPE_RESOURCE)

#define PRIV(self) ((GVerbsPDPrivate *) gverbs_pd_get_instance_private (GVERBS_PD (self)))

static gboolean
gverbs_pd_open (GVerbsResource  *resource,
                GCancellable    *cancellable,
                GError         **error)
{
  GVerbsPDPrivate *priv = PRIV (resource);
  struct ibv_pd *ibv;

  if (!_gverbs_resource_check_input (priv->context,
                                     _("A protection domain needs a context"), error))
    return FALSE;

  errno = 0;
  ibv = ibv_alloc_pd (_gverbs_context_get_ibv (priv->context));
  if (ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : ENOMEM, "ibv_alloc_pd",
                               gverbs_context_get_name (priv->context), NULL);
      return FALSE;
    }
  _gverbs_pd_set_ibv (GVERBS_PD (resource), ibv);
  _gverbs_resource_set_description (resource, "pd %u on %s", ibv->handle,
                                    gverbs_context_get_name (priv->context));
  return TRUE;
}

static gboolean
gverbs_pd_release (GVerbsResource  *resource,
                   GError         **error)
{
  GVerbsPDPrivate *priv = PRIV (resource);
  int rc = 0;

  if (priv->imported)
    ibv_unimport_pd (priv->ibv);
  else if (!priv->borrowed)
    rc = ibv_dealloc_pd (priv->ibv);
  priv->ibv = NULL;
  return _gverbs_resource_release_result (resource, rc, "ibv_dealloc_pd", error);
}

static const GVerbsField fields[] = {
  /**
   * GVerbsPD:context:
   *
   * The device context the protection domain belongs to.
   */
  GVERBS_PROP_INPUT (GVerbsPDPrivate, context, "context", gverbs_context_get_type),
  /**
   * GVerbsPD:handle:
   *
   * The kernel handle of the protection domain (what ibv_import_pd() takes),
   * 0 when closed.
   */
  GVERBS_PROP_HANDLE_UINT (GVerbsPDPrivate, ibv, struct ibv_pd, handle, "handle"),
};

static void
gverbs_pd_finalize (GObject *object)
{
  g_clear_pointer (&PRIV (object)->mr_keys, g_hash_table_unref);
  G_OBJECT_CLASS (gverbs_pd_parent_class)->finalize (object);
}

GVERBS_DEFINE_DERIVABLE_RESOURCE_CLASS_INIT (GVerbsPD, gverbs_pd, GVERBS_RANK_CQ, 1, fields, NULL,
                                             object_class->finalize = gverbs_pd_finalize)

static void
gverbs_pd_init (GVerbsPD *self)
{
}

/**
 * gverbs_pd_new:
 * @context: an open #GVerbsContext
 * @error: return location for a #GError
 *
 * Allocates a protection domain (`ibv_alloc_pd()`).
 *
 * Returns: (transfer full): the protection domain, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsPD *
gverbs_pd_new (GVerbsContext  *context,
               GError        **error)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);
  return g_initable_new (GVERBS_TYPE_PD, NULL, error, "context", context, NULL);
}

/**
 * gverbs_context_alloc_pd:
 * @self: an open #GVerbsContext
 * @error: return location for a #GError
 *
 * Allocates a protection domain on this context; the same as gverbs_pd_new()
 * (python-rdma's `ctx.pd()`).
 *
 * Returns: (transfer full): the protection domain, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsPD *
gverbs_context_alloc_pd (GVerbsContext  *self,
                         GError        **error)
{
  return gverbs_pd_new (self, error);
}

/**
 * gverbs_pd_get_context:
 * @self: a #GVerbsPD
 *
 * Gets the context the protection domain belongs to.
 *
 * Returns: (transfer none): the context the protection domain belongs to
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsContext *, gverbs_pd_get_context,
                      GVerbsPD, GVERBS_IS_PD, NULL, PRIV (self)->context)

/**
 * gverbs_pd_get_handle:
 * @self: a #GVerbsPD
 *
 * Gets the kernel handle of the protection domain.
 *
 * Returns: the kernel handle of the protection domain, 0 when closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_pd_get_handle,
                      GVerbsPD, GVERBS_IS_PD, 0, PRIV (self)->ibv ? PRIV (self)->ibv->handle : 0)

struct ibv_pd *
_gverbs_pd_get_ibv (GVerbsPD *self)
{
  return PRIV (self)->ibv;
}

/* The open vfunc of the PD and of its subclasses hands the PD the rdma-core
 * object it made; the PD is then a child of its context. */
void
_gverbs_pd_set_ibv (GVerbsPD      *self,
                    struct ibv_pd *ibv)
{
  GVerbsPDPrivate *priv = PRIV (self);

  priv->ibv = ibv;
  _gverbs_resource_add_parent (GVERBS_RESOURCE (self), GVERBS_RESOURCE (priv->context));
}

/* The memory regions of the PD by lkey, so an inline send can check that
 * its buffers are registered memory with one hash lookup (no allocation). */
void
_gverbs_pd_add_mr_key (GVerbsPD      *self,
                       struct ibv_mr *mr)
{
  if (PRIV (self)->mr_keys == NULL)
    PRIV (self)->mr_keys = g_hash_table_new (NULL, NULL);
  g_hash_table_insert (PRIV (self)->mr_keys, GUINT_TO_POINTER (mr->lkey), mr);
}

void
_gverbs_pd_remove_mr_key (GVerbsPD      *self,
                          struct ibv_mr *mr)
{
  if (PRIV (self)->mr_keys != NULL &&
      g_hash_table_lookup (PRIV (self)->mr_keys, GUINT_TO_POINTER (mr->lkey)) == mr)
    g_hash_table_remove (PRIV (self)->mr_keys, GUINT_TO_POINTER (mr->lkey));
}

/* Whether [@addr, @addr + @length) lies inside the open memory region of
 * this PD whose lkey is @lkey. */
gboolean
_gverbs_pd_mr_covers (GVerbsPD *self,
                      guint32   lkey,
                      guint64   addr,
                      guint64   length)
{
  const struct ibv_mr *mr;
  guint64 start;

  if (PRIV (self)->mr_keys == NULL)
    return FALSE;
  mr = g_hash_table_lookup (PRIV (self)->mr_keys, GUINT_TO_POINTER (lkey));
  if (mr == NULL)
    return FALSE;
  start = (guint64) (guintptr) mr->addr;
  return addr >= start && length <= mr->length && addr - start <= mr->length - length;
}

/* A PD around a handle made elsewhere: imported (ibv_import_pd()) or, if
 * not @imported, borrowed from librdmacm (the CM ID's own PD). */
static GVerbsPD *
new_adopted (GVerbsContext *context,
             struct ibv_pd *ibv,
             gboolean       imported)
{
  GVerbsPD *self = g_object_new (GVERBS_TYPE_PD, "context", context, NULL);

  PRIV (self)->imported = imported;
  PRIV (self)->borrowed = !imported;
  PRIV (self)->ibv = ibv;
  _gverbs_resource_set_description (GVERBS_RESOURCE (self), "%s pd %u on %s",
                                    imported ? "imported" : "rdma_cm", ibv->handle,
                                    gverbs_context_get_name (context));
  _gverbs_resource_add_parent (GVERBS_RESOURCE (self), GVERBS_RESOURCE (context));
  _gverbs_resource_adopt (GVERBS_RESOURCE (self));
  return self;
}

GVerbsPD *
_gverbs_pd_new_imported (GVerbsContext *context,
                         struct ibv_pd *ibv)
{
  return new_adopted (context, ibv, TRUE);
}

gboolean
_gverbs_pd_get_imported (GVerbsPD *self)
{
  return PRIV (self)->imported;
}

GVerbsPD *
_gverbs_pd_new_borrowed (GVerbsContext *context,
                         struct ibv_pd *ibv)
{
  return new_adopted (context, ibv, FALSE);
}

gboolean
_gverbs_pd_get_borrowed (GVerbsPD *self)
{
  return PRIV (self)->borrowed;
}
