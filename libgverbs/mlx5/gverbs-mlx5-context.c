/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* GVerbsMlx5Context, pyverbs' Mlx5Context: a context opened with
 * mlx5dv_open_device(), with the mlx5 queries and DevX general commands. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-mlx5-context.h"
#include "gverbs-mlx5-private.h"
#include "gverbs-context-private.h"
#include "gverbs-device-private.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsMlx5Context:
 *
 * An mlx5 device opened with mlx5dv_open_device() (pyverbs'
 * `Mlx5Context`): a #GVerbsContext in every way — PDs, CQs, QPs are made
 * on it as on any context — plus the mlx5 direct-verbs queries
 * (gverbs_mlx5_context_query_mlx5_device(),
 * gverbs_mlx5_context_query_mlx5_port()) and, when opened with
 * %GVERBS_MLX5DV_CONTEXT_FLAGS_DEVX, DevX commands
 * (gverbs_mlx5_context_devx_general_cmd(), #GVerbsMlx5DevxObj).
 *
 * A device that is not an mlx5 one (Soft-RoCE's rxe0, say) gives
 * %GVERBS_ERROR_NOT_SUPPORTED naming mlx5dv_open_device and the device.
 *
 * When to use it: on a ConnectX device, instead of gverbs_context_new(),
 * when you need the mlx5 direct-verbs objects (#GVerbsMlx5QP, #GVerbsMlx5CQ)
 * or DevX; everything a #GVerbsContext does works on it.
 *
 * ```c
 * g_autoptr(GVerbsMlx5Context) ctx = NULL;
 * g_autoptr(GVerbsPD) pd = NULL;
 *
 * if (!gverbs_mlx5_is_supported ("mlx5_0", &error))
 *   return;
 * ctx = gverbs_mlx5_context_new ("mlx5_0", NULL, &error);
 * if (ctx != NULL)
 *   pd = gverbs_pd_new (GVERBS_CONTEXT (ctx), &error);
 * ```
 *
 * Python: `Verbs.Mlx5Context(Verbs.Mlx5DVContextAttr(), name='mlx5_0')`, as pyverbs.
 *
 * Since: 0.1
 */
struct _GVerbsMlx5Context
{
  GVerbsContext parent_instance;

  GVerbsMlx5DVContextAttr *attr;
  struct mlx5dv_context_attr dv_attr;
};

G_DEFINE_FINAL_TYPE (GVerbsMlx5Context, gverbs_mlx5_context, GVERBS_TYPE_CONTEXT)

static struct ibv_context *
open_mlx5 (struct ibv_device *device,
           gpointer           data)
{
  if (!mlx5dv_is_supported (device))
    {
      errno = EOPNOTSUPP;
      return NULL;
    }
  return mlx5dv_open_device (device, data);
}

static gboolean
gverbs_mlx5_context_open (GVerbsResource  *resource,
                          GCancellable    *cancellable,
                          GError         **error)
{
  GVerbsMlx5Context *self = GVERBS_MLX5_CONTEXT (resource);

  _gverbs_mlx5_dv_context_attr_fill (self->attr, &self->dv_attr);
  _gverbs_context_set_open_func (GVERBS_CONTEXT (self), open_mlx5, "mlx5dv_open_device",
                                 &self->dv_attr);
  return GVERBS_RESOURCE_CLASS (gverbs_mlx5_context_parent_class)->open (resource, cancellable,
                                                                         error);
}

static const GVerbsField fields[] = {
  /**
   * GVerbsMlx5Context:attr:
   *
   * How the device is opened (%NULL: the defaults).
   */
  GVERBS_PROP_INPUT (GVerbsMlx5Context, attr, "attr", gverbs_mlx5_dv_context_attr_get_type),
};

static void
gverbs_mlx5_context_class_init (GVerbsMlx5ContextClass *klass)
{
  GVerbsResourceClass *resource_class = GVERBS_RESOURCE_CLASS (klass);

  resource_class->open = gverbs_mlx5_context_open;
  _gverbs_resource_class_install_properties (GVERBS_RESOURCE_CLASS (klass), 1, fields,
                                             G_N_ELEMENTS (fields), NULL, 0);
}

static void
gverbs_mlx5_context_init (GVerbsMlx5Context *self)
{
}

/**
 * gverbs_mlx5_context_new:
 * @name: (nullable): the device name, such as `mlx5_0`; %NULL for the first device
 * @attr: (nullable): how to open it; %NULL for the defaults
 * @error: return location for a #GError
 *
 * Opens an mlx5 device with `mlx5dv_open_device()`. A device that is not
 * an mlx5 one gives %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * Returns: (transfer full): the open context, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsMlx5Context *
gverbs_mlx5_context_new (const char               *name,
                         GVerbsMlx5DVContextAttr  *attr,
                         GError                  **error)
{
  g_return_val_if_fail (attr == NULL || GVERBS_IS_MLX5_DV_CONTEXT_ATTR (attr), NULL);
  return g_initable_new (GVERBS_TYPE_MLX5_CONTEXT, NULL, error, "name", name, "attr", attr, NULL);
}

static struct ibv_context *
open_ibv (GVerbsMlx5Context  *self,
          GError            **error)
{
  if (!_gverbs_resource_check_open (self, error))
    return NULL;
  return _gverbs_context_get_ibv (GVERBS_CONTEXT (self));
}

/**
 * gverbs_mlx5_context_query_mlx5_device:
 * @self: an open #GVerbsMlx5Context
 * @comp_mask: the groups to ask for (#GVerbsMlx5DVContextCompMask bits;
 *   G_MAXUINT64 for all)
 * @error: return location for a #GError
 *
 * Queries the device's mlx5 attributes (`mlx5dv_query_device()`).
 *
 * Returns: (transfer full): the attributes, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsMlx5DVContext *
gverbs_mlx5_context_query_mlx5_device (GVerbsMlx5Context  *self,
                                       guint64             comp_mask,
                                       GError            **error)
{
  struct mlx5dv_context attr = { 0 };
  struct ibv_context *ctx;
  int rc;

  g_return_val_if_fail (GVERBS_IS_MLX5_CONTEXT (self), NULL);
  ctx = open_ibv (self, error);
  if (ctx == NULL)
    return NULL;
  attr.comp_mask = comp_mask;
  rc = mlx5dv_query_device (ctx, &attr);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc > 0 ? rc : errno, "mlx5dv_query_device",
                               _gverbs_resource_describe (self), NULL);
      return NULL;
    }
  return _gverbs_mlx5_dv_context_new (&attr);
}

/**
 * gverbs_mlx5_context_query_mlx5_port:
 * @self: an open #GVerbsMlx5Context
 * @port_num: the port, from 1
 * @error: return location for a #GError
 *
 * Queries a port's mlx5 attributes (`mlx5dv_query_port()`).
 *
 * Returns: (transfer full): the attributes, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsMlx5DVPortAttr *
gverbs_mlx5_context_query_mlx5_port (GVerbsMlx5Context  *self,
                                     guint               port_num,
                                     GError            **error)
{
  struct mlx5dv_port attr = { 0 };
  struct ibv_context *ctx;
  int rc;

  g_return_val_if_fail (GVERBS_IS_MLX5_CONTEXT (self), NULL);
  ctx = open_ibv (self, error);
  if (ctx == NULL ||
      !_gverbs_context_check_port (GVERBS_CONTEXT (self), port_num, "mlx5dv_query_port", error))
    return NULL;
  rc = mlx5dv_query_port (ctx, port_num, &attr);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc > 0 ? rc : errno, "mlx5dv_query_port",
                               _gverbs_resource_describe (self), _("port %u"), port_num);
      return NULL;
    }
  return _gverbs_mlx5_dv_port_attr_new (&attr);
}

/**
 * gverbs_mlx5_context_devx_general_cmd:
 * @self: an open #GVerbsMlx5Context, opened with %GVERBS_MLX5DV_CONTEXT_FLAGS_DEVX
 * @in: the command's input mailbox, in the device's (big-endian) layout
 * @outlen: the size of the output mailbox
 * @error: return location for a #GError
 *
 * Runs a DevX general command (`mlx5dv_devx_general_cmd()`), such as
 * QUERY_HCA_CAP.
 *
 * Returns: (transfer full): the output mailbox, or %NULL on error
 *
 * Since: 0.1
 */
GBytes *
gverbs_mlx5_context_devx_general_cmd (GVerbsMlx5Context  *self,
                                      GBytes             *in,
                                      gsize               outlen,
                                      GError            **error)
{
  g_autofree guint8 *out = NULL;
  struct ibv_context *ctx;
  gsize inlen;
  gconstpointer data;
  int rc;

  g_return_val_if_fail (GVERBS_IS_MLX5_CONTEXT (self), NULL);
  g_return_val_if_fail (in != NULL, NULL);
  ctx = open_ibv (self, error);
  if (ctx == NULL || !_gverbs_mlx5_check_outlen (outlen, "mlx5dv_devx_general_cmd", error))
    return NULL;
  data = g_bytes_get_data (in, &inlen);
  out = g_malloc0 (MAX (outlen, 1));
  rc = mlx5dv_devx_general_cmd (ctx, data, inlen, out, outlen);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc > 0 ? rc : errno, "mlx5dv_devx_general_cmd",
                               _gverbs_resource_describe (self),
                               _("%zu bytes in, %zu out"),
                               inlen, outlen);
      return NULL;
    }
  return g_bytes_new_take (g_steal_pointer (&out), outlen);
}

/**
 * gverbs_mlx5_is_supported:
 * @device_name: an RDMA device name, such as `mlx5_0`
 * @error: return location for a #GError
 *
 * Whether a device is driven by libmlx5 (`mlx5dv_is_supported()`), as
 * pyverbs' `is_mlx5dv_supported`. A name that matches no device gives
 * %GVERBS_ERROR_NO_DEVICE.
 *
 * Returns: %TRUE for an mlx5 device, %FALSE otherwise or on error
 *
 * Since: 0.1
 */
gboolean
gverbs_mlx5_is_supported (const char  *device_name,
                          GError     **error)
{
  struct ibv_device **list;
  gboolean found = FALSE, supported = FALSE;
  int n = 0;

  g_return_val_if_fail (device_name != NULL, FALSE);
  if (!_gverbs_device_list (&list, &n, device_name, error))
    return FALSE;
  for (int i = 0; i < n && !found; i++)
    if (g_strcmp0 (ibv_get_device_name (list[i]), device_name) == 0)
      {
        found = TRUE;
        supported = mlx5dv_is_supported (list[i]);
      }
  _gverbs_device_list_free (list);
  if (!found)
    g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_DEVICE,
                 _("No RDMA device named “%s”"), device_name);
  return supported;
}
