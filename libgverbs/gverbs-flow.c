/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <infiniband/verbs.h>

#include "gverbs-flow.h"
#include "gverbs-spec-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-qp-private.h"
#include "gverbs-pd.h"
#include "gverbs-context.h"
#include "gverbs-error.h"
#include "gverbs-private.h"
#include "gverbs-resource-private.h"
#include "gverbs-resource-type-private.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsFlowAttr:
 *
 * The attributes of a flow steering rule (`struct ibv_flow_attr`, pyverbs'
 * `FlowAttr`): its `type` (#GVerbsFlowAttrType), `priority`, `port`,
 * `flags` (#GVerbsFlowFlags), `num-of-specs`, and the list of specs the
 * rule matches on (gverbs_flow_attr_get_specs(), a #GListStore of
 * #GVerbsSpec: pyverbs' `flow_attr.specs.append(spec)` works as it is).
 * `num-of-specs` must equal the number of specs when a #GVerbsFlow is
 * made from the attributes.
 *
 * When to use it: to build the match of a #GVerbsFlow: add one spec per
 * header layer.
 *
 * ```c
 * // given: GVerbsQP *qp;
 * g_autoptr(GVerbsFlowAttr) attr = gverbs_flow_attr_new ();
 * g_autoptr(GVerbsSpec) eth = g_object_new (GVERBS_TYPE_ETH_SPEC,
 *                                           "dst-mac", "02:00:00:00:00:01", NULL);
 *
 * gverbs_flow_attr_add_spec (attr, eth);
 * g_object_set (attr, "port", 1u, NULL);   // add_spec counted num-of-specs
 * g_autoptr(GVerbsFlow) flow = gverbs_flow_new (qp, attr, &error);
 * ```
 *
 * Python: `Verbs.FlowAttr(num_of_specs=1)` then `attr.specs.append(spec)`, as pyverbs.
 *
 * Since: 0.1
 */
struct _GVerbsFlowAttr
{
  GObject parent_instance;

  GVerbsFlowAttrType type;
  guint priority;
  guint num_of_specs;
  guint port;
  GVerbsFlowFlags flags;
  GListStore *specs;
};

static gboolean gverbs_flow_attr_initable_init (GInitable     *initable,
                                                GCancellable  *cancellable,
                                                GError       **error);

G_DEFINE_FINAL_TYPE_WITH_CODE (GVerbsFlowAttr, gverbs_flow_attr, G_TYPE_OBJECT,
                               GVERBS_IMPLEMENT_INITABLE (gverbs_flow_attr_initable_init))

static const GVerbsField attr_fields[] = {
  /**
   * GVerbsFlowAttr:specs:
   *
   * The specs of the rule, in order: a #GListStore of #GVerbsSpec.
   */
  GVERBS_PROP_OBJECT (GVerbsFlowAttr, specs, "specs", g_list_store_get_type, G_PARAM_READABLE),
  /**
   * GVerbsFlowAttr:type:
   *
   * What the rule steers (`IBV_FLOW_ATTR_NORMAL`: the packets its specs
   * match; the others: default and sniffer rules).
   */
  GVERBS_PROP_ENUM (GVerbsFlowAttr, type, "type", gverbs_flow_attr_type_get_type,
                    GVERBS_FLOW_ATTR_NORMAL, G_PARAM_READWRITE),
  /**
   * GVerbsFlowAttr:priority:
   *
   * The rule's priority (16 bits; lower values first).
   */
  GVERBS_PROP_UINT (GVerbsFlowAttr, priority, "priority", G_MAXUINT16, 0, G_PARAM_READWRITE),
  /**
   * GVerbsFlowAttr:num-of-specs:
   *
   * The number of specs the rule has (8 bits).
   */
  GVERBS_PROP_UINT (GVerbsFlowAttr, num_of_specs, "num-of-specs", G_MAXUINT8, 0, G_PARAM_READWRITE),
  /**
   * GVerbsFlowAttr:port:
   *
   * The port the rule applies to (1 by default).
   */
  GVERBS_PROP_UINT (GVerbsFlowAttr, port, "port", G_MAXUINT8, 1, G_PARAM_READWRITE),
  /**
   * GVerbsFlowAttr:flags:
   *
   * The rule's #GVerbsFlowFlags.
   */
  GVERBS_PROP_FLAGS (GVerbsFlowAttr, flags, "flags", gverbs_flow_flags_get_type, 0,
                     G_PARAM_READWRITE),
};

static void
gverbs_flow_attr_dispose (GObject *object)
{
  _gverbs_properties_clear (object, attr_fields, G_N_ELEMENTS (attr_fields));
  G_OBJECT_CLASS (gverbs_flow_attr_parent_class)->dispose (object);
}

static gboolean
gverbs_flow_attr_initable_init (GInitable     *initable,
                                GCancellable  *cancellable,
                                GError       **error)
{
  return TRUE;
}

static void
gverbs_flow_attr_class_init (GVerbsFlowAttrClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gverbs_flow_attr_dispose;
  _gverbs_properties_install (object_class, 1, attr_fields, G_N_ELEMENTS (attr_fields), NULL);
}

static void
gverbs_flow_attr_init (GVerbsFlowAttr *self)
{
  self->port = 1;
  self->specs = g_list_store_new (GVERBS_TYPE_SPEC);
}

/**
 * gverbs_flow_attr_new:
 *
 * Makes flow attributes with pyverbs' defaults: a normal rule on port 1,
 * priority 0, no flags, no specs.
 *
 * Returns: (transfer full): the attributes
 *
 * Since: 0.1
 */
GVerbsFlowAttr *
gverbs_flow_attr_new (void)
{
  return g_object_new (GVERBS_TYPE_FLOW_ATTR, NULL);
}

/**
 * gverbs_flow_attr_get_specs:
 * @self: a #GVerbsFlowAttr
 *
 * The specs of the rule, to append to (pyverbs' `flow_attr.specs`).
 *
 * Returns: (transfer none): a #GListStore of #GVerbsSpec
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GListStore *, gverbs_flow_attr_get_specs,
                      GVerbsFlowAttr, GVERBS_IS_FLOW_ATTR, NULL, self->specs)

/**
 * gverbs_flow_attr_add_spec:
 * @self: a #GVerbsFlowAttr
 * @spec: a spec
 *
 * Appends @spec to the rule's specs and counts it in
 * #GVerbsFlowAttr:num-of-specs.
 *
 * Since: 0.1
 */
void
gverbs_flow_attr_add_spec (GVerbsFlowAttr *self,
                           GVerbsSpec     *spec)
{
  g_return_if_fail (GVERBS_IS_FLOW_ATTR (self));
  g_return_if_fail (GVERBS_IS_SPEC (spec));
  g_list_store_append (self->specs, spec);
  self->num_of_specs = MIN (g_list_model_get_n_items (G_LIST_MODEL (self->specs)), G_MAXUINT8);
  g_object_notify (G_OBJECT (self), "num-of-specs");
}

/**
 * gverbs_flow_attr_pack:
 * @self: a #GVerbsFlowAttr
 * @error: return location for a #GError
 *
 * The rule as `ibv_create_flow()` takes it: a `struct ibv_flow_attr`
 * followed by each spec's `struct ibv_flow_spec_*`. Fails with
 * %GVERBS_ERROR_INVALID_ARGUMENT when #GVerbsFlowAttr:num-of-specs is not
 * the number of specs, or with a spec's error (gverbs_spec_check()).
 *
 * Returns: (transfer full): the packed rule, or %NULL on error
 *
 * Since: 0.1
 */
GBytes *
gverbs_flow_attr_pack (GVerbsFlowAttr  *self,
                       GError         **error)
{
  struct ibv_flow_attr attr;
  guint n, i;
  gsize total;
  g_autofree guint8 *buf = NULL;
  guint8 *p;

  g_return_val_if_fail (GVERBS_IS_FLOW_ATTR (self), NULL);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->specs));
  if (n != self->num_of_specs)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("FlowAttr num_of_specs is %u but it holds %u specs"), self->num_of_specs, n);
      return NULL;
    }
  total = sizeof attr;
  for (i = 0; i < n; i++)
    {
      g_autoptr(GVerbsSpec) spec = g_list_model_get_item (G_LIST_MODEL (self->specs), i);

      total += gverbs_spec_get_size (spec);
    }
  buf = g_malloc0 (total);
  memset (&attr, 0, sizeof attr);
  attr.type = (enum ibv_flow_attr_type) self->type;
  attr.size = total;
  attr.priority = self->priority;
  attr.num_of_specs = n;
  attr.port = self->port;
  attr.flags = self->flags;
  memcpy (buf, &attr, sizeof attr);
  p = buf + sizeof attr;
  for (i = 0; i < n; i++)
    {
      g_autoptr(GVerbsSpec) spec = g_list_model_get_item (G_LIST_MODEL (self->specs), i);

      if (!_gverbs_spec_pack_into (spec, p, error))
        return NULL;
      p += gverbs_spec_get_size (spec);
    }
  return g_bytes_new_take (g_steal_pointer (&buf), total);
}

