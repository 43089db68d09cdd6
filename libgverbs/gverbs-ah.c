/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "gverbs-ah.h"
#include "gverbs-ah-private.h"
#include "gverbs-ah-attr-private.h"
#include "gverbs-pd-private.h"
#include "gverbs-context-private.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"
#include "gverbs-resource-type-private.h"

/**
 * GVerbsAH:
 *
 * An address handle (`struct ibv_ah`): the destination of unreliable
 * datagram sends, created from #GVerbsAHAttr in a #GVerbsPD. It keeps its
 * PD alive and is closed with it. On RoCE it must be global
 * (#GVerbsAHAttr:is-global with a #GVerbsGlobalRoute).
 *
 * When to use it: to address a UD send (#GVerbsSendWR:ah, with the peer's QP
 * number and Q_Key); connected queue pairs carry their peer's address in
 * #GVerbsQPAttr:ah-attr instead. To reply to a datagram, make one from its
 * completion with gverbs_ah_new_from_wc().
 *
 * ```c
 * // given: GVerbsPD *pd;
 * g_autoptr(GVerbsGlobalRoute) gr = gverbs_global_route_new ();
 * g_autoptr(GVerbsAHAttr) attr = gverbs_ah_attr_new ();
 * g_autoptr(GVerbsAH) ah = NULL;
 *
 * g_object_set (gr, "dgid", "fe80::1", "sgid-index", 1u, NULL);
 * g_object_set (attr, "is-global", TRUE, "port-num", 1u, "grh", gr, NULL);
 * ah = gverbs_ah_new (pd, attr, &error);
 * ```
 *
 * Python: `Verbs.AH(pd, attr=ah_attr)` as in pyverbs, or `pd.ah(path)`.
 *
 * Since: 0.1
 */
struct _GVerbsAH
{
  GVerbsResource parent_instance;

  GVerbsPD *pd;
  GVerbsAHAttr *attr;
  struct ibv_ah *ibv;
};

G_DEFINE_FINAL_TYPE (GVerbsAH, gverbs_ah, GVERBS_TYPE_RESOURCE)

/* Why ibv_create_ah() refused @a (with @err), as far as the port's and
 * the device's attributes tell. */
static char *
explain_failure (struct ibv_context       *ctx,
                 const struct ibv_ah_attr *a,
                 int                       err)
{
  struct ibv_port_attr port;
  struct ibv_device_attr dev;
  union ibv_gid gid;
  static const guint8 zero[16];

  if (a->port_num == 0 || ibv_query_port (ctx, a->port_num, &port) != 0)
    return g_strdup_printf (_("port %u does not exist (ports are numbered from 1)"), a->port_num);
  if (port.link_layer == IBV_LINK_LAYER_ETHERNET && !a->is_global)
    return g_strdup (_("RoCE needs a global route (is_global with a GID)"));
  if (a->is_global && a->grh.sgid_index >= port.gid_tbl_len)
    return g_strdup_printf (_("sgid_index %u is outside port %u's GID table (%d entries)"),
                            a->grh.sgid_index, a->port_num, port.gid_tbl_len);
  if (a->is_global && (ibv_query_gid (ctx, a->port_num, a->grh.sgid_index, &gid) != 0 ||
                       memcmp (gid.raw, zero, 16) == 0))
    return g_strdup_printf (_("sgid_index %u is an empty entry of port %u's GID table"),
                            a->grh.sgid_index, a->port_num);
  /* the attributes are fine: what is left is the device's count of AHs */
  if ((err == EINVAL || err == ENOMEM || err == ENOSPC) && ibv_query_device (ctx, &dev) == 0)
    return g_strdup_printf (_("the attributes are valid; the device's limit is max_ah %d address "
                              "handles (for all processes: see `rdma resource show`)"), dev.max_ah);
  return NULL;
}

