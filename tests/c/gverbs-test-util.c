#include "gverbs-test-util.h"

#include <stdlib.h>
#include <string.h>

const char *
gverbs_test_device_name (void)
{
  const char *name = g_getenv ("GVERBS_TEST_DEVICE");

  return (name != NULL && *name != '\0') ? name : NULL;
}

GVerbsContext *
gverbs_test_open_context (void)
{
  g_autoptr(GError) error = NULL;
  GVerbsContext *ctx;

  if (gverbs_test_device_name () == NULL)
    {
      g_test_skip ("GVERBS_TEST_DEVICE is not set: no RDMA device to test");
      return NULL;
    }
  ctx = gverbs_context_new (gverbs_test_device_name (), &error);
  g_assert_no_error (error);
  g_assert_nonnull (ctx);
  return ctx;
}

GHashTable *
gverbs_test_devinfo (const char *name)
{
  const char *argv[] = { "ibv_devinfo", "-v", "-d", name, NULL };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  GHashTable *fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *section = NULL;
  int status = 0;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *line = g_strstrip (g_strdup (lines[i]));
      char *colon = strchr (line, ':');
      g_autofree char *key = NULL;
      g_autofree char *value = NULL;

      if (colon == NULL || colon == line)
        continue;
      key = g_strstrip (g_strndup (line, colon - line));
      value = g_strstrip (g_strdup (colon + 1));
      if (strchr (key, ' ') != NULL)
        continue;
      if (g_str_equal (key, "port"))
        {
          g_free (section);
          section = g_strdup_printf ("port%s", value);
          continue;
        }
      if (section != NULL)
        {
          char *full = g_strdup_printf ("%s/%s", section, key);

          g_free (key);
          key = full;
        }
      if (!g_hash_table_contains (fields, key))
        g_hash_table_insert (fields, g_steal_pointer (&key), g_steal_pointer (&value));
    }
  return fields;
}

gint64
gverbs_test_parse_number (const char *text)
{
  const char *paren = strrchr (text, '(');

  if (paren != NULL)
    return g_ascii_strtoll (paren + 1, NULL, 0);
  return (gint64) g_ascii_strtoull (text, NULL, 0);
}
