/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <inttypes.h>

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-dm-mr.h"
#include "gverbs-dm-private.h"
#include "gverbs-pd-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"
#include "gverbs-resource-type-private.h"

/**
 * GVerbsDMMR:
 *
 * A memory region over device memory (`ibv_reg_dm_mr()`, pyverbs' `DMMR`).
 * It keeps its #GVerbsPD and #GVerbsDM alive and is closed with either.
 * Soft-RoCE has neither device memory nor DM MRs: gverbs_dm_mr_new() fails
 * there with %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * When to use it: to make device memory a target or source of work
 * requests: its lkey and rkey go in SGEs and RDMA requests as an MR's do.
 *
 * ```c
 * // given: GVerbsPD *pd; GVerbsDM *dm;
 * g_autoptr(GVerbsDMMR) mr = gverbs_dm_mr_new (pd, 4096,
 *                                              GVERBS_ACCESS_ZERO_BASED | GVERBS_ACCESS_LOCAL_WRITE |
 *                                              GVERBS_ACCESS_REMOTE_READ, dm, 0, &error);
 * guint32 rkey = 0;
 *
 * if (mr != NULL)
 *   g_object_get (mr, "rkey", &rkey, NULL);
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsDMMR
{
  GVerbsResource parent_instance;

  GVerbsPD *pd;
  GVerbsDM *dm;
  guint64 length;
  GVerbsAccessFlags access;
  guint64 offset;
  struct ibv_mr *ibv;
};

G_DEFINE_FINAL_TYPE (GVerbsDMMR, gverbs_dm_mr, GVERBS_TYPE_RESOURCE)

static gboolean
gverbs_dm_mr_open (GVerbsResource  *resource,
                   GCancellable    *cancellable,
                   GError         **error)
{
  GVerbsDMMR *self = GVERBS_DM_MR (resource);
  struct ibv_device_attr_ex attr;
  struct ibv_pd *pd;

  if (!_gverbs_resource_check_input (self->pd,
                                     _("A DM memory region needs a protection domain"), error))
    return FALSE;
  pd = _gverbs_pd_get_ibv (self->pd);
  /* A device without device memory cannot register any (rxe: max_dm_size 0);
   * said first, so that the error names ibv_reg_dm_mr even when the DM itself
   * could not be allocated. */
  if (ibv_query_device_ex (pd->context, NULL, &attr) != 0 || attr.max_dm_size == 0)
    {
      _gverbs_set_error_errno (error, EOPNOTSUPP, "ibv_reg_dm_mr", _gverbs_resource_describe (self->pd),
                               _("the device has no device memory (max_dm_size 0)"));
      return FALSE;
    }
  if (!_gverbs_resource_check_input (self->dm,
                                     _("A DM memory region needs device memory (dm)"), error))
    return FALSE;
  if (self->offset > gverbs_dm_get_length (self->dm) ||
      self->length > gverbs_dm_get_length (self->dm) - self->offset)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   _("%" PRIu64 " bytes at offset %" PRIu64 " do not fit in %s"),
                   self->length, self->offset, _gverbs_resource_describe (self->dm));
      return FALSE;
    }
  errno = 0;
  self->ibv = ibv_reg_dm_mr (pd, _gverbs_dm_get_ibv (self->dm), self->offset, self->length,
                             self->access);
  if (self->ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : EINVAL, "ibv_reg_dm_mr",
                               _gverbs_resource_describe (self->pd), NULL);
      return FALSE;
    }
  _gverbs_resource_set_description (resource, "dm mr 0x%x on %s", self->ibv->lkey,
                                    _gverbs_resource_describe (self->pd));
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->pd));
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->dm));
  return TRUE;
}

