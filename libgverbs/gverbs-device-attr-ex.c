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
    g_value_set_object (value, self->groups[prop_id - G_N_ELEMENTS (fields) - 1]);
}

static void
gverbs_device_attr_ex_finalize (GObject *object)
{
  GVerbsDeviceAttrEx *self = GVERBS_DEVICE_ATTR_EX (object);

  for (guint i = 0; i < N_GROUPS; i++)
    g_clear_object (&self->groups[i]);
  G_OBJECT_CLASS (gverbs_device_attr_ex_parent_class)->finalize (object);
}

static void
gverbs_device_attr_ex_class_init (GVerbsDeviceAttrExClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  const guint first = G_N_ELEMENTS (fields) + 1;

  object_class->get_property = gverbs_device_attr_ex_get_property;
  object_class->finalize = gverbs_device_attr_ex_finalize;

  /* One property per scalar field of `struct ibv_device_attr_ex`. */
  _gverbs_fields_install (object_class, fields, G_N_ELEMENTS (fields));

  /**
   * GVerbsDeviceAttrEx:orig-attr:
   *
   * The classic device attributes (`orig_attr`).
   */
  g_object_class_install_property (object_class, first + GROUP_ORIG_ATTR,
    g_param_spec_object ("orig-attr", NULL, NULL, GVERBS_TYPE_DEVICE_ATTR, flags));
  /**
   * GVerbsDeviceAttrEx:odp-caps:
   *
   * On-demand-paging capabilities, with `xrc_odp_caps`.
   */
  g_object_class_install_property (object_class, first + GROUP_ODP_CAPS,
    g_param_spec_object ("odp-caps", NULL, NULL, GVERBS_TYPE_ODP_CAPS, flags));
  /**
   * GVerbsDeviceAttrEx:tso-caps:
   *
   * TCP segmentation offload capabilities.
   */
  g_object_class_install_property (object_class, first + GROUP_TSO_CAPS,
    g_param_spec_object ("tso-caps", NULL, NULL, GVERBS_TYPE_TSO_CAPS, flags));
  /**
   * GVerbsDeviceAttrEx:rss-caps:
   *
   * Receive-side scaling capabilities.
   */
  g_object_class_install_property (object_class, first + GROUP_RSS_CAPS,
    g_param_spec_object ("rss-caps", NULL, NULL, GVERBS_TYPE_RSS_CAPS, flags));
  /**
   * GVerbsDeviceAttrEx:packet-pacing-caps:
   *
   * Packet pacing capabilities.
   */
  g_object_class_install_property (object_class, first + GROUP_PACKET_PACING_CAPS,
    g_param_spec_object ("packet-pacing-caps", NULL, NULL, GVERBS_TYPE_PACKET_PACING_CAPS, flags));
  /**
   * GVerbsDeviceAttrEx:tm-caps:
   *
   * Tag matching capabilities.
   */
  g_object_class_install_property (object_class, first + GROUP_TM_CAPS,
    g_param_spec_object ("tm-caps", NULL, NULL, GVERBS_TYPE_TM_CAPS, flags));
  /**
   * GVerbsDeviceAttrEx:cq-mod-caps:
   *
   * CQ moderation capabilities.
   */
  g_object_class_install_property (object_class, first + GROUP_CQ_MOD_CAPS,
    g_param_spec_object ("cq-mod-caps", NULL, NULL, GVERBS_TYPE_CQ_MODERATION_CAPS, flags));
  /**
   * GVerbsDeviceAttrEx:pci-atomic-caps:
   *
   * PCI atomic operation capabilities.
   */
  g_object_class_install_property (object_class, first + GROUP_PCI_ATOMIC_CAPS,
    g_param_spec_object ("pci-atomic-caps", NULL, NULL, GVERBS_TYPE_PCI_ATOMIC_CAPS, flags));
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

/* pyverbs' str_from_flags(): "\n  NAME\n  NAME\n  " with rdma-core's names. */
static char *
flags_text (GType    type,
            guint64  value)
{
  g_autoptr(GFlagsClass) klass = g_type_class_ref (type);
  GString *out = g_string_new ("\n  ");

  for (guint i = 0; i < klass->n_values; i++)
    if (klass->values[i].value != 0 && (value & klass->values[i].value) == klass->values[i].value)
      g_string_append_printf (out, "IBV_%s\n  ", klass->values[i].value_name + strlen ("GVERBS_"));
  return g_string_free (out, FALSE);
}

static void
append_hex_row (GString    *out,
                const char *label,
                guint64     value)
{
  g_autofree char *text = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", value);

  _gverbs_append_row (out, 22, label, text);
}

static void
append_flags_row (GString    *out,
                  const char *label,
                  GType       type,
                  guint64     value)
{
  g_autofree char *text = flags_text (type, value);

  _gverbs_append_row (out, 22, label, text);
}

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
  const struct ibv_device_attr_ex *a;
  g_autofree char *orig = NULL;
  GString *out;

  g_return_val_if_fail (GVERBS_IS_DEVICE_ATTR_EX (self), NULL);

  a = &self->attr;
  orig = gverbs_device_attr_to_string (gverbs_device_attr_ex_get_orig_attr (self));
  out = g_string_new (orig);
  append_hex_row (out, "Comp mask", a->comp_mask);
  append_flags_row (out, "ODP General caps", GVERBS_TYPE_ODP_GENERAL_CAPS, a->odp_caps.general_caps);
  append_flags_row (out, "RC ODP caps", GVERBS_TYPE_ODP_TRANSPORT_CAP_BITS, a->odp_caps.per_transport_caps.rc_odp_caps);
  append_flags_row (out, "UD ODP caps", GVERBS_TYPE_ODP_TRANSPORT_CAP_BITS, a->odp_caps.per_transport_caps.ud_odp_caps);
  append_flags_row (out, "UC ODP caps", GVERBS_TYPE_ODP_TRANSPORT_CAP_BITS, a->odp_caps.per_transport_caps.uc_odp_caps);
  append_flags_row (out, "XRC ODP caps", GVERBS_TYPE_ODP_TRANSPORT_CAP_BITS, a->xrc_odp_caps);
  append_hex_row (out, "Completion timestamp mask", a->completion_timestamp_mask);
  _gverbs_append_int_row (out, 22, "HCA core clock", (gint64) a->hca_core_clock);
  append_hex_row (out, "Device cap flags ex", a->device_cap_flags_ex);
  _gverbs_append_int_row (out, 22, "Max TSO", a->tso_caps.max_tso);
  append_hex_row (out, "TSO QP types", a->tso_caps.supported_qpts);
  append_hex_row (out, "RSS QP types", a->rss_caps.supported_qpts);
  _gverbs_append_int_row (out, 22, "Max RWQ ind tables", a->rss_caps.max_rwq_indirection_tables);
  _gverbs_append_int_row (out, 22, "Max RWQ ind tbl size", a->rss_caps.max_rwq_indirection_table_size);
  append_hex_row (out, "RX hash fields mask", a->rss_caps.rx_hash_fields_mask);
  append_hex_row (out, "RX hash function", a->rss_caps.rx_hash_function);
  _gverbs_append_int_row (out, 22, "Max WQ type RQ", a->max_wq_type_rq);
  _gverbs_append_int_row (out, 22, "QP rate limit min", a->packet_pacing_caps.qp_rate_limit_min);
  _gverbs_append_int_row (out, 22, "QP rate limit max", a->packet_pacing_caps.qp_rate_limit_max);
  append_hex_row (out, "Pacing QP types", a->packet_pacing_caps.supported_qpts);
  append_flags_row (out, "Raw packet caps", GVERBS_TYPE_RAW_PACKET_CAPS, a->raw_packet_caps);
  _gverbs_append_int_row (out, 22, "TM max rndv hdr size", a->tm_caps.max_rndv_hdr_size);
  _gverbs_append_int_row (out, 22, "TM max num tags", a->tm_caps.max_num_tags);
  append_flags_row (out, "TM flags", GVERBS_TYPE_TM_CAP_FLAGS, a->tm_caps.flags);
  _gverbs_append_int_row (out, 22, "TM max ops", a->tm_caps.max_ops);
  _gverbs_append_int_row (out, 22, "TM max SGE", a->tm_caps.max_sge);
  _gverbs_append_int_row (out, 22, "Max CQ moderation cnt", a->cq_mod_caps.max_cq_count);
  _gverbs_append_int_row (out, 22, "Max CQ moderation per", a->cq_mod_caps.max_cq_period);
  append_hex_row (out, "Max DM size", a->max_dm_size);
  append_flags_row (out, "PCI fetch-add", GVERBS_TYPE_PCI_ATOMIC_OP_SIZE, a->pci_atomic_caps.fetch_add);
  append_flags_row (out, "PCI swap", GVERBS_TYPE_PCI_ATOMIC_OP_SIZE, a->pci_atomic_caps.swap);
  append_flags_row (out, "PCI compare-swap", GVERBS_TYPE_PCI_ATOMIC_OP_SIZE, a->pci_atomic_caps.compare_swap);
  _gverbs_append_int_row (out, 22, "Phys port count ex", a->phys_port_cnt_ex);
  return g_string_free (out, FALSE);
}
