/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* GVerbsQPEx, pyverbs' QPEx: a queue pair created with ibv_create_qp_ex()
 * and its extended send API — ibv_wr_start, the ibv_wr_* operations and
 * ibv_wr_complete. */
#include "config.h"

#include <inttypes.h>

#include <string.h>

#include <glib/gi18n-lib.h>

#include "gverbs-qp-ex.h"
#include "gverbs-qp-ex-private.h"
#include "gverbs-qp-private.h"
#include "gverbs-ah-private.h"
#include "gverbs-mw-private.h"
#include "gverbs-mr-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-error.h"

/**
 * GVerbsQPEx:
 *
 * An extended queue pair (pyverbs' `QPEx`): a #GVerbsQP created from a
 * #GVerbsQPInitAttrEx with ibv_create_qp_ex(), whose protection domain
 * comes from the attributes. When the attributes carry
 * %GVERBS_QP_INIT_ATTR_SEND_OPS_FLAGS it posts work requests with the
 * extended send API: gverbs_qp_ex_wr_start(), one call per operation
 * (gverbs_qp_ex_wr_send(), gverbs_qp_ex_wr_rdma_write() …) followed by the
 * calls that set its buffers or address, and gverbs_qp_ex_wr_complete(),
 * which hands the whole sequence to the device.
 *
 * Each operation posts with the current #GVerbsQPEx:wr-id and
 * #GVerbsQPEx:wr-flags. An operation missing from
 * #GVerbsQPInitAttrEx:send-ops-flags is refused with
 * %GVERBS_ERROR_NOT_SUPPORTED (rdma-core providers leave it unset).
 *
 * When to use it: when the device offers operations only the extended send
 * API has (atomic write, memory-window binds, UD sends with per-call
 * addresses …) or to post several operations with one doorbell. For plain
 * sends, receives and RDMA, #GVerbsQP is simpler.
 *
 * ```c
 * // given: GVerbsContext *ctx; GVerbsPD *pd; GVerbsCQ *cq; GVerbsQPCap cap; GVerbsMR *mr; guint32 len;
 * g_autoptr(GVerbsQPInitAttrEx) init = gverbs_qp_init_attr_ex_new (GVERBS_QPT_RC, cq, cq, &cap, pd,
 *                                                                   GVERBS_QP_EX_WITH_SEND |
 *                                                                   GVERBS_QP_EX_WITH_RDMA_WRITE);
 * g_autoptr(GVerbsQPEx) qp = gverbs_qp_ex_new (ctx, init, NULL, &error);
 *
 * if (qp == NULL)
 *   return;
 * gverbs_qp_ex_set_wr_id (qp, 7);
 * gverbs_qp_ex_set_wr_flags (qp, GVERBS_SEND_SIGNALED);
 * if (!gverbs_qp_ex_wr_start (qp, &error) ||
 *     !gverbs_qp_ex_wr_send (qp, &error) ||
 *     !gverbs_qp_ex_wr_set_sge (qp, gverbs_mr_get_lkey (mr), gverbs_mr_get_addr (mr), len, &error) ||
 *     !gverbs_qp_ex_wr_complete (qp, &error))
 *   g_printerr ("%s\n", error->message);
 * ```
 *
 * Since: 0.1
 */
typedef struct
{
  guint64 wr_id;
  GVerbsSendFlags wr_flags;
  gboolean have_op;             /* an operation was added since wr_start */
  gint is_rxe;                  /* -1 not asked yet, else whether the device is rxe */
  GVerbsQPExCreateFunc create_func;     /* a subclass's creation call */
  const char *create_call;
} GVerbsQPExPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (GVerbsQPEx, gverbs_qp_ex, GVERBS_TYPE_QP)

#define P(self) ((GVerbsQPExPrivate *) gverbs_qp_ex_get_instance_private (self))

enum {
  PROP_WR_ID,
  PROP_WR_FLAGS,
  N_PROPS
};

