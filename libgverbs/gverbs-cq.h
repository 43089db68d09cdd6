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
#include "gverbs-comp-channel.h"
#include "gverbs-wc.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_CQ (gverbs_cq_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_DERIVABLE_TYPE (GVerbsCQ, gverbs_cq, GVERBS, CQ, GVerbsResource)

/**
 * GVerbsCQClass:
 * @parent_class: the parent class
 *
 * The class of #GVerbsCQ; #GVerbsCQEX derives from it.
 *
 * Since: 0.1
 */
struct _GVerbsCQClass
{
  GVerbsResourceClass parent_class;

  /*< private >*/
  gpointer padding[8];
};

GVERBS_AVAILABLE_IN_0_1
GVerbsCQ          *gverbs_cq_new             (GVerbsContext      *context,
                                              int                 cqe,
                                              GVerbsCompChannel  *channel,
                                              int                 comp_vector,
                                              GError            **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsCQ          *gverbs_context_create_cq  (GVerbsContext      *self,
                                              int                 cqe,
                                              GVerbsCompChannel  *channel,
                                              int                 comp_vector,
                                              GError            **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsContext     *gverbs_cq_get_context     (GVerbsCQ           *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsCompChannel *gverbs_cq_get_channel     (GVerbsCQ           *self);
GVERBS_AVAILABLE_IN_0_1
int                gverbs_cq_get_cqe         (GVerbsCQ           *self);
GVERBS_AVAILABLE_IN_0_1
int                gverbs_cq_get_comp_vector (GVerbsCQ           *self);
GVERBS_AVAILABLE_IN_0_1
guint32            gverbs_cq_get_handle      (GVerbsCQ           *self);
GVERBS_AVAILABLE_IN_0_1
gpointer           gverbs_cq_get_native      (GVerbsCQ           *self);
GVERBS_AVAILABLE_IN_0_1
int                gverbs_cq_poll            (GVerbsCQ           *self,
                                              GVerbsWC           *wcs,
                                              guint               n_wcs,
                                              GError            **error);
GVERBS_AVAILABLE_IN_0_1
int                gverbs_cq_poll_one        (GVerbsCQ           *self,
                                              GVerbsWC           *wc,
                                              GError            **error);
GVERBS_AVAILABLE_IN_0_1
GPtrArray         *gverbs_cq_poll_list       (GVerbsCQ           *self,
                                              guint               max_wcs,
                                              GError            **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsWC         **gverbs_cq_poll_wcs        (GVerbsCQ           *self,
                                              guint               max_wcs,
                                              GError            **error);
GVERBS_AVAILABLE_IN_0_1
GArray            *gverbs_cq_poll_wr_ids     (GVerbsCQ           *self,
                                              guint               max_wcs,
                                              GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean           gverbs_cq_req_notify      (GVerbsCQ           *self,
                                              gboolean            solicited_only,
                                              GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean           gverbs_cq_ack_events      (GVerbsCQ           *self,
                                              guint               n_events,
                                              GError            **error);
GVERBS_AVAILABLE_IN_0_1
guint              gverbs_cq_get_unacked_events (GVerbsCQ        *self);
GVERBS_AVAILABLE_IN_0_1
gboolean           gverbs_cq_resize          (GVerbsCQ           *self,
                                              int                 cqe,
                                              GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean           gverbs_cq_set_watched     (GVerbsCQ           *self,
                                              gboolean            watched,
                                              GError            **error);
GVERBS_AVAILABLE_IN_0_1
gboolean           gverbs_cq_get_watched     (GVerbsCQ           *self);
GVERBS_AVAILABLE_IN_0_1
char              *gverbs_cq_to_string       (GVerbsCQ           *self);

GVERBS_AVAILABLE_IN_0_1
GVerbsCQ          *gverbs_comp_channel_get_cq_event (GVerbsCompChannel  *self,
                                                     int                 timeout_ms,
                                                     GCancellable       *cancellable,
                                                     GError            **error);

G_END_DECLS
