/* The extended send API of GVerbsQP (pyverbs' QPEx): ibv_wr_start, the
 * ibv_wr_* operations and ibv_wr_complete, on queue pairs created with
 * gverbs_qp_new_ex(). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "gverbs-qp.h"
#include "gverbs-qp-private.h"
#include "gverbs-ah-private.h"
#include "gverbs-error.h"

/* The extended QP, when a posting sequence is open (or @need_open is FALSE). */
static struct ibv_qp_ex *
ready (GVerbsQP    *self,
       gboolean     need_open,
       const char  *call,
       GError     **error)
{
  struct ibv_qp_ex *qpx;

  if (!_gverbs_qp_check_open (self, error))
    return NULL;
  qpx = _gverbs_qp_get_qp_ex (self);
  if (qpx == NULL)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED,
                   _("%s on %s: the queue pair was not created with send-ops-flags "
                     "(gverbs_qp_new_ex)"), call, _gverbs_qp_describe (self));
      return NULL;
    }
  if (need_open != *_gverbs_qp_wr_open (self))
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   need_open ? _("%s on %s: call wr_start first")
                             : _("%s on %s: a posting sequence is already open (wr_complete or wr_abort it)"),
                   call, _gverbs_qp_describe (self));
      return NULL;
    }
  return qpx;
}

