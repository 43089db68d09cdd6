/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <infiniband/verbs.h>

#include "gverbs-send-wr.h"
#include "gverbs-error.h"
#include "gverbs-post-private.h"
#include "gverbs-fields-private.h"

G_DEFINE_BOXED_TYPE (GVerbsSendWR, gverbs_send_wr, gverbs_send_wr_copy, gverbs_send_wr_free)

/* What rdma-core reads of an RDMA or send request is where it expects it. */
#define SAME_FIELD(ours, theirs) \
  G_STATIC_ASSERT (G_STRUCT_OFFSET (GVerbsSendWR, ours) == G_STRUCT_OFFSET (struct ibv_send_wr, theirs) && \
                   sizeof (((GVerbsSendWR *) 0)->ours) == sizeof (((struct ibv_send_wr *) 0)->theirs))
SAME_FIELD (wr_id, wr_id);
SAME_FIELD (ibv_next, next);
SAME_FIELD (ibv_sg_list, sg_list);
SAME_FIELD (num_sge, num_sge);
SAME_FIELD (opcode, opcode);
SAME_FIELD (send_flags, send_flags);
SAME_FIELD (imm_data, imm_data);
SAME_FIELD (remote_addr, wr.rdma.remote_addr);
SAME_FIELD (rkey, wr.rdma.rkey);
SAME_FIELD (remote_srqn, qp_type.xrc.remote_srqn);
G_STATIC_ASSERT (G_STRUCT_OFFSET (GVerbsSendWR, sg_list) == sizeof (struct ibv_send_wr));

/* A request made by gverbs_send_wr_new() or gverbs_send_wr_copy() (a heap
 * one, freed by gverbs_send_wr_free()) records its own address in a private
 * word and holds a reference to the address handle that
 * gverbs_send_wr_set_wr_ud() or the copy gave it, so a binding that drops
 * its last reference to the AH cannot leave the request pointing at freed
 * memory. A struct on the stack, filled by gverbs_send_wr_init() or an
 * initializer, or copied by assignment, has another address there: it holds
 * nothing, and its caller keeps the AH alive. These words sit where
 * rdma-core keeps bind_mw's fields, which it reads only for
 * IBV_WR_BIND_MW, an opcode that is always converted. */
#define WR_OWNER(wr) ((wr)->ibv_reserved[3])
#define WR_HELD_AH(wr) ((wr)->ibv_reserved[4])
G_STATIC_ASSERT (G_STRUCT_OFFSET (GVerbsSendWR, ibv_reserved[3]) >= G_STRUCT_OFFSET (struct ibv_send_wr, bind_mw));

static inline gboolean
wr_is_owned (const GVerbsSendWR *wr)
{
  return WR_OWNER (wr) == (guintptr) wr;
}

static void
wr_hold_ah (GVerbsSendWR *wr,
            GVerbsAH     *ah)
{
  GVerbsAH *old = (GVerbsAH *) WR_HELD_AH (wr);

  WR_HELD_AH (wr) = (guintptr) (ah != NULL ? g_object_ref (ah) : NULL);
  if (old != NULL)
    g_object_unref (old);
}

/**
 * gverbs_send_wr_init:
 * @wr: (out caller-allocates): the work request to fill
 * @wr_id: the id its work completion will carry
 * @opcode: the operation
 * @send_flags: the flags
 *
 * Clears a send work request (for instance one on the stack), sets these
 * fields and makes it postable without conversion (see #GVerbsSendWR).
 * The cleared request holds no address handle (see
 * gverbs_send_wr_set_wr_ud()): on one from gverbs_send_wr_new() that holds
 * one, call gverbs_send_wr_set_wr_ud() with %NULL first.
 *
 * Since: 0.1
 */
void
gverbs_send_wr_init (GVerbsSendWR    *wr,
                     guint64          wr_id,
                     GVerbsWROpcode   opcode,
                     GVerbsSendFlags  send_flags)
{
  g_return_if_fail (wr != NULL);
  memset (wr, 0, sizeof *wr);
  wr->wr_id = wr_id;
  wr->opcode = opcode;
  wr->send_flags = send_flags;
  wr->ibv_sg_list = (guintptr) wr->sg_list;
}

/**
 * gverbs_send_wr_new:
 * @wr_id: the id its work completion will carry
 * @opcode: the operation
 * @send_flags: the flags (pyverbs' default is %GVERBS_SEND_SIGNALED)
 *
 * Creates a send work request on the heap, for bindings (C code uses one on
 * the stack with gverbs_send_wr_init()).
 *
 * Returns: (transfer full): a send work request with no buffers yet
 *
 * Since: 0.1
 */
GVerbsSendWR *
gverbs_send_wr_new (guint64         wr_id,
                    GVerbsWROpcode  opcode,
                    GVerbsSendFlags send_flags)
{
  GVerbsSendWR *wr = g_new (GVerbsSendWR, 1);

  gverbs_send_wr_init (wr, wr_id, opcode, send_flags);
  WR_OWNER (wr) = (guintptr) wr;
  return wr;
}

