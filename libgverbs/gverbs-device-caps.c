/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <infiniband/verbs.h>

#include "gverbs-device-caps.h"
#include "gverbs-device-caps-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-fields-private.h"

/* Each class copies one rdma-core struct and exposes its fields through a
 * GVerbsField table; only the struct and the table differ. @new_func, the
 * copying constructor, is the private _gverbs_…_caps_new() itself where it
 * takes the struct as rdma-core has it. */
#define DEFINE_CAPS(TypeName, type_name, CStruct, field_table, new_func) \
  struct _##TypeName { GObject parent_instance; CStruct caps; };        \
  GVERBS_DEFINE_FIELDS_TYPE (TypeName, type_name, CStruct, caps, field_table, new_func)

#define NAMED(name, st, member, kind, type) GVERBS_FIELD_NAMED (st, member, name, kind, type)

/**
 * GVerbsODPCaps:
 *
 * On-demand-paging capabilities (`struct ibv_odp_caps` and the
 * `xrc_odp_caps` of `struct ibv_device_attr_ex`): properties
 * `general-caps` (#GVerbsOdpGeneralCaps) and `rc-odp-caps`, `uc-odp-caps`,
 * `ud-odp-caps`, `xrc-odp-caps` (#GVerbsOdpTransportCapBits).
 *
 * When to use it: before registering a memory region with
 * %GVERBS_ACCESS_ON_DEMAND, to check the device pages memory in on demand.
 *
 * ```c
 * // given: GVerbsDeviceAttrEx *ex;
 * g_autoptr(GVerbsODPCaps) odp = NULL;
 * GVerbsOdpGeneralCaps general = 0;
 * GVerbsOdpTransportCapBits rc = 0;
 *
 * g_object_get (ex, "odp-caps", &odp, NULL);
 * g_object_get (odp, "general-caps", &general, "rc-odp-caps", &rc, NULL);
 * if ((general & GVERBS_ODP_SUPPORT) && (rc & GVERBS_ODP_SUPPORT_SEND))
 *   g_print ("RC sends from on-demand memory\n");
 * ```
 *
 * Since: 0.1
 */
typedef struct {
  struct ibv_odp_caps odp;
  guint32 xrc_odp_caps;
} OdpCaps;

/**
 * GVerbsODPCaps:general-caps:
 *
 * The general on-demand-paging capabilities (#GVerbsOdpGeneralCaps).
 *
 * Since: 0.1
 */
/**
 * GVerbsODPCaps:rc-odp-caps:
 *
 * The operations RC queue pairs support on on-demand-paging memory
 * (#GVerbsOdpTransportCapBits).
 *
 * Since: 0.1
 */
/**
 * GVerbsODPCaps:uc-odp-caps:
 *
 * The operations UC queue pairs support on on-demand-paging memory
 * (#GVerbsOdpTransportCapBits).
 *
 * Since: 0.1
 */
/**
 * GVerbsODPCaps:ud-odp-caps:
 *
 * The operations UD queue pairs support on on-demand-paging memory
 * (#GVerbsOdpTransportCapBits).
 *
 * Since: 0.1
 */
/**
 * GVerbsODPCaps:xrc-odp-caps:
 *
 * The operations XRC queue pairs support on on-demand-paging memory
 * (#GVerbsOdpTransportCapBits).
 *
 * Since: 0.1
 */
static const GVerbsField odp_fields[] = {
  NAMED ("general_caps", OdpCaps, odp.general_caps, GVERBS_FIELD_FLAGS, gverbs_odp_general_caps_get_type),
  NAMED ("rc_odp_caps", OdpCaps, odp.per_transport_caps.rc_odp_caps, GVERBS_FIELD_FLAGS, gverbs_odp_transport_cap_bits_get_type),
  NAMED ("uc_odp_caps", OdpCaps, odp.per_transport_caps.uc_odp_caps, GVERBS_FIELD_FLAGS, gverbs_odp_transport_cap_bits_get_type),
  NAMED ("ud_odp_caps", OdpCaps, odp.per_transport_caps.ud_odp_caps, GVERBS_FIELD_FLAGS, gverbs_odp_transport_cap_bits_get_type),
  NAMED ("xrc_odp_caps", OdpCaps, xrc_odp_caps, GVERBS_FIELD_FLAGS, gverbs_odp_transport_cap_bits_get_type),
};
static GVerbsODPCaps *odp_caps_new_from (const OdpCaps *src);
DEFINE_CAPS (GVerbsODPCaps, gverbs_odp_caps, OdpCaps, odp_fields, odp_caps_new_from)

