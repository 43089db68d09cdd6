/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* The mlx5 device resources a context allocates: VAR (mlx5dv_alloc_var),
 * UAR (mlx5dv_devx_alloc_uar), packet pacing entries (mlx5dv_pp_alloc),
 * DevX objects (mlx5dv_devx_obj_*) and DevX user memory
 * (mlx5dv_devx_umem_reg). Each is a child of its context. */
#include "config.h"

#include <inttypes.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>

#include "gverbs-mlx5-devx.h"
#include "gverbs-mlx5-private.h"
#include "gverbs-mlx5-enum-types.h"
#include "gverbs-context-private.h"
#include "gverbs-error.h"
#include "gverbs-error-private.h"
#include "gverbs-fields-private.h"
#include "gverbs-resource-private.h"
#include "gverbs-resource-type-private.h"

/* A read-only property read from the rdma-core object a resource holds. */
#define HANDLE(st, handle, ibv_st, member, name) \
  { name, GVERBS_FIELD_HANDLE_UINT, G_STRUCT_OFFSET (st, handle), sizeof (((ibv_st *) 0)->member), \
    NULL, G_PARAM_READABLE, 0, G_MAXUINT64, 0, G_STRUCT_OFFSET (ibv_st, member) }

/* The release vfunc of a resource whose rdma-core free function returns
 * nothing (it cannot fail): frees the object in the field `ibv`. */
#define FREE_RELEASE(TypeName, type_name, free_func)                          \
  static gboolean                                                             \
  type_name##_release (GVerbsResource *resource, GError **error)              \
  {                                                                           \
    free_func (g_steal_pointer (&((TypeName *) resource)->ibv));              \
    return TRUE;                                                              \
  }

/* The context a resource is allocated on, checked open; NULL with @error. */
static struct ibv_context *
context_ibv (GVerbsContext  *context,
             const char     *what,
             GError        **error)
{
  g_autofree char *missing = g_strdup_printf (_("%s needs a context"), what);

  if (!_gverbs_resource_check_input (context, missing, error))
    return NULL;
  return _gverbs_context_get_ibv (context);
}

/* DevX command mailboxes are at most a few pages; a larger output length
 * from a script is refused rather than allocated. */
#define DEVX_MAX_OUTLEN (1u << 20)

gboolean
_gverbs_mlx5_check_outlen (gsize        outlen,
                           const char  *call,
                           GError     **error)
{
  if (outlen <= DEVX_MAX_OUTLEN)
    return TRUE;
  g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
               _("%s: outlen %zu is larger than %u, the most a DevX command returns"),
               call, outlen, DEVX_MAX_OUTLEN);
  return FALSE;
}

/* ---- VAR ------------------------------------------------------------------ */

