#pragma once

#if !defined (GVERBS_COMPILATION)
# error "This header is private to libgverbs."
#endif

#include <rdma/rdma_cma.h>
#include "gverbs-cm-id.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/* An rdma_cm event, copied before rdma_ack_cm_event(). */
typedef struct {
  GVerbsCMEventType type;
  int status;
  GBytes *private_data;
  guint32 ud_qp_num;
  guint32 ud_qkey;
  GVerbsCMID *target;   /* the identifier the event is for (a reference) */
  GVerbsCMID *new_id;   /* CONNECT_REQUEST: the new identifier (a reference) */
} GVerbsCMEvent;

/* Wraps the identifier of a connection request that arrived on @channel. */
GVerbsCMID *_gverbs_cm_id_new_incoming  (GVerbsCMID          *listener,
                                         GVerbsEventChannel  *channel,
                                         struct rdma_cm_id   *id);
void        _gverbs_cm_id_handle_event  (GVerbsCMID          *self,
                                         const GVerbsCMEvent *event);
const char *_gverbs_cm_id_describe      (GVerbsCMID          *self);
void        _gverbs_cm_id_add_child     (GVerbsCMID          *self,
                                         gpointer             child,
                                         GVerbsCloseFunc      close_func);
void        _gverbs_cm_id_remove_child  (GVerbsCMID          *self,
                                         gpointer             child);

G_END_DECLS