GVerbsODPCaps *
_gverbs_odp_caps_new (const struct ibv_odp_caps *caps,
                      guint32                    xrc_odp_caps)
{
  OdpCaps c = { *caps, xrc_odp_caps };

  return odp_caps_new_from (&c);
}

/**
 * GVerbsTSOCaps:
 *
 * TCP segmentation offload capabilities (`struct ibv_tso_caps`): properties
 * `max-tso` and `supported-qpts` (a bit mask of `1 << qp_type`).
 *
 * When to use it: before creating a raw-packet queue pair that offloads TCP
 * segmentation (#GVerbsQPInitAttrEx:max-tso-header).
 *
 * ```c
 * // given: GVerbsDeviceAttrEx *ex;
 * g_autoptr(GVerbsTSOCaps) tso = NULL;
 * guint max_tso = 0;
 *
 * g_object_get (ex, "tso-caps", &tso, NULL);
 * g_object_get (tso, "max-tso", &max_tso, NULL);
 * ```
 *
 * Since: 0.1
 */
#define F(st, field, kind, type) GVERBS_FIELD (st, field, kind, type)
/**
 * GVerbsTSOCaps:max-tso:
 *
 * The largest TCP segmentation offload payload, in bytes (`max_tso`).
 *
 * Since: 0.1
 */
/**
 * GVerbsTSOCaps:supported-qpts:
 *
 * The queue pair types that support TSO, as a bit mask of `1 << qp_type`
 * (`supported_qpts`).
 *
 * Since: 0.1
 */
static const GVerbsField tso_fields[] = {
  F (struct ibv_tso_caps, max_tso, GVERBS_FIELD_UINT, NULL),
  F (struct ibv_tso_caps, supported_qpts, GVERBS_FIELD_UINT, NULL),
};
DEFINE_CAPS (GVerbsTSOCaps, gverbs_tso_caps, struct ibv_tso_caps, tso_fields, _gverbs_tso_caps_new)

/**
 * GVerbsRSSCaps:
 *
 * Receive-side scaling capabilities (`struct ibv_rss_caps`): properties
 * `supported-qpts`, `max-rwq-indirection-tables`,
 * `max-rwq-indirection-table-size`, `rx-hash-fields-mask`
 * (#GVerbsRxHashFields) and `rx-hash-function`
 * (#GVerbsRxHashFunctionFlags).
 *
 * When to use it: before spreading received packets over several work
 * queues with a #GVerbsRwqIndTable and a #GVerbsRxHashConf.
 *
 * ```c
 * // given: GVerbsDeviceAttrEx *ex;
 * g_autoptr(GVerbsRSSCaps) rss = NULL;
 * guint max_tables = 0;
 *
 * g_object_get (ex, "rss-caps", &rss, NULL);
 * g_object_get (rss, "max-rwq-indirection-tables", &max_tables, NULL);
 * ```
 *
 * Since: 0.1
 */
/**
 * GVerbsRSSCaps:supported-qpts:
 *
 * The queue pair types that support RSS, as a bit mask of `1 << qp_type`
 * (`supported_qpts`).
 *
 * Since: 0.1
 */
/**
 * GVerbsRSSCaps:max-rwq-indirection-tables:
 *
 * The most receive work queue indirection tables
 * (`max_rwq_indirection_tables`).
 *
 * Since: 0.1
 */
/**
 * GVerbsRSSCaps:max-rwq-indirection-table-size:
 *
 * The most entries of one indirection table
 * (`max_rwq_indirection_table_size`).
 *
 * Since: 0.1
 */
/**
 * GVerbsRSSCaps:rx-hash-fields-mask:
 *
 * The packet fields the receive hash can cover (`rx_hash_fields_mask`,
 * #GVerbsRxHashFields).
 *
 * Since: 0.1
 */
/**
 * GVerbsRSSCaps:rx-hash-function:
 *
 * The receive hash functions supported (`rx_hash_function`,
 * #GVerbsRxHashFunctionFlags).
 *
 * Since: 0.1
 */
