/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-dmabuf-mr.h"
#include "gverbs-pd-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-error.h"
#include "gverbs-error-private.h"
#include "gverbs-fields-private.h"
#include "gverbs-resource-private.h"
#include "gverbs-resource-type-private.h"

/**
 * GVerbsDmaBufMR:
 *
 * A memory region over a dma-buf (`ibv_reg_dmabuf_mr()`, pyverbs'
 * `DmaBufMR`): memory another device driver exports as a file descriptor
 * (a GPU's, for peer-to-peer transfers). The caller keeps the descriptor;
 * the region keeps its #GVerbsPD alive and is closed with it. Soft-RoCE has
 * no dma-buf support: gverbs_dma_buf_mr_new() fails there with
 * %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * When to use it: to send from or receive into another device's memory (a
 * GPU buffer exported as a dma-buf) without a copy through host memory.
 *
 * ```c
 * // given: GVerbsPD *pd; int dmabuf_fd; guint64 size;
 * g_autoptr(GVerbsDmaBufMR) mr = gverbs_dma_buf_mr_new (pd, 0, size, 0, dmabuf_fd,
 *                                                       GVERBS_ACCESS_LOCAL_WRITE |
 *                                                       GVERBS_ACCESS_REMOTE_WRITE, &error);
 * if (mr == NULL)
 *   g_printerr ("%s\n", error->message);
 * ```
 *
 * Python: `Verbs.DmaBufMR(pd, length, access, dmabuf=fd)`, pyverbs' order.
 *
 * Since: 0.1
 */
struct _GVerbsDmaBufMR
{
  GVerbsResource parent_instance;

  GVerbsPD *pd;
  guint64 offset;
  guint64 length;
  guint64 iova;
  int fd;
  GVerbsAccessFlags access;
  struct ibv_mr *ibv;
};

G_DEFINE_FINAL_TYPE (GVerbsDmaBufMR, gverbs_dma_buf_mr, GVERBS_TYPE_RESOURCE)

static gboolean
gverbs_dma_buf_mr_open (GVerbsResource  *resource,
                        GCancellable    *cancellable,
                        GError         **error)
{
  GVerbsDmaBufMR *self = GVERBS_DMA_BUF_MR (resource);

  if (!_gverbs_resource_check_input (self->pd,
                                     _("A dma-buf memory region needs a protection domain"), error))
    return FALSE;
  if (self->fd < 0)
    {
      _gverbs_set_error_errno (error, EINVAL, "ibv_reg_dmabuf_mr", _gverbs_resource_describe (self->pd),
                               _("fd %d is not a dma-buf descriptor"), self->fd);
      return FALSE;
    }
  errno = 0;
  self->ibv = ibv_reg_dmabuf_mr (_gverbs_pd_get_ibv (self->pd), self->offset, self->length,
                                 self->iova, self->fd, self->access);
  if (self->ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : EINVAL, "ibv_reg_dmabuf_mr",
                               _gverbs_resource_describe (self->pd),
                               "fd %d offset %" G_GUINT64_FORMAT " length %" G_GUINT64_FORMAT,
                               self->fd, self->offset, self->length);
      return FALSE;
    }
  _gverbs_resource_set_description (resource, "dma-buf mr 0x%x on %s", self->ibv->lkey,
                                    _gverbs_resource_describe (self->pd));
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->pd));
  return TRUE;
}

