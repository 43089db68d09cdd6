/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "gverbs-ah-attr.h"
#include "gverbs-ah-attr-private.h"
#include "gverbs-global-route-private.h"
#include "gverbs-gid.h"
#include "gverbs-enum-types.h"
#include "gverbs-error.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsAHAttr:
 *
 * The attributes of an address handle (`struct ibv_ah_attr`, pyverbs'
 * `AHAttr`): where packets sent with it go. On InfiniBand the destination
 * LID may be enough; on RoCE the handle must be global (#GVerbsAHAttr:is-global
 * with a #GVerbsGlobalRoute carrying the destination GID).
 *
 * When to use it: to make a #GVerbsAH for unreliable-datagram sends, or as
 * #GVerbsQPAttr:ah-attr, the primary path, when moving a connected queue
 * pair to RTR by hand.
 *
 * ```c
 * // given: GVerbsPD *pd; GVerbsGlobalRoute *grh;
 * g_autoptr(GVerbsAHAttr) attr = gverbs_ah_attr_new ();
 * g_autoptr(GVerbsAH) ah = NULL;
 *
 * g_object_set (attr, "port-num", 1u, "is-global", TRUE, NULL);
 * gverbs_ah_attr_set_grh (attr, grh);
 * ah = gverbs_ah_new (pd, attr, &error);
 * ```
 *
 * Python: `Verbs.AHAttr(gr=grh, is_global=1, port_num=1)`, pyverbs' keywords.
 *
 * Since: 0.1
 */
struct _GVerbsAHAttr
{
  GObject parent_instance;

  guint dlid;
  guint sl;
  guint src_path_bits;
  GVerbsRate static_rate;
  gboolean is_global;
  guint port_num;
  GVerbsGlobalRoute *grh;
};

enum {
  PROP_GRH,
};

static const GVerbsField fields[] = {
  /**
   * GVerbsAHAttr:grh:
   *
   * The global route, used when #GVerbsAHAttr:is-global is set.
   */
  [PROP_GRH] = GVERBS_PROP_OBJECT (GVerbsAHAttr, grh, "grh", gverbs_global_route_get_type,
                                   G_PARAM_READWRITE),
  /**
   * GVerbsAHAttr:dlid:
   *
   * The destination LID (InfiniBand; 0 on RoCE).
   */
  GVERBS_PROP_UINT (GVerbsAHAttr, dlid, "dlid", G_MAXUINT16, 0, G_PARAM_READWRITE),
  /**
   * GVerbsAHAttr:sl:
   *
   * The service level (4 bits: 0 … 15).
   */
  GVERBS_PROP_UINT (GVerbsAHAttr, sl, "sl", 15, 0, G_PARAM_READWRITE),
  /**
   * GVerbsAHAttr:src-path-bits:
   *
   * The bits ORed into the port's base LID when the port uses an LMC
   * (7 bits: 0 … 127).
   */
  GVERBS_PROP_UINT (GVerbsAHAttr, src_path_bits, "src-path-bits", 127, 0, G_PARAM_READWRITE),
  /**
   * GVerbsAHAttr:static-rate:
   *
   * The rate limit of the packets sent with the handle.
   */
  GVERBS_PROP_ENUM (GVerbsAHAttr, static_rate, "static-rate", gverbs_rate_get_type, GVERBS_RATE_MAX,
                    G_PARAM_READWRITE),
  /**
   * GVerbsAHAttr:is-global:
   *
   * Whether the packets carry a global routing header (#GVerbsAHAttr:grh).
   * RoCE needs it.
   */
  GVERBS_PROP_BOOLEAN (GVerbsAHAttr, is_global, "is-global", FALSE, G_PARAM_READWRITE),
  /**
   * GVerbsAHAttr:port-num:
   *
   * The local port the packets leave from, from 1.
   */
  GVERBS_PROP_UINT (GVerbsAHAttr, port_num, "port-num", G_MAXUINT8, 1, G_PARAM_READWRITE),
};

static GParamSpec *properties[G_N_ELEMENTS (fields)];

GVERBS_DEFINE_PROPERTIES_TYPE_WITH_PSPECS (GVerbsAHAttr, gverbs_ah_attr, fields, properties)

static void
gverbs_ah_attr_init (GVerbsAHAttr *self)
{
  self->port_num = 1;
}

/**
 * gverbs_ah_attr_new:
 *
 * Creates address handle attributes with pyverbs' defaults: port 1, not
 * global, everything else 0. Set the fields as properties.
 *
 * Returns: (transfer full): the attributes
 *
 * Since: 0.1
 */
GVerbsAHAttr *
gverbs_ah_attr_new (void)
{
  return g_object_new (GVERBS_TYPE_AH_ATTR, NULL);
}

/**
 * gverbs_ah_attr_get_grh:
 * @self: a #GVerbsAHAttr
 *
 * Gets the global route.
 *
 * Returns: (transfer none) (nullable): the global route
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsGlobalRoute *, gverbs_ah_attr_get_grh,
                      GVerbsAHAttr, GVERBS_IS_AH_ATTR, NULL, self->grh)

/**
 * gverbs_ah_attr_set_grh:
 * @self: a #GVerbsAHAttr
 * @grh: (nullable): the global route
 *
 * Sets the global route; it is used when #GVerbsAHAttr:is-global is set.
 *
 * Since: 0.1
 */
void
gverbs_ah_attr_set_grh (GVerbsAHAttr      *self,
                        GVerbsGlobalRoute *grh)
{
  g_return_if_fail (GVERBS_IS_AH_ATTR (self));
  g_return_if_fail (grh == NULL || GVERBS_IS_GLOBAL_ROUTE (grh));
  if (g_set_object (&self->grh, grh))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GRH]);
}