/**
 * GVerbsMlx5VAR:
 *
 * A virtio access region (`struct mlx5dv_var` from mlx5dv_alloc_var(),
 * pyverbs' `Mlx5VAR`): a page of the device that the caller maps through
 * the context's #GVerbsContext:cmd-fd at #GVerbsMlx5VAR:mmap-off for
 * #GVerbsMlx5VAR:length bytes. Closed with its context.
 *
 * When to use it: for virtio emulation on a BlueField or ConnectX, to get a
 * doorbell page to map for a virtio queue.
 *
 * ```c
 * // given: GVerbsMlx5Context *ctx;
 * g_autoptr(GVerbsMlx5VAR) var = gverbs_mlx5_var_new (GVERBS_CONTEXT (ctx), 0, &error);
 * guint64 offset = 0;
 *
 * if (var != NULL)
 *   g_object_get (var, "mmap-off", &offset, NULL);   // mmap() the context's cmd-fd there
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsMlx5VAR
{
  GVerbsResource parent_instance;

  GVerbsContext *context;
  guint flags;
  struct mlx5dv_var *ibv;
};

G_DEFINE_FINAL_TYPE (GVerbsMlx5VAR, gverbs_mlx5_var, GVERBS_TYPE_RESOURCE)

static gboolean
gverbs_mlx5_var_open (GVerbsResource  *resource,
                      GCancellable    *cancellable,
                      GError         **error)
{
  GVerbsMlx5VAR *self = GVERBS_MLX5_VAR (resource);
  struct ibv_context *ctx = context_ibv (self->context, "Mlx5VAR", error);
  const char *name;

  if (ctx == NULL)
    return FALSE;
  name = gverbs_context_get_name (self->context);
  errno = 0;
  self->ibv = mlx5dv_alloc_var (ctx, self->flags);
  if (self->ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : EOPNOTSUPP, "mlx5dv_alloc_var", name,
                               _("flags 0x%x"), self->flags);
      return FALSE;
    }
  _gverbs_resource_set_description (resource, "var 0x%x on %s", self->ibv->page_id, name);
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->context));
  return TRUE;
}

FREE_RELEASE (GVerbsMlx5VAR, gverbs_mlx5_var, mlx5dv_free_var)

static const GVerbsField var_fields[] = {
  /**
   * GVerbsMlx5VAR:context:
   *
   * The device context the region belongs to.
   */
  GVERBS_PROP_INPUT (GVerbsMlx5VAR, context, "context", gverbs_context_get_type),
  /**
   * GVerbsMlx5VAR:flags:
   *
   * The allocation flags (none are defined yet; 0).
   */
  GVERBS_PROP_UINT (GVerbsMlx5VAR, flags, "flags", G_MAXUINT32, 0, GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsMlx5VAR:page-id:
   *
   * The region's page id, 0 once closed.
   */
  HANDLE (GVerbsMlx5VAR, ibv, struct mlx5dv_var, page_id, "page-id"),
  /**
   * GVerbsMlx5VAR:length:
   *
   * The size to map, in bytes.
   */
  HANDLE (GVerbsMlx5VAR, ibv, struct mlx5dv_var, length, "length"),
  /**
   * GVerbsMlx5VAR:mmap-off:
   *
   * The offset to map the region at through the context's command fd.
   */
  HANDLE (GVerbsMlx5VAR, ibv, struct mlx5dv_var, mmap_off, "mmap-off"),
  /**
   * GVerbsMlx5VAR:comp-mask:
   *
   * Which optional fields the device filled in.
   */
  HANDLE (GVerbsMlx5VAR, ibv, struct mlx5dv_var, comp_mask, "comp-mask"),
};

GVERBS_DEFINE_RESOURCE_TYPE_WITH_RELEASE (GVerbsMlx5VAR, gverbs_mlx5_var, GVERBS_RANK_CQ, var_fields)

/**
 * gverbs_mlx5_var_new:
 * @context: an open #GVerbsContext (an mlx5 one)
 * @flags: allocation flags; 0
 * @error: return location for a #GError
 *
 * Allocates a VAR (`mlx5dv_alloc_var()`). A device that is not an mlx5
 * one, or has no VAR, gives %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * Returns: (transfer full): the region, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsMlx5VAR *
gverbs_mlx5_var_new (GVerbsContext  *context,
                     guint           flags,
                     GError        **error)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);
  return g_initable_new (GVERBS_TYPE_MLX5_VAR, NULL, error, "context", context, "flags", flags,
                         NULL);
}

/* ---- UAR ------------------------------------------------------------------ */

