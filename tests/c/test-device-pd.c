/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include <string.h>
#include "gverbs-test-util.h"

static guint
count_pds (void)
{
  g_autoptr(GPtrArray) pds = gverbs_test_rdma_resources ("pd");

  return pds->len;
}

static void
test_alloc_and_close (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsPD) pd2 = NULL;
  g_autoptr(GPtrArray) pds = NULL;
  guint handle = G_MAXUINT;

  if (ctx == NULL)
    return;
  g_assert_cmpuint (count_pds (), ==, 0);

  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_pd_get_context (pd) == ctx);
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (pd)));
  pd2 = gverbs_context_alloc_pd (ctx, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (gverbs_pd_get_handle (pd), !=, gverbs_pd_get_handle (pd2));
  g_object_get (pd, "handle", &handle, NULL);
  g_assert_cmpuint (handle, ==, gverbs_pd_get_handle (pd));

  /* the kernel sees both, owned by this process, on the device under test */
  pds = gverbs_test_rdma_resources ("pd");
  g_assert_cmpuint (pds->len, ==, 2);
  g_assert_cmpstr (g_hash_table_lookup (pds->pdata[0], "dev"), ==, gverbs_test_device_name ());

  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (pd), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (pd)));
  g_assert_cmpuint (count_pds (), ==, 1);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (pd), &error));  /* idempotent */
  g_assert_no_error (error);
  g_assert_cmpuint (gverbs_pd_get_handle (pd), ==, 0);
}

static void
test_context_close_closes_pds (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) pds = g_ptr_array_new_with_free_func (g_object_unref);
  gboolean closed = FALSE;

  if (ctx == NULL)
    return;
  for (guint i = 0; i < 16; i++)
    {
      GVerbsPD *pd = gverbs_pd_new (ctx, &error);

      g_assert_no_error (error);
      g_ptr_array_add (pds, pd);
    }
  g_assert_cmpuint (count_pds (), ==, 16);
  /* closing the parent closes every live child first */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ctx), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_pds (), ==, 0);
  for (guint i = 0; i < pds->len; i++)
    {
      g_object_get (pds->pdata[i], "closed", &closed, NULL);
      g_assert_true (closed);
    }
}

static void
test_pd_keeps_context_alive (void)
{
  GVerbsContext *ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  GWeakRef weak;

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  g_weak_ref_init (&weak, ctx);
  g_object_unref (ctx);
  /* the PD's reference keeps the context open */
  ctx = g_weak_ref_get (&weak);
  g_assert_nonnull (ctx);
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (ctx)));
  g_object_unref (ctx);
  g_clear_object (&pd);
  ctx = g_weak_ref_get (&weak);
  g_assert_null (ctx);
  g_weak_ref_clear (&weak);
  g_assert_cmpuint (count_pds (), ==, 0);
}

static void
test_alloc_on_closed_context (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;

  if (ctx == NULL)
    return;
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ctx), NULL));
  pd = gverbs_pd_new (ctx, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_assert_nonnull (strstr (error->message, gverbs_test_device_name ()));
  g_assert_null (pd);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/pd/alloc-and-close", test_alloc_and_close);
  g_test_add_func ("/pd/context-close-closes-pds", test_context_close_closes_pds);
  g_test_add_func ("/pd/keeps-context-alive", test_pd_keeps_context_alive);
  g_test_add_func ("/pd/alloc-on-closed-context", test_alloc_on_closed_context);
  return g_test_run ();
}
