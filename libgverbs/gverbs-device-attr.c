/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <endian.h>
#include <stddef.h>
#include <infiniband/verbs.h>

#include "gverbs-device-attr.h"
#include "gverbs-device-attr-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-fields-private.h"
#include "gverbs-private.h"

/**
 * GVerbsDeviceAttr:
 *
 * The attributes of a device as gverbs_context_query_device() reports them:
 * one read-only property per field of rdma-core's `struct ibv_device_attr`,
 * named as the field is (`max_qp` is the property `max-qp`). GUIDs are in
 * host byte order.
 *
 * When to use it: to size queues and pick features from what the device
 * allows (max_qp_wr, max_sge, max_cqe …) instead of guessing.
 *
 * ```c
 * // given: GVerbsContext *ctx;
 * g_autoptr(GVerbsDeviceAttr) attr = gverbs_context_query_device (ctx, &error);
 * g_autofree char *fw = NULL;
 * guint max_qp_wr = 0;
 *
 * if (attr == NULL)
 *   return;
 * g_object_get (attr, "fw-ver", &fw, "max-qp-wr", &max_qp_wr, NULL);
 * ```
 *
 * Python: `ctx.query_device().max_qp_wr`.
 *
 * Since: 0.1
 */
struct _GVerbsDeviceAttr
{
  GObject parent_instance;
  struct ibv_device_attr attr;
};

