/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Counts every heap allocation the process makes on this thread between
 * alloc_counter_start() and alloc_counter_stop(), libgverbs, GLib and
 * rdma-core included: under ASan through its allocator hooks, otherwise by
 * defining malloc, calloc and realloc in the test executable, which takes
 * precedence over libc's for every library. Call alloc_counter_install()
 * once from main(). */
void    alloc_counter_install (void);
void    alloc_counter_start   (void);
guint64 alloc_counter_stop    (void);

G_END_DECLS
