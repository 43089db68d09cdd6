/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <inttypes.h>

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "gverbs-srq-tm.h"
#include "gverbs-srq-private.h"
#include "gverbs-context-private.h"
#include "gverbs-fields-private.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"

/* Tag matching on a shared receive queue (a ConnectX offload): an SRQ of
 * type GVERBS_SRQT_TM, created by gverbs_srq_new_ex() with
 * GVerbsSrqInitAttrEx:tm-max-num-tags and :tm-max-ops, takes tag
 * operations (ibv_post_srq_ops()); completions of tagged messages carry
 * the tag (ibv_wc_read_tm_info(), gverbs_cq_ex_read_tm_info()). */

/**
 * gverbs_ops_wr_new:
 * @wr_id: the id of the operation's completion
 * @opcode: the operation
 * @flags: its flags (%GVERBS_OPS_SIGNALED for a completion)
 *
 * A heap-allocated tag operation for bindings; C code may keep a
 * #GVerbsOpsWR on the stack instead.
 *
 * Returns: (transfer full): a new #GVerbsOpsWR, everything else zero
 *
 * Since: 0.1
 */
GVerbsOpsWR *
gverbs_ops_wr_new (guint64           wr_id,
                   GVerbsOpsWROpcode opcode,
                   GVerbsOpsFlags    flags)
{
  GVerbsOpsWR *wr = g_new0 (GVerbsOpsWR, 1);

  wr->wr_id = wr_id;
  wr->opcode = opcode;
  wr->flags = flags;
  return wr;
}

/**
 * gverbs_ops_wr_copy:
 * @wr: a #GVerbsOpsWR
 *
 * Copies @wr, buffers included.
 *
 * Returns: (transfer full): the copy
 *
 * Since: 0.1
 */
/**
 * gverbs_ops_wr_free:
 * @wr: a #GVerbsOpsWR
 *
 * Frees a #GVerbsOpsWR made by gverbs_ops_wr_new() or gverbs_ops_wr_copy().
 *
 * Since: 0.1
 */
GVERBS_DEFINE_PLAIN_BOXED_TYPE (GVerbsOpsWR, gverbs_ops_wr)

/**
 * gverbs_ops_wr_set_sge:
 * @wr: a #GVerbsOpsWR
 * @index: which buffer, below %GVERBS_MAX_SGE
 * @sge: the buffer
 * @error: return location for a #GError
 *
 * Sets one buffer of a %GVERBS_WR_TAG_ADD operation; #GVerbsOpsWR.num_sge
 * grows to cover @index.
 *
 * Returns: %TRUE, or %FALSE with %GVERBS_ERROR_OUT_OF_RANGE when @index is
 *   not below %GVERBS_MAX_SGE
 *
 * Since: 0.1
 */
gboolean
gverbs_ops_wr_set_sge (GVerbsOpsWR      *wr,
                       guint             index,
                       const GVerbsSGE  *sge,
                       GError          **error)
{
  g_return_val_if_fail (wr != NULL, FALSE);
  g_return_val_if_fail (sge != NULL, FALSE);
  if (index >= GVERBS_MAX_SGE)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   _("SGE %u: a work request holds at most %u"), index, GVERBS_MAX_SGE);
      return FALSE;
    }
  wr->sg_list[index] = *sge;
  wr->num_sge = MAX (wr->num_sge, index + 1);
  return TRUE;
}

/**
 * gverbs_ops_wr_dup_sge:
 * @wr: a #GVerbsOpsWR
 * @index: which buffer
 *
 * Copies one of the operation's scatter/gather elements; bindings read the
 * inline #GVerbsOpsWR.sg_list through it.
 *
 * Returns: (transfer full) (nullable): a copy of buffer @index, or %NULL if
 *   @index is not below #GVerbsOpsWR.num_sge
 *
 * Since: 0.1
 */
