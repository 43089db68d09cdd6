/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib.h>

G_BEGIN_DECLS

/* librdmacm's constants. The values equal rdma-core's <rdma/rdma_cma.h>
 * (static asserts in gverbs-addr-info.c); the C names keep rdma-core's
 * RDMA_/RAI_ spelling so that Python's flat aliases are Verbs.RDMA_PS_TCP,
 * Verbs.RAI_PASSIVE, Verbs.RDMA_CM_EVENT_ESTABLISHED. */

/**
 * GVerbsPortSpace:
 * @GVERBS_RDMA_PS_IPOIB: `RDMA_PS_IPOIB`: UD over the IPoIB port space
 * @GVERBS_RDMA_PS_TCP: `RDMA_PS_TCP`: reliable connected (RC) QPs
 * @GVERBS_RDMA_PS_UDP: `RDMA_PS_UDP`: unreliable datagram (UD) QPs
 * @GVERBS_RDMA_PS_IB: `RDMA_PS_IB`: any IB QP type, native IB addressing
 *
 * The port space of an rdma_cm identifier; the values are those of
 * rdma-core's `enum rdma_port_space`.
 *
 * Since: 0.1
 */
typedef enum { /*< underscore_name=gverbs_port_space >*/
  GVERBS_RDMA_PS_IPOIB = 0x0002,
  GVERBS_RDMA_PS_TCP = 0x0106,
  GVERBS_RDMA_PS_UDP = 0x0111,
  GVERBS_RDMA_PS_IB = 0x013f,
} GVerbsPortSpace;

/**
 * GVerbsAddrInfoFlags:
 * @GVERBS_RAI_NONE: no flag
 * @GVERBS_RAI_PASSIVE: `RAI_PASSIVE`: the address is for the passive
 *   (listening) side
 * @GVERBS_RAI_NUMERICHOST: `RAI_NUMERICHOST`: the node is a numeric address,
 *   no name lookup
 * @GVERBS_RAI_NOROUTE: `RAI_NOROUTE`: do not resolve a route
 * @GVERBS_RAI_FAMILY: `RAI_FAMILY`: the address family is given
 *
 * Hint flags of rdma_getaddrinfo(); the values are rdma-core's `RAI_*`.
 *
 * Since: 0.1
 */
typedef enum { /*< flags,underscore_name=gverbs_addr_info_flags >*/
  GVERBS_RAI_NONE = 0,
  GVERBS_RAI_PASSIVE = 1u << 0,
  GVERBS_RAI_NUMERICHOST = 1u << 1,
  GVERBS_RAI_NOROUTE = 1u << 2,
  GVERBS_RAI_FAMILY = 1u << 3,
} GVerbsAddrInfoFlags;

/**
 * GVerbsCMEventType:
 * @GVERBS_RDMA_CM_EVENT_ADDR_RESOLVED: the address was resolved
 * @GVERBS_RDMA_CM_EVENT_ADDR_ERROR: address resolution failed
 * @GVERBS_RDMA_CM_EVENT_ROUTE_RESOLVED: the route was resolved
 * @GVERBS_RDMA_CM_EVENT_ROUTE_ERROR: route resolution failed
 * @GVERBS_RDMA_CM_EVENT_CONNECT_REQUEST: a peer asks to connect
 * @GVERBS_RDMA_CM_EVENT_CONNECT_RESPONSE: the peer answered a connect of an
 *   identifier without a QP
 * @GVERBS_RDMA_CM_EVENT_CONNECT_ERROR: connecting failed
 * @GVERBS_RDMA_CM_EVENT_UNREACHABLE: the peer cannot be reached
 * @GVERBS_RDMA_CM_EVENT_REJECTED: the peer rejected the connection
 * @GVERBS_RDMA_CM_EVENT_ESTABLISHED: the connection is established
 * @GVERBS_RDMA_CM_EVENT_DISCONNECTED: the connection was disconnected
 * @GVERBS_RDMA_CM_EVENT_DEVICE_REMOVAL: the RDMA device was removed
 * @GVERBS_RDMA_CM_EVENT_MULTICAST_JOIN: a multicast join completed
 * @GVERBS_RDMA_CM_EVENT_MULTICAST_ERROR: a multicast group failed
 * @GVERBS_RDMA_CM_EVENT_ADDR_CHANGE: the local address changed
 * @GVERBS_RDMA_CM_EVENT_TIMEWAIT_EXIT: the QP left the time-wait state
 *
 * Type of an rdma_cm event; the values are those of rdma-core's
 * `enum rdma_cm_event_type`.
 *
 * Since: 0.1
 */
typedef enum { /*< underscore_name=gverbs_cm_event_type >*/
  GVERBS_RDMA_CM_EVENT_ADDR_RESOLVED = 0,
  GVERBS_RDMA_CM_EVENT_ADDR_ERROR = 1,
  GVERBS_RDMA_CM_EVENT_ROUTE_RESOLVED = 2,
  GVERBS_RDMA_CM_EVENT_ROUTE_ERROR = 3,
  GVERBS_RDMA_CM_EVENT_CONNECT_REQUEST = 4,
  GVERBS_RDMA_CM_EVENT_CONNECT_RESPONSE = 5,
  GVERBS_RDMA_CM_EVENT_CONNECT_ERROR = 6,
  GVERBS_RDMA_CM_EVENT_UNREACHABLE = 7,
  GVERBS_RDMA_CM_EVENT_REJECTED = 8,
  GVERBS_RDMA_CM_EVENT_ESTABLISHED = 9,
  GVERBS_RDMA_CM_EVENT_DISCONNECTED = 10,
  GVERBS_RDMA_CM_EVENT_DEVICE_REMOVAL = 11,
  GVERBS_RDMA_CM_EVENT_MULTICAST_JOIN = 12,
  GVERBS_RDMA_CM_EVENT_MULTICAST_ERROR = 13,
  GVERBS_RDMA_CM_EVENT_ADDR_CHANGE = 14,
  GVERBS_RDMA_CM_EVENT_TIMEWAIT_EXIT = 15,
} GVerbsCMEventType;

/**
 * GVerbsCMOption:
 * @GVERBS_RDMA_OPTION_ID_TOS: `RDMA_OPTION_ID_TOS`: type of service (RFC 2474), 0–255
 * @GVERBS_RDMA_OPTION_ID_REUSEADDR: `RDMA_OPTION_ID_REUSEADDR`: reuse the
 *   address (0 or 1)
 * @GVERBS_RDMA_OPTION_ID_AFONLY: `RDMA_OPTION_ID_AFONLY`: IPv6 only (0 or 1)
 * @GVERBS_RDMA_OPTION_ID_ACK_TIMEOUT: `RDMA_OPTION_ID_ACK_TIMEOUT`: QP ACK
 *   timeout exponent, 0–31
 *
 * Options of the `RDMA_OPTION_ID` level that gverbs_cm_id_set_option() sets;
 * the values are rdma-core's.
 *
 * Since: 0.1
 */
typedef enum { /*< underscore_name=gverbs_cm_option >*/
  GVERBS_RDMA_OPTION_ID_TOS = 0,
  GVERBS_RDMA_OPTION_ID_REUSEADDR = 1,
  GVERBS_RDMA_OPTION_ID_AFONLY = 2,
  GVERBS_RDMA_OPTION_ID_ACK_TIMEOUT = 3,
} GVerbsCMOption;

G_END_DECLS