/* the pspecs the setters notify, by table row */
static GParamSpec *properties[N_PROPS];

#define NOTIFIED (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY)

static const GVerbsField fields[] = {
  /**
   * GVerbsQPEx:wr-id:
   *
   * The work request id the next operations post with (pyverbs' `qp.wr_id`).
   */
  [PROP_WR_ID] = GVERBS_PROP_UINT (GVerbsQPExPrivate, wr_id, "wr-id", G_MAXUINT64, 0, NOTIFIED),
  /**
   * GVerbsQPEx:wr-flags:
   *
   * The send flags the next operations post with (pyverbs' `qp.wr_flags`).
   */
  [PROP_WR_FLAGS] = GVERBS_PROP_FLAGS (GVerbsQPExPrivate, wr_flags, "wr-flags", gverbs_send_flags_get_type, 0,
                                       NOTIFIED),
};

static void
gverbs_qp_ex_class_init (GVerbsQPExClass *klass)
{
  _gverbs_resource_class_install_properties (GVERBS_RESOURCE_CLASS (klass), 1, fields,
                                             G_N_ELEMENTS (fields), properties,
                                             GVerbsQPEx_private_offset);
}

static void
gverbs_qp_ex_init (GVerbsQPEx *self)
{
  P (self)->is_rxe = -1;
}

/**
 * gverbs_qp_ex_new:
 * @context: the device context
 * @init_attr: the creation attributes; their #GVerbsQPInitAttrEx:pd is the
 *   queue pair's protection domain, and #GVerbsQPInitAttrEx:comp-mask
 *   should hold %GVERBS_QP_INIT_ATTR_SEND_OPS_FLAGS for the extended send API
 * @qp_attr: (nullable): attributes to move the new queue pair toward RTS
 *   with (UD: to RTS; RC, UC: to INIT), or %NULL to leave it in RESET
 * @error: return location for a #GError
 *
 * Creates an extended queue pair with `ibv_create_qp_ex()`, as pyverbs'
 * `QPEx(ctx, init_attr, qp_attr)`. On any error nothing is left behind.
 *
 * Returns: (transfer full): the queue pair, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsQPEx *
gverbs_qp_ex_new (GVerbsContext       *context,
                  GVerbsQPInitAttrEx  *init_attr,
                  GVerbsQPAttr        *qp_attr,
                  GError             **error)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);
  g_return_val_if_fail (GVERBS_IS_QP_INIT_ATTR_EX (init_attr), NULL);
  g_return_val_if_fail (qp_attr == NULL || GVERBS_IS_QP_ATTR (qp_attr), NULL);
  return g_initable_new (GVERBS_TYPE_QP_EX, NULL, error, "context", context,
                         "init-attr", init_attr, "qp-attr", qp_attr, NULL);
}

/**
 * gverbs_qp_ex_get_context:
 * @self: a #GVerbsQPEx
 *
 * Gets the device context.
 *
 * Returns: (transfer none): the device context
 *
 * Since: 0.1
 */
GVerbsContext *
gverbs_qp_ex_get_context (GVerbsQPEx *self)
{
  g_return_val_if_fail (GVERBS_IS_QP_EX (self), NULL);
  return gverbs_qp_get_context (GVERBS_QP (self));
}

void
_gverbs_qp_ex_set_create_func (GVerbsQPEx           *self,
                               GVerbsQPExCreateFunc  func,
                               const char           *call)
{
  P (self)->create_func = func;
  P (self)->create_call = call;
}

struct ibv_qp *
_gverbs_qp_ex_create (GVerbsQPEx                 *self,
                      struct ibv_context         *ctx,
                      struct ibv_qp_init_attr_ex *attr,
                      const char                **call)
{
  if (P (self)->create_func == NULL)
    {
      *call = "ibv_create_qp_ex";
      return ibv_create_qp_ex (ctx, attr);
    }
  *call = P (self)->create_call;
  return P (self)->create_func (self, ctx, attr);
}