static const GVerbsField rss_fields[] = {
  F (struct ibv_rss_caps, supported_qpts, GVERBS_FIELD_UINT, NULL),
  F (struct ibv_rss_caps, max_rwq_indirection_tables, GVERBS_FIELD_UINT, NULL),
  F (struct ibv_rss_caps, max_rwq_indirection_table_size, GVERBS_FIELD_UINT, NULL),
  F (struct ibv_rss_caps, rx_hash_fields_mask, GVERBS_FIELD_FLAGS, gverbs_rx_hash_fields_get_type),
  F (struct ibv_rss_caps, rx_hash_function, GVERBS_FIELD_FLAGS, gverbs_rx_hash_function_flags_get_type),
};
DEFINE_CAPS (GVerbsRSSCaps, gverbs_rss_caps, struct ibv_rss_caps, rss_fields, _gverbs_rss_caps_new)

/**
 * GVerbsPacketPacingCaps:
 *
 * Packet pacing capabilities (`struct ibv_packet_pacing_caps`): properties
 * `qp-rate-limit-min`, `qp-rate-limit-max` (kbit/s) and `supported-qpts`.
 *
 * When to use it: before setting #GVerbsQPAttr:rate-limit on a queue pair.
 *
 * ```c
 * // given: GVerbsDeviceAttrEx *ex;
 * g_autoptr(GVerbsPacketPacingCaps) pp = NULL;
 * guint min_kbps = 0, max_kbps = 0;
 *
 * g_object_get (ex, "packet-pacing-caps", &pp, NULL);
 * g_object_get (pp, "qp-rate-limit-min", &min_kbps, "qp-rate-limit-max", &max_kbps, NULL);
 * ```
 *
 * Since: 0.1
 */
/**
 * GVerbsPacketPacingCaps:qp-rate-limit-min:
 *
 * The lowest rate limit a queue pair accepts, in kbit/s (`qp_rate_limit_min`).
 *
 * Since: 0.1
 */
/**
 * GVerbsPacketPacingCaps:qp-rate-limit-max:
 *
 * The highest rate limit a queue pair accepts, in kbit/s
 * (`qp_rate_limit_max`).
 *
 * Since: 0.1
 */
/**
 * GVerbsPacketPacingCaps:supported-qpts:
 *
 * The queue pair types that support packet pacing, as a bit mask of `1 <<
 * qp_type` (`supported_qpts`).
 *
 * Since: 0.1
 */
static const GVerbsField packet_pacing_fields[] = {
  F (struct ibv_packet_pacing_caps, qp_rate_limit_min, GVERBS_FIELD_UINT, NULL),
  F (struct ibv_packet_pacing_caps, qp_rate_limit_max, GVERBS_FIELD_UINT, NULL),
  F (struct ibv_packet_pacing_caps, supported_qpts, GVERBS_FIELD_UINT, NULL),
};
DEFINE_CAPS (GVerbsPacketPacingCaps, gverbs_packet_pacing_caps, struct ibv_packet_pacing_caps,
             packet_pacing_fields, _gverbs_packet_pacing_caps_new)

/**
 * GVerbsTMCaps:
 *
 * Tag matching capabilities (`struct ibv_tm_caps`): properties
 * `max-rndv-hdr-size`, `max-num-tags`, `flags` (#GVerbsTmCapFlags),
 * `max-ops` and `max-sge`.
 *
 * When to use it: before creating a tag-matching SRQ (%GVERBS_SRQT_TM).
 *
 * ```c
 * // given: GVerbsDeviceAttrEx *ex;
 * g_autoptr(GVerbsTMCaps) tm = NULL;
 * guint max_tags = 0;
 *
 * g_object_get (ex, "tm-caps", &tm, NULL);
 * g_object_get (tm, "max-num-tags", &max_tags, NULL);
 * ```
 *
 * Since: 0.1
 */
/**
 * GVerbsTMCaps:max-rndv-hdr-size:
 *
 * The largest rendezvous header of a tag-matching SRQ, in bytes
 * (`max_rndv_hdr_size`).
 *
 * Since: 0.1
 */
/**
 * GVerbsTMCaps:max-num-tags:
 *
 * The most tags a tag-matching SRQ can hold (`max_num_tags`).
 *
 * Since: 0.1
 */
/**
 * GVerbsTMCaps:flags:
 *
 * The tag-matching capabilities (`flags`, #GVerbsTmCapFlags).
 *
 * Since: 0.1
 */
/**
 * GVerbsTMCaps:max-ops:
 *
 * The most outstanding tag-list operations (`max_ops`).
 *
 * Since: 0.1
 */
/**
 * GVerbsTMCaps:max-sge:
 *
 * The most scatter/gather elements of a tagged buffer (`max_sge`).
 *
 * Since: 0.1
 */