/**
 * gverbs_ah_attr_get_port_num:
 * @self: a #GVerbsAHAttr
 *
 * Gets the local port number.
 *
 * Returns: the local port number
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_ah_attr_get_port_num,
                      GVerbsAHAttr, GVERBS_IS_AH_ATTR, 0, self->port_num)

/**
 * gverbs_ah_attr_get_is_global:
 * @self: a #GVerbsAHAttr
 *
 * Checks whether the handle carries a global routing header.
 *
 * Returns: whether the handle carries a global routing header
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (gboolean, gverbs_ah_attr_get_is_global,
                      GVerbsAHAttr, GVERBS_IS_AH_ATTR, FALSE, self->is_global)

/**
 * gverbs_ah_attr_to_string:
 * @self: a #GVerbsAHAttr
 *
 * Formats the attributes as pyverbs prints an `AHAttr`: `port num`, `sl`,
 * `source path bits`, `dlid`, `static rate`, `is global` and, for a global
 * handle, the route's `dgid`, `flow label`, `sgid index`, `hop limit` and
 * `traffic_class`, each an indented `label : value` line.
 *
 * Returns: (transfer full): the text
 *
 * Since: 0.1
 */
char *
gverbs_ah_attr_to_string (GVerbsAHAttr *self)
{
  GString *out;

  g_return_val_if_fail (GVERBS_IS_AH_ATTR (self), NULL);

  out = g_string_new (NULL);
  g_string_append_printf (out, "  %-22s: %-20u\n", "port num", self->port_num);
  g_string_append_printf (out, "  %-22s: %-20u\n", "sl", self->sl);
  g_string_append_printf (out, "  %-22s: %-20u\n", "source path bits", self->src_path_bits);
  g_string_append_printf (out, "  %-22s: %-20u\n", "dlid", self->dlid);
  g_string_append_printf (out, "  %-22s: %-20u\n", "static rate", (guint) self->static_rate);
  g_string_append_printf (out, "  %-22s: %-20u\n", "is global", self->is_global ? 1 : 0);
  if (self->is_global && self->grh != NULL)
    {
      g_autofree char *dgid = gverbs_global_route_dup_dgid (self->grh);
      guint flow_label, sgid_index, hop_limit, traffic_class;

      g_object_get (self->grh, "flow-label", &flow_label, "sgid-index", &sgid_index,
                    "hop-limit", &hop_limit, "traffic-class", &traffic_class, NULL);
      g_string_append_printf (out, "  %-22s: %-20s\n", "dgid", dgid);
      g_string_append_printf (out, "  %-22s: %-20u\n", "flow label", flow_label);
      g_string_append_printf (out, "  %-22s: %-20u\n", "sgid index", sgid_index);
      g_string_append_printf (out, "  %-22s: %-20u\n", "hop limit", hop_limit);
      g_string_append_printf (out, "  %-22s: %-20u\n", "traffic_class", traffic_class);
    }
  return g_string_free (out, FALSE);
}

