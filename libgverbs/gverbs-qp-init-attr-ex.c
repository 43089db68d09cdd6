/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <infiniband/verbs.h>

#include "gverbs-qp-init-attr-ex.h"
#include "gverbs-qp-init-attr-ex-private.h"
#include "gverbs-rx-hash-conf-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsQPInitAttrEx:
 *
 * What a queue pair is created with by ibv_create_qp_ex()
 * (`struct ibv_qp_init_attr_ex`, pyverbs' `QPInitAttrEx`): everything of
 * #GVerbsQPInitAttr plus the fields #GVerbsQPInitAttrEx:comp-mask marks
 * valid — the protection domain, an XRC domain, creation flags, the largest
 * TSO header, the source QP number and the operations of the extended send
 * API (#GVerbsQPInitAttrEx:send-ops-flags) a #GVerbsQPEx may post, and
 * for a receive-side-scaling raw packet queue pair its indirection table
 * (#GVerbsQPInitAttrEx:rwq-ind-tbl) and hash (#GVerbsQPInitAttrEx:rx-hash-conf).
 *
 * Fields comp-mask does not mark are not passed to rdma-core, as in C.
 *
 * When to use it: for a #GVerbsQPEx (the extended send API), and for what
 * the plain attributes cannot say: an XRC domain, creation flags, TSO, a
 * source QP number, or receive-side scaling.
 *
 * ```c
 * // given: GVerbsContext *ctx; GVerbsPD *pd; GVerbsCQ *cq;
 * GVerbsQPCap cap = { .max_send_wr = 64, .max_recv_wr = 64, .max_send_sge = 1, .max_recv_sge = 1 };
 * g_autoptr(GVerbsQPInitAttrEx) init = gverbs_qp_init_attr_ex_new (GVERBS_QPT_RC, cq, cq, &cap, pd,
 *                                                                   GVERBS_QP_EX_WITH_SEND);
 * g_autoptr(GVerbsQPEx) qp = gverbs_qp_ex_new (ctx, init, NULL, &error);
 * ```
 *
 * Python: `Verbs.QPInitAttrEx(qp_type=Verbs.QPType.RC, scq=cq, rcq=cq, pd=pd,
 * cap=cap, send_ops_flags=flags)`, pyverbs' keywords.
 *
 * Since: 0.1
 */
struct _GVerbsQPInitAttrEx
{
  GVerbsQPInitAttr parent_instance;

  GVerbsQPInitAttrMask comp_mask;
  GVerbsPD *pd;
  GVerbsXRCD *xrcd;
  guint create_flags;
  guint max_tso_header;
  GVerbsQPCreateSendOpsFlags send_ops_flags;
  guint32 source_qpn;
  GVerbsRwqIndTable *rwq_ind_tbl;
  GVerbsRxHashConf *rx_hash_conf;
};

G_DEFINE_FINAL_TYPE (GVerbsQPInitAttrEx, gverbs_qp_init_attr_ex, GVERBS_TYPE_QP_INIT_ATTR)

static const GVerbsField fields[] = {
  /**
   * GVerbsQPInitAttrEx:pd:
   *
   * The protection domain of the queue pair (valid with
   * %GVERBS_QP_INIT_ATTR_PD).
   */
  GVERBS_PROP_OBJECT (GVerbsQPInitAttrEx, pd, "pd", gverbs_pd_get_type, G_PARAM_READWRITE),
  /**
   * GVerbsQPInitAttrEx:xrcd:
   *
   * The XRC domain of an XRC receive queue pair (valid with
   * %GVERBS_QP_INIT_ATTR_XRCD).
   */
  GVERBS_PROP_OBJECT (GVerbsQPInitAttrEx, xrcd, "xrcd", gverbs_xrcd_get_type, G_PARAM_READWRITE),
  /**
   * GVerbsQPInitAttrEx:rwq-ind-tbl:
   *
   * The indirection table of a receive-side-scaling queue pair (valid with
   * %GVERBS_QP_INIT_ATTR_IND_TABLE): its receives go to the table's work
   * queues, so it takes no CQs, no SRQ and no receive capacities. pyverbs
   * calls it `ind_table`.
   */
  GVERBS_PROP_OBJECT (GVerbsQPInitAttrEx, rwq_ind_tbl, "rwq-ind-tbl", gverbs_rwq_ind_table_get_type, G_PARAM_READWRITE),
  /**
   * GVerbsQPInitAttrEx:rx-hash-conf:
   *
   * How a receive-side-scaling queue pair hashes packets (valid with
   * %GVERBS_QP_INIT_ATTR_RX_HASH). pyverbs calls it `hash_conf`.
   */
  GVERBS_PROP_OBJECT (GVerbsQPInitAttrEx, rx_hash_conf, "rx-hash-conf", gverbs_rx_hash_conf_get_type, G_PARAM_READWRITE),
  /**
   * GVerbsQPInitAttrEx:comp-mask:
   *
   * Which of the extended fields are valid (`IBV_QP_INIT_ATTR_*`); pyverbs'
   * default is none.
   */
  GVERBS_PROP_FLAGS (GVerbsQPInitAttrEx, comp_mask, "comp-mask", gverbs_qp_init_attr_mask_get_type, 0,
                     G_PARAM_READWRITE),
  /**
   * GVerbsQPInitAttrEx:create-flags:
   *
   * `IBV_QP_CREATE_*` flags (valid with %GVERBS_QP_INIT_ATTR_CREATE_FLAGS);
   * see #GVerbsQPCreateFlags.
   */
  GVERBS_PROP_UINT (GVerbsQPInitAttrEx, create_flags, "create-flags", G_MAXUINT32, 0,
                    G_PARAM_READWRITE),
  /**
   * GVerbsQPInitAttrEx:max-tso-header:
   *
   * The largest TSO header (valid with %GVERBS_QP_INIT_ATTR_MAX_TSO_HEADER).
   */
  GVERBS_PROP_UINT (GVerbsQPInitAttrEx, max_tso_header, "max-tso-header", G_MAXUINT16, 0,
                    G_PARAM_READWRITE),
  /**
   * GVerbsQPInitAttrEx:send-ops-flags:
   *
   * The operations of the extended send API the queue pair may post (valid
   * with %GVERBS_QP_INIT_ATTR_SEND_OPS_FLAGS).
   */
  GVERBS_PROP_FLAGS (GVerbsQPInitAttrEx, send_ops_flags, "send-ops-flags", gverbs_qp_create_send_ops_flags_get_type, 0,
                     G_PARAM_READWRITE),
  /**
   * GVerbsQPInitAttrEx:source-qpn:
   *
   * The source QP number (needs `IBV_QP_CREATE_SOURCE_QPN` in create-flags).
   */
  GVERBS_PROP_UINT (GVerbsQPInitAttrEx, source_qpn, "source-qpn", G_MAXUINT32, 0,
                    G_PARAM_READWRITE),
};

static void
gverbs_qp_init_attr_ex_dispose (GObject *object)
{
  _gverbs_properties_clear (object, fields, G_N_ELEMENTS (fields));
  G_OBJECT_CLASS (gverbs_qp_init_attr_ex_parent_class)->dispose (object);
}

static void
gverbs_qp_init_attr_ex_class_init (GVerbsQPInitAttrExClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gverbs_qp_init_attr_ex_dispose;
  _gverbs_properties_install (object_class, 1, fields, G_N_ELEMENTS (fields), NULL);
}

static void
gverbs_qp_init_attr_ex_init (GVerbsQPInitAttrEx *self)
{
  /* pyverbs' QPInitAttrEx defaults sq_sig_all to 0, unlike QPInitAttr */
  g_object_set (self, "sq-sig-all", FALSE, NULL);
}

/**
 * gverbs_qp_init_attr_ex_new:
 * @qp_type: the transport
 * @send_cq: (nullable): completion queue of the send queue
 * @recv_cq: (nullable): completion queue of the receive queue
 * @cap: (nullable): the capacities; %NULL for pyverbs' defaults
 * @pd: (nullable): the protection domain
 * @send_ops_flags: the operations of the extended send API, or 0
 *
 * Makes extended creation attributes. #GVerbsQPInitAttrEx:comp-mask gets
 * %GVERBS_QP_INIT_ATTR_PD when @pd is given and
 * %GVERBS_QP_INIT_ATTR_SEND_OPS_FLAGS when @send_ops_flags is not 0;
 * #GVerbsQPInitAttr:sq-sig-all starts %FALSE as in pyverbs.
 *
 * Returns: (transfer full): the attributes
 *
 * Since: 0.1
 */
GVerbsQPInitAttrEx *
gverbs_qp_init_attr_ex_new (GVerbsQPType                qp_type,
                            GVerbsCQ                   *send_cq,
                            GVerbsCQ                   *recv_cq,
                            const GVerbsQPCap          *cap,
                            GVerbsPD                   *pd,
                            GVerbsQPCreateSendOpsFlags  send_ops_flags)
{
  GVerbsQPInitAttrEx *self;

  g_return_val_if_fail (send_cq == NULL || GVERBS_IS_CQ (send_cq), NULL);
  g_return_val_if_fail (recv_cq == NULL || GVERBS_IS_CQ (recv_cq), NULL);
  g_return_val_if_fail (pd == NULL || GVERBS_IS_PD (pd), NULL);
  self = g_object_new (GVERBS_TYPE_QP_INIT_ATTR_EX, "qp-type", qp_type,
                       "send-cq", send_cq, "recv-cq", recv_cq, "pd", pd,
                       "send-ops-flags", send_ops_flags,
                       "comp-mask", (pd ? GVERBS_QP_INIT_ATTR_PD : 0) |
                                    (send_ops_flags ? GVERBS_QP_INIT_ATTR_SEND_OPS_FLAGS : 0),
                       NULL);
  if (cap != NULL)
    g_object_set (self, "cap", cap, NULL);
  return self;
}

/**
 * gverbs_qp_init_attr_ex_get_comp_mask:
 * @self: a #GVerbsQPInitAttrEx
 *
 * Gets which extended fields of the attributes are valid.
 *
 * Returns: which extended fields are valid
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsQPInitAttrMask, gverbs_qp_init_attr_ex_get_comp_mask,
                      GVerbsQPInitAttrEx, GVERBS_IS_QP_INIT_ATTR_EX, 0, self->comp_mask)

/**
 * gverbs_qp_init_attr_ex_get_pd:
 * @self: a #GVerbsQPInitAttrEx
 *
 * Gets the protection domain.
 *
 * Returns: (transfer none) (nullable): the protection domain
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsPD *, gverbs_qp_init_attr_ex_get_pd,
                      GVerbsQPInitAttrEx, GVERBS_IS_QP_INIT_ATTR_EX, NULL, self->pd)

/**
 * gverbs_qp_init_attr_ex_get_xrcd:
 * @self: a #GVerbsQPInitAttrEx
 *
 * Gets the XRC domain.
 *
 * Returns: (transfer none) (nullable): the XRC domain
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsXRCD *, gverbs_qp_init_attr_ex_get_xrcd,
                      GVerbsQPInitAttrEx, GVERBS_IS_QP_INIT_ATTR_EX, NULL, self->xrcd)

/**
 * gverbs_qp_init_attr_ex_get_create_flags:
 * @self: a #GVerbsQPInitAttrEx
 *
 * Gets the `IBV_QP_CREATE_*` flags.
 *
 * Returns: the `IBV_QP_CREATE_*` flags
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_qp_init_attr_ex_get_create_flags,
                      GVerbsQPInitAttrEx, GVERBS_IS_QP_INIT_ATTR_EX, 0, self->create_flags)

/**
 * gverbs_qp_init_attr_ex_get_max_tso_header:
 * @self: a #GVerbsQPInitAttrEx
 *
 * Gets the largest TSO header.
 *
 * Returns: the largest TSO header
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_qp_init_attr_ex_get_max_tso_header,
                      GVerbsQPInitAttrEx, GVERBS_IS_QP_INIT_ATTR_EX, 0, self->max_tso_header)

/**
 * gverbs_qp_init_attr_ex_get_send_ops_flags:
 * @self: a #GVerbsQPInitAttrEx
 *
 * Gets the operations of the extended send API.
 *
 * Returns: the operations of the extended send API
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsQPCreateSendOpsFlags, gverbs_qp_init_attr_ex_get_send_ops_flags,
                      GVerbsQPInitAttrEx, GVERBS_IS_QP_INIT_ATTR_EX, 0, self->send_ops_flags)

/**
 * gverbs_qp_init_attr_ex_get_source_qpn:
 * @self: a #GVerbsQPInitAttrEx
 *
 * Gets the source QP number.
 *
 * Returns: the source QP number
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_qp_init_attr_ex_get_source_qpn,
                      GVerbsQPInitAttrEx, GVERBS_IS_QP_INIT_ATTR_EX, 0, self->source_qpn)

/**
 * gverbs_qp_init_attr_ex_get_rwq_ind_tbl:
 * @self: a #GVerbsQPInitAttrEx
 *
 * Gets the receive work queue indirection table that an RSS queue pair
 * spreads its packets over (`ibv_qp_init_attr_ex.rwq_ind_tbl`).
 *
 * Returns: (transfer none) (nullable): the indirection table of an RSS queue pair
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsRwqIndTable *, gverbs_qp_init_attr_ex_get_rwq_ind_tbl,
                      GVerbsQPInitAttrEx, GVERBS_IS_QP_INIT_ATTR_EX, NULL, self->rwq_ind_tbl)

/**
 * gverbs_qp_init_attr_ex_get_rx_hash_conf:
 * @self: a #GVerbsQPInitAttrEx
 *
 * Gets the hash that picks the entry of the indirection table for each packet
 * of an RSS queue pair (`ibv_qp_init_attr_ex.rx_hash_conf`).
 *
 * Returns: (transfer none) (nullable): the hash of an RSS queue pair
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsRxHashConf *, gverbs_qp_init_attr_ex_get_rx_hash_conf,
                      GVerbsQPInitAttrEx, GVERBS_IS_QP_INIT_ATTR_EX, NULL, self->rx_hash_conf)

void
_gverbs_qp_init_attr_ex_to_ibv (GVerbsQPInitAttrEx         *self,
                                struct ibv_qp_init_attr_ex *out)
{
  out->comp_mask = self->comp_mask;
  out->create_flags = self->create_flags;
  out->max_tso_header = self->max_tso_header;
  out->send_ops_flags = self->send_ops_flags;
  out->source_qpn = self->source_qpn;
  if ((self->comp_mask & IBV_QP_INIT_ATTR_RX_HASH) && self->rx_hash_conf != NULL)
    _gverbs_rx_hash_conf_fill (self->rx_hash_conf, &out->rx_hash_conf);
}
