/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* GVerbsResource's lifecycle, on test subclasses that need no device: the
 * GInitable-once rule, NOT_INITIALIZED, the close-failure policies, the
 * child order, the usage guard against a concurrent close, and teardown
 * that stays linear in the number of children. */

#include "config.h"

#include <string.h>
#include <gverbs.h>
#include "gverbs-resource-private.h"

/* TestThing: open() and release() succeed or fail as told; each release is
 * logged by name, so the order of a cascade can be read back. */
#define TEST_TYPE_THING (test_thing_get_type ())
G_DECLARE_DERIVABLE_TYPE (TestThing, test_thing, TEST, THING, GVerbsResource)

struct _TestThingClass
{
  GVerbsResourceClass parent_class;
};

typedef struct
{
  char *name;
  GVerbsResource *parent;
  gboolean fail_open;
  gboolean fail_release;
  GString *log;
  guint opens;
} TestThingPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (TestThing, test_thing, GVERBS_TYPE_RESOURCE)

static gboolean
test_thing_open (GVerbsResource  *resource,
                 GCancellable    *cancellable,
                 GError         **error)
{
  TestThingPrivate *priv = test_thing_get_instance_private (TEST_THING (resource));

  priv->opens++;
  if (priv->fail_open)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_MEMORY, "no room for %s", priv->name);
      return FALSE;
    }
  _gverbs_resource_set_description (resource, "thing %s", priv->name);
  if (priv->parent != NULL)
    _gverbs_resource_add_parent (resource, priv->parent);
  return TRUE;
}

static gboolean
test_thing_release (GVerbsResource  *resource,
                    GError         **error)
{
  TestThingPrivate *priv = test_thing_get_instance_private (TEST_THING (resource));

  if (priv->log != NULL)
    g_string_append_printf (priv->log, "%s ", priv->name);
  if (priv->fail_release)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_BUSY, "%s is busy", priv->name);
      return FALSE;
    }
  return TRUE;
}

static void
test_thing_finalize (GObject *object)
{
  TestThingPrivate *priv = test_thing_get_instance_private (TEST_THING (object));

  g_free (priv->name);
  G_OBJECT_CLASS (test_thing_parent_class)->finalize (object);
}

static void
test_thing_class_init (TestThingClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = test_thing_finalize;
  _gverbs_resource_class_set_lifecycle (klass, test_thing_open, test_thing_release, GVERBS_RANK_CQ);
}

static void
test_thing_init (TestThing *self)
{
}

/* A TestThing that stays open when release fails, like an MR, ranked with
 * the users of other resources. */
#define TEST_TYPE_STICKY (test_sticky_get_type ())
G_DECLARE_FINAL_TYPE (TestSticky, test_sticky, TEST, STICKY, TestThing)

struct _TestSticky
{
  TestThing parent_instance;
};

G_DEFINE_TYPE (TestSticky, test_sticky, TEST_TYPE_THING)

static void
test_sticky_class_init (TestStickyClass *klass)
{
  GVERBS_RESOURCE_CLASS (klass)->keeps_open_when_release_fails = TRUE;
  _gverbs_resource_class_set_lifecycle (klass, NULL, NULL, GVERBS_RANK_QP);
}

static void
test_sticky_init (TestSticky *self)
{
}

static TestThing *
thing_new (GType           type,
           const char     *name,
           gpointer        parent,
           GString        *log,
           gboolean        fail_open,
           gboolean        fail_release,
           GError        **error)
{
  TestThing *thing = g_object_new (type, NULL);
  TestThingPrivate *priv = test_thing_get_instance_private (thing);

  priv->name = g_strdup (name);
  priv->parent = parent;
  priv->log = log;
  priv->fail_open = fail_open;
  priv->fail_release = fail_release;
  if (!g_initable_init (G_INITABLE (thing), NULL, error))
    g_clear_object (&thing);
  return thing;
}

static void
test_never_initialized (void)
{
  g_autoptr(TestThing) thing = g_object_new (TEST_TYPE_THING, NULL);
  g_autoptr(GError) error = NULL;
  gboolean closed = FALSE;

  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (thing)));
  g_object_get (thing, "closed", &closed, NULL);
  g_assert_true (closed);
  g_assert_false (_gverbs_resource_check_open (thing, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_INITIALIZED);
  g_assert_nonnull (strstr (error->message, "TestThing is not initialized"));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (thing), NULL));
  g_assert_null (gverbs_resource_get_parent (GVERBS_RESOURCE (thing)));
}

