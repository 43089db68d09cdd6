/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "gverbs-global-route.h"
#include "gverbs-global-route-private.h"
#include "gverbs-gid.h"
#include "gverbs-error.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsGlobalRoute:
 *
 * The global routing header values of an address handle
 * (`struct ibv_global_route`, pyverbs' `GlobalRoute`): the destination GID,
 * the index of the source GID in the port's GID table, flow label, hop
 * limit and traffic class. RoCE needs one in every address handle.
 *
 * The destination GID is text in the 8-group form
 * `fe80:0000:0000:0000:5054:00ff:fe77:0001` (compressed IPv6 forms such as
 * `::ffff:10.77.0.1` are accepted too) or 16 raw bytes.
 *
 * When to use it: on RoCE, always (every address handle is global); on
 * InfiniBand, to reach another subnet.
 *
 * ```c
 * // given: GVerbsAHAttr *attr;
 * g_autoptr(GVerbsGlobalRoute) grh = gverbs_global_route_new ();
 *
 * if (!gverbs_global_route_set_dgid (grh, "fe80::5054:ff:fe77:1", &error))
 *   return;
 * g_object_set (grh, "sgid-index", 1u, "hop-limit", 64u, NULL);
 * gverbs_ah_attr_set_grh (attr, grh);
 * ```
 *
 * Python: `Verbs.GlobalRoute(dgid=gid, sgid_index=1)`, pyverbs' keywords.
 *
 * Since: 0.1
 */
struct _GVerbsGlobalRoute
{
  GObject parent_instance;

  GVerbsGid dgid;
  char *bad_dgid;       /* text set through the property that is not a GID */
  guint flow_label;
  guint sgid_index;
  guint hop_limit;
  guint traffic_class;
};

enum {
  PROP_DGID,
};

static const GVerbsField fields[] = {
  /**
   * GVerbsGlobalRoute:dgid:
   *
   * The destination GID as `xxxx:xxxx:xxxx:xxxx:xxxx:xxxx:xxxx:xxxx`.
   * Text that is not a GID is kept as it is and makes gverbs_ah_new() fail
   * with %GVERBS_ERROR_INVALID_ARGUMENT; gverbs_global_route_set_dgid()
   * refuses it at once instead.
   */
  [PROP_DGID] = GVERBS_PROP_GID_TEXT (GVerbsGlobalRoute, dgid, bad_dgid, "dgid", G_PARAM_READWRITE),
  /**
   * GVerbsGlobalRoute:flow-label:
   *
   * The 20-bit flow label; non-zero asks routers to keep this flow in order.
   */
  GVERBS_PROP_UINT (GVerbsGlobalRoute, flow_label, "flow-label", 0xfffff, 0, G_PARAM_READWRITE),
  /**
   * GVerbsGlobalRoute:sgid-index:
   *
   * The index of the source GID in the port's GID table.
   */
  GVERBS_PROP_UINT (GVerbsGlobalRoute, sgid_index, "sgid-index", G_MAXUINT8, 0, G_PARAM_READWRITE),
  /**
   * GVerbsGlobalRoute:hop-limit:
   *
   * How many routers the packets may cross.
   */
  GVERBS_PROP_UINT (GVerbsGlobalRoute, hop_limit, "hop-limit", G_MAXUINT8, 1, G_PARAM_READWRITE),
  /**
   * GVerbsGlobalRoute:traffic-class:
   *
   * The traffic class (delivery priority for routers).
   */
  GVERBS_PROP_UINT (GVerbsGlobalRoute, traffic_class, "traffic-class", G_MAXUINT8, 0,
                    G_PARAM_READWRITE),
};

static GParamSpec *properties[G_N_ELEMENTS (fields)];

GVERBS_DEFINE_PROPERTIES_TYPE_WITH_PSPECS (GVerbsGlobalRoute, gverbs_global_route, fields, properties)

static void
gverbs_global_route_init (GVerbsGlobalRoute *self)
{
  self->hop_limit = 1;
}

/**
 * gverbs_global_route_new:
 *
 * Creates a global route with a zero destination GID, source GID index 0,
 * hop limit 1 and the other fields 0 (pyverbs' defaults).
 *
 * Returns: (transfer full): the global route
 *
 * Since: 0.1
 */
GVerbsGlobalRoute *
gverbs_global_route_new (void)
{
  return g_object_new (GVERBS_TYPE_GLOBAL_ROUTE, NULL);
}

/**
 * gverbs_global_route_set_dgid:
 * @self: a #GVerbsGlobalRoute
 * @dgid: the destination GID, `xxxx:xxxx:xxxx:xxxx:xxxx:xxxx:xxxx:xxxx`
 * @error: return location for a #GError
 *
 * Sets the destination GID from text. Text that is not a GID gives
 * %GVERBS_ERROR_INVALID_ARGUMENT and leaves the route unchanged.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_global_route_set_dgid (GVerbsGlobalRoute  *self,
                              const char         *dgid,
                              GError            **error)
{
  GVerbsGid gid;

  g_return_val_if_fail (GVERBS_IS_GLOBAL_ROUTE (self), FALSE);

  if (dgid == NULL || !gverbs_gid_parse (&gid, dgid, NULL))
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not a GID (expected xxxx:xxxx:xxxx:xxxx:xxxx:xxxx:xxxx:xxxx)"),
                   dgid ? dgid : "(null)");
      return FALSE;
    }
  self->dgid = gid;
  g_clear_pointer (&self->bad_dgid, g_free);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DGID]);
  return TRUE;
}

/**
 * gverbs_global_route_dup_dgid:
 * @self: a #GVerbsGlobalRoute
 *
 * Gets the destination GID, formatted as an IPv6 address.
 *
 * Returns: (transfer full): the destination GID as text
 *
 * Since: 0.1
 */
char *
gverbs_global_route_dup_dgid (GVerbsGlobalRoute *self)
{
  g_return_val_if_fail (GVERBS_IS_GLOBAL_ROUTE (self), NULL);
  return self->bad_dgid ? g_strdup (self->bad_dgid) : gverbs_gid_to_string (&self->dgid);
}

/**
 * gverbs_global_route_set_dgid_bytes:
 * @self: a #GVerbsGlobalRoute
 * @raw: the destination GID, 16 bytes in network order
 * @error: return location for a #GError
 *
 * Sets the destination GID from its 16 raw bytes; any other size gives
 * %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_global_route_set_dgid_bytes (GVerbsGlobalRoute  *self,
                                    GBytes             *raw,
                                    GError            **error)
{
  g_return_val_if_fail (GVERBS_IS_GLOBAL_ROUTE (self), FALSE);
  g_return_val_if_fail (raw != NULL, FALSE);

  if (g_bytes_get_size (raw) != 16)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("A GID is 16 bytes, not %zu"), g_bytes_get_size (raw));
      return FALSE;
    }
  memcpy (self->dgid.raw, g_bytes_get_data (raw, NULL), 16);
  g_clear_pointer (&self->bad_dgid, g_free);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DGID]);
  return TRUE;
}

/**
 * gverbs_global_route_dup_dgid_bytes:
 * @self: a #GVerbsGlobalRoute
 *
 * Gets the destination GID as 16 raw bytes, in network order.
 *
 * Returns: (transfer full): the destination GID, 16 bytes in network order
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GBytes *, gverbs_global_route_dup_dgid_bytes,
                      GVerbsGlobalRoute, GVERBS_IS_GLOBAL_ROUTE, NULL,
                      g_bytes_new (self->dgid.raw, 16))

/**
 * gverbs_global_route_to_string:
 * @self: a #GVerbsGlobalRoute
 *
 * Formats the route as pyverbs prints a `GlobalRoute`: `DGID`, `flow label`,
 * `sgid index`, `hop limit`, `traffic class`, one `label : value` line each.
 *
 * Returns: (transfer full): the text
 *
 * Since: 0.1
 */
char *
gverbs_global_route_to_string (GVerbsGlobalRoute *self)
{
  g_autofree char *dgid = NULL;
  GString *out;

  g_return_val_if_fail (GVERBS_IS_GLOBAL_ROUTE (self), NULL);

  dgid = gverbs_global_route_dup_dgid (self);
  out = g_string_new (NULL);
  g_string_append_printf (out, "%-22s: %-20s\n", "DGID", dgid);
  g_string_append_printf (out, "%-22s: %-20u\n", "flow label", self->flow_label);
  g_string_append_printf (out, "%-22s: %-20u\n", "sgid index", self->sgid_index);
  g_string_append_printf (out, "%-22s: %-20u\n", "hop limit", self->hop_limit);
  g_string_append_printf (out, "%-22s: %-20u\n", "traffic class", self->traffic_class);
  return g_string_free (out, FALSE);
}

gboolean
_gverbs_global_route_fill (GVerbsGlobalRoute        *self,
                           struct ibv_global_route  *grh,
                           GError                  **error)
{
  if (self->bad_dgid != NULL)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("The global route's dgid “%s” is not a GID (expected xxxx:xxxx:xxxx:xxxx:xxxx:xxxx:xxxx:xxxx)"),
                   self->bad_dgid);
      return FALSE;
    }
  memset (grh, 0, sizeof *grh);
  memcpy (grh->dgid.raw, self->dgid.raw, 16);
  grh->flow_label = self->flow_label;
  grh->sgid_index = self->sgid_index;
  grh->hop_limit = self->hop_limit;
  grh->traffic_class = self->traffic_class;
  return TRUE;
}