static const GVerbsField fields[] = {
  /**
   * GVerbsDMMR:pd:
   *
   * The protection domain of the region.
   */
  GVERBS_PROP_INPUT (GVerbsDMMR, pd, "pd", gverbs_pd_get_type),
  /**
   * GVerbsDMMR:dm:
   *
   * The device memory the region covers.
   */
  GVERBS_PROP_INPUT (GVerbsDMMR, dm, "dm", gverbs_dm_get_type),
  /**
   * GVerbsDMMR:length:
   *
   * The length of the region in bytes.
   */
  GVERBS_PROP_UINT (GVerbsDMMR, length, "length", G_MAXUINT64, 0, GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsDMMR:access:
   *
   * The access flags; DM MRs need %GVERBS_ACCESS_ZERO_BASED.
   */
  GVERBS_PROP_FLAGS (GVerbsDMMR, access, "access", gverbs_access_flags_get_type, 0,
                     GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsDMMR:offset:
   *
   * Where in the device memory the region starts.
   */
  GVERBS_PROP_UINT (GVerbsDMMR, offset, "offset", G_MAXUINT64, 0, GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsDMMR:lkey:
   *
   * The local key, 0 when closed.
   */
  GVERBS_PROP_HANDLE_UINT (GVerbsDMMR, ibv, struct ibv_mr, lkey, "lkey"),
  /**
   * GVerbsDMMR:rkey:
   *
   * The remote key, 0 when closed.
   */
  GVERBS_PROP_HANDLE_UINT (GVerbsDMMR, ibv, struct ibv_mr, rkey, "rkey"),
};

GVERBS_DEFINE_RESOURCE_TYPE (GVerbsDMMR, gverbs_dm_mr, ibv_dereg_mr, ibv, GVERBS_RANK_SRQ, fields)

/**
 * gverbs_dm_mr_new:
 * @pd: an open #GVerbsPD
 * @length: the length of the region in bytes
 * @access: access flags, with %GVERBS_ACCESS_ZERO_BASED
 * @dm: (nullable): the device memory to register
 * @offset: where in @dm the region starts
 * @error: return location for a #GError
 *
 * Registers device memory as a memory region (`ibv_reg_dm_mr()`), in
 * pyverbs' argument order. A device without DM MRs gives
 * %GVERBS_ERROR_NOT_SUPPORTED; a range beyond @dm gives
 * %GVERBS_ERROR_OUT_OF_RANGE.
 *
 * Returns: (transfer full): the region, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsDMMR *
gverbs_dm_mr_new (GVerbsPD           *pd,
                  guint64             length,
                  GVerbsAccessFlags   access,
                  GVerbsDM           *dm,
                  guint64             offset,
                  GError            **error)
{
  g_return_val_if_fail (GVERBS_IS_PD (pd), NULL);
  g_return_val_if_fail (dm == NULL || GVERBS_IS_DM (dm), NULL);
  return g_initable_new (GVERBS_TYPE_DM_MR, NULL, error, "pd", pd, "length", length,
                         "access", access, "dm", dm, "offset", offset, NULL);
}

/**
 * gverbs_dm_mr_get_pd:
 * @self: a #GVerbsDMMR
 *
 * Gets the protection domain.
 *
 * Returns: (transfer none): the protection domain
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsPD *, gverbs_dm_mr_get_pd, GVerbsDMMR, GVERBS_IS_DM_MR, NULL, self->pd)

/**
 * gverbs_dm_mr_get_dm:
 * @self: a #GVerbsDMMR
 *
 * Gets the device memory.
 *
 * Returns: (transfer none) (nullable): the device memory
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsDM *, gverbs_dm_mr_get_dm, GVerbsDMMR, GVERBS_IS_DM_MR, NULL, self->dm)

/**
 * gverbs_dm_mr_get_lkey:
 * @self: a #GVerbsDMMR
 *
 * Gets the local key.
 *
 * Returns: the local key, 0 when closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_dm_mr_get_lkey,
                      GVerbsDMMR, GVERBS_IS_DM_MR, 0, self->ibv ? self->ibv->lkey : 0)

/**
 * gverbs_dm_mr_get_rkey:
 * @self: a #GVerbsDMMR
 *
 * Gets the remote key.
 *
 * Returns: the remote key, 0 when closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_dm_mr_get_rkey,
                      GVerbsDMMR, GVERBS_IS_DM_MR, 0, self->ibv ? self->ibv->rkey : 0)