/**
 * gverbs_qp_ex_get_wr_id:
 * @self: a #GVerbsQPEx
 *
 * Gets the work request id the next operations post with.
 *
 * Returns: the work request id the next operations post with
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint64, gverbs_qp_ex_get_wr_id,
                      GVerbsQPEx, GVERBS_IS_QP_EX, 0, P (self)->wr_id)

/**
 * gverbs_qp_ex_set_wr_id:
 * @self: a #GVerbsQPEx
 * @wr_id: the work request id of the next operations
 *
 * Sets #GVerbsQPEx:wr-id.
 *
 * Since: 0.1
 */
void
gverbs_qp_ex_set_wr_id (GVerbsQPEx *self,
                        guint64     wr_id)
{
  g_return_if_fail (GVERBS_IS_QP_EX (self));
  if (P (self)->wr_id == wr_id)
    return;
  P (self)->wr_id = wr_id;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WR_ID]);
}

/**
 * gverbs_qp_ex_get_wr_flags:
 * @self: a #GVerbsQPEx
 *
 * Gets the send flags the next operations post with.
 *
 * Returns: the send flags the next operations post with
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsSendFlags, gverbs_qp_ex_get_wr_flags,
                      GVerbsQPEx, GVERBS_IS_QP_EX, 0, P (self)->wr_flags)

/**
 * gverbs_qp_ex_set_wr_flags:
 * @self: a #GVerbsQPEx
 * @wr_flags: the send flags of the next operations
 *
 * Sets #GVerbsQPEx:wr-flags.
 *
 * Since: 0.1
 */
void
gverbs_qp_ex_set_wr_flags (GVerbsQPEx      *self,
                           GVerbsSendFlags  wr_flags)
{
  g_return_if_fail (GVERBS_IS_QP_EX (self));
  if (P (self)->wr_flags == wr_flags)
    return;
  P (self)->wr_flags = wr_flags;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WR_FLAGS]);
}

static const char *
op_name (guint op)
{
  g_autoptr(GFlagsClass) klass = g_type_class_ref (GVERBS_TYPE_QP_CREATE_SEND_OPS_FLAGS);
  GFlagsValue *v = g_flags_get_first_value (klass, op);

  return v ? v->value_name : "?";
}

/* The extended QP, when its state fits the call: a posting sequence open
 * (or not, for wr_start), @op among the send-ops-flags, and for the
 * setters (@op 0 with @need_op) an operation to set. */
static struct ibv_qp_ex *
ready (GVerbsQPEx  *self,
       gboolean     need_open,
       guint        op,
       gboolean     need_op,
       const char  *call,
       GError     **error)
{
  GVerbsQP *qp = GVERBS_QP (self);
  struct ibv_qp_ex *qpx;

  if (!_gverbs_resource_check_open (qp, error))
    return NULL;
  qpx = _gverbs_qp_get_qp_ex (qp);
  if (qpx == NULL)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED,
                   _("%s on %s: the queue pair was created without "
                     "IBV_QP_INIT_ATTR_SEND_OPS_FLAGS in its comp_mask"),
                   call, _gverbs_resource_describe (qp));
      return NULL;
    }
  if (op != 0 && !(_gverbs_qp_get_send_ops_flags (qp) & op))
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED,
                   _("%s on %s: the queue pair was not created with %s in its send_ops_flags"),
                   call, _gverbs_resource_describe (qp), op_name (op));
      return NULL;
    }
  if (need_open != *_gverbs_qp_wr_open (qp))
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   need_open ? _("%s on %s: call wr_start first")
                             : _("%s on %s: a posting sequence is already open (wr_complete or wr_abort it)"),
                   call, _gverbs_resource_describe (qp));
      return NULL;
    }
  if (need_op && !P (self)->have_op)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("%s on %s: add an operation (wr_send, wr_rdma_write …) first"),
                   call, _gverbs_resource_describe (qp));
      return NULL;
    }
  return qpx;
}

