/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <endian.h>
#include <glib/gi18n-lib.h>
#include <rdma/rdma_verbs.h>

#include "gverbs-cm-id.h"
#include "gverbs-cm-id-private.h"
#include "gverbs-ah-private.h"
#include "gverbs-mr-private.h"
#include "gverbs-ud-param-private.h"
#include "gverbs-ah-attr-private.h"
#include "gverbs-error.h"

/* Unreliable datagrams on a GVerbsCMID (RDMA_PS_UDP). */

/**
 * gverbs_cm_id_post_ud_send:
 * @self: a #GVerbsCMID with a UD QP
 * @buffer: a memory region on the identifier's protection domain
 * @offset: where in @buffer the message starts
 * @length: its length in bytes (at most the path MTU)
 * @ah: the destination, an address handle on the identifier's protection
 *   domain (from #GVerbsCMID:ud-param's #GVerbsUDParam:ah-attr, or
 *   gverbs_cm_id_create_ah_from_wc())
 * @remote_qpn: the destination QP number (0xffffff for a multicast group)
 * @flags: send flags (%GVERBS_SEND_SIGNALED for a completion)
 * @wr_id: the work request id its completion reports
 * @error: return location for a #GError
 *
 * Posts a datagram (`rdma_post_ud_send()`, with librdmacm's Q_Key
 * `RDMA_UDP_QKEY`); pyverbs' `post_ud_send()`. The receiver's buffer needs
 * 40 bytes more in front, for the GRH.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_post_ud_send (GVerbsCMID       *self,
                           GVerbsMR         *buffer,
                           gsize             offset,
                           gsize             length,
                           GVerbsAH         *ah,
                           guint32           remote_qpn,
                           GVerbsSendFlags   flags,
                           guint64           wr_id,
                           GError          **error)
{
  struct ibv_mr *mr;
  void *addr;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_MR (buffer), FALSE);
  g_return_val_if_fail (GVERBS_IS_AH (ah), FALSE);

  if (!_gverbs_cm_id_check_post (self, "rdma_post_ud_send", ah, buffer, offset, length, &addr, &mr, error))
    return FALSE;
  errno = 0;
  if (rdma_post_ud_send (_gverbs_cm_id_get_id (self), (void *) (guintptr) wr_id, addr, length,
                         mr, flags, _gverbs_ah_get_ibv (ah), remote_qpn) != 0)
    return _gverbs_cm_id_set_errno_error (self, error, "rdma_post_ud_send");
  return TRUE;
}

/**
 * gverbs_cm_id_post_ud_send_with_imm:
 * @self: a #GVerbsCMID with a UD QP
 * @buffer: a memory region on the identifier's protection domain
 * @offset: where in @buffer the message starts
 * @length: its length in bytes
 * @ah: the destination address handle, on the identifier's protection domain
 * @remote_qpn: the destination QP number
 * @remote_qkey: the destination Q_Key (#GVerbsUDParam:qkey)
 * @imm_data: the immediate data, in host byte order (it travels in network
 *   order: the receiver's #GVerbsWC has it as rdma-core's `__be32`)
 * @flags: send flags (%GVERBS_SEND_SIGNALED for a completion)
 * @wr_id: the work request id its completion reports
 * @error: return location for a #GError
 *
 * Posts a datagram with immediate data (`IBV_WR_SEND_WITH_IMM`) to any
 * Q_Key, as rdma-core's `udaddy` does (its immediate data is the sender's
 * QP number).
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_cm_id_post_ud_send_with_imm (GVerbsCMID       *self,
                                    GVerbsMR         *buffer,
                                    gsize             offset,
                                    gsize             length,
                                    GVerbsAH         *ah,
                                    guint32           remote_qpn,
                                    guint32           remote_qkey,
                                    guint32           imm_data,
                                    GVerbsSendFlags   flags,
                                    guint64           wr_id,
                                    GError          **error)
{
  struct ibv_send_wr wr, *bad = NULL;
  struct ibv_sge sge;
  struct ibv_mr *mr;
  void *addr;
  int rc;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_MR (buffer), FALSE);
  g_return_val_if_fail (GVERBS_IS_AH (ah), FALSE);

  if (!_gverbs_cm_id_check_post (self, "ibv_post_send", ah, buffer, offset, length, &addr, &mr, error))
    return FALSE;
  memset (&wr, 0, sizeof wr);
  sge.addr = (guintptr) addr;
  sge.length = (guint32) length;
  sge.lkey = mr->lkey;
  wr.wr_id = wr_id;
  wr.sg_list = &sge;
  wr.num_sge = 1;
  wr.opcode = IBV_WR_SEND_WITH_IMM;
  wr.send_flags = flags;
  wr.imm_data = htobe32 (imm_data);
  wr.wr.ud.ah = _gverbs_ah_get_ibv (ah);
  wr.wr.ud.remote_qpn = remote_qpn;
  wr.wr.ud.remote_qkey = remote_qkey;
  rc = ibv_post_send (_gverbs_cm_id_get_id (self)->qp, &wr, &bad);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_post_send", _gverbs_resource_describe (self), NULL);
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_cm_id_create_ah_from_wc:
 * @self: a #GVerbsCMID with a UD QP
 * @wc: the completion of a datagram it received
 * @grh_buffer: the memory region the datagram arrived in
 * @offset: where in @grh_buffer the receive started (the 40-byte GRH)
 * @error: return location for a #GError
 *
 * Creates an address handle back to the sender of a received datagram
 * (`ibv_init_ah_from_wc()` on the identifier's port, then `ibv_create_ah()`
 * on its protection domain): how a UD server answers, the sender's QP
 * number being @wc's #GVerbsWC.src_qp.
 *
 * Returns: (transfer full): the address handle, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsAH *
gverbs_cm_id_create_ah_from_wc (GVerbsCMID      *self,
                                const GVerbsWC  *wc,
                                GVerbsMR        *grh_buffer,
                                gsize            offset,
                                GError         **error)
{
  g_autoptr(GVerbsAHAttr) attr = NULL;
  struct ibv_ah_attr ah_attr;
  struct ibv_wc ibv_wc;
  struct rdma_cm_id *id;
  struct ibv_mr *mr;
  void *grh;
  int rc;

  g_return_val_if_fail (GVERBS_IS_CM_ID (self), NULL);
  g_return_val_if_fail (wc != NULL, NULL);
  g_return_val_if_fail (GVERBS_IS_MR (grh_buffer), NULL);

  if (!_gverbs_cm_id_check_post (self, "ibv_init_ah_from_wc", NULL, grh_buffer, offset,
                                 sizeof (struct ibv_grh), &grh, &mr, error))
    return NULL;
  if (wc->status != GVERBS_WC_SUCCESS || wc->opcode != GVERBS_WC_RECV ||
      !(wc->wc_flags & GVERBS_WC_GRH))
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("ibv_init_ah_from_wc on %s: the work completion is not a successful "
                     "receive with a GRH"), _gverbs_resource_describe (self));
      return NULL;
    }
  id = _gverbs_cm_id_get_id (self);
  memset (&ibv_wc, 0, sizeof ibv_wc);
  ibv_wc.wr_id = wc->wr_id;
  ibv_wc.status = IBV_WC_SUCCESS;
  ibv_wc.opcode = IBV_WC_RECV;
  ibv_wc.byte_len = wc->byte_len;
  ibv_wc.imm_data = wc->imm_data;
  ibv_wc.qp_num = wc->qp_num;
  ibv_wc.src_qp = wc->src_qp;
  ibv_wc.wc_flags = wc->wc_flags;
  ibv_wc.pkey_index = wc->pkey_index;
  ibv_wc.slid = wc->slid;
  ibv_wc.sl = wc->sl;
  ibv_wc.dlid_path_bits = wc->dlid_path_bits;
  rc = ibv_init_ah_from_wc (id->verbs, id->port_num, &ibv_wc, grh, &ah_attr);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, errno ? errno : EINVAL, "ibv_init_ah_from_wc",
                               _gverbs_resource_describe (self), NULL);
      return NULL;
    }
  attr = _gverbs_ah_attr_new_from_ibv (&ah_attr);
  return gverbs_ah_new (gverbs_cm_id_get_pd (self), attr, error);
}