static gboolean
gverbs_ah_open (GVerbsResource  *resource,
                GCancellable    *cancellable,
                GError         **error)
{
  GVerbsAH *self = GVERBS_AH (resource);
  struct ibv_ah_attr a;
  struct ibv_pd *pd;
  int err;

  if (!_gverbs_resource_check_inputs (self->pd, self->attr,
                                      _("An address handle needs a protection domain and attributes"),
                                      error) ||
      !_gverbs_ah_attr_fill (self->attr, &a, error))
    return FALSE;

  pd = _gverbs_pd_get_ibv (self->pd);
  errno = 0;
  self->ibv = ibv_create_ah (pd, &a);
  if (self->ibv == NULL)
    {
      g_autofree char *why = NULL;

      err = errno ? errno : EINVAL;
      why = explain_failure (pd->context, &a, err);
      _gverbs_set_error_errno (error, err, "ibv_create_ah", _gverbs_resource_describe (self->pd),
                               why ? "%s" : NULL, why);
      return FALSE;
    }
  _gverbs_resource_set_description (resource, "ah %u on %s", self->ibv->handle,
                                    _gverbs_resource_describe (self->pd));
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->pd));
  return TRUE;
}

static const GVerbsField fields[] = {
  /**
   * GVerbsAH:pd:
   *
   * The protection domain the address handle belongs to.
   */
  GVERBS_PROP_INPUT (GVerbsAH, pd, "pd", gverbs_pd_get_type),
  /**
   * GVerbsAH:attr:
   *
   * The attributes the address handle was created from.
   */
  GVERBS_PROP_INPUT (GVerbsAH, attr, "attr", gverbs_ah_attr_get_type),
};

GVERBS_DEFINE_RESOURCE_TYPE (GVerbsAH, gverbs_ah, ibv_destroy_ah, ibv, GVERBS_RANK_QP, fields)

/**
 * gverbs_ah_new:
 * @pd: an open #GVerbsPD
 * @attr: the address handle attributes
 * @error: return location for a #GError
 *
 * Creates an address handle (`ibv_create_ah()`). When rdma-core refuses,
 * the error says why if the port tells: a port that does not exist, a
 * non-global handle on RoCE, an @sgid_index outside the GID table or on an
 * empty entry.
 *
 * Returns: (transfer full): the address handle, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsAH *
gverbs_ah_new (GVerbsPD      *pd,
               GVerbsAHAttr  *attr,
               GError       **error)
{
  g_return_val_if_fail (GVERBS_IS_PD (pd), NULL);
  g_return_val_if_fail (GVERBS_IS_AH_ATTR (attr), NULL);
  return g_initable_new (GVERBS_TYPE_AH, NULL, error, "pd", pd, "attr", attr, NULL);
}

/**
 * gverbs_pd_create_ah:
 * @self: an open #GVerbsPD
 * @attr: the address handle attributes
 * @error: return location for a #GError
 *
 * Creates an address handle in this protection domain; the same as
 * gverbs_ah_new().
 *
 * Returns: (transfer full): the address handle, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsAH *
gverbs_pd_create_ah (GVerbsPD      *self,
                     GVerbsAHAttr  *attr,
                     GError       **error)
{
  return gverbs_ah_new (self, attr, error);
}

/**
 * gverbs_ah_get_pd:
 * @self: a #GVerbsAH
 *
 * Gets the protection domain.
 *
 * Returns: (transfer none): the protection domain
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsPD *, gverbs_ah_get_pd, GVerbsAH, GVERBS_IS_AH, NULL, self->pd)

/**
 * gverbs_ah_get_attr:
 * @self: a #GVerbsAH
 *
 * Gets the attributes the handle was created from.
 *
 * Returns: (transfer none): the attributes the handle was created from
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsAHAttr *, gverbs_ah_get_attr, GVerbsAH, GVERBS_IS_AH, NULL, self->attr)

struct ibv_ah *
_gverbs_ah_get_ibv (GVerbsAH *self)
{
  return self->ibv;
}

