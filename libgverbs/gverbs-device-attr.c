#include "config.h"

#include <endian.h>
#include <stddef.h>
#include <infiniband/verbs.h>

#include "gverbs-device-attr.h"
#include "gverbs-device-attr-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-private.h"

/**
 * GVerbsDeviceAttr:
 *
 * The attributes of a device as gverbs_context_query_device() reports them:
 * one read-only property per field of rdma-core's `struct ibv_device_attr`,
 * named as the field is (`max_qp` is the property `max-qp`). GUIDs are in
 * host byte order.
 */
struct _GVerbsDeviceAttr
{
  GObject parent_instance;
  struct ibv_device_attr attr;
};

G_DEFINE_FINAL_TYPE (GVerbsDeviceAttr, gverbs_device_attr, G_TYPE_OBJECT)

typedef enum {
  FIELD_STRING,
  FIELD_GUID,
  FIELD_U64,
  FIELD_U32,
  FIELD_INT,
  FIELD_U16,
  FIELD_U8,
  FIELD_ATOMIC_CAP,
  FIELD_CAP_FLAGS,
} FieldKind;

typedef struct {
  const char *name;
  FieldKind kind;
  size_t offset;
} Field;

#define F(field, kind) { #field, kind, offsetof (struct ibv_device_attr, field) }
static const Field fields[] = {
  F (fw_ver, FIELD_STRING),
  F (node_guid, FIELD_GUID),
  F (sys_image_guid, FIELD_GUID),
  F (max_mr_size, FIELD_U64),
  F (page_size_cap, FIELD_U64),
  F (vendor_id, FIELD_U32),
  F (vendor_part_id, FIELD_U32),
  F (hw_ver, FIELD_U32),
  F (max_qp, FIELD_INT),
  F (max_qp_wr, FIELD_INT),
  F (device_cap_flags, FIELD_CAP_FLAGS),
  F (max_sge, FIELD_INT),
  F (max_sge_rd, FIELD_INT),
  F (max_cq, FIELD_INT),
  F (max_cqe, FIELD_INT),
  F (max_mr, FIELD_INT),
  F (max_pd, FIELD_INT),
  F (max_qp_rd_atom, FIELD_INT),
  F (max_ee_rd_atom, FIELD_INT),
  F (max_res_rd_atom, FIELD_INT),
  F (max_qp_init_rd_atom, FIELD_INT),
  F (max_ee_init_rd_atom, FIELD_INT),
  F (atomic_cap, FIELD_ATOMIC_CAP),
  F (max_ee, FIELD_INT),
  F (max_rdd, FIELD_INT),
  F (max_mw, FIELD_INT),
  F (max_raw_ipv6_qp, FIELD_INT),
  F (max_raw_ethy_qp, FIELD_INT),
  F (max_mcast_grp, FIELD_INT),
  F (max_mcast_qp_attach, FIELD_INT),
  F (max_total_mcast_qp_attach, FIELD_INT),
  F (max_ah, FIELD_INT),
  F (max_fmr, FIELD_INT),
  F (max_map_per_fmr, FIELD_INT),
  F (max_srq, FIELD_INT),
  F (max_srq_wr, FIELD_INT),
  F (max_srq_sge, FIELD_INT),
  F (max_pkeys, FIELD_U16),
  F (local_ca_ack_delay, FIELD_U8),
  F (phys_port_cnt, FIELD_U8),
};
#undef F

static GParamSpec *properties[G_N_ELEMENTS (fields) + 1];

static void
gverbs_device_attr_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  GVerbsDeviceAttr *self = GVERBS_DEVICE_ATTR (object);
  const Field *field;
  const guint8 *p;

  if (prop_id == 0 || prop_id > G_N_ELEMENTS (fields))
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  field = &fields[prop_id - 1];
  p = (const guint8 *) &self->attr + field->offset;

  switch (field->kind)
    {
    case FIELD_STRING:
      g_value_take_string (value, g_strndup ((const char *) p, sizeof self->attr.fw_ver));
      break;
    case FIELD_GUID:
      g_value_set_uint64 (value, be64toh (*(const guint64 *) p));
      break;
    case FIELD_U64:
      g_value_set_uint64 (value, *(const guint64 *) p);
      break;
    case FIELD_U32:
      g_value_set_uint (value, *(const guint32 *) p);
      break;
    case FIELD_INT:
      g_value_set_int (value, *(const int *) p);
      break;
    case FIELD_U16:
      g_value_set_uint (value, *(const guint16 *) p);
      break;
    case FIELD_U8:
      g_value_set_uint (value, *p);
      break;
    case FIELD_ATOMIC_CAP:
      g_value_set_enum (value, *(const int *) p);
      break;
    case FIELD_CAP_FLAGS:
      g_value_set_flags (value, *(const unsigned int *) p);
      break;
    default:
      g_assert_not_reached ();
    }
}

