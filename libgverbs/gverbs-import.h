/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-context.h"
#include "gverbs-pd.h"
#include "gverbs-mr.h"

G_BEGIN_DECLS

GVERBS_AVAILABLE_IN_0_1
GVerbsContext *gverbs_context_new_from_cmd_fd (int             cmd_fd,
                                               GError        **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsPD      *gverbs_pd_import               (GVerbsContext  *context,
                                               guint32         handle,
                                               GError        **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_pd_is_imported          (GVerbsPD       *self);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_pd_unimport             (GVerbsPD       *self,
                                               GError        **error);

GVERBS_AVAILABLE_IN_0_1
GVerbsMR      *gverbs_mr_import               (GVerbsPD       *pd,
                                               guint32         handle,
                                               GError        **error);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_mr_is_imported          (GVerbsMR       *self);
GVERBS_AVAILABLE_IN_0_1
gboolean       gverbs_mr_unimport             (GVerbsMR       *self,
                                               GError        **error);

G_END_DECLS
