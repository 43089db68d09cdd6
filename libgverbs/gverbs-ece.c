/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <stddef.h>
#include <infiniband/verbs.h>
#include <rdma/rdma_cma.h>
#include <glib/gi18n-lib.h>

#include "gverbs-ece.h"
#include "gverbs-cm-id-private.h"
#include "gverbs-fields-private.h"
#include "gverbs-qp-private.h"

G_STATIC_ASSERT (sizeof (GVerbsECE) == sizeof (struct ibv_ece));
G_STATIC_ASSERT (offsetof (GVerbsECE, vendor_id) == offsetof (struct ibv_ece, vendor_id));
G_STATIC_ASSERT (offsetof (GVerbsECE, options) == offsetof (struct ibv_ece, options));
G_STATIC_ASSERT (offsetof (GVerbsECE, comp_mask) == offsetof (struct ibv_ece, comp_mask));

/**
 * gverbs_ece_copy:
 * @self: a #GVerbsECE
 *
 * Copies @self.
 *
 * Returns: (transfer full): a copy of @self
 *
 * Since: 0.1
 */
/**
 * gverbs_ece_free:
 * @self: (nullable): a #GVerbsECE
 *
 * Frees @self.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_PLAIN_BOXED_TYPE (GVerbsECE, gverbs_ece)

/**
 * gverbs_ece_new:
 * @vendor_id: the IEEE OUI of the provider's vendor
 * @options: provider-specific options
 * @comp_mask: which options are valid
 *
 * Makes ECE data, as pyverbs' `ECE(vendor_id, options, comp_mask)`.
 *
 * Returns: (transfer full): a new #GVerbsECE; free with gverbs_ece_free()
 *
 * Since: 0.1
 */
GVerbsECE *
gverbs_ece_new (guint32 vendor_id,
                guint32 options,
                guint32 comp_mask)
{
  GVerbsECE *self = g_new0 (GVerbsECE, 1);

  self->vendor_id = vendor_id;
  self->options = options;
  self->comp_mask = comp_mask;
  return self;
}

/**
 * gverbs_ece_equal:
 * @a: a #GVerbsECE
 * @b: another #GVerbsECE
 *
 * Compares two ECE values field by field.
 *
 * Returns: %TRUE when @a and @b hold the same vendor, options and mask
 *
 * Since: 0.1
 */
gboolean
gverbs_ece_equal (const GVerbsECE *a,
                  const GVerbsECE *b)
{
  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);
  return a->vendor_id == b->vendor_id && a->options == b->options &&
         a->comp_mask == b->comp_mask;
}

/**
 * gverbs_ece_to_string:
 * @self: a #GVerbsECE
 *
 * Formats @self as `ECE(vendor_id=0x…, options=0x…, comp_mask=0x…)`.
 *
 * Returns: (transfer full): the text; free with g_free()
 *
 * Since: 0.1
 */
char *
gverbs_ece_to_string (const GVerbsECE *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return g_strdup_printf ("ECE(vendor_id=0x%x, options=0x%x, comp_mask=0x%x)",
                          self->vendor_id, self->options, self->comp_mask);
}

/**
 * gverbs_qp_query_ece:
 * @self: a #GVerbsQP
 * @error: return location for a #GError, or %NULL
 *
 * Reads the ECE options the provider offers, or has negotiated, for @self
 * (`ibv_query_ece()`). A device without ECE (rxe) fails with
 * %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * Returns: (transfer full): the ECE data, or %NULL with @error set
 *
 * Since: 0.1
 */
