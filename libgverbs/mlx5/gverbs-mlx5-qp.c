/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* GVerbsMlx5QP and GVerbsMlx5CQ, pyverbs' Mlx5QP and Mlx5CQ: an extended
 * QP made with mlx5dv_create_qp() (DCI, DCT, mlx5 creation flags) and an
 * extended CQ made with mlx5dv_create_cq() (CQE compression, padding). */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-mlx5-qp.h"
#include "gverbs-mlx5-private.h"
#include "gverbs-qp-ex-private.h"
#include "gverbs-cq-ex-private.h"
#include "gverbs-ah-private.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsMlx5QP:
 *
 * An mlx5 queue pair (pyverbs' `Mlx5QP`): a #GVerbsQPEx created with
 * mlx5dv_create_qp() from its #GVerbsQPInitAttrEx and a
 * #GVerbsMlx5DVQPInitAttr — a dynamically connected initiator (DCI,
 * #GVerbsQPInitAttrEx:qp-type %GVERBS_QPT_DRIVER with
 * %GVERBS_MLX5DV_DCTYPE_DCI) or target (DCT, with an SRQ), or a QP with
 * mlx5 creation flags. A DCI addresses each operation with
 * gverbs_mlx5_qp_wr_set_dc_addr(). Everything else is a #GVerbsQPEx's.
 *
 * On a device that is not an mlx5 one, creation gives
 * %GVERBS_ERROR_NOT_SUPPORTED naming mlx5dv_create_qp.
 *
 * When to use it: for dynamically connected transport (one DCI reaches many
 * peers with no connection per peer), or mlx5 creation flags; otherwise a
 * #GVerbsQPEx is enough.
 *
 * ```c
 * // given: GVerbsMlx5QP *dci; GVerbsAH *ah; guint32 remote_dctn; guint64 dc_key; GVerbsMR *mr;
 * GVerbsQPEx *qp = GVERBS_QP_EX (dci);
 *
 * if (!gverbs_qp_ex_wr_start (qp, &error) || !gverbs_qp_ex_wr_send (qp, &error) ||
 *     !gverbs_mlx5_qp_wr_set_dc_addr (dci, ah, remote_dctn, dc_key, &error) ||
 *     !gverbs_qp_ex_wr_set_sge (qp, gverbs_mr_get_lkey (mr), gverbs_mr_get_addr (mr), 64, &error) ||
 *     !gverbs_qp_ex_wr_complete (qp, &error))
 *   g_printerr ("%s\n", error->message);
 * ```
 *
 * Python: `Verbs.Mlx5QP(ctx, init_attr_ex, dv_init_attr=dv_attr)`, as pyverbs.
 *
 * Since: 0.1
 */
struct _GVerbsMlx5QP
{
  GVerbsQPEx parent_instance;

  GVerbsMlx5DVQPInitAttr *dv_init_attr;
};

G_DEFINE_FINAL_TYPE (GVerbsMlx5QP, gverbs_mlx5_qp, GVERBS_TYPE_QP_EX)

static struct ibv_qp *
create_mlx5_qp (GVerbsQPEx                 *qpx,
                struct ibv_context         *ctx,
                struct ibv_qp_init_attr_ex *attr)
{
  GVerbsMlx5QP *self = GVERBS_MLX5_QP (qpx);
  struct mlx5dv_qp_init_attr dv = { 0 };

  if (self->dv_init_attr != NULL)
    _gverbs_mlx5_dv_qp_init_attr_fill (self->dv_init_attr, &dv);
  return mlx5dv_create_qp (ctx, attr, &dv);
}

static const GVerbsField fields[] = {
  /**
   * GVerbsMlx5QP:dv-init-attr:
   *
   * The mlx5 creation attributes (%NULL: none, a plain mlx5dv_create_qp()).
   */
  GVERBS_PROP_INPUT (GVerbsMlx5QP, dv_init_attr, "dv-init-attr", gverbs_mlx5_dv_qp_init_attr_get_type),
};

static void
gverbs_mlx5_qp_class_init (GVerbsMlx5QPClass *klass)
{
  _gverbs_resource_class_install_properties (GVERBS_RESOURCE_CLASS (klass), 1, fields,
                                             G_N_ELEMENTS (fields), NULL, 0);
}

