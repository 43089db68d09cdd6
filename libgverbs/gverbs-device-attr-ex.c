/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <string.h>
#include <infiniband/verbs.h>

#include "gverbs-device-attr.h"
#include "gverbs-device-attr-ex.h"
#include "gverbs-device-attr-ex-private.h"
#include "gverbs-device-attr-private.h"
#include "gverbs-device-caps.h"
#include "gverbs-device-caps-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsDeviceAttrEx:
 *
 * The extended attributes of a device as gverbs_context_query_device_ex()
 * reports them (`struct ibv_device_attr_ex`). Scalar fields are read-only
 * properties named as the field is (`max_dm_size` is `max-dm-size`); the
 * classic attributes are the #GVerbsDeviceAttr property `orig-attr`, and
 * each capability group is an object property: `odp-caps`
 * (#GVerbsODPCaps), `tso-caps` (#GVerbsTSOCaps), `rss-caps`
 * (#GVerbsRSSCaps), `packet-pacing-caps` (#GVerbsPacketPacingCaps),
 * `tm-caps` (#GVerbsTMCaps), `cq-mod-caps` (#GVerbsCQModerationCaps) and
 * `pci-atomic-caps` (#GVerbsPCIAtomicCaps).
 *
 * When to use it: to check for the newer capabilities (on-demand paging,
 * TSO, RSS, tag matching, device memory, timestamps) before using them.
 *
 * ```c
 * // given: GVerbsContext *ctx;
 * g_autoptr(GVerbsDeviceAttrEx) ex = gverbs_context_query_device_ex (ctx, &error);
 * g_autoptr(GVerbsODPCaps) odp = NULL;
 * guint64 max_dm = 0;
 *
 * if (ex == NULL)
 *   return;
 * g_object_get (ex, "odp-caps", &odp, "max-dm-size", &max_dm, NULL);
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsDeviceAttrEx
{
  GObject parent_instance;
  struct ibv_device_attr_ex attr;
  GObject *groups[8];
};

G_DEFINE_FINAL_TYPE (GVerbsDeviceAttrEx, gverbs_device_attr_ex, G_TYPE_OBJECT)

#define F(field, kind, type) GVERBS_FIELD (struct ibv_device_attr_ex, field, kind, type)
/**
 * GVerbsDeviceAttrEx:comp-mask:
 *
 * Which of the extended fields the device filled in (`comp_mask`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttrEx:completion-timestamp-mask:
 *
 * The mask of the valid bits of a completion timestamp
 * (`completion_timestamp_mask`); 0 when the device gives no timestamps.
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttrEx:hca-core-clock:
 *
 * The frequency of the device clock that stamps completions, in kHz
 * (`hca_core_clock`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttrEx:device-cap-flags-ex:
 *
 * The extended device capabilities (`device_cap_flags_ex`): the bits of
 * #GVerbsDeviceAttr:device-cap-flags and those above 32.
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttrEx:max-wq-type-rq:
 *
 * The most receive work queues the device supports (`max_wq_type_rq`).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttrEx:raw-packet-caps:
 *
 * The capabilities of raw packet queue pairs (`raw_packet_caps`,
 * #GVerbsRawPacketCaps).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttrEx:max-dm-size:
 *
 * The most on-device memory that can be allocated, in bytes (`max_dm_size`;
 * see #GVerbsDM).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttrEx:xrc-odp-caps:
 *
 * The on-demand-paging capabilities of XRC queue pairs (`xrc_odp_caps`,
 * #GVerbsOdpTransportCapBits).
 *
 * Since: 0.1
 */
/**
 * GVerbsDeviceAttrEx:phys-port-cnt-ex:
 *
 * The number of physical ports, beyond the 255 of #GVerbsDeviceAttr:phys-port-
 * cnt (`phys_port_cnt_ex`).
 *
 * Since: 0.1
 */
static const GVerbsField fields[] = {
  F (comp_mask, GVERBS_FIELD_UINT, NULL),
  F (completion_timestamp_mask, GVERBS_FIELD_UINT, NULL),
  F (hca_core_clock, GVERBS_FIELD_UINT, NULL),
  F (device_cap_flags_ex, GVERBS_FIELD_UINT, NULL),
  F (max_wq_type_rq, GVERBS_FIELD_UINT, NULL),
  F (raw_packet_caps, GVERBS_FIELD_FLAGS, gverbs_raw_packet_caps_get_type),
  F (max_dm_size, GVERBS_FIELD_UINT, NULL),
  F (xrc_odp_caps, GVERBS_FIELD_FLAGS, gverbs_odp_transport_cap_bits_get_type),
  F (phys_port_cnt_ex, GVERBS_FIELD_UINT, NULL),
};
#undef F

/* Object properties follow the field properties. */
enum {
  GROUP_ORIG_ATTR,
  GROUP_ODP_CAPS,
  GROUP_TSO_CAPS,
  GROUP_RSS_CAPS,
  GROUP_PACKET_PACING_CAPS,
  GROUP_TM_CAPS,
  GROUP_CQ_MOD_CAPS,
  GROUP_PCI_ATOMIC_CAPS,
  N_GROUPS
};

G_STATIC_ASSERT (N_GROUPS == G_N_ELEMENTS (((GVerbsDeviceAttrEx *) 0)->groups));

/* The groups as object properties, after the scalar fields, in GROUP_ order. */
#define G(group, name, type) \
  GVERBS_PROP_OBJECT (GVerbsDeviceAttrEx, groups[group], name, type, G_PARAM_READABLE)
static const GVerbsField group_fields[] = {
  /**
   * GVerbsDeviceAttrEx:orig-attr:
   *
   * The classic device attributes (`orig_attr`).
   */
  G (GROUP_ORIG_ATTR, "orig-attr", gverbs_device_attr_get_type),
  /**
   * GVerbsDeviceAttrEx:odp-caps:
   *
   * On-demand-paging capabilities, with `xrc_odp_caps`.
   */
  G (GROUP_ODP_CAPS, "odp-caps", gverbs_odp_caps_get_type),
  /**
   * GVerbsDeviceAttrEx:tso-caps:
   *
   * TCP segmentation offload capabilities.
   */
  G (GROUP_TSO_CAPS, "tso-caps", gverbs_tso_caps_get_type),
  /**
   * GVerbsDeviceAttrEx:rss-caps:
   *
   * Receive-side scaling capabilities.
   */
  G (GROUP_RSS_CAPS, "rss-caps", gverbs_rss_caps_get_type),
  /**
   * GVerbsDeviceAttrEx:packet-pacing-caps:
   *
   * Packet pacing capabilities.
   */
  G (GROUP_PACKET_PACING_CAPS, "packet-pacing-caps", gverbs_packet_pacing_caps_get_type),
  /**
   * GVerbsDeviceAttrEx:tm-caps:
   *
   * Tag matching capabilities.
   */
  G (GROUP_TM_CAPS, "tm-caps", gverbs_tm_caps_get_type),
  /**
   * GVerbsDeviceAttrEx:cq-mod-caps:
   *
   * CQ moderation capabilities.
   */
  G (GROUP_CQ_MOD_CAPS, "cq-mod-caps", gverbs_cq_moderation_caps_get_type),
  /**
   * GVerbsDeviceAttrEx:pci-atomic-caps:
   *
   * PCI atomic operation capabilities.
   */
  G (GROUP_PCI_ATOMIC_CAPS, "pci-atomic-caps", gverbs_pci_atomic_caps_get_type),
};
#undef G
G_STATIC_ASSERT (G_N_ELEMENTS (group_fields) == N_GROUPS);

static void
gverbs_device_attr_ex_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  GVerbsDeviceAttrEx *self = GVERBS_DEVICE_ATTR_EX (object);

  if (prop_id <= G_N_ELEMENTS (fields))
    _gverbs_fields_get_value (fields, G_N_ELEMENTS (fields), &self->attr, prop_id, value);
  else
    _gverbs_properties_get (object, prop_id, value, pspec);
}

static void
gverbs_device_attr_ex_finalize (GObject *object)
{
  _gverbs_properties_clear (object, group_fields, N_GROUPS);
  G_OBJECT_CLASS (gverbs_device_attr_ex_parent_class)->finalize (object);
}

static void
gverbs_device_attr_ex_class_init (GVerbsDeviceAttrExClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gverbs_device_attr_ex_get_property;
  object_class->finalize = gverbs_device_attr_ex_finalize;

  /* One property per scalar field of `struct ibv_device_attr_ex`. */
  _gverbs_fields_install (object_class, fields, G_N_ELEMENTS (fields));

  _gverbs_properties_install (object_class, G_N_ELEMENTS (fields) + 1, group_fields,
                              N_GROUPS, NULL);
}

/* The groups are views of self->attr; an object made without the library
 * (g_object_new() from a binding) gets them too, all zero. */
static void
set_attr (GVerbsDeviceAttrEx                *self,
          const struct ibv_device_attr_ex *attr)
{
  self->attr = *attr;
  for (guint i = 0; i < G_N_ELEMENTS (self->groups); i++)
    g_clear_object (&self->groups[i]);
  self->groups[GROUP_ORIG_ATTR] = G_OBJECT (_gverbs_device_attr_new (&attr->orig_attr));
  self->groups[GROUP_ODP_CAPS] = G_OBJECT (_gverbs_odp_caps_new (&attr->odp_caps, attr->xrc_odp_caps));
  self->groups[GROUP_TSO_CAPS] = G_OBJECT (_gverbs_tso_caps_new (&attr->tso_caps));
  self->groups[GROUP_RSS_CAPS] = G_OBJECT (_gverbs_rss_caps_new (&attr->rss_caps));
  self->groups[GROUP_PACKET_PACING_CAPS] = G_OBJECT (_gverbs_packet_pacing_caps_new (&attr->packet_pacing_caps));
  self->groups[GROUP_TM_CAPS] = G_OBJECT (_gverbs_tm_caps_new (&attr->tm_caps));
  self->groups[GROUP_CQ_MOD_CAPS] = G_OBJECT (_gverbs_cq_moderation_caps_new (&attr->cq_mod_caps));
  self->groups[GROUP_PCI_ATOMIC_CAPS] = G_OBJECT (_gverbs_pci_atomic_caps_new (&attr->pci_atomic_caps));
}

static void
gverbs_device_attr_ex_init (GVerbsDeviceAttrEx *self)
{
  static const struct ibv_device_attr_ex zero;

  set_attr (self, &zero);
}

GVerbsDeviceAttrEx *
_gverbs_device_attr_ex_new (const struct ibv_device_attr_ex *attr)
{
  GVerbsDeviceAttrEx *self = g_object_new (GVERBS_TYPE_DEVICE_ATTR_EX, NULL);

  set_attr (self, attr);
  return self;
}

/**
 * gverbs_device_attr_ex_get_orig_attr:
 * @self: a #GVerbsDeviceAttrEx
 *
 * Gets the classic device attributes.
 *
 * Returns: (transfer none): the classic device attributes
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsDeviceAttr *, gverbs_device_attr_ex_get_orig_attr,
                      GVerbsDeviceAttrEx, GVERBS_IS_DEVICE_ATTR_EX, NULL,
                      GVERBS_DEVICE_ATTR (self->groups[GROUP_ORIG_ATTR]))

/**
 * gverbs_device_attr_ex_to_string:
 * @self: a #GVerbsDeviceAttrEx
 *
 * Formats the attributes in pyverbs' print layout (`Label : value` rows,
 * flags by their rdma-core names as pyverbs' `str_from_flags()` lists
 * them): first the classic attributes as gverbs_device_attr_to_string()
 * prints them, then the extended fields and capability groups.
 *
 * Returns: (transfer full): the text
 *
 * Since: 0.1
 */
char *
gverbs_device_attr_ex_to_string (GVerbsDeviceAttrEx *self)
{
#define R(member, label, format, type) GVERBS_PRINT_ROW (struct ibv_device_attr_ex, member, label, 22, format, type)
  static const GVerbsPrintRow rows[] = {
    R (comp_mask, "Comp mask", GVERBS_PRINT_HEX, NULL),
    R (odp_caps.general_caps, "ODP General caps", GVERBS_PRINT_IBV_FLAGS, gverbs_odp_general_caps_get_type),
    R (odp_caps.per_transport_caps.rc_odp_caps, "RC ODP caps", GVERBS_PRINT_IBV_FLAGS, gverbs_odp_transport_cap_bits_get_type),
    R (odp_caps.per_transport_caps.ud_odp_caps, "UD ODP caps", GVERBS_PRINT_IBV_FLAGS, gverbs_odp_transport_cap_bits_get_type),
    R (odp_caps.per_transport_caps.uc_odp_caps, "UC ODP caps", GVERBS_PRINT_IBV_FLAGS, gverbs_odp_transport_cap_bits_get_type),
    R (xrc_odp_caps, "XRC ODP caps", GVERBS_PRINT_IBV_FLAGS, gverbs_odp_transport_cap_bits_get_type),
    R (completion_timestamp_mask, "Completion timestamp mask", GVERBS_PRINT_HEX, NULL),
    R (hca_core_clock, "HCA core clock", GVERBS_PRINT_UINT, NULL),
    R (device_cap_flags_ex, "Device cap flags ex", GVERBS_PRINT_HEX, NULL),
    R (tso_caps.max_tso, "Max TSO", GVERBS_PRINT_UINT, NULL),
    R (tso_caps.supported_qpts, "TSO QP types", GVERBS_PRINT_HEX, NULL),
    R (rss_caps.supported_qpts, "RSS QP types", GVERBS_PRINT_HEX, NULL),
    R (rss_caps.max_rwq_indirection_tables, "Max RWQ ind tables", GVERBS_PRINT_UINT, NULL),
    R (rss_caps.max_rwq_indirection_table_size, "Max RWQ ind tbl size", GVERBS_PRINT_UINT, NULL),
    R (rss_caps.rx_hash_fields_mask, "RX hash fields mask", GVERBS_PRINT_HEX, NULL),
    R (rss_caps.rx_hash_function, "RX hash function", GVERBS_PRINT_HEX, NULL),
    R (max_wq_type_rq, "Max WQ type RQ", GVERBS_PRINT_UINT, NULL),
    R (packet_pacing_caps.qp_rate_limit_min, "QP rate limit min", GVERBS_PRINT_UINT, NULL),
    R (packet_pacing_caps.qp_rate_limit_max, "QP rate limit max", GVERBS_PRINT_UINT, NULL),
    R (packet_pacing_caps.supported_qpts, "Pacing QP types", GVERBS_PRINT_HEX, NULL),
    R (raw_packet_caps, "Raw packet caps", GVERBS_PRINT_IBV_FLAGS, gverbs_raw_packet_caps_get_type),
    R (tm_caps.max_rndv_hdr_size, "TM max rndv hdr size", GVERBS_PRINT_UINT, NULL),
    R (tm_caps.max_num_tags, "TM max num tags", GVERBS_PRINT_UINT, NULL),
    R (tm_caps.flags, "TM flags", GVERBS_PRINT_IBV_FLAGS, gverbs_tm_cap_flags_get_type),
    R (tm_caps.max_ops, "TM max ops", GVERBS_PRINT_UINT, NULL),
    R (tm_caps.max_sge, "TM max SGE", GVERBS_PRINT_UINT, NULL),
    R (cq_mod_caps.max_cq_count, "Max CQ moderation cnt", GVERBS_PRINT_UINT, NULL),
    R (cq_mod_caps.max_cq_period, "Max CQ moderation per", GVERBS_PRINT_UINT, NULL),
    R (max_dm_size, "Max DM size", GVERBS_PRINT_HEX, NULL),
    R (pci_atomic_caps.fetch_add, "PCI fetch-add", GVERBS_PRINT_IBV_FLAGS, gverbs_pci_atomic_op_size_get_type),
    R (pci_atomic_caps.swap, "PCI swap", GVERBS_PRINT_IBV_FLAGS, gverbs_pci_atomic_op_size_get_type),
    R (pci_atomic_caps.compare_swap, "PCI compare-swap", GVERBS_PRINT_IBV_FLAGS, gverbs_pci_atomic_op_size_get_type),
    R (phys_port_cnt_ex, "Phys port count ex", GVERBS_PRINT_UINT, NULL),
  };
#undef R
  g_autofree char *orig = NULL;
  GString *out;

  g_return_val_if_fail (GVERBS_IS_DEVICE_ATTR_EX (self), NULL);

  orig = gverbs_device_attr_to_string (gverbs_device_attr_ex_get_orig_attr (self));
  out = g_string_new (orig);
  _gverbs_print_rows (out, rows, G_N_ELEMENTS (rows), &self->attr);
  return g_string_free (out, FALSE);
}
