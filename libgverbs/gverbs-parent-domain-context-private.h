/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-parent-domain-context.h"

G_BEGIN_DECLS

/* Sets attr->alloc, ->free and ->pd_context to the context's trampolines. */
void     _gverbs_parent_domain_context_fill       (GVerbsParentDomainContext          *self,
                                                   struct ibv_parent_domain_init_attr *attr);
/* The error of the last allocation the provider asked for, if it failed
 * (moved to @error, prefixed with @call on @device); FALSE if none. */
gboolean _gverbs_parent_domain_context_take_error (GVerbsParentDomainContext          *self,
                                                   const char                         *call,
                                                   const char                         *device,
                                                   GError                            **error);

G_END_DECLS
