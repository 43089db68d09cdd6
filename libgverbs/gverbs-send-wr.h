/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"
#include "gverbs-sge.h"
#include "gverbs-ah.h"
#include "gverbs-qp-cap.h"

G_BEGIN_DECLS

/**
 * GVerbsSendWR:
 * @wr_id: the id the work completion of this request will carry
 * @opcode: the operation
 * @send_flags: signaled, inline, fenced, solicited …
 * @imm_data: immediate data of the "with immediate" opcodes, passed to the
 *   device unchanged (rdma-core's `__be32`: the receiver's #GVerbsWC has
 *   the same 32 bits)
 * @num_sge: how many entries of @sg_list are used
 * @sg_list: the buffers to send from or read into (at most %GVERBS_MAX_SGE)
 * @remote_addr: remote address of RDMA and atomic operations
 * @rkey: remote key of RDMA and atomic operations
 * @compare_add: the value compared (compare-and-swap) or added
 *   (fetch-and-add) by atomic operations
 * @swap: the value swapped in by compare-and-swap
 * @ah: (nullable): UD: the address handle of the destination; set it with
 *   gverbs_send_wr_set_wr_ud(), which makes a heap request (made by
 *   gverbs_send_wr_new() or gverbs_send_wr_copy()) hold a reference to it;
 *   a struct on the stack only points at it, and its caller keeps it alive
 *   until the request is posted
 * @remote_qpn: UD: the destination QP number
 * @remote_qkey: UD: the destination Q_Key
 * @remote_srqn: XRC: the destination SRQ number
 *
 * A send work request: a plain struct that C code keeps on the stack or in
 * an array for gverbs_qp_post_send(), with its buffers held inline. The
 * pyverbs helpers gverbs_send_wr_set_wr_rdma(), gverbs_send_wr_set_wr_atomic()
 * and gverbs_send_wr_set_wr_ud() fill the operation's fields.
 *
 * Its first 128 bytes are laid out as rdma-core's `struct ibv_send_wr` for
 * an RDMA or send operation (the rest of that struct's unions hold the
 * other fields, which rdma-core reads only for other opcodes). A request
 * made by gverbs_send_wr_init(), gverbs_send_wr_new() or
 * gverbs_send_wr_copy() carries a pointer to its own @sg_list there, so
 * gverbs_qp_post_send() hands an RDMA write, RDMA read or send on an RC or
 * UC queue pair to the device as it is, without converting it. Any other
 * request (one filled by a struct initializer or copied by assignment, an
 * atomic, UD or XRC one) is converted on the stack: it works the same, at
 * the cost of a copy.
 *
 * When to use it: for every send, RDMA write or read and atomic posted with
 * gverbs_qp_post_send(); keep an array of them on the stack to post a batch
 * in one call.
 *
 * ```c
 * // given: GVerbsQP *qp; GVerbsMR *mr; guint32 peer_rkey; guint64 peer_addr;
 * GVerbsSendWR wr;
 * GVerbsSGE sge = { gverbs_mr_get_addr (mr), 64, gverbs_mr_get_lkey (mr) };
 *
 * gverbs_send_wr_init (&wr, 1, GVERBS_WR_RDMA_WRITE, GVERBS_SEND_SIGNALED);
 * gverbs_send_wr_set_wr_rdma (&wr, peer_rkey, peer_addr);
 * if (!gverbs_send_wr_set_sge (&wr, 0, &sge, &error) ||
 *     !gverbs_qp_post_send (qp, &wr, 1, &error))
 *   g_printerr ("%s\n", error->message);
 * ```
 *
 * Python takes pyverbs' constructor, with the SGEs as a list:
 *
 * ```python
 * wr = Verbs.SendWR(wr_id=1, opcode=Verbs.WROpcode.RDMA_WRITE, num_sge=1, sg=[sge])
 * wr.set_wr_rdma(peer_rkey, peer_addr)
 * qp.post_send(wr)
 * ```
 *
 * Since: 0.1
 */
typedef struct _GVerbsSendWR GVerbsSendWR;

struct _GVerbsSendWR
{
  guint64 wr_id;
  /*< private >*/
  guintptr ibv_next;
  guintptr ibv_sg_list;
  /*< public >*/
  guint32 num_sge;
  GVerbsWROpcode opcode;
  GVerbsSendFlags send_flags;
  guint32 imm_data;
  guint64 remote_addr;
  guint32 rkey;
  guint32 remote_qpn;
  guint64 compare_add;
  guint64 swap;
  guint32 remote_srqn;
  guint32 remote_qkey;
  GVerbsAH *ah;
  /*< private >*/
  guintptr ibv_reserved[5];
  /*< public >*/
  GVerbsSGE sg_list[GVERBS_MAX_SGE];
};

#define GVERBS_TYPE_SEND_WR (gverbs_send_wr_get_type ())

GVERBS_AVAILABLE_IN_0_1
GType         gverbs_send_wr_get_type      (void) G_GNUC_CONST;
GVERBS_AVAILABLE_IN_0_1
GVerbsSendWR *gverbs_send_wr_new           (guint64             wr_id,
                                            GVerbsWROpcode      opcode,
                                            GVerbsSendFlags     send_flags);
GVERBS_AVAILABLE_IN_0_1
void          gverbs_send_wr_init          (GVerbsSendWR       *wr,
                                            guint64             wr_id,
                                            GVerbsWROpcode      opcode,
                                            GVerbsSendFlags     send_flags);
GVERBS_AVAILABLE_IN_0_1
GVerbsSendWR *gverbs_send_wr_new_with_sg   (guint64             wr_id,
                                            GVerbsWROpcode      opcode,
                                            GVerbsSendFlags     send_flags,
                                            guint32             imm_data,
                                            const GVerbsSGE    *sg_list,
                                            guint               n_sge,
                                            GError            **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsSendWR *gverbs_send_wr_copy          (const GVerbsSendWR *wr);
GVERBS_AVAILABLE_IN_0_1
void          gverbs_send_wr_free          (GVerbsSendWR       *wr);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_send_wr_set_sge       (GVerbsSendWR       *wr,
                                            guint               index,
                                            const GVerbsSGE    *sge,
                                            GError            **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsSGE    *gverbs_send_wr_dup_sge       (const GVerbsSendWR *wr,
                                            guint               index);
GVERBS_AVAILABLE_IN_0_1
void          gverbs_send_wr_set_wr_opcode (GVerbsSendWR       *wr,
                                            GVerbsWROpcode      opcode);
GVERBS_AVAILABLE_IN_0_1
void          gverbs_send_wr_set_wr_rdma   (GVerbsSendWR       *wr,
                                            guint32             rkey,
                                            guint64             remote_addr);
GVERBS_AVAILABLE_IN_0_1
void          gverbs_send_wr_set_wr_atomic (GVerbsSendWR       *wr,
                                            guint32             rkey,
                                            guint64             remote_addr,
                                            guint64             compare_add,
                                            guint64             swap);
GVERBS_AVAILABLE_IN_0_1
void          gverbs_send_wr_set_wr_ud     (GVerbsSendWR       *wr,
                                            GVerbsAH           *ah,
                                            guint32             remote_qpn,
                                            guint32             remote_qkey);
GVERBS_AVAILABLE_IN_0_1
char         *gverbs_send_wr_to_string     (const GVerbsSendWR *wr);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GVerbsSendWR, gverbs_send_wr_free)

G_END_DECLS