/**
 * gverbs_qp_wr_start:
 * @self: a #GVerbsQP made by gverbs_qp_new_ex()
 * @error: return location for a #GError
 *
 * Opens a posting sequence (`ibv_wr_start()`). Each operation that follows
 * posts one work request with the id and flags of gverbs_qp_wr_set_id();
 * gverbs_qp_wr_complete() hands them all to the device.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_qp_wr_start (GVerbsQP  *self,
                    GError   **error)
{
  struct ibv_qp_ex *qpx;

  g_return_val_if_fail (GVERBS_IS_QP (self), FALSE);
  qpx = ready (self, FALSE, "ibv_wr_start", error);
  if (qpx == NULL)
    return FALSE;
  ibv_wr_start (qpx);
  *_gverbs_qp_wr_open (self) = TRUE;
  return TRUE;
}

/**
 * gverbs_qp_wr_set_id:
 * @self: a #GVerbsQP made by gverbs_qp_new_ex()
 * @wr_id: the id of the next work requests (pyverbs' `qp.wr_id`)
 * @wr_flags: their send flags (pyverbs' `qp.wr_flags`)
 * @error: return location for a #GError
 *
 * Sets the id and flags the following operations post with.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_qp_wr_set_id (GVerbsQP         *self,
                     guint64           wr_id,
                     GVerbsSendFlags   wr_flags,
                     GError          **error)
{
  struct ibv_qp_ex *qpx;

  g_return_val_if_fail (GVERBS_IS_QP (self), FALSE);
  if (!_gverbs_qp_check_open (self, error))
    return FALSE;
  qpx = _gverbs_qp_get_qp_ex (self);
  if (qpx == NULL)
    return ready (self, FALSE, "wr_set_id", error) != NULL;
  qpx->wr_id = wr_id;
  qpx->wr_flags = wr_flags;
  return TRUE;
}

#define OPEN_OR_FAIL(call) \
  struct ibv_qp_ex *qpx; \
  g_return_val_if_fail (GVERBS_IS_QP (self), FALSE); \
  qpx = ready (self, TRUE, call, error); \
  if (qpx == NULL) \
    return FALSE

/**
 * gverbs_qp_wr_send:
 * @self: a #GVerbsQP in a posting sequence
 * @error: return location for a #GError
 *
 * Adds a send (`ibv_wr_send()`); its data comes from gverbs_qp_wr_set_sge()
 * or gverbs_qp_wr_set_inline_data().
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_qp_wr_send (GVerbsQP  *self,
                   GError   **error)
{
  OPEN_OR_FAIL ("ibv_wr_send");
  ibv_wr_send (qpx);
  return TRUE;
}

/**
 * gverbs_qp_wr_send_imm:
 * @self: a #GVerbsQP in a posting sequence
 * @imm_data: the immediate data, as rdma-core's `__be32`
 * @error: return location for a #GError
 *
 * Adds a send with immediate (`ibv_wr_send_imm()`).
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_qp_wr_send_imm (GVerbsQP  *self,
                       guint32    imm_data,
                       GError   **error)
{
  OPEN_OR_FAIL ("ibv_wr_send_imm");
  ibv_wr_send_imm (qpx, imm_data);
  return TRUE;
}

/**
 * gverbs_qp_wr_rdma_write:
 * @self: a #GVerbsQP in a posting sequence
 * @rkey: the remote key
 * @remote_addr: the remote address
 * @error: return location for a #GError
 *
 * Adds an RDMA write (`ibv_wr_rdma_write()`).
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_qp_wr_rdma_write (GVerbsQP  *self,
                         guint32    rkey,
                         guint64    remote_addr,
                         GError   **error)
{
  OPEN_OR_FAIL ("ibv_wr_rdma_write");
  ibv_wr_rdma_write (qpx, rkey, remote_addr);
  return TRUE;
}

/**
 * gverbs_qp_wr_rdma_write_imm:
 * @self: a #GVerbsQP in a posting sequence
 * @rkey: the remote key
 * @remote_addr: the remote address
 * @imm_data: the immediate data, as rdma-core's `__be32`
 * @error: return location for a #GError
 *
 * Adds an RDMA write with immediate (`ibv_wr_rdma_write_imm()`).
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_qp_wr_rdma_write_imm (GVerbsQP  *self,
                             guint32    rkey,
                             guint64    remote_addr,
                             guint32    imm_data,
                             GError   **error)
{
  OPEN_OR_FAIL ("ibv_wr_rdma_write_imm");
  ibv_wr_rdma_write_imm (qpx, rkey, remote_addr, imm_data);
  return TRUE;
}

/**
 * gverbs_qp_wr_rdma_read:
 * @self: a #GVerbsQP in a posting sequence
 * @rkey: the remote key
 * @remote_addr: the remote address
 * @error: return location for a #GError
 *
 * Adds an RDMA read (`ibv_wr_rdma_read()`).
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_qp_wr_rdma_read (GVerbsQP  *self,
                        guint32    rkey,
                        guint64    remote_addr,
                        GError   **error)
{
  OPEN_OR_FAIL ("ibv_wr_rdma_read");
  ibv_wr_rdma_read (qpx, rkey, remote_addr);
  return TRUE;
}

/**
 * gverbs_qp_wr_atomic_cmp_swp:
 * @self: a #GVerbsQP in a posting sequence
 * @rkey: the remote key
 * @remote_addr: the remote address (8-byte aligned)
 * @compare: the value compared
 * @swap: the value stored when the comparison holds
 * @error: return location for a #GError
 *
 * Adds an atomic compare-and-swap (`ibv_wr_atomic_cmp_swp()`); the old
 * value lands in the SGE set next.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_qp_wr_atomic_cmp_swp (GVerbsQP  *self,
                             guint32    rkey,
                             guint64    remote_addr,
                             guint64    compare,
                             guint64    swap,
                             GError   **error)
{
  OPEN_OR_FAIL ("ibv_wr_atomic_cmp_swp");
  ibv_wr_atomic_cmp_swp (qpx, rkey, remote_addr, compare, swap);
  return TRUE;
}

/**
 * gverbs_qp_wr_atomic_fetch_add:
 * @self: a #GVerbsQP in a posting sequence
 * @rkey: the remote key
 * @remote_addr: the remote address (8-byte aligned)
 * @add: the value added
 * @error: return location for a #GError
 *
 * Adds an atomic fetch-and-add (`ibv_wr_atomic_fetch_add()`).
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_qp_wr_atomic_fetch_add (GVerbsQP  *self,
                               guint32    rkey,
                               guint64    remote_addr,
                               guint64    add,
                               GError   **error)
{
  OPEN_OR_FAIL ("ibv_wr_atomic_fetch_add");
  ibv_wr_atomic_fetch_add (qpx, rkey, remote_addr, add);
  return TRUE;
}

/**
 * gverbs_qp_wr_set_sge:
 * @self: a #GVerbsQP in a posting sequence
 * @lkey: the local key of the buffer's memory region
 * @addr: the buffer's address
 * @length: its length
 * @error: return location for a #GError
 *
 * Sets the buffer of the operation just added (`ibv_wr_set_sge()`).
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_qp_wr_set_sge (GVerbsQP  *self,
                      guint32    lkey,
                      guint64    addr,
                      guint32    length,
                      GError   **error)
{
  OPEN_OR_FAIL ("ibv_wr_set_sge");
  ibv_wr_set_sge (qpx, lkey, addr, length);
  return TRUE;
}

/**
 * gverbs_qp_wr_set_ud_addr:
 * @self: a UD #GVerbsQP in a posting sequence
 * @ah: the address handle of the destination
 * @remote_qpn: the destination QP number
 * @remote_qkey: the destination Q_Key
 * @error: return location for a #GError
 *
 * Addresses the UD operation just added (`ibv_wr_set_ud_addr()`).
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_qp_wr_set_ud_addr (GVerbsQP  *self,
                          GVerbsAH  *ah,
                          guint32    remote_qpn,
                          guint32    remote_qkey,
                          GError   **error)
{
  OPEN_OR_FAIL ("ibv_wr_set_ud_addr");
  g_return_val_if_fail (GVERBS_IS_AH (ah), FALSE);
  if (!_gverbs_ah_check_open (ah, error))
    return FALSE;
  ibv_wr_set_ud_addr (qpx, _gverbs_ah_get_ibv (ah), remote_qpn, remote_qkey);
  return TRUE;
}

/**
 * gverbs_qp_wr_set_inline_data:
 * @self: a #GVerbsQP in a posting sequence
 * @data: (array length=length): the bytes, copied now
 * @length: how many
 * @error: return location for a #GError
 *
 * Sets the data of the operation just added inline
 * (`ibv_wr_set_inline_data()`): no memory region needed.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_qp_wr_set_inline_data (GVerbsQP      *self,
                              const guint8  *data,
                              gsize          length,
                              GError       **error)
{
  OPEN_OR_FAIL ("ibv_wr_set_inline_data");
  ibv_wr_set_inline_data (qpx, (void *) data, length);
  return TRUE;
}

/**
 * gverbs_qp_wr_complete:
 * @self: a #GVerbsQP in a posting sequence
 * @error: return location for a #GError
 *
 * Closes the posting sequence and hands its work requests to the device
 * (`ibv_wr_complete()`); on error none of them was posted.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_qp_wr_complete (GVerbsQP  *self,
                       GError   **error)
{
  int rc;

  OPEN_OR_FAIL ("ibv_wr_complete");
  rc = ibv_wr_complete (qpx);
  *_gverbs_qp_wr_open (self) = FALSE;
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_wr_complete", _gverbs_qp_describe (self),
                               "no work request of the sequence was posted");
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_qp_wr_abort:
 * @self: a #GVerbsQP
 *
 * Drops the open posting sequence (`ibv_wr_abort()`), if any.
 */
void
gverbs_qp_wr_abort (GVerbsQP *self)
{
  g_return_if_fail (GVERBS_IS_QP (self));
  if (_gverbs_qp_get_ibv (self) != NULL && *_gverbs_qp_wr_open (self))
    ibv_wr_abort (_gverbs_qp_get_qp_ex (self));
  *_gverbs_qp_wr_open (self) = FALSE;
}
