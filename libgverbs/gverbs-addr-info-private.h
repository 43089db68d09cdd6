/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <rdma/rdma_cma.h>
#include "gverbs-addr-info.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/* NULL until initialized successfully. */
struct rdma_addrinfo *_gverbs_addr_info_get_rai      (GVerbsAddrInfo        *self);
gboolean              _gverbs_addr_info_check        (GVerbsAddrInfo        *self,
                                                      GError               **error);
/* "192.0.2.1" / "fe80::1" for a sockaddr; NULL for none or an unknown family */
char                 *_gverbs_sockaddr_to_string     (const struct sockaddr *sa);
guint                 _gverbs_sockaddr_get_port      (const struct sockaddr *sa);

G_END_DECLS
