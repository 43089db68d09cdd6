/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <arpa/inet.h>
#include <stddef.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <infiniband/verbs.h>

#include "gverbs-spec.h"
#include "gverbs-spec-private.h"
#include "gverbs-private.h"
#include "gverbs-error.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsSpec:
 *
 * A flow steering specification: one `struct ibv_flow_spec_*` of
 * rdma-core, what a #GVerbsFlow matches on one layer of a packet (or, for
 * the action specs, what it does with a packet that matches). Each field
 * of a match spec is a pair of properties, the value (`dst-mac`) and its
 * mask (`dst-mac-mask`): a bit set in the mask makes the hardware compare
 * that bit of the value. Addresses are strings (`"aa:bb:cc:dd:ee:ff"`,
 * `"10.0.0.1"`, `"fe80::1"`), set from a script through
 * gverbs_spec_set_field(), which rejects a malformed one with a #GError;
 * numbers are in host byte order, and the spec stores them as rdma-core
 * wants them (network order for the header fields).
 *
 * When a spec is made, a field given a nonzero value and no mask gets the
 * full mask, as pyverbs does (pyverbs also gives the full mask to a field
 * given the value 0: here a zero value is "any" unless its mask is given).
 * A malformed address set as a property is not stored: the spec keeps
 * the error and gverbs_spec_check(), gverbs_spec_pack() and
 * gverbs_flow_new() report it.
 *
 * The classes are pyverbs' `EthSpec`, `Ipv4ExtSpec`, `Ipv6Spec` and
 * `TcpUdpSpec`, and the rest of `ibv_flow_spec_*`: #GVerbsIpv4Spec,
 * #GVerbsEspSpec, #GVerbsTunnelSpec (VXLAN), #GVerbsGreSpec,
 * #GVerbsMplsSpec, #GVerbsActionTagSpec and #GVerbsActionDropSpec.
 * gverbs_spec_to_string() prints a spec in the layout of pyverbs' README.
 *
 * When to use it: you make one of its subclasses, one per header layer, and
 * add it to a #GVerbsFlowAttr; gverbs_spec_make() picks the class from a
 * #GVerbsFlowSpecType, and gverbs_spec_set_field() takes text from a
 * script or a configuration file.
 *
 * ```c
 * g_autoptr(GVerbsSpec) spec = gverbs_spec_make (GVERBS_FLOW_SPEC_IPV4, FALSE, &error);
 * g_autofree char *text = NULL;
 *
 * if (spec == NULL || !gverbs_spec_set_field (spec, "dst_ip", "192.0.2.7", &error))
 *   return;   // a malformed address is a GError, never a crash
 * text = gverbs_spec_to_string (spec);
 * ```
 *
 * Since: 0.1
 */

typedef enum {
  FIELD_UINT,
  FIELD_MAC,
  FIELD_IPV4,
  FIELD_IPV6,
} FieldKind;

typedef struct {
  const char *name;       /* the value's property; the mask's is mask_name */
  const char *mask_name;
  const char *label;      /* pyverbs' printed label */
  FieldKind kind;
  guint8 offset;          /* in the filter (in the struct for an action) */
  guint8 width;           /* bytes */
  gboolean big_endian;
  gboolean print_raw;     /* pyverbs prints the stored big-endian bytes read as a host integer */
  guint32 max;            /* the full mask of a number */
} SpecField;

typedef struct {
  const char *class_name; /* pyverbs' */
  guint type;
  guint16 size;
  guint16 val_offset;     /* 0: an action, no filter and no masks */
  guint16 filter_size;
  const SpecField *fields;
  guint n_fields;
} SpecLayout;

#define F_NUM(st, member, name, label, be, raw, max) \
  { name, name "-mask", label, FIELD_UINT, offsetof (st, member), \
    sizeof (((st *) 0)->member), be, raw, max }
#define F_ADDR(st, member, name, label, kind) \
  { name, name "-mask", label, kind, offsetof (st, member), \
    sizeof (((st *) 0)->member), FALSE, FALSE, 0 }

static const SpecField eth_fields[] = {
  F_ADDR (struct ibv_flow_eth_filter, src_mac, "src-mac", "Src mac", FIELD_MAC),
  F_ADDR (struct ibv_flow_eth_filter, dst_mac, "dst-mac", "Dst mac", FIELD_MAC),
  F_NUM (struct ibv_flow_eth_filter, ether_type, "ether-type", "Ether type", TRUE, TRUE, 0xffff),
  F_NUM (struct ibv_flow_eth_filter, vlan_tag, "vlan-tag", "Vlan tag", TRUE, TRUE, 0xffff),
};
static const SpecField ipv4_fields[] = {
  F_ADDR (struct ibv_flow_ipv4_filter, src_ip, "src-ip", "Src IP", FIELD_IPV4),
  F_ADDR (struct ibv_flow_ipv4_filter, dst_ip, "dst-ip", "Dst IP", FIELD_IPV4),
};
static const SpecField ipv4_ext_fields[] = {
  F_ADDR (struct ibv_flow_ipv4_ext_filter, src_ip, "src-ip", "Src IP", FIELD_IPV4),
  F_ADDR (struct ibv_flow_ipv4_ext_filter, dst_ip, "dst-ip", "Dst IP", FIELD_IPV4),
  F_NUM (struct ibv_flow_ipv4_ext_filter, proto, "proto", "Proto", FALSE, FALSE, 0xff),
  F_NUM (struct ibv_flow_ipv4_ext_filter, tos, "tos", "ToS", FALSE, FALSE, 0xff),
  F_NUM (struct ibv_flow_ipv4_ext_filter, ttl, "ttl", "TTL", FALSE, FALSE, 0xff),
  F_NUM (struct ibv_flow_ipv4_ext_filter, flags, "flags", "Flags", FALSE, FALSE, 0xff),
};
static const SpecField ipv6_fields[] = {
  F_ADDR (struct ibv_flow_ipv6_filter, src_ip, "src-ip", "Src IP", FIELD_IPV6),
  F_ADDR (struct ibv_flow_ipv6_filter, dst_ip, "dst-ip", "Dst IP", FIELD_IPV6),
  F_NUM (struct ibv_flow_ipv6_filter, flow_label, "flow-label", "Flow label", TRUE, FALSE, 0xfffff),
  F_NUM (struct ibv_flow_ipv6_filter, next_hdr, "next-hdr", "Next header", FALSE, FALSE, 0xff),
  F_NUM (struct ibv_flow_ipv6_filter, traffic_class, "traffic-class", "Traffic class", FALSE, FALSE, 0xff),
  F_NUM (struct ibv_flow_ipv6_filter, hop_limit, "hop-limit", "Hop limit", FALSE, FALSE, 0xff),
};
static const SpecField tcp_udp_fields[] = {
  F_NUM (struct ibv_flow_tcp_udp_filter, src_port, "src-port", "Src port", TRUE, FALSE, 0xffff),
  F_NUM (struct ibv_flow_tcp_udp_filter, dst_port, "dst-port", "Dst port", TRUE, FALSE, 0xffff),
};
static const SpecField esp_fields[] = {
  F_NUM (struct ibv_flow_esp_filter, spi, "spi", "SPI", TRUE, FALSE, 0xffffffff),
  F_NUM (struct ibv_flow_esp_filter, seq, "seq", "Seq", TRUE, FALSE, 0xffffffff),
};
static const SpecField tunnel_fields[] = {
  F_NUM (struct ibv_flow_tunnel_filter, tunnel_id, "tunnel-id", "Tunnel id", TRUE, FALSE, 0xffffffff),
};
static const SpecField gre_fields[] = {
  F_NUM (struct ibv_flow_gre_filter, c_ks_res0_ver, "c-ks-res0-ver", "C/K/S/ver", TRUE, FALSE, 0xffff),
  F_NUM (struct ibv_flow_gre_filter, protocol, "protocol", "Protocol", TRUE, FALSE, 0xffff),
  F_NUM (struct ibv_flow_gre_filter, key, "key", "Key", TRUE, FALSE, 0xffffffff),
};
static const SpecField mpls_fields[] = {
  F_NUM (struct ibv_flow_mpls_filter, label, "label", "Label", TRUE, FALSE, 0xffffffff),
};
static const SpecField action_tag_fields[] = {
  F_NUM (struct ibv_flow_spec_action_tag, tag_id, "tag-id", "Tag id", FALSE, FALSE, 0xffffffff),
};

