/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-resource.h"
#include "gverbs-enums.h"
#include "gverbs-cm-enums.h"
#include "gverbs-addr-info.h"
#include "gverbs-event-channel.h"
#include "gverbs-cm-params.h"
#include "gverbs-context.h"
#include "gverbs-pd.h"
#include "gverbs-mr.h"
#include "gverbs-wc.h"
#include "gverbs-ah.h"
#include "gverbs-qp-attr.h"
#include "gverbs-qp-init-attr.h"
#include "gverbs-ud-param.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_CM_ID (gverbs_cm_id_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsCMID, gverbs_cm_id, GVERBS, CM_ID, GVerbsResource)

GVERBS_AVAILABLE_IN_0_1
GVerbsCMID     *gverbs_cm_id_new                 (GVerbsAddrInfo            *addr_info,
                                                  const GVerbsCMQPInitAttr  *qp_init_attr,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsCMID     *gverbs_cm_id_new_with_pd         (GVerbsAddrInfo            *addr_info,
                                                  const GVerbsCMQPInitAttr  *qp_init_attr,
                                                  GVerbsPD                  *pd,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsCMID     *gverbs_cm_id_new_on_channel      (GVerbsEventChannel        *channel,
                                                  GVerbsPortSpace            port_space,
                                                  GError                   **error);


GVERBS_AVAILABLE_IN_0_1
GVerbsEventChannel *gverbs_cm_id_get_event_channel (GVerbsCMID              *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsPortSpace gverbs_cm_id_get_port_space      (GVerbsCMID                *self);
GVERBS_AVAILABLE_IN_0_1
const char     *gverbs_cm_id_get_device_name     (GVerbsCMID                *self);
GVERBS_AVAILABLE_IN_0_1
guint           gverbs_cm_id_get_port_num        (GVerbsCMID                *self);
GVERBS_AVAILABLE_IN_0_1
guint32         gverbs_cm_id_get_qp_num          (GVerbsCMID                *self);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_has_qp              (GVerbsCMID                *self);
GVERBS_AVAILABLE_IN_0_1
char           *gverbs_cm_id_dup_local_address   (GVerbsCMID                *self);
GVERBS_AVAILABLE_IN_0_1
char           *gverbs_cm_id_dup_remote_address  (GVerbsCMID                *self);
GVERBS_AVAILABLE_IN_0_1
guint           gverbs_cm_id_get_local_port      (GVerbsCMID                *self);
GVERBS_AVAILABLE_IN_0_1
guint           gverbs_cm_id_get_remote_port     (GVerbsCMID                *self);

GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_bind_addr           (GVerbsCMID                *self,
                                                  GVerbsAddrInfo            *addr_info,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_listen              (GVerbsCMID                *self,
                                                  int                        backlog,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsCMID     *gverbs_cm_id_get_request         (GVerbsCMID                *self,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_accept              (GVerbsCMID                *self,
                                                  const GVerbsConnParam     *param,
                                                  GBytes                    *private_data,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_connect_to_peer     (GVerbsCMID                *self,
                                                  const GVerbsConnParam     *param,
                                                  GBytes                    *private_data,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_shutdown            (GVerbsCMID                *self,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_establish           (GVerbsCMID                *self,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_reject              (GVerbsCMID                *self,
                                                  GBytes                    *private_data,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_create_qp           (GVerbsCMID                *self,
                                                  const GVerbsCMQPInitAttr  *qp_init_attr,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsQPState   gverbs_cm_id_query_qp_state      (GVerbsCMID                *self,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsQPAttr   *gverbs_cm_id_query_qp            (GVerbsCMID                *self,
                                                  GVerbsQPAttrMask           mask,
                                                  GVerbsQPInitAttr         **init_attr,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsQPAttr   *gverbs_cm_id_init_qp_attr        (GVerbsCMID                *self,
                                                  GVerbsQPState              qp_state,
                                                  GVerbsQPAttrMask          *mask,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_set_option          (GVerbsCMID                *self,
                                                  GVerbsCMOption             option,
                                                  guint                      value,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_join_multicast      (GVerbsCMID                *self,
                                                  GVerbsAddrInfo            *addr_info,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_leave_multicast     (GVerbsCMID                *self,
                                                  GVerbsAddrInfo            *addr_info,
                                                  GError                   **error);

GVERBS_AVAILABLE_IN_0_1
GVerbsMR       *gverbs_cm_id_reg_msgs            (GVerbsCMID                *self,
                                                  gsize                      size,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsMR       *gverbs_cm_id_reg_read            (GVerbsCMID                *self,
                                                  gsize                      size,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsMR       *gverbs_cm_id_reg_write           (GVerbsCMID                *self,
                                                  gsize                      size,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_post_recv           (GVerbsCMID                *self,
                                                  GVerbsMR                  *buffer,
                                                  gsize                      offset,
                                                  gsize                      length,
                                                  guint64                    wr_id,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_post_send           (GVerbsCMID                *self,
                                                  GVerbsMR                  *buffer,
                                                  gsize                      offset,
                                                  gsize                      length,
                                                  GVerbsSendFlags            flags,
                                                  guint64                    wr_id,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_post_read           (GVerbsCMID                *self,
                                                  GVerbsMR                  *buffer,
                                                  gsize                      offset,
                                                  gsize                      length,
                                                  guint64                    remote_addr,
                                                  guint32                    rkey,
                                                  GVerbsSendFlags            flags,
                                                  guint64                    wr_id,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_post_write          (GVerbsCMID                *self,
                                                  GVerbsMR                  *buffer,
                                                  gsize                      offset,
                                                  gsize                      length,
                                                  guint64                    remote_addr,
                                                  guint32                    rkey,
                                                  GVerbsSendFlags            flags,
                                                  guint64                    wr_id,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_post_ud_send        (GVerbsCMID                *self,
                                                  GVerbsMR                  *buffer,
                                                  gsize                      offset,
                                                  gsize                      length,
                                                  GVerbsAH                  *ah,
                                                  guint32                    remote_qpn,
                                                  GVerbsSendFlags            flags,
                                                  guint64                    wr_id,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_post_ud_send_with_imm (GVerbsCMID              *self,
                                                  GVerbsMR                  *buffer,
                                                  gsize                      offset,
                                                  gsize                      length,
                                                  GVerbsAH                  *ah,
                                                  guint32                    remote_qpn,
                                                  guint32                    remote_qkey,
                                                  guint32                    imm_data,
                                                  GVerbsSendFlags            flags,
                                                  guint64                    wr_id,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsAH       *gverbs_cm_id_create_ah_from_wc   (GVerbsCMID                *self,
                                                  const GVerbsWC            *wc,
                                                  GVerbsMR                  *grh_buffer,
                                                  gsize                      offset,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsUDParam  *gverbs_cm_id_get_ud_param        (GVerbsCMID                *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsWC       *gverbs_cm_id_get_send_comp       (GVerbsCMID                *self,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsWC       *gverbs_cm_id_get_recv_comp       (GVerbsCMID                *self,
                                                  GError                   **error);

GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_watch_completions   (GVerbsCMID                *self,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsContext  *gverbs_cm_id_get_context         (GVerbsCMID                *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsPD       *gverbs_cm_id_get_pd              (GVerbsCMID                *self);

GVERBS_AVAILABLE_IN_0_1
void            gverbs_cm_id_resolve_addr_async  (GVerbsCMID                *self,
                                                  GVerbsAddrInfo            *addr_info,
                                                  int                        timeout_ms,
                                                  GCancellable              *cancellable,
                                                  GAsyncReadyCallback        callback,
                                                  gpointer                   user_data);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_resolve_addr_finish (GVerbsCMID                *self,
                                                  GAsyncResult              *result,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
void            gverbs_cm_id_resolve_route_async (GVerbsCMID                *self,
                                                  int                        timeout_ms,
                                                  GCancellable              *cancellable,
                                                  GAsyncReadyCallback        callback,
                                                  gpointer                   user_data);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_resolve_route_finish (GVerbsCMID               *self,
                                                  GAsyncResult              *result,
                                                  GError                   **error);
GVERBS_AVAILABLE_IN_0_1
void            gverbs_cm_id_connect_to_peer_async (GVerbsCMID                *self,
                                                     const GVerbsConnParam     *param,
                                                     GBytes                    *private_data,
                                                     GCancellable              *cancellable,
                                                     GAsyncReadyCallback        callback,
                                                     gpointer                   user_data);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_connect_to_peer_finish (GVerbsCMID                *self,
                                                     GAsyncResult              *result,
                                                     GError                   **error);
GVERBS_AVAILABLE_IN_0_1
void            gverbs_cm_id_accept_async        (GVerbsCMID                *self,
                                                  const GVerbsConnParam     *param,
                                                  GBytes                    *private_data,
                                                  GCancellable              *cancellable,
                                                  GAsyncReadyCallback        callback,
                                                  gpointer                   user_data);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_cm_id_accept_finish       (GVerbsCMID                *self,
                                                  GAsyncResult              *result,
                                                  GError                   **error);

G_END_DECLS
