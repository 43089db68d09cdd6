/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"

G_BEGIN_DECLS

/**
 * GVERBS_FLOW_SPEC_INNER:
 *
 * The bit of a spec type (`IBV_FLOW_SPEC_INNER`) that makes a spec match
 * the inner headers of a tunnelled packet.
 *
 * Since: 0.1
 */
#define GVERBS_FLOW_SPEC_INNER 0x100

#define GVERBS_TYPE_SPEC (gverbs_spec_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_DERIVABLE_TYPE (GVerbsSpec, gverbs_spec, GVERBS, SPEC, GObject)

/**
 * GVerbsSpecClass:
 * @parent_class: the parent class
 *
 * The class of the flow steering specs. Its subclasses are the
 * `struct ibv_flow_spec_*` of rdma-core; it cannot be derived outside
 * libgverbs.
 *
 * Since: 0.1
 */
struct _GVerbsSpecClass
{
  GObjectClass parent_class;

  /*< private >*/
  gconstpointer layout;
  gpointer padding[8];
};

GVERBS_AVAILABLE_IN_0_1
guint       gverbs_spec_get_spec_type (GVerbsSpec   *self);
GVERBS_AVAILABLE_IN_0_1
guint       gverbs_spec_get_size      (GVerbsSpec   *self);
GVERBS_AVAILABLE_IN_0_1
gboolean    gverbs_spec_get_is_inner  (GVerbsSpec   *self);
GVERBS_AVAILABLE_IN_0_1
gboolean    gverbs_spec_set_field     (GVerbsSpec   *self,
                                       const char   *name,
                                       const char   *value,
                                       GError      **error);
GVERBS_AVAILABLE_IN_0_1
gboolean    gverbs_spec_check         (GVerbsSpec   *self,
                                       GError      **error);
GVERBS_AVAILABLE_IN_0_1
GBytes     *gverbs_spec_pack          (GVerbsSpec   *self,
                                       GError      **error);
GVERBS_AVAILABLE_IN_0_1
char       *gverbs_spec_to_string     (GVerbsSpec   *self);
GVERBS_AVAILABLE_IN_0_1
const char *gverbs_spec_type_to_string (guint        spec_type);

#define GVERBS_TYPE_ETH_SPEC (gverbs_eth_spec_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsEthSpec, gverbs_eth_spec, GVERBS, ETH_SPEC, GVerbsSpec)
#define GVERBS_TYPE_IPV4_SPEC (gverbs_ipv4_spec_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsIpv4Spec, gverbs_ipv4_spec, GVERBS, IPV4_SPEC, GVerbsSpec)
#define GVERBS_TYPE_IPV4_EXT_SPEC (gverbs_ipv4_ext_spec_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsIpv4ExtSpec, gverbs_ipv4_ext_spec, GVERBS, IPV4_EXT_SPEC, GVerbsSpec)
#define GVERBS_TYPE_IPV6_SPEC (gverbs_ipv6_spec_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsIpv6Spec, gverbs_ipv6_spec, GVERBS, IPV6_SPEC, GVerbsSpec)
#define GVERBS_TYPE_TCP_UDP_SPEC (gverbs_tcp_udp_spec_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsTcpUdpSpec, gverbs_tcp_udp_spec, GVERBS, TCP_UDP_SPEC, GVerbsSpec)
#define GVERBS_TYPE_ESP_SPEC (gverbs_esp_spec_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsEspSpec, gverbs_esp_spec, GVERBS, ESP_SPEC, GVerbsSpec)
#define GVERBS_TYPE_TUNNEL_SPEC (gverbs_tunnel_spec_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsTunnelSpec, gverbs_tunnel_spec, GVERBS, TUNNEL_SPEC, GVerbsSpec)
#define GVERBS_TYPE_GRE_SPEC (gverbs_gre_spec_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsGreSpec, gverbs_gre_spec, GVERBS, GRE_SPEC, GVerbsSpec)
#define GVERBS_TYPE_MPLS_SPEC (gverbs_mpls_spec_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsMplsSpec, gverbs_mpls_spec, GVERBS, MPLS_SPEC, GVerbsSpec)
#define GVERBS_TYPE_ACTION_TAG_SPEC (gverbs_action_tag_spec_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsActionTagSpec, gverbs_action_tag_spec, GVERBS, ACTION_TAG_SPEC, GVerbsSpec)
#define GVERBS_TYPE_ACTION_DROP_SPEC (gverbs_action_drop_spec_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsActionDropSpec, gverbs_action_drop_spec, GVERBS, ACTION_DROP_SPEC, GVerbsSpec)

GVERBS_AVAILABLE_IN_0_1
GVerbsSpec *gverbs_spec_make          (GVerbsFlowSpecType spec_type,
                                       gboolean      is_inner,
                                       GError      **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsTcpUdpSpec *gverbs_tcp_udp_spec_new (GVerbsFlowSpecType spec_type,
                                       gboolean      is_inner,
                                       GError      **error);

G_END_DECLS