GVerbsECE *
gverbs_qp_query_ece (GVerbsQP  *self,
                     GError   **error)
{
  struct ibv_ece ece = { 0 };
  int rc;

  g_return_val_if_fail (GVERBS_IS_QP (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  if (!_gverbs_resource_check_open (self, error))
    return NULL;
  rc = ibv_query_ece (_gverbs_qp_get_ibv (self), &ece);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_query_ece", _gverbs_resource_describe (self), NULL);
      return NULL;
    }
  return gverbs_ece_new (ece.vendor_id, ece.options, ece.comp_mask);
}

/**
 * gverbs_qp_set_ece:
 * @self: a #GVerbsQP
 * @ece: the ECE options to use, usually those the peer sent
 * @error: return location for a #GError, or %NULL
 *
 * Gives @self the ECE options to use on its connection (`ibv_set_ece()`),
 * before it moves to RTR. A device without ECE (rxe) fails with
 * %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * Returns: %TRUE on success, %FALSE with @error set
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_set_ece (GVerbsQP         *self,
                   const GVerbsECE  *ece,
                   GError          **error)
{
  struct ibv_ece copy;
  int rc;

  g_return_val_if_fail (GVERBS_IS_QP (self), FALSE);
  g_return_val_if_fail (ece != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  if (!_gverbs_resource_check_open (self, error))
    return FALSE;
  copy = (struct ibv_ece) { ece->vendor_id, ece->options, ece->comp_mask };
  rc = ibv_set_ece (_gverbs_qp_get_ibv (self), &copy);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_set_ece", _gverbs_resource_describe (self),
                               "vendor_id 0x%x options 0x%x", ece->vendor_id, ece->options);
      return FALSE;
    }
  return TRUE;
}

static struct rdma_cm_id *
cm_id_without_qp (GVerbsCMID  *self,
                  const char  *call,
                  GError     **error)
{
  struct rdma_cm_id *id;

  if (!_gverbs_resource_check_open (self, error))
    return NULL;
  id = _gverbs_cm_id_get_id (self);
  if (id->qp != NULL)
    {
      /* rdma_cm takes a QP's ECE from the QP itself (ibv_query_ece) */
      _gverbs_set_error_errno (error, EINVAL, call, _gverbs_resource_describe (self),
                               _("the identifier has a QP, whose own ECE rdma_cm uses; "
                                 "use gverbs_qp_query_ece/gverbs_qp_set_ece"));
      return NULL;
    }
  return id;
}

/**
 * gverbs_cm_id_set_local_ece:
 * @self: a #GVerbsCMID without a QP of its own
 * @ece: the ECE options to send to the peer
 * @error: return location for a #GError, or %NULL
 *
 * Sets the ECE options @self sends in its connection request or reply
 * (`rdma_set_local_ece()`), for an application that made its QP itself
 * (usually from gverbs_qp_query_ece()). rdma_cm needs a non-zero
 * @ece->vendor_id and a zero @ece->comp_mask. An identifier with a QP of
 * its own sends that QP's ECE; setting it here fails with
 * %GVERBS_ERROR_INVALID_ARGUMENT, as does a zero vendor or a non-zero mask.
 *
 * Returns: %TRUE on success, %FALSE with @error set
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_set_local_ece (GVerbsCMID       *self,
                            const GVerbsECE  *ece,
                            GError          **error)
{
  struct ibv_ece copy;
  struct rdma_cm_id *id;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);
  g_return_val_if_fail (ece != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  id = cm_id_without_qp (self, "rdma_set_local_ece", error);
  if (id == NULL)
    return FALSE;
  /* librdmacm refuses these with a bare EINVAL */
  if (ece->vendor_id == 0 || ece->comp_mask != 0)
    {
      _gverbs_set_error_errno (error, EINVAL, "rdma_set_local_ece", _gverbs_resource_describe (self),
                               _("vendor_id 0x%x, comp_mask 0x%x: rdma_cm needs a vendor_id and "
                                 "comp_mask 0"), ece->vendor_id, ece->comp_mask);
      return FALSE;
    }
  copy = (struct ibv_ece) { ece->vendor_id, ece->options, ece->comp_mask };
  if (rdma_set_local_ece (id, &copy) != 0)
    {
      _gverbs_set_error_errno (error, errno ? errno : EINVAL, "rdma_set_local_ece",
                               _gverbs_resource_describe (self), NULL);
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_cm_id_query_remote_ece:
 * @self: a #GVerbsCMID without a QP of its own
 * @error: return location for a #GError, or %NULL
 *
 * Reads the ECE options the peer sent in its connection request or reply
 * (`rdma_get_remote_ece()`), to give to the QP with gverbs_qp_set_ece().
 * All zero when the peer sent none.
 *
 * Returns: (transfer full): the peer's ECE data, or %NULL with @error set
 *
 * Since: 0.1
 */
GVerbsECE *
gverbs_cm_id_query_remote_ece (GVerbsCMID  *self,
                               GError     **error)
{
  struct ibv_ece ece = { 0 };
  struct rdma_cm_id *id;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  id = cm_id_without_qp (self, "rdma_get_remote_ece", error);
  if (id == NULL)
    return NULL;
  if (rdma_get_remote_ece (id, &ece) != 0)
    {
      _gverbs_set_error_errno (error, errno ? errno : EINVAL, "rdma_get_remote_ece",
                               _gverbs_resource_describe (self), NULL);
      return NULL;
    }
  return gverbs_ece_new (ece.vendor_id, ece.options, ece.comp_mask);
}
