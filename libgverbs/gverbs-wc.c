/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <inttypes.h>

#include <string.h>
#include <glib/gi18n-lib.h>
#include <infiniband/verbs.h>

#include "gverbs-wc.h"
#include "gverbs-wc-private.h"
#include "gverbs-error.h"
#include "gverbs-fields-private.h"

/**
 * gverbs_wc_copy:
 * @wc: a #GVerbsWC
 *
 * Copies the work completion.
 *
 * Returns: (transfer full): a copy of @wc
 *
 * Since: 0.1
 */
/**
 * gverbs_wc_free:
 * @wc: (nullable): a #GVerbsWC from gverbs_wc_new() or gverbs_wc_copy()
 *
 * Frees @wc.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_PLAIN_BOXED_TYPE (GVerbsWC, gverbs_wc)

/* GVerbsWC is struct ibv_wc: gverbs_cq_poll() polls into the caller's array. */
#define SAME_FIELD(g, i) \
  G_STATIC_ASSERT (G_STRUCT_OFFSET (GVerbsWC, g) == G_STRUCT_OFFSET (struct ibv_wc, i)); \
  G_STATIC_ASSERT (sizeof (((GVerbsWC *) 0)->g) == sizeof (((struct ibv_wc *) 0)->i))
SAME_FIELD (wr_id, wr_id);
SAME_FIELD (status, status);
SAME_FIELD (opcode, opcode);
SAME_FIELD (vendor_err, vendor_err);
SAME_FIELD (byte_len, byte_len);
SAME_FIELD (imm_data, imm_data);
SAME_FIELD (imm_data, invalidated_rkey);
SAME_FIELD (qp_num, qp_num);
SAME_FIELD (src_qp, src_qp);
SAME_FIELD (wc_flags, wc_flags);
SAME_FIELD (pkey_index, pkey_index);
SAME_FIELD (slid, slid);
SAME_FIELD (sl, sl);
SAME_FIELD (dlid_path_bits, dlid_path_bits);
G_STATIC_ASSERT (sizeof (GVerbsWC) == sizeof (struct ibv_wc));
G_STATIC_ASSERT (G_ALIGNOF (GVerbsWC) == G_ALIGNOF (struct ibv_wc));

/**
 * gverbs_wc_new:
 *
 * Allocates a zeroed work completion (status %GVERBS_WC_SUCCESS).
 *
 * Returns: (transfer full): the new #GVerbsWC
 *
 * Since: 0.1
 */
GVerbsWC *
gverbs_wc_new (void)
{
  return g_new0 (GVerbsWC, 1);
}

void
_gverbs_wc_from_ibv (GVerbsWC             *wc,
                     const struct ibv_wc  *ibv)
{
  memcpy (wc, ibv, sizeof *wc);
}

/**
 * gverbs_wc_get_wr_id:
 * @wc: a #GVerbsWC
 *
 * Gets the work request id.
 *
 * Returns: the work request id
 *
 * Since: 0.1
 */
guint64
gverbs_wc_get_wr_id (const GVerbsWC *wc)
{
  g_return_val_if_fail (wc != NULL, 0);
  return wc->wr_id;
}

/**
 * gverbs_wc_get_status:
 * @wc: a #GVerbsWC
 *
 * Gets the completion status.
 *
 * Returns: the completion status
 *
 * Since: 0.1
 */
GVerbsWCStatus
gverbs_wc_get_status (const GVerbsWC *wc)
{
  g_return_val_if_fail (wc != NULL, GVERBS_WC_GENERAL_ERR);
  return wc->status;
}

/**
 * gverbs_wc_get_status_value:
 * @wc: a #GVerbsWC
 *
 * Gets the completion status as a plain integer (a #GVerbsWCStatus value):
 * for bindings, which return an integer at a fraction of an enum member's
 * cost and map it to the member themselves. C code uses
 * gverbs_wc_get_status().
 *
 * Returns: the completion status
 *
 * Since: 0.1
 */
