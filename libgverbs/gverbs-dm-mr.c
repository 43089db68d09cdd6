#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-dm-mr.h"
#include "gverbs-dm-private.h"
#include "gverbs-pd-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-error.h"

/**
 * GVerbsDMMR:
 *
 * A memory region over device memory (`ibv_reg_dm_mr()`, pyverbs' `DMMR`).
 * It keeps its #GVerbsPD and #GVerbsDM alive and is closed with either.
 * Soft-RoCE has neither device memory nor DM MRs: gverbs_dm_mr_new() fails
 * there with %GVERBS_ERROR_NOT_SUPPORTED.
 */
struct _GVerbsDMMR
{
  GObject parent_instance;

  GVerbsPD *pd;
  GVerbsDM *dm;
  guint64 length;
  GVerbsAccessFlags access;
  guint64 offset;
  struct ibv_mr *ibv;
  char *description;
  gboolean initialized;
  GError *init_error;
};

static void gverbs_dm_mr_initable_iface_init (GInitableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GVerbsDMMR, gverbs_dm_mr, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_INITABLE,
                                                      gverbs_dm_mr_initable_iface_init))

enum {
  PROP_0,
  PROP_PD,
  PROP_DM,
  PROP_LENGTH,
  PROP_ACCESS,
  PROP_OFFSET,
  PROP_LKEY,
  PROP_RKEY,
  PROP_CLOSED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
close_as_child (gpointer object)
{
  gverbs_dm_mr_close (GVERBS_DM_MR (object), NULL);
}

static void
reg_dm_mr (GVerbsDMMR  *self,
           GError     **error)
{
  struct ibv_device_attr_ex attr;
  struct ibv_pd *pd;

  if (self->pd == NULL)
    {
      g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("A DM memory region needs a protection domain"));
      return;
    }
  if (!_gverbs_pd_check_open (self->pd, error))
    return;
  pd = _gverbs_pd_get_ibv (self->pd);
  /* A device without device memory cannot register any (rxe: max_dm_size 0);
   * said first, so that the error names ibv_reg_dm_mr even when the DM itself
   * could not be allocated. */
  if (ibv_query_device_ex (pd->context, NULL, &attr) != 0 || attr.max_dm_size == 0)
    {
      _gverbs_set_error_errno (error, EOPNOTSUPP, "ibv_reg_dm_mr", _gverbs_pd_describe (self->pd),
                               _("the device has no device memory (max_dm_size 0)"));
      return;
    }
  if (self->dm == NULL)
    {
      g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("A DM memory region needs device memory (dm)"));
      return;
    }
  if (!_gverbs_dm_check_open (self->dm, error))
    return;
  if (self->offset > gverbs_dm_get_length (self->dm) ||
      self->length > gverbs_dm_get_length (self->dm) - self->offset)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   _("%" G_GUINT64_FORMAT " bytes at offset %" G_GUINT64_FORMAT " do not fit in %s"),
                   self->length, self->offset, _gverbs_dm_describe (self->dm));
      return;
    }
  errno = 0;
  self->ibv = ibv_reg_dm_mr (pd, _gverbs_dm_get_ibv (self->dm), self->offset, self->length,
                             self->access);
  if (self->ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : EINVAL, "ibv_reg_dm_mr",
                               _gverbs_pd_describe (self->pd), NULL);
      return;
    }
  self->description = g_strdup_printf ("dm mr 0x%x on %s", self->ibv->lkey,
                                       _gverbs_pd_describe (self->pd));
  _gverbs_pd_add_child (self->pd, self, GVERBS_RANK_SRQ, close_as_child);
  _gverbs_dm_add_child (self->dm, self, GVERBS_RANK_QP, close_as_child);
}

static gboolean
gverbs_dm_mr_initable_init (GInitable     *initable,
                            GCancellable  *cancellable,
                            GError       **error)
{
  GVerbsDMMR *self = GVERBS_DM_MR (initable);

  if (!self->initialized)
    {
      self->initialized = TRUE;
      reg_dm_mr (self, &self->init_error);
    }
  return _gverbs_init_result (self->init_error, error);
}

static void
gverbs_dm_mr_initable_iface_init (GInitableIface *iface)
{
  iface->init = gverbs_dm_mr_initable_init;
}