static void
test_failed_open (void)
{
  g_autoptr(TestThing) thing = g_object_new (TEST_TYPE_THING, NULL);
  TestThingPrivate *priv = test_thing_get_instance_private (thing);
  g_autoptr(GError) error = NULL;

  priv->name = g_strdup ("a");
  priv->fail_open = TRUE;
  g_assert_false (g_initable_init (G_INITABLE (thing), NULL, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_MEMORY);
  g_clear_error (&error);
  /* the one attempt's error, again, without a second attempt */
  priv->fail_open = FALSE;
  g_assert_false (g_initable_init (G_INITABLE (thing), NULL, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_MEMORY);
  g_clear_error (&error);
  g_assert_cmpuint (priv->opens, ==, 1);
  g_assert_false (_gverbs_resource_check_open (thing, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_INITIALIZED);
  g_assert_nonnull (strstr (error->message, "no room for a"));
}

/* A resource made from a parent and an attribute object says which is
 * missing before it looks at either; a given parent must be usable. */
static void
test_check_inputs (void)
{
  static const struct { GType (*type) (void); const char *missing; } classes[] = {
    { gverbs_ah_get_type, "An address handle needs a protection domain and attributes" },
    { gverbs_dm_get_type, "Device memory needs a context and allocation attributes" },
    { gverbs_flow_get_type, "A flow needs a QP and flow attributes" },
    { gverbs_rwq_ind_table_get_type, "An indirection table needs a context and a GVerbsRwqIndTableInitAttr" },
    { gverbs_wq_get_type, "A work queue needs a context and a GVerbsWQInitAttr" },
    { gverbs_xrcd_get_type, "An XRC domain needs a context and init attributes" },
  };
  g_autoptr(TestThing) open = thing_new (TEST_TYPE_THING, "open", NULL, NULL, FALSE, FALSE, NULL);
  g_autoptr(TestThing) unopened = g_object_new (TEST_TYPE_THING, NULL);
  g_autoptr(GObject) attr = g_object_new (G_TYPE_OBJECT, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (_gverbs_resource_check_inputs (NULL, attr, "no parent", &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "no parent");
  g_clear_error (&error);
  g_assert_false (_gverbs_resource_check_inputs (open, NULL, "no attributes", &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "no attributes");
  g_clear_error (&error);
  g_assert_false (_gverbs_resource_check_inputs (unopened, attr, "unused", &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_INITIALIZED);
  g_clear_error (&error);
  g_assert_true (_gverbs_resource_check_inputs (open, attr, "unused", &error));
  g_assert_no_error (error);

  /* the classes that check their inputs this way, made with neither */
  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    {
      g_autoptr(GObject) object = g_initable_new (classes[i].type (), NULL, &error, NULL);

      g_assert_null (object);
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
      g_assert_cmpstr (error->message, ==, classes[i].missing);
      g_clear_error (&error);
    }
}

static void
on_notify_closed (GObject    *object,
                  GParamSpec *pspec,
                  guint      *count)
{
  (*count)++;
}

static void
test_close_policies (void)
{
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TestThing) plain = thing_new (TEST_TYPE_THING, "plain", NULL, log, FALSE, TRUE, &error);
  g_autoptr(TestThing) sticky = thing_new (TEST_TYPE_STICKY, "sticky", NULL, log, FALSE, TRUE, &error);
  TestThingPrivate *sticky_priv = test_thing_get_instance_private (sticky);
  guint notified = 0;

  g_assert_no_error (error);
  g_assert_cmpstr (gverbs_resource_get_description (GVERBS_RESOURCE (plain)), ==, "thing plain");
  g_signal_connect (plain, "notify::closed", G_CALLBACK (on_notify_closed), &notified);

  /* most resources are closed even when rdma-core refuses */
  g_assert_false (gverbs_resource_close (GVERBS_RESOURCE (plain), &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_BUSY);
  g_clear_error (&error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (plain)));
  g_assert_cmpuint (notified, ==, 1);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (plain), &error));
  g_assert_cmpuint (notified, ==, 1);
  g_assert_false (_gverbs_resource_check_open (plain, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_assert_cmpstr (error->message, ==, "thing plain is closed");
  g_clear_error (&error);

  /* an MR-like one stays open and usable, and can be closed again */
  g_assert_false (gverbs_resource_close (GVERBS_RESOURCE (sticky), &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_BUSY);
  g_clear_error (&error);
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (sticky)));
  g_assert_true (_gverbs_resource_check_open (sticky, NULL));
  sticky_priv->fail_release = FALSE;
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (sticky), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (sticky)));
  g_assert_cmpstr (log->str, ==, "plain sticky sticky ");
}

static void
test_children_order (void)
{
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(TestThing) root = thing_new (TEST_TYPE_THING, "root", NULL, log, FALSE, FALSE, NULL);
  g_autoptr(TestThing) a = thing_new (TEST_TYPE_THING, "a", root, log, FALSE, FALSE, NULL);
  g_autoptr(TestThing) b = thing_new (TEST_TYPE_STICKY, "b", root, log, FALSE, FALSE, NULL);
  g_autoptr(TestThing) c = thing_new (TEST_TYPE_THING, "c", root, log, FALSE, FALSE, NULL);
  g_autoptr(TestThing) d = thing_new (TEST_TYPE_STICKY, "d", a, log, FALSE, FALSE, NULL);

  g_assert_true (gverbs_resource_get_parent (GVERBS_RESOURCE (d)) == GVERBS_RESOURCE (a));
  /* a closed child leaves its parent's list */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (c), NULL));
  g_string_truncate (log, 0);
  /* lowest rank first (b), newest first within a rank; a's own child first */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (root), NULL));
  g_assert_cmpstr (log->str, ==, "b d a root ");
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (d)));
  g_assert_null (gverbs_resource_get_parent (GVERBS_RESOURCE (d)));
}