/**
 * GVerbsMlx5UAR:
 *
 * A user access region (`struct mlx5dv_devx_uar` from
 * mlx5dv_devx_alloc_uar(), pyverbs' `Mlx5UAR`): a doorbell page of the
 * device mapped into the process, for DevX objects (a QP or CQ made with
 * DevX commands names its #GVerbsMlx5UAR:page-id). Closed with its context.
 *
 * When to use it: to create QPs or CQs yourself with DevX commands: they
 * ring the doorbell of a UAR and name its page id.
 *
 * ```c
 * // given: GVerbsMlx5Context *ctx;
 * g_autoptr(GVerbsMlx5UAR) uar = gverbs_mlx5_uar_new (GVERBS_CONTEXT (ctx),
 *                                                     GVERBS_MLX5DV_UAR_ALLOC_TYPE_NC, &error);
 * guint page_id = 0;
 *
 * if (uar != NULL)
 *   g_object_get (uar, "page-id", &page_id, NULL);
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsMlx5UAR
{
  GVerbsResource parent_instance;

  GVerbsContext *context;
  int flags;
  struct mlx5dv_devx_uar *ibv;
};

G_DEFINE_FINAL_TYPE (GVerbsMlx5UAR, gverbs_mlx5_uar, GVERBS_TYPE_RESOURCE)

static gboolean
gverbs_mlx5_uar_open (GVerbsResource  *resource,
                      GCancellable    *cancellable,
                      GError         **error)
{
  GVerbsMlx5UAR *self = GVERBS_MLX5_UAR (resource);
  struct ibv_context *ctx = context_ibv (self->context, "Mlx5UAR", error);
  const char *name;

  if (ctx == NULL)
    return FALSE;
  name = gverbs_context_get_name (self->context);
  errno = 0;
  self->ibv = mlx5dv_devx_alloc_uar (ctx, (uint32_t) self->flags);
  if (self->ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : EOPNOTSUPP, "mlx5dv_devx_alloc_uar", name,
                               _("type %d"), self->flags);
      return FALSE;
    }
  _gverbs_resource_set_description (resource, "uar 0x%x on %s", self->ibv->page_id, name);
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->context));
  return TRUE;
}

FREE_RELEASE (GVerbsMlx5UAR, gverbs_mlx5_uar, mlx5dv_devx_free_uar)

static const GVerbsField uar_fields[] = {
  /**
   * GVerbsMlx5UAR:context:
   *
   * The device context the region belongs to.
   */
  GVERBS_PROP_INPUT (GVerbsMlx5UAR, context, "context", gverbs_context_get_type),
  /**
   * GVerbsMlx5UAR:flags:
   *
   * The kind of UAR (blue flame or non-cached).
   */
  GVERBS_PROP_ENUM (GVerbsMlx5UAR, flags, "flags", gverbs_mlx5_dv_uar_alloc_type_get_type,
                    GVERBS_MLX5DV_UAR_ALLOC_TYPE_BF, GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsMlx5UAR:page-id:
   *
   * The UAR's page id, 0 once closed.
   */
  HANDLE (GVerbsMlx5UAR, ibv, struct mlx5dv_devx_uar, page_id, "page-id"),
  /**
   * GVerbsMlx5UAR:mmap-off:
   *
   * Its mmap offset through the context's command fd.
   */
  HANDLE (GVerbsMlx5UAR, ibv, struct mlx5dv_devx_uar, mmap_off, "mmap-off"),
  /**
   * GVerbsMlx5UAR:reg-addr:
   *
   * The address of its doorbell register in this process.
   */
  HANDLE (GVerbsMlx5UAR, ibv, struct mlx5dv_devx_uar, reg_addr, "reg-addr"),
  /**
   * GVerbsMlx5UAR:base-addr:
   *
   * The address of its page in this process.
   */
  HANDLE (GVerbsMlx5UAR, ibv, struct mlx5dv_devx_uar, base_addr, "base-addr"),
  /**
   * GVerbsMlx5UAR:comp-mask:
   *
   * Which optional fields the device filled in.
   */
  HANDLE (GVerbsMlx5UAR, ibv, struct mlx5dv_devx_uar, comp_mask, "comp-mask"),
};

GVERBS_DEFINE_RESOURCE_TYPE_WITH_RELEASE (GVerbsMlx5UAR, gverbs_mlx5_uar, GVERBS_RANK_CQ, uar_fields)

/**
 * gverbs_mlx5_uar_new:
 * @context: an open #GVerbsContext (an mlx5 one)
 * @flags: the kind of UAR
 * @error: return location for a #GError
 *
 * Allocates a UAR (`mlx5dv_devx_alloc_uar()`). A device that is not an
 * mlx5 one gives %GVERBS_ERROR_NOT_SUPPORTED; an unknown @flags value
 * %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: (transfer full): the region, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsMlx5UAR *
gverbs_mlx5_uar_new (GVerbsContext             *context,
                     GVerbsMlx5DVUARAllocType   flags,
                     GError                   **error)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);
  if (!_gverbs_check_enum (GVERBS_TYPE_MLX5_DV_UAR_ALLOC_TYPE, flags, "mlx5dv_devx_alloc_uar",
                           "flags", error))
    return NULL;
  return g_initable_new (GVERBS_TYPE_MLX5_UAR, NULL, error, "context", context, "flags", flags,
                         NULL);
}

/* ---- PP ------------------------------------------------------------------- */

