#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "gverbs-ah.h"
#include "gverbs-ah-private.h"
#include "gverbs-ah-attr-private.h"
#include "gverbs-pd-private.h"
#include "gverbs-context-private.h"
#include "gverbs-error.h"

/**
 * GVerbsAH:
 *
 * An address handle (`struct ibv_ah`): the destination of unreliable
 * datagram sends, created from #GVerbsAHAttr in a #GVerbsPD. It keeps its
 * PD alive and is closed with it. On RoCE it must be global
 * (#GVerbsAHAttr:is-global with a #GVerbsGlobalRoute).
 */
struct _GVerbsAH
{
  GObject parent_instance;

  GVerbsPD *pd;
  GVerbsAHAttr *attr;
  struct ibv_ah *ibv;
  char *description;
  gboolean initialized;
  GError *init_error;
};

static void gverbs_ah_initable_iface_init (GInitableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GVerbsAH, gverbs_ah, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_INITABLE,
                                                      gverbs_ah_initable_iface_init))

enum {
  PROP_0,
  PROP_PD,
  PROP_ATTR,
  PROP_CLOSED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
close_as_child (gpointer object)
{
  gverbs_ah_close (GVERBS_AH (object), NULL);
}

/* Why ibv_create_ah() refused @a (with @err), as far as the port's and
 * the device's attributes tell. */
static char *
explain_failure (struct ibv_context       *ctx,
                 const struct ibv_ah_attr *a,
                 int                       err)
{
  struct ibv_port_attr port;
  struct ibv_device_attr dev;
  union ibv_gid gid;
  static const guint8 zero[16];

  if (a->port_num == 0 || ibv_query_port (ctx, a->port_num, &port) != 0)
    return g_strdup_printf (_("port %u does not exist (ports are numbered from 1)"), a->port_num);
  if (port.link_layer == IBV_LINK_LAYER_ETHERNET && !a->is_global)
    return g_strdup (_("RoCE needs a global route (is_global with a GID)"));
  if (a->is_global && a->grh.sgid_index >= port.gid_tbl_len)
    return g_strdup_printf (_("sgid_index %u is outside port %u's GID table (%d entries)"),
                            a->grh.sgid_index, a->port_num, port.gid_tbl_len);
  if (a->is_global && (ibv_query_gid (ctx, a->port_num, a->grh.sgid_index, &gid) != 0 ||
                       memcmp (gid.raw, zero, 16) == 0))
    return g_strdup_printf (_("sgid_index %u is an empty entry of port %u's GID table"),
                            a->grh.sgid_index, a->port_num);
  /* the attributes are fine: what is left is the device's count of AHs */
  if ((err == EINVAL || err == ENOMEM || err == ENOSPC) && ibv_query_device (ctx, &dev) == 0)
    return g_strdup_printf (_("the attributes are valid; the device's limit is max_ah %d address "
                              "handles (for all processes: see `rdma resource show`)"), dev.max_ah);
  return NULL;
}

static void
create (GVerbsAH  *self,
        GError   **error)
{
  struct ibv_ah_attr a;
  struct ibv_pd *pd;
  int err;

  if (self->pd == NULL || self->attr == NULL)
    {
      g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("An address handle needs a protection domain and attributes"));
      return;
    }
  if (!_gverbs_pd_check_open (self->pd, error) || !_gverbs_ah_attr_fill (self->attr, &a, error))
    return;

  pd = _gverbs_pd_get_ibv (self->pd);
  errno = 0;
  self->ibv = ibv_create_ah (pd, &a);
  if (self->ibv == NULL)
    {
      g_autofree char *why = NULL;

      err = errno ? errno : EINVAL;
      why = explain_failure (pd->context, &a, err);
      _gverbs_set_error_errno (error, err, "ibv_create_ah", _gverbs_pd_describe (self->pd),
                               why ? "%s" : NULL, why);
      return;
    }
  self->description = g_strdup_printf ("ah %u on %s", self->ibv->handle,
                                       _gverbs_pd_describe (self->pd));
  _gverbs_pd_add_child (self->pd, self, GVERBS_RANK_QP, close_as_child);
}

static gboolean
gverbs_ah_initable_init (GInitable     *initable,
                         GCancellable  *cancellable,
                         GError       **error)
{
  GVerbsAH *self = GVERBS_AH (initable);

  if (!self->initialized)
    {
      self->initialized = TRUE;
      create (self, &self->init_error);
    }
  return _gverbs_init_result (self->init_error, error);
}

static void
gverbs_ah_initable_iface_init (GInitableIface *iface)
{
  iface->init = gverbs_ah_initable_init;
}

static void
gverbs_ah_dispose (GObject *object)
{
  GVerbsAH *self = GVERBS_AH (object);

  gverbs_ah_close (self, NULL);
  g_clear_object (&self->pd);
  g_clear_object (&self->attr);
  G_OBJECT_CLASS (gverbs_ah_parent_class)->dispose (object);
}

static void
gverbs_ah_finalize (GObject *object)
{
  GVerbsAH *self = GVERBS_AH (object);

  g_clear_error (&self->init_error);
  g_free (self->description);
  G_OBJECT_CLASS (gverbs_ah_parent_class)->finalize (object);
}