#define LAYOUT(cname, type, st, filter_st, fields) \
  { cname, type, sizeof (st), offsetof (st, val), sizeof (filter_st), fields, G_N_ELEMENTS (fields) }

static const SpecLayout eth_layout =
  LAYOUT ("EthSpec", IBV_FLOW_SPEC_ETH, struct ibv_flow_spec_eth, struct ibv_flow_eth_filter, eth_fields);
static const SpecLayout ipv4_layout =
  LAYOUT ("Ipv4Spec", IBV_FLOW_SPEC_IPV4, struct ibv_flow_spec_ipv4, struct ibv_flow_ipv4_filter, ipv4_fields);
static const SpecLayout ipv4_ext_layout =
  LAYOUT ("Ipv4ExtSpec", IBV_FLOW_SPEC_IPV4_EXT, struct ibv_flow_spec_ipv4_ext,
          struct ibv_flow_ipv4_ext_filter, ipv4_ext_fields);
static const SpecLayout ipv6_layout =
  LAYOUT ("Ipv6Spec", IBV_FLOW_SPEC_IPV6, struct ibv_flow_spec_ipv6, struct ibv_flow_ipv6_filter, ipv6_fields);
static const SpecLayout tcp_udp_layout =
  LAYOUT ("TcpUdpSpec", IBV_FLOW_SPEC_TCP, struct ibv_flow_spec_tcp_udp,
          struct ibv_flow_tcp_udp_filter, tcp_udp_fields);
static const SpecLayout esp_layout =
  LAYOUT ("EspSpec", IBV_FLOW_SPEC_ESP, struct ibv_flow_spec_esp, struct ibv_flow_esp_filter, esp_fields);
static const SpecLayout tunnel_layout =
  LAYOUT ("TunnelSpec", IBV_FLOW_SPEC_VXLAN_TUNNEL, struct ibv_flow_spec_tunnel,
          struct ibv_flow_tunnel_filter, tunnel_fields);
static const SpecLayout gre_layout =
  LAYOUT ("GreSpec", IBV_FLOW_SPEC_GRE, struct ibv_flow_spec_gre, struct ibv_flow_gre_filter, gre_fields);
static const SpecLayout mpls_layout =
  LAYOUT ("MplsSpec", IBV_FLOW_SPEC_MPLS, struct ibv_flow_spec_mpls, struct ibv_flow_mpls_filter, mpls_fields);
static const SpecLayout action_tag_layout =
  { "ActionTagSpec", IBV_FLOW_SPEC_ACTION_TAG, sizeof (struct ibv_flow_spec_action_tag), 0, 0,
    action_tag_fields, G_N_ELEMENTS (action_tag_fields) };
static const SpecLayout action_drop_layout =
  { "ActionDropSpec", IBV_FLOW_SPEC_ACTION_DROP, sizeof (struct ibv_flow_spec_action_drop), 0, 0,
    NULL, 0 };

typedef struct
{
  union {
    struct ibv_flow_spec spec;
    guint8 bytes[sizeof (struct ibv_flow_spec)];
  } buf;
  guint type;           /* given at construction: 0 for the class's own */
  gboolean is_inner;
  GError *pending;      /* a malformed value set as a property */
  const SpecField *pending_field;
  gboolean pending_mask;
} GVerbsSpecPrivate;

enum {
  PROP_0,
  PROP_SPEC_TYPE,
  PROP_SIZE,
  PROP_IS_INNER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean gverbs_spec_initable_init (GInitable     *initable,
                                           GCancellable  *cancellable,
                                           GError       **error);

G_DEFINE_ABSTRACT_TYPE_WITH_CODE (GVerbsSpec, gverbs_spec, G_TYPE_OBJECT,
                                  G_ADD_PRIVATE (GVerbsSpec)
                                  GVERBS_IMPLEMENT_INITABLE (gverbs_spec_initable_init))

static const SpecLayout *
spec_layout (gpointer self)
{
  return GVERBS_SPEC_GET_CLASS (self)->layout;
}

static guint8 *
field_ptr (GVerbsSpecPrivate *priv,
           const SpecLayout  *layout,
           const SpecField   *field,
           gboolean           mask)
{
  return priv->buf.bytes + layout->val_offset + (mask ? layout->filter_size : 0) + field->offset;
}

static guint32
field_get_uint (const guint8    *p,
                const SpecField *field,
                gboolean         raw)
{
  guint16 v16;
  guint32 v32;

  switch (field->width)
    {
    case 1:
      return p[0];
    case 2:
      memcpy (&v16, p, 2);
      return field->big_endian && !raw ? GUINT16_FROM_BE (v16) : v16;
    default:
      memcpy (&v32, p, 4);
      return field->big_endian && !raw ? GUINT32_FROM_BE (v32) : v32;
    }
}

static void
field_set_uint (guint8          *p,
                const SpecField *field,
                guint32          value)
{
  guint16 v16;
  guint32 v32;

  switch (field->width)
    {
    case 1:
      p[0] = value;
      break;
    case 2:
      v16 = field->big_endian ? GUINT16_TO_BE (value) : value;
      memcpy (p, &v16, 2);
      break;
    default:
      v32 = field->big_endian ? GUINT32_TO_BE (value) : value;
      memcpy (p, &v32, 4);
      break;
    }
}

static char *
field_get_string (const guint8    *p,
                  const SpecField *field)
{
  char buf[INET6_ADDRSTRLEN];

  switch (field->kind)
    {
    case FIELD_MAC:
      return g_strdup_printf ("%02x:%02x:%02x:%02x:%02x:%02x", p[0], p[1], p[2], p[3], p[4], p[5]);
    case FIELD_IPV4:
      return g_strdup (inet_ntop (AF_INET, p, buf, sizeof buf));
    case FIELD_IPV6:
      return g_strdup (inet_ntop (AF_INET6, p, buf, sizeof buf));
    case FIELD_UINT:
    default:
      return g_strdup_printf ("%u", field_get_uint (p, field, field->print_raw));
    }
}

static gboolean
parse_mac (const char *text,
           guint8      mac[6])
{
  g_auto(GStrv) parts = g_strsplit (text, ":", -1);
  guint i;

  if (g_strv_length (parts) != 6)
    return FALSE;
  for (i = 0; i < 6; i++)
    {
      guint64 v;

      if (strlen (parts[i]) < 1 || strlen (parts[i]) > 2 ||
          !g_ascii_string_to_unsigned (parts[i], 16, 0, 0xff, &v, NULL))
        return FALSE;
      mac[i] = v;
    }
  return TRUE;
}

static gboolean
parse_uint (const char *text,
            guint32     max,
            guint32    *out,
            gboolean   *out_of_range)
{
  guint base = 10;
  guint64 v;

  *out_of_range = FALSE;
  if (g_str_has_prefix (text, "0x") || g_str_has_prefix (text, "0X"))
    {
      text += 2;
      base = 16;
    }
  if (!g_ascii_string_to_unsigned (text, base, 0, G_MAXUINT64, &v, NULL))
    return FALSE;
  if (v > max)
    {
      *out_of_range = TRUE;
      return FALSE;
    }
  *out = v;
  return TRUE;
}

/* Parses @text into the field's bytes at @p; @text NULL or "" is zero. */
static gboolean
field_parse (guint8          *p,
             const SpecLayout *layout,
             const SpecField *field,
             const char      *name,
             const char      *text,
             GError         **error)
{
  guint8 addr[16] = { 0 };
  const char *what = NULL;
  gboolean ok = TRUE;

  if (text == NULL || *text == '\0')
    {
      memset (p, 0, field->width);
      return TRUE;
    }
  switch (field->kind)
    {
    case FIELD_MAC:
      ok = parse_mac (text, addr);
      what = _("a MAC address (aa:bb:cc:dd:ee:ff)");
      break;
    case FIELD_IPV4:
      ok = inet_pton (AF_INET, text, addr) == 1;
      what = _("an IPv4 address");
      break;
    case FIELD_IPV6:
      ok = inet_pton (AF_INET6, text, addr) == 1;
      what = _("an IPv6 address");
      break;
    case FIELD_UINT:
    default:
      {
        guint32 v = 0;
        gboolean too_big;

        if (!parse_uint (text, field->max, &v, &too_big))
          {
            if (too_big)
              g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                           _("%s %s %s is out of range [0, %u]"), layout->class_name, name,
                           text, field->max);
            else
              g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("%s %s “%s” is not a number"), layout->class_name, name, text);
            return FALSE;
          }
        field_set_uint (p, field, v);
        return TRUE;
      }
    }
  if (!ok)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("%s %s “%s” is not %s"), layout->class_name, name, text, what);
      return FALSE;
    }
  memcpy (p, addr, field->width);
  return TRUE;
}

