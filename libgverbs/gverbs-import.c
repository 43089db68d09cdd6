/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "gverbs-import.h"
#include "gverbs-context-private.h"
#include "gverbs-pd-private.h"
#include "gverbs-mr-private.h"
#include "gverbs-error.h"

/* gverbs_pd_unimport() and gverbs_mr_unimport(): closing an @imported
 * object unimports it; any other stays open. */
static gboolean
unimport (GVerbsResource  *self,
          gboolean         imported,
          GError         **error)
{
  if (!imported)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("%s was not imported; close it instead"), _gverbs_resource_describe (self));
      return FALSE;
    }
  return gverbs_resource_close (self, error);
}

/**
 * gverbs_context_new_from_cmd_fd:
 * @cmd_fd: the command file descriptor of an open device, such as another
 *   context's #GVerbsContext:cmd-fd or one received from another process
 * @error: return location for a #GError
 *
 * Imports a device context (`ibv_import_device()`) so that this process
 * can share the objects created through @cmd_fd (pyverbs'
 * `Context(cmd_fd=…)`). The context works on a duplicate of @cmd_fd, which
 * stays owned by the caller. A device whose driver cannot import gives
 * %GVERBS_ERROR_NOT_SUPPORTED; a descriptor that is not an RDMA device's
 * gives %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: (transfer full): the imported context, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsContext *
gverbs_context_new_from_cmd_fd (int      cmd_fd,
                                GError **error)
{
  g_autofree char *what = g_strdup_printf ("cmd_fd %d", cmd_fd);
  struct ibv_context *ibv;
  int dup_fd;
  int err;

  if (cmd_fd < 0 || (dup_fd = dup (cmd_fd)) < 0)
    {
      _gverbs_set_error_errno (error, cmd_fd < 0 ? EBADF : errno, "dup", what, NULL);
      if (error != NULL && *error != NULL)
        (*error)->code = GVERBS_ERROR_INVALID_ARGUMENT;
      return NULL;
    }
  errno = 0;
  ibv = ibv_import_device (dup_fd);
  if (ibv == NULL)
    {
      err = errno ? errno : EINVAL;
      g_close (dup_fd, NULL);
      _gverbs_set_error_errno (error, err, "ibv_import_device", what, NULL);
      return NULL;
    }
  return _gverbs_context_new_imported (ibv);
}

/**
 * gverbs_pd_import:
 * @context: an open #GVerbsContext, usually one from
 *   gverbs_context_new_from_cmd_fd()
 * @handle: the #GVerbsPD:handle of the protection domain to import
 * @error: return location for a #GError
 *
 * Imports a protection domain by its handle (`ibv_import_pd()`, pyverbs'
 * `PD(ctx, handle=…)`). Closing the imported PD unimports it
 * (`ibv_unimport_pd()`) and leaves the kernel object to its owner. A device
 * that cannot import gives %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * Returns: (transfer full): the imported protection domain, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsPD *
gverbs_pd_import (GVerbsContext  *context,
                  guint32         handle,
                  GError        **error)
{
  struct ibv_pd *ibv;

  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);

  if (!_gverbs_resource_check_open (context, error))
    return NULL;
  errno = 0;
  ibv = ibv_import_pd (_gverbs_context_get_ibv (context), handle);
  if (ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : EINVAL, "ibv_import_pd",
                               gverbs_context_get_name (context), _("pd handle %u"), handle);
      return NULL;
    }
  return _gverbs_pd_new_imported (context, ibv);
}

/**
 * gverbs_pd_is_imported:
 * @self: a #GVerbsPD
 *
 * Checks whether the protection domain came from gverbs_pd_import().
 *
 * Returns: whether the protection domain came from gverbs_pd_import()
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (gboolean, gverbs_pd_is_imported,
                      GVerbsPD, GVERBS_IS_PD, FALSE, _gverbs_pd_get_imported (self))

/**
 * gverbs_pd_unimport:
 * @self: an imported #GVerbsPD
 * @error: return location for a #GError
 *
 * Unimports an imported protection domain (`ibv_unimport_pd()`): the same
 * as gverbs_pd_close() on it. A PD that was not imported gives
 * %GVERBS_ERROR_INVALID_ARGUMENT and stays open.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_pd_unimport (GVerbsPD  *self,
                    GError   **error)
{
  g_return_val_if_fail (GVERBS_IS_PD (self), FALSE);
  return unimport (GVERBS_RESOURCE (self), _gverbs_pd_get_imported (self), error);
}

/**
 * gverbs_mr_import:
 * @pd: the (imported) #GVerbsPD the memory region belongs to
 * @handle: the #GVerbsMR:handle of the memory region to import
 * @error: return location for a #GError
 *
 * Imports a memory region by its handle (`ibv_import_mr()`, pyverbs'
 * `MR(pd, handle=…)`). Its lkey and rkey can be used in work requests; its
 * memory belongs to the process that registered it, so gverbs_mr_write()
 * and gverbs_mr_read() refuse it. Closing the imported MR unimports it
 * (`ibv_unimport_mr()`). A device that cannot import gives
 * %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * Returns: (transfer full): the imported memory region, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsMR *
gverbs_mr_import (GVerbsPD  *pd,
                  guint32    handle,
                  GError   **error)
{
  struct ibv_mr *ibv;

  g_return_val_if_fail (GVERBS_IS_PD (pd), NULL);

  if (!_gverbs_resource_check_open (pd, error))
    return NULL;
  errno = 0;
  ibv = ibv_import_mr (_gverbs_pd_get_ibv (pd), handle);
  if (ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : EINVAL, "ibv_import_mr",
                               _gverbs_resource_describe (pd), _("mr handle %u"), handle);
      return NULL;
    }
  return _gverbs_mr_new_imported (pd, ibv);
}

/**
 * gverbs_mr_is_imported:
 * @self: a #GVerbsMR
 *
 * Checks whether the memory region came from gverbs_mr_import().
 *
 * Returns: whether the memory region came from gverbs_mr_import()
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (gboolean, gverbs_mr_is_imported,
                      GVerbsMR, GVERBS_IS_MR, FALSE, _gverbs_mr_get_imported (self))

/**
 * gverbs_mr_unimport:
 * @self: an imported #GVerbsMR
 * @error: return location for a #GError
 *
 * Unimports an imported memory region (`ibv_unimport_mr()`): the same as
 * gverbs_mr_close() on it. A memory region that was not imported gives
 * %GVERBS_ERROR_INVALID_ARGUMENT and stays open.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_mr_unimport (GVerbsMR  *self,
                    GError   **error)
{
  g_return_val_if_fail (GVERBS_IS_MR (self), FALSE);
  return unimport (GVERBS_RESOURCE (self), _gverbs_mr_get_imported (self), error);
}