/* An operation: posts with the current wr-id and wr-flags. */
#define OP_OR_FAIL(op, call) \
  struct ibv_qp_ex *qpx; \
  g_return_val_if_fail (GVERBS_IS_QP_EX (self), FALSE); \
  qpx = ready (self, TRUE, op, FALSE, call, error); \
  if (qpx == NULL) \
    return FALSE; \
  qpx->wr_id = P (self)->wr_id; \
  qpx->wr_flags = P (self)->wr_flags; \
  P (self)->have_op = TRUE

/* A setter of the operation just added. */
#define SET_OR_FAIL(call) \
  struct ibv_qp_ex *qpx; \
  g_return_val_if_fail (GVERBS_IS_QP_EX (self), FALSE); \
  qpx = ready (self, TRUE, 0, TRUE, call, error); \
  if (qpx == NULL) \
    return FALSE

/**
 * gverbs_qp_ex_wr_start:
 * @self: a #GVerbsQPEx
 * @error: return location for a #GError
 *
 * Opens a posting sequence (`ibv_wr_start()`).
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_ex_wr_start (GVerbsQPEx  *self,
                       GError     **error)
{
  struct ibv_qp_ex *qpx;

  g_return_val_if_fail (GVERBS_IS_QP_EX (self), FALSE);
  qpx = ready (self, FALSE, 0, FALSE, "ibv_wr_start", error);
  if (qpx == NULL)
    return FALSE;
  ibv_wr_start (qpx);
  *_gverbs_qp_wr_open (GVERBS_QP (self)) = TRUE;
  P (self)->have_op = FALSE;
  return TRUE;
}

/**
 * gverbs_qp_ex_wr_send:
 * @self: a #GVerbsQPEx in a posting sequence
 * @error: return location for a #GError
 *
 * Adds a send (`ibv_wr_send()`); its data comes from gverbs_qp_ex_wr_set_sge()
 * or gverbs_qp_ex_wr_set_inline_data().
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_ex_wr_send (GVerbsQPEx  *self,
                   GError   **error)
{
  OP_OR_FAIL (IBV_QP_EX_WITH_SEND, "ibv_wr_send");
  ibv_wr_send (qpx);
  return TRUE;
}

/**
 * gverbs_qp_ex_wr_send_imm:
 * @self: a #GVerbsQPEx in a posting sequence
 * @imm_data: the immediate data, as rdma-core's `__be32`
 * @error: return location for a #GError
 *
 * Adds a send with immediate (`ibv_wr_send_imm()`).
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_ex_wr_send_imm (GVerbsQPEx  *self,
                       guint32    imm_data,
                       GError   **error)
{
  OP_OR_FAIL (IBV_QP_EX_WITH_SEND_WITH_IMM, "ibv_wr_send_imm");
  ibv_wr_send_imm (qpx, imm_data);
  return TRUE;
}

/**
 * gverbs_qp_ex_wr_rdma_write:
 * @self: a #GVerbsQPEx in a posting sequence
 * @rkey: the remote key
 * @remote_addr: the remote address
 * @error: return location for a #GError
 *
 * Adds an RDMA write (`ibv_wr_rdma_write()`).
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_ex_wr_rdma_write (GVerbsQPEx  *self,
                         guint32    rkey,
                         guint64    remote_addr,
                         GError   **error)
{
  OP_OR_FAIL (IBV_QP_EX_WITH_RDMA_WRITE, "ibv_wr_rdma_write");
  ibv_wr_rdma_write (qpx, rkey, remote_addr);
  return TRUE;
}

/**
 * gverbs_qp_ex_wr_rdma_write_imm:
 * @self: a #GVerbsQPEx in a posting sequence
 * @rkey: the remote key
 * @remote_addr: the remote address
 * @imm_data: the immediate data, as rdma-core's `__be32`
 * @error: return location for a #GError
 *
 * Adds an RDMA write with immediate (`ibv_wr_rdma_write_imm()`).
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_ex_wr_rdma_write_imm (GVerbsQPEx  *self,
                             guint32    rkey,
                             guint64    remote_addr,
                             guint32    imm_data,
                             GError   **error)
{
  OP_OR_FAIL (IBV_QP_EX_WITH_RDMA_WRITE_WITH_IMM, "ibv_wr_rdma_write_imm");
  ibv_wr_rdma_write_imm (qpx, rkey, remote_addr, imm_data);
  return TRUE;
}

/**
 * gverbs_qp_ex_wr_rdma_read:
 * @self: a #GVerbsQPEx in a posting sequence
 * @rkey: the remote key
 * @remote_addr: the remote address
 * @error: return location for a #GError
 *
 * Adds an RDMA read (`ibv_wr_rdma_read()`).
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_ex_wr_rdma_read (GVerbsQPEx  *self,
                        guint32    rkey,
                        guint64    remote_addr,
                        GError   **error)
{
  OP_OR_FAIL (IBV_QP_EX_WITH_RDMA_READ, "ibv_wr_rdma_read");
  ibv_wr_rdma_read (qpx, rkey, remote_addr);
  return TRUE;
}

/**
 * gverbs_qp_ex_wr_atomic_cmp_swp:
 * @self: a #GVerbsQPEx in a posting sequence
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
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_ex_wr_atomic_cmp_swp (GVerbsQPEx  *self,
                             guint32    rkey,
                             guint64    remote_addr,
                             guint64    compare,
                             guint64    swap,
                             GError   **error)
{
  OP_OR_FAIL (IBV_QP_EX_WITH_ATOMIC_CMP_AND_SWP, "ibv_wr_atomic_cmp_swp");
  ibv_wr_atomic_cmp_swp (qpx, rkey, remote_addr, compare, swap);
  return TRUE;
}

/**
 * gverbs_qp_ex_wr_atomic_fetch_add:
 * @self: a #GVerbsQPEx in a posting sequence
 * @rkey: the remote key
 * @remote_addr: the remote address (8-byte aligned)
 * @add: the value added
 * @error: return location for a #GError
 *
 * Adds an atomic fetch-and-add (`ibv_wr_atomic_fetch_add()`).
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_ex_wr_atomic_fetch_add (GVerbsQPEx  *self,
                               guint32    rkey,
                               guint64    remote_addr,
                               guint64    add,
                               GError   **error)
{
  OP_OR_FAIL (IBV_QP_EX_WITH_ATOMIC_FETCH_AND_ADD, "ibv_wr_atomic_fetch_add");
  ibv_wr_atomic_fetch_add (qpx, rkey, remote_addr, add);
  return TRUE;
}

/**
 * gverbs_qp_ex_wr_atomic_write:
 * @self: a #GVerbsQPEx in a posting sequence, created with
 *   %GVERBS_QP_EX_WITH_ATOMIC_WRITE in its send_ops_flags
 * @rkey: the remote key
 * @remote_addr: the remote address (8-byte aligned)
 * @atomic_wr: (array length=length): the 8 bytes to write
 * @length: their number: 8
 * @error: return location for a #GError
 *
 * Adds an atomic write (`ibv_wr_atomic_write()`), pyverbs'
 * `qp.wr_atomic_write(rkey, remote_addr, atomic_wr)`: the 8 bytes land at
 * @remote_addr as one unit. Devices without it (Soft-RoCE in Linux 6.1)
 * refuse a queue pair with %GVERBS_QP_EX_WITH_ATOMIC_WRITE when it is
 * created; a queue pair made without it refuses this call with
 * %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_ex_wr_atomic_write (GVerbsQPEx    *self,
                              guint32        rkey,
                              guint64        remote_addr,
                              const guint8  *atomic_wr,
                              gsize          length,
                              GError       **error)
{
  g_return_val_if_fail (GVERBS_IS_QP_EX (self), FALSE);
  g_return_val_if_fail (atomic_wr != NULL || length == 0, FALSE);
  if (length != 8)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("ibv_wr_atomic_write on %s: an atomic write carries 8 bytes, not %zu"),
                   _gverbs_resource_describe (GVERBS_QP (self)), length);
      return FALSE;
    }
  {
    OP_OR_FAIL (IBV_QP_EX_WITH_ATOMIC_WRITE, "ibv_wr_atomic_write");
    ibv_wr_atomic_write (qpx, rkey, remote_addr, atomic_wr);
  }
  return TRUE;
}

/**
 * gverbs_qp_ex_wr_bind_mw:
 * @self: a #GVerbsQPEx in a posting sequence, created with
 *   %GVERBS_QP_EX_WITH_BIND_MW in its send_ops_flags
 * @mw: a type 2 #GVerbsMW
 * @rkey: the window's new rkey: its index part (all but the low 8 bits) is
 *   the window's, the low 8 bits the caller's choice
 * @mr: the memory region to open the window on (it needs
 *   %GVERBS_ACCESS_MW_BIND)
 * @addr: where the window starts
 * @length: its length
 * @access: the remote access the window grants
 * @error: return location for a #GError
 *
 * Adds a bind of a type 2 memory window (`ibv_wr_bind_mw()`), pyverbs'
 * `qp.wr_bind_mw(mw, rkey, MWBindInfo)`. Once the sequence is completed and
 * the bind's completion polled, @rkey gives remote access to the window;
 * #GVerbsMW:rkey is @rkey from this call on.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_ex_wr_bind_mw (GVerbsQPEx         *self,
                         GVerbsMW           *mw,
                         guint32             rkey,
                         GVerbsMR           *mr,
                         guint64             addr,
                         guint64             length,
                         GVerbsAccessFlags   access,
                         GError            **error)
{
  struct ibv_mw_bind_info info = { 0 };

  g_return_val_if_fail (GVERBS_IS_QP_EX (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_MW (mw), FALSE);
  g_return_val_if_fail (GVERBS_IS_MR (mr), FALSE);
  /* checked before the operation counts as added */
  if (!_gverbs_qp_check_bind (GVERBS_QP (self), mw, mr, addr, length, error))
    return FALSE;
  {
    OP_OR_FAIL (IBV_QP_EX_WITH_BIND_MW, "ibv_wr_bind_mw");
    _gverbs_qp_fill_bind_info (&info, mr, addr, length, access);
    ibv_wr_bind_mw (qpx, _gverbs_mw_get_ibv (mw), rkey, &info);
  }
  _gverbs_qp_bound_type2 (mw, mr, rkey);
  return TRUE;
}