static GParamSpec *
field_pspec (const Field *field)
{
  g_autofree char *name = g_strdelimit (g_strdup (field->name), "_", '-');
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_NICK | G_PARAM_STATIC_BLURB;

  switch (field->kind)
    {
    case FIELD_STRING:
      return g_param_spec_string (name, NULL, NULL, NULL, flags);
    case FIELD_GUID:
    case FIELD_U64:
      return g_param_spec_uint64 (name, NULL, NULL, 0, G_MAXUINT64, 0, flags);
    case FIELD_U32:
      return g_param_spec_uint (name, NULL, NULL, 0, G_MAXUINT32, 0, flags);
    case FIELD_INT:
      return g_param_spec_int (name, NULL, NULL, G_MININT, G_MAXINT, 0, flags);
    case FIELD_U16:
      return g_param_spec_uint (name, NULL, NULL, 0, G_MAXUINT16, 0, flags);
    case FIELD_U8:
      return g_param_spec_uint (name, NULL, NULL, 0, G_MAXUINT8, 0, flags);
    case FIELD_ATOMIC_CAP:
      return g_param_spec_enum (name, NULL, NULL, GVERBS_TYPE_ATOMIC_CAP,
                                GVERBS_ATOMIC_NONE, flags);
    case FIELD_CAP_FLAGS:
      return g_param_spec_flags (name, NULL, NULL, GVERBS_TYPE_DEVICE_CAP_FLAGS, 0, flags);
    default:
      g_assert_not_reached ();
    }
}

static void
gverbs_device_attr_class_init (GVerbsDeviceAttrClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gverbs_device_attr_get_property;

  /* The properties are generated from the field table: the documentation of
   * each is that of the `struct ibv_device_attr` field of the same name. */
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    properties[i + 1] = field_pspec (&fields[i]);
  g_object_class_install_properties (object_class, G_N_ELEMENTS (properties), properties);
}

static void
gverbs_device_attr_init (GVerbsDeviceAttr *self)
{
}

GVerbsDeviceAttr *
_gverbs_device_attr_new (const struct ibv_device_attr *attr)
{
  GVerbsDeviceAttr *self = g_object_new (GVERBS_TYPE_DEVICE_ATTR, NULL);

  self->attr = *attr;
  return self;
}

char *
_gverbs_guid_to_string (guint64 guid)
{
  return g_strdup_printf ("%04x:%04x:%04x:%04x",
                          (guint) (guid >> 48) & 0xffff, (guint) (guid >> 32) & 0xffff,
                          (guint) (guid >> 16) & 0xffff, (guint) guid & 0xffff);
}

static const struct {
  unsigned int flag;
  const char *name;
} device_cap_names[] = {
#define CAP(f) { IBV_DEVICE_ ## f, "IBV_DEVICE_" #f }
  CAP (RESIZE_MAX_WR), CAP (BAD_PKEY_CNTR), CAP (BAD_QKEY_CNTR), CAP (RAW_MULTI),
  CAP (AUTO_PATH_MIG), CAP (CHANGE_PHY_PORT), CAP (UD_AV_PORT_ENFORCE),
  CAP (CURR_QP_STATE_MOD), CAP (SHUTDOWN_PORT), CAP (INIT_TYPE),
  CAP (PORT_ACTIVE_EVENT), CAP (SYS_IMAGE_GUID), CAP (RC_RNR_NAK_GEN),
  CAP (SRQ_RESIZE), CAP (N_NOTIFY_CQ), CAP (MEM_WINDOW), CAP (UD_IP_CSUM),
  CAP (XRC), CAP (MEM_MGT_EXTENSIONS), CAP (MEM_WINDOW_TYPE_2A),
  CAP (MEM_WINDOW_TYPE_2B), CAP (RC_IP_CSUM), CAP (RAW_IP_CSUM),
  CAP (MANAGED_FLOW_STEERING),
#undef CAP
};