static void
field_set_full_mask (guint8          *p,
                     const SpecField *field)
{
  if (field->kind == FIELD_UINT)
    field_set_uint (p, field, field->max);
  else
    memset (p, 0xff, field->width);
}

static gboolean
field_is_zero (const guint8    *p,
               const SpecField *field)
{
  guint i;

  for (i = 0; i < field->width; i++)
    if (p[i] != 0)
      return FALSE;
  return TRUE;
}

/* Field properties: id 1 + 2 * index is the value, 2 + 2 * index its mask. */
static void
spec_field_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  GVerbsSpecPrivate *priv = gverbs_spec_get_instance_private (GVERBS_SPEC (object));
  const SpecLayout *layout = spec_layout (object);
  guint index = (prop_id - 1) / 2;
  gboolean mask = (prop_id - 1) % 2;
  const SpecField *field;
  const guint8 *p;

  if (prop_id == 0 || index >= layout->n_fields)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  field = &layout->fields[index];
  p = field_ptr (priv, layout, field, mask);
  if (field->kind == FIELD_UINT)
    g_value_set_uint (value, field_get_uint (p, field, FALSE));
  else
    g_value_take_string (value, field_get_string (p, field));
}

static void
spec_set_field_at (GVerbsSpec      *self,
                   const SpecField *field,
                   gboolean         mask,
                   const char      *text)
{
  GVerbsSpecPrivate *priv = gverbs_spec_get_instance_private (self);
  const SpecLayout *layout = spec_layout (self);
  guint8 *p = field_ptr (priv, layout, field, mask);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strdelimit (g_strdup (mask ? field->mask_name : field->name), "-", '_');

  if (field_parse (p, layout, field, name, text, &error))
    {
      if (priv->pending_field == field && priv->pending_mask == mask)
        {
          g_clear_error (&priv->pending);
          priv->pending_field = NULL;
        }
      return;
    }
  g_clear_error (&priv->pending);
  priv->pending = g_steal_pointer (&error);
  priv->pending_field = field;
  priv->pending_mask = mask;
}

static void
spec_field_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  GVerbsSpecPrivate *priv = gverbs_spec_get_instance_private (GVERBS_SPEC (object));
  const SpecLayout *layout = spec_layout (object);
  guint index = (prop_id - 1) / 2;
  gboolean mask = (prop_id - 1) % 2;
  const SpecField *field;

  if (prop_id == 0 || index >= layout->n_fields)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  field = &layout->fields[index];
  if (field->kind == FIELD_UINT)
    field_set_uint (field_ptr (priv, layout, field, mask), field, g_value_get_uint (value));
  else
    spec_set_field_at (GVERBS_SPEC (object), field, mask, g_value_get_string (value));
}

static void
spec_class_install_fields (GObjectClass      *object_class,
                           const SpecLayout  *layout)
{
  GVerbsSpecClass *spec_class = GVERBS_SPEC_CLASS (object_class);
  guint i;

  spec_class->layout = layout;
  object_class->get_property = spec_field_get_property;
  object_class->set_property = spec_field_set_property;
  for (i = 0; i < layout->n_fields; i++)
    {
      const SpecField *field = &layout->fields[i];
      guint j;

      for (j = 0; j < (layout->val_offset ? 2u : 1u); j++)
        {
          const char *name = j ? field->mask_name : field->name;
          GParamFlags flags = G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS;
          GParamSpec *pspec;

          if (field->kind == FIELD_UINT)
            pspec = g_param_spec_uint (name, NULL, NULL, 0, field->max, 0, flags);
          else
            pspec = g_param_spec_string (name, NULL, NULL, NULL, flags);
          g_object_class_install_property (object_class, 1 + 2 * i + j, pspec);
        }
    }
}