/**
 * gverbs_send_wr_new_with_sg:
 * @wr_id: the id its work completion will carry
 * @opcode: the operation
 * @send_flags: the flags
 * @imm_data: the immediate data (network byte order, as rdma-core takes it)
 * @sg_list: (array length=n_sge) (nullable): the buffers
 * @n_sge: how many buffers @sg_list holds, at most %GVERBS_MAX_SGE
 * @error: return location for a #GError
 *
 * Makes a send work request with its buffers in one call: what
 * gverbs_send_wr_new(), setting #GVerbsSendWR.imm_data and one
 * gverbs_send_wr_set_sge() per buffer do, for bindings where each call
 * costs more than the work it does (pyverbs' `SendWR(...)` in Python).
 *
 * Returns: (transfer full): the request, or %NULL with
 *   %GVERBS_ERROR_OUT_OF_RANGE if @n_sge is more than %GVERBS_MAX_SGE
 *
 * Since: 0.1
 */
GVerbsSendWR *
gverbs_send_wr_new_with_sg (guint64           wr_id,
                            GVerbsWROpcode    opcode,
                            GVerbsSendFlags   send_flags,
                            guint32           imm_data,
                            const GVerbsSGE  *sg_list,
                            guint             n_sge,
                            GError          **error)
{
  GVerbsSendWR *wr;

  g_return_val_if_fail (sg_list != NULL || n_sge == 0, NULL);
  if (!_gverbs_sg_list_check_count (n_sge, error))
    return NULL;
  wr = gverbs_send_wr_new (wr_id, opcode, send_flags);
  wr->imm_data = imm_data;
  _gverbs_sg_list_set_all (wr->sg_list, &wr->num_sge, sg_list, n_sge);
  return wr;
}

/**
 * gverbs_send_wr_copy:
 * @wr: a #GVerbsSendWR
 *
 * Copies a request. The copy holds a reference to @wr's address handle
 * (#GVerbsSendWR.ah) until gverbs_send_wr_free(), so it can be posted after
 * every other reference to the AH is gone.
 *
 * Returns: (transfer full): a copy of @wr
 *
 * Since: 0.1
 */
GVerbsSendWR *
gverbs_send_wr_copy (const GVerbsSendWR *wr)
{
  GVerbsSendWR *copy;

  g_return_val_if_fail (wr != NULL, NULL);
  copy = g_memdup2 (wr, sizeof *wr);
  copy->ibv_next = 0;
  copy->ibv_sg_list = (guintptr) copy->sg_list;
  WR_OWNER (copy) = (guintptr) copy;
  WR_HELD_AH (copy) = 0;
  wr_hold_ah (copy, copy->ah);
  return copy;
}

/**
 * gverbs_send_wr_free:
 * @wr: (nullable): a #GVerbsSendWR
 *
 * Frees a send work request made by gverbs_send_wr_new() or copied, and
 * drops the reference it held to its address handle.
 *
 * Since: 0.1
 */
void
gverbs_send_wr_free (GVerbsSendWR *wr)
{
  if (wr == NULL)
    return;
  if (wr_is_owned (wr))
    wr_hold_ah (wr, NULL);
  g_free (wr);
}

/**
 * gverbs_send_wr_set_sge:
 * @wr: a #GVerbsSendWR
 * @index: which buffer, below %GVERBS_MAX_SGE
 * @sge: the buffer
 * @error: return location for a #GError
 *
 * Sets one buffer; #GVerbsSendWR.num_sge grows to cover @index.
 *
 * Returns: %TRUE, or %FALSE with %GVERBS_ERROR_OUT_OF_RANGE if @index is
 *   too large
 *
 * Since: 0.1
 */
gboolean
gverbs_send_wr_set_sge (GVerbsSendWR     *wr,
                        guint             index,
                        const GVerbsSGE  *sge,
                        GError          **error)
{
  g_return_val_if_fail (wr != NULL, FALSE);
  g_return_val_if_fail (sge != NULL, FALSE);
  return _gverbs_sg_list_set (wr->sg_list, &wr->num_sge, index, sge, error);
}

/**
 * gverbs_send_wr_dup_sge:
 * @wr: a #GVerbsSendWR
 * @index: which buffer
 *
 * Copies one of the request's scatter/gather elements.
 *
 * Returns: (transfer full) (nullable): a copy of buffer @index, or %NULL if
 *   @index is not below #GVerbsSendWR.num_sge
 *
 * Since: 0.1
 */
GVerbsSGE *
gverbs_send_wr_dup_sge (const GVerbsSendWR *wr,
                        guint               index)
{
  g_return_val_if_fail (wr != NULL, NULL);
  return _gverbs_sg_list_dup (wr->sg_list, wr->num_sge, index);
}

/**
 * gverbs_send_wr_set_wr_opcode:
 * @wr: a #GVerbsSendWR
 * @opcode: the operation
 *
 * Sets the operation.
 *
 * Since: 0.1
 */
