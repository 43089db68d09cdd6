#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-xrcd.h"
#include "gverbs-xrcd-private.h"
#include "gverbs-xrcd-init-attr-private.h"
#include "gverbs-context-private.h"
#include "gverbs-error.h"

/**
 * GVerbsXRCD:
 *
 * An XRC domain (`struct ibv_xrcd`), the scope of XRC SRQs and XRC target
 * QPs. It keeps its #GVerbsContext alive and is closed with it. Soft-RoCE
 * does not support XRC: gverbs_xrcd_new() fails there with
 * %GVERBS_ERROR_NOT_SUPPORTED.
 */
struct _GVerbsXRCD
{
  GObject parent_instance;

  GVerbsContext *context;
  GVerbsXRCDInitAttr *init_attr;
  struct ibv_xrcd *ibv;
  char *description;
  gboolean initialized;
  GError *init_error;
};

static void gverbs_xrcd_initable_iface_init (GInitableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GVerbsXRCD, gverbs_xrcd, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_INITABLE,
                                                      gverbs_xrcd_initable_iface_init))

enum {
  PROP_0,
  PROP_CONTEXT,
  PROP_INIT_ATTR,
  PROP_CLOSED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
close_as_child (gpointer object)
{
  gverbs_xrcd_close (GVERBS_XRCD (object), NULL);
}

static void
open_xrcd (GVerbsXRCD  *self,
           GError     **error)
{
  struct ibv_xrcd_init_attr attr;
  const char *name;

  if (self->context == NULL || self->init_attr == NULL)
    {
      g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("An XRC domain needs a context and init attributes"));
      return;
    }
  if (!_gverbs_context_check_open (self->context, error))
    return;
  name = gverbs_context_get_name (self->context);
  _gverbs_xrcd_init_attr_fill (self->init_attr, &attr);
  errno = 0;
  self->ibv = ibv_open_xrcd (_gverbs_context_get_ibv (self->context), &attr);
  if (self->ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : EOPNOTSUPP, "ibv_open_xrcd", name, NULL);
      return;
    }
  self->description = g_strdup_printf ("xrcd on %s", name);
  _gverbs_context_add_child (self->context, self, GVERBS_RANK_CQ, close_as_child);
}

static gboolean
gverbs_xrcd_initable_init (GInitable     *initable,
                           GCancellable  *cancellable,
                           GError       **error)
{
  GVerbsXRCD *self = GVERBS_XRCD (initable);

  if (!self->initialized)
    {
      self->initialized = TRUE;
      open_xrcd (self, &self->init_error);
    }
  return _gverbs_init_result (self->init_error, error);
}

static void
gverbs_xrcd_initable_iface_init (GInitableIface *iface)
{
  iface->init = gverbs_xrcd_initable_init;
}

static void
gverbs_xrcd_dispose (GObject *object)
{
  GVerbsXRCD *self = GVERBS_XRCD (object);

  gverbs_xrcd_close (self, NULL);
  g_clear_object (&self->context);
  g_clear_object (&self->init_attr);
  G_OBJECT_CLASS (gverbs_xrcd_parent_class)->dispose (object);
}

static void
gverbs_xrcd_finalize (GObject *object)
{
  GVerbsXRCD *self = GVERBS_XRCD (object);

  g_clear_error (&self->init_error);
  g_free (self->description);
  G_OBJECT_CLASS (gverbs_xrcd_parent_class)->finalize (object);
}

static void
gverbs_xrcd_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  GVerbsXRCD *self = GVERBS_XRCD (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      g_value_set_object (value, self->context);
      break;
    case PROP_INIT_ATTR:
      g_value_set_object (value, self->init_attr);
      break;
    case PROP_CLOSED:
      g_value_set_boolean (value, self->ibv == NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gverbs_xrcd_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  GVerbsXRCD *self = GVERBS_XRCD (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      self->context = g_value_dup_object (value);
      break;
    case PROP_INIT_ATTR:
      self->init_attr = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gverbs_xrcd_class_init (GVerbsXRCDClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gverbs_xrcd_dispose;
  object_class->finalize = gverbs_xrcd_finalize;
  object_class->get_property = gverbs_xrcd_get_property;
  object_class->set_property = gverbs_xrcd_set_property;

  /**
   * GVerbsXRCD:context:
   *
   * The device context the XRC domain belongs to.
   */
  properties[PROP_CONTEXT] =
    g_param_spec_object ("context", NULL, NULL, GVERBS_TYPE_CONTEXT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsXRCD:init-attr:
   *
   * The attributes the domain was opened with.
   */
  properties[PROP_INIT_ATTR] =
    g_param_spec_object ("init-attr", NULL, NULL, GVERBS_TYPE_XRCD_INIT_ATTR,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsXRCD:closed:
   *
   * Whether the XRC domain is closed (or was never opened).
   */
  properties[PROP_CLOSED] =
    g_param_spec_boolean ("closed", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gverbs_xrcd_init (GVerbsXRCD *self)
{
}

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
 * Returns: (transfer none): the context the domain belongs to
 */
GVerbsContext *
gverbs_xrcd_get_context (GVerbsXRCD *self)
{
  g_return_val_if_fail (GVERBS_IS_XRCD (self), NULL);
  return self->context;
}

/**
 * gverbs_xrcd_close:
 * @self: a #GVerbsXRCD
 * @error: return location for a #GError
 *
 * Closes the XRC domain (`ibv_close_xrcd()`). Closing a closed domain does
 * nothing.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_xrcd_close (GVerbsXRCD  *self,
                   GError     **error)
{
  int rc;

  g_return_val_if_fail (GVERBS_IS_XRCD (self), FALSE);

  if (self->ibv == NULL)
    return TRUE;
  rc = ibv_close_xrcd (self->ibv);
  self->ibv = NULL;
  _gverbs_context_remove_child (self->context, self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOSED]);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_close_xrcd", self->description, NULL);
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_xrcd_is_closed:
 * @self: a #GVerbsXRCD
 *
 * Returns: whether the XRC domain is closed
 */
gboolean
gverbs_xrcd_is_closed (GVerbsXRCD *self)
{
  g_return_val_if_fail (GVERBS_IS_XRCD (self), TRUE);
  return self->ibv == NULL;
}

struct ibv_xrcd *
_gverbs_xrcd_get_ibv (GVerbsXRCD *self)
{
  return self->ibv;
}

gboolean
_gverbs_xrcd_check_open (GVerbsXRCD  *self,
                         GError     **error)
{
  return _gverbs_check_open (self->ibv != NULL, self->init_error, self->description ? self->description : "GVerbsXRCD", error);
}
