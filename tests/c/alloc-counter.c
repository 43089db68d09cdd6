/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include <stddef.h>
#include "alloc-counter.h"

static __thread gboolean counting;
static __thread guint64 n_allocs;

#ifdef __SANITIZE_ADDRESS__
/* libasan's allocator hook API (GCC ships no header for it) */
int __sanitizer_install_malloc_and_free_hooks (void (*malloc_hook) (const volatile void *, size_t),
                                               void (*free_hook) (const volatile void *));

static void
count_malloc (const volatile void *ptr,
              size_t               size)
{
  if (counting)
    n_allocs++;
}

static void
count_free (const volatile void *ptr)
{
}

void
alloc_counter_install (void)
{
  __sanitizer_install_malloc_and_free_hooks (count_malloc, count_free);
}
#else
extern void *__libc_malloc (size_t size);
extern void *__libc_calloc (size_t n, size_t size);
extern void *__libc_realloc (void *ptr, size_t size);

void *malloc (size_t size);
void *calloc (size_t n, size_t size);
void *realloc (void *ptr, size_t size);

void *
malloc (size_t size)
{
  if (counting)
    n_allocs++;
  return __libc_malloc (size);
}

void *
calloc (size_t n,
        size_t size)
{
  if (counting)
    n_allocs++;
  return __libc_calloc (n, size);
}

void *
realloc (void   *ptr,
         size_t  size)
{
  if (counting)
    n_allocs++;
  return __libc_realloc (ptr, size);
}

void
alloc_counter_install (void)
{
}
#endif

void
alloc_counter_start (void)
{
  n_allocs = 0;
  counting = TRUE;
}

guint64
alloc_counter_stop (void)
{
  counting = FALSE;
  return n_allocs;
}
