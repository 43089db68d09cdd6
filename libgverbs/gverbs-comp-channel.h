/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-resource.h"
#include "gverbs-context.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_COMP_CHANNEL (gverbs_comp_channel_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsCompChannel, gverbs_comp_channel, GVERBS, COMP_CHANNEL, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsCompChannel *gverbs_comp_channel_new              (GVerbsContext      *context,
                                                         GError            **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsCompChannel *gverbs_context_create_comp_channel   (GVerbsContext      *self,
                                                         GError            **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsContext     *gverbs_comp_channel_get_context      (GVerbsCompChannel  *self);
GVERBS_AVAILABLE_IN_0_1
int                gverbs_comp_channel_get_fd           (GVerbsCompChannel  *self);
GVERBS_AVAILABLE_IN_0_1
GMainContext      *gverbs_comp_channel_get_main_context (GVerbsCompChannel  *self);
/* gverbs_comp_channel_get_cq_event() is declared in gverbs-cq.h, after the
 * type it returns. */

G_END_DECLS
