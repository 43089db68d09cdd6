/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include "gverbs-cm-params.h"
#include "gverbs-fields-private.h"
#include "gverbs-qp-init-attr.h"

/**
 * gverbs_conn_param_copy:
 * @self: connection parameters
 *
 * Copies the connection parameters.
 *
 * Returns: (transfer full): a copy
 *
 * Since: 0.1
 */
/**
 * gverbs_conn_param_free:
 * @self: connection parameters
 *
 * Frees the parameters.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_PLAIN_BOXED_TYPE (GVerbsConnParam, gverbs_conn_param)

/**
 * gverbs_cm_qp_init_attr_copy:
 * @self: QP attributes
 *
 * Copies the QP attributes.
 *
 * Returns: (transfer full): a copy
 *
 * Since: 0.1
 */
/**
 * gverbs_cm_qp_init_attr_free:
 * @self: QP attributes
 *
 * Frees the attributes.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_PLAIN_BOXED_TYPE (GVerbsCMQPInitAttr, gverbs_cm_qp_init_attr)

/**
 * gverbs_conn_param_new:
 *
 * Creates connection parameters with pyverbs' defaults: one responder
 * resource, initiator depth 1, no flow control, 5 retries, 5 RNR retries.
 *
 * Returns: (transfer full): the parameters
 *
 * Since: 0.1
 */
GVerbsConnParam *
gverbs_conn_param_new (void)
{
  GVerbsConnParam *self = g_new0 (GVerbsConnParam, 1);

  self->responder_resources = 1;
  self->initiator_depth = 1;
  self->retry_count = 5;
  self->rnr_retry_count = 5;
  return self;
}

/**
 * gverbs_cm_qp_init_attr_new:
 *
 * Creates QP attributes with pyverbs' `QPCap()` defaults: an RC QP, 1 send
 * and 10 receive requests, one scatter/gather entry each, no inline data.
 *
 * Returns: (transfer full): the attributes
 *
 * Since: 0.1
 */
GVerbsCMQPInitAttr *
gverbs_cm_qp_init_attr_new (void)
{
  GVerbsCMQPInitAttr *self = g_new0 (GVerbsCMQPInitAttr, 1);

  self->qp_type = GVERBS_QPT_RC;
  self->max_send_wr = 1;
  self->max_recv_wr = 10;
  self->max_send_sge = 1;
  self->max_recv_sge = 1;
  return self;
}

/**
 * gverbs_cm_qp_init_attr_new_from_qp_init_attr:
 * @attr: verbs creation attributes
 *
 * Creates rdma_cm QP attributes from a #GVerbsQPInitAttr: its type, its
 * capacities and #GVerbsQPInitAttr:sq-sig-all (rdma_cm makes the CQs, so
 * @attr's CQs and SRQ are not used). pyverbs' `CMID(qp_init_attr=)` takes a
 * `QPInitAttr`; the Python override passes it through this.
 *
 * Returns: (transfer full): the attributes
 *
 * Since: 0.1
 */
GVerbsCMQPInitAttr *
gverbs_cm_qp_init_attr_new_from_qp_init_attr (GVerbsQPInitAttr *attr)
{
  GVerbsCMQPInitAttr *self;
  GVerbsQPCap cap;

  g_return_val_if_fail (GVERBS_IS_QP_INIT_ATTR (attr), NULL);
  gverbs_qp_init_attr_get_cap (attr, &cap);
  self = g_new0 (GVerbsCMQPInitAttr, 1);
  self->qp_type = gverbs_qp_init_attr_get_qp_type (attr);
  self->max_send_wr = cap.max_send_wr;
  self->max_recv_wr = cap.max_recv_wr;
  self->max_send_sge = cap.max_send_sge;
  self->max_recv_sge = cap.max_recv_sge;
  self->max_inline_data = cap.max_inline_data;
  self->sq_sig_all = gverbs_qp_init_attr_get_sq_sig_all (attr);
  return self;
}
