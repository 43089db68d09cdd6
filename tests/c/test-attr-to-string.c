/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* The to_string() of the attribute objects, linked from the library's
 * objects so the read-only ones can be made from a filled rdma-core struct:
 * each is printed for structs filled with several byte patterns and the
 * text's SHA-256 compared with the one the hand-written printers gave
 * (recorded before they became tables of rows), plus a few exact lines. */
#include "config.h"

#include <string.h>
#include <infiniband/verbs.h>
#include "gverbs.h"
#include "gverbs-device-attr-private.h"
#include "gverbs-device-attr-ex-private.h"
#include "gverbs-port-attr-private.h"
#ifdef GVERBS_TEST_MLX5
#include <infiniband/mlx5dv.h>
#include "mlx5/gverbs-mlx5-attr.h"
#include "mlx5/gverbs-mlx5-private.h"
#endif

/* Fills @size bytes with a pattern that depends on @seed: small and large
 * values, bits high and low, negative ints. */
static void
fill (gpointer p,
      gsize    size,
      guint    seed)
{
  guint8 *b = p;

  for (gsize i = 0; i < size; i++)
    b[i] = (guint8) ((i * 37u + seed * 101u) ^ (seed & 1 ? 0xa5 : 0x00));
  if (seed == 0)
    memset (p, 0, size);
}

typedef char *(*PrintFunc) (guint seed);

static char *
print_device_attr (guint seed)
{
  struct ibv_device_attr a;
  g_autoptr(GVerbsDeviceAttr) attr = NULL;

  fill (&a, sizeof a, seed);
  g_strlcpy (a.fw_ver, seed ? "20.31.1014" : "", sizeof a.fw_ver);
  attr = _gverbs_device_attr_new (&a);
  return gverbs_device_attr_to_string (attr);
}

static char *
print_device_attr_ex (guint seed)
{
  struct ibv_device_attr_ex a;
  g_autoptr(GVerbsDeviceAttrEx) attr = NULL;

  fill (&a, sizeof a, seed);
  g_strlcpy (a.orig_attr.fw_ver, "1.2.3", sizeof a.orig_attr.fw_ver);
  attr = _gverbs_device_attr_ex_new (&a);
  return gverbs_device_attr_ex_to_string (attr);
}

static char *
print_port_attr (guint seed)
{
  struct ibv_port_attr a;
  g_autoptr(GVerbsPortAttr) attr = NULL;

  fill (&a, sizeof a, seed);
  if (seed == 2)
    {
      a.state = IBV_PORT_ACTIVE;
      a.max_mtu = IBV_MTU_4096;
      a.active_mtu = IBV_MTU_1024;
      a.link_layer = IBV_LINK_LAYER_ETHERNET;
      a.active_width = 2;
      a.active_speed = 32;
      a.phys_state = 5;
    }
  attr = _gverbs_port_attr_new (&a);
  return gverbs_port_attr_to_string (attr);
}

static char *
print_qp_cap (guint seed)
{
  GVerbsQPCap cap;

  fill (&cap, sizeof cap, seed);
  return gverbs_qp_cap_to_string (&cap);
}

static char *
print_srq_attr (guint seed)
{
  GVerbsSrqAttr attr;

  fill (&attr, sizeof attr, seed);
  return gverbs_srq_attr_to_string (&attr);
}

static char *
print_cq_init_attr_ex (guint seed)
{
  g_autoptr(GVerbsCqInitAttrEx) attr = NULL;
  guint32 v[4];

  fill (v, sizeof v, seed);
  attr = g_object_new (GVERBS_TYPE_CQ_INIT_ATTR_EX, "cqe", v[0] >> 1,
                       "wc-flags", (guint64) (v[1] & 0x3ff), "comp-mask", v[2] & 0x3,
                       "flags", v[3] & 0x1, NULL);
  return gverbs_cq_init_attr_ex_to_string (attr);
}

#ifdef GVERBS_TEST_MLX5
static char *
print_mlx5_context (guint seed)
{
  struct mlx5dv_context a;
  g_autoptr(GVerbsMlx5DVContext) attr = NULL;

  fill (&a, sizeof a, seed);
  attr = _gverbs_mlx5_dv_context_new (&a);
  return gverbs_mlx5_dv_context_to_string (attr);
}

static char *
print_mlx5_port (guint seed)
{
  struct mlx5dv_port a;
  g_autoptr(GVerbsMlx5DVPortAttr) attr = NULL;

  fill (&a, sizeof a, seed);
  attr = _gverbs_mlx5_dv_port_attr_new (&a);
  return gverbs_mlx5_dv_port_attr_to_string (attr);
}

