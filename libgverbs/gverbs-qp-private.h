/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-qp.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/* NULL once the QP is closed. */
struct ibv_qp *_gverbs_qp_get_ibv    (GVerbsQP  *self);

/* The extended send API: NULL unless created with
 * IBV_QP_INIT_ATTR_SEND_OPS_FLAGS; then the operations it may post. */
struct ibv_qp_ex *_gverbs_qp_get_qp_ex (GVerbsQP *self);
guint             _gverbs_qp_get_send_ops_flags (GVerbsQP *self);
gboolean         *_gverbs_qp_wr_open   (GVerbsQP *self);

/* A window bind's checks: @self, @mw and @mr (unless NULL: an unbind) open,
 * the window [addr, addr+length) inside @mr. */
gboolean _gverbs_qp_check_bind (GVerbsQP  *self,
                                GVerbsMW  *mw,
                                GVerbsMR  *mr,
                                guint64    addr,
                                guint64    length,
                                GError   **error);
/* The window of a type 1 or type 2 bind: @mr (NULL: unbind), the range
 * and the access. */
void     _gverbs_qp_fill_bind_info (struct ibv_mw_bind_info *info,
                                    GVerbsMR                *mr,
                                    guint64                  addr,
                                    guint64                  length,
                                    GVerbsAccessFlags        access);
/* A type 2 bind was posted: @mw's rkey is @rkey (rdma-core leaves tracking
 * it to the caller), its window on @mr. */
void     _gverbs_qp_bound_type2    (GVerbsMW                *mw,
                                    GVerbsMR                *mr,
                                    guint32                  rkey);

/* tests/fuzz: the send WR conversion of a post, without a QP or a post. */
gboolean _gverbs_qp_convert_send_wr_for_test (int                  qp_type,
                                              const GVerbsSendWR  *w,
                                              struct ibv_send_wr  *d,
                                              GError             **error);

G_END_DECLS
