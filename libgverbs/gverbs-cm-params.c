#include "config.h"

#include "gverbs-cm-params.h"

G_DEFINE_BOXED_TYPE (GVerbsConnParam, gverbs_conn_param,
                     gverbs_conn_param_copy, gverbs_conn_param_free)
G_DEFINE_BOXED_TYPE (GVerbsCMQPInitAttr, gverbs_cm_qp_init_attr,
                     gverbs_cm_qp_init_attr_copy, gverbs_cm_qp_init_attr_free)

/**
 * gverbs_conn_param_new:
 *
 * Creates connection parameters with pyverbs' defaults: one responder
 * resource, initiator depth 1, no flow control, 5 retries, 5 RNR retries.
 *
 * Returns: (transfer full): the parameters
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
 * gverbs_conn_param_copy:
 * @self: connection parameters
 *
 * Copies @self.
 *
 * Returns: (transfer full): a copy
 */
GVerbsConnParam *
gverbs_conn_param_copy (const GVerbsConnParam *self)
{
  return g_memdup2 (self, sizeof *self);
}

/**
 * gverbs_conn_param_free:
 * @self: connection parameters
 *
 * Frees the parameters.
 */
void
gverbs_conn_param_free (GVerbsConnParam *self)
{
  g_free (self);
}

/**
 * gverbs_cm_qp_init_attr_new:
 *
 * Creates QP attributes with pyverbs' `QPCap()` defaults: an RC QP, 1 send
 * and 10 receive requests, one scatter/gather entry each, no inline data.
 *
 * Returns: (transfer full): the attributes
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
 * gverbs_cm_qp_init_attr_copy:
 * @self: QP attributes
 *
 * Copies @self.
 *
 * Returns: (transfer full): a copy
 */
GVerbsCMQPInitAttr *
gverbs_cm_qp_init_attr_copy (const GVerbsCMQPInitAttr *self)
{
  return g_memdup2 (self, sizeof *self);
}

/**
 * gverbs_cm_qp_init_attr_free:
 * @self: QP attributes
 *
 * Frees the attributes.
 */
void
gverbs_cm_qp_init_attr_free (GVerbsCMQPInitAttr *self)
{
  g_free (self);
}
