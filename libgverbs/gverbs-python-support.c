/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Constructors that take every field at once, for bindings: one call into C
 * where a binding would otherwise construct the object and set each property
 * through its own call (PyGObject: several thousand instructions each). The
 * values are checked as the Python override checks a property: an integer out
 * of the property's range or an enum number no member names is an error, not
 * GObject's warning. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "gverbs-python-support.h"
#include "gverbs-error.h"

typedef struct
{
  const char *name;
  gint64      value;
} Field;

static char *
field_label (const char *name)
{
  char *label = g_strdup (name);

  g_strdelimit (label, "-", '_');
  return label;
}

static gint64
value_as_int (const GValue *value)
{
  if (G_VALUE_HOLDS_UINT (value))
    return g_value_get_uint (value);
  if (G_VALUE_HOLDS_ENUM (value))
    return g_value_get_enum (value);
  return g_value_get_boolean (value);
}

/* @pspecs caches the properties of @fields and @initial the values a new
 * object has (its init may set other values than the pspec defaults), both
 * found on the first call; a value equal to the object's own is not passed */
static GObject *
new_checked (GType        type,
             GParamSpec **pspecs,
             gint64      *initial,
             const Field *fields,
             guint        n_fields,
             GError     **error)
{
  const char *names[8];
  GValue values[8] = { G_VALUE_INIT };
  GObject *object = NULL;
  guint i, n = 0;

  g_assert (n_fields <= G_N_ELEMENTS (names));
  if (g_once_init_enter (&pspecs[0]))
    {
      GObjectClass *klass = g_type_class_ref (type);   /* kept: the pspecs are cached */
      g_autoptr(GObject) fresh = g_object_new (type, NULL);

      for (i = 0; i < n_fields; i++)
        {
          g_auto(GValue) value = G_VALUE_INIT;

          g_object_get_property (fresh, fields[i].name, &value);
          initial[i] = value_as_int (&value);
        }
      for (i = 1; i < n_fields; i++)
        pspecs[i] = g_object_class_find_property (klass, fields[i].name);
      g_once_init_leave (&pspecs[0], g_object_class_find_property (klass, fields[0].name));
    }
  for (i = 0; i < n_fields; i++)
    {
      GParamSpec *pspec = pspecs[i];
      gint64 value = fields[i].value;
      GValue *out = &values[n];

      g_assert (pspec != NULL);
      if (G_IS_PARAM_SPEC_UINT (pspec))
        {
          GParamSpecUInt *range = G_PARAM_SPEC_UINT (pspec);

          if (value < range->minimum || value > range->maximum)
            {
              g_autofree char *label = field_label (fields[i].name);

              g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                           _("%s %" G_GINT64_FORMAT " is out of range [%u, %u]"),
                           label, value, range->minimum, range->maximum);
              goto out;
            }
          if (value == initial[i])
            continue;
          g_value_init (out, G_TYPE_UINT);
          g_value_set_uint (out, (guint) value);
        }
      else if (G_IS_PARAM_SPEC_ENUM (pspec))
        {
          GParamSpecEnum *enum_spec = G_PARAM_SPEC_ENUM (pspec);

          if (value < G_MININT || value > G_MAXINT ||
              g_enum_get_value (enum_spec->enum_class, (int) value) == NULL)
            {
              g_autofree char *label = field_label (fields[i].name);
              const char *type_name = g_type_name (G_PARAM_SPEC_VALUE_TYPE (pspec));

              if (g_str_has_prefix (type_name, "GVerbs"))
                type_name += strlen ("GVerbs");
              g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("%s %" G_GINT64_FORMAT " is not a %s value"),
                           label, value, type_name);
              goto out;
            }
          if (value == initial[i])
            continue;
          g_value_init (out, G_PARAM_SPEC_VALUE_TYPE (pspec));
          g_value_set_enum (out, (int) value);
        }
      else
        {
          g_assert (G_IS_PARAM_SPEC_BOOLEAN (pspec));
          if ((value != 0) == (initial[i] != 0))
            continue;
          g_value_init (out, G_TYPE_BOOLEAN);
          g_value_set_boolean (out, value != 0);
        }
      names[n++] = fields[i].name;
    }
  object = g_object_new_with_properties (type, n, names, values);

