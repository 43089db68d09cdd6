/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <rdma/rdma_cma.h>
#include "gverbs-cm-id.h"
#include "gverbs-cq-watch-private.h"
#include "gverbs-private.h"
#include "gverbs-resource-private.h"

G_BEGIN_DECLS

/* The class's signals, for _gverbs_cm_id_signal(). */
typedef enum {
  SIGNAL_EVENT,
  SIGNAL_CONNECT_REQUEST,
  SIGNAL_ESTABLISHED,
  SIGNAL_DISCONNECTED,
  SIGNAL_REJECTED,
  SIGNAL_UNREACHABLE,
  SIGNAL_ADDR_ERROR,
  SIGNAL_ROUTE_ERROR,
  SIGNAL_DEVICE_REMOVAL,
  SIGNAL_TIMEWAIT_EXIT,
  SIGNAL_MULTICAST_JOIN,
  SIGNAL_SEND_COMPLETION,
  SIGNAL_RECV_COMPLETION,
  N_SIGNALS
} GVerbsCMIDSignal;

/* The message private data goes with, for its size limit. */
typedef enum {
  CM_MSG_CONNECT,
  CM_MSG_ACCEPT,
  CM_MSG_REJECT,
} CMMessage;

/* The asynchronous calls (gverbs-cm-id-async.c): at most one of each kind
 * is pending, in GVerbsCMID.tasks. */
typedef enum {
  CM_OP_RESOLVE_ADDR,
  CM_OP_RESOLVE_ROUTE,
  CM_OP_CONNECT,
  CM_OP_ACCEPT,
  CM_N_OPS
} CMOp;

/* The instance, shared by gverbs-cm-id*.c. */
struct _GVerbsCMID
{
  GVerbsResource parent_instance;

  GVerbsAddrInfo *addr_info;
  GVerbsEventChannel *channel;
  GVerbsPortSpace port_space;
  GVerbsCMQPInitAttr *qp_init_attr;

  struct rdma_cm_id *id;
  gboolean closed;              /* released; rdma_destroy_ep waits for dispatch */
  guint dispatching;
  GVerbsContext *context;       /* borrowed wrappers of id->verbs and id->pd */
  GVerbsPD *pd;
  GVerbsPD *user_pd;            /* the caller's PD for the QP, or NULL */
  GVerbsUDParam *ud_param;
  GVerbsCQEventSource comp_events[2]; /* rdma_cm's completion channels */
  GVerbsCQWatch comp_watch[2];  /* its send and receive CQs, when watched */
  GPtrArray *groups;            /* GBytes: the sockaddr of each multicast group joined */
  gboolean watching;

  GTask *tasks[CM_N_OPS];       /* the pending asynchronous call of each kind */
};

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

/* gverbs-cm-id.c: the class */
/* Wraps the identifier of a connection request that arrived on @channel. */
GVerbsCMID *_gverbs_cm_id_new_incoming  (GVerbsCMID          *listener,
                                         GVerbsEventChannel  *channel,
                                         struct rdma_cm_id   *id);
/* NULL once closed. */
struct rdma_cm_id *_gverbs_cm_id_get_id       (GVerbsCMID          *self);
/* The signal id of @signal. */
guint       _gverbs_cm_id_signal        (GVerbsCMIDSignal     signal);
/* Notifies #GVerbsCMID:qp-num. */
void        _gverbs_cm_id_notify_qp_num (GVerbsCMID          *self);
/* Sets #GVerbsCMID:ud-param (taking @param) and notifies it. */
void        _gverbs_cm_id_set_ud_param  (GVerbsCMID          *self,
                                         GVerbsUDParam       *param);
/* Describes the identifier by its local address and device. */
void        _gverbs_cm_id_update_description (GVerbsCMID *self);
/* Open and with a QP. */
gboolean    _gverbs_cm_id_check_qp      (GVerbsCMID          *self,
                                         const char          *call,
                                         GError             **error);
/* Open and bound to a device (rdma_connect()/rdma_accept() need it). */
gboolean    _gverbs_cm_id_check_bound   (GVerbsCMID          *self,
                                         const char          *call,
                                         GError             **error);
/* Always FALSE: sets @error from errno for @call. */
gboolean    _gverbs_cm_id_set_errno_error (GVerbsCMID        *self,
                                           GError           **error,
                                           const char        *call);
/* Converts the QP attributes for rdma_create_ep()/rdma_create_qp(). */
void        _gverbs_cm_id_fill_qp_init_attr (struct ibv_qp_init_attr  *attr,
                                             const GVerbsCMQPInitAttr *in);
/* Leaves the groups and destroys the rdma_cm identifier (not while dispatching). */
void        _gverbs_cm_id_destroy_id    (GVerbsCMID          *self);

/* gverbs-cm-id-connect.c: connection management */
/* Fills @conn from @param (NULL: the defaults) and @private_data. */
void        _gverbs_cm_id_fill_conn_param (struct rdma_conn_param *conn,
                                           const GVerbsConnParam  *param,
                                           GBytes                 *private_data);
/* @private_data fits message @msg on this device and port space. */
gboolean    _gverbs_cm_id_check_private_data (GVerbsCMID     *self,
                                              GBytes         *private_data,
                                              CMMessage       msg,
                                              const char     *call,
                                              GError        **error);

/* The checks before an accept or connect: bound, and the private data fits. */
gboolean    _gverbs_cm_id_check_conn    (GVerbsCMID          *self,
                                         CMMessage            msg,
                                         GBytes              *private_data,
                                         GError             **error);
/* Makes the accept or connect call; FALSE with errno set if it failed. */
gboolean    _gverbs_cm_id_start_conn    (GVerbsCMID          *self,
                                         CMMessage            msg,
                                         const GVerbsConnParam *param,
                                         GBytes              *private_data);

/* gverbs-cm-id-data.c: the data path */
/* What a post checks first: the identifier is open with a QP (named @call
 * in errors), @ah (unless NULL) is a UD destination on its PD, @buffer is
 * on its PD and [@offset, @offset + @length) fits: its address is @addr. */
gboolean    _gverbs_cm_id_check_post    (GVerbsCMID          *self,
                                         const char          *call,
                                         GVerbsAH            *ah,
                                         GVerbsMR            *buffer,
                                         gsize                offset,
                                         gsize                length,
                                         void               **addr,
                                         struct ibv_mr      **mr,
                                         GError             **error);
/* Stops delivering completions as signals. */
void        _gverbs_cm_id_unwatch_completions (GVerbsCMID    *self);
/* Frees what watching completions allocated. */
void        _gverbs_cm_id_finalize_completions (GVerbsCMID   *self);

/* gverbs-cm-id-async.c: asynchronous calls and rdma_cm events */
/* Emits the signals of @event and completes the calls it ends. */
void        _gverbs_cm_id_handle_event  (GVerbsCMID          *self,
                                         const GVerbsCMEvent *event);

G_END_DECLS
