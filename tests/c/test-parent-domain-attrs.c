/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Host tests: thread and parent domain attributes and the allocator context
 * of a parent domain, with no device: the C allocator is called through the
 * same path a provider takes, its reported failure becomes a GError, a
 * buffer returned with a failure goes back to the deallocator, and the user
 * data is released once. */
#include <string.h>
#include <gverbs.h>

typedef struct {
  guint allocs, frees, destroyed;
  guint64 last_freed;
  gboolean fail;
  guint64 result;
} Counts;

static guint64
alloc_cb (GVerbsParentDomainContext *pd_context,
          guint64                    size,
          guint64                    alignment,
          guint64                    resource_type,
          gpointer                   user_data)
{
  Counts *c = user_data;

  c->allocs++;
  g_assert_cmpuint (size, ==, 256);
  g_assert_cmpuint (alignment, ==, 64);
  g_assert_cmphex (resource_type, ==, G_GUINT64_CONSTANT (0x100000002));
  if (c->fail)
    gverbs_parent_domain_context_report_error (pd_context, "pool exhausted");
  return c->result;
}

static void
free_cb (GVerbsParentDomainContext *pd_context,
         guint64                    address,
         guint64                    resource_type,
         gpointer                   user_data)
{
  Counts *c = user_data;

  c->frees++;
  c->last_freed = address;
}

static void
destroy_cb (gpointer user_data)
{
  ((Counts *) user_data)->destroyed++;
}

static void
test_allocator_context (void)
{
  Counts c = { 0, 0, 0, 0, FALSE, 0x7000 };
  GVerbsParentDomainContext *ctx;
  GError *error = NULL;
  guint64 address;

  ctx = gverbs_parent_domain_context_new (NULL, alloc_cb, &c, destroy_cb, free_cb, &c, destroy_cb);
  g_assert_true (gverbs_parent_domain_context_has_allocators (ctx));
  g_assert_null (gverbs_parent_domain_context_get_pd (ctx));

  address = gverbs_parent_domain_context_alloc (ctx, 256, 64, G_GUINT64_CONSTANT (0x100000002), &error);
  g_assert_no_error (error);
  g_assert_cmphex (address, ==, 0x7000);
  gverbs_parent_domain_context_free (ctx, address, G_GUINT64_CONSTANT (0x100000002));
  g_assert_cmpuint (c.frees, ==, 1);
  g_assert_cmphex (c.last_freed, ==, 0x7000);

  /* the default allocator: passed through, never freed */
  c.result = GVERBS_ALLOCATOR_USE_DEFAULT;
  address = gverbs_parent_domain_context_alloc (ctx, 256, 64, G_GUINT64_CONSTANT (0x100000002), &error);
  g_assert_no_error (error);
  g_assert_cmphex (address, ==, GVERBS_ALLOCATOR_USE_DEFAULT);
  gverbs_parent_domain_context_free (ctx, address, 0);
  g_assert_cmpuint (c.frees, ==, 1);

  /* no memory */
  c.result = 0;
  address = gverbs_parent_domain_context_alloc (ctx, 256, 64, G_GUINT64_CONSTANT (0x100000002), &error);
  g_assert_cmphex (address, ==, 0);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_MEMORY);
  g_assert_cmpstr (error->message, ==, "the parent domain's allocator failed for 256 bytes aligned "
                   "to 64 (resource type 0x100000002): it returned no memory");
  g_clear_error (&error);

  /* a reported failure wins over the address returned, which goes back */
  c.fail = TRUE;
  c.result = 0x9000;
  address = gverbs_parent_domain_context_alloc (ctx, 256, 64, G_GUINT64_CONSTANT (0x100000002), &error);
  g_assert_cmphex (address, ==, 0);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_MEMORY);
  g_assert_true (g_str_has_suffix (error->message, "): pool exhausted"));
  g_clear_error (&error);
  g_assert_cmpuint (c.frees, ==, 2);
  g_assert_cmphex (c.last_freed, ==, 0x9000);
  /* and the next allocation starts clean */
  c.fail = FALSE;
  address = gverbs_parent_domain_context_alloc (ctx, 256, 64, G_GUINT64_CONSTANT (0x100000002), &error);
  g_assert_no_error (error);
  g_assert_cmphex (address, ==, 0x9000);
  g_assert_cmpuint (c.allocs, ==, 5);

  /* a report outside a running allocator is ignored */
  gverbs_parent_domain_context_report_error (ctx, "stray");
  address = gverbs_parent_domain_context_alloc (ctx, 256, 64, G_GUINT64_CONSTANT (0x100000002), &error);
  g_assert_no_error (error);

  /* replacing the functions releases the old data, finalize the new */
  g_assert_cmpuint (c.destroyed, ==, 0);
  gverbs_parent_domain_context_set_allocators (ctx, alloc_cb, &c, destroy_cb, free_cb, &c, NULL);
  g_assert_cmpuint (c.destroyed, ==, 2);
  g_object_unref (ctx);
  g_assert_cmpuint (c.destroyed, ==, 3);
}

