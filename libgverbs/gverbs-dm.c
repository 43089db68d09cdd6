/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <inttypes.h>

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-dm.h"
#include "gverbs-dm-private.h"
#include "gverbs-alloc-dm-attr-private.h"
#include "gverbs-context-private.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"
#include "gverbs-resource-type-private.h"

/**
 * GVerbsDM:
 *
 * Device memory (`struct ibv_dm`, pyverbs' `DM`): memory on the adapter,
 * written and read with gverbs_dm_copy_to_dm() and gverbs_dm_copy_from_dm()
 * and registered with #GVerbsDMMR. It keeps its #GVerbsContext alive and is
 * closed with it; closing it first closes its DM MRs. Soft-RoCE has no
 * device memory: gverbs_dm_new() fails there with
 * %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * When to use it: for small, hot data (counters, flags, doorbells of your
 * protocol) that peers read or update with RDMA at the lowest latency,
 * without crossing PCIe to host memory; check #GVerbsDeviceAttrEx:max-dm-size
 * first.
 *
 * ```c
 * // given: GVerbsContext *ctx;
 * g_autoptr(GVerbsAllocDmAttr) attr = gverbs_alloc_dm_attr_new (4096, 0, 0);
 * g_autoptr(GVerbsDM) dm = gverbs_dm_new (ctx, attr, &error);
 * g_autoptr(GBytes) back = NULL;
 * const guint8 hello[8] = "hello";
 *
 * if (dm == NULL || !gverbs_dm_copy_to_dm (dm, 0, hello, sizeof hello, &error))
 *   return;   // GVERBS_ERROR_NOT_SUPPORTED on rxe
 * back = gverbs_dm_copy_from_dm (dm, 0, sizeof hello, &error);
 * ```
 *
 * Python: `Verbs.DM(ctx, Verbs.AllocDmAttr(length=4096))`, as pyverbs.
 *
 * Since: 0.1
 */
struct _GVerbsDM
{
  GVerbsResource parent_instance;

  GVerbsContext *context;
  GVerbsAllocDmAttr *attr;
  struct ibv_dm *ibv;
  guint64 length;
};

G_DEFINE_FINAL_TYPE (GVerbsDM, gverbs_dm, GVERBS_TYPE_RESOURCE)

static gboolean
gverbs_dm_open (GVerbsResource  *resource,
                GCancellable    *cancellable,
                GError         **error)
{
  GVerbsDM *self = GVERBS_DM (resource);
  struct ibv_alloc_dm_attr attr;
  const char *name;

  if (!_gverbs_resource_check_inputs (self->context, self->attr,
                                      _("Device memory needs a context and allocation attributes"),
                                      error))
    return FALSE;
  name = gverbs_context_get_name (self->context);
  _gverbs_alloc_dm_attr_fill (self->attr, &attr);
  errno = 0;
  self->ibv = ibv_alloc_dm (_gverbs_context_get_ibv (self->context), &attr);
  if (self->ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : EOPNOTSUPP, "ibv_alloc_dm", name,
                               _("length %" PRIu64), (guint64) attr.length);
      return FALSE;
    }
  self->length = attr.length;
  _gverbs_resource_set_description (resource, "dm of %" G_GUINT64_FORMAT " bytes on %s",
                                    self->length, name);
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->context));
  return TRUE;
}

static const GVerbsField fields[] = {
  /**
   * GVerbsDM:context:
   *
   * The device context the memory belongs to.
   */
  GVERBS_PROP_INPUT (GVerbsDM, context, "context", gverbs_context_get_type),
  /**
   * GVerbsDM:attr:
   *
   * The allocation attributes.
   */
  GVERBS_PROP_INPUT (GVerbsDM, attr, "attr", gverbs_alloc_dm_attr_get_type),
  /**
   * GVerbsDM:length:
   *
   * The size of the allocated memory in bytes, 0 if none was allocated.
   */
  GVERBS_PROP_UINT (GVerbsDM, length, "length", G_MAXUINT64, 0, G_PARAM_READABLE),
};

