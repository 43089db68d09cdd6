/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <glib-object.h>
#include "gverbs-resource-private.h"

G_BEGIN_DECLS

void     _gverbs_set_error_errno  (GError     **error,
                                   int          err_no,
                                   const char  *call,
                                   const char  *object,
                                   const char  *detail_format,
                                   ...) G_GNUC_PRINTF (5, 6);
void     _gverbs_set_post_error   (GError     **error,
                                   int          err_no,
                                   const char  *call,
                                   const char  *object,
                                   guint        index,
                                   guint        n_wrs,
                                   guint64      wr_id);
gboolean _gverbs_set_closed_error (GError     **error,
                                   const char  *what);
gboolean _gverbs_init_result      (const GError  *init_error,
                                   GError       **error);

G_END_DECLS
