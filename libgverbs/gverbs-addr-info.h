/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-cm-enums.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_ADDR_INFO (gverbs_addr_info_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsAddrInfo, gverbs_addr_info, GVERBS, ADDR_INFO, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsAddrInfo  *gverbs_addr_info_new             (const char           *src,
                                                   const char           *dst,
                                                   const char           *src_service,
                                                   const char           *dst_service,
                                                   GVerbsPortSpace       port_space,
                                                   GVerbsAddrInfoFlags   flags,
                                                   GError              **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsPortSpace  gverbs_addr_info_get_port_space  (GVerbsAddrInfo       *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsAddrInfoFlags gverbs_addr_info_get_flags    (GVerbsAddrInfo       *self);
GVERBS_AVAILABLE_IN_0_1
char            *gverbs_addr_info_dup_src_address (GVerbsAddrInfo       *self);
GVERBS_AVAILABLE_IN_0_1
char            *gverbs_addr_info_dup_dst_address (GVerbsAddrInfo       *self);
GVERBS_AVAILABLE_IN_0_1
guint            gverbs_addr_info_get_src_port    (GVerbsAddrInfo       *self);
GVERBS_AVAILABLE_IN_0_1
guint            gverbs_addr_info_get_dst_port    (GVerbsAddrInfo       *self);

G_END_DECLS
