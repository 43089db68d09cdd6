/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-pd.h"
#include "gverbs-parent-domain-init-attr.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_PARENT_DOMAIN (gverbs_parent_domain_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsParentDomain, gverbs_parent_domain, GVERBS, PARENT_DOMAIN, GVerbsPD)

GVERBS_AVAILABLE_IN_0_1
GVerbsParentDomain         *gverbs_parent_domain_new      (GVerbsContext               *context,
                                                           GVerbsParentDomainInitAttr  *attr,
                                                           GError                     **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsParentDomainInitAttr *gverbs_parent_domain_get_attr (GVerbsParentDomain          *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsPD                   *gverbs_parent_domain_get_pd   (GVerbsParentDomain          *self);

G_END_DECLS