/**
 * GVerbsMlx5PP:
 *
 * A packet pacing entry (`struct mlx5dv_pp` from mlx5dv_pp_alloc(),
 * pyverbs' `Mlx5PP`): a rate limit that SQs created over DevX name by
 * #GVerbsMlx5PP:index. Needs a DevX context
 * (%GVERBS_MLX5DV_CONTEXT_FLAGS_DEVX). Closed with its context.
 *
 * When to use it: to rate-limit a send queue made with DevX: allocate a
 * pacing entry from the device's layout of its context, then name its
 * index in the SQ.
 *
 * ```c
 * // given: GVerbsMlx5Context *ctx; GBytes *pp_context;  // set_pp_rate_limit_context, in the PRM layout
 * g_autoptr(GVerbsMlx5PP) pp = gverbs_mlx5_pp_new (GVERBS_CONTEXT (ctx), pp_context, 0, &error);
 * guint index = 0;
 *
 * if (pp != NULL)
 *   g_object_get (pp, "index", &index, NULL);
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsMlx5PP
{
  GVerbsResource parent_instance;

  GVerbsContext *context;
  GBytes *pp_context;
  guint flags;
  struct mlx5dv_pp *ibv;
};

G_DEFINE_FINAL_TYPE (GVerbsMlx5PP, gverbs_mlx5_pp, GVERBS_TYPE_RESOURCE)

static gboolean
gverbs_mlx5_pp_open (GVerbsResource  *resource,
                     GCancellable    *cancellable,
                     GError         **error)
{
  GVerbsMlx5PP *self = GVERBS_MLX5_PP (resource);
  struct ibv_context *ctx = context_ibv (self->context, "Mlx5PP", error);
  gconstpointer data = NULL;
  gsize size = 0;
  const char *name;

  if (ctx == NULL)
    return FALSE;
  name = gverbs_context_get_name (self->context);
  if (self->pp_context != NULL)
    data = g_bytes_get_data (self->pp_context, &size);
  if (size == 0)
    {
      _gverbs_set_error_errno (error, EINVAL, "mlx5dv_pp_alloc", name,
                               _("the packet pacing context (the rate limit inbox) is empty"));
      return FALSE;
    }
  errno = 0;
  self->ibv = mlx5dv_pp_alloc (ctx, size, data, self->flags);
  if (self->ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : EOPNOTSUPP, "mlx5dv_pp_alloc", name,
                               _("%zu-byte context, flags 0x%x"), size,
                               self->flags);
      return FALSE;
    }
  _gverbs_resource_set_description (resource, "pp %u on %s", self->ibv->index, name);
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->context));
  return TRUE;
}

FREE_RELEASE (GVerbsMlx5PP, gverbs_mlx5_pp, mlx5dv_pp_free)

static const GVerbsField pp_fields[] = {
  /**
   * GVerbsMlx5PP:pp-context:
   *
   * The packet pacing context: the device's set_pp_rate_limit_context in
   * its big-endian layout (its first 4 bytes: the rate limit).
   */
  GVERBS_PROP_BOXED (GVerbsMlx5PP, pp_context, "pp-context", g_bytes_get_type, GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsMlx5PP:context:
   *
   * The device context the entry belongs to.
   */
  GVERBS_PROP_INPUT (GVerbsMlx5PP, context, "context", gverbs_context_get_type),
  /**
   * GVerbsMlx5PP:flags:
   *
   * The allocation flags.
   */
  GVERBS_PROP_FLAGS (GVerbsMlx5PP, flags, "flags", gverbs_mlx5_dv_pp_alloc_flags_get_type, 0,
                     GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsMlx5PP:index:
   *
   * The entry's index, 0 once closed.
   */
  HANDLE (GVerbsMlx5PP, ibv, struct mlx5dv_pp, index, "index"),
};

GVERBS_DEFINE_RESOURCE_TYPE_WITH_RELEASE (GVerbsMlx5PP, gverbs_mlx5_pp, GVERBS_RANK_CQ, pp_fields)

/**
 * gverbs_mlx5_pp_new:
 * @context: an open DevX #GVerbsMlx5Context
 * @pp_context: the packet pacing context (pyverbs' `rate_limit_inbox`)
 * @flags: allocation flags
 * @error: return location for a #GError
 *
 * Allocates a packet pacing entry (`mlx5dv_pp_alloc()`). A device that is
 * not an mlx5 one gives %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * Returns: (transfer full): the entry, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsMlx5PP *
gverbs_mlx5_pp_new (GVerbsContext             *context,
                    GBytes                    *pp_context,
                    GVerbsMlx5DVPPAllocFlags   flags,
                    GError                   **error)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);
  g_return_val_if_fail (pp_context != NULL, NULL);
  if (!_gverbs_check_flags (GVERBS_TYPE_MLX5_DV_PP_ALLOC_FLAGS, flags, "mlx5dv_pp_alloc", "flags",
                            error))
    return NULL;
  return g_initable_new (GVERBS_TYPE_MLX5_PP, NULL, error, "context", context,
                         "pp-context", pp_context, "flags", flags, NULL);
}

/* ---- DevX object ---------------------------------------------------------- */

/**
 * GVerbsMlx5DevxObj:
 *
 * A device object created with a DevX command (`mlx5dv_devx_obj_create()`,
 * pyverbs' `Mlx5DevxObj`): the caller writes the command's input mailbox
 * in the device's layout and reads its output
 * (gverbs_mlx5_devx_obj_get_out()); gverbs_mlx5_devx_obj_query() and
 * gverbs_mlx5_devx_obj_modify() run further commands on it. Needs a DevX
 * context (%GVERBS_MLX5DV_CONTEXT_FLAGS_DEVX); closed with it, before the
 * #GVerbsMlx5UMEM and UARs it may name.
 *
 * When to use it: to create device objects the verbs API does not have (a
 * flow counter, a TIS, a custom queue) with the device's own commands,
 * written in its programmer's reference manual layout.
 *
 * ```c
 * // given: GVerbsMlx5Context *ctx; GBytes *create_cmd;  // e.g. ALLOC_FLOW_COUNTER's input mailbox
 * g_autoptr(GVerbsMlx5DevxObj) obj = gverbs_mlx5_devx_obj_new (GVERBS_CONTEXT (ctx), create_cmd,
 *                                                              16, &error);
 * GBytes *out = NULL;
 *
 * if (obj != NULL)
 *   out = gverbs_mlx5_devx_obj_get_out (obj);   // the command's output mailbox
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsMlx5DevxObj
{
  GVerbsResource parent_instance;

  GVerbsContext *context;
  GBytes *in;
  guint64 outlen;
  GBytes *out;
  struct mlx5dv_devx_obj *ibv;
};

G_DEFINE_FINAL_TYPE (GVerbsMlx5DevxObj, gverbs_mlx5_devx_obj, GVERBS_TYPE_RESOURCE)

static gboolean
gverbs_mlx5_devx_obj_open (GVerbsResource  *resource,
                           GCancellable    *cancellable,
                           GError         **error)
{
  GVerbsMlx5DevxObj *self = GVERBS_MLX5_DEVX_OBJ (resource);
  struct ibv_context *ctx = context_ibv (self->context, "Mlx5DevxObj", error);
  g_autofree guint8 *out = NULL;
  gconstpointer data = NULL;
  gsize inlen = 0;
  const char *name;

  if (ctx == NULL)
    return FALSE;
  name = gverbs_context_get_name (self->context);
  if (self->in != NULL)
    data = g_bytes_get_data (self->in, &inlen);
  if (inlen == 0)
    {
      _gverbs_set_error_errno (error, EINVAL, "mlx5dv_devx_obj_create", name,
                               _("the command's input mailbox is empty"));
      return FALSE;
    }
  if (!_gverbs_mlx5_check_outlen (self->outlen, "mlx5dv_devx_obj_create", error))
    return FALSE;
  out = g_malloc0 (MAX (self->outlen, 1));
  errno = 0;
  self->ibv = mlx5dv_devx_obj_create (ctx, data, inlen, out, self->outlen);
  if (self->ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : EOPNOTSUPP, "mlx5dv_devx_obj_create", name,
                               _("%zu bytes in, %" PRIu64 " out"),
                               inlen, self->outlen);
      return FALSE;
    }
  self->out = g_bytes_new_take (g_steal_pointer (&out), self->outlen);
  _gverbs_resource_set_description (resource, "devx object on %s", name);
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->context));
  return TRUE;
}

static void
gverbs_mlx5_devx_obj_finalize (GObject *object)
{
  g_clear_pointer (&GVERBS_MLX5_DEVX_OBJ (object)->out, g_bytes_unref);
  G_OBJECT_CLASS (gverbs_mlx5_devx_obj_parent_class)->finalize (object);
}

static const GVerbsField devx_fields[] = {
  /**
   * GVerbsMlx5DevxObj:in:
   *
   * The creation command's input mailbox.
   */
  GVERBS_PROP_BOXED (GVerbsMlx5DevxObj, in, "in", g_bytes_get_type, GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsMlx5DevxObj:context:
   *
   * The device context the object belongs to.
   */
  GVERBS_PROP_INPUT (GVerbsMlx5DevxObj, context, "context", gverbs_context_get_type),
  /**
   * GVerbsMlx5DevxObj:outlen:
   *
   * The size of the creation command's output mailbox.
   */
  GVERBS_PROP_UINT (GVerbsMlx5DevxObj, outlen, "outlen", G_MAXUINT32, 0,
                    GVERBS_PROP_CONSTRUCT_ONLY),
};

GVERBS_DEFINE_RESOURCE_TYPE_WITH_CODE (GVerbsMlx5DevxObj, gverbs_mlx5_devx_obj,
                                       mlx5dv_devx_obj_destroy, ibv, GVERBS_RANK_QP,
                                       devx_fields, NULL,
                                       object_class->finalize = gverbs_mlx5_devx_obj_finalize)

/**
 * gverbs_mlx5_devx_obj_new:
 * @context: an open DevX #GVerbsMlx5Context
 * @in: the creation command's input mailbox
 * @outlen: the size of its output mailbox
 * @error: return location for a #GError
 *
 * Creates a device object with a DevX command (`mlx5dv_devx_obj_create()`).
 * A device that is not an mlx5 one gives %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * Returns: (transfer full): the object, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsMlx5DevxObj *
gverbs_mlx5_devx_obj_new (GVerbsContext  *context,
                          GBytes         *in,
                          gsize           outlen,
                          GError        **error)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);
  g_return_val_if_fail (in != NULL, NULL);
  if (!_gverbs_mlx5_check_outlen (outlen, "mlx5dv_devx_obj_create", error))
    return NULL;
  return g_initable_new (GVERBS_TYPE_MLX5_DEVX_OBJ, NULL, error, "context", context, "in", in,
                         "outlen", (guint) outlen, NULL);
}

/**
 * gverbs_mlx5_devx_obj_get_out:
 * @self: a #GVerbsMlx5DevxObj
 *
 * Gets the output mailbox the device filled when `mlx5dv_devx_obj_create()`
 * created the object.
 *
 * Returns: (transfer none) (nullable): the creation command's output
 *   mailbox, %NULL if it was never created
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GBytes *, gverbs_mlx5_devx_obj_get_out,
                      GVerbsMlx5DevxObj, GVERBS_IS_MLX5_DEVX_OBJ, NULL, self->out)

typedef int (*DevxObjCmd) (struct mlx5dv_devx_obj *, const void *, size_t, void *, size_t);

static GBytes *
devx_obj_cmd (GVerbsMlx5DevxObj  *self,
              DevxObjCmd          cmd,
              const char         *call,
              GBytes             *in,
              gsize               outlen,
              GError            **error)
{
  g_autofree guint8 *out = NULL;
  gconstpointer data;
  gsize inlen;
  int rc;

  if (!_gverbs_resource_check_open (self, error) || !_gverbs_mlx5_check_outlen (outlen, call, error))
    return NULL;
  data = g_bytes_get_data (in, &inlen);
  out = g_malloc0 (MAX (outlen, 1));
  rc = cmd (self->ibv, data, inlen, out, outlen);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc > 0 ? rc : errno, call, _gverbs_resource_describe (self),
                               _("%zu bytes in, %zu out"),
                               inlen, outlen);
      return NULL;
    }
  return g_bytes_new_take (g_steal_pointer (&out), outlen);
}

/**
 * gverbs_mlx5_devx_obj_query:
 * @self: an open #GVerbsMlx5DevxObj
 * @in: the query command's input mailbox
 * @outlen: the size of its output mailbox
 * @error: return location for a #GError
 *
 * Runs a query command on the object (`mlx5dv_devx_obj_query()`).
 *
 * Returns: (transfer full): the output mailbox, or %NULL on error
 *
 * Since: 0.1
 */
GBytes *
gverbs_mlx5_devx_obj_query (GVerbsMlx5DevxObj  *self,
                            GBytes             *in,
                            gsize               outlen,
                            GError            **error)
{
  g_return_val_if_fail (GVERBS_IS_MLX5_DEVX_OBJ (self), NULL);
  g_return_val_if_fail (in != NULL, NULL);
  return devx_obj_cmd (self, mlx5dv_devx_obj_query, "mlx5dv_devx_obj_query", in, outlen, error);
}

/**
 * gverbs_mlx5_devx_obj_modify:
 * @self: an open #GVerbsMlx5DevxObj
 * @in: the modify command's input mailbox
 * @outlen: the size of its output mailbox
 * @error: return location for a #GError
 *
 * Runs a modify command on the object (`mlx5dv_devx_obj_modify()`).
 *
 * Returns: (transfer full): the output mailbox, or %NULL on error
 *
 * Since: 0.1
 */
GBytes *
gverbs_mlx5_devx_obj_modify (GVerbsMlx5DevxObj  *self,
                             GBytes             *in,
                             gsize               outlen,
                             GError            **error)
{
  g_return_val_if_fail (GVERBS_IS_MLX5_DEVX_OBJ (self), NULL);
  g_return_val_if_fail (in != NULL, NULL);
  return devx_obj_cmd (self, mlx5dv_devx_obj_modify, "mlx5dv_devx_obj_modify", in, outlen, error);
}

/* ---- UMEM ----------------------------------------------------------------- */

/**
 * GVerbsMlx5UMEM:
 *
 * User memory registered for DevX (`mlx5dv_devx_umem_reg()`, pyverbs'
 * `Mlx5UMEM`): a buffer the library allocates (#GVerbsMlx5UMEM:size bytes
 * aligned to #GVerbsMlx5UMEM:alignment) that DevX objects name by
 * #GVerbsMlx5UMEM:umem-id. Closed with its context, after the DevX
 * objects; the buffer is freed once deregistered.
 *
 * When to use it: to give DevX objects (queues made with DevX commands)
 * host memory the device may access, named by its umem id.
 *
 * ```c
 * // given: GVerbsMlx5Context *ctx;
 * g_autoptr(GVerbsMlx5UMEM) umem = gverbs_mlx5_umem_new (GVERBS_CONTEXT (ctx), 65536,
 *                                                        GVERBS_ACCESS_LOCAL_WRITE, 4096, &error);
 * guint umem_id = 0;
 *
 * if (umem != NULL)
 *   g_object_get (umem, "umem-id", &umem_id, NULL);
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsMlx5UMEM
{
  GVerbsResource parent_instance;

  GVerbsContext *context;
  guint64 size;
  guint access;
  guint64 alignment;
  guint64 addr;
  struct mlx5dv_devx_umem *ibv;
};

G_DEFINE_FINAL_TYPE (GVerbsMlx5UMEM, gverbs_mlx5_umem, GVERBS_TYPE_RESOURCE)

static gboolean
gverbs_mlx5_umem_open (GVerbsResource  *resource,
                       GCancellable    *cancellable,
                       GError         **error)
{
  GVerbsMlx5UMEM *self = GVERBS_MLX5_UMEM (resource);
  struct ibv_context *ctx = context_ibv (self->context, "Mlx5UMEM", error);
  gsize alignment;
  void *buf = NULL;
  const char *name;
  int rc;

  if (ctx == NULL)
    return FALSE;
  name = gverbs_context_get_name (self->context);
  alignment = self->alignment ? self->alignment : (gsize) sysconf (_SC_PAGESIZE);
  if (self->size == 0 || (alignment & (alignment - 1)) != 0 || alignment % sizeof (void *) != 0)
    {
      _gverbs_set_error_errno (error, EINVAL, "mlx5dv_devx_umem_reg", name,
                               _("size %" PRIu64 " must be positive and alignment %zu a power of two"), self->size, alignment);
      return FALSE;
    }
  rc = posix_memalign (&buf, alignment, self->size);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "posix_memalign", name, NULL);
      return FALSE;
    }
  errno = 0;
  self->ibv = mlx5dv_devx_umem_reg (ctx, buf, self->size, self->access);
  if (self->ibv == NULL)
    {
      int err_no = errno ? errno : EOPNOTSUPP;

      free (buf);
      _gverbs_set_error_errno (error, err_no, "mlx5dv_devx_umem_reg", name,
                               _("%" PRIu64 " bytes, access 0x%x"), self->size,
                               self->access);
      return FALSE;
    }
  self->addr = (guint64) (guintptr) buf;
  _gverbs_resource_set_description (resource, "umem 0x%x on %s", self->ibv->umem_id, name);
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->context));
  return TRUE;
}

static gboolean
gverbs_mlx5_umem_release (GVerbsResource  *resource,
                          GError         **error)
{
  GVerbsMlx5UMEM *self = GVERBS_MLX5_UMEM (resource);
  int rc = mlx5dv_devx_umem_dereg (self->ibv);

  if (rc != 0)
    return _gverbs_resource_release_result (resource, rc, "mlx5dv_devx_umem_dereg", error);
  self->ibv = NULL;
  free ((void *) (guintptr) self->addr);
  self->addr = 0;
  return TRUE;
}

static const GVerbsField umem_fields[] = {
  /**
   * GVerbsMlx5UMEM:context:
   *
   * The device context the memory is registered with.
   */
  GVERBS_PROP_INPUT (GVerbsMlx5UMEM, context, "context", gverbs_context_get_type),
  /**
   * GVerbsMlx5UMEM:size:
   *
   * The size of the buffer in bytes.
   */
  GVERBS_PROP_UINT (GVerbsMlx5UMEM, size, "size", G_MAXUINT64, 0, GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsMlx5UMEM:access:
   *
   * The access flags of the registration (#GVerbsAccessFlags bits).
   */
  GVERBS_PROP_UINT (GVerbsMlx5UMEM, access, "access", G_MAXUINT32, 0, GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsMlx5UMEM:alignment:
   *
   * The buffer's alignment (0: the page size).
   */
  GVERBS_PROP_UINT (GVerbsMlx5UMEM, alignment, "alignment", G_MAXUINT64, 0,
                    GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsMlx5UMEM:addr:
   *
   * The buffer's address, 0 once closed.
   */
  GVERBS_PROP_UINT (GVerbsMlx5UMEM, addr, "addr", G_MAXUINT64, 0, G_PARAM_READABLE),
  /**
   * GVerbsMlx5UMEM:umem-id:
   *
   * The id DevX commands name the memory by, 0 once closed.
   */
  HANDLE (GVerbsMlx5UMEM, ibv, struct mlx5dv_devx_umem, umem_id, "umem-id"),
};

GVERBS_DEFINE_RESOURCE_TYPE_WITH_RELEASE (GVerbsMlx5UMEM, gverbs_mlx5_umem, GVERBS_RANK_SRQ, umem_fields)

/**
 * gverbs_mlx5_umem_new:
 * @context: an open DevX #GVerbsMlx5Context
 * @size: the buffer's size in bytes
 * @access: access flags (#GVerbsAccessFlags bits)
 * @alignment: the buffer's alignment; 0 for the page size
 * @error: return location for a #GError
 *
 * Allocates a buffer and registers it for DevX (`mlx5dv_devx_umem_reg()`).
 * A device that is not an mlx5 one gives %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * Returns: (transfer full): the registered memory, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsMlx5UMEM *
gverbs_mlx5_umem_new (GVerbsContext  *context,
                      gsize           size,
                      guint           access,
                      gsize           alignment,
                      GError        **error)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);
  return g_initable_new (GVERBS_TYPE_MLX5_UMEM, NULL, error, "context", context,
                         "size", (guint64) size, "access", access,
                         "alignment", (guint64) alignment, NULL);
}
