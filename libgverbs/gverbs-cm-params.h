/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"
#include "gverbs-qp-init-attr.h"

G_BEGIN_DECLS

/**
 * GVerbsConnParam:
 * @responder_resources: outstanding RDMA reads and atomics the local side
 *   accepts from the peer
 * @initiator_depth: outstanding RDMA reads and atomics the local side issues
 *   to the peer
 * @flow_control: whether hardware flow control is available
 * @retry_count: how often the peer retries a send, RDMA or atomic operation
 * @rnr_retry_count: how often the peer retries after a receiver-not-ready
 *   error (7: forever)
 * @srq: whether the QP uses a shared receive queue
 * @qp_num: the QP number, for an identifier without a QP of its own
 *
 * Connection parameters (`struct rdma_conn_param` without the private data,
 * which the calls take separately), pyverbs' `ConnParam`.
 *
 * When to use it: when connecting or accepting through the connection
 * manager, to set the RDMA read depth and the retry counts the two sides
 * agree on (a zeroed one takes rdma_cm's defaults).
 *
 * ```c
 * // given: GVerbsCMID *id;
 * GVerbsConnParam param = { .responder_resources = 1, .initiator_depth = 1,
 *                           .retry_count = 7, .rnr_retry_count = 7 };
 *
 * if (!gverbs_cm_id_connect_to_peer (id, &param, NULL, &error))
 *   g_printerr ("%s\n", error->message);
 * ```
 *
 * Python takes pyverbs' names: `Verbs.ConnParam(resources=1, depth=1, retry=7)`.
 *
 * Since: 0.1
 */
typedef struct {
  guint8 responder_resources;
  guint8 initiator_depth;
  guint8 flow_control;
  guint8 retry_count;
  guint8 rnr_retry_count;
  guint8 srq;
  guint32 qp_num;
} GVerbsConnParam;

/**
 * GVerbsCMQPInitAttr:
 * @qp_type: the QP type (%GVERBS_QPT_RC for %GVERBS_RDMA_PS_TCP,
 *   %GVERBS_QPT_UD for %GVERBS_RDMA_PS_UDP)
 * @max_send_wr: send queue depth
 * @max_recv_wr: receive queue depth
 * @max_send_sge: scatter/gather entries per send request
 * @max_recv_sge: scatter/gather entries per receive request
 * @max_inline_data: inline data size
 * @sq_sig_all: whether every send request generates a completion
 *
 * What rdma_cm needs to create the QP of a #GVerbsCMID (`struct
 * ibv_qp_init_attr` without CQs and SRQ: rdma_cm creates the CQs itself).
 *
 * When to use it: to have rdma_cm create the queue pair of an identifier (it
 * makes the CQs too): give it to gverbs_cm_id_new(), gverbs_cm_id_create_qp()
 * or gverbs_cm_listener_new().
 *
 * ```c
 * // given: GVerbsCMID *id;
 * GVerbsCMQPInitAttr init = { .qp_type = GVERBS_QPT_RC, .max_send_wr = 16, .max_recv_wr = 16,
 *                             .max_send_sge = 1, .max_recv_sge = 1, .sq_sig_all = TRUE };
 *
 * if (!gverbs_cm_id_create_qp (id, &init, &error))
 *   g_printerr ("%s\n", error->message);
 * ```
 *
 * Since: 0.1
 */
typedef struct {
  GVerbsQPType qp_type;
  guint32 max_send_wr;
  guint32 max_recv_wr;
  guint32 max_send_sge;
  guint32 max_recv_sge;
  guint32 max_inline_data;
  gboolean sq_sig_all;
} GVerbsCMQPInitAttr;

#define GVERBS_TYPE_CONN_PARAM (gverbs_conn_param_get_type ())
GVERBS_AVAILABLE_IN_0_1
GType               gverbs_conn_param_get_type        (void) G_GNUC_CONST;
GVERBS_AVAILABLE_IN_0_1
GVerbsConnParam    *gverbs_conn_param_new             (void);
GVERBS_AVAILABLE_IN_0_1
GVerbsConnParam    *gverbs_conn_param_copy            (const GVerbsConnParam    *self);
GVERBS_AVAILABLE_IN_0_1
void                gverbs_conn_param_free            (GVerbsConnParam          *self);

#define GVERBS_TYPE_CM_QP_INIT_ATTR (gverbs_cm_qp_init_attr_get_type ())
GVERBS_AVAILABLE_IN_0_1
GType               gverbs_cm_qp_init_attr_get_type   (void) G_GNUC_CONST;
GVERBS_AVAILABLE_IN_0_1
GVerbsCMQPInitAttr *gverbs_cm_qp_init_attr_new        (void);
GVERBS_AVAILABLE_IN_0_1
GVerbsCMQPInitAttr *gverbs_cm_qp_init_attr_new_from_qp_init_attr (GVerbsQPInitAttr *attr);
GVERBS_AVAILABLE_IN_0_1
GVerbsCMQPInitAttr *gverbs_cm_qp_init_attr_copy       (const GVerbsCMQPInitAttr *self);
GVERBS_AVAILABLE_IN_0_1
void                gverbs_cm_qp_init_attr_free       (GVerbsCMQPInitAttr       *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GVerbsConnParam, gverbs_conn_param_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GVerbsCMQPInitAttr, gverbs_cm_qp_init_attr_free)

G_END_DECLS
