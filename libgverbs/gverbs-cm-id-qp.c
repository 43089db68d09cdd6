/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "gverbs-cm-id.h"
#include "gverbs-cm-id-private.h"
#include "gverbs-qp-attr-private.h"
#include "gverbs-error.h"

/* The attributes of a GVerbsCMID's QP. */

/**
 * gverbs_cm_id_query_qp:
 * @self: a #GVerbsCMID with a QP
 * @mask: the attributes wanted (the device may report more)
 * @init_attr: (out) (optional) (transfer full): the creation attributes as
 *   the device reports them now (type, capacities, sq_sig_all; no CQs)
 * @error: return location for a #GError
 *
 * Queries the identifier's QP (`ibv_query_qp()`); pyverbs' `query_qp()`.
 *
 * Returns: (transfer full): the attributes, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsQPAttr *
gverbs_cm_id_query_qp (GVerbsCMID         *self,
                       GVerbsQPAttrMask    mask,
                       GVerbsQPInitAttr  **init_attr,
                       GError            **error)
{
  g_autoptr(GVerbsQPAttr) attr = NULL;
  struct ibv_qp_init_attr ia;
  int rc;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), NULL);

  if (init_attr != NULL)
    *init_attr = NULL;
  if (!_gverbs_cm_id_check_qp (self, "ibv_query_qp", error))
    return NULL;
  attr = gverbs_qp_attr_new ();
  memset (&ia, 0, sizeof ia);
  memset (_gverbs_qp_attr_get_ibv (attr), 0, sizeof (struct ibv_qp_attr));
  rc = ibv_query_qp (_gverbs_cm_id_get_id (self)->qp, _gverbs_qp_attr_get_ibv (attr), (int) mask, &ia);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_query_qp", _gverbs_resource_describe (self), NULL);
      return NULL;
    }
  _gverbs_qp_attr_forget_objects (attr);
  if (init_attr != NULL)
    {
      *init_attr = gverbs_qp_init_attr_new ((GVerbsQPType) ia.qp_type, NULL, NULL,
                                            (const GVerbsQPCap *) &ia.cap);
      g_object_set (*init_attr, "sq-sig-all", ia.sq_sig_all != 0, NULL);
    }
  return g_steal_pointer (&attr);
}

/**
 * gverbs_cm_id_init_qp_attr:
 * @self: a #GVerbsCMID bound to a device (for the states past INIT, with a
 *   connection being made)
 * @qp_state: the state a QP is to be moved to
 * @mask: (out): which attributes of the result are set
 * @error: return location for a #GError
 *
 * The attributes rdma_cm would use to move a QP of this connection into
 * @qp_state (`rdma_init_qp_attr()`); pyverbs' `init_qp_attr()`, for a QP
 * the application created itself and moves with gverbs_qp_modify().
 *
 * Returns: (transfer full): the attributes (their #GVerbsQPAttr:qp-state
 *   is @qp_state), or %NULL on error
 *
 * Since: 0.1
 */
GVerbsQPAttr *
gverbs_cm_id_init_qp_attr (GVerbsCMID        *self,
                           GVerbsQPState      qp_state,
                           GVerbsQPAttrMask  *mask,
                           GError           **error)
{
  g_autoptr(GVerbsQPAttr) attr = NULL;
  struct ibv_qp_attr *a;
  struct rdma_cm_id *id;
  int attr_mask = 0;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), NULL);
  g_return_val_if_fail (mask != NULL, NULL);

  *mask = 0;
  id = _gverbs_cm_id_get_id (self);
  if (id == NULL)
    {
      _gverbs_set_closed_error (error, _gverbs_resource_describe (self));
      return NULL;
    }
  if (qp_state != GVERBS_QPS_INIT && qp_state != GVERBS_QPS_RTR && qp_state != GVERBS_QPS_RTS)
    {
      _gverbs_set_error_errno (error, EINVAL, "rdma_init_qp_attr", _gverbs_resource_describe (self),
                               _("state %d: only INIT, RTR and RTS have attributes to initialise"),
                               (int) qp_state);
      return NULL;
    }
  attr = gverbs_qp_attr_new ();
  a = _gverbs_qp_attr_get_ibv (attr);
  memset (a, 0, sizeof *a);
  a->qp_state = (enum ibv_qp_state) qp_state;
  errno = 0;
  if (rdma_init_qp_attr (id, a, &attr_mask) != 0)
    {
      _gverbs_set_error_errno (error, errno ? errno : EINVAL, "rdma_init_qp_attr",
                               _gverbs_resource_describe (self), _("state %d"), (int) qp_state);
      return NULL;
    }
  _gverbs_qp_attr_forget_objects (attr);
  *mask = (GVerbsQPAttrMask) attr_mask;
  return g_steal_pointer (&attr);
}
