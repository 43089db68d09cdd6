/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"
#include "gverbs-pd.h"
#include "gverbs-td.h"
#include "gverbs-parent-domain-context.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_PARENT_DOMAIN_INIT_ATTR (gverbs_parent_domain_init_attr_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsParentDomainInitAttr, gverbs_parent_domain_init_attr, GVERBS,
                      PARENT_DOMAIN_INIT_ATTR, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsParentDomainInitAttr     *gverbs_parent_domain_init_attr_new        (GVerbsPD                       *pd,
                                                                           GVerbsParentDomainContext      *pd_context,
                                                                           GVerbsParentDomainInitAttrMask  comp_mask);
GVERBS_AVAILABLE_IN_0_1
GVerbsPD                       *gverbs_parent_domain_init_attr_get_pd     (GVerbsParentDomainInitAttr     *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsTD                       *gverbs_parent_domain_init_attr_get_td     (GVerbsParentDomainInitAttr     *self);
GVERBS_AVAILABLE_IN_0_1
void                            gverbs_parent_domain_init_attr_set_td     (GVerbsParentDomainInitAttr     *self,
                                                                           GVerbsTD                       *td);
GVERBS_AVAILABLE_IN_0_1
GVerbsParentDomainContext      *gverbs_parent_domain_init_attr_get_pd_context (GVerbsParentDomainInitAttr *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsParentDomainInitAttrMask  gverbs_parent_domain_init_attr_get_comp_mask (GVerbsParentDomainInitAttr *self);

G_END_DECLS
