/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <infiniband/verbs.h>

#include "gverbs-qp-cap.h"
#include "gverbs-fields-private.h"

G_STATIC_ASSERT (sizeof (GVerbsQPCap) == sizeof (struct ibv_qp_cap));
G_STATIC_ASSERT (G_STRUCT_OFFSET (GVerbsQPCap, max_inline_data) ==
                 G_STRUCT_OFFSET (struct ibv_qp_cap, max_inline_data));

/**
 * gverbs_qp_cap_copy:
 * @cap: a #GVerbsQPCap
 *
 * Copies the queue pair capabilities.
 *
 * Returns: (transfer full): a copy of @cap
 *
 * Since: 0.1
 */
/**
 * gverbs_qp_cap_free:
 * @cap: (nullable): a #GVerbsQPCap
 *
 * Frees a #GVerbsQPCap made by gverbs_qp_cap_new() or gverbs_qp_cap_copy().
 *
 * Since: 0.1
 */
GVERBS_DEFINE_PLAIN_BOXED_TYPE (GVerbsQPCap, gverbs_qp_cap)

/**
 * gverbs_qp_cap_new:
 * @max_send_wr: most outstanding send work requests
 * @max_recv_wr: most outstanding receive work requests
 * @max_send_sge: most scatter/gather elements per send work request
 * @max_recv_sge: most scatter/gather elements per receive work request
 * @max_inline_data: most inline bytes per send work request
 *
 * Creates a #GVerbsQPCap on the heap, for bindings (C code fills one on the
 * stack).
 *
 * Returns: (transfer full): a new #GVerbsQPCap
 *
 * Since: 0.1
 */
GVerbsQPCap *
gverbs_qp_cap_new (guint32 max_send_wr,
                   guint32 max_recv_wr,
                   guint32 max_send_sge,
                   guint32 max_recv_sge,
                   guint32 max_inline_data)
{
  GVerbsQPCap cap = { max_send_wr, max_recv_wr, max_send_sge, max_recv_sge, max_inline_data };

  return gverbs_qp_cap_copy (&cap);
}

/**
 * gverbs_qp_cap_to_string:
 * @cap: a #GVerbsQPCap
 *
 * Formats the capacities in the layout pyverbs prints for `QPCap`.
 *
 * Returns: (transfer full): the text
 *
 * Since: 0.1
 */
char *
gverbs_qp_cap_to_string (const GVerbsQPCap *cap)
{
#define R(member, label) GVERBS_PRINT_ROW (GVerbsQPCap, member, label, 20, GVERBS_PRINT_UINT, NULL)
  static const GVerbsPrintRow rows[] = {
    R (max_send_wr, "max send wrs"),
    R (max_recv_wr, "max recv wrs"),
    R (max_send_sge, "max send sges"),
    R (max_recv_sge, "max recv sges"),
    R (max_inline_data, "max inline data"),
  };
#undef R

  g_return_val_if_fail (cap != NULL, NULL);
  return _gverbs_print_to_string (rows, G_N_ELEMENTS (rows), cap);
}
