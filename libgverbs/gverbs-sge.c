/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <stddef.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <infiniband/verbs.h>

#include "gverbs-sge.h"
#include "gverbs-error.h"
#include "gverbs-fields-private.h"
#include "gverbs-post-private.h"
#include "gverbs-resource-private.h"

/* The data path (post send/recv, tag operations) passes arrays of
 * GVerbsSGE to rdma-core as they are: this is the one check of the layout. */
G_STATIC_ASSERT (sizeof (GVerbsSGE) == sizeof (struct ibv_sge));
G_STATIC_ASSERT (offsetof (GVerbsSGE, addr) == offsetof (struct ibv_sge, addr));
G_STATIC_ASSERT (offsetof (GVerbsSGE, length) == offsetof (struct ibv_sge, length));
G_STATIC_ASSERT (offsetof (GVerbsSGE, lkey) == offsetof (struct ibv_sge, lkey));

/**
 * gverbs_sge_new:
 * @addr: start address of the buffer
 * @length: length of the buffer in bytes
 * @lkey: local key of the memory region holding the buffer
 *
 * Creates a scatter/gather element (pyverbs' `SGE(addr, length, lkey)`).
 *
 * Returns: (transfer full): the new element; free it with gverbs_sge_free()
 *
 * Since: 0.1
 */
GVerbsSGE *
gverbs_sge_new (guint64 addr,
                guint32 length,
                guint32 lkey)
{
  GVerbsSGE *sge = g_new (GVerbsSGE, 1);

  sge->addr = addr;
  sge->length = length;
  sge->lkey = lkey;
  return sge;
}

/**
 * gverbs_sge_copy:
 * @sge: a #GVerbsSGE
 *
 * Copies @sge.
 *
 * Returns: (transfer full): a copy of @sge
 *
 * Since: 0.1
 */
/**
 * gverbs_sge_free:
 * @sge: (nullable): a #GVerbsSGE
 *
 * Frees an element made by gverbs_sge_new() or gverbs_sge_copy().
 *
 * Since: 0.1
 */
GVERBS_DEFINE_PLAIN_BOXED_TYPE (GVerbsSGE, gverbs_sge)

/* A work request with more buffers than any conversion holds: the error of
 * every post path (@owner, the queue's resource, names it). Returns FALSE. */
gboolean
_gverbs_set_too_many_sges_error (gpointer   owner,
                                 guint      index,
                                 guint32    num_sge,
                                 GError   **error)
{
  g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
               _("Work request %u for %s: num_sge %u > %u"), index, _gverbs_resource_describe (owner),
               num_sge, GVERBS_MAX_SGE);
  return FALSE;
}

/* @n_sge buffers fit in a work request. */
gboolean
_gverbs_sg_list_check_count (guint     n_sge,
                             GError  **error)
{
  if (n_sge <= GVERBS_MAX_SGE)
    return TRUE;
  g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
               _("%u SGEs: a work request holds at most %u"), n_sge, GVERBS_MAX_SGE);
  return FALSE;
}

/* Sets a request's buffers to @sges (@n_sge of them, checked). */
void
_gverbs_sg_list_set_all (GVerbsSGE        *sg_list,
                         guint32          *num_sge,
                         const GVerbsSGE  *sges,
                         guint             n_sge)
{
  if (n_sge > 0)
    memcpy (sg_list, sges, n_sge * sizeof *sges);
  *num_sge = n_sge;
}

/* Sets buffer @index of a request; @num_sge grows to cover it. */
gboolean
_gverbs_sg_list_set (GVerbsSGE        *sg_list,
                     guint32          *num_sge,
                     guint             index,
                     const GVerbsSGE  *sge,
                     GError          **error)
{
  if (index >= GVERBS_MAX_SGE)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   _("SGE index %u out of range: a work request holds at most %u"),
                   index, GVERBS_MAX_SGE);
      return FALSE;
    }
  sg_list[index] = *sge;
  if (*num_sge <= index)
    *num_sge = index + 1;
  return TRUE;
}

/* A copy of buffer @index of a request, or NULL past @num_sge. */
GVerbsSGE *
_gverbs_sg_list_dup (const GVerbsSGE  *sg_list,
                     guint32           num_sge,
                     guint             index)
{
  if (index >= num_sge || index >= GVERBS_MAX_SGE)
    return NULL;
  return gverbs_sge_copy (&sg_list[index]);
}
