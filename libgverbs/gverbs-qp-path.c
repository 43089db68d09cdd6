/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <string.h>
#include <infiniband/verbs.h>
#include <glib/gi18n-lib.h>

#include "gverbs-path.h"
#include "gverbs-path-private.h"
#include "gverbs-qp-attr-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-error.h"

/* The queue pair transitions of python-rdma's QP.modify_to_*(path): which
 * attributes each QP type needs, filled from a GVerbsPath. */

#define V(path, f) _gverbs_path_get ((path), GVERBS_PATH_FIELD_##f)

static gboolean
check_type (GVerbsQP    *qp,
            const char  *what,
            GError     **error)
{
  GVerbsQPType type = gverbs_qp_get_qp_type (qp);

  if (type == GVERBS_QPT_RC || type == GVERBS_QPT_UC || type == GVERBS_QPT_UD)
    return TRUE;
  g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED,
               _("%s from a path supports RC, UC and UD queue pairs, not type %d"), what, (int) type);
  return FALSE;
}

/**
 * gverbs_qp_modify_to_init:
 * @qp: a #GVerbsQP in RESET
 * @path: the path (its port, P_Key index and, for UD, Q_Key are used)
 * @access: remote access flags for RC and UC queue pairs (ignored for UD)
 * @error: return location for a #GError
 *
 * Moves @qp to INIT (python-rdma's `QP.modify_to_init(path, access)`).
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_modify_to_init (GVerbsQP          *qp,
                          GVerbsPath        *path,
                          GVerbsAccessFlags  access,
                          GError           **error)
{
  g_autoptr(GVerbsQPAttr) attr = NULL;
  struct ibv_qp_attr *a;
  int mask = IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT;

  g_return_val_if_fail (GVERBS_IS_QP (qp), FALSE);
  g_return_val_if_fail (GVERBS_IS_PATH (path), FALSE);
  if (!check_type (qp, "modify_to_init", error))
    return FALSE;

  attr = gverbs_qp_attr_new ();
  a = _gverbs_qp_attr_get_ibv (attr);
  a->qp_state = IBV_QPS_INIT;
  a->pkey_index = (uint16_t) V (path, PKEY_INDEX);
  a->port_num = (uint8_t) V (path, PORT_NUM);
  if (gverbs_qp_get_qp_type (qp) == GVERBS_QPT_UD)
    {
      a->qkey = V (path, QKEY);
      mask |= IBV_QP_QKEY;
    }
  else
    {
      a->qp_access_flags = (unsigned int) access;
      mask |= IBV_QP_ACCESS_FLAGS;
    }
  return gverbs_qp_modify (qp, attr, (GVerbsQPAttrMask) mask, error);
}

static void
fill_av (GVerbsPath         *path,
         struct ibv_ah_attr *ah)
{
  memset (ah, 0, sizeof *ah);
  ah->dlid = (uint16_t) V (path, DLID);
  ah->sl = (uint8_t) V (path, SL);
  ah->static_rate = (uint8_t) V (path, RATE);
  ah->port_num = (uint8_t) V (path, PORT_NUM);
  ah->is_global = gverbs_path_get_has_grh (path);
  if (ah->is_global)
    {
      memcpy (ah->grh.dgid.raw, _gverbs_path_peek_gid (path, TRUE)->raw, 16);
      ah->grh.sgid_index = (uint8_t) V (path, SGID_INDEX);
      ah->grh.flow_label = V (path, FLOW_LABEL);
      ah->grh.hop_limit = (uint8_t) V (path, HOP_LIMIT);
      ah->grh.traffic_class = (uint8_t) V (path, TRAFFIC_CLASS);
    }
}

/**
 * gverbs_qp_modify_to_rtr:
 * @qp: a #GVerbsQP in INIT
 * @path: the path to the peer
 * @error: return location for a #GError
 *
 * Moves @qp to RTR (python-rdma's `QP.modify_to_rtr(path)`). RC and UC
 * take the address vector, MTU, the peer's QP number and its PSN as the
 * receive PSN; RC also the RNR timer and #GVerbsPath:max-dest-rd-atomic.
 * UD needs only the state.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_modify_to_rtr (GVerbsQP    *qp,
                         GVerbsPath  *path,
                         GError     **error)
{
  g_autoptr(GVerbsQPAttr) attr = NULL;
  struct ibv_qp_attr *a;
  int mask = IBV_QP_STATE;
  GVerbsQPType type;

  g_return_val_if_fail (GVERBS_IS_QP (qp), FALSE);
  g_return_val_if_fail (GVERBS_IS_PATH (path), FALSE);
  if (!check_type (qp, "modify_to_rtr", error))
    return FALSE;

  type = gverbs_qp_get_qp_type (qp);
  attr = gverbs_qp_attr_new ();
  a = _gverbs_qp_attr_get_ibv (attr);
  a->qp_state = IBV_QPS_RTR;
  if (type != GVERBS_QPT_UD)
    {
      fill_av (path, &a->ah_attr);
      a->path_mtu = (enum ibv_mtu) V (path, MTU);
      a->dest_qp_num = V (path, DQPN);
      a->rq_psn = V (path, DQPSN);
      mask |= IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN | IBV_QP_RQ_PSN;
    }
  if (type == GVERBS_QPT_RC)
    {
      a->max_dest_rd_atomic = (uint8_t) V (path, MAX_DEST_RD_ATOMIC);
      a->min_rnr_timer = (uint8_t) V (path, MIN_RNR_TIMER);
      mask |= IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER;
    }
  return gverbs_qp_modify (qp, attr, (GVerbsQPAttrMask) mask, error);
}

/**
 * gverbs_qp_modify_to_rts:
 * @qp: a #GVerbsQP in RTR
 * @path: the path to the peer
 * @error: return location for a #GError
 *
 * Moves @qp to RTS (python-rdma's `QP.modify_to_rts(path)`) with
 * #GVerbsPath:sqpsn as send PSN; RC also takes the timeout, both retry
 * counts and #GVerbsPath:max-rd-atomic.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_modify_to_rts (GVerbsQP    *qp,
                         GVerbsPath  *path,
                         GError     **error)
{
  g_autoptr(GVerbsQPAttr) attr = NULL;
  struct ibv_qp_attr *a;
  int mask = IBV_QP_STATE | IBV_QP_SQ_PSN;

  g_return_val_if_fail (GVERBS_IS_QP (qp), FALSE);
  g_return_val_if_fail (GVERBS_IS_PATH (path), FALSE);
  if (!check_type (qp, "modify_to_rts", error))
    return FALSE;

  attr = gverbs_qp_attr_new ();
  a = _gverbs_qp_attr_get_ibv (attr);
  a->qp_state = IBV_QPS_RTS;
  a->sq_psn = V (path, SQPSN);
  if (gverbs_qp_get_qp_type (qp) == GVERBS_QPT_RC)
    {
      a->timeout = (uint8_t) V (path, TIMEOUT);
      a->retry_cnt = (uint8_t) V (path, RETRY_CNT);
      a->rnr_retry = (uint8_t) V (path, RNR_RETRY);
      a->max_rd_atomic = (uint8_t) V (path, MAX_RD_ATOMIC);
      mask |= IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY | IBV_QP_MAX_QP_RD_ATOMIC;
    }
  return gverbs_qp_modify (qp, attr, (GVerbsQPAttrMask) mask, error);
}