static const GVerbsField fields[] = {
  /**
   * GVerbsDmaBufMR:pd:
   *
   * The protection domain of the region.
   */
  GVERBS_PROP_INPUT (GVerbsDmaBufMR, pd, "pd", gverbs_pd_get_type),
  /**
   * GVerbsDmaBufMR:offset:
   *
   * Where in the dma-buf the region starts.
   */
  GVERBS_PROP_UINT (GVerbsDmaBufMR, offset, "offset", G_MAXUINT64, 0, GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsDmaBufMR:length:
   *
   * The length of the region in bytes.
   */
  GVERBS_PROP_UINT (GVerbsDmaBufMR, length, "length", G_MAXUINT64, 0, GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsDmaBufMR:iova:
   *
   * The virtual address work requests use for the start of the region.
   */
  GVERBS_PROP_UINT (GVerbsDmaBufMR, iova, "iova", G_MAXUINT64, 0, GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsDmaBufMR:fd:
   *
   * The dma-buf file descriptor (the caller's: not closed by the region).
   */
  GVERBS_PROP_INT (GVerbsDmaBufMR, fd, "fd", -1, G_MAXINT, -1, GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsDmaBufMR:access:
   *
   * The access flags.
   */
  GVERBS_PROP_FLAGS (GVerbsDmaBufMR, access, "access", gverbs_access_flags_get_type, 0,
                     GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsDmaBufMR:lkey:
   *
   * The local key, 0 when closed.
   */
  GVERBS_PROP_HANDLE_UINT (GVerbsDmaBufMR, ibv, struct ibv_mr, lkey, "lkey"),
  /**
   * GVerbsDmaBufMR:rkey:
   *
   * The remote key, 0 when closed.
   */
  GVERBS_PROP_HANDLE_UINT (GVerbsDmaBufMR, ibv, struct ibv_mr, rkey, "rkey"),
};

GVERBS_DEFINE_RESOURCE_CLASS_INIT (GVerbsDmaBufMR, gverbs_dma_buf_mr, ibv_dereg_mr, ibv, GVERBS_RANK_SRQ, fields)

static void
gverbs_dma_buf_mr_init (GVerbsDmaBufMR *self)
{
  self->fd = -1;
}

/**
 * gverbs_dma_buf_mr_new:
 * @pd: an open #GVerbsPD
 * @offset: where in the dma-buf the region starts
 * @length: the length of the region in bytes
 * @iova: the virtual address of the region's start in work requests
 * @fd: the dma-buf file descriptor (stays the caller's)
 * @access: access flags
 * @error: return location for a #GError
 *
 * Registers a dma-buf as a memory region (`ibv_reg_dmabuf_mr()`, rdma-core's
 * argument order). A device without dma-buf support (rxe) gives
 * %GVERBS_ERROR_NOT_SUPPORTED naming the call and the device; a negative
 * @fd gives %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: (transfer full): the region, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsDmaBufMR *
gverbs_dma_buf_mr_new (GVerbsPD           *pd,
                       guint64             offset,
                       guint64             length,
                       guint64             iova,
                       int                 fd,
                       GVerbsAccessFlags   access,
                       GError            **error)
{
  g_return_val_if_fail (GVERBS_IS_PD (pd), NULL);
  if (!_gverbs_check_flags (GVERBS_TYPE_ACCESS_FLAGS, access, "ibv_reg_dmabuf_mr", "access", error))
    return NULL;
  return g_initable_new (GVERBS_TYPE_DMA_BUF_MR, NULL, error, "pd", pd, "offset", offset,
                         "length", length, "iova", iova, "fd", MAX (fd, -1), "access", access, NULL);
}

/**
 * gverbs_dma_buf_mr_get_pd:
 * @self: a #GVerbsDmaBufMR
 *
 * Gets the protection domain.
 *
 * Returns: (transfer none): the protection domain
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsPD *, gverbs_dma_buf_mr_get_pd, GVerbsDmaBufMR, GVERBS_IS_DMA_BUF_MR,
                      NULL, self->pd)

/**
 * gverbs_dma_buf_mr_get_lkey:
 * @self: a #GVerbsDmaBufMR
 *
 * Gets the local key.
 *
 * Returns: the local key, 0 when closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_dma_buf_mr_get_lkey, GVerbsDmaBufMR, GVERBS_IS_DMA_BUF_MR,
                      0, self->ibv ? self->ibv->lkey : 0)

/**
 * gverbs_dma_buf_mr_get_rkey:
 * @self: a #GVerbsDmaBufMR
 *
 * Gets the remote key.
 *
 * Returns: the remote key, 0 when closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_dma_buf_mr_get_rkey, GVerbsDmaBufMR, GVERBS_IS_DMA_BUF_MR,
                      0, self->ibv ? self->ibv->rkey : 0)
