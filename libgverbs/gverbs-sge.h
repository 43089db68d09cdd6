/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"

G_BEGIN_DECLS

/**
 * GVerbsSGE:
 * @addr: start address of the buffer (in a registered memory region)
 * @length: length of the buffer in bytes
 * @lkey: local key of the memory region the buffer lies in
 *
 * A scatter/gather element (`struct ibv_sge`): one buffer of a work request.
 * It has the same layout as `struct ibv_sge`, so C code may declare it on
 * the stack; gverbs_mr_sge() builds one that is checked against its memory
 * region.
 *
 * When to use it: to say which bytes of a registered buffer a work request
 * sends or receives into; one per buffer, up to the queue pair's
 * max_send_sge or max_recv_sge.
 *
 * ```c
 * // given: GVerbsMR *mr;
 * GVerbsSGE sge = { gverbs_mr_get_addr (mr), 256, gverbs_mr_get_lkey (mr) };
 * g_autoptr(GVerbsSGE) checked = gverbs_mr_sge (mr, 256, 4096, &error);  // bytes 4096..4351
 *
 * if (checked == NULL)
 *   g_printerr ("%s\n", error->message);
 * ```
 *
 * Python: `Verbs.SGE(mr.buf, 256, mr.lkey)`, pyverbs' order.
 *
 * Since: 0.1
 */
typedef struct _GVerbsSGE GVerbsSGE;

struct _GVerbsSGE
{
  guint64 addr;
  guint32 length;
  guint32 lkey;
};

#define GVERBS_TYPE_SGE (gverbs_sge_get_type ())

GVERBS_AVAILABLE_IN_0_1
GType      gverbs_sge_get_type (void) G_GNUC_CONST;
GVERBS_AVAILABLE_IN_0_1
GVerbsSGE *gverbs_sge_new      (guint64          addr,
                                guint32          length,
                                guint32          lkey);
GVERBS_AVAILABLE_IN_0_1
GVerbsSGE *gverbs_sge_copy     (const GVerbsSGE *sge);
GVERBS_AVAILABLE_IN_0_1
void       gverbs_sge_free     (GVerbsSGE       *sge);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GVerbsSGE, gverbs_sge_free)

G_END_DECLS
