/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include <string.h>
#include <gverbs.h>

static void
test_wc_fields (void)
{
  GVerbsWC wc = {
    .wr_id = G_GUINT64_CONSTANT (0x1122334455667788),
    .status = GVERBS_WC_SUCCESS,
    .opcode = GVERBS_WC_RECV,
    .vendor_err = 0,
    .byte_len = 4096,
    .imm_data = 0x78563412,
    .qp_num = 17,
    .src_qp = 18,
    .wc_flags = GVERBS_WC_GRH | GVERBS_WC_WITH_IMM,
    .pkey_index = 3,
    .slid = 4,
    .sl = 5,
    .dlid_path_bits = 6,
  };
  g_autoptr(GVerbsWC) copy = gverbs_wc_copy (&wc);
  g_autoptr(GVerbsWC) zero = gverbs_wc_new ();
  g_autofree char *text = NULL;

  g_assert_cmpmem (copy, sizeof *copy, &wc, sizeof wc);
  g_assert_cmpuint (gverbs_wc_get_wr_id (copy), ==, G_GUINT64_CONSTANT (0x1122334455667788));
  g_assert_cmpint (gverbs_wc_get_status (copy), ==, GVERBS_WC_SUCCESS);
  g_assert_cmpuint (gverbs_wc_get_status_value (copy), ==, GVERBS_WC_SUCCESS);
  copy->status = GVERBS_WC_REM_ACCESS_ERR;
  g_assert_cmpuint (gverbs_wc_get_status_value (copy), ==, GVERBS_WC_REM_ACCESS_ERR);
  copy->status = GVERBS_WC_SUCCESS;
  g_assert_cmpint (gverbs_wc_get_opcode (copy), ==, GVERBS_WC_RECV);
  g_assert_cmpuint (gverbs_wc_get_byte_len (copy), ==, 4096);
  g_assert_cmpuint (gverbs_wc_get_imm_data (copy), ==, 0x78563412);
  g_assert_cmpuint (gverbs_wc_get_invalidated_rkey (copy), ==, 0x78563412);
  g_assert_cmpuint (gverbs_wc_get_qp_num (copy), ==, 17);
  g_assert_cmpuint (gverbs_wc_get_src_qp (copy), ==, 18);
  g_assert_cmpuint (gverbs_wc_get_wc_flags (copy), ==, GVERBS_WC_GRH | GVERBS_WC_WITH_IMM);
  g_assert_cmpuint (gverbs_wc_get_pkey_index (copy), ==, 3);
  g_assert_cmpuint (gverbs_wc_get_slid (copy), ==, 4);
  g_assert_cmpuint (gverbs_wc_get_sl (copy), ==, 5);
  g_assert_cmpuint (gverbs_wc_get_dlid_path_bits (copy), ==, 6);
  g_assert_cmpuint (gverbs_wc_get_vendor_err (copy), ==, 0);
  g_assert_cmpuint (zero->wr_id, ==, 0);
  g_assert_cmpint (zero->status, ==, GVERBS_WC_SUCCESS);

  text = gverbs_wc_to_string (&wc);
  g_assert_cmpstr (text, ==,
                   "WR ID                 : 1234605616436508552 \n"
                   "status                : success             \n"
                   "opcode                : Receive             \n"
                   "vendor error          : 0                   \n"
                   "byte length           : 4096                \n"
                   "QP num                : 17                  \n"
                   "source QP             : 18                  \n"
                   "WC flags              : GRH With immediate  \n"
                   "pkey index            : 3                   \n"
                   "slid                  : 4                   \n"
                   "sl                    : 5                   \n"
                   "dlid path bits        : 6                   \n");
  g_assert_true (G_TYPE_IS_BOXED (GVERBS_TYPE_WC));
}

