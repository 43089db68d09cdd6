/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Thread domains and parent domains. On Soft-RoCE (rxe has neither
 * ibv_alloc_td nor ibv_alloc_parent_domain) each fails cleanly, naming the
 * rdma-core call and the device, and leaves nothing behind; the checks that
 * come before rdma-core (contexts, masks, closed inputs, a CQ's parent
 * domain) are tested on any device. /parent-domain/hardware/traffic needs a device
 * with parent domains (mlx5): a parent domain with custom allocators under
 * a CQEX and an RC pair, traffic, every allocation freed (listed in
 * tests/rxe-limitations.txt). */
#include <stdlib.h>
#include "qp-pair.h"

static void
assert_not_supported (const GError *error,
                      const char   *call)
{
  g_autofree char *expected = g_strdup_printf ("%s on %s: ", call, gverbs_test_device_name ());

  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, expected));
  g_assert_nonnull (strstr (error->message, "(EOPNOTSUPP)"));
}

/* Whether the device has parent domains (one allocated and freed). */
static gboolean
device_has_parent_domains (GVerbsContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = gverbs_pd_new (ctx, &error);
  g_autoptr(GVerbsParentDomainInitAttr) attr = gverbs_parent_domain_init_attr_new (pd, NULL, 0);
  g_autoptr(GVerbsParentDomain) parent = gverbs_parent_domain_new (ctx, attr, &error);

  return parent != NULL;
}

static guint
count_pds (void)
{
  g_autoptr(GPtrArray) rows = gverbs_test_rdma_resources ("pd");

  return rows->len;
}

static void
test_td_not_supported (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsTDInitAttr) attr = gverbs_td_init_attr_new (0);
  g_autoptr(GVerbsTD) td = NULL;
  g_autoptr(GError) error = NULL;

  if (ctx == NULL)
    return;
  if (device_has_parent_domains (ctx))
    {
      g_test_skip ("the device has thread domains: see /parent-domain/hardware");
      return;
    }
  td = gverbs_td_new (ctx, attr, &error);
  g_assert_null (td);
  assert_not_supported (error, "ibv_alloc_td");
  g_clear_error (&error);
  /* without attributes too */
  td = gverbs_td_new (ctx, NULL, &error);
  g_assert_null (td);
  assert_not_supported (error, "ibv_alloc_td");
  /* nothing is left under the context */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ctx), NULL));
}

static gpointer
counting_alloc_data (void)
{
  return g_new0 (guint, 2);
}

static guint64
counting_alloc (GVerbsParentDomainContext *pd_context,
                guint64                    size,
                guint64                    alignment,
                guint64                    resource_type,
                gpointer                   user_data)
{
  guint *counts = user_data;
  void *p = NULL;

  g_assert_cmpuint (alignment & (alignment - 1), ==, 0);
  if (posix_memalign (&p, MAX (alignment, sizeof (void *)), size) != 0)
    {
      gverbs_parent_domain_context_report_error (pd_context, "posix_memalign failed");
      return 0;
    }
  counts[0]++;
  return (guint64) (guintptr) p;
}

static void
counting_free (GVerbsParentDomainContext *pd_context,
               guint64                    address,
               guint64                    resource_type,
               gpointer                   user_data)
{
  guint *counts = user_data;

  counts[1]++;
  free ((void *) (guintptr) address);
}

static void
test_parent_domain_not_supported (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsParentDomainContext) pd_context = NULL;
  g_autoptr(GVerbsParentDomainInitAttr) attr = NULL;
  g_autoptr(GVerbsParentDomain) parent = NULL;
  g_autoptr(GError) error = NULL;
  guint *counts = counting_alloc_data ();
  guint pds;

  if (ctx == NULL)
    {
      g_free (counts);
      return;
    }
  if (device_has_parent_domains (ctx))
    {
      g_free (counts);
      g_test_skip ("the device has parent domains: see /parent-domain/hardware");
      return;
    }
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  pds = count_pds ();
  g_assert_cmpuint (pds, ==, 1);
  pd_context = gverbs_parent_domain_context_new (pd, counting_alloc, counts, g_free,
                                                 counting_free, counts, NULL);
  attr = gverbs_parent_domain_init_attr_new (pd, pd_context, 0);
  g_assert_cmphex (gverbs_parent_domain_init_attr_get_comp_mask (attr), ==,
                   GVERBS_PARENT_DOMAIN_INIT_ATTR_ALLOCATORS |
                   GVERBS_PARENT_DOMAIN_INIT_ATTR_PD_CONTEXT);
  parent = gverbs_parent_domain_new (ctx, attr, &error);
  g_assert_null (parent);
  assert_not_supported (error, "ibv_alloc_parent_domain");
  g_clear_error (&error);
  /* no allocator ran, no PD was added, and the PD is untouched */
  g_assert_cmpuint (counts[0], ==, 0);
  g_assert_cmpuint (counts[1], ==, 0);
  g_assert_cmpuint (count_pds (), ==, pds);
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (pd)));
  {
    g_autoptr(GVerbsMR) mr = gverbs_mr_new (pd, 4096, GVERBS_ACCESS_LOCAL_WRITE, &error);

    g_assert_no_error (error);
    g_assert_nonnull (mr);
  }
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ctx), NULL));
  g_assert_cmpuint (count_pds (), ==, 0);
}