/**
 * GVerbsFlow:
 *
 * A flow steering rule (`struct ibv_flow`, pyverbs' `Flow`) attached to a
 * QP: the packets its #GVerbsFlowAttr's specs match are delivered to the
 * QP (a raw packet or UD QP of a device with managed flow steering, such
 * as a ConnectX). It keeps its QP alive and is closed with it
 * (`ibv_destroy_flow()`). Soft-RoCE has no flow steering:
 * gverbs_flow_new() fails there with %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * When to use it: with a raw packet or UD queue pair on a NIC with flow
 * steering, to receive only (or also) the packets that match, e.g. one
 * MAC address and UDP port.
 *
 * ```c
 * // given: GVerbsQP *qp; GVerbsFlowAttr *attr;
 * g_autoptr(GVerbsFlow) flow = gverbs_flow_new (qp, attr, &error);
 *
 * if (flow == NULL)
 *   g_printerr ("%s\n", error->message);   // GVERBS_ERROR_NOT_SUPPORTED on rxe
 * // packets that match now reach qp's receive queue; closing flow stops it
 * ```
 *
 * Python: `Verbs.Flow(qp, flow_attr)`, as pyverbs.
 *
 * Since: 0.1
 */
struct _GVerbsFlow
{
  GVerbsResource parent_instance;

