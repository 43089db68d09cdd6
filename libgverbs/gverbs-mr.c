/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <inttypes.h>

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "gverbs-mr.h"
#include "gverbs-mr-private.h"
#include "gverbs-mr-buffer-private.h"
#include "gverbs-pd-private.h"
#include "gverbs-context-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-error.h"
#include "gverbs-error-private.h"
#include "gverbs-resource-private.h"
#include "gverbs-resource-type-private.h"

/**
 * GVerbsMR:
 *
 * A memory region (`struct ibv_mr`): memory registered with the device so
 * that work requests can use it locally (through its lkey) or remote peers
 * can (through its rkey).
 *
 * As in pyverbs, the library allocates the memory (page-aligned and zeroed)
 * and gives access to it with gverbs_mr_write() and gverbs_mr_read(); C
 * callers may register memory of their own with gverbs_mr_new_for_memory().
 * A memory region keeps its #GVerbsPD alive; closing the PD closes it.
 *
 * When to use it: for every buffer a work request reads or writes. Register
 * once and reuse: registration pins pages and is slow, the data path is not.
 *
 * ```c
 * // given: GVerbsPD *pd;
 * g_autoptr(GVerbsMR) mr = gverbs_mr_new (pd, 4096,
 *                                         GVERBS_ACCESS_LOCAL_WRITE |
 *                                         GVERBS_ACCESS_REMOTE_WRITE, &error);
 * GVerbsSGE sge;
 *
 * if (mr == NULL)
 *   return;   // GVERBS_ERROR_NO_MEMORY: check ulimit -l
 * sge = (GVerbsSGE) { gverbs_mr_get_addr (mr), 64, gverbs_mr_get_lkey (mr) };
 * if (!gverbs_mr_write (mr, (const guint8 *) "hello", 6, 0, &error))
 *   g_printerr ("%s\n", error->message);
 * // give gverbs_mr_get_rkey (mr) and the address to a peer for RDMA
 * ```
 *
 * Python: `Verbs.MR(pd, length, access)` or `pd.mr(buf_or_length, access)`;
 * `mr.write(data, length)` and `mr.read(length, offset)` as in pyverbs.
 *
 * Since: 0.1
 */
struct _GVerbsMR
{
  GVerbsResource parent_instance;

  GVerbsPD *pd;
  guint64 length;
  GVerbsAccessFlags access;
  gpointer user_memory;  /* set by gverbs_mr_new_for_memory() before init */
  gpointer buffer;       /* the registered memory, NULL once closed */
  gboolean owns_buffer;
  gboolean imported;     /* from ibv_import_mr(): its memory is another process's */
  struct ibv_mr *ibv;
};

G_DEFINE_FINAL_TYPE (GVerbsMR, gverbs_mr, GVERBS_TYPE_RESOURCE)

enum {
  PROP_PD,
  PROP_ACCESS,
  PROP_ADDR,
  PROP_LKEY,
  PROP_RKEY,
  PROP_LENGTH,
  PROP_HANDLE,
  N_PROPS
};

/* the pspecs gverbs_mr_rereg() notifies, by table row */
static GParamSpec *properties[N_PROPS];

static void
set_alloc_error (GError     **error,
                 int          err_no,
                 guint64      length,
                 const char  *object)
{
  g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_MEMORY,
               _("Cannot allocate %" PRIu64 " bytes of memory for a memory region "
                 "on %s: %s"), length, object, g_strerror (err_no));
}

