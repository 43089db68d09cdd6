/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <gio/gio.h>
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

/* In G_DEFINE_TYPE_WITH_CODE()'s code: implements GInitable with @init_func,
 * a `gboolean (GInitable *, GCancellable *, GError **)` declared before. */
#define GVERBS_IMPLEMENT_INITABLE(init_func)                                              \
  {                                                                                       \
    const GInterfaceInfo gverbs_initable_info = {                                         \
      _gverbs_initable_iface_init, NULL,                                                  \
      (gpointer) (init_func) };                                                           \
    g_type_add_interface_static (g_define_type_id, G_TYPE_INITABLE, &gverbs_initable_info); \
  }
void     _gverbs_initable_iface_init (gpointer g_iface,
                                      gpointer init_func);

G_END_DECLS
