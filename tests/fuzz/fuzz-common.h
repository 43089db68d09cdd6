/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Shared by the fuzz targets in tests/fuzz: each target file defines
 *
 *   static void fuzz_one (const guint8 *data, gsize size);
 *   static void fuzz_seeds (GPtrArray *seeds);   (of GBytes)
 *
 * then includes this header, which gives it either libFuzzer's entry points
 * (built with -Dfuzzing=true and clang: -fsanitize=fuzzer) or a standalone
 * driver (every build, a host test): the seeds, then mutations of them with
 * a fixed GRand seed, for FUZZ_ITERATIONS rounds (default 3000). The driver
 * also writes the seed corpus for libFuzzer: `fuzz-X-driver --write-seeds DIR`.
 *
 * GLib warnings and criticals are fatal in both: a warning is a finding. */
#pragma once

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

/* A reader over the fuzz input: takes bytes, then zeros once it runs out. */
typedef struct {
  const guint8 *data;
  gsize size;
  gsize pos;
} FuzzReader;

static inline guint64
fuzz_take (FuzzReader *r,
           guint       bytes)
{
  guint64 v = 0;

  for (guint i = 0; i < bytes; i++)
    v = (v << 8) | (r->pos < r->size ? r->data[r->pos++] : 0);
  return v;
}

static inline void
fuzz_add_seed (GPtrArray     *seeds,
               gconstpointer  data,
               gsize          size)
{
  g_ptr_array_add (seeds, g_bytes_new (data, size));
}

static void fuzz_one (const guint8 *data, gsize size);
static G_GNUC_UNUSED void fuzz_seeds (GPtrArray *seeds);

static void
fuzz_setup (void)
{
  g_log_set_always_fatal (G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL | G_LOG_FATAL_MASK);
  g_setenv ("G_DEBUG", "fatal-warnings", TRUE);
}

#ifdef GVERBS_LIBFUZZER

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_setup ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  fuzz_one (data, size);
  return 0;
}

#else

static void
insert_bytes (GByteArray   *a,
              guint         pos,
              const guint8 *data,
              guint         len)
{
  guint old = a->len;

  g_byte_array_set_size (a, old + len);
  memmove (a->data + pos + len, a->data + pos, old - pos);
  memcpy (a->data + pos, data, len);
}

/* One mutation of @in: flips, insertions, deletions, splices, truncation,
 * interesting bytes (0, 0xff, 0x7f, 0x80). */
static GByteArray *
mutate (GRand     *rand,
        GBytes    *in,
        GPtrArray *seeds)
{
  gsize n;
  const guint8 *d = g_bytes_get_data (in, &n);
  GByteArray *out = g_byte_array_sized_new (n + 16);
  guint rounds = g_rand_int_range (rand, 1, 9);
  static const guint8 interesting[] = { 0, 0xff, 0x7f, 0x80, 0x01, 0x10, 0x20 };

  g_byte_array_append (out, d, n);
  for (guint k = 0; k < rounds; k++)
    {
      guint op = g_rand_int_range (rand, 0, 7);
      guint pos = out->len ? g_rand_int_range (rand, 0, out->len) : 0;

      switch (op)
        {
        case 0:
          if (out->len)
            out->data[pos] ^= 1u << g_rand_int_range (rand, 0, 8);
          break;
        case 1:
          if (out->len)
            out->data[pos] = interesting[g_rand_int_range (rand, 0, G_N_ELEMENTS (interesting))];
          break;
        case 2:
          {
            guint8 b = g_rand_int_range (rand, 0, 256);
            insert_bytes (out, pos, &b, 1);
          }
          break;
        case 3:
          if (out->len)
            {
              guint len = g_rand_int_range (rand, 1, 9);
              g_byte_array_remove_range (out, pos, MIN (len, out->len - pos));
            }
          break;
        case 4:
          if (out->len)
            g_byte_array_set_size (out, pos);
          break;
        case 5:
          {
            GBytes *other = seeds->pdata[g_rand_int_range (rand, 0, seeds->len)];
            gsize on;
            const guint8 *od = g_bytes_get_data (other, &on);

            if (on)
              {
                guint from = g_rand_int_range (rand, 0, on);
                guint want = g_rand_int_range (rand, 1, 33);
                guint len = MIN (want, on - from);
                insert_bytes (out, pos, od + from, len);
              }
          }
          break;
        default:
          if (out->len >= 4)
            {
              guint32 v = g_rand_int (rand);
              pos = MIN (pos, out->len - 4);
              memcpy (out->data + pos, &v, 4);
            }
          break;
        }
    }
  return out;
}

static int
write_seeds (GPtrArray  *seeds,
             const char *dir)
{
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      g_printerr ("cannot create %s\n", dir);
      return 1;
    }
  for (guint i = 0; i < seeds->len; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s/seed-%03u", dir, i);
      gsize n;
      const char *d = g_bytes_get_data (seeds->pdata[i], &n);
      g_autoptr(GError) error = NULL;

      if (!g_file_set_contents (name, d ? d : "", n, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
    }
  g_print ("%u seeds in %s\n", seeds->len, dir);
  return 0;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GPtrArray) seeds = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  const char *env = g_getenv ("FUZZ_ITERATIONS");
  guint iterations = env ? (guint) g_ascii_strtoull (env, NULL, 10) : 3000;
  guint32 seed = g_getenv ("FUZZ_SEED") ? (guint32) g_ascii_strtoull (g_getenv ("FUZZ_SEED"), NULL, 10) : 11;
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);

  fuzz_setup ();
  fuzz_seeds (seeds);
  g_assert_cmpuint (seeds->len, >, 0);
  if (argc == 3 && strcmp (argv[1], "--write-seeds") == 0)
    return write_seeds (seeds, argv[2]);
  /* Replay given files (a libFuzzer crash, say), else seeds and mutations. */
  if (argc > 1)
    {
      for (int i = 1; i < argc; i++)
        {
          g_autofree char *contents = NULL;
          gsize n;

          if (!g_file_get_contents (argv[i], &contents, &n, NULL))
            return 1;
          fuzz_one ((const guint8 *) contents, n);
        }
      return 0;
    }
  for (guint i = 0; i < seeds->len; i++)
    fuzz_one (g_bytes_get_data (seeds->pdata[i], NULL), g_bytes_get_size (seeds->pdata[i]));
  for (guint i = 0; i < iterations; i++)
    {
      GByteArray *m = mutate (rand, seeds->pdata[g_rand_int_range (rand, 0, seeds->len)], seeds);

      fuzz_one (m->data, m->len);
      g_byte_array_unref (m);
    }
  g_print ("1..1\nok 1 - %u seeds, %u mutations (GRand seed %u), no finding\n",
           seeds->len, iterations, seed);
  return 0;
}

#endif
