/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (GVERBS_COMPILATION)
# error "This header is private to libgverbs."
#endif

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

/* tests/fuzz: the send WR conversion of a post, without a QP or a post. */
gboolean _gverbs_qp_convert_send_wr_for_test (int                  qp_type,
                                              const GVerbsSendWR  *w,
                                              struct ibv_send_wr  *d,
                                              GError             **error);

G_END_DECLS
