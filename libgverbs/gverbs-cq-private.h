/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-cq.h"
#include "gverbs-comp-channel-private.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/* NULL once the CQ is closed. */
struct ibv_cq       *_gverbs_cq_get_ibv        (GVerbsCQ            *self);
/*
 * For GVerbsCQEX, whose open vfunc creates the CQ itself: in its instance
 * init, how descriptions ("cq_ex 5 on rxe0") and to_string name it; before
 * creating the CQ, what it is created with (the cqe, channel and
 * comp-vector properties); the cq_context to create it with; and the
 * created CQ, which the base then owns: it watches it, routes its async
 * events, registers it with its parents and destroys it on release.
 */
void                 _gverbs_cq_set_kind        (GVerbsCQ           *self,
                                                 const char         *kind,
                                                 const char         *title);
void                 _gverbs_cq_set_create_attr (GVerbsCQ           *self,
                                                 int                 cqe,
                                                 GVerbsCompChannel  *channel,
                                                 int                 comp_vector);
GVerbsCQEventTarget *_gverbs_cq_get_target      (GVerbsCQ           *self);
void                 _gverbs_cq_set_ibv         (GVerbsCQ           *self,
                                                 struct ibv_cq      *ibv,
                                                 int                 max_cqe);
/* Whether a GVerbsCQEX polling batch is open: ibv_poll_cq() must not run
 * then (rxe holds the CQ's lock from ibv_start_poll to ibv_end_poll). */
void                 _gverbs_cq_set_batch_open  (GVerbsCQ           *self,
                                                 gboolean            open);
const char          *_gverbs_cq_device_name    (GVerbsCQ            *self);

G_END_DECLS
