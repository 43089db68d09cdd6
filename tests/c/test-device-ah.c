/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Device tests: address handles on the RoCE port of the device under test. */
#include <string.h>
#include "gverbs-test-util.h"

/* The port's GID at @index, from sysfs (RoCE v2, IPv4-mapped, at index 1 on rxe). */
static char *
sysfs_gid (guint index)
{
  g_autofree char *path = g_strdup_printf ("/sys/class/infiniband/%s/ports/1/gids/%u",
                                           gverbs_test_device_name (), index);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return g_strstrip (text);
}

static GVerbsAHAttr *
global_attr (guint sgid_index)
{
  g_autoptr(GVerbsGlobalRoute) gr = gverbs_global_route_new ();
  g_autofree char *gid = sysfs_gid (1);
  g_autoptr(GError) error = NULL;
  GVerbsAHAttr *attr = gverbs_ah_attr_new ();

  g_assert_true (gverbs_global_route_set_dgid (gr, gid, &error));
  g_assert_no_error (error);
  g_object_set (gr, "sgid-index", sgid_index, NULL);
  g_object_set (attr, "is-global", TRUE, "port-num", 1, "grh", gr, NULL);
  return attr;
}

static void
test_create_and_close (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsAH) ah = NULL;
  g_autoptr(GVerbsAH) ah2 = NULL;
  g_autoptr(GVerbsAHAttr) attr = NULL;
  g_autoptr(GVerbsPD) got_pd = NULL;
  g_autoptr(GVerbsAHAttr) got_attr = NULL;
  gboolean closed = TRUE;

  if (ctx == NULL)
    return;
  attr = global_attr (1);
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  ah = gverbs_ah_new (pd, attr, &error);
  g_assert_no_error (error);
  g_assert_nonnull (ah);
  g_object_get (ah, "pd", &got_pd, "attr", &got_attr, "closed", &closed, NULL);
  g_assert_true (got_pd == pd);
  g_assert_true (got_attr == attr);
  g_assert_false (closed);
  g_assert_true (gverbs_ah_get_pd (ah) == pd);
  g_assert_true (gverbs_ah_get_attr (ah) == attr);

  ah2 = gverbs_pd_create_ah (pd, attr, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ah2), &error));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (ah2)));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ah2), &error));  /* idempotent */
  g_assert_no_error (error);

  /* the PD's close closes its AH first */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (pd), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (ah)));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ah), &error));
  g_assert_no_error (error);

  /* an AH on a closed PD */
  g_clear_object (&ah2);
  ah2 = gverbs_ah_new (pd, attr, &error);
  g_assert_null (ah2);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
}

static void
test_ah_keeps_pd_alive (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsAHAttr) attr = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAH) ah = NULL;
  g_autoptr(GPtrArray) pds = NULL;
  GVerbsPD *pd;
  GWeakRef weak;

  if (ctx == NULL)
    return;
  attr = global_attr (1);
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  ah = gverbs_ah_new (pd, attr, &error);
  g_assert_no_error (error);
  g_weak_ref_init (&weak, pd);
  g_object_unref (pd);
  pd = g_weak_ref_get (&weak);
  g_assert_nonnull (pd);
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (pd)));
  g_object_unref (pd);
  g_clear_object (&ah);
  g_assert_null (g_weak_ref_get (&weak));
  g_weak_ref_clear (&weak);
  pds = gverbs_test_rdma_resources ("pd");
  g_assert_cmpuint (pds->len, ==, 0);
}

static void
expect_failure (GVerbsAHAttr *attr,
                int           code,
                const char   *fragment)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsAH) ah = NULL;

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  ah = gverbs_ah_new (pd, attr, &error);
  g_assert_null (ah);
  g_assert_error (error, GVERBS_ERROR, code);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, fragment));
  /* nothing half-built: the PD has no child left to close */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (pd), NULL));
}

static void
test_non_global_on_roce (void)
{
  g_autoptr(GVerbsAHAttr) attr = gverbs_ah_attr_new ();

  /* rxe refuses with EINVAL */
  expect_failure (attr, GVERBS_ERROR_INVALID_ARGUMENT,
                  "ibv_create_ah on pd ");
  expect_failure (attr, GVERBS_ERROR_INVALID_ARGUMENT,
                  "RoCE needs a global route (is_global with a GID)");
}

static void
test_bad_sgid_index (void)
{
  g_autoptr(GVerbsAHAttr) attr = global_attr (200);

  /* rxe: ENODATA for an empty GID table entry */
  expect_failure (attr, GVERBS_ERROR_NOT_FOUND, "sgid_index 200 is an empty entry of port 1's GID table");
}

static void
test_bad_port (void)
{
  g_autoptr(GVerbsAHAttr) attr = global_attr (1);

  g_object_set (attr, "port-num", 2, NULL);
  expect_failure (attr, GVERBS_ERROR_INVALID_ARGUMENT, "port 2 does not exist");
  g_object_set (attr, "port-num", 0, NULL);
  expect_failure (attr, GVERBS_ERROR_INVALID_ARGUMENT, "port 0 does not exist");
}

static void
test_bad_route (void)
{
  g_autoptr(GVerbsAHAttr) attr = global_attr (1);

  g_object_set (gverbs_ah_attr_get_grh (attr), "dgid", "no-gid", NULL);
  expect_failure (attr, GVERBS_ERROR_INVALID_ARGUMENT, "“no-gid” is not a GID");
  gverbs_ah_attr_set_grh (attr, NULL);
  expect_failure (attr, GVERBS_ERROR_INVALID_ARGUMENT, "no global route");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ah/create-and-close", test_create_and_close);
  g_test_add_func ("/ah/keeps-pd-alive", test_ah_keeps_pd_alive);
  g_test_add_func ("/ah/non-global-on-roce", test_non_global_on_roce);
  g_test_add_func ("/ah/bad-sgid-index", test_bad_sgid_index);
  g_test_add_func ("/ah/bad-port", test_bad_port);
  g_test_add_func ("/ah/bad-route", test_bad_route);
  return g_test_run ();
}
