/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* Argument checks for values a script or a peer controls: a bit no flag of
 * @flags_type names, or a value that is no member of @enum_type, gives
 * GVERBS_ERROR_INVALID_ARGUMENT naming @what, the value and the bad bits
 * (and @call, unless it is %NULL for an enum property's check; a
 * property name's dashes are shown as underscores).
 * Used by constructors before g_initable_new(), where GObject's own
 * property validation would drop the value with only a warning. */
gboolean _gverbs_check_flags (GType        flags_type,
                              guint        value,
                              const char  *call,
                              const char  *what,
                              GError     **error);
gboolean _gverbs_check_enum  (GType        enum_type,
                              gint64       value,
                              const char  *call,
                              const char  *what,
                              GError     **error);

/* Whether an ENOMEM from @call plausibly means the locked-memory limit
 * (memory registration and queue allocation), so the error may say
 * "check ulimit -l". */
gboolean _gverbs_call_locks_memory (const char *call);

G_END_DECLS