  GVerbsQP *qp;
  GVerbsFlowAttr *attr;
  struct ibv_flow *ibv;
};

G_DEFINE_FINAL_TYPE (GVerbsFlow, gverbs_flow, GVERBS_TYPE_RESOURCE)

static gboolean
gverbs_flow_open (GVerbsResource  *resource,
                  GCancellable    *cancellable,
                  GError         **error)
{
  GVerbsFlow *self = GVERBS_FLOW (resource);
  g_autoptr(GBytes) packed = NULL;
  g_autofree struct ibv_flow_attr *attr = NULL;
  struct ibv_qp *qp;
  const char *name;
  gsize size;

  if (!_gverbs_resource_check_inputs (self->qp, self->attr,
                                      _("A flow needs a QP and flow attributes"), error))
    return FALSE;
  packed = gverbs_flow_attr_pack (self->attr, error);
  if (packed == NULL)
    return FALSE;
  attr = g_bytes_unref_to_data (g_steal_pointer (&packed), &size);
  qp = _gverbs_qp_get_ibv (self->qp);
  name = ibv_get_device_name (qp->context->device);
  errno = 0;
  self->ibv = ibv_create_flow (qp, attr);
  if (self->ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : EOPNOTSUPP, "ibv_create_flow", name,
                               _("on %s"), _gverbs_resource_describe (self->qp));
      return FALSE;
    }
  _gverbs_resource_set_description (resource, "flow on %s", _gverbs_resource_describe (self->qp));
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->qp));
  return TRUE;
}

static const GVerbsField flow_properties[] = {
  /**
   * GVerbsFlow:qp:
   *
   * The QP the rule delivers packets to.
   */
  GVERBS_PROP_INPUT (GVerbsFlow, qp, "qp", gverbs_qp_get_type),
  /**
   * GVerbsFlow:attr:
   *
   * The attributes the rule was made from (read when it is made).
   */
  GVERBS_PROP_INPUT (GVerbsFlow, attr, "attr", gverbs_flow_attr_get_type),
};

GVERBS_DEFINE_RESOURCE_TYPE (GVerbsFlow, gverbs_flow, ibv_destroy_flow, ibv, GVERBS_RANK_QP, flow_properties)

/**
 * gverbs_flow_new:
 * @qp: an open #GVerbsQP
 * @attr: the rule
 * @error: return location for a #GError
 *
 * Attaches a steering rule to @qp (`ibv_create_flow()`). A device without
 * flow steering gives %GVERBS_ERROR_NOT_SUPPORTED; a malformed spec or a
 * #GVerbsFlowAttr:num-of-specs that is not the number of specs gives
 * %GVERBS_ERROR_INVALID_ARGUMENT before rdma-core is called.
 *
 * Returns: (transfer full): the flow, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsFlow *
gverbs_flow_new (GVerbsQP        *qp,
                 GVerbsFlowAttr  *attr,
                 GError         **error)
{
  g_return_val_if_fail (GVERBS_IS_QP (qp), NULL);
  g_return_val_if_fail (GVERBS_IS_FLOW_ATTR (attr), NULL);
  return g_initable_new (GVERBS_TYPE_FLOW, NULL, error, "qp", qp, "attr", attr, NULL);
}

/**
 * gverbs_flow_get_qp:
 * @self: a #GVerbsFlow
 *
 * Gets the queue pair that receives the packets the flow rule matches.
 *
 * Returns: (transfer none): the QP the rule delivers to
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsQP *, gverbs_flow_get_qp, GVerbsFlow, GVERBS_IS_FLOW, NULL, self->qp)
