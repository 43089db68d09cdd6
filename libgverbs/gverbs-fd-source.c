/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-fd-source-private.h"
#include "gverbs-private.h"
#include "gverbs-resource-private.h"

GSource *
_gverbs_fd_source_new (GVerbsResource     *owner,
                       int                 fd,
                       GUnixFDSourceFunc   func,
                       gpointer            user_data,
                       GError            **error)
{
  GError *local_error = NULL;
  GSource *source;

  if (!g_unix_set_fd_nonblocking (fd, TRUE, &local_error))
    {
      _gverbs_set_error_errno (error, errno, "fcntl", _gverbs_resource_describe (owner),
                               _("cannot make descriptor %d non-blocking"), fd);
      g_error_free (local_error);
      return NULL;
    }
  source = g_unix_fd_source_new (fd, G_IO_IN | G_IO_ERR | G_IO_HUP);
  g_source_set_callback (source, G_SOURCE_FUNC (func), user_data, NULL);
  /* type names are static strings */
  g_source_set_static_name (source, G_OBJECT_TYPE_NAME (owner));
  g_source_attach (source, g_main_context_get_thread_default ());
  g_debug ("%s: watching descriptor %d on the thread-default main context",
           _gverbs_resource_describe (owner), fd);
  return source;
}

/* Destroys and drops a source made above; nothing if *@source is NULL. */
void
_gverbs_fd_source_clear (GSource **source)
{
  if (*source == NULL)
    return;
  g_debug ("%s source: detached", g_source_get_name (*source));
  g_source_destroy (*source);
  g_clear_pointer (source, g_source_unref);
}