static void
gverbs_ah_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  GVerbsAH *self = GVERBS_AH (object);

  switch (prop_id)
    {
    case PROP_PD:
      g_value_set_object (value, self->pd);
      break;
    case PROP_ATTR:
      g_value_set_object (value, self->attr);
      break;
    case PROP_CLOSED:
      g_value_set_boolean (value, self->ibv == NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gverbs_ah_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  GVerbsAH *self = GVERBS_AH (object);

  switch (prop_id)
    {
    case PROP_PD:
      self->pd = g_value_dup_object (value);
      break;
    case PROP_ATTR:
      self->attr = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gverbs_ah_class_init (GVerbsAHClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gverbs_ah_dispose;
  object_class->finalize = gverbs_ah_finalize;
  object_class->get_property = gverbs_ah_get_property;
  object_class->set_property = gverbs_ah_set_property;

  /**
   * GVerbsAH:pd:
   *
   * The protection domain the address handle belongs to.
   */
  properties[PROP_PD] =
    g_param_spec_object ("pd", NULL, NULL, GVERBS_TYPE_PD,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsAH:attr:
   *
   * The attributes the address handle was created from.
   */
  properties[PROP_ATTR] =
    g_param_spec_object ("attr", NULL, NULL, GVERBS_TYPE_AH_ATTR,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsAH:closed:
   *
   * Whether the address handle is closed (or was never created).
   */
  properties[PROP_CLOSED] =
    g_param_spec_boolean ("closed", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gverbs_ah_init (GVerbsAH *self)
{
}

/**
 * gverbs_ah_new:
 * @pd: an open #GVerbsPD
 * @attr: the address handle attributes
 * @error: return location for a #GError
 *
 * Creates an address handle (`ibv_create_ah()`). When rdma-core refuses,
 * the error says why if the port tells: a port that does not exist, a
 * non-global handle on RoCE, an @sgid_index outside the GID table or on an
 * empty entry.
 *
 * Returns: (transfer full): the address handle, or %NULL on error
 */
GVerbsAH *
gverbs_ah_new (GVerbsPD      *pd,
               GVerbsAHAttr  *attr,
               GError       **error)
{
  g_return_val_if_fail (GVERBS_IS_PD (pd), NULL);
  g_return_val_if_fail (GVERBS_IS_AH_ATTR (attr), NULL);
  return g_initable_new (GVERBS_TYPE_AH, NULL, error, "pd", pd, "attr", attr, NULL);
}

/**
 * gverbs_pd_create_ah:
 * @self: an open #GVerbsPD
 * @attr: the address handle attributes
 * @error: return location for a #GError
 *
 * Creates an address handle in this protection domain; the same as
 * gverbs_ah_new().
 *
 * Returns: (transfer full): the address handle, or %NULL on error
 */
GVerbsAH *
gverbs_pd_create_ah (GVerbsPD      *self,
                     GVerbsAHAttr  *attr,
                     GError       **error)
{
  return gverbs_ah_new (self, attr, error);
}

/**
 * gverbs_ah_get_pd:
 * @self: a #GVerbsAH
 *
 * Returns: (transfer none): the protection domain
 */
GVerbsPD *
gverbs_ah_get_pd (GVerbsAH *self)
{
  g_return_val_if_fail (GVERBS_IS_AH (self), NULL);
  return self->pd;
}

/**
 * gverbs_ah_get_attr:
 * @self: a #GVerbsAH
 *
 * Returns: (transfer none): the attributes the handle was created from
 */
GVerbsAHAttr *
gverbs_ah_get_attr (GVerbsAH *self)
{
  g_return_val_if_fail (GVERBS_IS_AH (self), NULL);
  return self->attr;
}

/**
 * gverbs_ah_close:
 * @self: a #GVerbsAH
 * @error: return location for a #GError
 *
 * Destroys the address handle (`ibv_destroy_ah()`). Closing a closed
 * handle does nothing.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_ah_close (GVerbsAH  *self,
                 GError   **error)
{
  int rc;

  g_return_val_if_fail (GVERBS_IS_AH (self), FALSE);

  if (self->ibv == NULL)
    return TRUE;
  rc = ibv_destroy_ah (self->ibv);
  self->ibv = NULL;
  _gverbs_pd_remove_child (self->pd, self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOSED]);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_destroy_ah", self->description, NULL);
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_ah_is_closed:
 * @self: a #GVerbsAH
 *
 * Returns: whether the address handle is closed
 */
gboolean
gverbs_ah_is_closed (GVerbsAH *self)
{
  g_return_val_if_fail (GVERBS_IS_AH (self), TRUE);
  return self->ibv == NULL;
}

struct ibv_ah *
_gverbs_ah_get_ibv (GVerbsAH *self)
{
  return self->ibv;
}

gboolean
_gverbs_ah_check_open (GVerbsAH  *self,
                       GError   **error)
{
  return _gverbs_check_open (self->ibv != NULL, self->init_error, self->description ? self->description : "GVerbsAH", error);
}