/* What is checked before rdma-core is called, on any device. */
static void
test_bad_input (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsContext) other = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsPD) other_pd = NULL;
  g_autoptr(GError) error = NULL;

  if (ctx == NULL)
    return;
  other = gverbs_context_new (gverbs_test_device_name (), &error);
  g_assert_no_error (error);
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  other_pd = gverbs_pd_new (other, &error);
  g_assert_no_error (error);

  /* a PD of another context */
  {
    g_autoptr(GVerbsParentDomainInitAttr) attr = gverbs_parent_domain_init_attr_new (other_pd, NULL, 0);
    g_autoptr(GVerbsParentDomain) parent = gverbs_parent_domain_new (ctx, attr, &error);

    g_assert_null (parent);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_assert_true (g_str_has_prefix (error->message, "ibv_alloc_parent_domain on "));
    g_assert_nonnull (strstr (error->message, "same context"));
    g_clear_error (&error);
  }
  /* allocator bits without an allocator context */
  {
    g_autoptr(GVerbsParentDomainInitAttr) attr =
      gverbs_parent_domain_init_attr_new (pd, NULL, GVERBS_PARENT_DOMAIN_INIT_ATTR_ALLOCATORS);
    g_autoptr(GVerbsParentDomain) parent = gverbs_parent_domain_new (ctx, attr, &error);

    g_assert_null (parent);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "no pd_context"));
    g_clear_error (&error);
  }
  /* no PD at all */
  {
    g_autoptr(GVerbsParentDomainInitAttr) attr = gverbs_parent_domain_init_attr_new (NULL, NULL, 0);
    g_autoptr(GVerbsParentDomain) parent = gverbs_parent_domain_new (ctx, attr, &error);

    g_assert_null (parent);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
  }
  /* a thread domain with comp_mask bits rdma-core does not define */
  {
    g_autoptr(GVerbsTDInitAttr) attr = gverbs_td_init_attr_new (0x10);
    g_autoptr(GVerbsTD) td = gverbs_td_new (ctx, attr, &error);

    g_assert_null (td);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "comp_mask 0x10"));
    g_clear_error (&error);
  }
  /* a CQ's parent domain must be one, of the same context */
  {
    g_autoptr(GVerbsCqInitAttrEx) attr = gverbs_cq_init_attr_ex_new ();
    g_autoptr(GVerbsCQEX) cq = NULL;

    gverbs_cq_init_attr_ex_set_parent_domain (attr, pd);
    g_assert_true (gverbs_cq_init_attr_ex_get_parent_domain (attr) == pd);
    cq = gverbs_cq_ex_new (ctx, attr, &error);
    g_assert_null (cq);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "must be a parent domain"));
    g_clear_error (&error);
  }
  /* a closed PD */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (pd), NULL));
  {
    g_autoptr(GVerbsParentDomainInitAttr) attr = gverbs_parent_domain_init_attr_new (pd, NULL, 0);
    g_autoptr(GVerbsParentDomain) parent = gverbs_parent_domain_new (ctx, attr, &error);

    g_assert_null (parent);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
    g_clear_error (&error);
  }
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (other), NULL));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ctx), NULL));
  g_assert_cmpuint (count_pds (), ==, 0);
}

/* Needs a device with parent domains (mlx5): a thread domain, a parent
 * domain with counting allocators, a CQEX and an RC pair on it, a send
 * received and read back; every buffer the provider asked for is freed. */
