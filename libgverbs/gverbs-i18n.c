/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <glib/gi18n-lib.h>

/* Messages in GErrors are looked up in the libgverbs text domain; bind it
 * once, when the library is loaded, so that no entry point has to. */
__attribute__ ((constructor)) static void
gverbs_i18n_init (void)
{
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
}