static void
test_wc_error (void)
{
  GVerbsWC good = { .wr_id = 1 };
  GVerbsWC bad = {
    .wr_id = 7, .status = GVERBS_WC_REM_ACCESS_ERR, .opcode = GVERBS_WC_RDMA_WRITE,
    .qp_num = 0x11, .vendor_err = 0x88,
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) copy = NULL;

  g_assert_true (gverbs_wc_check (&good, &error));
  g_assert_no_error (error);
  g_assert_null (gverbs_wc_to_error (&good));

  g_assert_false (gverbs_wc_check (&bad, &error));
  g_assert_error (error, GVERBS_WC_ERROR, GVERBS_WC_ERROR_REM_ACCESS_ERR);
  g_assert_cmpint (error->code, ==, GVERBS_WC_REM_ACCESS_ERR);
  g_assert_nonnull (strstr (error->message, "remote access error"));
  g_assert_nonnull (strstr (error->message, "wr_id 7"));
  g_assert_nonnull (strstr (error->message, "QP 0x11"));
  g_assert_nonnull (strstr (error->message, "vendor error 0x88"));

  copy = gverbs_wc_to_error (&bad);
  g_assert_error (copy, GVERBS_WC_ERROR, GVERBS_WC_REM_ACCESS_ERR);
  g_assert_cmpstr (copy->message, ==, error->message);
}

static void
test_wc_strings (void)
{
  g_assert_cmpstr (gverbs_wc_status_str (GVERBS_WC_SUCCESS), ==, "success");
  g_assert_cmpstr (gverbs_wc_status_str (GVERBS_WC_RNR_RETRY_EXC_ERR), ==, "RNR retry counter exceeded");
  g_assert_cmpstr (gverbs_wc_status_str (GVERBS_WC_WR_FLUSH_ERR), ==, "Work Request Flushed Error");
  g_assert_cmpstr (gverbs_wc_opcode_str (GVERBS_WC_SEND), ==, "Send");
  g_assert_cmpstr (gverbs_wc_opcode_str (GVERBS_WC_RECV_RDMA_WITH_IMM), ==, "Receive RDMA with immediate");
  g_assert_cmpstr (gverbs_wc_opcode_str (GVERBS_WC_FETCH_ADD), ==, "Fetch and add");
  g_assert_cmpstr (gverbs_wc_opcode_str ((GVerbsWCOpcode) 77), ==, "Unknown CQE opcode");
}

static void
test_cq_init_attr_ex (void)
{
  g_autoptr(GVerbsCqInitAttrEx) attr = gverbs_cq_init_attr_ex_new ();
  guint cqe = 0, vector = 7;
  GVerbsCreateCQWCFlags wc_flags = 1;
  GVerbsCompChannel *channel = (gpointer) 1;

  g_object_get (attr, "cqe", &cqe, "comp-vector", &vector, "wc-flags", &wc_flags,
                "channel", &channel, NULL);
  g_assert_cmpuint (cqe, ==, 100);
  g_assert_cmpuint (vector, ==, 0);
  g_assert_cmpuint (wc_flags, ==, 0);
  g_assert_null (channel);

  g_object_set (attr, "cqe", 7, "comp-vector", 2, "flags", GVERBS_CREATE_CQ_ATTR_SINGLE_THREADED,
                "comp-mask", GVERBS_CQ_INIT_ATTR_MASK_FLAGS, NULL);
  g_assert_cmpuint (gverbs_cq_init_attr_ex_get_cqe (attr), ==, 7);
  g_assert_cmpuint (gverbs_cq_init_attr_ex_get_comp_vector (attr), ==, 2);
  g_assert_cmpuint (gverbs_cq_init_attr_ex_get_flags (attr), ==, GVERBS_CREATE_CQ_ATTR_SINGLE_THREADED);
  g_assert_cmpuint (gverbs_cq_init_attr_ex_get_comp_mask (attr), ==, GVERBS_CQ_INIT_ATTR_MASK_FLAGS);
  gverbs_cq_init_attr_ex_set_comp_vector (attr, 0);
  gverbs_cq_init_attr_ex_set_flags (attr, 0);
  gverbs_cq_init_attr_ex_set_comp_mask (attr, 0);
  g_assert_cmpuint (gverbs_cq_init_attr_ex_get_comp_vector (attr), ==, 0);
  g_assert_cmpuint (gverbs_cq_init_attr_ex_get_flags (attr), ==, 0);
  g_assert_null (gverbs_cq_init_attr_ex_get_channel (attr));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/wc/fields", test_wc_fields);
  g_test_add_func ("/wc/error", test_wc_error);
  g_test_add_func ("/wc/strings", test_wc_strings);
  g_test_add_func ("/cq-init-attr-ex/properties", test_cq_init_attr_ex);
  return g_test_run ();
}