guint
gverbs_wc_get_status_value (const GVerbsWC *wc)
{
  g_return_val_if_fail (wc != NULL, GVERBS_WC_GENERAL_ERR);
  return (guint) wc->status;
}

/**
 * gverbs_wc_get_opcode:
 * @wc: a #GVerbsWC
 *
 * Gets the operation that completed.
 *
 * Returns: the operation that completed
 *
 * Since: 0.1
 */
GVerbsWCOpcode
gverbs_wc_get_opcode (const GVerbsWC *wc)
{
  g_return_val_if_fail (wc != NULL, 0);
  return wc->opcode;
}

/**
 * gverbs_wc_get_vendor_err:
 * @wc: a #GVerbsWC
 *
 * Gets the vendor error code.
 *
 * Returns: the vendor error code
 *
 * Since: 0.1
 */
guint32
gverbs_wc_get_vendor_err (const GVerbsWC *wc)
{
  g_return_val_if_fail (wc != NULL, 0);
  return wc->vendor_err;
}

/**
 * gverbs_wc_get_byte_len:
 * @wc: a #GVerbsWC
 *
 * Gets the number of bytes transferred.
 *
 * Returns: the number of bytes transferred
 *
 * Since: 0.1
 */
guint32
gverbs_wc_get_byte_len (const GVerbsWC *wc)
{
  g_return_val_if_fail (wc != NULL, 0);
  return wc->byte_len;
}

/**
 * gverbs_wc_get_imm_data:
 * @wc: a #GVerbsWC
 *
 * Gets the immediate data in network byte order, as rdma-core gives it.
 *
 * Returns: the immediate data in network byte order, as rdma-core gives it
 *
 * Since: 0.1
 */
guint32
gverbs_wc_get_imm_data (const GVerbsWC *wc)
{
  g_return_val_if_fail (wc != NULL, 0);
  return wc->imm_data;
}

/**
 * gverbs_wc_get_invalidated_rkey:
 * @wc: a #GVerbsWC
 *
 * Gets the remote key a send with invalidate invalidated.
 *
 * Returns: the invalidated rkey (meaningful with %GVERBS_WC_WITH_INV): the
 *   same 32 bits as the imm_data field, as in rdma-core's union
 *
 * Since: 0.1
 */
guint32
gverbs_wc_get_invalidated_rkey (const GVerbsWC *wc)
{
  g_return_val_if_fail (wc != NULL, 0);
  return wc->imm_data;
}

/**
 * gverbs_wc_get_qp_num:
 * @wc: a #GVerbsWC
 *
 * Gets the local QP number.
 *
 * Returns: the local QP number
 *
 * Since: 0.1
 */
guint32
gverbs_wc_get_qp_num (const GVerbsWC *wc)
{
  g_return_val_if_fail (wc != NULL, 0);
  return wc->qp_num;
}

/**
 * gverbs_wc_get_src_qp:
 * @wc: a #GVerbsWC
 *
 * Gets the remote QP number.
 *
 * Returns: the remote QP number
 *
 * Since: 0.1
 */
guint32
gverbs_wc_get_src_qp (const GVerbsWC *wc)
{
  g_return_val_if_fail (wc != NULL, 0);
  return wc->src_qp;
}

/**
 * gverbs_wc_get_wc_flags:
 * @wc: a #GVerbsWC
 *
 * Gets the completion flags.
 *
 * Returns: the completion flags
 *
 * Since: 0.1
 */
GVerbsWCFlags
gverbs_wc_get_wc_flags (const GVerbsWC *wc)
{
  g_return_val_if_fail (wc != NULL, 0);
  return wc->wc_flags;
}

/**
 * gverbs_wc_get_pkey_index:
 * @wc: a #GVerbsWC
 *
 * Gets the P_Key index.
 *
 * Returns: the P_Key index
 *
 * Since: 0.1
 */