static void
gverbs_mlx5_qp_init (GVerbsMlx5QP *self)
{
  _gverbs_qp_ex_set_create_func (GVERBS_QP_EX (self), create_mlx5_qp, "mlx5dv_create_qp");
}

/**
 * gverbs_mlx5_qp_new:
 * @context: the device context (an mlx5 one)
 * @init_attr: the creation attributes; their #GVerbsQPInitAttrEx:pd is the
 *   queue pair's protection domain
 * @dv_init_attr: (nullable): the mlx5 creation attributes
 * @qp_attr: (nullable): attributes to move the new queue pair toward RTS
 *   with, as for gverbs_qp_ex_new(), or %NULL to leave it in RESET
 * @error: return location for a #GError
 *
 * Creates an mlx5 queue pair with `mlx5dv_create_qp()`, as pyverbs'
 * `Mlx5QP(ctx, init_attr, qp_attr, dv_init_attr=)`.
 *
 * Returns: (transfer full): the queue pair, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsMlx5QP *
gverbs_mlx5_qp_new (GVerbsContext           *context,
                    GVerbsQPInitAttrEx      *init_attr,
                    GVerbsMlx5DVQPInitAttr  *dv_init_attr,
                    GVerbsQPAttr            *qp_attr,
                    GError                 **error)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);
  g_return_val_if_fail (GVERBS_IS_QP_INIT_ATTR_EX (init_attr), NULL);
  g_return_val_if_fail (dv_init_attr == NULL || GVERBS_IS_MLX5_DV_QP_INIT_ATTR (dv_init_attr), NULL);
  g_return_val_if_fail (qp_attr == NULL || GVERBS_IS_QP_ATTR (qp_attr), NULL);
  return g_initable_new (GVERBS_TYPE_MLX5_QP, NULL, error, "context", context,
                         "init-attr", init_attr, "dv-init-attr", dv_init_attr,
                         "qp-attr", qp_attr, NULL);
}

/**
 * gverbs_mlx5_qp_wr_set_dc_addr:
 * @self: a DCI #GVerbsMlx5QP in a posting sequence
 * @ah: the address handle of the destination
 * @remote_dctn: the destination DCT's number
 * @remote_dc_key: the destination DCT's access key
 * @error: return location for a #GError
 *
 * Addresses the operation just added to a DCT (`mlx5dv_wr_set_dc_addr()`).
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_mlx5_qp_wr_set_dc_addr (GVerbsMlx5QP  *self,
                               GVerbsAH      *ah,
                               guint32        remote_dctn,
                               guint64        remote_dc_key,
                               GError       **error)
{
  struct ibv_qp_ex *qpx;
  struct mlx5dv_qp_ex *mqp;

  g_return_val_if_fail (GVERBS_IS_MLX5_QP (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_AH (ah), FALSE);
  qpx = _gverbs_qp_ex_ready_for_setter (GVERBS_QP_EX (self), "mlx5dv_wr_set_dc_addr", error);
  if (qpx == NULL || !_gverbs_resource_check_open (ah, error))
    return FALSE;
  mqp = mlx5dv_qp_ex_from_ibv_qp_ex (qpx);
  if (mqp == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : EOPNOTSUPP, "mlx5dv_qp_ex_from_ibv_qp_ex",
                               _gverbs_resource_describe (self), NULL);
      return FALSE;
    }
  mlx5dv_wr_set_dc_addr (mqp, _gverbs_ah_get_ibv (ah), remote_dctn, remote_dc_key);
  return TRUE;
}

/**
 * GVerbsMlx5CQ:
 *
 * An mlx5 completion queue (pyverbs' `Mlx5CQ`): a #GVerbsCQEX created with
 * mlx5dv_create_cq() from its #GVerbsCqInitAttrEx and a
 * #GVerbsMlx5DVCQInitAttr (CQE compression and its format, CQE padding,
 * the CQE size). Everything else is a #GVerbsCQEX's.
 *
 * On a device that is not an mlx5 one, creation gives
 * %GVERBS_ERROR_NOT_SUPPORTED naming mlx5dv_create_cq.
 *
 * When to use it: for mlx5 CQE compression or padding; it is polled as any
 * #GVerbsCQEX.
 *
 * ```c
 * // given: GVerbsMlx5Context *ctx;
 * g_autoptr(GVerbsCqInitAttrEx) attr = gverbs_cq_init_attr_ex_new ();
 * g_autoptr(GVerbsMlx5DVCQInitAttr) dv =
 *   gverbs_mlx5_dv_cq_init_attr_new (GVERBS_MLX5DV_CQ_INIT_ATTR_MASK_CQE_SIZE, 0, 0, 128);
 * g_autoptr(GVerbsMlx5CQ) cq = NULL;
 *
 * gverbs_cq_init_attr_ex_set_cqe (attr, 4096);
 * cq = gverbs_mlx5_cq_new (GVERBS_CONTEXT (ctx), attr, dv, &error);
 * ```
 *
 * Python: `Verbs.Mlx5CQ(ctx, Verbs.CqInitAttrEx(cqe=4096), dv_attr)`, as pyverbs.
 *
 * Since: 0.1
 */