void
gverbs_send_wr_set_wr_opcode (GVerbsSendWR   *wr,
                              GVerbsWROpcode  opcode)
{
  g_return_if_fail (wr != NULL);
  wr->opcode = opcode;
}

/**
 * gverbs_send_wr_set_wr_rdma:
 * @wr: a #GVerbsSendWR
 * @rkey: the remote key of the target memory
 * @remote_addr: the remote address
 *
 * Sets the target of an RDMA write or read (pyverbs' `set_wr_rdma`).
 *
 * Since: 0.1
 */
void
gverbs_send_wr_set_wr_rdma (GVerbsSendWR *wr,
                            guint32       rkey,
                            guint64       remote_addr)
{
  g_return_if_fail (wr != NULL);
  wr->rkey = rkey;
  wr->remote_addr = remote_addr;
}

/**
 * gverbs_send_wr_set_wr_atomic:
 * @wr: a #GVerbsSendWR
 * @rkey: the remote key of the target memory
 * @remote_addr: the remote address (8-byte aligned)
 * @compare_add: compare-and-swap: the value compared; fetch-and-add: the
 *   value added
 * @swap: compare-and-swap: the value stored when the comparison holds
 *
 * Sets the target and operands of an atomic operation (pyverbs'
 * `set_wr_atomic`).
 *
 * Since: 0.1
 */
void
gverbs_send_wr_set_wr_atomic (GVerbsSendWR *wr,
                              guint32       rkey,
                              guint64       remote_addr,
                              guint64       compare_add,
                              guint64       swap)
{
  g_return_if_fail (wr != NULL);
  wr->rkey = rkey;
  wr->remote_addr = remote_addr;
  wr->compare_add = compare_add;
  wr->swap = swap;
}

/**
 * gverbs_send_wr_set_wr_ud:
 * @wr: a #GVerbsSendWR
 * @ah: (nullable): the address handle of the destination
 * @remote_qpn: the destination QP number
 * @remote_qkey: the destination Q_Key
 *
 * Addresses a UD send (pyverbs' `set_wr_ud`).
 *
 * A request made by gverbs_send_wr_new() or gverbs_send_wr_copy() (every
 * request a binding makes with them) takes a reference to @ah, dropped by
 * gverbs_send_wr_free() or the next call: the request stays postable
 * however early the caller drops its own reference. A struct on the stack
 * (gverbs_send_wr_init(), an initializer or an assignment) only points at
 * the address handle: its caller keeps it alive until the request is posted. Either way a
 * closed address handle makes the post fail with %GVERBS_ERROR_CLOSED.
 *
 * Since: 0.1
 */
void
gverbs_send_wr_set_wr_ud (GVerbsSendWR *wr,
                          GVerbsAH     *ah,
                          guint32       remote_qpn,
                          guint32       remote_qkey)
{
  g_return_if_fail (wr != NULL);
  g_return_if_fail (ah == NULL || GVERBS_IS_AH (ah));
  if (wr_is_owned (wr))
    wr_hold_ah (wr, ah);
  wr->ah = ah;
  wr->remote_qpn = remote_qpn;
  wr->remote_qkey = remote_qkey;
}

static char *
send_flags_text (guint flags)
{
  static const struct { guint flag; const char *name; } names[] = {
    { GVERBS_SEND_FENCE, "IBV_SEND_FENCE" },
    { GVERBS_SEND_SIGNALED, "IBV_SEND_SIGNALED" },
    { GVERBS_SEND_SOLICITED, "IBV_SEND_SOLICITED" },
    { GVERBS_SEND_INLINE, "IBV_SEND_INLINE" },
    { GVERBS_SEND_IP_CSUM, "IBV_SEND_IP_CSUM" },
  };
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (flags & names[i].flag)
      g_string_append_printf (out, "%s ", names[i].name);
  return g_string_free (out, FALSE);
}

/**
 * gverbs_send_wr_to_string:
 * @wr: a #GVerbsSendWR
 *
 * Formats the work request in the layout pyverbs prints for `SendWR`.
 *
 * Returns: (transfer full): the text
 *
 * Since: 0.1
 */
char *
gverbs_send_wr_to_string (const GVerbsSendWR *wr)
{
  GString *out;
  g_autofree char *id = NULL, *flags = NULL;

  g_return_val_if_fail (wr != NULL, NULL);
  out = g_string_new (NULL);
  id = g_strdup_printf ("%" G_GUINT64_FORMAT, wr->wr_id);
  flags = send_flags_text (wr->send_flags);
  _gverbs_append_row (out, 22, "WR ID", id);
  _gverbs_append_int_row (out, 22, "Num SGE", wr->num_sge);
  _gverbs_append_int_row (out, 22, "Opcode", wr->opcode);
  _gverbs_append_row (out, 22, "Send flags", flags);
  _gverbs_append_int_row (out, 22, "Imm Data", wr->imm_data);
  return g_string_free (out, FALSE);
}
