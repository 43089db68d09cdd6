/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Fuzz target: work requests as a binding fills them (the public fields
 * and setters of GVerbsSendWR and GVerbsRecvWR, any values) and the send
 * WR's conversion to struct ibv_send_wr that a post does, for each QP type,
 * without a device and without posting. */
#include "config.h"

#include <infiniband/verbs.h>
#include "gverbs.h"
#include "gverbs-qp-private.h"
#include "fuzz-common.h"

static void
fill_send (FuzzReader   *r,
           GVerbsSendWR *wr)
{
  guint n_ops = fuzz_take (r, 1) % 24;

  for (guint i = 0; i < n_ops; i++)
    {
      g_autoptr(GError) error = NULL;
      GVerbsSGE sge;

      switch (fuzz_take (r, 1) % 9)
        {
        case 0:
          sge.addr = fuzz_take (r, 8);
          sge.length = fuzz_take (r, 4);
          sge.lkey = fuzz_take (r, 4);
          {
            guint index = fuzz_take (r, 1);

            if (gverbs_send_wr_set_sge (wr, index, &sge, &error))
              g_assert_cmpuint (wr->num_sge, >, index);
            else
              g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
          }
          break;
        case 1:
          gverbs_send_wr_set_wr_opcode (wr, (GVerbsWROpcode) fuzz_take (r, 4));
          break;
        case 2:
          gverbs_send_wr_set_wr_rdma (wr, fuzz_take (r, 4), fuzz_take (r, 8));
          break;
        case 3:
          gverbs_send_wr_set_wr_atomic (wr, fuzz_take (r, 4), fuzz_take (r, 8), fuzz_take (r, 8),
                                        fuzz_take (r, 8));
          break;
        case 4:
          gverbs_send_wr_set_wr_ud (wr, NULL, fuzz_take (r, 4), fuzz_take (r, 4));
          break;
        case 5:
          /* a binding writes the public field directly, any value */
          wr->num_sge = fuzz_take (r, 4);
          break;
        case 6:
          wr->send_flags = fuzz_take (r, 4);
          break;
        case 7:
          wr->imm_data = fuzz_take (r, 4);
          wr->remote_srqn = fuzz_take (r, 4);
          break;
        default:
          {
            g_autoptr(GVerbsSGE) got = gverbs_send_wr_dup_sge (wr, fuzz_take (r, 4));

            if (got != NULL)
              g_assert_cmpuint (wr->num_sge, >, 0);
          }
          break;
        }
    }
}

