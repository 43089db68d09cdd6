/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "gverbs-test-util.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

GPtrArray *
gverbs_test_rdma_resources (const char *kind)
{
  const char *argv[] = { "rdma", "resource", "show", kind, NULL };
  g_autofree char *out = NULL;
  g_autofree char *pid = g_strdup_printf ("%d", (int) getpid ());
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *found = g_ptr_array_new_with_free_func ((GDestroyNotify) g_hash_table_unref);
  int status = 0;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) words = g_strsplit_set (g_strstrip (lines[i]), " \t", -1);
      GHashTable *fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      guint n = 0;

      for (guint w = 0; words[w] != NULL; w++)
        if (*words[w] != '\0')
          words[n++] = words[w];
      for (guint w = 0; w + 1 < n; w += 2)
        g_hash_table_insert (fields, g_strdup (words[w]), g_strdup (words[w + 1]));
      if (g_strcmp0 (g_hash_table_lookup (fields, "pid"), pid) == 0)
        g_ptr_array_add (found, fields);
      else
        g_hash_table_unref (fields);
    }
  return found;
}