struct _GVerbsMlx5CQ
{
  GVerbsCQEX parent_instance;

  GVerbsMlx5DVCQInitAttr *dv_init_attr;
};

G_DEFINE_FINAL_TYPE (GVerbsMlx5CQ, gverbs_mlx5_cq, GVERBS_TYPE_CQ_EX)

static struct ibv_cq_ex *
create_mlx5_cq (GVerbsCQEX                 *cqx,
                struct ibv_context         *ctx,
                struct ibv_cq_init_attr_ex *attr)
{
  GVerbsMlx5CQ *self = GVERBS_MLX5_CQ (cqx);
  struct mlx5dv_cq_init_attr dv = { 0 };

  if (self->dv_init_attr != NULL)
    _gverbs_mlx5_dv_cq_init_attr_fill (self->dv_init_attr, &dv);
  return mlx5dv_create_cq (ctx, attr, &dv);
}

static const GVerbsField cq_fields[] = {
  /**
   * GVerbsMlx5CQ:dv-init-attr:
   *
   * The mlx5 creation attributes (%NULL: none, a plain mlx5dv_create_cq()).
   */
  GVERBS_PROP_INPUT (GVerbsMlx5CQ, dv_init_attr, "dv-init-attr", gverbs_mlx5_dv_cq_init_attr_get_type),
};

static void
gverbs_mlx5_cq_class_init (GVerbsMlx5CQClass *klass)
{
  _gverbs_resource_class_install_properties (GVERBS_RESOURCE_CLASS (klass), 1, cq_fields,
                                             G_N_ELEMENTS (cq_fields), NULL, 0);
}

static void
gverbs_mlx5_cq_init (GVerbsMlx5CQ *self)
{
  _gverbs_cq_ex_set_create_func (GVERBS_CQ_EX (self), create_mlx5_cq, "mlx5dv_create_cq");
}

/**
 * gverbs_mlx5_cq_new:
 * @context: an open #GVerbsContext (an mlx5 one)
 * @init_attr: (nullable): the attributes; %NULL for pyverbs' defaults
 * @dv_init_attr: (nullable): the mlx5 creation attributes
 * @error: return location for a #GError
 *
 * Creates an mlx5 CQ with `mlx5dv_create_cq()`, as pyverbs'
 * `Mlx5CQ(ctx, init_attr, dv_init_attr=)`.
 *
 * Returns: (transfer full): the CQ, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsMlx5CQ *
gverbs_mlx5_cq_new (GVerbsContext           *context,
                    GVerbsCqInitAttrEx      *init_attr,
                    GVerbsMlx5DVCQInitAttr  *dv_init_attr,
                    GError                 **error)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);
  g_return_val_if_fail (init_attr == NULL || GVERBS_IS_CQ_INIT_ATTR_EX (init_attr), NULL);
  g_return_val_if_fail (dv_init_attr == NULL || GVERBS_IS_MLX5_DV_CQ_INIT_ATTR (dv_init_attr), NULL);
  return g_initable_new (GVERBS_TYPE_MLX5_CQ, NULL, error, "context", context,
                         "init-attr", init_attr, "dv-init-attr", dv_init_attr, NULL);
}
