/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"
#include "gverbs-comp-channel.h"
#include "gverbs-pd.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_CQ_INIT_ATTR_EX (gverbs_cq_init_attr_ex_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsCqInitAttrEx, gverbs_cq_init_attr_ex, GVERBS, CQ_INIT_ATTR_EX, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsCqInitAttrEx   *gverbs_cq_init_attr_ex_new       (void);
GVERBS_AVAILABLE_IN_0_1
guint                 gverbs_cq_init_attr_ex_get_cqe   (GVerbsCqInitAttrEx    *self);
GVERBS_AVAILABLE_IN_0_1
void                  gverbs_cq_init_attr_ex_set_cqe   (GVerbsCqInitAttrEx    *self,
                                                        guint                  cqe);
GVERBS_AVAILABLE_IN_0_1
GVerbsCompChannel    *gverbs_cq_init_attr_ex_get_channel (GVerbsCqInitAttrEx  *self);
GVERBS_AVAILABLE_IN_0_1
void                  gverbs_cq_init_attr_ex_set_channel (GVerbsCqInitAttrEx  *self,
                                                          GVerbsCompChannel   *channel);
GVERBS_AVAILABLE_IN_0_1
guint                 gverbs_cq_init_attr_ex_get_comp_vector (GVerbsCqInitAttrEx *self);
GVERBS_AVAILABLE_IN_0_1
void                  gverbs_cq_init_attr_ex_set_comp_vector (GVerbsCqInitAttrEx *self,
                                                              guint               comp_vector);
GVERBS_AVAILABLE_IN_0_1
GVerbsCreateCQWCFlags gverbs_cq_init_attr_ex_get_wc_flags (GVerbsCqInitAttrEx *self);
GVERBS_AVAILABLE_IN_0_1
void                  gverbs_cq_init_attr_ex_set_wc_flags (GVerbsCqInitAttrEx    *self,
                                                           GVerbsCreateCQWCFlags  wc_flags);
GVERBS_AVAILABLE_IN_0_1
GVerbsCQInitAttrMask  gverbs_cq_init_attr_ex_get_comp_mask (GVerbsCqInitAttrEx *self);
GVERBS_AVAILABLE_IN_0_1
void                  gverbs_cq_init_attr_ex_set_comp_mask (GVerbsCqInitAttrEx   *self,
                                                            GVerbsCQInitAttrMask  comp_mask);
GVERBS_AVAILABLE_IN_0_1
GVerbsCreateCQAttrFlags gverbs_cq_init_attr_ex_get_flags (GVerbsCqInitAttrEx *self);
GVERBS_AVAILABLE_IN_0_1
void                  gverbs_cq_init_attr_ex_set_flags (GVerbsCqInitAttrEx      *self,
                                                        GVerbsCreateCQAttrFlags  flags);
GVERBS_AVAILABLE_IN_0_1
GVerbsPD             *gverbs_cq_init_attr_ex_get_parent_domain (GVerbsCqInitAttrEx *self);
GVERBS_AVAILABLE_IN_0_1
void                  gverbs_cq_init_attr_ex_set_parent_domain (GVerbsCqInitAttrEx *self,
                                                                GVerbsPD           *parent_domain);
GVERBS_AVAILABLE_IN_0_1
char                 *gverbs_cq_init_attr_ex_to_string (GVerbsCqInitAttrEx    *self);

G_END_DECLS