/* Dropping the last reference to a parent under live children: they keep it
 * alive; and a child whose last reference goes leaves the list. */
static void
test_children_lifetime (void)
{
  TestThing *root = thing_new (TEST_TYPE_THING, "root", NULL, NULL, FALSE, FALSE, NULL);
  TestThing *child = thing_new (TEST_TYPE_THING, "child", root, NULL, FALSE, FALSE, NULL);
  TestThing *other = thing_new (TEST_TYPE_THING, "other", root, NULL, FALSE, FALSE, NULL);

  g_object_add_weak_pointer (G_OBJECT (root), (gpointer *) &root);
  g_object_unref (root);
  g_assert_nonnull (root);
  g_object_unref (other);
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (root)));
  g_object_unref (child);
  g_assert_null (root);
}

/* Item 10 of issue 11: 100 000 children used to take a linear search each. */
static void
test_many_children (void)
{
  const guint n = 100000;
  TestThing *root = thing_new (TEST_TYPE_THING, "root", NULL, NULL, FALSE, FALSE, NULL);
  GPtrArray *children = g_ptr_array_new_with_free_func (g_object_unref);
  gint64 start;
  double drop_s, close_s;

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (children, thing_new (TEST_TYPE_THING, "x", root, NULL, FALSE, FALSE, NULL));
  /* dropping half of them, oldest first, the order a GC might choose */
  start = g_get_monotonic_time ();
  g_ptr_array_remove_range (children, 0, n / 2);
  drop_s = (g_get_monotonic_time () - start) / 1e6;
  start = g_get_monotonic_time ();
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (root), NULL));
  close_s = (g_get_monotonic_time () - start) / 1e6;
  for (guint i = 0; i < children->len; i++)
    g_assert_true (gverbs_resource_is_closed (children->pdata[i]));
  g_test_message ("dropped %u children in %.3f s, closed %u through their parent in %.3f s",
                  n / 2, drop_s, n - n / 2, close_s);
  g_assert_cmpfloat (drop_s, <, 2.0);
  g_assert_cmpfloat (close_s, <, 2.0);
  g_ptr_array_unref (children);
  g_object_unref (root);
}

typedef struct
{
  TestThing *thing;
  gint started;
  gint stop;
  guint entered;
  guint refused;
  gint *in_use;          /* set while inside; a release that finds it set fails the test */
} Worker;

static gint in_use_global;

