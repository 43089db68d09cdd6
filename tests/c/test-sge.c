/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include <string.h>
#include <gverbs.h>

static void
test_sge_boxed (void)
{
  g_autoptr(GVerbsSGE) sge = gverbs_sge_new (G_GUINT64_CONSTANT (0x123456789abc), 4096, 0xdeadbeef);
  g_autoptr(GVerbsSGE) copy = NULL;
  GVerbsSGE stack = { 1, 2, 3 };
  GVerbsSGE *boxed;

  g_assert_cmpuint (sge->addr, ==, G_GUINT64_CONSTANT (0x123456789abc));
  g_assert_cmpuint (sge->length, ==, 4096);
  g_assert_cmpuint (sge->lkey, ==, 0xdeadbeef);
  copy = gverbs_sge_copy (sge);
  g_assert_true (copy != sge);
  g_assert_cmpmem (copy, sizeof *copy, sge, sizeof *sge);
  /* same layout as struct ibv_sge: 16 bytes, addr first */
  g_assert_cmpuint (sizeof (GVerbsSGE), ==, 16);
  boxed = g_boxed_copy (GVERBS_TYPE_SGE, &stack);
  g_assert_cmpuint (boxed->addr, ==, 1);
  g_assert_cmpuint (boxed->length, ==, 2);
  g_assert_cmpuint (boxed->lkey, ==, 3);
  g_boxed_free (GVERBS_TYPE_SGE, boxed);
  gverbs_sge_free (NULL);
}

static void
test_mr_without_pd (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsMR) mr = g_object_new (GVERBS_TYPE_MR, "length", (guint64) 100, NULL);
  g_autoptr(GVerbsMW) mw = g_object_new (GVERBS_TYPE_MW, NULL);
  g_autoptr(GBytes) data = NULL;

  g_assert_false (g_initable_init (G_INITABLE (mr), NULL, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  /* the failure sticks; the object is inert */
  g_assert_false (g_initable_init (G_INITABLE (mr), NULL, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (mr)));
  /* a call on it says why it is not usable */
  data = gverbs_mr_read (mr, 1, 0, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_INITIALIZED);
  g_assert_nonnull (strstr (error->message, "needs a protection domain"));
  g_assert_null (data);
  g_clear_error (&error);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (mr), &error));
  g_assert_no_error (error);

  g_assert_false (g_initable_init (G_INITABLE (mw), NULL, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (mw)));
  g_assert_cmpint (gverbs_mw_get_mw_type (mw), ==, GVERBS_MW_TYPE_1);
}

/* The one-call constructors bindings use (issue 13): the same request as
 * new() plus set_sge() per buffer, and too many buffers an error. */
static void
test_wr_new_with_sg (void)
{
  GVerbsSGE sg[2] = { { 0x1000, 64, 7 }, { 0x2000, 8, 9 } };
  GVerbsSGE many[GVERBS_MAX_SGE + 1] = { { 0 } };
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsSendWR) send = NULL;
  g_autoptr(GVerbsRecvWR) recv = NULL;
  g_autoptr(GVerbsSGE) second = NULL;

  send = gverbs_send_wr_new_with_sg (3, GVERBS_WR_RDMA_WRITE, GVERBS_SEND_SIGNALED, 5, sg, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (send->wr_id, ==, 3);
  g_assert_cmpint (send->opcode, ==, GVERBS_WR_RDMA_WRITE);
  g_assert_cmpuint (send->send_flags, ==, GVERBS_SEND_SIGNALED);
  g_assert_cmpuint (send->imm_data, ==, 5);
  g_assert_cmpuint (send->num_sge, ==, 2);
  second = gverbs_send_wr_dup_sge (send, 1);
  g_assert_cmpuint (second->addr, ==, 0x2000);
  g_assert_cmpuint (second->lkey, ==, 9);

  recv = gverbs_recv_wr_new_with_sg (4, sg, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (recv->num_sge, ==, 1);
  g_assert_cmpuint (recv->sg_list[0].length, ==, 64);

  g_assert_null (gverbs_send_wr_new_with_sg (1, GVERBS_WR_SEND, 0, 0, many, G_N_ELEMENTS (many), &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  g_assert_null (gverbs_recv_wr_new_with_sg (1, many, G_N_ELEMENTS (many), &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sge/boxed", test_sge_boxed);
  g_test_add_func ("/mr/without-pd", test_mr_without_pd);
  g_test_add_func ("/wr/new-with-sg", test_wr_new_with_sg);
  return g_test_run ();
}