out:
  for (i = 0; i < n; i++)
    g_value_unset (&values[i]);
  return object;
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
  const Field fields[] = {
    { "flow-label", flow_label }, { "sgid-index", sgid_index },
    { "hop-limit", hop_limit }, { "traffic-class", traffic_class },
  };
  static GParamSpec *pspecs[G_N_ELEMENTS (fields)];
  static gint64 initial[G_N_ELEMENTS (fields)];
  g_autoptr(GVerbsGlobalRoute) route = NULL;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  route = (GVerbsGlobalRoute *) new_checked (GVERBS_TYPE_GLOBAL_ROUTE, pspecs, initial, fields,
                                             G_N_ELEMENTS (fields), error);
  if (route != NULL && dgid != NULL)
    {
      g_autoptr(GBytes) raw = g_bytes_new_static (dgid->raw, sizeof dgid->raw);

      if (!gverbs_global_route_set_dgid_bytes (route, raw, error))
        return NULL;
    }
  return g_steal_pointer (&route);
}

/**
 * gverbs_ah_attr_new_full:
 * @grh: (nullable): #GVerbsAHAttr:grh
 * @dlid: #GVerbsAHAttr:dlid
 * @sl: #GVerbsAHAttr:sl
 * @src_path_bits: #GVerbsAHAttr:src-path-bits
 * @static_rate: #GVerbsAHAttr:static-rate, a #GVerbsRate value
 * @is_global: #GVerbsAHAttr:is-global
 * @port_num: #GVerbsAHAttr:port-num
 * @error: return location for a #GError
 *
 * Makes address-handle attributes with every field in one call (the Python
 * override's `AHAttr(gr=..., is_global=1, port_num=1)` uses it). A value out
 * of its property's range is %GVERBS_ERROR_OUT_OF_RANGE, a @static_rate no
 * #GVerbsRate names %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: (transfer full): a new #GVerbsAHAttr, or %NULL with @error set
 *
 * Since: 0.1
 */
GVerbsAHAttr *
gverbs_ah_attr_new_full (GVerbsGlobalRoute *grh,
                         gint64             dlid,
                         gint64             sl,
                         gint64             src_path_bits,
                         gint64             static_rate,
                         gboolean           is_global,
                         gint64             port_num,
                         GError           **error)
{
  const Field fields[] = {
    { "dlid", dlid }, { "sl", sl }, { "src-path-bits", src_path_bits },
    { "static-rate", static_rate }, { "is-global", is_global }, { "port-num", port_num },
  };
  static GParamSpec *pspecs[G_N_ELEMENTS (fields)];
  static gint64 initial[G_N_ELEMENTS (fields)];
  GVerbsAHAttr *attr;

  g_return_val_if_fail (grh == NULL || GVERBS_IS_GLOBAL_ROUTE (grh), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  attr = (GVerbsAHAttr *) new_checked (GVERBS_TYPE_AH_ATTR, pspecs, initial, fields,
                                       G_N_ELEMENTS (fields), error);
  if (attr != NULL && grh != NULL)
    gverbs_ah_attr_set_grh (attr, grh);
  return attr;
}

/**
 * gverbs_qp_attr_new_full:
 * @qp_state: #GVerbsQPAttr:qp-state, a #GVerbsQPState value
 * @cur_qp_state: #GVerbsQPAttr:cur-qp-state, a #GVerbsQPState value
 * @port_num: #GVerbsQPAttr:port-num
 * @path_mtu: #GVerbsQPAttr:path-mtu, a #GVerbsMTU value
 * @error: return location for a #GError
 *
 * Makes queue pair attributes with the fields pyverbs' `QPAttr()` takes
 * positionally, in one call (the Python override's `QPAttr()` uses it with
 * pyverbs' defaults: INIT, RESET, port 1, 1024-byte MTU). A value out of
 * its property's range is %GVERBS_ERROR_OUT_OF_RANGE, a state or MTU no
 * member names %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: (transfer full): a new #GVerbsQPAttr, or %NULL with @error set
 *
 * Since: 0.1
 */
GVerbsQPAttr *
gverbs_qp_attr_new_full (gint64   qp_state,
                         gint64   cur_qp_state,
                         gint64   port_num,
                         gint64   path_mtu,
                         GError **error)
{
  const Field fields[] = {
    { "qp-state", qp_state }, { "cur-qp-state", cur_qp_state },
    { "port-num", port_num }, { "path-mtu", path_mtu },
  };
  static GParamSpec *pspecs[G_N_ELEMENTS (fields)];
  static gint64 initial[G_N_ELEMENTS (fields)];

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return (GVerbsQPAttr *) new_checked (GVERBS_TYPE_QP_ATTR, pspecs, initial, fields,
                                       G_N_ELEMENTS (fields), error);
}