static char *
print_mlx5_writable (guint seed)
{
  g_autoptr(GVerbsMlx5DVContextAttr) ctx = NULL;
  g_autoptr(GVerbsMlx5DVDCInitAttr) dc = NULL;
  g_autoptr(GVerbsMlx5DVQPInitAttr) qp = NULL;
  g_autoptr(GVerbsMlx5DVCQInitAttr) cq = NULL;
  g_autofree char *a = NULL, *b = NULL, *c = NULL;
  guint32 v[6];

  fill (v, sizeof v, seed);
  ctx = gverbs_mlx5_dv_context_attr_new (v[0] & 1, ((guint64) v[1] << 32) | v[2]);
  dc = gverbs_mlx5_dv_dc_init_attr_new ((int) (v[3] & 1), v[4]);
  qp = gverbs_mlx5_dv_qp_init_attr_new (v[0] & 0x7, v[1] & 0x3f, dc, v[2] & 0x7);
  cq = gverbs_mlx5_dv_cq_init_attr_new (v[3] & 0x7, v[4] & 0x7, v[5] & 0x1, v[5] >> 16);
  a = gverbs_mlx5_dv_context_attr_to_string (ctx);
  b = gverbs_mlx5_dv_qp_init_attr_to_string (qp);
  c = gverbs_mlx5_dv_cq_init_attr_to_string (cq);
  return g_strconcat (a, b, c, NULL);
}
#endif

typedef struct {
  const char *name;
  PrintFunc print;
  const char *sha256;
} Case;

static const Case cases[] = {
  { "device-attr", print_device_attr, "b3c3d3f58b987301e73b9a421b6a073be219ead11a9aa4f788fc88b4e41fc9f7" },
  { "device-attr-ex", print_device_attr_ex, "ce7e086a312ce34b6792618e2e197b9a87d6703a50bf0049950aead85ad2bdaf" },
  { "port-attr", print_port_attr, "9bc823a33950a7db053bbd314c25eac9323740c1fb36adee19b48eb098e3b38b" },
  { "qp-cap", print_qp_cap, "fe96c0a1ba8662920744a9293e926d3e6b4a2ad420e9982fdc1755da86fa41a7" },
  { "srq-attr", print_srq_attr, "e8bd4e41681361d8de76e4fe7dbe32ec7460fba163c4bf01fd2f95bd787554ac" },
  { "cq-init-attr-ex", print_cq_init_attr_ex, "682851b0d1f48c5ed158973fbe873af04120ab60c493b1d4a72044ceafea2e3d" },
#ifdef GVERBS_TEST_MLX5
  { "mlx5-context", print_mlx5_context, "dd424e4849a8f49a2ada58359fe371e9f9255e35e7a0111381338fa952c6052d" },
  { "mlx5-port", print_mlx5_port, "e910a0b165b50ad9d160acd2fecfe50fb1ab9b4926a5ea6c7a314293274d79f4" },
  { "mlx5-writable", print_mlx5_writable, "fba161ee7f605b96c4e1ae1e1c7aabcdb796d8b03194ed6234b766e239bb8c97" },
#endif
};

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  g_autoptr(GString) all = g_string_new (NULL);
  g_autofree char *sum = NULL;

  for (guint seed = 0; seed < 4; seed++)
    {
      g_autofree char *text = c->print (seed);

      g_assert_nonnull (text);
      g_assert_true (g_str_has_suffix (text, "\n"));
      g_string_append (all, text);
    }
  sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, all->str, -1);
  if (g_getenv ("GVERBS_TEST_PRINT") != NULL)
    {
      g_printerr ("%s\n%s%s\n", c->name, all->str, sum);
      return;
    }
  g_assert_cmpstr (sum, ==, c->sha256);
}

/* A few lines spelled out, so a reader sees the layout the sums stand for. */
static void
test_lines (void)
{
  GVerbsQPCap cap = { 16, 32, 1, 2, 64 };
  GVerbsSrqAttr srq = { 100, 4, 10 };
  g_autofree char *cap_text = gverbs_qp_cap_to_string (&cap);
  g_autofree char *srq_text = gverbs_srq_attr_to_string (&srq);
  g_autofree char *dev_text = print_device_attr (1);

  g_assert_cmpstr (cap_text, ==,
                   "max send wrs        : 16                  \n"
                   "max recv wrs        : 32                  \n"
                   "max send sges       : 1                   \n"
                   "max recv sges       : 2                   \n"
                   "max inline data     : 64                  \n");
  g_assert_cmpstr (srq_text, ==,
                   "Max WR              : 100                 \n"
                   "Max SGE             : 4                   \n"
                   "SRQ limit           : 10                  \n");
  g_assert_true (g_str_has_prefix (dev_text, "FW version            : 20.31.1014          \n"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/attr-to-string/%s", cases[i].name);

      g_test_add_data_func (path, &cases[i], test_case);
    }
  g_test_add_func ("/attr-to-string/lines", test_lines);
  return g_test_run ();
}