guint16
gverbs_wc_get_pkey_index (const GVerbsWC *wc)
{
  g_return_val_if_fail (wc != NULL, 0);
  return wc->pkey_index;
}

/**
 * gverbs_wc_get_slid:
 * @wc: a #GVerbsWC
 *
 * Gets the source LID.
 *
 * Returns: the source LID
 *
 * Since: 0.1
 */
guint16
gverbs_wc_get_slid (const GVerbsWC *wc)
{
  g_return_val_if_fail (wc != NULL, 0);
  return wc->slid;
}

/**
 * gverbs_wc_get_sl:
 * @wc: a #GVerbsWC
 *
 * Gets the service level.
 *
 * Returns: the service level
 *
 * Since: 0.1
 */
guint8
gverbs_wc_get_sl (const GVerbsWC *wc)
{
  g_return_val_if_fail (wc != NULL, 0);
  return wc->sl;
}

/**
 * gverbs_wc_get_dlid_path_bits:
 * @wc: a #GVerbsWC
 *
 * Gets the destination LID path bits.
 *
 * Returns: the destination LID path bits
 *
 * Since: 0.1
 */
guint8
gverbs_wc_get_dlid_path_bits (const GVerbsWC *wc)
{
  g_return_val_if_fail (wc != NULL, 0);
  return wc->dlid_path_bits;
}

/**
 * gverbs_wc_status_str:
 * @status: a work completion status
 *
 * Describes a status in rdma-core's words (`ibv_wc_status_str()`), such as
 * `"remote access error"`.
 *
 * Returns: (transfer none): the description
 *
 * Since: 0.1
 */
const char *
gverbs_wc_status_str (GVerbsWCStatus status)
{
  return ibv_wc_status_str ((enum ibv_wc_status) status);
}

/**
 * gverbs_wc_opcode_str:
 * @opcode: a work completion opcode
 *
 * Names an opcode as pyverbs prints it, such as `"RDMA write"`.
 *
 * Returns: (transfer none): the name
 *
 * Since: 0.1
 */
const char *
gverbs_wc_opcode_str (GVerbsWCOpcode opcode)
{
  switch ((int) opcode)
    {
    case IBV_WC_SEND: return "Send";
    case IBV_WC_RDMA_WRITE: return "RDMA write";
    case IBV_WC_RDMA_READ: return "RDMA read";
    case IBV_WC_COMP_SWAP: return "Compare and swap";
    case IBV_WC_FETCH_ADD: return "Fetch and add";
    case IBV_WC_BIND_MW: return "Bind Memory window";
    case IBV_WC_LOCAL_INV: return "Local invalidate";
    case IBV_WC_TSO: return "TSO";
    case IBV_WC_ATOMIC_WRITE: return "Atomic write";
    case IBV_WC_RECV: return "Receive";
    case IBV_WC_RECV_RDMA_WITH_IMM: return "Receive RDMA with immediate";
    case IBV_WC_TM_ADD: return "Tag matching - add";
    case IBV_WC_TM_DEL: return "Tag matching - delete";
    case IBV_WC_TM_SYNC: return "Tag matching - sync";
    case IBV_WC_TM_RECV: return "Tag matching - receive";
    case IBV_WC_TM_NO_TAG: return "Tag matching - no tag";
    default: return "Unknown CQE opcode";
    }
}

static const struct {
  guint flag;
  const char *name;
} wc_flag_names[] = {
  { IBV_WC_GRH, "GRH" },
  { IBV_WC_WITH_IMM, "With immediate" },
  { IBV_WC_IP_CSUM_OK, "IP csum OK" },
  { IBV_WC_WITH_INV, "With invalidate" },
  { IBV_WC_TM_SYNC_REQ, "TM sync request" },
  { IBV_WC_TM_MATCH, "TM match" },
  { IBV_WC_TM_DATA_VALID, "TM data valid" },
};