GVERBS_DEFINE_RESOURCE_TYPE (GVerbsDM, gverbs_dm, ibv_free_dm, ibv, GVERBS_RANK_CQ, fields)

/**
 * gverbs_dm_new:
 * @context: an open #GVerbsContext
 * @attr: how much memory to allocate
 * @error: return location for a #GError
 *
 * Allocates device memory (`ibv_alloc_dm()`). A device without device
 * memory gives %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * Returns: (transfer full): the device memory, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsDM *
gverbs_dm_new (GVerbsContext      *context,
               GVerbsAllocDmAttr  *attr,
               GError            **error)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);
  g_return_val_if_fail (GVERBS_IS_ALLOC_DM_ATTR (attr), NULL);
  return g_initable_new (GVERBS_TYPE_DM, NULL, error, "context", context, "attr", attr, NULL);
}

/**
 * gverbs_dm_get_context:
 * @self: a #GVerbsDM
 *
 * Gets the context the memory belongs to.
 *
 * Returns: (transfer none): the context the memory belongs to
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsContext *, gverbs_dm_get_context,
                      GVerbsDM, GVERBS_IS_DM, NULL, self->context)

/**
 * gverbs_dm_get_length:
 * @self: a #GVerbsDM
 *
 * Gets the size of the allocated memory.
 *
 * Returns: the size of the allocated memory, 0 if none was allocated
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint64, gverbs_dm_get_length, GVerbsDM, GVERBS_IS_DM, 0, self->length)

static gboolean
check_range (GVerbsDM    *self,
             guint64      dm_offset,
             gsize        length,
             GError     **error)
{
  if (dm_offset > self->length || length > self->length - dm_offset)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   _("%zu bytes at offset %" PRIu64
                     " do not fit in %s"), length, dm_offset, _gverbs_resource_describe (self));
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_dm_copy_to_dm:
 * @self: an allocated #GVerbsDM
 * @dm_offset: where in the device memory to write
 * @data: (array length=length): the bytes to write
 * @length: how many bytes to write
 * @error: return location for a #GError
 *
 * Writes bytes into the device memory (`ibv_memcpy_to_dm()`). A range
 * beyond the memory gives %GVERBS_ERROR_OUT_OF_RANGE.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_dm_copy_to_dm (GVerbsDM      *self,
                      guint64        dm_offset,
                      const guint8  *data,
                      gsize          length,
                      GError       **error)
{
  int rc;

  g_return_val_if_fail (GVERBS_IS_DM (self), FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (!_gverbs_resource_check_open (self, error) || !check_range (self, dm_offset, length, error))
    return FALSE;
  rc = ibv_memcpy_to_dm (self->ibv, dm_offset, data, length);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_memcpy_to_dm", _gverbs_resource_describe (self), NULL);
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_dm_copy_from_dm:
 * @self: an allocated #GVerbsDM
 * @dm_offset: where in the device memory to read
 * @length: how many bytes to read
 * @error: return location for a #GError
 *
 * Reads bytes from the device memory (`ibv_memcpy_from_dm()`). A range
 * beyond the memory gives %GVERBS_ERROR_OUT_OF_RANGE.
 *
 * Returns: (transfer full): the bytes, or %NULL on error
 *
 * Since: 0.1
 */
GBytes *
gverbs_dm_copy_from_dm (GVerbsDM  *self,
                        guint64    dm_offset,
                        gsize      length,
                        GError   **error)
{
  g_autofree guint8 *buf = NULL;
  int rc;

  g_return_val_if_fail (GVERBS_IS_DM (self), NULL);

  if (!_gverbs_resource_check_open (self, error) || !check_range (self, dm_offset, length, error))
    return NULL;
  buf = g_malloc0 (length ? length : 1);
  rc = ibv_memcpy_from_dm (buf, self->ibv, dm_offset, length);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_memcpy_from_dm", _gverbs_resource_describe (self), NULL);
      return NULL;
    }
  return g_bytes_new_take (g_steal_pointer (&buf), length);
}

struct ibv_dm *
_gverbs_dm_get_ibv (GVerbsDM *self)
{
  return self->ibv;
}

