/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <infiniband/verbs.h>

#include "gverbs-qp-init-attr.h"
#include "gverbs-qp-init-attr-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsQPInitAttr:
 *
 * What a queue pair is created with (`struct ibv_qp_init_attr`): its type,
 * the completion queues of its send and receive queues, the capacities it
 * asks for, and whether every send work request completes signaled.
 *
 * Either completion queue may be an extended one (a #GVerbsCQEX is a
 * #GVerbsCQ), as pyverbs accepts a `CQ` or a `CQEX` for `scq` and `rcq`.
 * #GVerbsQPInitAttrEx derives from it.
 *
 * When to use it: to create a #GVerbsQP: its type, its CQs, its capacities
 * and, optionally, a shared receive queue (#GVerbsQPInitAttr:srq).
 *
 * ```c
 * // given: GVerbsPD *pd; GVerbsCQ *send_cq; GVerbsCQ *recv_cq;
 * GVerbsQPCap cap = { .max_send_wr = 128, .max_recv_wr = 128, .max_send_sge = 2, .max_recv_sge = 1 };
 * g_autoptr(GVerbsQPInitAttr) init = gverbs_qp_init_attr_new (GVERBS_QPT_UD, send_cq, recv_cq, &cap);
 * g_autoptr(GVerbsQP) qp = NULL;
 *
 * g_object_set (init, "sq-sig-all", FALSE, NULL);   // only requests flagged SIGNALED complete
 * qp = gverbs_qp_new (pd, init, NULL, &error);
 * ```
 *
 * Python takes pyverbs' keywords, with `scq` and `rcq` for the CQs:
 *
 * ```python
 * init = Verbs.QPInitAttr(qp_type=Verbs.QPType.UD, scq=cq, rcq=cq, cap=Verbs.QPCap(128, 128))
 * ```
 *
 * Since: 0.1
 */
typedef struct
{
  GVerbsQPType qp_type;
  GVerbsCQ *send_cq;
  GVerbsCQ *recv_cq;
  GVerbsSRQ *srq;
  GVerbsQPCap cap;
  gboolean sq_sig_all;
} GVerbsQPInitAttrPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (GVerbsQPInitAttr, gverbs_qp_init_attr, G_TYPE_OBJECT)

static const GVerbsField fields[] = {
  /**
   * GVerbsQPInitAttr:qp-type:
   *
   * The transport of the queue pair (pyverbs' default: UD).
   */
  GVERBS_PROP_ENUM (GVerbsQPInitAttrPrivate, qp_type, "qp-type", gverbs_qp_type_get_type, GVERBS_QPT_UD,
                    G_PARAM_READWRITE),
  /**
   * GVerbsQPInitAttr:send-cq:
   *
   * The completion queue of the send queue: a #GVerbsCQ or a #GVerbsCQEX.
   */
  GVERBS_PROP_OBJECT (GVerbsQPInitAttrPrivate, send_cq, "send-cq", gverbs_cq_get_type,
                      G_PARAM_READWRITE),
  /**
   * GVerbsQPInitAttr:recv-cq:
   *
   * The completion queue of the receive queue: a #GVerbsCQ or a
   * #GVerbsCQEX.
   */
  GVERBS_PROP_OBJECT (GVerbsQPInitAttrPrivate, recv_cq, "recv-cq", gverbs_cq_get_type,
                      G_PARAM_READWRITE),
  /**
   * GVerbsQPInitAttr:cap:
   *
   * The capacities asked for.
   */
  GVERBS_PROP_INLINE_BOXED (GVerbsQPInitAttrPrivate, cap, "cap", gverbs_qp_cap_get_type, NULL,
                            G_PARAM_READWRITE),
  /**
   * GVerbsQPInitAttr:sq-sig-all:
   *
   * Whether every send work request generates a completion, whatever its
   * %GVERBS_SEND_SIGNALED flag says.
   */
  GVERBS_PROP_BOOLEAN (GVerbsQPInitAttrPrivate, sq_sig_all, "sq-sig-all", TRUE, G_PARAM_READWRITE),
  /**
   * GVerbsQPInitAttr:srq:
   *
   * The shared receive queue the queue pair takes its receives from, or
   * %NULL for a receive queue of its own.
   */
  GVERBS_PROP_OBJECT (GVerbsQPInitAttrPrivate, srq, "srq", gverbs_srq_get_type, G_PARAM_READWRITE),
};

static void
gverbs_qp_init_attr_dispose (GObject *object)
{
  _gverbs_properties_clear (gverbs_qp_init_attr_get_instance_private (GVERBS_QP_INIT_ATTR (object)),
                            fields, G_N_ELEMENTS (fields));
  G_OBJECT_CLASS (gverbs_qp_init_attr_parent_class)->dispose (object);
}

static void
gverbs_qp_init_attr_class_init (GVerbsQPInitAttrClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gverbs_qp_init_attr_dispose;
  _gverbs_properties_install_private (object_class, 1, fields, G_N_ELEMENTS (fields), NULL,
                                      GVerbsQPInitAttr_private_offset);
}

static void
gverbs_qp_init_attr_init (GVerbsQPInitAttr *attr)
{
  GVerbsQPInitAttrPrivate *priv = gverbs_qp_init_attr_get_instance_private (attr);

  priv->qp_type = GVERBS_QPT_UD;
  priv->sq_sig_all = TRUE;
  priv->cap = (GVerbsQPCap) { 1, 10, 1, 1, 0 };
}

/**
 * gverbs_qp_init_attr_new:
 * @qp_type: the transport
 * @send_cq: (nullable): completion queue of the send queue
 * @recv_cq: (nullable): completion queue of the receive queue
 * @cap: (nullable): the capacities; %NULL for pyverbs' defaults (1 send and
 *   10 receive work requests, 1 SGE each, no inline data)
 *
 * Makes creation attributes; #GVerbsQPInitAttr:sq-sig-all starts %TRUE as
 * in pyverbs.
 *
 * Returns: (transfer full): the attributes
 *
 * Since: 0.1
 */
GVerbsQPInitAttr *
gverbs_qp_init_attr_new (GVerbsQPType       qp_type,
                         GVerbsCQ          *send_cq,
                         GVerbsCQ          *recv_cq,
                         const GVerbsQPCap *cap)
{
  GVerbsQPInitAttr *self;

  g_return_val_if_fail (send_cq == NULL || GVERBS_IS_CQ (send_cq), NULL);
  g_return_val_if_fail (recv_cq == NULL || GVERBS_IS_CQ (recv_cq), NULL);
  self = g_object_new (GVERBS_TYPE_QP_INIT_ATTR, "qp-type", qp_type,
                       "send-cq", send_cq, "recv-cq", recv_cq, NULL);
  if (cap != NULL)
    g_object_set (self, "cap", cap, NULL);
  return self;
}

/**
 * gverbs_qp_init_attr_new_full:
 * @qp_type: #GVerbsQPInitAttr:qp-type
 * @send_cq: (nullable): #GVerbsQPInitAttr:send-cq
 * @recv_cq: (nullable): #GVerbsQPInitAttr:recv-cq
 * @srq: (nullable): #GVerbsQPInitAttr:srq
 * @cap: (nullable): #GVerbsQPInitAttr:cap; %NULL for pyverbs' defaults, as
 *   in gverbs_qp_init_attr_new()
 * @sq_sig_all: #GVerbsQPInitAttr:sq-sig-all
 *
 * Makes creation attributes with every field in one call, in the order of
 * pyverbs' `QPInitAttr(qp_type, qp_context, scq, rcq, srq, cap,
 * sq_sig_all)` without its Python-only `qp_context` (the Python override's
 * constructor is this call).
 *
 * Returns: (transfer full): the attributes
 *
 * Since: 0.1
 */
GVerbsQPInitAttr *
gverbs_qp_init_attr_new_full (GVerbsQPType       qp_type,
                              GVerbsCQ          *send_cq,
                              GVerbsCQ          *recv_cq,
                              GVerbsSRQ         *srq,
                              const GVerbsQPCap *cap,
                              gboolean           sq_sig_all)
{
  GVerbsQPInitAttr *self;

  g_return_val_if_fail (srq == NULL || GVERBS_IS_SRQ (srq), NULL);
  self = gverbs_qp_init_attr_new (qp_type, send_cq, recv_cq, cap);
  if (self != NULL)
    g_object_set (self, "srq", srq, "sq-sig-all", sq_sig_all, NULL);
  return self;
}

#define PRIV(self) ((GVerbsQPInitAttrPrivate *) gverbs_qp_init_attr_get_instance_private (self))

/**
 * gverbs_qp_init_attr_get_qp_type:
 * @self: a #GVerbsQPInitAttr
 *
 * Gets the transport.
 *
 * Returns: the transport
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsQPType, gverbs_qp_init_attr_get_qp_type,
                      GVerbsQPInitAttr, GVERBS_IS_QP_INIT_ATTR, 0, PRIV (self)->qp_type)

/**
 * gverbs_qp_init_attr_get_srq:
 * @self: a #GVerbsQPInitAttr
 *
 * Gets the shared receive queue, if any.
 *
 * Returns: (transfer none) (nullable): the shared receive queue, if any
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsSRQ *, gverbs_qp_init_attr_get_srq,
                      GVerbsQPInitAttr, GVERBS_IS_QP_INIT_ATTR, NULL, PRIV (self)->srq)

/**
 * gverbs_qp_init_attr_get_send_cq:
 * @self: a #GVerbsQPInitAttr
 *
 * Gets the completion queue of the send queue.
 *
 * Returns: (transfer none) (nullable): the completion queue of the send queue
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsCQ *, gverbs_qp_init_attr_get_send_cq,
                      GVerbsQPInitAttr, GVERBS_IS_QP_INIT_ATTR, NULL, PRIV (self)->send_cq)

/**
 * gverbs_qp_init_attr_get_recv_cq:
 * @self: a #GVerbsQPInitAttr
 *
 * Gets the completion queue of the receive queue.
 *
 * Returns: (transfer none) (nullable): the completion queue of the receive queue
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsCQ *, gverbs_qp_init_attr_get_recv_cq,
                      GVerbsQPInitAttr, GVERBS_IS_QP_INIT_ATTR, NULL, PRIV (self)->recv_cq)

/**
 * gverbs_qp_init_attr_get_cap:
 * @self: a #GVerbsQPInitAttr
 * @cap: (out caller-allocates): the capacities
 *
 * Copies the capacities out.
 *
 * Since: 0.1
 */
void
gverbs_qp_init_attr_get_cap (GVerbsQPInitAttr *self,
                             GVerbsQPCap      *cap)
{
  GVerbsQPInitAttrPrivate *priv = gverbs_qp_init_attr_get_instance_private (self);
  g_return_if_fail (GVERBS_IS_QP_INIT_ATTR (self));
  g_return_if_fail (cap != NULL);
  *cap = priv->cap;
}

/**
 * gverbs_qp_init_attr_get_sq_sig_all:
 * @self: a #GVerbsQPInitAttr
 *
 * Checks whether every send work request completes signaled.
 *
 * Returns: whether every send work request completes signaled
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (gboolean, gverbs_qp_init_attr_get_sq_sig_all,
                      GVerbsQPInitAttr, GVERBS_IS_QP_INIT_ATTR, FALSE, PRIV (self)->sq_sig_all)

static const char *
qp_type_text (int type)
{
  switch (type)
    {
    case IBV_QPT_RC: return "RC";
    case IBV_QPT_UC: return "UC";
    case IBV_QPT_UD: return "UD";
    case IBV_QPT_RAW_PACKET: return "Raw Packet";
    case IBV_QPT_XRC_SEND: return "XRCD_SEND";
    case IBV_QPT_XRC_RECV: return "XRCD_RECV";
    case IBV_QPT_DRIVER: return "Driver QP";
    default: return NULL;
    }
}

/**
 * gverbs_qp_init_attr_to_string:
 * @self: a #GVerbsQPInitAttr
 *
 * Formats the attributes in the layout pyverbs prints for `QPInitAttr`.
 *
 * Returns: (transfer full): the text
 *
 * Since: 0.1
 */
char *
gverbs_qp_init_attr_to_string (GVerbsQPInitAttr *self)
{
  GVerbsQPInitAttrPrivate *priv = gverbs_qp_init_attr_get_instance_private (self);
  GString *out;
  g_autofree char *type = NULL;

  g_return_val_if_fail (GVERBS_IS_QP_INIT_ATTR (self), NULL);
  out = g_string_new (NULL);
  type = qp_type_text (priv->qp_type) ? g_strdup (qp_type_text (priv->qp_type))
                                      : g_strdup_printf ("Unknown (%d)", priv->qp_type);
  _gverbs_append_row (out, 20, "QP type", type);
  _gverbs_append_int_row (out, 20, "SQ sig. all", priv->sq_sig_all ? 1 : 0);
  g_string_append (out, "QP caps:\n");
  g_string_append_printf (out, "    %-20s: %-20u\n", "max send WR", priv->cap.max_send_wr);
  g_string_append_printf (out, "    %-20s: %-20u\n", "max recv WR", priv->cap.max_recv_wr);
  g_string_append_printf (out, "    %-20s: %-20u\n", "max send SGE", priv->cap.max_send_sge);
  g_string_append_printf (out, "    %-20s: %-20u\n", "max recv SGE", priv->cap.max_recv_sge);
  g_string_append_printf (out, "    %-20s: %-20u\n", "max inline data", priv->cap.max_inline_data);
  return g_string_free (out, FALSE);
}

void
_gverbs_qp_init_attr_to_ibv (GVerbsQPInitAttr        *self,
                             struct ibv_qp_init_attr *out)
{
  GVerbsQPInitAttrPrivate *priv = gverbs_qp_init_attr_get_instance_private (self);
  memset (out, 0, sizeof *out);
  out->qp_type = (enum ibv_qp_type) priv->qp_type;
  memcpy (&out->cap, &priv->cap, sizeof out->cap);
  out->sq_sig_all = priv->sq_sig_all ? 1 : 0;
}

GVerbsQPInitAttr *
_gverbs_qp_init_attr_new_from_ibv (const struct ibv_qp_init_attr *in,
                                   GVerbsCQ                      *send_cq,
                                   GVerbsCQ                      *recv_cq)
{
  GVerbsQPInitAttr *self = gverbs_qp_init_attr_new ((GVerbsQPType) in->qp_type, send_cq, recv_cq,
                                                    (const GVerbsQPCap *) &in->cap);

  g_object_set (self, "sq-sig-all", in->sq_sig_all != 0, NULL);
  return self;
}
