#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-xrcd.h"
#include "gverbs-xrcd-private.h"
#include "gverbs-xrcd-init-attr-private.h"
#include "gverbs-context-private.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"

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
  GVerbsResource parent_instance;

  GVerbsContext *context;
  GVerbsXRCDInitAttr *init_attr;
  struct ibv_xrcd *ibv;
};

G_DEFINE_FINAL_TYPE (GVerbsXRCD, gverbs_xrcd, GVERBS_TYPE_RESOURCE)

enum {
  PROP_0,
  PROP_CONTEXT,
  PROP_INIT_ATTR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
gverbs_xrcd_open (GVerbsResource  *resource,
                  GCancellable    *cancellable,
                  GError         **error)
{
  GVerbsXRCD *self = GVERBS_XRCD (resource);
  struct ibv_xrcd_init_attr attr;
  const char *name;

  if (self->context == NULL || self->init_attr == NULL)
    {
      g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("An XRC domain needs a context and init attributes"));
      return FALSE;
    }
  if (!_gverbs_resource_check_open (self->context, error))
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

static void
gverbs_xrcd_finalize (GObject *object)
{
  GVerbsXRCD *self = GVERBS_XRCD (object);

  g_clear_object (&self->context);
  g_clear_object (&self->init_attr);
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
  GVerbsResourceClass *resource_class = GVERBS_RESOURCE_CLASS (klass);

  resource_class->open = gverbs_xrcd_open;
  GVERBS_RESOURCE_CLASS_SET_DESTROY (resource_class, ibv_close_xrcd, GVerbsXRCD, ibv);
  _gverbs_resource_class_set_rank (resource_class, GVERBS_RANK_CQ);

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

struct ibv_xrcd *
_gverbs_xrcd_get_ibv (GVerbsXRCD *self)
{
  return self->ibv;
}

