/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <infiniband/verbs.h>

#include "gverbs-recv-wr.h"
#include "gverbs-error.h"
#include "gverbs-post-private.h"
#include "gverbs-fields-private.h"

G_DEFINE_BOXED_TYPE (GVerbsRecvWR, gverbs_recv_wr, gverbs_recv_wr_copy, gverbs_recv_wr_free)

#define SAME_FIELD(ours, theirs) \
  G_STATIC_ASSERT (G_STRUCT_OFFSET (GVerbsRecvWR, ours) == G_STRUCT_OFFSET (struct ibv_recv_wr, theirs) && \
                   sizeof (((GVerbsRecvWR *) 0)->ours) == sizeof (((struct ibv_recv_wr *) 0)->theirs))
SAME_FIELD (wr_id, wr_id);
SAME_FIELD (ibv_next, next);
SAME_FIELD (ibv_sg_list, sg_list);
SAME_FIELD (num_sge, num_sge);

/**
 * gverbs_recv_wr_init:
 * @wr: (out caller-allocates): the work request to fill
 * @wr_id: the id its work completion will carry
 *
 * Clears a receive work request (for instance one on the stack), sets its
 * id and makes it postable without conversion (see #GVerbsRecvWR).
 *
 * Since: 0.1
 */
void
gverbs_recv_wr_init (GVerbsRecvWR *wr,
                     guint64       wr_id)
{
  g_return_if_fail (wr != NULL);
  memset (wr, 0, sizeof *wr);
  wr->wr_id = wr_id;
  wr->ibv_sg_list = (guintptr) wr->sg_list;
}

/**
 * gverbs_recv_wr_new:
 * @wr_id: the id its work completion will carry
 *
 * Creates a receive work request on the heap, for bindings (C code uses one on
 * the stack with gverbs_recv_wr_init()).
 *
 * Returns: (transfer full): a receive work request with no buffers yet
 *
 * Since: 0.1
 */
GVerbsRecvWR *
gverbs_recv_wr_new (guint64 wr_id)
{
  GVerbsRecvWR *wr = g_new (GVerbsRecvWR, 1);

  gverbs_recv_wr_init (wr, wr_id);
  return wr;
}

/**
 * gverbs_recv_wr_new_with_sg:
 * @wr_id: the id its work completion will carry
 * @sg_list: (array length=n_sge) (nullable): the buffers
 * @n_sge: how many buffers @sg_list holds, at most %GVERBS_MAX_SGE
 * @error: return location for a #GError
 *
 * Makes a receive work request with its buffers in one call (what
 * gverbs_recv_wr_new() and one gverbs_recv_wr_set_sge() per buffer do).
 *
 * Returns: (transfer full): the request, or %NULL with
 *   %GVERBS_ERROR_OUT_OF_RANGE if @n_sge is more than %GVERBS_MAX_SGE
 *
 * Since: 0.1
 */
GVerbsRecvWR *
gverbs_recv_wr_new_with_sg (guint64           wr_id,
                            const GVerbsSGE  *sg_list,
                            guint             n_sge,
                            GError          **error)
{
  GVerbsRecvWR *wr;

  g_return_val_if_fail (sg_list != NULL || n_sge == 0, NULL);
  if (!_gverbs_sg_list_check_count (n_sge, error))
    return NULL;
  wr = gverbs_recv_wr_new (wr_id);
  _gverbs_sg_list_set_all (wr->sg_list, &wr->num_sge, sg_list, n_sge);
  return wr;
}

/**
 * gverbs_recv_wr_copy:
 * @wr: a #GVerbsRecvWR
 *
 * Copies @wr.
 *
 * Returns: (transfer full): a copy of @wr
 *
 * Since: 0.1
 */
GVerbsRecvWR *
gverbs_recv_wr_copy (const GVerbsRecvWR *wr)
{
  GVerbsRecvWR *copy;

  g_return_val_if_fail (wr != NULL, NULL);
  copy = g_memdup2 (wr, sizeof *wr);
  copy->ibv_next = 0;
  copy->ibv_sg_list = (guintptr) copy->sg_list;
  return copy;
}

/**
 * gverbs_recv_wr_free:
 * @wr: (nullable): a #GVerbsRecvWR
 *
 * Frees a receive work request made by gverbs_recv_wr_new() or copied.
 *
 * Since: 0.1
 */
void
gverbs_recv_wr_free (GVerbsRecvWR *wr)
{
  g_free (wr);
}

/**
 * gverbs_recv_wr_set_sge:
 * @wr: a #GVerbsRecvWR
 * @index: which buffer, below %GVERBS_MAX_SGE
 * @sge: the buffer
 * @error: return location for a #GError
 *
 * Sets one buffer; #GVerbsRecvWR.num_sge grows to cover @index.
 *
 * Returns: %TRUE, or %FALSE with %GVERBS_ERROR_OUT_OF_RANGE if @index is
 *   too large
 *
 * Since: 0.1
 */
gboolean
gverbs_recv_wr_set_sge (GVerbsRecvWR     *wr,
                        guint             index,
                        const GVerbsSGE  *sge,
                        GError          **error)
{
  g_return_val_if_fail (wr != NULL, FALSE);
  g_return_val_if_fail (sge != NULL, FALSE);
  return _gverbs_sg_list_set (wr->sg_list, &wr->num_sge, index, sge, error);
}

/**
 * gverbs_recv_wr_dup_sge:
 * @wr: a #GVerbsRecvWR
 * @index: which buffer
 *
 * Copies one of the request's scatter/gather elements.
 *
 * Returns: (transfer full) (nullable): a copy of buffer @index, or %NULL if
 *   @index is not below #GVerbsRecvWR.num_sge
 *
 * Since: 0.1
 */
GVerbsSGE *
gverbs_recv_wr_dup_sge (const GVerbsRecvWR *wr,
                        guint               index)
{
  g_return_val_if_fail (wr != NULL, NULL);
  return _gverbs_sg_list_dup (wr->sg_list, wr->num_sge, index);
}

/**
 * gverbs_recv_wr_to_string:
 * @wr: a #GVerbsRecvWR
 *
 * Formats the work request in the layout pyverbs prints for `RecvWR`.
 *
 * Returns: (transfer full): the text
 *
 * Since: 0.1
 */
char *
gverbs_recv_wr_to_string (const GVerbsRecvWR *wr)
{
  GString *out;
  g_autofree char *id = NULL;

  g_return_val_if_fail (wr != NULL, NULL);
  out = g_string_new (NULL);
  id = g_strdup_printf ("%" G_GUINT64_FORMAT, wr->wr_id);
  _gverbs_append_row (out, 22, "WR ID", id);
  _gverbs_append_int_row (out, 22, "Num SGE", wr->num_sge);
  return g_string_free (out, FALSE);
}
