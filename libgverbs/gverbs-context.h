/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-resource.h"
#include "gverbs-async-event.h"
#include "gverbs-device-attr.h"
#include "gverbs-device-attr-ex.h"
#include "gverbs-enums.h"
#include "gverbs-gid.h"
#include "gverbs-gid-entry.h"
#include "gverbs-port-attr.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_CONTEXT (gverbs_context_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_DERIVABLE_TYPE (GVerbsContext, gverbs_context, GVERBS, CONTEXT, GVerbsResource)

/**
 * GVerbsContextClass:
 * @parent_class: the parent class
 *
 * The class of #GVerbsContext; provider contexts such as
 * #GVerbsMlx5Context derive from it.
 *
 * Since: 0.1
 */
struct _GVerbsContextClass
{
  GVerbsResourceClass parent_class;

  /*< private >*/
  gpointer padding[8];
};

GVERBS_AVAILABLE_IN_0_1
GVerbsContext    *gverbs_context_new                  (const char     *name,
                                                       GError        **error);
GVERBS_AVAILABLE_IN_0_1
const char       *gverbs_context_get_name             (GVerbsContext  *self);
GVERBS_AVAILABLE_IN_0_1
int               gverbs_context_get_num_comp_vectors (GVerbsContext  *self);
GVERBS_AVAILABLE_IN_0_1
int               gverbs_context_get_cmd_fd           (GVerbsContext  *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsDeviceAttr *gverbs_context_query_device         (GVerbsContext  *self,
                                                       GError        **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsPortAttr   *gverbs_context_query_port           (GVerbsContext  *self,
                                                       guint           port_num,
                                                       GError        **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsDeviceAttrEx *gverbs_context_query_device_ex    (GVerbsContext  *self,
                                                       GError        **error);
GVERBS_AVAILABLE_IN_0_1
gboolean          gverbs_context_query_rt_values_ex   (GVerbsContext  *self,
                                                       gint64         *sec,
                                                       gint64         *nsec,
                                                       GError        **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsGid        *gverbs_context_query_gid            (GVerbsContext  *self,
                                                       guint           port_num,
                                                       guint           index,
                                                       GError        **error);
GVERBS_AVAILABLE_IN_0_1
int               gverbs_context_query_gid_type       (GVerbsContext  *self,
                                                       guint           port_num,
                                                       guint           index,
                                                       GError        **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsGidEntry   *gverbs_context_query_gid_ex         (GVerbsContext  *self,
                                                       guint           port_num,
                                                       guint           index,
                                                       GError        **error);
GVERBS_AVAILABLE_IN_0_1
GList            *gverbs_context_query_gid_table      (GVerbsContext  *self,
                                                       int             max_entries,
                                                       GError        **error);
GVERBS_AVAILABLE_IN_0_1
int               gverbs_context_query_pkey           (GVerbsContext  *self,
                                                       guint           port_num,
                                                       guint           index,
                                                       GError        **error);
GVERBS_AVAILABLE_IN_0_1
int               gverbs_context_get_pkey_index       (GVerbsContext  *self,
                                                       guint           port_num,
                                                       guint           pkey,
                                                       GError        **error);
GVERBS_AVAILABLE_IN_0_1
int               gverbs_context_find_gid             (GVerbsContext  *self,
                                                       guint           port_num,
                                                       GVerbsGidType   gid_type,
                                                       GSocketFamily   family,
                                                       GError        **error);
GVERBS_AVAILABLE_IN_0_1
int               gverbs_context_find_default_gid     (GVerbsContext  *self,
                                                       guint           port_num,
                                                       GError        **error);
GVERBS_AVAILABLE_IN_0_1
int               gverbs_context_find_gid_by_address  (GVerbsContext  *self,
                                                       guint           port_num,
                                                       const char     *address,
                                                       GError        **error);
GVERBS_AVAILABLE_IN_0_1
int               gverbs_context_find_gid_by_netdev   (GVerbsContext  *self,
                                                       guint           port_num,
                                                       const char     *netdev,
                                                       GVerbsGidType   gid_type,
                                                       GSocketFamily   family,
                                                       GError        **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsAsyncEvent *gverbs_context_get_async_event      (GVerbsContext  *self,
                                                       int             timeout_ms,
                                                       GCancellable   *cancellable,
                                                       GError        **error);

G_END_DECLS