static void
test_hardware_traffic (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsTD) td = NULL;
  g_autoptr(GVerbsParentDomainContext) pd_context = NULL;
  g_autoptr(GVerbsParentDomainInitAttr) attr = NULL;
  g_autoptr(GVerbsParentDomain) parent = NULL;
  guint *counts = counting_alloc_data ();
  guint counts_copy[2];
  QPPair p;
  GVerbsPD *ppd;

  if (!qp_pair_open (&p))
    {
      g_free (counts);
      return;
    }
  td = gverbs_td_new (p.ctx, NULL, &error);
  if (td == NULL)
    {
      assert_not_supported (error, "ibv_alloc_td");
      g_free (counts);
      qp_pair_clear (&p);
      g_test_skip ("the device has no thread or parent domains (rxe): needs mlx5");
      return;
    }
  pd_context = gverbs_parent_domain_context_new (p.pd, counting_alloc, counts, NULL,
                                                 counting_free, counts, NULL);
  attr = gverbs_parent_domain_init_attr_new (p.pd, pd_context, 0);
  gverbs_parent_domain_init_attr_set_td (attr, td);
  parent = gverbs_parent_domain_new (p.ctx, attr, &error);
  g_assert_no_error (error);
  ppd = GVERBS_PD (parent);
  g_assert_true (gverbs_parent_domain_get_pd (parent) == p.pd);

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GVerbsCqInitAttrEx) cia = gverbs_cq_init_attr_ex_new ();
      g_autoptr(GVerbsQPInitAttr) ia = NULL;
      GVerbsQPCap cap = { 16, 16, 1, 1, 0 };

      gverbs_cq_init_attr_ex_set_parent_domain (cia, ppd);
      p.cqx[i] = gverbs_cq_ex_new (p.ctx, cia, &error);
      g_assert_no_error (error);
      p.mr[i] = gverbs_mr_new (ppd, PAIR_MR_SIZE, GVERBS_ACCESS_LOCAL_WRITE, &error);
      g_assert_no_error (error);
      ia = gverbs_qp_init_attr_new (GVERBS_QPT_RC, GVERBS_CQ (p.cqx[i]), GVERBS_CQ (p.cqx[i]), &cap);
      p.qp[i] = gverbs_qp_new (ppd, ia, NULL, &error);
      g_assert_no_error (error);
    }
  /* the provider took the memory of the CQs and QPs from the allocator */
  g_assert_cmpuint (counts[0], >=, 4);
  g_assert_cmpuint (counts[1], ==, 0);
  for (guint i = 0; i < 2; i++)
    qp_connect_rc (p.qp[i], gverbs_qp_get_qp_num (p.qp[1 - i]), p.gid, p.gid_index, 7u,
                   GVERBS_ACCESS_LOCAL_WRITE);
  {
    GVerbsSGE rsge = mr_sge (p.mr[1], 0, 64), ssge = mr_sge (p.mr[0], 0, 64);
    g_autoptr(GVerbsRecvWR) rwr = gverbs_recv_wr_new_with_sg (7, &rsge, 1, &error);
    g_autoptr(GVerbsSendWR) swr = gverbs_send_wr_new_with_sg (8, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED,
                                                              0, &ssge, 1, &error);
    GVerbsWC wc[1];

    g_assert_no_error (error);

    fill_pattern (p.mr[0], 0, 64, 3);
    g_assert_true (gverbs_qp_post_recv (p.qp[1], rwr, 1, &error));
    g_assert_no_error (error);
    g_assert_true (gverbs_qp_post_send (p.qp[0], swr, 1, &error));
    g_assert_no_error (error);
    poll_n (GVERBS_CQ (p.cqx[0]), wc, 1);
    g_assert_cmpint (wc[0].status, ==, GVERBS_WC_SUCCESS);
    g_assert_cmpuint (wc[0].wr_id, ==, 8);
    poll_n (GVERBS_CQ (p.cqx[1]), wc, 1);
    g_assert_cmpint (wc[0].status, ==, GVERBS_WC_SUCCESS);
    g_assert_cmpuint (wc[0].wr_id, ==, 7);
    g_assert_cmpuint (wc[0].byte_len, ==, 64);
    assert_pattern (p.mr[1], 0, 64, 3);
  }
  /* closing the parent domain closes the QPs, MRs and CQs made on it, and
   * each buffer goes back to the deallocator */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (parent), &error));
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (p.qp[i])));
      g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (p.cqx[i])));
      g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (p.mr[i])));
    }
  memcpy (counts_copy, counts, sizeof counts_copy);
  g_assert_cmpuint (counts_copy[1], ==, counts_copy[0]);
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (p.pd)));
  qp_pair_clear (&p);
  g_clear_object (&parent);
  g_clear_object (&attr);
  g_clear_object (&pd_context);
  g_free (counts);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/parent-domain/td-not-supported", test_td_not_supported);
  g_test_add_func ("/parent-domain/not-supported", test_parent_domain_not_supported);
  g_test_add_func ("/parent-domain/bad-input", test_bad_input);
  g_test_add_func ("/parent-domain/hardware/traffic", test_hardware_traffic);
  return g_test_run ();
}
