#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"
#include "gverbs-comp-channel.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_CQ_INIT_ATTR_EX (gverbs_cq_init_attr_ex_get_type ())
GVERBS_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GVerbsCqInitAttrEx, gverbs_cq_init_attr_ex, GVERBS, CQ_INIT_ATTR_EX, GObject)

GVERBS_AVAILABLE_IN_ALL
GVerbsCqInitAttrEx   *gverbs_cq_init_attr_ex_new       (void);
_GVERBS_DECLARE_GETTER (guint, gverbs_cq_init_attr_ex_get_cqe, GVerbsCqInitAttrEx)
GVERBS_AVAILABLE_IN_ALL
void                  gverbs_cq_init_attr_ex_set_cqe   (GVerbsCqInitAttrEx    *self,
                                                        guint                  cqe);
_GVERBS_DECLARE_GETTER (GVerbsCompChannel *, gverbs_cq_init_attr_ex_get_channel, GVerbsCqInitAttrEx)
GVERBS_AVAILABLE_IN_ALL
void                  gverbs_cq_init_attr_ex_set_channel (GVerbsCqInitAttrEx  *self,
                                                          GVerbsCompChannel   *channel);
_GVERBS_DECLARE_GETTER (guint, gverbs_cq_init_attr_ex_get_comp_vector, GVerbsCqInitAttrEx)
GVERBS_AVAILABLE_IN_ALL
void                  gverbs_cq_init_attr_ex_set_comp_vector (GVerbsCqInitAttrEx *self,
                                                              guint               comp_vector);
_GVERBS_DECLARE_GETTER (GVerbsCreateCQWCFlags, gverbs_cq_init_attr_ex_get_wc_flags,
                        GVerbsCqInitAttrEx)
GVERBS_AVAILABLE_IN_ALL
void                  gverbs_cq_init_attr_ex_set_wc_flags (GVerbsCqInitAttrEx    *self,
                                                           GVerbsCreateCQWCFlags  wc_flags);
_GVERBS_DECLARE_GETTER (GVerbsCQInitAttrMask, gverbs_cq_init_attr_ex_get_comp_mask,
                        GVerbsCqInitAttrEx)
GVERBS_AVAILABLE_IN_ALL
void                  gverbs_cq_init_attr_ex_set_comp_mask (GVerbsCqInitAttrEx   *self,
                                                            GVerbsCQInitAttrMask  comp_mask);
_GVERBS_DECLARE_GETTER (GVerbsCreateCQAttrFlags, gverbs_cq_init_attr_ex_get_flags,
                        GVerbsCqInitAttrEx)
GVERBS_AVAILABLE_IN_ALL
void                  gverbs_cq_init_attr_ex_set_flags (GVerbsCqInitAttrEx      *self,
                                                        GVerbsCreateCQAttrFlags  flags);
_GVERBS_DECLARE_GETTER (char *, gverbs_cq_init_attr_ex_to_string, GVerbsCqInitAttrEx)

G_END_DECLS
