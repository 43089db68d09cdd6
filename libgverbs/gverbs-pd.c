#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-pd.h"
#include "gverbs-pd-private.h"
#include "gverbs-context-private.h"
#include "gverbs-error.h"

/**
 * GVerbsPD:
 *
 * A protection domain (`struct ibv_pd`): the scope in which memory regions,
 * memory windows, address handles, queue pairs and shared receive queues
 * live. It keeps its #GVerbsContext alive; gverbs_pd_close() first closes
 * every object still open under it.
 */
struct _GVerbsPD
{
  GObject parent_instance;

  GVerbsContext *context;
  struct ibv_pd *ibv;
  char *description;
  GVerbsChildren children;
  GHashTable *mr_keys;          /* lkey -> struct ibv_mr *, for inline sends' checks */
  gboolean imported;
  gboolean borrowed;            /* rdma_cm's PD: closing it never deallocates it */
  gboolean initialized;
  GError *init_error;
};

static void gverbs_pd_initable_iface_init (GInitableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GVerbsPD, gverbs_pd, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_INITABLE,
                                                      gverbs_pd_initable_iface_init))

enum {
  PROP_0,
  PROP_CONTEXT,
  PROP_HANDLE,
  PROP_CLOSED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
close_as_child (gpointer object)
{
  gverbs_pd_close (GVERBS_PD (object), NULL);
}

static gboolean
gverbs_pd_initable_init (GInitable     *initable,
                         GCancellable  *cancellable,
                         GError       **error)
{
  GVerbsPD *self = GVERBS_PD (initable);

  if (!self->initialized)
    {
      self->initialized = TRUE;
      if (self->context == NULL)
        g_set_error_literal (&self->init_error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                             _("A protection domain needs a context"));
      else if (_gverbs_context_check_open (self->context, &self->init_error))
        {
          struct ibv_context *ctx = _gverbs_context_get_ibv (self->context);

          errno = 0;
          self->ibv = ibv_alloc_pd (ctx);
          if (self->ibv == NULL)
            _gverbs_set_error_errno (&self->init_error, errno ? errno : ENOMEM, "ibv_alloc_pd",
                                     gverbs_context_get_name (self->context), NULL);
          else
            {
              self->description = g_strdup_printf ("pd %u on %s", self->ibv->handle,
                                                   gverbs_context_get_name (self->context));
              _gverbs_context_add_child (self->context, self, GVERBS_RANK_CQ, close_as_child);
            }
        }
    }
  return _gverbs_init_result (self->init_error, error);
}

static void
gverbs_pd_initable_iface_init (GInitableIface *iface)
{
  iface->init = gverbs_pd_initable_init;
}

static void
gverbs_pd_dispose (GObject *object)
{
  GVerbsPD *self = GVERBS_PD (object);

  gverbs_pd_close (self, NULL);
  g_clear_object (&self->context);
  G_OBJECT_CLASS (gverbs_pd_parent_class)->dispose (object);
}

static void
gverbs_pd_finalize (GObject *object)
{
  GVerbsPD *self = GVERBS_PD (object);

  _gverbs_children_clear (&self->children);
  g_clear_pointer (&self->mr_keys, g_hash_table_unref);
  g_clear_error (&self->init_error);
  g_free (self->description);
  G_OBJECT_CLASS (gverbs_pd_parent_class)->finalize (object);
}

static void
gverbs_pd_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  GVerbsPD *self = GVERBS_PD (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      g_value_set_object (value, self->context);
      break;
    case PROP_HANDLE:
      g_value_set_uint (value, self->ibv ? self->ibv->handle : 0);
      break;
    case PROP_CLOSED:
      g_value_set_boolean (value, self->ibv == NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gverbs_pd_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  GVerbsPD *self = GVERBS_PD (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      self->context = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gverbs_pd_class_init (GVerbsPDClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gverbs_pd_dispose;
  object_class->finalize = gverbs_pd_finalize;
  object_class->get_property = gverbs_pd_get_property;
  object_class->set_property = gverbs_pd_set_property;

  /**
   * GVerbsPD:context:
   *
   * The device context the protection domain belongs to.
   */
  properties[PROP_CONTEXT] =
    g_param_spec_object ("context", NULL, NULL, GVERBS_TYPE_CONTEXT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsPD:handle:
   *
   * The kernel handle of the protection domain (what ibv_import_pd() takes),
   * 0 when closed.
   */
  properties[PROP_HANDLE] =
    g_param_spec_uint ("handle", NULL, NULL, 0, G_MAXUINT32, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsPD:closed:
   *
   * Whether the protection domain is closed (or was never allocated).
   */
  properties[PROP_CLOSED] =
    g_param_spec_boolean ("closed", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
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
 * Returns: the kernel handle of the protection domain, 0 when closed
 */
guint32
gverbs_pd_get_handle (GVerbsPD *self)
{
  g_return_val_if_fail (GVERBS_IS_PD (self), 0);
  return self->ibv ? self->ibv->handle : 0;
}

/**
 * gverbs_pd_close:
 * @self: a #GVerbsPD
 * @error: return location for a #GError
 *
 * Deallocates the protection domain (`ibv_dealloc_pd()`), after closing
 * every object still open under it. Closing a closed PD does nothing.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_pd_close (GVerbsPD  *self,
                 GError   **error)
{
  int rc;

  g_return_val_if_fail (GVERBS_IS_PD (self), FALSE);

  if (self->ibv == NULL)
    return TRUE;
  _gverbs_children_close_all (&self->children);
  if (self->borrowed)
    rc = 0;
  else if (self->imported)
    {
      ibv_unimport_pd (self->ibv);
      rc = 0;
    }
  else
    rc = ibv_dealloc_pd (self->ibv);
  self->ibv = NULL;
  _gverbs_context_remove_child (self->context, self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOSED]);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_dealloc_pd", self->description, NULL);
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_pd_is_closed:
 * @self: a #GVerbsPD
 *
 * Returns: whether the protection domain is closed
 */
gboolean
gverbs_pd_is_closed (GVerbsPD *self)
{
  g_return_val_if_fail (GVERBS_IS_PD (self), TRUE);
  return self->ibv == NULL;
}

struct ibv_pd *
_gverbs_pd_get_ibv (GVerbsPD *self)
{
  return self->ibv;
}

gboolean
_gverbs_pd_check_open (GVerbsPD  *self,
                       GError   **error)
{
  return _gverbs_check_open (self->ibv != NULL, self->init_error, self->description ? self->description : "GVerbsPD", error);
}

const char *
_gverbs_pd_describe (GVerbsPD *self)
{
  return self->description ? self->description : "GVerbsPD";
}

void
_gverbs_pd_add_child (GVerbsPD        *self,
                      gpointer         child,
                      GVerbsRank       rank,
                      GVerbsCloseFunc  close_func)
{
  _gverbs_children_add (&self->children, child, rank, close_func);
}

void
_gverbs_pd_remove_child (GVerbsPD *self,
                         gpointer  child)
{
  _gverbs_children_remove (&self->children, child);
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

  self->initialized = TRUE;
  self->imported = TRUE;
  self->ibv = ibv;
  self->description = g_strdup_printf ("imported pd %u on %s", ibv->handle,
                                       gverbs_context_get_name (context));
  _gverbs_context_add_child (context, self, GVERBS_RANK_CQ, close_as_child);
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

  self->initialized = TRUE;
  self->borrowed = TRUE;
  self->ibv = ibv;
  self->description = g_strdup_printf ("rdma_cm pd %u on %s", ibv->handle,
                                       gverbs_context_get_name (context));
  _gverbs_context_add_child (context, self, GVERBS_RANK_CQ, close_as_child);
  return self;
}

gboolean
_gverbs_pd_get_borrowed (GVerbsPD *self)
{
  return self->borrowed;
}
