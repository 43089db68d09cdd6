/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Binding memory windows through a queue pair: type 1 with ibv_bind_mw(),
 * type 2 with an IBV_WR_BIND_MW work request. */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "gverbs-qp.h"
#include "gverbs-qp-private.h"
#include "gverbs-mw-private.h"
#include "gverbs-mr-private.h"
#include "gverbs-error.h"

gboolean
_gverbs_qp_check_bind (GVerbsQP     *self,
                       GVerbsMW     *mw,
                       GVerbsMR     *mr,
                       guint64       addr,
                       guint64       length,
                       GError      **error)
{
  struct ibv_mr *ibv_mr;

  if (!_gverbs_resource_check_open (self, error) || !_gverbs_resource_check_open (mw, error))
    return FALSE;
  if (mr == NULL)
    return TRUE;    /* unbind */
  if (!_gverbs_resource_check_open (mr, error))
    return FALSE;
  ibv_mr = _gverbs_mr_get_ibv (mr);
  if (addr < (guint64) (guintptr) ibv_mr->addr || length > ibv_mr->length ||
      addr - (guint64) (guintptr) ibv_mr->addr > ibv_mr->length - length)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   _("Binding %s: the window 0x%" PRIx64 "+%" PRIu64
                     " is not inside %s"), _gverbs_resource_describe (mw), addr, length,
                   _gverbs_resource_describe (mr));
      return FALSE;
    }
  return TRUE;
}

void
_gverbs_qp_fill_bind_info (struct ibv_mw_bind_info *info,
                           GVerbsMR                *mr,
                           guint64                  addr,
                           guint64                  length,
                           GVerbsAccessFlags        access)
{
  info->mr = mr != NULL ? _gverbs_mr_get_ibv (mr) : NULL;
  info->addr = addr;
  info->length = length;
  info->mw_access_flags = access;
}

void
_gverbs_qp_bound_type2 (GVerbsMW *mw,
                        GVerbsMR *mr,
                        guint32   rkey)
{
  /* rdma-core leaves tracking a type 2 window's rkey to the caller */
  _gverbs_mw_get_ibv (mw)->rkey = rkey;
  _gverbs_mw_bound (mw, mr);
}

/**
 * gverbs_qp_bind_mw:
 * @self: an open #GVerbsQP (RC or UC, in RTS)
 * @mw: a type 1 #GVerbsMW
 * @mr: (nullable): the memory region to open a window on (it needs
 *   %GVERBS_ACCESS_MW_BIND), or %NULL to unbind
 * @addr: where the window starts
 * @length: its length
 * @access: the remote access the window grants
 * @wr_id: the id of the bind's work completion
 * @send_flags: flags of the bind (%GVERBS_SEND_SIGNALED for a completion)
 * @error: return location for a #GError
 *
 * Binds a type 1 memory window (`ibv_bind_mw()`). On success the window
 * has a new #GVerbsMW:rkey, valid once the bind completed.
 *
 * Returns: %TRUE if the bind was posted
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_bind_mw (GVerbsQP          *self,
                   GVerbsMW          *mw,
                   GVerbsMR          *mr,
                   guint64            addr,
                   guint64            length,
                   GVerbsAccessFlags  access,
                   guint64            wr_id,
                   GVerbsSendFlags    send_flags,
                   GError           **error)
{
  struct ibv_mw_bind bind = { 0 };
  int rc;

  g_return_val_if_fail (GVERBS_IS_QP (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_MW (mw), FALSE);
  g_return_val_if_fail (mr == NULL || GVERBS_IS_MR (mr), FALSE);
  if (!_gverbs_qp_check_bind (self, mw, mr, addr, length, error))
    return FALSE;
  bind.wr_id = wr_id;
  bind.send_flags = send_flags;
  _gverbs_qp_fill_bind_info (&bind.bind_info, mr, addr, length, access);
  rc = ibv_bind_mw (_gverbs_qp_get_ibv (self), _gverbs_mw_get_ibv (mw), &bind);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_bind_mw", _gverbs_resource_describe (self),
                               "binding %s", _gverbs_resource_describe (mw));
      return FALSE;
    }
  _gverbs_mw_bound (mw, mr);
  return TRUE;
}

/**
 * gverbs_qp_post_bind_mw:
 * @self: an open #GVerbsQP (RC or UC, in RTS)
 * @mw: a type 2 #GVerbsMW
 * @rkey: the window's new rkey: its index part (all but the low 8 bits)
 *   is the window's, the low 8 bits the caller's choice (pyverbs' `inc_rkey`)
 * @mr: the memory region to open a window on (it needs
 *   %GVERBS_ACCESS_MW_BIND)
 * @addr: where the window starts
 * @length: its length
 * @access: the remote access the window grants
 * @wr_id: the id of the bind's work completion
 * @send_flags: flags of the bind (%GVERBS_SEND_SIGNALED for a completion)
 * @error: return location for a #GError
 *
 * Binds a type 2 memory window with an `IBV_WR_BIND_MW` work request
 * (pyverbs' `SendWR.set_bind_wr`); once the bind completed, @rkey gives
 * remote access to the window. #GVerbsMW:rkey is @rkey from the post on.
 *
 * Returns: %TRUE if the bind was posted
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_post_bind_mw (GVerbsQP          *self,
                        GVerbsMW          *mw,
                        guint32            rkey,
                        GVerbsMR          *mr,
                        guint64            addr,
                        guint64            length,
                        GVerbsAccessFlags  access,
                        guint64            wr_id,
                        GVerbsSendFlags    send_flags,
                        GError           **error)
{
  struct ibv_send_wr wr = { 0 }, *bad = NULL;
  int rc;

  g_return_val_if_fail (GVERBS_IS_QP (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_MW (mw), FALSE);
  g_return_val_if_fail (GVERBS_IS_MR (mr), FALSE);
  if (!_gverbs_qp_check_bind (self, mw, mr, addr, length, error))
    return FALSE;
  wr.wr_id = wr_id;
  wr.opcode = IBV_WR_BIND_MW;
  wr.send_flags = send_flags;
  wr.bind_mw.mw = _gverbs_mw_get_ibv (mw);
  wr.bind_mw.rkey = rkey;
  _gverbs_qp_fill_bind_info (&wr.bind_mw.bind_info, mr, addr, length, access);
  rc = ibv_post_send (_gverbs_qp_get_ibv (self), &wr, &bad);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_post_send", _gverbs_resource_describe (self),
                               "IBV_WR_BIND_MW of %s", _gverbs_resource_describe (mw));
      return FALSE;
    }
  _gverbs_qp_bound_type2 (mw, mr, rkey);
  return TRUE;
}
