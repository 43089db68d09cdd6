/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-pd.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/* NULL once the PD is closed. */
struct ibv_pd *_gverbs_pd_get_ibv      (GVerbsPD         *self);
/* An open vfunc (the PD's, a parent domain's) stores what it allocated; the
 * PD becomes a child of its context. */
void           _gverbs_pd_set_ibv      (GVerbsPD         *self,
                                        struct ibv_pd    *ibv);
/* lkey -> memory region, for the checks of inline sends (gverbs-qp.c) */
void           _gverbs_pd_add_mr_key    (GVerbsPD         *self,
                                         struct ibv_mr    *mr);
void           _gverbs_pd_remove_mr_key (GVerbsPD         *self,
                                         struct ibv_mr    *mr);
gboolean       _gverbs_pd_mr_covers     (GVerbsPD         *self,
                                         guint32           lkey,
                                         guint64           addr,
                                         guint64           length);

/* Imported PDs (gverbs-import.c) are unimported, not deallocated, on close. */
GVerbsPD      *_gverbs_pd_new_imported (GVerbsContext    *context,
                                        struct ibv_pd    *ibv);
gboolean       _gverbs_pd_get_imported (GVerbsPD         *self);
/* Wraps the PD of an rdma_cm identifier (rdma_cm_id->pd): closing the wrapper
 * closes what was made on it but never deallocates the PD, librdmacm's. */
GVerbsPD      *_gverbs_pd_new_borrowed (GVerbsContext    *context,
                                        struct ibv_pd    *ibv);
gboolean       _gverbs_pd_get_borrowed (GVerbsPD         *self);

G_END_DECLS
