/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include <string.h>
#include "gverbs-test-util.h"

/* `rdma resource show pd` has no memory windows, but counts each one as a
 * user of its PD: the kernel's view of our MWs. */
static gint64
pd_users (void)
{
  g_autoptr(GPtrArray) pds = gverbs_test_rdma_resources ("pd");

  g_assert_cmpuint (pds->len, ==, 1);
  return gverbs_test_parse_number (g_hash_table_lookup (pds->pdata[0], "users"));
}

static void
test_alloc_both_types (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GPtrArray) mws = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GHashTable) rkeys = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GHashTable) handles = g_hash_table_new (g_direct_hash, g_direct_equal);

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  g_assert_cmpint (pd_users (), ==, 0);

  for (guint i = 0; i < 8; i++)
    {
      GVerbsMWType type = i % 2 ? GVERBS_MW_TYPE_2 : GVERBS_MW_TYPE_1;
      GVerbsMW *mw = i < 4 ? gverbs_mw_new (pd, type, &error) : gverbs_pd_alloc_mw (pd, type, &error);
      GVerbsMWType prop_type = 0;
      guint rkey = 0, handle = 0;
      GVerbsPD *prop_pd = NULL;
      gboolean closed = TRUE;

      g_assert_no_error (error);
      g_ptr_array_add (mws, mw);
      g_object_get (mw, "type", &prop_type, "rkey", &rkey, "handle", &handle, "pd", &prop_pd,
                    "closed", &closed, NULL);
      g_assert_cmpint (prop_type, ==, type);
      g_assert_cmpint (gverbs_mw_get_mw_type (mw), ==, type);
      g_assert_cmpuint (rkey, ==, gverbs_mw_get_rkey (mw));
      g_assert_cmpuint (handle, ==, gverbs_mw_get_handle (mw));
      g_assert_true (prop_pd == pd);
      g_assert_true (gverbs_mw_get_pd (mw) == pd);
      g_object_unref (prop_pd);
      g_assert_false (closed);
      g_assert_cmpuint (rkey, !=, 0);
      /* distinct rkeys and handles across both types */
      g_assert_false (g_hash_table_contains (rkeys, GUINT_TO_POINTER (rkey)));
      g_assert_false (g_hash_table_contains (handles, GUINT_TO_POINTER (handle)));
      g_hash_table_add (rkeys, GUINT_TO_POINTER (rkey));
      g_hash_table_add (handles, GUINT_TO_POINTER (handle));
      g_assert_cmpint (pd_users (), ==, i + 1);
    }

  for (guint i = 0; i < mws->len; i++)
    {
      g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (mws->pdata[i]), &error));
      g_assert_no_error (error);
      g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (mws->pdata[i])));
      g_assert_cmpuint (gverbs_mw_get_rkey (mws->pdata[i]), ==, 0);
      g_assert_cmpuint (gverbs_mw_get_handle (mws->pdata[i]), ==, 0);
      g_assert_cmpint (pd_users (), ==, mws->len - i - 1);
      g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (mws->pdata[i]), &error));  /* idempotent */
      g_assert_no_error (error);
    }
}

static void
test_dealloc_frees_the_kernel_object (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  GVerbsMW *first;
  g_autoptr(GVerbsMW) second = NULL;
  g_autoptr(GVerbsMW) third = NULL;
  guint32 handle;

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  first = gverbs_mw_new (pd, GVERBS_MW_TYPE_2, &error);
  g_assert_no_error (error);
  handle = gverbs_mw_get_handle (first);
  second = gverbs_mw_new (pd, GVERBS_MW_TYPE_1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (pd_users (), ==, 2);
  /* dropping the last reference deallocates; the kernel reuses the lowest
   * free handle */
  g_object_unref (first);
  g_assert_cmpint (pd_users (), ==, 1);
  third = gverbs_mw_new (pd, GVERBS_MW_TYPE_1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (gverbs_mw_get_handle (third), ==, handle);
}

static void
test_wrong_type (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  GVerbsMW *mw;

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  mw = gverbs_mw_new (pd, 3, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "ibv_alloc_mw"));
  g_assert_null (mw);
  g_clear_error (&error);
  mw = gverbs_mw_new (pd, 0, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_null (mw);
  g_assert_cmpint (pd_users (), ==, 0);
}

static void
test_mw_keeps_pd_alive (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  GVerbsPD *pd;
  g_autoptr(GVerbsMW) mw = NULL;
  GWeakRef weak;

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  mw = gverbs_mw_new (pd, GVERBS_MW_TYPE_1, &error);
  g_assert_no_error (error);
  g_weak_ref_init (&weak, pd);
  g_object_unref (pd);
  pd = g_weak_ref_get (&weak);
  g_assert_nonnull (pd);
  g_object_unref (pd);
  g_assert_cmpint (pd_users (), ==, 1);
  g_clear_object (&mw);
  pd = g_weak_ref_get (&weak);
  g_assert_null (pd);
  g_weak_ref_clear (&weak);
  {
    g_autoptr(GPtrArray) pds = gverbs_test_rdma_resources ("pd");

    g_assert_cmpuint (pds->len, ==, 0);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mw/alloc-both-types", test_alloc_both_types);
  g_test_add_func ("/mw/dealloc-frees-the-kernel-object", test_dealloc_frees_the_kernel_object);
  g_test_add_func ("/mw/wrong-type", test_wrong_type);
  g_test_add_func ("/mw/keeps-pd-alive", test_mw_keeps_pd_alive);
  return g_test_run ();
}