static void
fuzz_one (const guint8 *data,
          gsize         size)
{
  FuzzReader r = { data, size, 0 };
  static const int qp_types[] = { IBV_QPT_RC, IBV_QPT_UC, IBV_QPT_UD, IBV_QPT_RAW_PACKET,
                                   IBV_QPT_XRC_SEND, IBV_QPT_XRC_RECV, IBV_QPT_DRIVER };
  int qp_type = qp_types[fuzz_take (&r, 1) % G_N_ELEMENTS (qp_types)];
  g_autoptr(GVerbsSendWR) wr = gverbs_send_wr_new (fuzz_take (&r, 8), (GVerbsWROpcode) fuzz_take (&r, 1),
                                                   (GVerbsSendFlags) fuzz_take (&r, 1));
  g_autoptr(GVerbsSendWR) copy = NULL;
  g_autoptr(GVerbsRecvWR) recv = gverbs_recv_wr_new (fuzz_take (&r, 8));
  g_autoptr(GVerbsRecvWR) recv_copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *recv_text = NULL;
  struct ibv_send_wr d;
  guint n_recv;

  fill_send (&r, wr);
  copy = gverbs_send_wr_copy (wr);
  g_assert_cmpuint (copy->num_sge, ==, wr->num_sge);
  text = gverbs_send_wr_to_string (copy);
  g_assert_nonnull (text);

  memset (&d, 0xa5, sizeof d);
  if (_gverbs_qp_convert_send_wr_for_test (qp_type, copy, &d, &error))
    {
      g_assert_no_error (error);
      g_assert_cmpuint (copy->num_sge, <=, GVERBS_MAX_SGE);
      g_assert_cmpint (d.num_sge, ==, (int) copy->num_sge);
      g_assert_true (d.sg_list == (struct ibv_sge *) copy->sg_list);
      g_assert_cmpuint (d.wr_id, ==, copy->wr_id);
      g_assert_cmpuint ((guint) d.opcode, ==, (guint) copy->opcode);
      g_assert_cmpuint (d.send_flags, ==, copy->send_flags);
      g_assert_true (qp_type != IBV_QPT_UD);  /* no AH: a UD send is refused */
    }
  else
    {
      /* refused with a GError: too many SGEs, a UD send without an AH,
       * or whatever else the conversion checks */
      g_assert_nonnull (error);
      g_assert_true (error->domain == GVERBS_ERROR);
      if (copy->num_sge > GVERBS_MAX_SGE)
        g_assert_nonnull (strstr (error->message, "num_sge"));
    }

  n_recv = fuzz_take (&r, 1) % 20;
  for (guint i = 0; i < n_recv; i++)
    {
      GVerbsSGE sge = { fuzz_take (&r, 8), fuzz_take (&r, 4), fuzz_take (&r, 4) };
      g_autoptr(GError) e = NULL;

      if (fuzz_take (&r, 1) & 1)
        recv->num_sge = fuzz_take (&r, 4);
      else if (!gverbs_recv_wr_set_sge (recv, fuzz_take (&r, 1), &sge, &e))
        g_assert_error (e, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
    }
  recv_copy = gverbs_recv_wr_copy (recv);
  g_assert_cmpuint (recv_copy->num_sge, ==, recv->num_sge);
  recv_text = gverbs_recv_wr_to_string (recv_copy);
  g_assert_nonnull (recv_text);
  for (guint i = 0; i < 20; i++)
    {
      g_autoptr(GVerbsSGE) got = gverbs_recv_wr_dup_sge (recv_copy, i);

      g_assert_true ((got != NULL) == (i < recv_copy->num_sge && i < GVERBS_MAX_SGE));
    }
}

static void
fuzz_seeds (GPtrArray *seeds)
{
  /* qp type index, wr_id, opcode, flags, recv wr_id, op count, ops ... */
  static const guint8 rc_send[] = {
    0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 2, 0, 0, 0, 0, 0, 0, 0, 2,
    2, 0, 0, 0, 0, 0, 0, 0x10, 0, 0, 0, 0, 64, 0, 0, 0, 1, 0,
    2, 0, 0, 0, 7, 0, 0, 0, 0, 0x20, 0, 0, 0,
    2, 0, 0, 0, 0, 0, 0, 0x10, 0, 0, 0, 0, 64, 0, 0, 0, 1,
  };
  static const guint8 ud_send[] = {
    2, 0, 0, 0, 0, 0, 0, 0, 9, 2, 2, 0, 0, 0, 0, 0, 0, 0, 3,
    2, 4, 0, 0, 0, 0x11, 0x11, 0x11, 0x11, 0x11,
  };
  static const guint8 atomic[] = {
    0, 0, 0, 0, 0, 0, 0, 0, 3, 5, 2, 0, 0, 0, 0, 0, 0, 0, 1,
    1, 3, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0x10, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2,
  };
  static const guint8 many_sges[] = {
    1, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2,
    5, 0, 0, 0, 17, 5, 0xff, 0xff, 0xff, 0xff,
  };

  fuzz_add_seed (seeds, rc_send, sizeof rc_send);
  fuzz_add_seed (seeds, ud_send, sizeof ud_send);
  fuzz_add_seed (seeds, atomic, sizeof atomic);
  fuzz_add_seed (seeds, many_sges, sizeof many_sges);
}
