/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"

G_BEGIN_DECLS

/**
 * GVerbsQPCap:
 * @max_send_wr: most outstanding work requests on the send queue
 * @max_recv_wr: most outstanding work requests on the receive queue
 * @max_send_sge: most scatter/gather elements in a send work request
 * @max_recv_sge: most scatter/gather elements in a receive work request
 * @max_inline_data: most bytes a send work request may carry inline
 *
 * The capacities of a queue pair (`struct ibv_qp_cap`, same layout): asked
 * for in a #GVerbsQPInitAttr, and the actual values the device granted in
 * #GVerbsQP:cap.
 *
 * When to use it: when creating a queue pair, to size its send and receive
 * queues; read back the granted values with gverbs_qp_get_cap().
 *
 * ```c
 * // given: GVerbsPD *pd; GVerbsCQ *cq;
 * GVerbsQPCap cap = { .max_send_wr = 64, .max_recv_wr = 64, .max_send_sge = 1, .max_recv_sge = 1 };
 * g_autoptr(GVerbsQPInitAttr) init = gverbs_qp_init_attr_new (GVERBS_QPT_RC, cq, cq, &cap);
 * g_autoptr(GVerbsQP) qp = gverbs_qp_new (pd, init, NULL, &error);
 *
 * if (qp != NULL)
 *   gverbs_qp_get_cap (qp, &cap);   // max_inline_data may have grown
 * ```
 *
 * Python: `Verbs.QPCap(max_send_wr=64, max_recv_wr=64)`, pyverbs' keywords
 * and defaults.
 *
 * Since: 0.1
 */
typedef struct _GVerbsQPCap GVerbsQPCap;

/**
 * GVERBS_MAX_SGE:
 *
 * The most scatter/gather elements a #GVerbsSendWR or #GVerbsRecvWR
 * carries (they hold them inline, so posting needs no allocation).
 *
 * Since: 0.1
 */
#define GVERBS_MAX_SGE 16

struct _GVerbsQPCap
{
  guint32 max_send_wr;
  guint32 max_recv_wr;
  guint32 max_send_sge;
  guint32 max_recv_sge;
  guint32 max_inline_data;
};

#define GVERBS_TYPE_QP_CAP (gverbs_qp_cap_get_type ())

GVERBS_AVAILABLE_IN_0_1
GType        gverbs_qp_cap_get_type  (void) G_GNUC_CONST;
GVERBS_AVAILABLE_IN_0_1
GVerbsQPCap *gverbs_qp_cap_new       (guint32            max_send_wr,
                                      guint32            max_recv_wr,
                                      guint32            max_send_sge,
                                      guint32            max_recv_sge,
                                      guint32            max_inline_data);
GVERBS_AVAILABLE_IN_0_1
GVerbsQPCap *gverbs_qp_cap_copy      (const GVerbsQPCap *cap);
GVERBS_AVAILABLE_IN_0_1
void         gverbs_qp_cap_free      (GVerbsQPCap       *cap);
GVERBS_AVAILABLE_IN_0_1
char        *gverbs_qp_cap_to_string (const GVerbsQPCap *cap);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GVerbsQPCap, gverbs_qp_cap_free)

G_END_DECLS