static const GVerbsField tm_fields[] = {
  F (struct ibv_tm_caps, max_rndv_hdr_size, GVERBS_FIELD_UINT, NULL),
  F (struct ibv_tm_caps, max_num_tags, GVERBS_FIELD_UINT, NULL),
  F (struct ibv_tm_caps, flags, GVERBS_FIELD_FLAGS, gverbs_tm_cap_flags_get_type),
  F (struct ibv_tm_caps, max_ops, GVERBS_FIELD_UINT, NULL),
  F (struct ibv_tm_caps, max_sge, GVERBS_FIELD_UINT, NULL),
};
DEFINE_CAPS (GVerbsTMCaps, gverbs_tm_caps, struct ibv_tm_caps, tm_fields, _gverbs_tm_caps_new)

/**
 * GVerbsCQModerationCaps:
 *
 * CQ moderation capabilities (`struct ibv_cq_moderation_caps`): properties
 * `max-cq-count` and `max-cq-period` (microseconds).
 *
 * When to use it: before asking a CQ to coalesce completion events.
 *
 * ```c
 * // given: GVerbsDeviceAttrEx *ex;
 * g_autoptr(GVerbsCQModerationCaps) mod = NULL;
 * guint max_count = 0;
 *
 * g_object_get (ex, "cq-mod-caps", &mod, NULL);
 * g_object_get (mod, "max-cq-count", &max_count, NULL);
 * ```
 *
 * Since: 0.1
 */
/**
 * GVerbsCQModerationCaps:max-cq-count:
 *
 * The largest number of completions that can be coalesced into one event
 * (`max_cq_count`).
 *
 * Since: 0.1
 */
/**
 * GVerbsCQModerationCaps:max-cq-period:
 *
 * The longest time an event can be delayed to coalesce completions, in
 * microseconds (`max_cq_period`).
 *
 * Since: 0.1
 */
static const GVerbsField cq_moderation_fields[] = {
  F (struct ibv_cq_moderation_caps, max_cq_count, GVERBS_FIELD_UINT, NULL),
  F (struct ibv_cq_moderation_caps, max_cq_period, GVERBS_FIELD_UINT, NULL),
};
DEFINE_CAPS (GVerbsCQModerationCaps, gverbs_cq_moderation_caps, struct ibv_cq_moderation_caps,
             cq_moderation_fields, _gverbs_cq_moderation_caps_new)

/**
 * GVerbsPCIAtomicCaps:
 *
 * PCI atomic operation capabilities (`struct ibv_pci_atomic_caps`):
 * properties `fetch-add`, `swap` and `compare-swap`
 * (#GVerbsPciAtomicOpSize each).
 *
 * When to use it: to know which atomic operations the device performs on
 * host memory across PCIe, for atomics on memory the CPU also touches.
 *
 * ```c
 * // given: GVerbsDeviceAttrEx *ex;
 * g_autoptr(GVerbsPCIAtomicCaps) pci = NULL;
 * guint fetch_add = 0;
 *
 * g_object_get (ex, "pci-atomic-caps", &pci, NULL);
 * g_object_get (pci, "fetch-add", &fetch_add, NULL);
 * ```
 *
 * Since: 0.1
 */
/**
 * GVerbsPCIAtomicCaps:fetch-add:
 *
 * The operand sizes of PCI fetch-and-add (#GVerbsPciAtomicOpSize).
 *
 * Since: 0.1
 */
/**
 * GVerbsPCIAtomicCaps:swap:
 *
 * The operand sizes of PCI swap (#GVerbsPciAtomicOpSize).
 *
 * Since: 0.1
 */
/**
 * GVerbsPCIAtomicCaps:compare-swap:
 *
 * The operand sizes of PCI compare-and-swap (#GVerbsPciAtomicOpSize).
 *
 * Since: 0.1
 */
static const GVerbsField pci_atomic_fields[] = {
  F (struct ibv_pci_atomic_caps, fetch_add, GVERBS_FIELD_FLAGS, gverbs_pci_atomic_op_size_get_type),
  F (struct ibv_pci_atomic_caps, swap, GVERBS_FIELD_FLAGS, gverbs_pci_atomic_op_size_get_type),
  F (struct ibv_pci_atomic_caps, compare_swap, GVERBS_FIELD_FLAGS, gverbs_pci_atomic_op_size_get_type),
};
#undef F
DEFINE_CAPS (GVerbsPCIAtomicCaps, gverbs_pci_atomic_caps, struct ibv_pci_atomic_caps,
             pci_atomic_fields, _gverbs_pci_atomic_caps_new)