/* The InfiniBand rule that ibv_reg_mr() and ibv_rereg_mr() enforce. */
static gboolean
check_access (GVerbsAccessFlags   access,
              const char         *call,
              const char         *object,
              GError            **error)
{
  if ((access & (GVERBS_ACCESS_REMOTE_WRITE | GVERBS_ACCESS_REMOTE_ATOMIC)) != 0 &&
      (access & GVERBS_ACCESS_LOCAL_WRITE) == 0)
    {
      _gverbs_set_error_errno (error, EINVAL, call, object,
                               _("access 0x%x asks for remote write or remote atomic access "
                                 "without local write; IBV_ACCESS_REMOTE_WRITE and "
                                 "IBV_ACCESS_REMOTE_ATOMIC need IBV_ACCESS_LOCAL_WRITE"),
                               (guint) access);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_length (GVerbsMR  *self,
              GError   **error)
{
  const struct ibv_device_attr *attr;
  int rc;

  if (self->length == 0)
    {
      _gverbs_set_error_errno (error, EINVAL, "ibv_reg_mr", _gverbs_resource_describe (self->pd),
                               _("length 0: a memory region holds at least one byte"));
      return FALSE;
    }
  if (self->length > G_MAXSIZE)
    {
      _gverbs_set_error_errno (error, EINVAL, "ibv_reg_mr", _gverbs_resource_describe (self->pd),
                               _("length %" PRIu64 " does not fit in memory"),
                               self->length);
      return FALSE;
    }
  attr = _gverbs_context_get_device_attr (gverbs_pd_get_context (self->pd), &rc);
  if (attr != NULL && self->length > attr->max_mr_size)
    {
      _gverbs_set_error_errno (error, EINVAL, "ibv_reg_mr", _gverbs_resource_describe (self->pd),
                               _("length %" PRIu64 " > device limit max_mr_size %" PRIu64), self->length, (guint64) attr->max_mr_size);
      return FALSE;
    }
  return TRUE;
}

static gboolean
register_memory (GVerbsMR  *self,
                 GError   **error)
{
  gpointer buffer = self->user_memory;

  if (buffer == NULL)
    {
      buffer = _gverbs_mr_buffer_alloc (self->length);
      if (buffer == NULL)
        {
          set_alloc_error (error, errno, self->length, _gverbs_resource_describe (self->pd));
          return FALSE;
        }
    }

  errno = 0;
  self->ibv = ibv_reg_mr (_gverbs_pd_get_ibv (self->pd), buffer, self->length, self->access);
  if (self->ibv == NULL)
    {
      int err = errno ? errno : ENOMEM;

      _gverbs_set_error_errno (error, err, "ibv_reg_mr", _gverbs_resource_describe (self->pd),
                               _("length %" PRIu64 ", access 0x%x"),
                               self->length, (guint) self->access);
      if (self->user_memory == NULL)
        _gverbs_mr_buffer_free (buffer, self->length, TRUE);
      return FALSE;
    }
  self->buffer = buffer;
  self->owns_buffer = self->user_memory == NULL;
  _gverbs_resource_set_description (GVERBS_RESOURCE (self), "mr 0x%x on %s", self->ibv->lkey,
                                    _gverbs_resource_describe (self->pd));
  _gverbs_resource_add_parent (GVERBS_RESOURCE (self), GVERBS_RESOURCE (self->pd));
  _gverbs_pd_add_mr_key (self->pd, self->ibv);
  return TRUE;
}

static gboolean
gverbs_mr_open (GVerbsResource  *resource,
                GCancellable    *cancellable,
                GError         **error)
{
  GVerbsMR *self = GVERBS_MR (resource);

  return _gverbs_resource_check_input (self->pd,
                                       _("A memory region needs a protection domain"), error) &&
         check_length (self, error) &&
         check_access (self->access, "ibv_reg_mr", _gverbs_resource_describe (self->pd), error) &&
         register_memory (self, error);
}

/* If rdma-core refuses (a type 1 memory window is still bound), the memory
 * region stays registered: gverbs_resource_close() leaves it open. */
static gboolean
gverbs_mr_release (GVerbsResource  *resource,
                   GError         **error)
{
  GVerbsMR *self = GVERBS_MR (resource);
  int rc = 0;

  _gverbs_pd_remove_mr_key (self->pd, self->ibv);
  if (self->imported)
    ibv_unimport_mr (self->ibv);
  else
    rc = ibv_dereg_mr (self->ibv);
  if (rc != 0)
    {
      _gverbs_pd_add_mr_key (self->pd, self->ibv);
      _gverbs_set_error_errno (error, rc, "ibv_dereg_mr", _gverbs_resource_describe (self), NULL);
      return FALSE;
    }
  self->ibv = NULL;
  if (self->owns_buffer)
    _gverbs_mr_buffer_free (self->buffer, self->length, TRUE);
  self->buffer = NULL;
  self->owns_buffer = FALSE;
  return TRUE;
}

static void
gverbs_mr_finalize (GObject *object)
{
  GVerbsMR *self = GVERBS_MR (object);

  /* Only when ibv_dereg_mr() failed: the kernel holds its own reference
   * to the pinned pages, and no inline send may take them for ours. */
  if (self->ibv != NULL)
    _gverbs_pd_remove_mr_key (self->pd, self->ibv);
  if (self->owns_buffer)
    _gverbs_mr_buffer_free (self->buffer, self->length, self->ibv == NULL);
  G_OBJECT_CLASS (gverbs_mr_parent_class)->finalize (object);
}

static const GVerbsField fields[] = {
  /**
   * GVerbsMR:pd:
   *
   * The protection domain the memory region is registered in.
   */
  [PROP_PD] = GVERBS_PROP_INPUT (GVerbsMR, pd, "pd", gverbs_pd_get_type),
  /**
   * GVerbsMR:access:
   *
   * The access the memory region grants. Remote write and remote atomic
   * access need local write as well.
   */
  [PROP_ACCESS] = GVERBS_PROP_FLAGS (GVerbsMR, access, "access", gverbs_access_flags_get_type, 0,
                                     GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsMR:addr:
   *
   * The start address of the registered memory (what an SGE or a remote
   * peer's RDMA work request uses), 0 when closed.
   */
  [PROP_ADDR] = GVERBS_PROP_HANDLE_UINT (GVerbsMR, ibv, struct ibv_mr, addr, "addr"),
  /**
   * GVerbsMR:lkey:
   *
   * The local key, for scatter/gather elements of local work requests;
   * 0 when closed.
   */
  [PROP_LKEY] = GVERBS_PROP_HANDLE_UINT (GVerbsMR, ibv, struct ibv_mr, lkey, "lkey"),
  /**
   * GVerbsMR:rkey:
   *
   * The remote key, which a peer puts in its RDMA and atomic work requests;
   * 0 when closed.
   */
  [PROP_RKEY] = GVERBS_PROP_HANDLE_UINT (GVerbsMR, ibv, struct ibv_mr, rkey, "rkey"),
  /**
   * GVerbsMR:length:
   *
   * The length of the memory region in bytes (at least 1).
   */
  [PROP_LENGTH] = GVERBS_PROP_UINT (GVerbsMR, length, "length", G_MAXUINT64, 0,
                                    GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsMR:handle:
   *
   * The kernel handle of the memory region (what ibv_import_mr() takes),
   * 0 when closed.
   */
  [PROP_HANDLE] = GVERBS_PROP_HANDLE_UINT (GVerbsMR, ibv, struct ibv_mr, handle, "handle"),
};

GVERBS_RESOURCE_CLASS_INIT (GVerbsMR, gverbs_mr, GVERBS_RANK_SRQ, fields, properties,
                            resource_class->release = gverbs_mr_release;
                            resource_class->keeps_open_when_release_fails = TRUE;
                            object_class->finalize = gverbs_mr_finalize)

static void
gverbs_mr_init (GVerbsMR *self)
{
}

/**
 * gverbs_mr_new:
 * @pd: an open #GVerbsPD
 * @length: the size of the memory region in bytes, at least 1
 * @access: the access it grants
 * @error: return location for a #GError
 *
 * Allocates @length bytes of zeroed, page-aligned memory and registers them
 * with the device (`ibv_reg_mr()`), as pyverbs' `MR(pd, length, access)`.
 * An @access with a bit that no #GVerbsAccessFlags value names is
 * %GVERBS_ERROR_INVALID_ARGUMENT naming the bits.
 *
 * Returns: (transfer full): the memory region, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsMR *
gverbs_mr_new (GVerbsPD           *pd,
               guint64             length,
               GVerbsAccessFlags   access,
               GError            **error)
{
  g_return_val_if_fail (GVERBS_IS_PD (pd), NULL);
  if (!_gverbs_check_flags (GVERBS_TYPE_ACCESS_FLAGS, access, "ibv_reg_mr", "access", error))
    return NULL;
  return g_initable_new (GVERBS_TYPE_MR, NULL, error,
                         "pd", pd, "length", length, "access", access, NULL);
}

/**
 * gverbs_pd_reg_mr:
 * @self: an open #GVerbsPD
 * @length: the size of the memory region in bytes, at least 1
 * @access: the access it grants
 * @error: return location for a #GError
 *
 * Registers a new memory region in this protection domain; the same as
 * gverbs_mr_new() (python-rdma's `pd.mr()`).
 *
 * Returns: (transfer full): the memory region, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsMR *
gverbs_pd_reg_mr (GVerbsPD           *self,
                  guint64             length,
                  GVerbsAccessFlags   access,
                  GError            **error)
{
  return gverbs_mr_new (self, length, access, error);
}

/**
 * gverbs_mr_new_for_memory: (skip)
 * @pd: an open #GVerbsPD
 * @addr: the memory to register; it must stay valid until the memory
 *   region is closed
 * @length: its size in bytes, at least 1
 * @access: the access it grants
 * @error: return location for a #GError
 *
 * Registers memory that the caller owns (`ibv_reg_mr()`). The library never
 * frees it. gverbs_mr_write() and gverbs_mr_read() work on it as on
 * library-owned memory.
 *
 * Returns: (transfer full): the memory region, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsMR *
gverbs_mr_new_for_memory (GVerbsPD           *pd,
                          gpointer            addr,
                          gsize               length,
                          GVerbsAccessFlags   access,
                          GError            **error)
{
  GVerbsMR *self;

  g_return_val_if_fail (GVERBS_IS_PD (pd), NULL);
  g_return_val_if_fail (addr != NULL, NULL);
  if (!_gverbs_check_flags (GVERBS_TYPE_ACCESS_FLAGS, access, "ibv_reg_mr", "access", error))
    return NULL;

  self = g_object_new (GVERBS_TYPE_MR, "pd", pd, "length", (guint64) length,
                       "access", access, NULL);
  self->user_memory = addr;
  if (!g_initable_init (G_INITABLE (self), NULL, error))
    {
      g_object_unref (self);
      return NULL;
    }
  return self;
}

/**
 * gverbs_mr_get_pd:
 * @self: a #GVerbsMR
 *
 * Gets the protection domain of the memory region.
 *
 * Returns: (transfer none): the protection domain of the memory region
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsPD *, gverbs_mr_get_pd, GVerbsMR, GVERBS_IS_MR, NULL, self->pd)

/**
 * gverbs_mr_get_length:
 * @self: a #GVerbsMR
 *
 * Gets the length of the memory region in bytes.
 *
 * Returns: the length of the memory region in bytes
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint64, gverbs_mr_get_length, GVerbsMR, GVERBS_IS_MR, 0, self->length)

/**
 * gverbs_mr_get_access:
 * @self: a #GVerbsMR
 *
 * Gets the access the memory region grants.
 *
 * Returns: the access the memory region grants
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsAccessFlags, gverbs_mr_get_access,
                      GVerbsMR, GVERBS_IS_MR, 0, self->access)

/**
 * gverbs_mr_get_addr:
 * @self: a #GVerbsMR
 *
 * Gets the start address of the registered memory (pyverbs' `mr.buf`).
 *
 * Returns: the start address of the registered memory (pyverbs' `mr.buf`),
 *   0 when closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint64, gverbs_mr_get_addr,
                      GVerbsMR, GVERBS_IS_MR, 0,
                      self->ibv ? (guint64) (guintptr) self->ibv->addr : 0)

/**
 * gverbs_mr_get_buffer: (skip)
 * @self: a #GVerbsMR
 *
 * The registered memory itself, for C callers that fill or read it in
 * place. It is valid until the memory region is closed.
 *
 * Returns: (transfer none) (nullable): the memory, %NULL when closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (gpointer, gverbs_mr_get_buffer,
                      GVerbsMR, GVERBS_IS_MR, NULL, self->ibv ? self->buffer : NULL)

/**
 * gverbs_mr_get_lkey:
 * @self: a #GVerbsMR
 *
 * Gets the local key.
 *
 * Returns: the local key, 0 when closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_mr_get_lkey,
                      GVerbsMR, GVERBS_IS_MR, 0, self->ibv ? self->ibv->lkey : 0)

/**
 * gverbs_mr_get_rkey:
 * @self: a #GVerbsMR
 *
 * Gets the remote key.
 *
 * Returns: the remote key, 0 when closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_mr_get_rkey,
                      GVerbsMR, GVERBS_IS_MR, 0, self->ibv ? self->ibv->rkey : 0)

/**
 * gverbs_mr_get_handle:
 * @self: a #GVerbsMR
 *
 * Gets the kernel handle of the memory region.
 *
 * Returns: the kernel handle of the memory region, 0 when closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_mr_get_handle,
                      GVerbsMR, GVERBS_IS_MR, 0, self->ibv ? self->ibv->handle : 0)

static gboolean
check_range (GVerbsMR    *self,
             const char  *what,
             guint64      length,
             guint64      offset,
             GError     **error)
{
  if (self->imported)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED,
                   _("Cannot %s the memory of %s: it belongs to the process that registered it"),
                   what, _gverbs_resource_describe (self));
      return FALSE;
    }
  if (offset > self->length || length > self->length - offset)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   /* TRANSLATORS: "Cannot read 8 bytes at offset 96 of mr 0x1f3 on pd 2 on
                    * rxe0: it is 100 bytes long" */
                   _("Cannot %s %" PRIu64 " bytes at offset %" PRIu64
                     " of %s: it is %" PRIu64 " bytes long"),
                   what, length, offset, _gverbs_resource_describe (self), self->length);
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_mr_write:
 * @self: an open #GVerbsMR
 * @data: (array length=length): the bytes to write
 * @length: how many bytes to write
 * @offset: where in the memory region to write them
 * @error: return location for a #GError
 *
 * Copies @data into the memory region at @offset. Writing past the end is
 * refused with %GVERBS_ERROR_OUT_OF_RANGE and writes nothing.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_mr_write (GVerbsMR      *self,
                 const guint8  *data,
                 gsize          length,
                 guint64        offset,
                 GError       **error)
{
  g_return_val_if_fail (GVERBS_IS_MR (self), FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (!_gverbs_resource_enter (self))
    return _gverbs_resource_check_open (self, error);
  if (!check_range (self, _("write"), length, offset, error))
    {
      _gverbs_resource_leave (self);
      return FALSE;
    }
  if (length > 0)
    memcpy ((guint8 *) self->buffer + offset, data, length);
  _gverbs_resource_leave (self);
  return TRUE;
}

/**
 * gverbs_mr_read:
 * @self: an open #GVerbsMR
 * @length: how many bytes to read
 * @offset: where in the memory region to read them
 * @error: return location for a #GError
 *
 * Copies @length bytes at @offset out of the memory region. Reading past
 * the end is refused with %GVERBS_ERROR_OUT_OF_RANGE.
 *
 * Returns: (transfer full): the bytes, or %NULL on error
 *
 * Since: 0.1
 */
GBytes *
gverbs_mr_read (GVerbsMR  *self,
                guint64    length,
                guint64    offset,
                GError   **error)
{
  GBytes *bytes = NULL;

  g_return_val_if_fail (GVERBS_IS_MR (self), NULL);

  if (!_gverbs_resource_enter (self))
    {
      _gverbs_resource_check_open (self, error);
      return NULL;
    }
  if (check_range (self, _("read"), length, offset, error))
    bytes = g_bytes_new ((guint8 *) self->buffer + offset, length);
  _gverbs_resource_leave (self);
  return bytes;
}

/**
 * gverbs_mr_sge:
 * @self: an open #GVerbsMR
 * @length: the length of the element in bytes
 * @offset: where in the memory region it starts
 * @error: return location for a #GError
 *
 * Makes a scatter/gather element for @length bytes at @offset of this
 * memory region (python-rdma's `mr.sge(length=, off=)`). The range must lie
 * inside the memory region and @length must fit in 32 bits.
 *
 * Returns: (transfer full): the element, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsSGE *
gverbs_mr_sge (GVerbsMR  *self,
               guint64    length,
               guint64    offset,
               GError   **error)
{
  g_return_val_if_fail (GVERBS_IS_MR (self), NULL);

  if (!_gverbs_resource_check_open (self, error) ||
      !check_range (self, _("address"), length, offset, error))
    return NULL;
  if (length > G_MAXUINT32)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   _("A scatter/gather element holds at most %u bytes, not %" PRIu64),
                   G_MAXUINT32, length);
      return NULL;
    }
  return gverbs_sge_new (gverbs_mr_get_addr (self) + offset, (guint32) length, self->ibv->lkey);
}

/**
 * gverbs_mr_rereg:
 * @self: an open #GVerbsMR
 * @flags: what to change
 * @pd: (nullable): the new protection domain, with
 *   %GVERBS_REREG_MR_CHANGE_PD
 * @access: the new access, with %GVERBS_REREG_MR_CHANGE_ACCESS
 * @error: return location for a #GError
 *
 * Re-registers the memory region (`ibv_rereg_mr()`), keeping its object.
 * %GVERBS_REREG_MR_CHANGE_TRANSLATION moves it to fresh zeroed memory of
 * the same length (library-owned memory regions only). Many devices,
 * Soft-RoCE among them, do not support re-registration: that is
 * %GVERBS_ERROR_NOT_SUPPORTED, and the memory region stays as it was.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_mr_rereg (GVerbsMR            *self,
                 GVerbsReregMRFlags   flags,
                 GVerbsPD            *pd,
                 GVerbsAccessFlags    access,
                 GError             **error)
{
  gpointer new_buffer = NULL;
  int rc;

  g_return_val_if_fail (GVERBS_IS_MR (self), FALSE);
  g_return_val_if_fail (pd == NULL || GVERBS_IS_PD (pd), FALSE);

  if (!_gverbs_resource_check_open (self, error))
    return FALSE;
  if (flags & GVERBS_REREG_MR_CHANGE_PD)
    {
      if (pd == NULL)
        {
          _gverbs_set_error_errno (error, EINVAL, "ibv_rereg_mr", _gverbs_resource_describe (self),
                                   _("IBV_REREG_MR_CHANGE_PD needs a protection domain"));
          return FALSE;
        }
      if (!_gverbs_resource_check_open (pd, error))
        return FALSE;
      if (gverbs_pd_get_context (pd) != gverbs_pd_get_context (self->pd))
        {
          _gverbs_set_error_errno (error, EINVAL, "ibv_rereg_mr", _gverbs_resource_describe (self),
                                   _("%s belongs to another device context"),
                                   _gverbs_resource_describe (pd));
          return FALSE;
        }
    }
  if ((flags & GVERBS_REREG_MR_CHANGE_ACCESS) &&
      !check_access (access, "ibv_rereg_mr", _gverbs_resource_describe (self), error))
    return FALSE;
  if (flags & GVERBS_REREG_MR_CHANGE_TRANSLATION)
    {
      if (!self->owns_buffer)
        {
          _gverbs_set_error_errno (error, EINVAL, "ibv_rereg_mr", _gverbs_resource_describe (self),
                                   _("the memory region registers caller memory; "
                                     "IBV_REREG_MR_CHANGE_TRANSLATION needs library memory"));
          return FALSE;
        }
      new_buffer = _gverbs_mr_buffer_alloc (self->length);
      if (new_buffer == NULL)
        {
          set_alloc_error (error, errno, self->length, _gverbs_resource_describe (self));
          return FALSE;
        }
    }

  errno = 0;
  _gverbs_pd_remove_mr_key (self->pd, self->ibv);
  rc = ibv_rereg_mr (self->ibv, flags,
                     (flags & GVERBS_REREG_MR_CHANGE_PD) ? _gverbs_pd_get_ibv (pd) : NULL,
                     new_buffer, new_buffer ? self->length : 0,
                     (flags & GVERBS_REREG_MR_CHANGE_ACCESS) ? access : 0);
  /* the lkey, address or PD may have changed */
  _gverbs_pd_add_mr_key ((rc == 0 && (flags & GVERBS_REREG_MR_CHANGE_PD)) ? pd : self->pd, self->ibv);
  if (rc != 0)
    {
      int err = errno ? errno : EOPNOTSUPP;

      _gverbs_mr_buffer_free (new_buffer, self->length, TRUE);
      _gverbs_set_error_errno (error, err, "ibv_rereg_mr", _gverbs_resource_describe (self),
                               _("flags 0x%x"), (guint) flags);
      return FALSE;
    }

  g_object_freeze_notify (G_OBJECT (self));
  if (new_buffer != NULL)
    {
      _gverbs_mr_buffer_free (self->buffer, self->length, TRUE);
      self->buffer = new_buffer;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ADDR]);
    }
  if (flags & GVERBS_REREG_MR_CHANGE_ACCESS)
    {
      self->access = access;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACCESS]);
    }
  if ((flags & GVERBS_REREG_MR_CHANGE_PD) && pd != self->pd)
    {
      _gverbs_resource_replace_parent (GVERBS_RESOURCE (self), GVERBS_RESOURCE (self->pd),
                                       GVERBS_RESOURCE (pd));
      g_set_object (&self->pd, pd);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PD]);
    }
  _gverbs_resource_set_description (GVERBS_RESOURCE (self), "mr 0x%x on %s", self->ibv->lkey,
                                    _gverbs_resource_describe (self->pd));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LKEY]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RKEY]);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

struct ibv_mr *
_gverbs_mr_get_ibv (GVerbsMR *self)
{
  return self->ibv;
}


GVerbsMR *
_gverbs_mr_new_imported (GVerbsPD      *pd,
                         struct ibv_mr *ibv)
{
  GVerbsMR *self = g_object_new (GVERBS_TYPE_MR, "pd", pd, "length", (guint64) ibv->length, NULL);

  self->imported = TRUE;
  self->ibv = ibv;
  _gverbs_resource_set_description (GVERBS_RESOURCE (self), "imported mr 0x%x on %s", ibv->lkey,
                                    _gverbs_resource_describe (pd));
  _gverbs_resource_add_parent (GVERBS_RESOURCE (self), GVERBS_RESOURCE (pd));
  _gverbs_pd_add_mr_key (pd, ibv);
  _gverbs_resource_adopt (GVERBS_RESOURCE (self));
  return self;
}

gboolean
_gverbs_mr_get_imported (GVerbsMR *self)
{
  return self->imported;
}
