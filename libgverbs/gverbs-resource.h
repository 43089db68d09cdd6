/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_RESOURCE (gverbs_resource_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_DERIVABLE_TYPE (GVerbsResource, gverbs_resource, GVERBS, RESOURCE, GObject)

/**
 * GVerbsResourceClass:
 * @parent_class: the parent class
 *
 * The class of #GVerbsResource. Its virtual functions are private to
 * libgverbs: every resource class of the library derives from it.
 *
 * Since: 0.1
 */
struct _GVerbsResourceClass
{
  GObjectClass parent_class;

  /*< private >*/
  gboolean (*open)    (GVerbsResource  *self,
                       GCancellable    *cancellable,
                       GError         **error);
  gboolean (*release) (GVerbsResource  *self,
                       GError         **error);
  guint rank;
  guint keeps_open_when_release_fails : 1;
  int (*destroy) (gpointer handle);
  const char *destroy_name;
  gsize handle_offset;
  gconstpointer fields;
  guint n_fields;
  int fields_offset;
  gpointer padding[3];
};

GVERBS_AVAILABLE_IN_0_1
gboolean    gverbs_resource_close           (GVerbsResource  *self,
                                             GError         **error);
GVERBS_AVAILABLE_IN_0_1
gboolean    gverbs_resource_is_closed       (GVerbsResource  *self);
GVERBS_AVAILABLE_IN_0_1
const char *gverbs_resource_get_description (GVerbsResource  *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsResource *gverbs_resource_get_parent  (GVerbsResource  *self);

G_END_DECLS
