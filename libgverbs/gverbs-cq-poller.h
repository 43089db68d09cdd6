/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-cq.h"
#include "gverbs-comp-channel.h"
#include "gverbs-wc.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_CQ_POLLER (gverbs_cq_poller_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsCQPoller, gverbs_cq_poller, GVERBS, CQ_POLLER, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsCQPoller    *gverbs_cq_poller_new         (GVerbsCQ           *cq,
                                                 GVerbsCompChannel  *channel);
GVERBS_AVAILABLE_IN_0_1
GVerbsCQ          *gverbs_cq_poller_get_cq      (GVerbsCQPoller     *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsCompChannel *gverbs_cq_poller_get_channel (GVerbsCQPoller     *self);
GVERBS_AVAILABLE_IN_0_1
const GVerbsWC    *gverbs_cq_poller_next        (GVerbsCQPoller     *self,
                                                 int                 timeout_ms,
                                                 GError            **error);
GVERBS_AVAILABLE_IN_0_1
const GVerbsWC    *gverbs_cq_poller_get_last_wc (GVerbsCQPoller     *self);

G_END_DECLS