/**
 * gverbs_global_route_new_full:
 * @dgid: (nullable): the destination GID, or %NULL for zeroes
 * @flow_label: #GVerbsGlobalRoute:flow-label
 * @sgid_index: #GVerbsGlobalRoute:sgid-index
 * @hop_limit: #GVerbsGlobalRoute:hop-limit
 * @traffic_class: #GVerbsGlobalRoute:traffic-class
 * @error: return location for a #GError
 *
 * Makes a global route with every field in one call (the Python override's
 * `GlobalRoute(dgid=gid, sgid_index=i)` uses it). A value out of its
 * property's range is %GVERBS_ERROR_OUT_OF_RANGE naming the field.
 *
 * Returns: (transfer full): a new #GVerbsGlobalRoute, or %NULL with @error set
 *
 * Since: 0.1
 */
GVerbsGlobalRoute *
gverbs_global_route_new_full (const GVerbsGid *dgid,
                              gint64           flow_label,
                              gint64           sgid_index,
                              gint64           hop_limit,
                              gint64           traffic_class,
                              GError         **error)
{
  const GVerbsCheckedValue values[] = {
    { "flow-label", flow_label }, { "sgid-index", sgid_index },
    { "hop-limit", hop_limit }, { "traffic-class", traffic_class },
  };
  static GParamSpec *pspecs[G_N_ELEMENTS (values)];
  static gint64 initial[G_N_ELEMENTS (values)];
  g_autoptr(GVerbsGlobalRoute) route = NULL;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  route = (GVerbsGlobalRoute *) _gverbs_object_new_checked (GVERBS_TYPE_GLOBAL_ROUTE, pspecs, initial, values,
                                                             G_N_ELEMENTS (values), error);
  if (route != NULL && dgid != NULL)
    {
      g_autoptr(GBytes) raw = g_bytes_new_static (dgid->raw, sizeof dgid->raw);

      if (!gverbs_global_route_set_dgid_bytes (route, raw, error))
        return NULL;
    }
  return g_steal_pointer (&route);
}
