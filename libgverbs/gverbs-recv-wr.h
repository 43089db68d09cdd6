/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-sge.h"
#include "gverbs-qp-cap.h"

G_BEGIN_DECLS

/**
 * GVerbsRecvWR:
 * @wr_id: the id the work completion of this request will carry
 * @num_sge: how many entries of @sg_list are used
 * @sg_list: the buffers to receive into (at most %GVERBS_MAX_SGE)
 *
 * A receive work request: a plain struct C code keeps on the stack or in
 * an array for gverbs_qp_post_recv() and gverbs_srq_post_recv(), with its
 * buffers held inline.
 *
 * It begins as rdma-core's `struct ibv_recv_wr`. A request made by
 * gverbs_recv_wr_init(), gverbs_recv_wr_new() or gverbs_recv_wr_copy()
 * carries a pointer to its own @sg_list there, so posting it alone hands it
 * to the device as it is; any other (filled by a struct initializer or
 * copied by assignment) is converted on the stack first.
 *
 * When to use it: to give a queue pair or a shared receive queue buffers for
 * incoming sends; post enough of them before the peer sends, and one more
 * for each receive completion.
 *
 * ```c
 * // given: GVerbsQP *qp; GVerbsMR *mr;
 * GVerbsRecvWR wr;
 * GVerbsSGE sge = { gverbs_mr_get_addr (mr), 4096, gverbs_mr_get_lkey (mr) };
 *
 * gverbs_recv_wr_init (&wr, 42);
 * if (!gverbs_recv_wr_set_sge (&wr, 0, &sge, &error) ||
 *     !gverbs_qp_post_recv (qp, &wr, 1, &error))
 *   g_printerr ("%s\n", error->message);
 * ```
 *
 * Python: `qp.post_recv(Verbs.RecvWR(wr_id=42, num_sge=1, sg=[sge]))`.
 *
 * Since: 0.1
 */
typedef struct _GVerbsRecvWR GVerbsRecvWR;

struct _GVerbsRecvWR
{
  guint64 wr_id;
  /*< private >*/
  guintptr ibv_next;
  guintptr ibv_sg_list;
  /*< public >*/
  guint32 num_sge;
  /*< private >*/
  guint32 ibv_reserved;
  /*< public >*/
  GVerbsSGE sg_list[GVERBS_MAX_SGE];
};

#define GVERBS_TYPE_RECV_WR (gverbs_recv_wr_get_type ())

GVERBS_AVAILABLE_IN_0_1
GType         gverbs_recv_wr_get_type  (void) G_GNUC_CONST;
GVERBS_AVAILABLE_IN_0_1
GVerbsRecvWR *gverbs_recv_wr_new       (guint64             wr_id);
GVERBS_AVAILABLE_IN_0_1
void          gverbs_recv_wr_init      (GVerbsRecvWR       *wr,
                                        guint64             wr_id);
GVERBS_AVAILABLE_IN_0_1
GVerbsRecvWR *gverbs_recv_wr_new_with_sg (guint64             wr_id,
                                        const GVerbsSGE    *sg_list,
                                        guint               n_sge,
                                        GError            **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsRecvWR *gverbs_recv_wr_copy      (const GVerbsRecvWR *wr);
GVERBS_AVAILABLE_IN_0_1
void          gverbs_recv_wr_free      (GVerbsRecvWR       *wr);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_recv_wr_set_sge   (GVerbsRecvWR       *wr,
                                        guint               index,
                                        const GVerbsSGE    *sge,
                                        GError            **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsSGE    *gverbs_recv_wr_dup_sge   (const GVerbsRecvWR *wr,
                                        guint               index);
GVERBS_AVAILABLE_IN_0_1
char         *gverbs_recv_wr_to_string (const GVerbsRecvWR *wr);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GVerbsRecvWR, gverbs_recv_wr_free)

G_END_DECLS
