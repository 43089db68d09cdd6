/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-qp.h"
#include "gverbs-cm-id.h"

G_BEGIN_DECLS

/**
 * GVerbsECE:
 * @vendor_id: the IEEE OUI of the provider's vendor
 * @options: provider-specific options the connection may use
 * @comp_mask: which of the options are valid
 *
 * Enhanced connection establishment data (`struct ibv_ece`, same layout):
 * options a provider negotiates with its peer over the connection manager
 * exchange. Read from a QP with gverbs_qp_query_ece(), given to one with
 * gverbs_qp_set_ece(); with rdma_cm, gverbs_cm_id_set_local_ece() and
 * gverbs_cm_id_query_remote_ece().
 *
 * When to use it: only with a provider that negotiates ECE options (mlx5):
 * read the local options, give them to the peer, apply what it accepted.
 *
 * ```c
 * // given: GVerbsQP *qp; GVerbsCMID *id;
 * g_autoptr(GVerbsECE) ece = gverbs_qp_query_ece (qp, &error);
 *
 * if (ece == NULL || !gverbs_cm_id_set_local_ece (id, ece, &error))
 *   g_printerr ("%s\n", error->message);   // GVERBS_ERROR_NOT_SUPPORTED on rxe
 * ```
 *
 * Since: 0.1
 */
typedef struct _GVerbsECE GVerbsECE;

struct _GVerbsECE
{
  guint32 vendor_id;
  guint32 options;
  guint32 comp_mask;
};

#define GVERBS_TYPE_ECE (gverbs_ece_get_type ())

GVERBS_AVAILABLE_IN_0_1
GType      gverbs_ece_get_type  (void) G_GNUC_CONST;
GVERBS_AVAILABLE_IN_0_1
GVerbsECE *gverbs_ece_new       (guint32          vendor_id,
                                 guint32          options,
                                 guint32          comp_mask);
GVERBS_AVAILABLE_IN_0_1
GVerbsECE *gverbs_ece_copy      (const GVerbsECE *self);
GVERBS_AVAILABLE_IN_0_1
void       gverbs_ece_free      (GVerbsECE       *self);
GVERBS_AVAILABLE_IN_0_1
gboolean   gverbs_ece_equal     (const GVerbsECE *a,
                                 const GVerbsECE *b);
GVERBS_AVAILABLE_IN_0_1
char      *gverbs_ece_to_string (const GVerbsECE *self);

GVERBS_AVAILABLE_IN_0_1
GVerbsECE *gverbs_qp_query_ece  (GVerbsQP        *self,
                                 GError         **error);
GVERBS_AVAILABLE_IN_0_1
gboolean   gverbs_qp_set_ece    (GVerbsQP        *self,
                                 const GVerbsECE *ece,
                                 GError         **error);

GVERBS_AVAILABLE_IN_0_1
gboolean   gverbs_cm_id_set_local_ece    (GVerbsCMID      *self,
                                          const GVerbsECE *ece,
                                          GError         **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsECE *gverbs_cm_id_query_remote_ece (GVerbsCMID      *self,
                                          GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GVerbsECE, gverbs_ece_free)

G_END_DECLS
