/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * The memory of a memory region the library allocates itself: zeroed whole
 * pages of a mapping no other allocation shares, so that after the region
 * closes an inline send naming its address is refused (see
 * check_inline_sges() in gverbs-qp.c) instead of reading reused heap memory.
 * Returns %NULL with errno set when it cannot be mapped or is larger than
 * the memory available (MemAvailable), which pinning it would exhaust.
 */
gpointer _gverbs_mr_buffer_alloc (guint64  length);
/* @reusable: FALSE while the pages may still be registered (a failed
 * ibv_dereg_mr()), which must not be handed to another region. */
void     _gverbs_mr_buffer_free  (gpointer buffer,
                                  guint64  length,
                                  gboolean reusable);
/* Whether [@addr, @addr + @length) touches the pages of a closed region
 * that are kept for the next one. */
gboolean _gverbs_mr_buffer_is_pooled (guint64 addr,
                                      guint64 length);

G_END_DECLS