/**
 * gverbs_qp_ex_wr_set_sge:
 * @self: a #GVerbsQPEx in a posting sequence
 * @lkey: the local key of the buffer's memory region
 * @addr: the buffer's address
 * @length: its length
 * @error: return location for a #GError
 *
 * Sets the buffer of the operation just added (`ibv_wr_set_sge()`).
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_ex_wr_set_sge (GVerbsQPEx  *self,
                      guint32    lkey,
                      guint64    addr,
                      guint32    length,
                      GError   **error)
{
  SET_OR_FAIL ("ibv_wr_set_sge");
  ibv_wr_set_sge (qpx, lkey, addr, length);
  return TRUE;
}

/**
 * gverbs_qp_ex_wr_set_ud_addr:
 * @self: a UD #GVerbsQPEx in a posting sequence
 * @ah: the address handle of the destination
 * @remote_qpn: the destination QP number
 * @remote_qkey: the destination Q_Key
 * @error: return location for a #GError
 *
 * Addresses the UD operation just added (`ibv_wr_set_ud_addr()`).
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_ex_wr_set_ud_addr (GVerbsQPEx  *self,
                          GVerbsAH  *ah,
                          guint32    remote_qpn,
                          guint32    remote_qkey,
                          GError   **error)
{
  SET_OR_FAIL ("ibv_wr_set_ud_addr");
  g_return_val_if_fail (GVERBS_IS_AH (ah), FALSE);
  if (gverbs_qp_get_qp_type (GVERBS_QP (self)) != GVERBS_QPT_UD)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("ibv_wr_set_ud_addr on %s: only UD queue pairs take an address per work request"),
                   _gverbs_resource_describe (GVERBS_QP (self)));
      return FALSE;
    }
  if (!_gverbs_resource_check_open (ah, error))
    return FALSE;
  ibv_wr_set_ud_addr (qpx, _gverbs_ah_get_ibv (ah), remote_qpn, remote_qkey);
  return TRUE;
}

/**
 * gverbs_qp_ex_wr_set_inline_data:
 * @self: a #GVerbsQPEx in a posting sequence
 * @data: (array length=length): the bytes, copied now
 * @length: how many
 * @error: return location for a #GError
 *
 * Sets the data of the operation just added inline
 * (`ibv_wr_set_inline_data()`): no memory region needed.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_ex_wr_set_inline_data (GVerbsQPEx      *self,
                              const guint8  *data,
                              gsize          length,
                              GError       **error)
{
  SET_OR_FAIL ("ibv_wr_set_inline_data");
  ibv_wr_set_inline_data (qpx, (void *) data, length);
  return TRUE;
}

#if GVERBS_RXE_SGE_LIST_FIX
#define RXE_VENDOR_ID 0xffffff

static gboolean
on_rxe (GVerbsQPEx *self)
{
  struct ibv_device_attr attr;

  if (P (self)->is_rxe < 0)
    P (self)->is_rxe = ibv_query_device (_gverbs_qp_get_ibv (GVERBS_QP (self))->context, &attr) == 0 &&
                   attr.vendor_id == RXE_VENDOR_ID;
  return P (self)->is_rxe;
}

/* rxe before rdma-core 64 ("rxe: Fix dma.length computation in
 * wr_set_sge_list") sets an operation's length to the number of SGEs times
 * the first one's length, so a list of unequal lengths is cut short or
 * completes with LOC_QP_OP_ERR. Rewrites @sg into the same bytes in as many
 * entries, at most @max, as make that product right: zero-length entries
 * dropped, the first split so its length divides the total, zero-length
 * entries appended to make up the count. */
