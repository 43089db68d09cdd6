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
#include "gverbs-qp-cap.h"
#include "gverbs-srq.h"
#include "gverbs-cq-ex.h"

G_BEGIN_DECLS

/**
 * GVerbsOpsWR:
 * @wr_id: the id the completion of this operation carries (when
 *   %GVERBS_OPS_SIGNALED)
 * @opcode: add a tag, remove one, or synchronise with the device
 * @flags: %GVERBS_OPS_SIGNALED for a completion, %GVERBS_OPS_TM_SYNC when
 *   the operation also reports @unexpected_cnt
 * @unexpected_cnt: how many unexpected messages software has handled (for
 *   %GVERBS_WR_TAG_SYNC and %GVERBS_OPS_TM_SYNC)
 * @handle: the tag's handle: written by gverbs_srq_post_ops() for
 *   %GVERBS_WR_TAG_ADD, given back for %GVERBS_WR_TAG_DEL
 * @recv_wr_id: the id of the receive completion of a message matching the
 *   tag (%GVERBS_WR_TAG_ADD)
 * @tag: the tag (%GVERBS_WR_TAG_ADD)
 * @mask: the bits of @tag that must match (%GVERBS_WR_TAG_ADD)
 * @num_sge: how many entries of @sg_list are used
 * @sg_list: the buffer a matching message lands in (at most
 *   %GVERBS_MAX_SGE entries)
 *
 * A tag-matching operation on a %GVERBS_SRQT_TM shared receive queue
 * (rdma-core's `struct ibv_ops_wr`), posted with gverbs_srq_post_ops(): a
 * plain struct C code keeps on the stack, with its buffers held inline.
 *
 * When to use it: on a ConnectX whose SRQ does tag matching in hardware
 * (rxe has none), to hand the device the tags of expected messages and the
 * buffers they land in.
 *
 * ```c
 * // given: GVerbsSRQ *srq; GVerbsMR *mr;
 * g_autoptr(GVerbsOpsWR) op = gverbs_ops_wr_new (1, GVERBS_WR_TAG_ADD, GVERBS_OPS_SIGNALED);
 * GVerbsSGE sge = { gverbs_mr_get_addr (mr), 4096, gverbs_mr_get_lkey (mr) };
 *
 * op->tag = 0x42;
 * op->mask = G_MAXUINT64;
 * op->recv_wr_id = 7;
 * if (!gverbs_ops_wr_set_sge (op, 0, &sge, &error) ||
 *     !gverbs_srq_post_ops_one (srq, op, &error))
 *   g_printerr ("%s\n", error->message);
 * ```
 *
 * Since: 0.1
 */
typedef struct _GVerbsOpsWR GVerbsOpsWR;

struct _GVerbsOpsWR
{
  guint64 wr_id;
  GVerbsOpsWROpcode opcode;
  GVerbsOpsFlags flags;
  guint32 unexpected_cnt;
  guint32 handle;
  guint64 recv_wr_id;
  guint64 tag;
  guint64 mask;
  guint32 num_sge;
  GVerbsSGE sg_list[GVERBS_MAX_SGE];
};

/**
 * GVerbsWcTmInfo:
 * @tag: the tag of the message the completion is for
 * @priv: the application context of the message's tag-matching header
 *
 * The tag-matching fields of an extended completion
 * (`struct ibv_wc_tm_info`), read by gverbs_cq_ex_read_tm_info().
 *
 * When to use it: while polling the extended CQ of a tag-matching SRQ, to
 * learn which tag a receive completion matched.
 *
 * ```c
 * // given: GVerbsCQEX *cq;
 * GVerbsWcTmInfo info;
 *
 * if (gverbs_cq_ex_read_tm_info (cq, &info, &error))
 *   g_print ("tag 0x%" G_GINT64_MODIFIER "x\n", info.tag);
 * else
 *   g_printerr ("%s\n", error->message);
 * ```
 *
 * Since: 0.1
 */
typedef struct _GVerbsWcTmInfo GVerbsWcTmInfo;

struct _GVerbsWcTmInfo
{
  guint64 tag;
  guint32 priv;
};

#define GVERBS_TYPE_OPS_WR (gverbs_ops_wr_get_type ())
#define GVERBS_TYPE_WC_TM_INFO (gverbs_wc_tm_info_get_type ())

GVERBS_AVAILABLE_IN_0_1
GType            gverbs_ops_wr_get_type     (void) G_GNUC_CONST;
GVERBS_AVAILABLE_IN_0_1
GVerbsOpsWR     *gverbs_ops_wr_new          (guint64              wr_id,
                                             GVerbsOpsWROpcode    opcode,
                                             GVerbsOpsFlags       flags);
GVERBS_AVAILABLE_IN_0_1
GVerbsOpsWR     *gverbs_ops_wr_copy         (const GVerbsOpsWR   *wr);
GVERBS_AVAILABLE_IN_0_1
void             gverbs_ops_wr_free         (GVerbsOpsWR         *wr);
GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_ops_wr_set_sge      (GVerbsOpsWR         *wr,
                                             guint                index,
                                             const GVerbsSGE     *sge,
                                             GError             **error);

GVERBS_AVAILABLE_IN_0_1
GVerbsSGE       *gverbs_ops_wr_dup_sge      (const GVerbsOpsWR   *wr,
                                             guint                index);

GVERBS_AVAILABLE_IN_0_1
GType            gverbs_wc_tm_info_get_type (void) G_GNUC_CONST;
GVERBS_AVAILABLE_IN_0_1
GVerbsWcTmInfo  *gverbs_wc_tm_info_copy     (const GVerbsWcTmInfo *info);
GVERBS_AVAILABLE_IN_0_1
void             gverbs_wc_tm_info_free     (GVerbsWcTmInfo      *info);

GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_srq_post_ops        (GVerbsSRQ           *self,
                                             GVerbsOpsWR         *wrs,
                                             guint                n_wrs,
                                             GError             **error);
GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_srq_post_ops_one    (GVerbsSRQ           *self,
                                             GVerbsOpsWR         *wr,
                                             GError             **error);

GVERBS_AVAILABLE_IN_0_1
gboolean         gverbs_cq_ex_read_tm_info  (GVerbsCQEX          *self,
                                             GVerbsWcTmInfo      *info,
                                             GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GVerbsOpsWR, gverbs_ops_wr_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GVerbsWcTmInfo, gverbs_wc_tm_info_free)

G_END_DECLS
