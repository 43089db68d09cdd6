#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-resource.h"
#include "gverbs-cm-id.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_CM_LISTENER (gverbs_cm_listener_get_type ())
GVERBS_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GVerbsCMListener, gverbs_cm_listener, GVERBS, CM_LISTENER, GVerbsResource)

GVERBS_AVAILABLE_IN_ALL
GVerbsCMListener   *gverbs_cm_listener_new               (const GVerbsCMQPInitAttr  *qp_init_attr,
                                                          GError                   **error);
GVERBS_AVAILABLE_IN_ALL
guint               gverbs_cm_listener_add_address       (GVerbsCMListener          *self,
                                                          const char                *address,
                                                          guint                      port,
                                                          int                        backlog,
                                                          GError                   **error);
GVERBS_AVAILABLE_IN_ALL
GVerbsEventChannel *gverbs_cm_listener_get_event_channel (GVerbsCMListener          *self);
GVERBS_AVAILABLE_IN_ALL
guint               gverbs_cm_listener_get_n_pending     (GVerbsCMListener          *self);
GVERBS_AVAILABLE_IN_ALL
guint               gverbs_cm_listener_get_n_accepted    (GVerbsCMListener          *self);

G_END_DECLS
