/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-gid.h"
#include "gverbs-global-route.h"
#include "gverbs-ah-attr.h"
#include "gverbs-qp-attr.h"

G_BEGIN_DECLS

GVERBS_AVAILABLE_IN_0_1
GVerbsGlobalRoute *gverbs_global_route_new_full (const GVerbsGid   *dgid,
                                                 gint64             flow_label,
                                                 gint64             sgid_index,
                                                 gint64             hop_limit,
                                                 gint64             traffic_class,
                                                 GError           **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsAHAttr      *gverbs_ah_attr_new_full      (GVerbsGlobalRoute *grh,
                                                 gint64             dlid,
                                                 gint64             sl,
                                                 gint64             src_path_bits,
                                                 gint64             static_rate,
                                                 gboolean           is_global,
                                                 gint64             port_num,
                                                 GError           **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsQPAttr      *gverbs_qp_attr_new_full      (gint64             qp_state,
                                                 gint64             cur_qp_state,
                                                 gint64             port_num,
                                                 gint64             path_mtu,
                                                 GError           **error);

G_END_DECLS
