/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include "gverbs-ud-param.h"
#include "gverbs-ud-param-private.h"
#include "gverbs-ah-attr-private.h"
#include "gverbs-global-route.h"
#include "gverbs-gid.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsUDParam:
 *
 * Where an unreliable-datagram peer is (`struct rdma_ud_param`, pyverbs'
 * `UDParam`): the remote QP number and Q_Key, and the address vector to
 * create a #GVerbsAH from. rdma_cm reports it when a %GVERBS_RDMA_PS_UDP
 * identifier's "connection" is established (the peer's QP) and when a
 * multicast join completes (the group); see #GVerbsCMID:ud-param.
 *
 * When to use it: after a %GVERBS_RDMA_PS_UDP identifier is established or
 * a multicast join completes, to address datagrams to that peer.
 *
 * ```c
 * // given: GVerbsCMID *id; GVerbsPD *pd; GVerbsSendWR wr;
 * GVerbsUDParam *ud = gverbs_cm_id_get_ud_param (id);   // NULL until established
 * g_autoptr(GVerbsAH) ah = NULL;
 *
 * if (ud == NULL)
 *   return;
 * ah = gverbs_ah_new (pd, gverbs_ud_param_get_ah_attr (ud), &error);
 * if (ah != NULL)
 *   gverbs_send_wr_set_wr_ud (&wr, ah, gverbs_ud_param_get_qp_num (ud),
 *                             gverbs_ud_param_get_qkey (ud));
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsUDParam
{
  GObject parent_instance;

  guint32 qp_num;
  guint32 qkey;
  GVerbsAHAttr *ah_attr;
};

static const GVerbsField fields[] = {
  /**
   * GVerbsUDParam:qp-num:
   *
   * The remote QP number (0xffffff for a multicast group).
   */
  GVERBS_PROP_UINT (GVerbsUDParam, qp_num, "qp-num", G_MAXUINT32, 0, G_PARAM_READABLE),
  /**
   * GVerbsUDParam:qkey:
   *
   * The Q_Key of the remote QP or group.
   */
  GVERBS_PROP_UINT (GVerbsUDParam, qkey, "qkey", G_MAXUINT32, 0, G_PARAM_READABLE),
  /**
   * GVerbsUDParam:ah-attr:
   *
   * The address vector of the peer or group, for gverbs_ah_new().
   */
  GVERBS_PROP_OBJECT (GVerbsUDParam, ah_attr, "ah-attr", gverbs_ah_attr_get_type, G_PARAM_READABLE),
};

GVERBS_DEFINE_PROPERTIES_TYPE (GVerbsUDParam, gverbs_ud_param, fields)

GVerbsUDParam *
_gverbs_ud_param_new (guint32                   qp_num,
                      guint32                   qkey,
                      const struct ibv_ah_attr *ah_attr)
{
  GVerbsUDParam *self = g_object_new (GVERBS_TYPE_UD_PARAM, NULL);

  self->qp_num = qp_num;
  self->qkey = qkey;
  self->ah_attr = _gverbs_ah_attr_new_from_ibv (ah_attr);
  return self;
}

/**
 * gverbs_ud_param_get_qp_num:
 * @self: a #GVerbsUDParam
 *
 * Gets the remote QP number.
 *
 * Returns: the remote QP number
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_ud_param_get_qp_num,
                      GVerbsUDParam, GVERBS_IS_UD_PARAM, 0, self->qp_num)

/**
 * gverbs_ud_param_get_qkey:
 * @self: a #GVerbsUDParam
 *
 * Gets the remote Q_Key.
 *
 * Returns: the remote Q_Key
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_ud_param_get_qkey,
                      GVerbsUDParam, GVERBS_IS_UD_PARAM, 0, self->qkey)

/**
 * gverbs_ud_param_get_ah_attr:
 * @self: a #GVerbsUDParam
 *
 * Gets the address vector of the peer or group.
 *
 * Returns: (transfer none): the address vector of the peer or group
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsAHAttr *, gverbs_ud_param_get_ah_attr,
                      GVerbsUDParam, GVERBS_IS_UD_PARAM, NULL, self->ah_attr)