#define F(field, kind, type) GVERBS_FIELD (struct ibv_device_attr, field, kind, type)
/* a field that to_string() prints too, with pyverbs' label */
#define P(field, kind, type, label, print) \
  GVERBS_FIELD_PRINTED (struct ibv_device_attr, field, kind, type, label, GVERBS_PRINT_ ## print)
/**
 * GVerbsDeviceAttr:fw-ver:
 *
 * The firmware version, as the driver formats it (`fw_ver`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:node-guid:
 *
 * The node GUID, in host byte order (`node_guid`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:sys-image-guid:
 *
 * The system image GUID, in host byte order (`sys_image_guid`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-mr-size:
 *
 * The largest memory region that can be registered, in bytes (`max_mr_size`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:page-size-cap:
 *
 * The page sizes the device supports, as a bit mask of sizes in bytes
 * (`page_size_cap`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:vendor-id:
 *
 * The IEEE vendor ID (`vendor_id`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:vendor-part-id:
 *
 * The vendor's part ID (`vendor_part_id`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:hw-ver:
 *
 * The hardware version (`hw_ver`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-qp:
 *
 * The most queue pairs the device supports (`max_qp`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-qp-wr:
 *
 * The most outstanding work requests on any send or receive queue
 * (`max_qp_wr`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:device-cap-flags:
 *
 * The device capabilities (`device_cap_flags`, #GVerbsDeviceCapFlags).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-sge:
 *
 * The most scatter/gather elements per work request of a non-RD queue pair
 * (`max_sge`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-sge-rd:
 *
 * The most scatter/gather elements per work request of an RD queue pair
 * (`max_sge_rd`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-cq:
 *
 * The most completion queues the device supports (`max_cq`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-cqe:
 *
 * The most entries a completion queue can have (`max_cqe`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-mr:
 *
 * The most memory regions the device supports (`max_mr`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-pd:
 *
 * The most protection domains the device supports (`max_pd`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-qp-rd-atom:
 *
 * The most outstanding RDMA reads and atomics a queue pair can accept as the
 * target (`max_qp_rd_atom`): the bound of #GVerbsQPAttr:max-dest-rd-atomic.
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-ee-rd-atom:
 *
 * The most outstanding RDMA reads and atomics an EE context can accept as the
 * target (`max_ee_rd_atom`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-res-rd-atom:
 *
 * The most resources the device uses for incoming RDMA reads and atomics in
 * total (`max_res_rd_atom`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-qp-init-rd-atom:
 *
 * The most outstanding RDMA reads and atomics a queue pair can initiate
 * (`max_qp_init_rd_atom`): the bound of #GVerbsQPAttr:max-rd-atomic.
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-ee-init-rd-atom:
 *
 * The most outstanding RDMA reads and atomics an EE context can initiate
 * (`max_ee_init_rd_atom`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:atomic-cap:
 *
 * How atomic operations are guaranteed (`atomic_cap`, #GVerbsAtomicCap).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-ee:
 *
 * The most EE contexts the device supports (`max_ee`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-rdd:
 *
 * The most reliable datagram domains the device supports (`max_rdd`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-mw:
 *
 * The most memory windows the device supports (`max_mw`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-raw-ipv6-qp:
 *
 * The most raw IPv6 datagram queue pairs the device supports
 * (`max_raw_ipv6_qp`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-raw-ethy-qp:
 *
 * The most raw Ethertype datagram queue pairs the device supports
 * (`max_raw_ethy_qp`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-mcast-grp:
 *
 * The most multicast groups the device supports (`max_mcast_grp`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-mcast-qp-attach:
 *
 * The most queue pairs that can attach to one multicast group
 * (`max_mcast_qp_attach`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-total-mcast-qp-attach:
 *
 * The most queue pairs that can be attached to multicast groups in total
 * (`max_total_mcast_qp_attach`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-ah:
 *
 * The most address handles the device supports (`max_ah`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-fmr:
 *
 * The most fast memory regions the device supports (`max_fmr`; obsolete, 0 on
 * current drivers).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-map-per-fmr:
 *
 * The most remaps per fast memory region before an unmap (`max_map_per_fmr`;
 * obsolete).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-srq:
 *
 * The most shared receive queues the device supports (`max_srq`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-srq-wr:
 *
 * The most work requests a shared receive queue can hold (`max_srq_wr`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-srq-sge:
 *
 * The most scatter/gather elements per work request of a shared receive queue
 * (`max_srq_sge`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:max-pkeys:
 *
 * The number of partition keys the device supports (`max_pkeys`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:local-ca-ack-delay:
 *
 * The local CA ACK delay, as the exponent of 4.096 µs × 2^value
 * (`local_ca_ack_delay`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttr:phys-port-cnt:
 *
 * The number of physical ports, numbered from 1 (`phys_port_cnt`).
 *
 * Since: 0.1
 */
static const GVerbsField fields[] = {
  P (fw_ver, GVERBS_FIELD_STRING, NULL, "FW version", STRING),
  P (node_guid, GVERBS_FIELD_GUID, NULL, "Node guid", GUID),
  P (sys_image_guid, GVERBS_FIELD_GUID, NULL, "Sys image GUID", GUID),
  P (max_mr_size, GVERBS_FIELD_UINT, NULL, "Max MR size", HEX),
  P (page_size_cap, GVERBS_FIELD_UINT, NULL, "Page size cap", HEX),
  P (vendor_id, GVERBS_FIELD_UINT, NULL, "Vendor ID", HEX),
  P (vendor_part_id, GVERBS_FIELD_UINT, NULL, "Vendor part ID", UINT),
  P (hw_ver, GVERBS_FIELD_UINT, NULL, "HW version", UINT),
  P (max_qp, GVERBS_FIELD_INT, NULL, "Max QP", INT),
  P (max_qp_wr, GVERBS_FIELD_INT, NULL, "Max QP WR", INT),
  P (device_cap_flags, GVERBS_FIELD_FLAGS, gverbs_device_cap_flags_get_type, "Device cap flags",
     IBV_FLAGS),
  P (max_sge, GVERBS_FIELD_INT, NULL, "Max SGE", INT),
  P (max_sge_rd, GVERBS_FIELD_INT, NULL, "Max SGE RD", INT),
  P (max_cq, GVERBS_FIELD_INT, NULL, "MAX CQ", INT),
  P (max_cqe, GVERBS_FIELD_INT, NULL, "Max CQE", INT),
  P (max_mr, GVERBS_FIELD_INT, NULL, "Max MR", INT),
  P (max_pd, GVERBS_FIELD_INT, NULL, "Max PD", INT),
  P (max_qp_rd_atom, GVERBS_FIELD_INT, NULL, "Max QP RD atom", INT),
  P (max_ee_rd_atom, GVERBS_FIELD_INT, NULL, "Max EE RD atom", INT),
  P (max_res_rd_atom, GVERBS_FIELD_INT, NULL, "Max res RD atom", INT),
  P (max_qp_init_rd_atom, GVERBS_FIELD_INT, NULL, "Max QP init RD atom", INT),
  P (max_ee_init_rd_atom, GVERBS_FIELD_INT, NULL, "Max EE init RD atom", INT),
  P (atomic_cap, GVERBS_FIELD_ENUM, gverbs_atomic_cap_get_type, "Atomic caps", UINT),
  P (max_ee, GVERBS_FIELD_INT, NULL, "Max EE", INT),
  P (max_rdd, GVERBS_FIELD_INT, NULL, "Max RDD", INT),
  P (max_mw, GVERBS_FIELD_INT, NULL, "Max MW", INT),
  P (max_raw_ipv6_qp, GVERBS_FIELD_INT, NULL, "Max raw IPv6 QPs", INT),
  P (max_raw_ethy_qp, GVERBS_FIELD_INT, NULL, "Max raw ethy QP", INT),
  P (max_mcast_grp, GVERBS_FIELD_INT, NULL, "Max mcast group", INT),
  P (max_mcast_qp_attach, GVERBS_FIELD_INT, NULL, "Max mcast QP attach", INT),
  F (max_total_mcast_qp_attach, GVERBS_FIELD_INT, NULL),
  P (max_ah, GVERBS_FIELD_INT, NULL, "Max AH", INT),
  P (max_fmr, GVERBS_FIELD_INT, NULL, "Max FMR", INT),
  P (max_map_per_fmr, GVERBS_FIELD_INT, NULL, "Max map per FMR", INT),
  P (max_srq, GVERBS_FIELD_INT, NULL, "Max SRQ", INT),
  P (max_srq_wr, GVERBS_FIELD_INT, NULL, "Max SRQ WR", INT),
  P (max_srq_sge, GVERBS_FIELD_INT, NULL, "Max SRQ SGE", INT),
  P (max_pkeys, GVERBS_FIELD_UINT, NULL, "Max PKeys", UINT),
  P (local_ca_ack_delay, GVERBS_FIELD_UINT, NULL, "local CA ack delay", UINT),
  P (phys_port_cnt, GVERBS_FIELD_UINT, NULL, "Phys port count", UINT),
};
#undef F
#undef P

GVERBS_DEFINE_FIELDS_TYPE (GVerbsDeviceAttr, gverbs_device_attr, struct ibv_device_attr, attr, fields,
                           _gverbs_device_attr_new)

char *
_gverbs_guid_to_string (guint64 guid)
{
  return g_strdup_printf ("%04x:%04x:%04x:%04x",
                          (guint) (guid >> 48) & 0xffff, (guint) (guid >> 32) & 0xffff,
                          (guint) (guid >> 16) & 0xffff, (guint) guid & 0xffff);
}

/**
 * gverbs_device_attr_to_string:
 * @self: a #GVerbsDeviceAttr
 *
 * Formats the attributes in the layout pyverbs prints for `DeviceAttr`:
 * one `Label : value` line per field, GUIDs as `xxxx:xxxx:xxxx:xxxx`,
 * sizes in hexadecimal and the capability flags by name.
 *
 * Returns: (transfer full): the text
 *
 * Since: 0.1
 */
char *
gverbs_device_attr_to_string (GVerbsDeviceAttr *self)
{
  GString *out;

  g_return_val_if_fail (GVERBS_IS_DEVICE_ATTR (self), NULL);
  out = g_string_new (NULL);
  _gverbs_fields_print (out, 22, fields, G_N_ELEMENTS (fields), &self->attr);
  return g_string_free (out, FALSE);
}
