#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-pd.h"
#include "gverbs-pd-private.h"
#include "gverbs-context-private.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"

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
 * g_autoptr(GVerbsPD) pd = gverbs_pd_new (ctx, &error);
 * g_autoptr(GVerbsMR) mr = gverbs_mr_new (pd, 4096, GVERBS_ACCESS_LOCAL_WRITE, &error);
 * ```
 *
 * Python: `Verbs.PD(ctx)` or `ctx.pd()`.
 */
struct _GVerbsPD
{
  GVerbsResource parent_instance;

  GVerbsContext *context;
  struct ibv_pd *ibv;
  GHashTable *mr_keys;          /* lkey -> struct ibv_mr *, for inline sends' checks */
  gboolean imported;
  gboolean borrowed;            /* rdma_cm's PD: closing it never deallocates it */
};

G_DEFINE_FINAL_TYPE (GVerbsPD, gverbs_pd, GVERBS_TYPE_RESOURCE)

static gboolean
gverbs_pd_open (GVerbsResource  *resource,
                GCancellable    *cancellable,
                GError         **error)
{
  GVerbsPD *self = GVERBS_PD (resource);

  if (!_gverbs_resource_check_input (self->context,
                                     _("A protection domain needs a context"), error))
    return FALSE;

  errno = 0;
  self->ibv = ibv_alloc_pd (_gverbs_context_get_ibv (self->context));
  if (self->ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : ENOMEM, "ibv_alloc_pd",
                               gverbs_context_get_name (self->context), NULL);
      return FALSE;
    }
  _gverbs_resource_set_description (resource, "pd %u on %s", self->ibv->handle,
                                    gverbs_context_get_name (self->context));
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->context));
  return TRUE;
}

static gboolean
gverbs_pd_release (GVerbsResource  *resource,
                   GError         **error)
{
  GVerbsPD *self = GVERBS_PD (resource);
  int rc = 0;

  if (self->imported)
    ibv_unimport_pd (self->ibv);
  else if (!self->borrowed)
    rc = ibv_dealloc_pd (self->ibv);
  self->ibv = NULL;
  return _gverbs_resource_release_result (resource, rc, "ibv_dealloc_pd", error);
}

static void
gverbs_pd_finalize (GObject *object)
{
  GVerbsPD *self = GVERBS_PD (object);

  g_clear_pointer (&self->mr_keys, g_hash_table_unref);
  G_OBJECT_CLASS (gverbs_pd_parent_class)->finalize (object);
}

static const GVerbsField fields[] = {
  /**
   * GVerbsPD:context:
   *
   * The device context the protection domain belongs to.
   */
  GVERBS_PROP_INPUT (GVerbsPD, context, "context", gverbs_context_get_type),
  /**
   * GVerbsPD:handle:
   *
   * The kernel handle of the protection domain (what ibv_import_pd() takes),
   * 0 when closed.
   */
  GVERBS_PROP_HANDLE_UINT (GVerbsPD, ibv, struct ibv_pd, handle, "handle"),
};

static void
gverbs_pd_class_init (GVerbsPDClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GVerbsResourceClass *resource_class = GVERBS_RESOURCE_CLASS (klass);

  resource_class->open = gverbs_pd_open;
  resource_class->release = gverbs_pd_release;
  _gverbs_resource_class_set_rank (resource_class, GVERBS_RANK_CQ);
  object_class->finalize = gverbs_pd_finalize;

  _gverbs_resource_class_install_properties (resource_class, 1, fields,
                                             G_N_ELEMENTS (fields), NULL);
}

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
 */
GVerbsContext *
gverbs_pd_get_context (GVerbsPD *self)
{
  g_return_val_if_fail (GVERBS_IS_PD (self), NULL);
  return self->context;
}

/**
 * gverbs_pd_get_handle:
 * @self: a #GVerbsPD
 *
 * Gets the kernel handle of the protection domain.
 *
 * Returns: the kernel handle of the protection domain, 0 when closed
 */
guint32
gverbs_pd_get_handle (GVerbsPD *self)
{
  g_return_val_if_fail (GVERBS_IS_PD (self), 0);
  return self->ibv ? self->ibv->handle : 0;
}

struct ibv_pd *
_gverbs_pd_get_ibv (GVerbsPD *self)
{
  return self->ibv;
}

/* The memory regions of the PD by lkey, so an inline send can check that
 * its buffers are registered memory with one hash lookup (no allocation). */
void
_gverbs_pd_add_mr_key (GVerbsPD      *self,
                       struct ibv_mr *mr)
{
  if (self->mr_keys == NULL)
    self->mr_keys = g_hash_table_new (NULL, NULL);
  g_hash_table_insert (self->mr_keys, GUINT_TO_POINTER (mr->lkey), mr);
}

void
_gverbs_pd_remove_mr_key (GVerbsPD      *self,
                          struct ibv_mr *mr)
{
  if (self->mr_keys != NULL &&
      g_hash_table_lookup (self->mr_keys, GUINT_TO_POINTER (mr->lkey)) == mr)
    g_hash_table_remove (self->mr_keys, GUINT_TO_POINTER (mr->lkey));
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

  if (self->mr_keys == NULL)
    return FALSE;
  mr = g_hash_table_lookup (self->mr_keys, GUINT_TO_POINTER (lkey));
  if (mr == NULL)
    return FALSE;
  start = (guint64) (guintptr) mr->addr;
  return addr >= start && length <= mr->length && addr - start <= mr->length - length;
}

GVerbsPD *
_gverbs_pd_new_imported (GVerbsContext *context,
                         struct ibv_pd *ibv)
{
  GVerbsPD *self = g_object_new (GVERBS_TYPE_PD, "context", context, NULL);

  self->imported = TRUE;
  self->ibv = ibv;
  _gverbs_resource_set_description (GVERBS_RESOURCE (self), "imported pd %u on %s", ibv->handle,
                                    gverbs_context_get_name (context));
  _gverbs_resource_add_parent (GVERBS_RESOURCE (self), GVERBS_RESOURCE (context));
  _gverbs_resource_adopt (GVERBS_RESOURCE (self));
  return self;
}

gboolean
_gverbs_pd_get_imported (GVerbsPD *self)
{
  return self->imported;
}

GVerbsPD *
_gverbs_pd_new_borrowed (GVerbsContext *context,
                         struct ibv_pd *ibv)
{
  GVerbsPD *self = g_object_new (GVERBS_TYPE_PD, "context", context, NULL);

  self->borrowed = TRUE;
  self->ibv = ibv;
  _gverbs_resource_set_description (GVERBS_RESOURCE (self), "rdma_cm pd %u on %s", ibv->handle,
                                    gverbs_context_get_name (context));
  _gverbs_resource_add_parent (GVERBS_RESOURCE (self), GVERBS_RESOURCE (context));
  _gverbs_resource_adopt (GVERBS_RESOURCE (self));
  return self;
}

gboolean
_gverbs_pd_get_borrowed (GVerbsPD *self)
{
  return self->borrowed;
}