static void
gverbs_dm_mr_dispose (GObject *object)
{
  GVerbsDMMR *self = GVERBS_DM_MR (object);

  gverbs_dm_mr_close (self, NULL);
  g_clear_object (&self->pd);
  g_clear_object (&self->dm);
  G_OBJECT_CLASS (gverbs_dm_mr_parent_class)->dispose (object);
}

static void
gverbs_dm_mr_finalize (GObject *object)
{
  GVerbsDMMR *self = GVERBS_DM_MR (object);

  g_clear_error (&self->init_error);
  g_free (self->description);
  G_OBJECT_CLASS (gverbs_dm_mr_parent_class)->finalize (object);
}

static void
gverbs_dm_mr_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  GVerbsDMMR *self = GVERBS_DM_MR (object);

  switch (prop_id)
    {
    case PROP_PD:
      g_value_set_object (value, self->pd);
      break;
    case PROP_DM:
      g_value_set_object (value, self->dm);
      break;
    case PROP_LENGTH:
      g_value_set_uint64 (value, self->length);
      break;
    case PROP_ACCESS:
      g_value_set_flags (value, self->access);
      break;
    case PROP_OFFSET:
      g_value_set_uint64 (value, self->offset);
      break;
    case PROP_LKEY:
      g_value_set_uint (value, self->ibv ? self->ibv->lkey : 0);
      break;
    case PROP_RKEY:
      g_value_set_uint (value, self->ibv ? self->ibv->rkey : 0);
      break;
    case PROP_CLOSED:
      g_value_set_boolean (value, self->ibv == NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gverbs_dm_mr_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  GVerbsDMMR *self = GVERBS_DM_MR (object);

  switch (prop_id)
    {
    case PROP_PD:
      self->pd = g_value_dup_object (value);
      break;
    case PROP_DM:
      self->dm = g_value_dup_object (value);
      break;
    case PROP_LENGTH:
      self->length = g_value_get_uint64 (value);
      break;
    case PROP_ACCESS:
      self->access = g_value_get_flags (value);
      break;
    case PROP_OFFSET:
      self->offset = g_value_get_uint64 (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gverbs_dm_mr_class_init (GVerbsDMMRClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags construct = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;
  const GParamFlags readable = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = gverbs_dm_mr_dispose;
  object_class->finalize = gverbs_dm_mr_finalize;
  object_class->get_property = gverbs_dm_mr_get_property;
  object_class->set_property = gverbs_dm_mr_set_property;

  /**
   * GVerbsDMMR:pd:
   *
   * The protection domain of the region.
   */
  properties[PROP_PD] = g_param_spec_object ("pd", NULL, NULL, GVERBS_TYPE_PD, construct);
  /**
   * GVerbsDMMR:dm:
   *
   * The device memory the region covers.
   */
  properties[PROP_DM] = g_param_spec_object ("dm", NULL, NULL, GVERBS_TYPE_DM, construct);
  /**
   * GVerbsDMMR:length:
   *
   * The length of the region in bytes.
   */
  properties[PROP_LENGTH] = g_param_spec_uint64 ("length", NULL, NULL, 0, G_MAXUINT64, 0, construct);
  /**
   * GVerbsDMMR:access:
   *
   * The access flags; DM MRs need %GVERBS_ACCESS_ZERO_BASED.
   */
  properties[PROP_ACCESS] = g_param_spec_flags ("access", NULL, NULL, GVERBS_TYPE_ACCESS_FLAGS, 0,
                                                construct);
  /**
   * GVerbsDMMR:offset:
   *
   * Where in the device memory the region starts.
   */
  properties[PROP_OFFSET] = g_param_spec_uint64 ("offset", NULL, NULL, 0, G_MAXUINT64, 0, construct);
  /**
   * GVerbsDMMR:lkey:
   *
   * The local key, 0 when closed.
   */
  properties[PROP_LKEY] = g_param_spec_uint ("lkey", NULL, NULL, 0, G_MAXUINT32, 0, readable);
  /**
   * GVerbsDMMR:rkey:
   *
   * The remote key, 0 when closed.
   */
  properties[PROP_RKEY] = g_param_spec_uint ("rkey", NULL, NULL, 0, G_MAXUINT32, 0, readable);
  /**
   * GVerbsDMMR:closed:
   *
   * Whether the region is deregistered (or was never registered).
   */
  properties[PROP_CLOSED] = g_param_spec_boolean ("closed", NULL, NULL, TRUE, readable);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gverbs_dm_mr_init (GVerbsDMMR *self)
{
}

/**
 * gverbs_dm_mr_new:
 * @pd: an open #GVerbsPD
 * @length: the length of the region in bytes
 * @access: access flags, with %GVERBS_ACCESS_ZERO_BASED
 * @dm: (nullable): the device memory to register
 * @offset: where in @dm the region starts
 * @error: return location for a #GError
 *
 * Registers device memory as a memory region (`ibv_reg_dm_mr()`), in
 * pyverbs' argument order. A device without DM MRs gives
 * %GVERBS_ERROR_NOT_SUPPORTED; a range beyond @dm gives
 * %GVERBS_ERROR_OUT_OF_RANGE.
 *
 * Returns: (transfer full): the region, or %NULL on error
 */
GVerbsDMMR *
gverbs_dm_mr_new (GVerbsPD           *pd,
                  guint64             length,
                  GVerbsAccessFlags   access,
                  GVerbsDM           *dm,
                  guint64             offset,
                  GError            **error)
{
  g_return_val_if_fail (GVERBS_IS_PD (pd), NULL);
  g_return_val_if_fail (dm == NULL || GVERBS_IS_DM (dm), NULL);
  return g_initable_new (GVERBS_TYPE_DM_MR, NULL, error, "pd", pd, "length", length,
                         "access", access, "dm", dm, "offset", offset, NULL);
}

/**
 * gverbs_dm_mr_get_pd:
 * @self: a #GVerbsDMMR
 *
 * Returns: (transfer none): the protection domain
 */
GVerbsPD *
gverbs_dm_mr_get_pd (GVerbsDMMR *self)
{
  g_return_val_if_fail (GVERBS_IS_DM_MR (self), NULL);
  return self->pd;
}

/**
 * gverbs_dm_mr_get_dm:
 * @self: a #GVerbsDMMR
 *
 * Returns: (transfer none) (nullable): the device memory
 */
GVerbsDM *
gverbs_dm_mr_get_dm (GVerbsDMMR *self)
{
  g_return_val_if_fail (GVERBS_IS_DM_MR (self), NULL);
  return self->dm;
}

/**
 * gverbs_dm_mr_get_lkey:
 * @self: a #GVerbsDMMR
 *
 * Returns: the local key, 0 when closed
 */
guint32
gverbs_dm_mr_get_lkey (GVerbsDMMR *self)
{
  g_return_val_if_fail (GVERBS_IS_DM_MR (self), 0);
  return self->ibv ? self->ibv->lkey : 0;
}

/**
 * gverbs_dm_mr_get_rkey:
 * @self: a #GVerbsDMMR
 *
 * Returns: the remote key, 0 when closed
 */
guint32
gverbs_dm_mr_get_rkey (GVerbsDMMR *self)
{
  g_return_val_if_fail (GVERBS_IS_DM_MR (self), 0);
  return self->ibv ? self->ibv->rkey : 0;
}

/**
 * gverbs_dm_mr_close:
 * @self: a #GVerbsDMMR
 * @error: return location for a #GError
 *
 * Deregisters the region (`ibv_dereg_mr()`). Closing a closed region does
 * nothing.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_dm_mr_close (GVerbsDMMR  *self,
                    GError     **error)
{
  int rc;

  g_return_val_if_fail (GVERBS_IS_DM_MR (self), FALSE);

  if (self->ibv == NULL)
    return TRUE;
  rc = ibv_dereg_mr (self->ibv);
  self->ibv = NULL;
  _gverbs_pd_remove_child (self->pd, self);
  _gverbs_dm_remove_child (self->dm, self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOSED]);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_dereg_mr", self->description, NULL);
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_dm_mr_is_closed:
 * @self: a #GVerbsDMMR
 *
 * Returns: whether the region is deregistered
 */
gboolean
gverbs_dm_mr_is_closed (GVerbsDMMR *self)
{
  g_return_val_if_fail (GVERBS_IS_DM_MR (self), TRUE);
  return self->ibv == NULL;
}
