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
  struct ibv_ah_attr ud_ah_attr;
  gboolean has_ud;      /* RDMA_PS_UDP / RDMA_PS_IPOIB: the ud_* fields are set */
  GVerbsCMID *target;   /* the identifier the event is for (a reference) */
  GVerbsCMID *new_id;   /* CONNECT_REQUEST: the new identifier (a reference) */
} GVerbsCMEvent;

/* Wraps the identifier of a connection request that arrived on @channel. */
GVerbsCMID *_gverbs_cm_id_new_incoming  (GVerbsCMID          *listener,
                                         GVerbsEventChannel  *channel,
                                         struct rdma_cm_id   *id);
void        _gverbs_cm_id_handle_event  (GVerbsCMID          *self,
                                         const GVerbsCMEvent *event);

/* NULL once closed. */
struct rdma_cm_id *_gverbs_cm_id_get_id       (GVerbsCMID          *self);
gboolean    _gverbs_cm_id_check_qp      (GVerbsCMID          *self,
                                         const char          *call,
                                         GError             **error);
/* @buffer is on the identifier's PD and [@offset, @offset + @length) fits. */
gboolean    _gverbs_cm_id_buffer_range  (GVerbsCMID          *self,
                                         GVerbsMR            *buffer,
                                         gsize                offset,
                                         gsize                length,
                                         void               **addr,
                                         struct ibv_mr      **mr,
                                         GError             **error);

G_END_DECLS
