#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_CM_BUFFER (gverbs_cm_buffer_get_type ())
GVERBS_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GVerbsCMBuffer, gverbs_cm_buffer, GVERBS, CM_BUFFER, GObject)

GVERBS_AVAILABLE_IN_ALL
gboolean  gverbs_cm_buffer_write      (GVerbsCMBuffer  *self,
                                       const guint8    *data,
                                       gsize            length,
                                       gsize            offset,
                                       GError         **error);
GVERBS_AVAILABLE_IN_ALL
GBytes   *gverbs_cm_buffer_read       (GVerbsCMBuffer  *self,
                                       gsize            length,
                                       gsize            offset,
                                       GError         **error);
GVERBS_AVAILABLE_IN_ALL
guint64   gverbs_cm_buffer_get_addr   (GVerbsCMBuffer  *self);
GVERBS_AVAILABLE_IN_ALL
gsize     gverbs_cm_buffer_get_length (GVerbsCMBuffer  *self);
GVERBS_AVAILABLE_IN_ALL
guint32   gverbs_cm_buffer_get_lkey   (GVerbsCMBuffer  *self);
GVERBS_AVAILABLE_IN_ALL
guint32   gverbs_cm_buffer_get_rkey   (GVerbsCMBuffer  *self);
GVERBS_AVAILABLE_IN_ALL
gboolean  gverbs_cm_buffer_close      (GVerbsCMBuffer  *self,
                                       GError         **error);
GVERBS_AVAILABLE_IN_ALL
gboolean  gverbs_cm_buffer_is_closed  (GVerbsCMBuffer  *self);

G_END_DECLS