static void
gverbs_spec_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  GVerbsSpec *self = GVERBS_SPEC (object);

  switch (prop_id)
    {
    case PROP_SPEC_TYPE:
      g_value_set_uint (value, gverbs_spec_get_spec_type (self));
      break;
    case PROP_SIZE:
      g_value_set_uint (value, gverbs_spec_get_size (self));
      break;
    case PROP_IS_INNER:
      g_value_set_boolean (value, gverbs_spec_get_is_inner (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gverbs_spec_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  GVerbsSpecPrivate *priv = gverbs_spec_get_instance_private (GVERBS_SPEC (object));

  switch (prop_id)
    {
    case PROP_SPEC_TYPE:
      priv->type = g_value_get_uint (value);
      break;
    case PROP_IS_INNER:
      priv->is_inner = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gverbs_spec_constructed (GObject *object)
{
  GVerbsSpecPrivate *priv = gverbs_spec_get_instance_private (GVERBS_SPEC (object));
  const SpecLayout *layout = spec_layout (object);
  guint i;

  G_OBJECT_CLASS (gverbs_spec_parent_class)->constructed (object);
  if (layout == NULL)
    return;
  if (priv->type & GVERBS_FLOW_SPEC_INNER)
    priv->is_inner = TRUE;
  priv->type &= ~GVERBS_FLOW_SPEC_INNER;
  if (priv->type == 0 || layout->type != IBV_FLOW_SPEC_TCP)
    {
      if (priv->type != 0 && priv->type != layout->type && priv->pending == NULL)
        g_set_error (&priv->pending, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                     _("%s spec_type 0x%x is not %s"), layout->class_name, priv->type,
                     gverbs_spec_type_to_string (layout->type));
      priv->type = layout->type;
    }
  else if (priv->type != IBV_FLOW_SPEC_TCP && priv->type != IBV_FLOW_SPEC_UDP)
    {
      if (priv->pending == NULL)
        g_set_error (&priv->pending, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                     _("TcpUdpSpec spec_type 0x%x is not IBV_FLOW_SPEC_TCP or IBV_FLOW_SPEC_UDP"),
                     priv->type);
      priv->type = IBV_FLOW_SPEC_TCP;
    }
  if (layout->val_offset != 0)
    for (i = 0; i < layout->n_fields; i++)
      {
        const SpecField *field = &layout->fields[i];
        guint8 *mask = field_ptr (priv, layout, field, TRUE);

        if (!field_is_zero (field_ptr (priv, layout, field, FALSE), field) &&
            field_is_zero (mask, field))
          field_set_full_mask (mask, field);
      }
}

static void
gverbs_spec_finalize (GObject *object)
{
  GVerbsSpecPrivate *priv = gverbs_spec_get_instance_private (GVERBS_SPEC (object));

  g_clear_error (&priv->pending);
  G_OBJECT_CLASS (gverbs_spec_parent_class)->finalize (object);
}

static gboolean
gverbs_spec_initable_init (GInitable     *initable,
                           GCancellable  *cancellable,
                           GError       **error)
{
  return gverbs_spec_check (GVERBS_SPEC (initable), error);
}

static void
gverbs_spec_class_init (GVerbsSpecClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gverbs_spec_get_property;
  object_class->set_property = gverbs_spec_set_property;
  object_class->constructed = gverbs_spec_constructed;
  object_class->finalize = gverbs_spec_finalize;

  /**
   * GVerbsSpec:spec-type:
   *
   * The spec's `IBV_FLOW_SPEC_*` type, with %GVERBS_FLOW_SPEC_INNER for an
   * inner spec. Given at construction only to a #GVerbsTcpUdpSpec
   * (%GVERBS_FLOW_SPEC_TCP or %GVERBS_FLOW_SPEC_UDP); 0 means the class's
   * own type.
   */
  properties[PROP_SPEC_TYPE] =
    g_param_spec_uint ("spec-type", NULL, NULL, 0, G_MAXUINT32, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsSpec:size:
   *
   * The size in bytes of the spec's `struct ibv_flow_spec_*`.
   */
  properties[PROP_SIZE] =
    g_param_spec_uint ("size", NULL, NULL, 0, G_MAXUINT16, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsSpec:is-inner:
   *
   * Whether the spec matches the inner headers of a tunnelled packet
   * (`IBV_FLOW_SPEC_INNER`).
   */
  properties[PROP_IS_INNER] =
    g_param_spec_boolean ("is-inner", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gverbs_spec_init (GVerbsSpec *self)
{
}

/**
 * gverbs_spec_make:
 * @spec_type: the kind of spec: an `IBV_FLOW_SPEC_*` type (%GVERBS_FLOW_SPEC_ETH,
 *   %GVERBS_FLOW_SPEC_TCP …), which may carry %GVERBS_FLOW_SPEC_INNER
 * @is_inner: whether the spec matches inner headers
 * @error: return location for a #GError
 *
 * Makes an empty spec of the class for @spec_type (every value and mask
 * zero) to fill with g_object_set() and gverbs_spec_set_field(). A type
 * libgverbs has no class for (the action handle and counter specs, which
 * need objects rdma-core's flow actions and counters make) gives
 * %GVERBS_ERROR_NOT_SUPPORTED; a number that is no spec type
 * %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: (transfer full): the spec, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsSpec *
gverbs_spec_make (GVerbsFlowSpecType   spec_type,
                  gboolean             is_inner,
                  GError             **error)
{
  guint type = (guint) spec_type & ~GVERBS_FLOW_SPEC_INNER;
  GType gtype;

  switch (type)
    {
    case IBV_FLOW_SPEC_ETH: gtype = GVERBS_TYPE_ETH_SPEC; break;
    case IBV_FLOW_SPEC_IPV4: gtype = GVERBS_TYPE_IPV4_SPEC; break;
    case IBV_FLOW_SPEC_IPV4_EXT: gtype = GVERBS_TYPE_IPV4_EXT_SPEC; break;
    case IBV_FLOW_SPEC_IPV6: gtype = GVERBS_TYPE_IPV6_SPEC; break;
    case IBV_FLOW_SPEC_TCP:
    case IBV_FLOW_SPEC_UDP: gtype = GVERBS_TYPE_TCP_UDP_SPEC; break;
    case IBV_FLOW_SPEC_ESP: gtype = GVERBS_TYPE_ESP_SPEC; break;
    case IBV_FLOW_SPEC_VXLAN_TUNNEL: gtype = GVERBS_TYPE_TUNNEL_SPEC; break;
    case IBV_FLOW_SPEC_GRE: gtype = GVERBS_TYPE_GRE_SPEC; break;
    case IBV_FLOW_SPEC_MPLS: gtype = GVERBS_TYPE_MPLS_SPEC; break;
    case IBV_FLOW_SPEC_ACTION_TAG: gtype = GVERBS_TYPE_ACTION_TAG_SPEC; break;
    case IBV_FLOW_SPEC_ACTION_DROP: gtype = GVERBS_TYPE_ACTION_DROP_SPEC; break;
    case IBV_FLOW_SPEC_ACTION_HANDLE:
    case IBV_FLOW_SPEC_ACTION_COUNT:
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED,
                   _("%s specs are not supported by libgverbs"), gverbs_spec_type_to_string (type));
      return NULL;
    default:
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("spec_type 0x%x is not an IBV_FLOW_SPEC_* type"), (guint) spec_type);
      return NULL;
    }
  return g_initable_new (gtype, NULL, error, "spec-type", (guint) spec_type,
                         "is-inner", is_inner, NULL);
}

/**
 * gverbs_tcp_udp_spec_new:
 * @spec_type: %GVERBS_FLOW_SPEC_TCP or %GVERBS_FLOW_SPEC_UDP
 * @is_inner: whether the spec matches inner headers
 * @error: return location for a #GError
 *
 * Makes an empty TCP or UDP spec (pyverbs' `TcpUdpSpec`); any other
 * @spec_type gives %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: (transfer full): the spec, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsTcpUdpSpec *
gverbs_tcp_udp_spec_new (GVerbsFlowSpecType   spec_type,
                         gboolean             is_inner,
                         GError             **error)
{
  if ((guint) spec_type == 0)
    {
      g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("TcpUdpSpec needs IBV_FLOW_SPEC_TCP or IBV_FLOW_SPEC_UDP"));
      return NULL;
    }
  return g_initable_new (GVERBS_TYPE_TCP_UDP_SPEC, NULL, error, "spec-type", (guint) spec_type,
                         "is-inner", is_inner, NULL);
}

/**
 * gverbs_spec_get_spec_type:
 * @self: a #GVerbsSpec
 *
 * Gets #GVerbsSpec:spec-type, the type written in the spec's `type` field.
 *
 * Returns: the spec's `IBV_FLOW_SPEC_*` type, with
 *   %GVERBS_FLOW_SPEC_INNER for an inner spec
 *
 * Since: 0.1
 */
guint
gverbs_spec_get_spec_type (GVerbsSpec *self)
{
  GVerbsSpecPrivate *priv;

  g_return_val_if_fail (GVERBS_IS_SPEC (self), 0);
  priv = gverbs_spec_get_instance_private (self);
  return priv->type | (priv->is_inner ? GVERBS_FLOW_SPEC_INNER : 0);
}

/**
 * gverbs_spec_get_size:
 * @self: a #GVerbsSpec
 *
 * Gets #GVerbsSpec:size, the value of the spec's `size` field.
 *
 * Returns: the size of the spec's `struct ibv_flow_spec_*` in bytes
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_spec_get_size,
                      GVerbsSpec, GVERBS_IS_SPEC, 0, spec_layout (self)->size)

/**
 * gverbs_spec_get_is_inner:
 * @self: a #GVerbsSpec
 *
 * Gets #GVerbsSpec:is-inner.
 *
 * Returns: whether the spec matches the inner headers of a tunnelled packet
 *
 * Since: 0.1
 */
gboolean
gverbs_spec_get_is_inner (GVerbsSpec *self)
{
  GVerbsSpecPrivate *priv;

  g_return_val_if_fail (GVERBS_IS_SPEC (self), FALSE);
  priv = gverbs_spec_get_instance_private (self);
  return priv->is_inner;
}

/**
 * gverbs_spec_set_field:
 * @self: a #GVerbsSpec
 * @name: a field's property name, value or mask (`dst-mac`, `dst_mac_mask`,
 *   `ether-type`)
 * @value: (nullable): the value as text: an address in its usual notation,
 *   a number in decimal or `0x` hexadecimal; %NULL or empty for zero
 * @error: return location for a #GError
 *
 * Sets one field from text, checked: a malformed address or number gives
 * %GVERBS_ERROR_INVALID_ARGUMENT, a number wider than the field
 * %GVERBS_ERROR_OUT_OF_RANGE, an unknown name %GVERBS_ERROR_NOT_FOUND; the
 * field keeps its value on error.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_spec_set_field (GVerbsSpec  *self,
                       const char  *name,
                       const char  *value,
                       GError     **error)
{
  GVerbsSpecPrivate *priv;
  const SpecLayout *layout;
  g_autofree char *canon = NULL;
  guint i;

  g_return_val_if_fail (GVERBS_IS_SPEC (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  priv = gverbs_spec_get_instance_private (self);
  layout = spec_layout (self);
  canon = g_strdelimit (g_strdup (name), "_", '-');
  for (i = 0; i < layout->n_fields; i++)
    {
      const SpecField *field = &layout->fields[i];
      gboolean mask = layout->val_offset != 0 && g_str_equal (canon, field->mask_name);
      g_autofree char *pname = NULL;

      if (!mask && !g_str_equal (canon, field->name))
        continue;
      pname = g_strdelimit (g_strdup (canon), "-", '_');
      if (!field_parse (field_ptr (priv, layout, field, mask), layout, field, pname, value, error))
        return FALSE;
      if (priv->pending_field == field && priv->pending_mask == mask)
        {
          g_clear_error (&priv->pending);
          priv->pending_field = NULL;
        }
      g_object_notify (G_OBJECT (self), mask ? field->mask_name : field->name);
      return TRUE;
    }
  g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_FOUND, _("%s has no field %s"),
               layout->class_name, name);
  return FALSE;
}

/**
 * gverbs_spec_check:
 * @self: a #GVerbsSpec
 * @error: return location for a #GError
 *
 * Reports the malformed value a property was set to (a MAC or IP address
 * that did not parse), which the spec refused to store.
 *
 * Returns: %TRUE when every field was set to a valid value
 *
 * Since: 0.1
 */
gboolean
gverbs_spec_check (GVerbsSpec  *self,
                   GError     **error)
{
  GVerbsSpecPrivate *priv;

  g_return_val_if_fail (GVERBS_IS_SPEC (self), FALSE);
  priv = gverbs_spec_get_instance_private (self);
  if (priv->pending != NULL)
    {
      g_propagate_error (error, g_error_copy (priv->pending));
      return FALSE;
    }
  return TRUE;
}

gboolean
_gverbs_spec_pack_into (GVerbsSpec  *self,
                        guint8      *out,
                        GError     **error)
{
  GVerbsSpecPrivate *priv = gverbs_spec_get_instance_private (self);
  const SpecLayout *layout = spec_layout (self);
  enum ibv_flow_spec_type type = gverbs_spec_get_spec_type (self);
  guint16 size = layout->size;

  if (!gverbs_spec_check (self, error))
    return FALSE;
  memcpy (out, priv->buf.bytes, layout->size);
  memcpy (out + offsetof (struct ibv_flow_spec, hdr.type), &type, sizeof type);
  memcpy (out + offsetof (struct ibv_flow_spec, hdr.size), &size, sizeof size);
  return TRUE;
}

/**
 * gverbs_spec_pack:
 * @self: a #GVerbsSpec
 * @error: return location for a #GError
 *
 * The spec as rdma-core takes it in a flow: the bytes of its
 * `struct ibv_flow_spec_*` (type, size, value, mask), gverbs_spec_get_size()
 * of them.
 *
 * Returns: (transfer full): the packed spec, or %NULL when a property
 *   was set to a malformed value (gverbs_spec_check())
 *
 * Since: 0.1
 */
GBytes *
gverbs_spec_pack (GVerbsSpec  *self,
                  GError     **error)
{
  guint8 buf[sizeof (struct ibv_flow_spec)];

  g_return_val_if_fail (GVERBS_IS_SPEC (self), NULL);
  if (!_gverbs_spec_pack_into (self, buf, error))
    return NULL;
  return g_bytes_new (buf, gverbs_spec_get_size (self));
}

/**
 * gverbs_spec_type_to_string:
 * @spec_type: an `IBV_FLOW_SPEC_*` type, without %GVERBS_FLOW_SPEC_INNER
 *
 * Gets rdma-core's name of a flow spec type.
 *
 * Returns: (nullable): rdma-core's name of the type, `IBV_FLOW_SPEC_ETH`,
 *   or %NULL for an unknown one
 *
 * Since: 0.1
 */
const char *
gverbs_spec_type_to_string (guint spec_type)
{
  switch (spec_type)
    {
    case IBV_FLOW_SPEC_ETH: return "IBV_FLOW_SPEC_ETH";
    case IBV_FLOW_SPEC_IPV4: return "IBV_FLOW_SPEC_IPV4";
    case IBV_FLOW_SPEC_IPV6: return "IBV_FLOW_SPEC_IPV6";
    case IBV_FLOW_SPEC_IPV4_EXT: return "IBV_FLOW_SPEC_IPV4_EXT";
    case IBV_FLOW_SPEC_ESP: return "IBV_FLOW_SPEC_ESP";
    case IBV_FLOW_SPEC_TCP: return "IBV_FLOW_SPEC_TCP";
    case IBV_FLOW_SPEC_UDP: return "IBV_FLOW_SPEC_UDP";
    case IBV_FLOW_SPEC_VXLAN_TUNNEL: return "IBV_FLOW_SPEC_VXLAN_TUNNEL";
    case IBV_FLOW_SPEC_GRE: return "IBV_FLOW_SPEC_GRE";
    case IBV_FLOW_SPEC_MPLS: return "IBV_FLOW_SPEC_MPLS";
    case IBV_FLOW_SPEC_ACTION_TAG: return "IBV_FLOW_SPEC_ACTION_TAG";
    case IBV_FLOW_SPEC_ACTION_DROP: return "IBV_FLOW_SPEC_ACTION_DROP";
    case IBV_FLOW_SPEC_ACTION_HANDLE: return "IBV_FLOW_SPEC_ACTION_HANDLE";
    case IBV_FLOW_SPEC_ACTION_COUNT: return "IBV_FLOW_SPEC_ACTION_COUNT";
    default: return NULL;
    }
}

/**
 * gverbs_spec_to_string:
 * @self: a #GVerbsSpec
 *
 * The spec in the layout of pyverbs' README: its type and size, then one
 * line per field, `Label           : value                mask: mask`.
 * As there, an #GVerbsEthSpec prints its ether type and VLAN tag as
 * stored, in network byte order read as a host integer (0x321 prints as
 * 8451 on a little-endian host).
 *
 * Returns: (transfer full): the printed form
 *
 * Since: 0.1
 */
char *
gverbs_spec_to_string (GVerbsSpec *self)
{
  GVerbsSpecPrivate *priv;
  const SpecLayout *layout;
  GString *s;
  guint i;

  g_return_val_if_fail (GVERBS_IS_SPEC (self), NULL);
  priv = gverbs_spec_get_instance_private (self);
  layout = spec_layout (self);
  s = g_string_new (NULL);
  g_string_append_printf (s, "%-16s: %s%s\n", "Spec type",
                          priv->is_inner ? "IBV_FLOW_SPEC_INNER " : "",
                          gverbs_spec_type_to_string (priv->type));
  g_string_append_printf (s, "%-16s: %u\n", "Size", layout->size);
  for (i = 0; i < layout->n_fields; i++)
    {
      const SpecField *field = &layout->fields[i];
      g_autofree char *val = field_get_string (field_ptr (priv, layout, field, FALSE), field);

      if (layout->val_offset == 0)
        {
          g_string_append_printf (s, "%-16s: %s\n", field->label, val);
        }
      else
        {
          g_autofree char *mask = field_get_string (field_ptr (priv, layout, field, TRUE), field);

          g_string_append_printf (s, "%-16s: %-20s mask: %s\n", field->label, val, mask);
        }
    }
  return g_string_free (s, FALSE);
}

/* The final classes: a layout each. */
#define DEFINE_SPEC(Name, name, layout_var)                                 \
  struct _GVerbs##Name { GVerbsSpec parent_instance; };                     \
  G_DEFINE_FINAL_TYPE (GVerbs##Name, gverbs_##name, GVERBS_TYPE_SPEC)       \
  static void gverbs_##name##_class_init (GVerbs##Name##Class *klass)       \
  {                                                                         \
    spec_class_install_fields (G_OBJECT_CLASS (klass), &layout_var);        \
  }                                                                         \
  static void gverbs_##name##_init (GVerbs##Name *self) { }

/**
 * GVerbsEthSpec:
 *
 * An Ethernet header match (`struct ibv_flow_spec_eth`, pyverbs'
 * `EthSpec`): `dst-mac`, `src-mac` (strings, `"aa:bb:cc:dd:ee:ff"`),
 * `ether-type`, `vlan-tag` (16 bits: priority 3, CFI 1, VLAN id 12), each
 * with its `-mask`.
 *
 * When to use it: to match on MAC addresses, EtherType or VLAN.
 *
 * ```c
 * g_autoptr(GVerbsSpec) eth = g_object_new (GVERBS_TYPE_ETH_SPEC,
 *                                           "dst-mac", "02:00:00:00:00:01",
 *                                           "ether-type", 0x0800u, NULL);   // IPv4
 * if (!gverbs_spec_check (eth, &error))
 *   g_printerr ("%s\n", error->message);
 * ```
 *
 * Python: `Verbs.EthSpec(dst_mac='02:00:00:00:00:01', ether_type=0x800)`.
 *
 * Since: 0.1
 */
/**
 * GVerbsEthSpec:dst-mac:
 *
 * The destination MAC address (`ibv_flow_eth_filter.dst_mac`), as
 * `"aa:bb:cc:dd:ee:ff"`.
 *
 * Since: 0.1
 */
/**
 * GVerbsEthSpec:dst-mac-mask:
 *
 * The mask of #GVerbsEthSpec:dst-mac: a bit set here makes the hardware
 * compare that bit (`ibv_flow_eth_filter.dst_mac` of the mask filter).
 *
 * Since: 0.1
 */
/**
 * GVerbsEthSpec:src-mac:
 *
 * The source MAC address (`ibv_flow_eth_filter.src_mac`), as
 * `"aa:bb:cc:dd:ee:ff"`.
 *
 * Since: 0.1
 */
/**
 * GVerbsEthSpec:src-mac-mask:
 *
 * The mask of #GVerbsEthSpec:src-mac: a bit set here makes the hardware
 * compare that bit (`ibv_flow_eth_filter.src_mac` of the mask filter).
 *
 * Since: 0.1
 */
/**
 * GVerbsEthSpec:ether-type:
 *
 * The EtherType (`ibv_flow_eth_filter.ether_type`), 16 bits in host byte
 * order.
 *
 * Since: 0.1
 */
/**
 * GVerbsEthSpec:ether-type-mask:
 *
 * The mask of #GVerbsEthSpec:ether-type: a bit set here makes the hardware
 * compare that bit (`ibv_flow_eth_filter.ether_type` of the mask filter).
 *
 * Since: 0.1
 */
/**
 * GVerbsEthSpec:vlan-tag:
 *
 * The 802.1Q tag (`ibv_flow_eth_filter.vlan_tag`), 16 bits in host byte
 * order: priority 3, CFI 1, VLAN id 12.
 *
 * Since: 0.1
 */
/**
 * GVerbsEthSpec:vlan-tag-mask:
 *
 * The mask of #GVerbsEthSpec:vlan-tag: a bit set here makes the hardware
 * compare that bit (`ibv_flow_eth_filter.vlan_tag` of the mask filter).
 *
 * Since: 0.1
 */
DEFINE_SPEC (EthSpec, eth_spec, eth_layout)
/**
 * GVerbsIpv4Spec:
 *
 * An IPv4 address match (`struct ibv_flow_spec_ipv4`): `src-ip`, `dst-ip`
 * (strings, `"10.0.0.1"`), each with its `-mask`.
 *
 * When to use it: to match on IPv4 source or destination addresses.
 *
 * ```c
 * g_autoptr(GVerbsSpec) ip = g_object_new (GVERBS_TYPE_IPV4_SPEC,
 *                                          "dst-ip", "192.0.2.7",
 *                                          "dst-ip-mask", "255.255.255.0", NULL);
 * ```
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv4Spec:src-ip:
 *
 * The source IPv4 address (`ibv_flow_ipv4_filter.src_ip`), as `"10.0.0.1"`.
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv4Spec:src-ip-mask:
 *
 * The mask of #GVerbsIpv4Spec:src-ip: a bit set here makes the hardware
 * compare that bit (`ibv_flow_ipv4_filter.src_ip` of the mask filter).
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv4Spec:dst-ip:
 *
 * The destination IPv4 address (`ibv_flow_ipv4_filter.dst_ip`), as
 * `"10.0.0.1"`.
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv4Spec:dst-ip-mask:
 *
 * The mask of #GVerbsIpv4Spec:dst-ip: a bit set here makes the hardware
 * compare that bit (`ibv_flow_ipv4_filter.dst_ip` of the mask filter).
 *
 * Since: 0.1
 */
DEFINE_SPEC (Ipv4Spec, ipv4_spec, ipv4_layout)
/**
 * GVerbsIpv4ExtSpec:
 *
 * An IPv4 header match (`struct ibv_flow_spec_ipv4_ext`, pyverbs'
 * `Ipv4ExtSpec`): `src-ip`, `dst-ip` (strings), `proto`, `tos`, `ttl`,
 * `flags` (8 bits each), each with its `-mask`.
 *
 * When to use it: to match on IPv4 addresses and also protocol, TOS, TTL or
 * flags.
 *
 * ```c
 * g_autoptr(GVerbsSpec) ip = g_object_new (GVERBS_TYPE_IPV4_EXT_SPEC,
 *                                          "dst-ip", "192.0.2.7", "proto", 17u, NULL);   // UDP
 * ```
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv4ExtSpec:src-ip:
 *
 * The source IPv4 address (`ibv_flow_ipv4_ext_filter.src_ip`), as
 * `"10.0.0.1"`.
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv4ExtSpec:src-ip-mask:
 *
 * The mask of #GVerbsIpv4ExtSpec:src-ip: a bit set here makes the hardware
 * compare that bit (`ibv_flow_ipv4_ext_filter.src_ip` of the mask filter).
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv4ExtSpec:dst-ip:
 *
 * The destination IPv4 address (`ibv_flow_ipv4_ext_filter.dst_ip`), as
 * `"10.0.0.1"`.
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv4ExtSpec:dst-ip-mask:
 *
 * The mask of #GVerbsIpv4ExtSpec:dst-ip: a bit set here makes the hardware
 * compare that bit (`ibv_flow_ipv4_ext_filter.dst_ip` of the mask filter).
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv4ExtSpec:proto:
 *
 * The IP protocol number (`ibv_flow_ipv4_ext_filter.proto`), 8 bits: 6 is
 * TCP, 17 UDP.
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv4ExtSpec:proto-mask:
 *
 * The mask of #GVerbsIpv4ExtSpec:proto: a bit set here makes the hardware
 * compare that bit (`ibv_flow_ipv4_ext_filter.proto` of the mask filter).
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv4ExtSpec:tos:
 *
 * The type of service byte (`ibv_flow_ipv4_ext_filter.tos`), 8 bits.
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv4ExtSpec:tos-mask:
 *
 * The mask of #GVerbsIpv4ExtSpec:tos: a bit set here makes the hardware
 * compare that bit (`ibv_flow_ipv4_ext_filter.tos` of the mask filter).
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv4ExtSpec:ttl:
 *
 * The time to live (`ibv_flow_ipv4_ext_filter.ttl`), 8 bits.
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv4ExtSpec:ttl-mask:
 *
 * The mask of #GVerbsIpv4ExtSpec:ttl: a bit set here makes the hardware
 * compare that bit (`ibv_flow_ipv4_ext_filter.ttl` of the mask filter).
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv4ExtSpec:flags:
 *
 * The IPv4 header flags (`ibv_flow_ipv4_ext_filter.flags`), 8 bits.
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv4ExtSpec:flags-mask:
 *
 * The mask of #GVerbsIpv4ExtSpec:flags: a bit set here makes the hardware
 * compare that bit (`ibv_flow_ipv4_ext_filter.flags` of the mask filter).
 *
 * Since: 0.1
 */
DEFINE_SPEC (Ipv4ExtSpec, ipv4_ext_spec, ipv4_ext_layout)
/**
 * GVerbsIpv6Spec:
 *
 * An IPv6 header match (`struct ibv_flow_spec_ipv6`, pyverbs' `Ipv6Spec`):
 * `src-ip`, `dst-ip` (strings, `"fe80::1"`), `flow-label` (20 bits),
 * `next-hdr`, `traffic-class`, `hop-limit` (8 bits), each with its `-mask`.
 *
 * When to use it: to match on IPv6 addresses, flow label, next header,
 * traffic class or hop limit.
 *
 * ```c
 * g_autoptr(GVerbsSpec) ip6 = g_object_new (GVERBS_TYPE_IPV6_SPEC,
 *                                           "dst-ip", "2001:db8::7", "next-hdr", 6u, NULL);   // TCP
 * ```
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv6Spec:src-ip:
 *
 * The source IPv6 address (`ibv_flow_ipv6_filter.src_ip`), as `"fe80::1"`.
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv6Spec:src-ip-mask:
 *
 * The mask of #GVerbsIpv6Spec:src-ip: a bit set here makes the hardware
 * compare that bit (`ibv_flow_ipv6_filter.src_ip` of the mask filter).
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv6Spec:dst-ip:
 *
 * The destination IPv6 address (`ibv_flow_ipv6_filter.dst_ip`), as
 * `"fe80::1"`.
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv6Spec:dst-ip-mask:
 *
 * The mask of #GVerbsIpv6Spec:dst-ip: a bit set here makes the hardware
 * compare that bit (`ibv_flow_ipv6_filter.dst_ip` of the mask filter).
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv6Spec:flow-label:
 *
 * The flow label (`ibv_flow_ipv6_filter.flow_label`), 20 bits in host byte
 * order.
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv6Spec:flow-label-mask:
 *
 * The mask of #GVerbsIpv6Spec:flow-label: a bit set here makes the hardware
 * compare that bit (`ibv_flow_ipv6_filter.flow_label` of the mask filter).
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv6Spec:next-hdr:
 *
 * The next header, the protocol that follows
 * (`ibv_flow_ipv6_filter.next_hdr`), 8 bits.
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv6Spec:next-hdr-mask:
 *
 * The mask of #GVerbsIpv6Spec:next-hdr: a bit set here makes the hardware
 * compare that bit (`ibv_flow_ipv6_filter.next_hdr` of the mask filter).
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv6Spec:traffic-class:
 *
 * The traffic class (`ibv_flow_ipv6_filter.traffic_class`), 8 bits.
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv6Spec:traffic-class-mask:
 *
 * The mask of #GVerbsIpv6Spec:traffic-class: a bit set here makes the
 * hardware compare that bit (`ibv_flow_ipv6_filter.traffic_class` of the mask
 * filter).
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv6Spec:hop-limit:
 *
 * The hop limit (`ibv_flow_ipv6_filter.hop_limit`), 8 bits.
 *
 * Since: 0.1
 */
/**
 * GVerbsIpv6Spec:hop-limit-mask:
 *
 * The mask of #GVerbsIpv6Spec:hop-limit: a bit set here makes the hardware
 * compare that bit (`ibv_flow_ipv6_filter.hop_limit` of the mask filter).
 *
 * Since: 0.1
 */
DEFINE_SPEC (Ipv6Spec, ipv6_spec, ipv6_layout)
/**
 * GVerbsTcpUdpSpec:
 *
 * A TCP or UDP port match (`struct ibv_flow_spec_tcp_udp`, pyverbs'
 * `TcpUdpSpec`; its #GVerbsSpec:spec-type says which): `src-port`,
 * `dst-port`, each with its `-mask`.
 *
 * When to use it: to match on TCP or UDP ports; the spec type says which
 * protocol.
 *
 * ```c
 * g_autoptr(GVerbsTcpUdpSpec) udp = gverbs_tcp_udp_spec_new (GVERBS_FLOW_SPEC_UDP, FALSE, &error);
 *
 * if (udp != NULL)
 *   g_object_set (udp, "dst-port", 4791u, NULL);   // RoCE v2
 * ```
 *
 * Python: `Verbs.TcpUdpSpec(Verbs.FlowSpecType.UDP, dst_port=4791)`, the
 * type first as in pyverbs.
 *
 * Since: 0.1
 */
/**
 * GVerbsTcpUdpSpec:src-port:
 *
 * The TCP or UDP source port (`ibv_flow_tcp_udp_filter.src_port`), in host
 * byte order.
 *
 * Since: 0.1
 */
/**
 * GVerbsTcpUdpSpec:src-port-mask:
 *
 * The mask of #GVerbsTcpUdpSpec:src-port: a bit set here makes the hardware
 * compare that bit (`ibv_flow_tcp_udp_filter.src_port` of the mask filter).
 *
 * Since: 0.1
 */
/**
 * GVerbsTcpUdpSpec:dst-port:
 *
 * The TCP or UDP destination port (`ibv_flow_tcp_udp_filter.dst_port`), in
 * host byte order.
 *
 * Since: 0.1
 */
/**
 * GVerbsTcpUdpSpec:dst-port-mask:
 *
 * The mask of #GVerbsTcpUdpSpec:dst-port: a bit set here makes the hardware
 * compare that bit (`ibv_flow_tcp_udp_filter.dst_port` of the mask filter).
 *
 * Since: 0.1
 */
DEFINE_SPEC (TcpUdpSpec, tcp_udp_spec, tcp_udp_layout)
/**
 * GVerbsEspSpec:
 *
 * An IPsec ESP match (`struct ibv_flow_spec_esp`): `spi`, `seq` (32 bits),
 * each with its `-mask`.
 *
 * When to use it: to match IPsec ESP packets by SPI or sequence number.
 *
 * ```c
 * g_autoptr(GVerbsSpec) esp = g_object_new (GVERBS_TYPE_ESP_SPEC, "spi", 0x1234u, NULL);
 * ```
 *
 * Since: 0.1
 */
/**
 * GVerbsEspSpec:spi:
 *
 * The Security Parameters Index (`ibv_flow_esp_filter.spi`), 32 bits in host
 * byte order.
 *
 * Since: 0.1
 */
/**
 * GVerbsEspSpec:spi-mask:
 *
 * The mask of #GVerbsEspSpec:spi: a bit set here makes the hardware compare
 * that bit (`ibv_flow_esp_filter.spi` of the mask filter).
 *
 * Since: 0.1
 */
/**
 * GVerbsEspSpec:seq:
 *
 * The ESP sequence number (`ibv_flow_esp_filter.seq`), 32 bits in host byte
 * order.
 *
 * Since: 0.1
 */
/**
 * GVerbsEspSpec:seq-mask:
 *
 * The mask of #GVerbsEspSpec:seq: a bit set here makes the hardware compare
 * that bit (`ibv_flow_esp_filter.seq` of the mask filter).
 *
 * Since: 0.1
 */
DEFINE_SPEC (EspSpec, esp_spec, esp_layout)
/**
 * GVerbsTunnelSpec:
 *
 * A VXLAN tunnel match (`struct ibv_flow_spec_tunnel`,
 * `IBV_FLOW_SPEC_VXLAN_TUNNEL`): `tunnel-id` and `tunnel-id-mask`.
 *
 * When to use it: to match VXLAN packets by tunnel id (VNI).
 *
 * ```c
 * g_autoptr(GVerbsSpec) vxlan = g_object_new (GVERBS_TYPE_TUNNEL_SPEC, "tunnel-id", 42u, NULL);
 * ```
 *
 * Since: 0.1
 */
/**
 * GVerbsTunnelSpec:tunnel-id:
 *
 * The VXLAN tunnel id (`ibv_flow_tunnel_filter.tunnel_id`), 32 bits in host
 * byte order.
 *
 * Since: 0.1
 */
/**
 * GVerbsTunnelSpec:tunnel-id-mask:
 *
 * The mask of #GVerbsTunnelSpec:tunnel-id: a bit set here makes the hardware
 * compare that bit (`ibv_flow_tunnel_filter.tunnel_id` of the mask filter).
 *
 * Since: 0.1
 */
DEFINE_SPEC (TunnelSpec, tunnel_spec, tunnel_layout)
/**
 * GVerbsGreSpec:
 *
 * A GRE header match (`struct ibv_flow_spec_gre`): `c-ks-res0-ver` (the
 * first 16 bits of the header), `protocol` (16 bits), `key` (32 bits),
 * each with its `-mask`.
 *
 * When to use it: to match GRE packets by protocol or key.
 *
 * ```c
 * g_autoptr(GVerbsSpec) gre = g_object_new (GVERBS_TYPE_GRE_SPEC, "key", 7u, NULL);
 * ```
 *
 * Since: 0.1
 */
/**
 * GVerbsGreSpec:c-ks-res0-ver:
 *
 * The first 16 bits of the GRE header: the C, K and S bits, reserved bits and
 * version (`ibv_flow_gre_filter.c_ks_res0_ver`), in host byte order.
 *
 * Since: 0.1
 */
/**
 * GVerbsGreSpec:c-ks-res0-ver-mask:
 *
 * The mask of #GVerbsGreSpec:c-ks-res0-ver: a bit set here makes the hardware
 * compare that bit (`ibv_flow_gre_filter.c_ks_res0_ver` of the mask filter).
 *
 * Since: 0.1
 */
/**
 * GVerbsGreSpec:protocol:
 *
 * The GRE protocol type, the EtherType of the payload
 * (`ibv_flow_gre_filter.protocol`), 16 bits in host byte order.
 *
 * Since: 0.1
 */
/**
 * GVerbsGreSpec:protocol-mask:
 *
 * The mask of #GVerbsGreSpec:protocol: a bit set here makes the hardware
 * compare that bit (`ibv_flow_gre_filter.protocol` of the mask filter).
 *
 * Since: 0.1
 */
/**
 * GVerbsGreSpec:key:
 *
 * The GRE key (`ibv_flow_gre_filter.key`), 32 bits in host byte order.
 *
 * Since: 0.1
 */
/**
 * GVerbsGreSpec:key-mask:
 *
 * The mask of #GVerbsGreSpec:key: a bit set here makes the hardware compare
 * that bit (`ibv_flow_gre_filter.key` of the mask filter).
 *
 * Since: 0.1
 */
DEFINE_SPEC (GreSpec, gre_spec, gre_layout)
/**
 * GVerbsMplsSpec:
 *
 * An MPLS label match (`struct ibv_flow_spec_mpls`): `label` (the whole
 * 32-bit label entry) and `label-mask`.
 *
 * When to use it: to match MPLS packets by label.
 *
 * ```c
 * g_autoptr(GVerbsSpec) mpls = g_object_new (GVERBS_TYPE_MPLS_SPEC, "label", 100u, NULL);
 * ```
 *
 * Since: 0.1
 */
/**
 * GVerbsMplsSpec:label:
 *
 * The MPLS label stack entry (`ibv_flow_mpls_filter.label`), all 32 bits in
 * host byte order.
 *
 * Since: 0.1
 */
/**
 * GVerbsMplsSpec:label-mask:
 *
 * The mask of #GVerbsMplsSpec:label: a bit set here makes the hardware
 * compare that bit (`ibv_flow_mpls_filter.label` of the mask filter).
 *
 * Since: 0.1
 */
DEFINE_SPEC (MplsSpec, mpls_spec, mpls_layout)
/**
 * GVerbsActionTagSpec:
 *
 * An action: mark the matching packets' completions with `tag-id`
 * (`struct ibv_flow_spec_action_tag`).
 *
 * When to use it: to tag the packets a flow matches, so the receiver can
 * tell the rules apart (the tag arrives in an extended completion's flow
 * tag).
 *
 * ```c
 * // given: GVerbsFlowAttr *attr;
 * g_autoptr(GVerbsSpec) tag = g_object_new (GVERBS_TYPE_ACTION_TAG_SPEC, "tag-id", 5u, NULL);
 *
 * gverbs_flow_attr_add_spec (attr, tag);
 * ```
 *
 * Since: 0.1
 */
/**
 * GVerbsActionTagSpec:tag-id:
 *
 * The tag to put in the completions of matching packets
 * (`ibv_flow_spec_action_tag.tag_id`), 32 bits; no mask.
 *
 * Since: 0.1
 */
DEFINE_SPEC (ActionTagSpec, action_tag_spec, action_tag_layout)
/**
 * GVerbsActionDropSpec:
 *
 * An action: drop the matching packets (`struct ibv_flow_spec_action_drop`).
 *
 * When to use it: to drop the packets a flow matches in the NIC.
 *
 * ```c
 * // given: GVerbsFlowAttr *attr;
 * g_autoptr(GVerbsSpec) drop = g_object_new (GVERBS_TYPE_ACTION_DROP_SPEC, NULL);
 *
 * gverbs_flow_attr_add_spec (attr, drop);
 * ```
 *
 * Since: 0.1
 */
DEFINE_SPEC (ActionDropSpec, action_drop_spec, action_drop_layout)