static gpointer
worker_run (gpointer data)
{
  Worker *w = data;

  g_atomic_int_set (&w->started, 1);
  while (!g_atomic_int_get (&w->stop))
    {
      if (_gverbs_resource_enter (w->thing))
        {
          g_atomic_int_inc (w->in_use);
          w->entered++;
          g_atomic_int_add (w->in_use, -1);
          _gverbs_resource_leave (w->thing);
        }
      else
        {
          w->refused++;
          if (w->refused > 1000)
            break;
        }
    }
  return NULL;
}

static gboolean
guarded_release (GVerbsResource  *resource,
                 GError         **error)
{
  /* nobody may be inside when the resource goes */
  g_assert_cmpint (g_atomic_int_get (&in_use_global), ==, 0);
  return TRUE;
}

/* Item 5 of issue 11: a close from one thread while others are inside. */
static void
test_guard_concurrent_close (void)
{
  for (guint round = 0; round < 20; round++)
    {
      TestThing *thing = thing_new (TEST_TYPE_THING, "guarded", NULL, NULL, FALSE, FALSE, NULL);
      GVerbsResourceClass *klass = GVERBS_RESOURCE_GET_CLASS (thing);
      gboolean (*saved) (GVerbsResource *, GError **) = klass->release;
      Worker workers[2] = { { thing, 0, 0, 0, 0, &in_use_global }, { thing, 0, 0, 0, 0, &in_use_global } };
      GThread *threads[2];

      klass->release = guarded_release;
      for (guint i = 0; i < 2; i++)
        threads[i] = g_thread_new ("worker", worker_run, &workers[i]);
      while (!g_atomic_int_get (&workers[0].started) || !g_atomic_int_get (&workers[1].started))
        g_thread_yield ();
      g_usleep (1000);
      g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (thing), NULL));
      /* from now on, every enter is refused */
      g_assert_false (_gverbs_resource_enter (thing));
      for (guint i = 0; i < 2; i++)
        {
          g_atomic_int_set (&workers[i].stop, 1);
          g_thread_join (threads[i]);
          g_assert_cmpuint (workers[i].entered, >, 0);
        }
      klass->release = saved;
      g_object_unref (thing);
    }
}

/* The library's own classes: only a memory region and a memory window stay
 * open when rdma-core refuses to release them (a window bound to the
 * region holds it; test-device-qp-traffic closes one for real). */
static void
test_class_close_policies (void)
{
  const struct { GType (*get_type) (void); gboolean keeps_open; } classes[] = {
    { gverbs_mr_get_type, TRUE }, { gverbs_mw_get_type, TRUE },
    { gverbs_context_get_type, FALSE }, { gverbs_pd_get_type, FALSE },
    { gverbs_cq_get_type, FALSE }, { gverbs_cq_ex_get_type, FALSE },
    { gverbs_qp_get_type, FALSE }, { gverbs_srq_get_type, FALSE },
    { gverbs_ah_get_type, FALSE }, { gverbs_comp_channel_get_type, FALSE },
    { gverbs_dm_get_type, FALSE }, { gverbs_xrcd_get_type, FALSE },
    { gverbs_cm_id_get_type, FALSE }, { gverbs_event_channel_get_type, FALSE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (classes); i++)
    {
      GType type = classes[i].get_type ();
      g_autoptr(GTypeClass) klass = g_type_class_ref (type);

      g_test_message ("%s", g_type_name (type));
      g_assert_true (g_type_is_a (type, GVERBS_TYPE_RESOURCE));
      g_assert_cmpint (GVERBS_RESOURCE_CLASS (klass)->keeps_open_when_release_fails, ==,
                       classes[i].keeps_open);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/resource/never-initialized", test_never_initialized);
  g_test_add_func ("/resource/failed-open", test_failed_open);
  g_test_add_func ("/resource/check-inputs", test_check_inputs);
  g_test_add_func ("/resource/close-policies", test_close_policies);
  g_test_add_func ("/resource/class-close-policies", test_class_close_policies);
  g_test_add_func ("/resource/children-order", test_children_order);
  g_test_add_func ("/resource/children-lifetime", test_children_lifetime);
  g_test_add_func ("/resource/many-children", test_many_children);
  g_test_add_func ("/resource/guard-concurrent-close", test_guard_concurrent_close);
  return g_test_run ();
}
