/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* gverbs_ah_new_from_wc(): an address handle that answers a UD message
 * (ibv_create_ah_from_wc, pyverbs' AH(pd, wc=, grh=, port_num=)). */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <infiniband/verbs.h>

#include "gverbs-ah.h"
#include "gverbs-pd-private.h"
#include "gverbs-global-route.h"
#include "gverbs-error.h"

/**
 * gverbs_ah_new_from_wc:
 * @pd: an open #GVerbsPD
 * @wc: a UD receive completion
 * @grh: (array length=grh_len): the 40 bytes the message's receive buffer
 *   starts with (its global route header)
 * @grh_len: the length of @grh, at least 40
 * @port_num: the port the message arrived on, from 1
 * @error: return location for a #GError
 *
 * Makes an address handle back to the sender of a UD message, as
 * `ibv_create_ah_from_wc()` does (pyverbs' `AH(pd, wc=wc, grh=..., port_num=1)`):
 * the route is the received one reversed. The handle's #GVerbsAHAttr says
 * where it leads.
 *
 * Returns: (transfer full): the address handle, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsAH *
gverbs_ah_new_from_wc (GVerbsPD       *pd,
                       const GVerbsWC *wc,
                       const guint8   *grh,
                       gsize           grh_len,
                       guint           port_num,
                       GError        **error)
{
  struct ibv_wc w = { 0 };
  struct ibv_grh g;
  struct ibv_ah_attr a = { 0 };
  g_autoptr(GVerbsAHAttr) attr = NULL;

  g_return_val_if_fail (GVERBS_IS_PD (pd), NULL);
  g_return_val_if_fail (wc != NULL, NULL);
  g_return_val_if_fail (grh != NULL || grh_len == 0, NULL);

  if (!_gverbs_resource_check_open (pd, error))
    return NULL;
  if (grh_len < sizeof g)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   _("ibv_create_ah_from_wc on %s: the GRH is %zu bytes, it has %zu"),
                   _gverbs_resource_describe (pd), grh_len, sizeof g);
      return NULL;
    }
  if (port_num < 1 || port_num > G_MAXUINT8)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   _("ibv_create_ah_from_wc on %s: port %u does not exist (ports are numbered from 1)"),
                   _gverbs_resource_describe (pd), port_num);
      return NULL;
    }
  memcpy (&g, grh, sizeof g);
  w.wr_id = wc->wr_id;
  w.status = (enum ibv_wc_status) wc->status;
  w.opcode = (enum ibv_wc_opcode) wc->opcode;
  w.vendor_err = wc->vendor_err;
  w.byte_len = wc->byte_len;
  w.imm_data = wc->imm_data;
  w.qp_num = wc->qp_num;
  w.src_qp = wc->src_qp;
  w.wc_flags = wc->wc_flags;
  w.pkey_index = wc->pkey_index;
  w.slid = wc->slid;
  w.sl = wc->sl;
  w.dlid_path_bits = wc->dlid_path_bits;
  errno = 0;
  if (ibv_init_ah_from_wc (_gverbs_pd_get_ibv (pd)->context, (guint8) port_num, &w, &g, &a) != 0)
    {
      _gverbs_set_error_errno (error, errno ? errno : EINVAL, "ibv_create_ah_from_wc",
                               _gverbs_resource_describe (pd),
                               "port %u, wc_flags 0x%x (is it a UD receive completion with "
                               "IBV_WC_GRH, and its GRH?)", port_num, (guint) wc->wc_flags);
      return NULL;
    }

  attr = gverbs_ah_attr_new ();
  g_object_set (attr, "dlid", (guint) a.dlid, "sl", (guint) a.sl, "src-path-bits", (guint) a.src_path_bits,
                "is-global", a.is_global != 0, "port-num", (guint) a.port_num, NULL);
  if (a.is_global)
    {
      g_autoptr(GVerbsGlobalRoute) gr = gverbs_global_route_new ();
      g_autoptr(GBytes) dgid = g_bytes_new (a.grh.dgid.raw, sizeof a.grh.dgid.raw);

      if (!gverbs_global_route_set_dgid_bytes (gr, dgid, error))
        return NULL;
      g_object_set (gr, "flow-label", a.grh.flow_label, "sgid-index", (guint) a.grh.sgid_index,
                    "hop-limit", (guint) a.grh.hop_limit, "traffic-class", (guint) a.grh.traffic_class,
                    NULL);
      gverbs_ah_attr_set_grh (attr, gr);
    }
  return gverbs_ah_new (pd, attr, error);
}
