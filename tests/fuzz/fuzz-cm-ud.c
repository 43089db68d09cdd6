/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Fuzz target: what a UD connection's rdma_cm event carries from the peer
 * and the device (QP number, Q_Key, the address vector, private data)
 * turned into a GVerbsUDParam and a GVerbsAHAttr, as the event channel does,
 * and connection parameters with private data as a script gives them. */
#include "config.h"

#include <infiniband/verbs.h>
#include "gverbs.h"
#include "gverbs-ud-param-private.h"
#include "gverbs-ah-attr-private.h"
#include "fuzz-common.h"

static void
fuzz_one (const guint8 *data,
          gsize         size)
{
  FuzzReader r = { data, size, 0 };
  struct ibv_ah_attr ah = { 0 };
  struct ibv_ah_attr out;
  guint32 qp_num, qkey;
  g_autoptr(GVerbsUDParam) param = NULL;
  g_autoptr(GVerbsConnParam) conn = gverbs_conn_param_new ();
  g_autoptr(GVerbsConnParam) conn_copy = NULL;
  g_autoptr(GBytes) private_data = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GVerbsAHAttr *attr;
  guint8 len;

  ah.dlid = fuzz_take (&r, 2);
  ah.sl = fuzz_take (&r, 1);
  ah.src_path_bits = fuzz_take (&r, 1);
  ah.static_rate = fuzz_take (&r, 1);
  ah.is_global = fuzz_take (&r, 1);
  ah.port_num = fuzz_take (&r, 1);
  for (guint i = 0; i < 16; i++)
    ah.grh.dgid.raw[i] = fuzz_take (&r, 1);
  ah.grh.flow_label = fuzz_take (&r, 4);
  ah.grh.sgid_index = fuzz_take (&r, 1);
  ah.grh.hop_limit = fuzz_take (&r, 1);
  ah.grh.traffic_class = fuzz_take (&r, 1);
  qp_num = fuzz_take (&r, 4);
  qkey = fuzz_take (&r, 4);

  param = _gverbs_ud_param_new (qp_num, qkey, &ah);
  g_assert_cmpuint (gverbs_ud_param_get_qp_num (param), ==, qp_num);
  g_assert_cmpuint (gverbs_ud_param_get_qkey (param), ==, qkey);
  attr = gverbs_ud_param_get_ah_attr (param);
  text = gverbs_ah_attr_to_string (attr);
  g_assert_nonnull (text);
  g_assert_true (_gverbs_ah_attr_fill (attr, &out, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (out.dlid, ==, ah.dlid);
  g_assert_cmpuint (out.sl, ==, ah.sl & 0xf);
  g_assert_cmpuint (out.src_path_bits, ==, ah.src_path_bits & 0x7f);
  g_assert_cmpuint (out.port_num, ==, ah.port_num);
  g_assert_cmpuint (out.is_global, ==, ah.is_global != 0);
  if (ah.is_global)
    {
      g_assert_cmpmem (out.grh.dgid.raw, 16, ah.grh.dgid.raw, 16);
      g_assert_cmpuint (out.grh.flow_label, ==, ah.grh.flow_label & 0xfffff);
      g_assert_cmpuint (out.grh.hop_limit, ==, ah.grh.hop_limit);
    }

  /* Private data: at most 255 bytes in an event (a u8 length). */
  len = r.pos < size ? data[r.pos] : 0;
  r.pos = MIN (r.pos + 1, size);
  private_data = g_bytes_new (data + r.pos, MIN ((gsize) len, size - r.pos));
  g_assert_cmpuint (g_bytes_get_size (private_data), <=, 255);

  conn->responder_resources = fuzz_take (&r, 1);
  conn->initiator_depth = fuzz_take (&r, 1);
  conn->flow_control = fuzz_take (&r, 1);
  conn->retry_count = fuzz_take (&r, 1);
  conn->rnr_retry_count = fuzz_take (&r, 1);
  conn->srq = fuzz_take (&r, 1);
  conn->qp_num = fuzz_take (&r, 4);
  conn_copy = gverbs_conn_param_copy (conn);
  g_assert_cmpuint (conn_copy->responder_resources, ==, conn->responder_resources);
  g_assert_cmpuint (conn_copy->initiator_depth, ==, conn->initiator_depth);
  g_assert_cmpuint (conn_copy->retry_count, ==, conn->retry_count);
  g_assert_cmpuint (conn_copy->rnr_retry_count, ==, conn->rnr_retry_count);
  g_assert_cmpuint (conn_copy->qp_num, ==, conn->qp_num);
}

static void
fuzz_seeds (GPtrArray *seeds)
{
  /* dlid, sl, path bits, rate, is_global, port, dgid, flow label, sgid
   * index, hop limit, traffic class, qp_num, qkey, private data */
  static const guint8 roce[] = {
    0, 0, 0, 0, 0, 1, 1,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 2, 15,
    0, 0, 0, 0, 1, 64, 0,
    0, 0, 0, 0x11, 0x11, 0x11, 0x11, 0x11,
    4, 'p', 'i', 'n', 'g', 1, 1, 0, 7, 7, 0, 0, 0, 0, 0x11,
  };
  static const guint8 ib[] = {
    0, 3, 15, 127, 3, 0, 1,
    0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
    0xff, 0xff, 0xff, 0xff, 0, 255, 255,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    255, 0xab,
  };

  fuzz_add_seed (seeds, roce, sizeof roce);
  fuzz_add_seed (seeds, ib, sizeof ib);
}