GVerbsSGE *
gverbs_ops_wr_dup_sge (const GVerbsOpsWR *wr,
                       guint              index)
{
  g_return_val_if_fail (wr != NULL, NULL);
  if (index >= wr->num_sge || index >= GVERBS_MAX_SGE)
    return NULL;
  return gverbs_sge_copy (&wr->sg_list[index]);
}

/**
 * gverbs_wc_tm_info_copy:
 * @info: a #GVerbsWcTmInfo
 *
 * Copies @info.
 *
 * Returns: (transfer full): the copy
 *
 * Since: 0.1
 */
/**
 * gverbs_wc_tm_info_free:
 * @info: a #GVerbsWcTmInfo
 *
 * Frees a copy made by gverbs_wc_tm_info_copy().
 *
 * Since: 0.1
 */
GVERBS_DEFINE_PLAIN_BOXED_TYPE (GVerbsWcTmInfo, gverbs_wc_tm_info)

gboolean
_gverbs_context_check_tag_matching (GVerbsContext  *context,
                                    const char     *call,
                                    const char     *object,
                                    GError        **error)
{
  struct ibv_device_attr_ex attr;
  int rc;

  memset (&attr, 0, sizeof attr);
  rc = ibv_query_device_ex (_gverbs_context_get_ibv (context), NULL, &attr);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, call, object,
                               _("tag matching: ibv_query_device_ex failed"));
      return FALSE;
    }
  if (!(attr.tm_caps.flags & IBV_TM_CAP_RC) || attr.tm_caps.max_num_tags == 0)
    {
      _gverbs_set_error_errno (error, EOPNOTSUPP, call, object,
                               _("tag matching: %s has none (tm_caps.flags 0x%x, "
                                 "max_num_tags %u)"), gverbs_context_get_name (context),
                               attr.tm_caps.flags, attr.tm_caps.max_num_tags);
      return FALSE;
    }
  return TRUE;
}

/* Why an SRQ takes no tag operations: the device has no tag matching
 * (NOT_SUPPORTED), or this SRQ is not a tag-matching one. */
static G_GNUC_NO_INLINE void
set_not_tm_error (GVerbsSRQ  *self,
                  GError    **error)
{
  if (!_gverbs_context_check_tag_matching (gverbs_srq_get_context (self), "ibv_post_srq_ops",
                                           _gverbs_resource_describe (self), error))
    return;
  g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
               _("%s on %s: not a tag-matching SRQ (create it with srq_type GVERBS_SRQT_TM)"),
               "ibv_post_srq_ops", _gverbs_resource_describe (self));
}

#define OPS_BATCH 16

static gboolean
post_ops_chunks (GVerbsSRQ   *self,
                 GVerbsOpsWR *wrs,
                 guint        n_wrs,
                 GError     **error)
{
  struct ibv_srq *srq = _gverbs_srq_get_ibv (self);
  struct ibv_ops_wr batch[OPS_BATCH];

  for (guint start = 0; start < n_wrs; start += OPS_BATCH)
    {
      guint count = MIN (OPS_BATCH, n_wrs - start);
      struct ibv_ops_wr *bad = NULL;
      int rc;

      memset (batch, 0, count * sizeof batch[0]);
      for (guint i = 0; i < count; i++)
        {
          GVerbsOpsWR *w = &wrs[start + i];

          if (G_UNLIKELY (w->num_sge > GVERBS_MAX_SGE))
            {
              g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                           _("Work request %u for %s: num_sge %u > %u"), start + i,
                           _gverbs_resource_describe (self), w->num_sge, GVERBS_MAX_SGE);
              return FALSE;
            }
          batch[i].wr_id = w->wr_id;
          batch[i].opcode = (enum ibv_ops_wr_opcode) w->opcode;
          batch[i].flags = (int) w->flags;
          batch[i].tm.unexpected_cnt = w->unexpected_cnt;
          batch[i].tm.handle = w->handle;
          batch[i].tm.add.recv_wr_id = w->recv_wr_id;
          batch[i].tm.add.sg_list = (struct ibv_sge *) w->sg_list;
          batch[i].tm.add.num_sge = (int) w->num_sge;
          batch[i].tm.add.tag = w->tag;
          batch[i].tm.add.mask = w->mask;
          batch[i].next = i + 1 < count ? &batch[i + 1] : NULL;
        }
      rc = ibv_post_srq_ops (srq, batch, &bad);
      /* the device hands out a handle for each tag it added */
      for (guint i = 0; i < count; i++)
        if (batch[i].opcode == IBV_WR_TAG_ADD && (rc == 0 || bad == NULL || &batch[i] < bad))
          wrs[start + i].handle = batch[i].tm.handle;
      if (G_UNLIKELY (rc != 0))
        {
          guint at = start + (bad != NULL ? (guint) (bad - batch) : 0);

          _gverbs_set_post_error (error, rc, "ibv_post_srq_ops", _gverbs_resource_describe (self),
                                  at, n_wrs, wrs[at].wr_id);
          return FALSE;
        }
    }
  return TRUE;
}

