/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * The memory of a memory region the library allocates itself: zeroed whole
 * pages of a mapping no other allocation shares, so that after the region
 * closes its address is unreadable (an inline send naming it is refused,
 * see memory_readable() in gverbs-qp.c) instead of reused heap memory.
 * Returns %NULL with errno set when it cannot be mapped or is larger than
 * the memory available (MemAvailable), which pinning it would exhaust.
 */
gpointer _gverbs_mr_buffer_alloc (guint64  length);
void     _gverbs_mr_buffer_free  (gpointer buffer,
                                  guint64  length);

G_END_DECLS
