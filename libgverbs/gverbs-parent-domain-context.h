/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-pd.h"

G_BEGIN_DECLS

/**
 * GVERBS_ALLOCATOR_USE_DEFAULT:
 *
 * What a #GVerbsParentDomainAllocFunc returns to let the provider allocate
 * the buffer itself (rdma-core's `IBV_ALLOCATOR_USE_DEFAULT`).
 *
 * Since: 0.1
 */
#define GVERBS_ALLOCATOR_USE_DEFAULT G_MAXUINT64

#define GVERBS_TYPE_PARENT_DOMAIN_CONTEXT (gverbs_parent_domain_context_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsParentDomainContext, gverbs_parent_domain_context, GVERBS,
                      PARENT_DOMAIN_CONTEXT, GObject)

/**
 * GVerbsParentDomainAllocFunc:
 * @pd_context: the #GVerbsParentDomainContext the allocator was given to
 * @size: the number of bytes the provider needs
 * @alignment: the alignment the buffer must have (a power of two)
 * @resource_type: the provider's type of the resource the buffer is for
 *   (mlx5: `MLX5DV_RES_TYPE_QP`, `_RWQ`, `_DBR`, `_SRQ`, `_CQ`)
 * @user_data: (closure): the data given with the function
 *
 * A parent domain's allocator: called by the provider, on the thread that
 * creates a QP, CQ, SRQ or WQ of the parent domain, for the memory of its
 * queues and doorbells. To fail, return 0, after
 * gverbs_parent_domain_context_report_error() to say why: the creating call
 * fails with a #GError.
 *
 * Returns: the address of a buffer of at least @size bytes aligned to
 *   @alignment, %GVERBS_ALLOCATOR_USE_DEFAULT to let the provider allocate
 *   it, or 0 on failure
 *
 * Since: 0.1
 */
typedef guint64 (*GVerbsParentDomainAllocFunc) (GVerbsParentDomainContext *pd_context,
                                                guint64                    size,
                                                guint64                    alignment,
                                                guint64                    resource_type,
                                                gpointer                   user_data);

/**
 * GVerbsParentDomainFreeFunc:
 * @pd_context: the #GVerbsParentDomainContext the allocator was given to
 * @address: a buffer the #GVerbsParentDomainAllocFunc returned
 * @resource_type: the provider's type of the resource the buffer was for
 * @user_data: (closure): the data given with the function
 *
 * A parent domain's deallocator: called by the provider, on the thread
 * that destroys the resource, for each buffer the allocator gave it.
 *
 * Since: 0.1
 */
typedef void (*GVerbsParentDomainFreeFunc) (GVerbsParentDomainContext *pd_context,
                                            guint64                    address,
                                            guint64                    resource_type,
                                            gpointer                   user_data);

GVERBS_AVAILABLE_IN_0_1
GVerbsParentDomainContext *gverbs_parent_domain_context_new (GVerbsPD                    *pd,
                                                             GVerbsParentDomainAllocFunc  alloc_func,
                                                             gpointer                     alloc_data,
                                                             GDestroyNotify               alloc_destroy,
                                                             GVerbsParentDomainFreeFunc   free_func,
                                                             gpointer                     free_data,
                                                             GDestroyNotify               free_destroy);
GVERBS_AVAILABLE_IN_0_1
void      gverbs_parent_domain_context_set_allocators (GVerbsParentDomainContext   *self,
                                                       GVerbsParentDomainAllocFunc  alloc_func,
                                                       gpointer                     alloc_data,
                                                       GDestroyNotify               alloc_destroy,
                                                       GVerbsParentDomainFreeFunc   free_func,
                                                       gpointer                     free_data,
                                                       GDestroyNotify               free_destroy);
GVERBS_AVAILABLE_IN_0_1
GVerbsPD *gverbs_parent_domain_context_get_pd         (GVerbsParentDomainContext   *self);
GVERBS_AVAILABLE_IN_0_1
gboolean  gverbs_parent_domain_context_has_allocators (GVerbsParentDomainContext   *self);
GVERBS_AVAILABLE_IN_0_1
guint64   gverbs_parent_domain_context_alloc          (GVerbsParentDomainContext   *self,
                                                       guint64                      size,
                                                       guint64                      alignment,
                                                       guint64                      resource_type,
                                                       GError                     **error);
GVERBS_AVAILABLE_IN_0_1
void      gverbs_parent_domain_context_free           (GVerbsParentDomainContext   *self,
                                                       guint64                      address,
                                                       guint64                      resource_type);
GVERBS_AVAILABLE_IN_0_1
void      gverbs_parent_domain_context_report_error   (GVerbsParentDomainContext   *self,
                                                       const char                  *message);

G_END_DECLS