/**
 * gverbs_srq_post_ops: (skip)
 * @self: an open tag-matching #GVerbsSRQ (%GVERBS_SRQT_TM)
 * @wrs: (array length=n_wrs): the operations, posted in order
 * @n_wrs: how many
 * @error: return location for a #GError
 *
 * Posts tag operations to a tag-matching SRQ (`ibv_post_srq_ops()`):
 * %GVERBS_WR_TAG_ADD offers a buffer for messages whose tag matches
 * (#GVerbsOpsWR.handle is set to the tag's handle), %GVERBS_WR_TAG_DEL
 * withdraws the tag with that handle, %GVERBS_WR_TAG_SYNC tells the device
 * how many unexpected messages software has handled. Their completions
 * (%GVERBS_WC_TM_ADD, %GVERBS_WC_TM_DEL, %GVERBS_WC_TM_SYNC) arrive on the
 * SRQ's CQ. Nothing is allocated.
 *
 * On a device without tag matching (rxe, and any device whose
 * #GVerbsTMCaps has no %GVERBS_TM_CAP_RC), the error is
 * %GVERBS_ERROR_NOT_SUPPORTED; on an SRQ that is not a tag-matching one,
 * %GVERBS_ERROR_INVALID_ARGUMENT. If the device refuses an operation, the
 * error says which (index and wr_id); those before it were posted.
 *
 * Returns: %TRUE if all were posted
 *
 * Since: 0.1
 */
gboolean
gverbs_srq_post_ops (GVerbsSRQ   *self,
                     GVerbsOpsWR *wrs,
                     guint        n_wrs,
                     GError     **error)
{
  gboolean ok;

  g_return_val_if_fail (GVERBS_IS_SRQ (self), FALSE);
  g_return_val_if_fail (wrs != NULL || n_wrs == 0, FALSE);
  if (G_UNLIKELY (!_gverbs_resource_enter (self)))
    return _gverbs_resource_check_open (self, error);
  if (G_UNLIKELY (gverbs_srq_get_srq_type (self) != GVERBS_SRQT_TM))
    {
      set_not_tm_error (self, error);
      ok = FALSE;
    }
  else
    ok = post_ops_chunks (self, wrs, n_wrs, error);
  _gverbs_resource_leave (self);
  return ok;
}

/**
 * gverbs_srq_post_ops_one: (rename-to gverbs_srq_post_ops)
 * @self: an open tag-matching #GVerbsSRQ (%GVERBS_SRQT_TM)
 * @wr: the operation; its #GVerbsOpsWR.handle is set for a
 *   %GVERBS_WR_TAG_ADD
 * @error: return location for a #GError
 *
 * Posts one tag operation: gverbs_srq_post_ops() with one element.
 *
 * Returns: %TRUE if it was posted
 *
 * Since: 0.1
 */
gboolean
gverbs_srq_post_ops_one (GVerbsSRQ   *self,
                         GVerbsOpsWR *wr,
                         GError     **error)
{
  g_return_val_if_fail (wr != NULL, FALSE);
  return gverbs_srq_post_ops (self, wr, 1, error);
}