/**
 * gverbs_wc_to_string:
 * @wc: a #GVerbsWC
 *
 * Formats the completion in the layout pyverbs prints for `WC`: one
 * `Label : value` line per field, status, opcode and flags in words.
 *
 * Returns: (transfer full): the text
 *
 * Since: 0.1
 */
char *
gverbs_wc_to_string (const GVerbsWC *wc)
{
  /* between the rows that name values: WR ID, vendor error … source QP,
   * pkey index … dlid path bits */
#define R(member, label) GVERBS_PRINT_ROW (GVerbsWC, member, label, 22, GVERBS_PRINT_UINT, NULL)
  static const GVerbsPrintRow rows[] = {
    R (wr_id, "WR ID"), R (vendor_err, "vendor error"), R (byte_len, "byte length"),
    R (qp_num, "QP num"), R (src_qp, "source QP"), R (pkey_index, "pkey index"),
    R (slid, "slid"), R (sl, "sl"), R (dlid_path_bits, "dlid path bits"),
  };
#undef R
  GString *out;
  GString *flags;

  g_return_val_if_fail (wc != NULL, NULL);

  out = g_string_new (NULL);
  flags = g_string_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (wc_flag_names); i++)
    if (wc->wc_flags & wc_flag_names[i].flag)
      g_string_append_printf (flags, "%s ", wc_flag_names[i].name);

  _gverbs_print_rows (out, rows, 1, wc);
  _gverbs_append_row (out, 22, "status", gverbs_wc_status_str (wc->status));
  _gverbs_append_row (out, 22, "opcode", gverbs_wc_opcode_str (wc->opcode));
  _gverbs_print_rows (out, rows + 1, 4, wc);
  _gverbs_append_row (out, 22, "WC flags", flags->str);
  _gverbs_print_rows (out, rows + 5, 4, wc);
  g_string_free (flags, TRUE);
  return g_string_free (out, FALSE);
}

/**
 * gverbs_wc_check:
 * @wc: a #GVerbsWC
 * @error: return location for a #GError
 *
 * Checks a completion's status: a failed completion sets @error in the
 * %GVERBS_WC_ERROR domain as gverbs_wc_to_error() describes. In Python this
 * raises for a failed completion and does nothing for a good one.
 *
 * Returns: %TRUE if @wc has status %GVERBS_WC_SUCCESS
 *
 * Since: 0.1
 */
gboolean
gverbs_wc_check (const GVerbsWC  *wc,
                 GError         **error)
{
  g_return_val_if_fail (wc != NULL, FALSE);

  if (wc->status == GVERBS_WC_SUCCESS)
    return TRUE;
  g_propagate_error (error, gverbs_wc_to_error (wc));
  return FALSE;
}

/**
 * gverbs_wc_to_error:
 * @wc: a #GVerbsWC
 *
 * Describes a failed completion as a #GError in the %GVERBS_WC_ERROR domain
 * (python-rdma's `WCError`): the code is the status, the message names the
 * status, the work request id, the QP number and the vendor error, e.g.
 * `Work completion failed: remote access error (status 10), wr_id 7, QP 0x11, vendor error 0x0`.
 *
 * Returns: (transfer full) (nullable): the error, or %NULL when @wc succeeded
 *
 * Since: 0.1
 */
GError *
gverbs_wc_to_error (const GVerbsWC *wc)
{
  g_return_val_if_fail (wc != NULL, NULL);

  if (wc->status == GVERBS_WC_SUCCESS)
    return NULL;
  /* TRANSLATORS: status text, status number, wr_id, QP number, vendor error */
  return g_error_new (GVERBS_WC_ERROR, (int) wc->status,
                      _("Work completion failed: %s (status %d), wr_id %" PRIu64
                        ", QP 0x%x, vendor error 0x%x"),
                      gverbs_wc_status_str (wc->status), (int) wc->status, wc->wr_id,
                      wc->qp_num, wc->vendor_err);
}