static void
append_row (GString    *out,
            const char *label,
            const char *value)
{
  g_string_append_printf (out, "%-22s: %-20s\n", label, value);
}

static void
append_int_row (GString    *out,
                const char *label,
                gint64      value)
{
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, value);

  append_row (out, label, text);
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
 */
char *
gverbs_device_attr_to_string (GVerbsDeviceAttr *self)
{
  const struct ibv_device_attr *a;
  GString *out;
  g_autofree char *node_guid = NULL;
  g_autofree char *sys_guid = NULL;
  g_autofree char *mr_size = NULL;
  g_autofree char *page_cap = NULL;
  g_autofree char *vendor = NULL;
  g_autoptr(GString) caps = g_string_new ("\n  ");

  g_return_val_if_fail (GVERBS_IS_DEVICE_ATTR (self), NULL);

  a = &self->attr;
  out = g_string_new (NULL);
  node_guid = _gverbs_guid_to_string (be64toh (a->node_guid));
  sys_guid = _gverbs_guid_to_string (be64toh (a->sys_image_guid));
  mr_size = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", (guint64) a->max_mr_size);
  page_cap = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", (guint64) a->page_size_cap);
  vendor = g_strdup_printf ("0x%x", a->vendor_id);
  for (guint i = 0; i < G_N_ELEMENTS (device_cap_names); i++)
    if (a->device_cap_flags & device_cap_names[i].flag)
      g_string_append_printf (caps, "%s\n  ", device_cap_names[i].name);

  append_row (out, "FW version", a->fw_ver);
  append_row (out, "Node guid", node_guid);
  append_row (out, "Sys image GUID", sys_guid);
  append_row (out, "Max MR size", mr_size);
  append_row (out, "Page size cap", page_cap);
  append_row (out, "Vendor ID", vendor);
  append_int_row (out, "Vendor part ID", a->vendor_part_id);
  append_int_row (out, "HW version", a->hw_ver);
  append_int_row (out, "Max QP", a->max_qp);
  append_int_row (out, "Max QP WR", a->max_qp_wr);
  append_row (out, "Device cap flags", caps->str);
  append_int_row (out, "Max SGE", a->max_sge);
  append_int_row (out, "Max SGE RD", a->max_sge_rd);
  append_int_row (out, "MAX CQ", a->max_cq);
  append_int_row (out, "Max CQE", a->max_cqe);
  append_int_row (out, "Max MR", a->max_mr);
  append_int_row (out, "Max PD", a->max_pd);
  append_int_row (out, "Max QP RD atom", a->max_qp_rd_atom);
  append_int_row (out, "Max EE RD atom", a->max_ee_rd_atom);
  append_int_row (out, "Max res RD atom", a->max_res_rd_atom);
  append_int_row (out, "Max QP init RD atom", a->max_qp_init_rd_atom);
  append_int_row (out, "Max EE init RD atom", a->max_ee_init_rd_atom);
  append_int_row (out, "Atomic caps", a->atomic_cap);
  append_int_row (out, "Max EE", a->max_ee);
  append_int_row (out, "Max RDD", a->max_rdd);
  append_int_row (out, "Max MW", a->max_mw);
  append_int_row (out, "Max raw IPv6 QPs", a->max_raw_ipv6_qp);
  append_int_row (out, "Max raw ethy QP", a->max_raw_ethy_qp);
  append_int_row (out, "Max mcast group", a->max_mcast_grp);
  append_int_row (out, "Max mcast QP attach", a->max_mcast_qp_attach);
  append_int_row (out, "Max AH", a->max_ah);
  append_int_row (out, "Max FMR", a->max_fmr);
  append_int_row (out, "Max map per FMR", a->max_map_per_fmr);
  append_int_row (out, "Max SRQ", a->max_srq);
  append_int_row (out, "Max SRQ WR", a->max_srq_wr);
  append_int_row (out, "Max SRQ SGE", a->max_srq_sge);
  append_int_row (out, "Max PKeys", a->max_pkeys);
  append_int_row (out, "local CA ack delay", a->local_ca_ack_delay);
  append_int_row (out, "Phys port count", a->phys_port_cnt);
  return g_string_free (out, FALSE);
}