static gboolean
rxe_sge_list_fix (struct ibv_sge *sg,
                  guint          *n_sges,
                  guint           max)
{
  guint64 total = 0;
  guint m = 0;

  for (guint i = 0; i < *n_sges; i++)
    if (sg[i].length != 0)
      {
        sg[m++] = sg[i];
        total += sg[i].length;
      }
  for (guint k = m; k <= max; k++)
    {
      guint64 first = total / k;
      guint split = first < sg[0].length;

      if (total % k != 0 || first > sg[0].length || m + split > k)
        continue;
      if (split)
        {
          memmove (sg + 2, sg + 1, (m - 1) * sizeof *sg);
          sg[1] = (struct ibv_sge) { sg[0].addr + first, sg[0].length - (guint32) first, sg[0].lkey };
          sg[0].length = (guint32) first;
        }
      for (guint i = m + split; i < k; i++)
        sg[i] = (struct ibv_sge) { sg[0].addr, 0, sg[0].lkey };
      *n_sges = k;
      return TRUE;
    }
  return FALSE;
}
#endif

/**
 * gverbs_qp_ex_wr_set_sge_list:
 * @self: a #GVerbsQPEx in a posting sequence
 * @sges: (array length=n_sges): the buffers
 * @n_sges: how many (at most the queue pair's max_send_sge)
 * @error: return location for a #GError
 *
 * Sets the buffers of the operation just added (`ibv_wr_set_sge_list()`).
 *
 * rxe in rdma-core before 64 counts the length of a list whose SGEs differ
 * in length wrong; built against such an rdma-core, libgverbs hands rxe the
 * same bytes as a list it counts right (it may need more entries, up to
 * max_send_sge), or, where none fits, refuses the list with
 * %GVERBS_ERROR_NOT_SUPPORTED rather than let the transfer be cut short.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_ex_wr_set_sge_list (GVerbsQPEx       *self,
                              const GVerbsSGE  *sges,
                              guint             n_sges,
                              GError          **error)
{
  struct ibv_sge sg[GVERBS_MAX_SGE];
  GVerbsQPCap cap;
  guint n = n_sges;

  SET_OR_FAIL ("ibv_wr_set_sge_list");
  gverbs_qp_get_cap (GVERBS_QP (self), &cap);
  if (n_sges > cap.max_send_sge || n_sges > GVERBS_MAX_SGE)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   _("ibv_wr_set_sge_list on %s: %u SGEs, more than max_send_sge %u"),
                   _gverbs_resource_describe (GVERBS_QP (self)), n_sges, cap.max_send_sge);
      return FALSE;
    }
  for (guint i = 0; i < n_sges; i++)
    sg[i] = (struct ibv_sge) { sges[i].addr, sges[i].length, sges[i].lkey };
#if GVERBS_RXE_SGE_LIST_FIX
  for (guint i = 1; i < n_sges; i++)
    if (sg[i].length != sg[0].length)
      {
        if (on_rxe (self) && !rxe_sge_list_fix (sg, &n, MIN (cap.max_send_sge, GVERBS_MAX_SGE)))
          {
            g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED,
                         _("ibv_wr_set_sge_list on %s: rxe before rdma-core 64 counts the "
                           "length of a list of SGEs of unequal lengths wrong, and these %u "
                           "SGEs cannot be rewritten as at most max_send_sge %u it counts right"),
                         _gverbs_resource_describe (GVERBS_QP (self)), n_sges, cap.max_send_sge);
            return FALSE;
          }
        break;
      }
#endif
  ibv_wr_set_sge_list (qpx, n, sg);
  return TRUE;
}

/**
 * gverbs_qp_ex_wr_complete:
 * @self: a #GVerbsQPEx in a posting sequence
 * @error: return location for a #GError
 *
 * Closes the posting sequence and hands its work requests to the device
 * (`ibv_wr_complete()`); on error none of them was posted.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_ex_wr_complete (GVerbsQPEx  *self,
                          GError     **error)
{
  struct ibv_qp_ex *qpx;
  int rc;

  g_return_val_if_fail (GVERBS_IS_QP_EX (self), FALSE);
  qpx = ready (self, TRUE, 0, FALSE, "ibv_wr_complete", error);
  if (qpx == NULL)
    return FALSE;
  rc = ibv_wr_complete (qpx);
  *_gverbs_qp_wr_open (GVERBS_QP (self)) = FALSE;
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_wr_complete", _gverbs_resource_describe (GVERBS_QP (self)),
                               "no work request of the sequence was posted");
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_qp_ex_wr_abort:
 * @self: a #GVerbsQPEx
 *
 * Drops the open posting sequence (`ibv_wr_abort()`), if any.
 *
 * Since: 0.1
 */
void
gverbs_qp_ex_wr_abort (GVerbsQPEx *self)
{
  GVerbsQP *qp = (GVerbsQP *) self;

  g_return_if_fail (GVERBS_IS_QP_EX (self));
  if (_gverbs_qp_get_ibv (qp) != NULL && *_gverbs_qp_wr_open (qp))
    ibv_wr_abort (_gverbs_qp_get_qp_ex (qp));
  *_gverbs_qp_wr_open (qp) = FALSE;
}

struct ibv_qp_ex *
_gverbs_qp_ex_ready_for_setter (GVerbsQPEx  *self,
                                const char  *call,
                                GError     **error)
{
  return ready (self, TRUE, 0, TRUE, call, error);
}
