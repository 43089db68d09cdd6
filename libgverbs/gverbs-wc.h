/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"

G_BEGIN_DECLS

/**
 * GVerbsWC:
 * @wr_id: the work request id the completed work request carried
 * @status: whether the work request succeeded, and how it failed
 * @opcode: the operation that completed
 * @vendor_err: the device's own error code for a failed completion
 * @byte_len: bytes transferred (receives, RDMA reads, atomics)
 * @imm_data: the immediate data of a send or RDMA write with immediate, in
 *   network byte order exactly as rdma-core reports it (`__be32`); valid when
 *   @wc_flags has %GVERBS_WC_WITH_IMM. With %GVERBS_WC_WITH_INV the same 32
 *   bits are the rkey a send with invalidate invalidated (rdma-core's union
 *   of `imm_data` and `invalidated_rkey`): read it with
 *   gverbs_wc_get_invalidated_rkey()
 * @qp_num: the number of the local QP the work request belonged to
 * @src_qp: the remote QP number (UD receives)
 * @wc_flags: flags of the completion
 * @pkey_index: P_Key index (GSI QPs)
 * @slid: the source LID (UD receives)
 * @sl: the service level (UD receives)
 * @dlid_path_bits: the destination LID path bits (UD receives)
 *
 * A work completion, laid out exactly as rdma-core's `struct ibv_wc` (the
 * library checks every offset at compile time), so gverbs_cq_poll() lets
 * `ibv_poll_cq()` write straight into the caller's array: a plain struct
 * that C code keeps on the stack or in an array.
 * A failed completion turns into a %GVERBS_WC_ERROR #GError with
 * gverbs_wc_check() or gverbs_wc_to_error().
 *
 * When to use it: to learn that a posted work request finished: poll an
 * array of them from a #GVerbsCQ, or take each one from the
 * #GVerbsCQ::completion signal.
 *
 * ```c
 * // given: GVerbsCQ *cq;
 * GVerbsWC wc[16];
 * int n = gverbs_cq_poll (cq, wc, G_N_ELEMENTS (wc), &error);
 *
 * for (int i = 0; i < n; i++)
 *   {
 *     if (!gverbs_wc_check (&wc[i], &error))   // a GVERBS_WC_ERROR for a failed one
 *       break;
 *     g_print ("wr %" G_GUINT64_FORMAT ": %u bytes\n", wc[i].wr_id, wc[i].byte_len);
 *   }
 * ```
 *
 * Python: `npolled, wcs = cq.poll(16)` returns pyverbs' pair.
 *
 * Since: 0.1
 */
typedef struct {
  guint64 wr_id;
  GVerbsWCStatus status;
  GVerbsWCOpcode opcode;
  guint32 vendor_err;
  guint32 byte_len;
  guint32 imm_data;
  guint32 qp_num;
  guint32 src_qp;
  GVerbsWCFlags wc_flags;
  guint16 pkey_index;
  guint16 slid;
  guint8 sl;
  guint8 dlid_path_bits;
} GVerbsWC;

#define GVERBS_TYPE_WC (gverbs_wc_get_type ())
GVERBS_AVAILABLE_IN_0_1
GType           gverbs_wc_get_type       (void) G_GNUC_CONST;

GVERBS_AVAILABLE_IN_0_1
GVerbsWC       *gverbs_wc_new            (void);
GVERBS_AVAILABLE_IN_0_1
GVerbsWC       *gverbs_wc_copy           (const GVerbsWC *wc);
GVERBS_AVAILABLE_IN_0_1
void            gverbs_wc_free           (GVerbsWC       *wc);

GVERBS_AVAILABLE_IN_0_1
guint64         gverbs_wc_get_wr_id      (const GVerbsWC *wc);
GVERBS_AVAILABLE_IN_0_1
GVerbsWCStatus  gverbs_wc_get_status     (const GVerbsWC *wc);
GVERBS_AVAILABLE_IN_0_1
guint           gverbs_wc_get_status_value (const GVerbsWC *wc);
GVERBS_AVAILABLE_IN_0_1
GVerbsWCOpcode  gverbs_wc_get_opcode     (const GVerbsWC *wc);
GVERBS_AVAILABLE_IN_0_1
guint32         gverbs_wc_get_vendor_err (const GVerbsWC *wc);
GVERBS_AVAILABLE_IN_0_1
guint32         gverbs_wc_get_byte_len   (const GVerbsWC *wc);
GVERBS_AVAILABLE_IN_0_1
guint32         gverbs_wc_get_imm_data   (const GVerbsWC *wc);
GVERBS_AVAILABLE_IN_0_1
guint32         gverbs_wc_get_invalidated_rkey (const GVerbsWC *wc);
GVERBS_AVAILABLE_IN_0_1
guint32         gverbs_wc_get_qp_num     (const GVerbsWC *wc);
GVERBS_AVAILABLE_IN_0_1
guint32         gverbs_wc_get_src_qp     (const GVerbsWC *wc);
GVERBS_AVAILABLE_IN_0_1
GVerbsWCFlags   gverbs_wc_get_wc_flags   (const GVerbsWC *wc);
GVERBS_AVAILABLE_IN_0_1
guint16         gverbs_wc_get_pkey_index (const GVerbsWC *wc);
GVERBS_AVAILABLE_IN_0_1
guint16         gverbs_wc_get_slid       (const GVerbsWC *wc);
GVERBS_AVAILABLE_IN_0_1
guint8          gverbs_wc_get_sl         (const GVerbsWC *wc);
GVERBS_AVAILABLE_IN_0_1
guint8          gverbs_wc_get_dlid_path_bits (const GVerbsWC *wc);

GVERBS_AVAILABLE_IN_0_1
const char     *gverbs_wc_status_str     (GVerbsWCStatus  status);
GVERBS_AVAILABLE_IN_0_1
const char     *gverbs_wc_opcode_str     (GVerbsWCOpcode  opcode);
GVERBS_AVAILABLE_IN_0_1
char           *gverbs_wc_to_string      (const GVerbsWC *wc);
GVERBS_AVAILABLE_IN_0_1
gboolean        gverbs_wc_check          (const GVerbsWC *wc,
                                          GError        **error);
GVERBS_AVAILABLE_IN_0_1
GError         *gverbs_wc_to_error       (const GVerbsWC *wc);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GVerbsWC, gverbs_wc_free)

G_END_DECLS