gboolean
_gverbs_ah_attr_fill (GVerbsAHAttr        *self,
                      struct ibv_ah_attr  *attr,
                      GError             **error)
{
  memset (attr, 0, sizeof *attr);
  attr->dlid = self->dlid;
  attr->sl = self->sl;
  attr->src_path_bits = self->src_path_bits;
  attr->static_rate = self->static_rate;
  attr->is_global = self->is_global ? 1 : 0;
  attr->port_num = self->port_num;
  if (!self->is_global)
    return TRUE;
  if (self->grh == NULL)
    {
      g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("The address handle attributes are global (is_global) but have no global route (grh)"));
      return FALSE;
    }
  return _gverbs_global_route_fill (self->grh, &attr->grh, error);
}

/* The inverse of _gverbs_ah_attr_fill(): what rdma-core reported. */
GVerbsAHAttr *
_gverbs_ah_attr_new_from_ibv (const struct ibv_ah_attr *ah)
{
  g_autoptr(GVerbsGlobalRoute) grh = NULL;
  g_autofree char *dgid = gverbs_gid_to_string ((const GVerbsGid *) ah->grh.dgid.raw);
  g_autoptr(GEnumClass) rates = g_type_class_ref (GVERBS_TYPE_RATE);
  int rate = (int) ah->static_rate;

  /* The attribute comes from the device or a peer (a UD connection's
   * event): kept to the widths of the wire (SL 4 bits, path bits 7, flow
   * label 20) and a rate no GVerbsRate names read as "no limit", so no
   * property validation drops a field with a warning. */
  if (g_enum_get_value (rates, rate) == NULL)
    rate = GVERBS_RATE_MAX;
  grh = g_object_new (GVERBS_TYPE_GLOBAL_ROUTE, "dgid", dgid, "flow-label", ah->grh.flow_label & 0xfffff,
                      "sgid-index", (guint) ah->grh.sgid_index, "hop-limit", (guint) ah->grh.hop_limit,
                      "traffic-class", (guint) ah->grh.traffic_class, NULL);
  return g_object_new (GVERBS_TYPE_AH_ATTR, "dlid", (guint) ah->dlid, "sl", (guint) ah->sl & 0xf,
                       "src-path-bits", (guint) ah->src_path_bits & 0x7f,
                       "static-rate", rate, "is-global", ah->is_global != 0,
                       "port-num", (guint) ah->port_num, "grh", grh, NULL);
}

/**
 * gverbs_ah_attr_new_full:
 * @dlid: #GVerbsAHAttr:dlid
 * @sl: #GVerbsAHAttr:sl
 * @src_path_bits: #GVerbsAHAttr:src-path-bits
 * @static_rate: #GVerbsAHAttr:static-rate, a #GVerbsRate value
 * @is_global: #GVerbsAHAttr:is-global
 * @port_num: #GVerbsAHAttr:port-num
 * @gr: (nullable): #GVerbsAHAttr:grh
 * @error: return location for a #GError
 *
 * Makes address-handle attributes with every field in one call, in the
 * order of pyverbs' `AHAttr(dlid, sl, src_path_bits, static_rate, is_global,
 * port_num, gr)` (the Python override's constructor is this call). A value out
 * of its property's range is %GVERBS_ERROR_OUT_OF_RANGE, a @static_rate no
 * #GVerbsRate names %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: (transfer full): a new #GVerbsAHAttr, or %NULL with @error set
 *
 * Since: 0.1
 */
GVerbsAHAttr *
gverbs_ah_attr_new_full (gint64             dlid,
                         gint64             sl,
                         gint64             src_path_bits,
                         gint64             static_rate,
                         gboolean           is_global,
                         gint64             port_num,
                         GVerbsGlobalRoute *gr,
                         GError           **error)
{
  const GVerbsCheckedValue values[] = {
    { "dlid", dlid }, { "sl", sl }, { "src-path-bits", src_path_bits },
    { "static-rate", static_rate }, { "is-global", is_global }, { "port-num", port_num },
  };
  static GParamSpec *pspecs[G_N_ELEMENTS (values)];
  static gint64 initial[G_N_ELEMENTS (values)];
  GVerbsAHAttr *attr;

  g_return_val_if_fail (gr == NULL || GVERBS_IS_GLOBAL_ROUTE (gr), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  attr = (GVerbsAHAttr *) _gverbs_object_new_checked (GVERBS_TYPE_AH_ATTR, pspecs, initial, values,
                                                       G_N_ELEMENTS (values), error);
  if (attr != NULL && gr != NULL)
    gverbs_ah_attr_set_grh (attr, gr);
  return attr;
}
