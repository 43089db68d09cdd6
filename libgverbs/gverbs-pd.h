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

#define GVERBS_TYPE_PD (gverbs_pd_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_DERIVABLE_TYPE (GVerbsPD, gverbs_pd, GVERBS, PD, GVerbsResource)

/**
 * GVerbsPDClass:
 * @parent_class: the parent class
 *
 * The class of #GVerbsPD. It is derivable so that a #GVerbsParentDomain,
 * which rdma-core hands out as a `struct ibv_pd`, is one: whatever takes a
 * protection domain takes a parent domain too.
 *
 * Since: 0.1
 */
struct _GVerbsPDClass
{
  GVerbsResourceClass parent_class;

  /*< private >*/
  gpointer padding[8];
};

GVERBS_AVAILABLE_IN_0_1
GVerbsPD      *gverbs_pd_new              (GVerbsContext  *context,
                                           GError        **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsPD      *gverbs_context_alloc_pd    (GVerbsContext  *self,
                                           GError        **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsContext *gverbs_pd_get_context      (GVerbsPD       *self);
GVERBS_AVAILABLE_IN_0_1
guint32        gverbs_pd_get_handle       (GVerbsPD       *self);

G_END_DECLS