static void
test_init_attrs (void)
{
  Counts c = { 0 };
  g_autoptr(GVerbsParentDomainContext) ctx =
    gverbs_parent_domain_context_new (NULL, alloc_cb, &c, NULL, free_cb, &c, NULL);
  g_autoptr(GVerbsParentDomainInitAttr) attr = gverbs_parent_domain_init_attr_new (NULL, ctx, 0);
  g_autoptr(GVerbsParentDomainInitAttr) plain =
    gverbs_parent_domain_init_attr_new (NULL, NULL, GVERBS_PARENT_DOMAIN_INIT_ATTR_PD_CONTEXT);
  g_autoptr(GVerbsTDInitAttr) td_attr = gverbs_td_init_attr_new (0);
  guint mask = 0;

  g_assert_cmphex (gverbs_parent_domain_init_attr_get_comp_mask (attr), ==,
                   GVERBS_PARENT_DOMAIN_INIT_ATTR_ALLOCATORS | GVERBS_PARENT_DOMAIN_INIT_ATTR_PD_CONTEXT);
  g_object_get (attr, "comp-mask", &mask, NULL);
  g_assert_cmphex (mask, ==, 0);   /* the property keeps what was set */
  g_assert_true (gverbs_parent_domain_init_attr_get_pd_context (attr) == ctx);
  g_assert_null (gverbs_parent_domain_init_attr_get_td (attr));
  g_assert_null (gverbs_parent_domain_init_attr_get_pd (attr));
  g_assert_cmphex (gverbs_parent_domain_init_attr_get_comp_mask (plain), ==,
                   GVERBS_PARENT_DOMAIN_INIT_ATTR_PD_CONTEXT);
  g_assert_cmpuint (gverbs_td_init_attr_get_comp_mask (td_attr), ==, 0);
  g_object_set (td_attr, "comp-mask", 4u, NULL);
  g_assert_cmpuint (gverbs_td_init_attr_get_comp_mask (td_attr), ==, 4);
  /* the CQ attributes' parent domain slot */
  {
    g_autoptr(GVerbsCqInitAttrEx) cq = gverbs_cq_init_attr_ex_new ();

    g_assert_null (gverbs_cq_init_attr_ex_get_parent_domain (cq));
    gverbs_cq_init_attr_ex_set_parent_domain (cq, NULL);
    g_assert_null (gverbs_cq_init_attr_ex_get_parent_domain (cq));
  }
  /* a parent domain is a PD */
  g_assert_true (g_type_is_a (GVERBS_TYPE_PARENT_DOMAIN, GVERBS_TYPE_PD));
  g_assert_true (G_TYPE_IS_DERIVABLE (GVERBS_TYPE_PD));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/parent-domain/allocator-context", test_allocator_context);
  g_test_add_func ("/parent-domain/init-attrs", test_init_attrs);
  return g_test_run ();
}
