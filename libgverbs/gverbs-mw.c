/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-mw.h"
#include "gverbs-mw-private.h"
#include "gverbs-pd-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"
#include "gverbs-resource-type-private.h"

/**
 * GVerbsMW:
 *
 * A memory window (`struct ibv_mw`): a remote-access grant on part of a
 * memory region, bound and invalidated through a queue pair — with
 * `ibv_bind_mw()` for type 1 windows, with a bind work request for type 2.
 * A memory window keeps its #GVerbsPD alive; closing the PD closes it.
 * A window keeps the #GVerbsMR it was last bound to alive until it is
 * closed, since rdma-core cannot deregister a region a window is bound to.
 *
 * When to use it: to give a peer remote access to part of a memory region
 * for a while and take it back, without re-registering memory: bind the
 * window, send its rkey, invalidate it when done.
 *
 * ```c
 * // given: GVerbsPD *pd; GVerbsQP *qp; GVerbsMR *mr;  // mr registered with GVERBS_ACCESS_MW_BIND
 * g_autoptr(GVerbsMW) mw = gverbs_mw_new (pd, GVERBS_MW_TYPE_1, &error);
 *
 * if (mw == NULL ||
 *     !gverbs_qp_bind_mw (qp, mw, mr, gverbs_mr_get_addr (mr), 4096,
 *                         GVERBS_ACCESS_REMOTE_READ, 1, GVERBS_SEND_SIGNALED, &error))
 *   g_printerr ("%s\n", error->message);
 * ```
 *
 * Python: `Verbs.MW(pd, Verbs.MWType.TYPE_1)`.
 *
 * Since: 0.1
 */
struct _GVerbsMW
{
  GVerbsResource parent_instance;

  GVerbsPD *pd;
  GVerbsMWType type;
  struct ibv_mw *ibv;
  GVerbsMR *bound_mr;           /* kept alive while the window may open it */
};

G_DEFINE_FINAL_TYPE (GVerbsMW, gverbs_mw, GVERBS_TYPE_RESOURCE)

enum {
  PROP_PD,
  PROP_TYPE,
  PROP_HANDLE,
  PROP_RKEY,
  N_PROPS
};

/* the pspec _gverbs_mw_bound() notifies, by table row */
static GParamSpec *properties[N_PROPS];

static gboolean
gverbs_mw_open (GVerbsResource  *resource,
                GCancellable    *cancellable,
                GError         **error)
{
  GVerbsMW *self = GVERBS_MW (resource);

  if (!_gverbs_resource_check_input (self->pd,
                                     _("A memory window needs a protection domain"), error))
    return FALSE;
  errno = 0;
  self->ibv = ibv_alloc_mw (_gverbs_pd_get_ibv (self->pd), (enum ibv_mw_type) self->type);
  if (self->ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : ENOMEM, "ibv_alloc_mw",
                               _gverbs_resource_describe (self->pd), _("type %d"), self->type);
      return FALSE;
    }
  _gverbs_resource_set_description (resource, "mw %u (type %d) on %s", self->ibv->handle,
                                    self->type, _gverbs_resource_describe (self->pd));
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->pd));
  return TRUE;
}

/* Deallocating (ibv_dealloc_mw(), declared in class_init) also ends the
 * window's binding. If rdma-core refuses, the window stays open. */
static gboolean
gverbs_mw_release (GVerbsResource  *resource,
                   GError         **error)
{
  if (!GVERBS_RESOURCE_CLASS (gverbs_mw_parent_class)->release (resource, error))
    return FALSE;
  g_clear_object (&GVERBS_MW (resource)->bound_mr);
  return TRUE;
}

static void
gverbs_mw_finalize (GObject *object)
{
  GVerbsMW *self = GVERBS_MW (object);

  g_clear_object (&self->bound_mr);
  G_OBJECT_CLASS (gverbs_mw_parent_class)->finalize (object);
}

static const GVerbsField fields[] = {
  /**
   * GVerbsMW:pd:
   *
   * The protection domain the memory window belongs to.
   */
  [PROP_PD] = GVERBS_PROP_INPUT (GVerbsMW, pd, "pd", gverbs_pd_get_type),
  /**
   * GVerbsMW:type:
   *
   * The memory window type: type 1 windows are bound with `ibv_bind_mw()`,
   * type 2 windows with a bind work request.
   */
  [PROP_TYPE] = GVERBS_PROP_ENUM (GVerbsMW, type, "type", gverbs_mw_type_get_type,
                                  GVERBS_MW_TYPE_1, GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsMW:handle:
   *
   * The kernel handle of the memory window, 0 when closed.
   */
  [PROP_HANDLE] = GVERBS_PROP_HANDLE_UINT (GVerbsMW, ibv, struct ibv_mw, handle, "handle"),
  /**
   * GVerbsMW:rkey:
   *
   * The remote key of the window (it changes when the window is bound),
   * 0 when closed.
   */
  [PROP_RKEY] = GVERBS_PROP_HANDLE_UINT (GVerbsMW, ibv, struct ibv_mw, rkey, "rkey"),
};

GVERBS_DEFINE_RESOURCE_CLASS_INIT_WITH_CODE (GVerbsMW, gverbs_mw, ibv_dealloc_mw, ibv, GVERBS_RANK_QP,
                                             fields, properties,
                                             resource_class->release = gverbs_mw_release;
                                             resource_class->keeps_open_when_release_fails = TRUE;
                                             object_class->finalize = gverbs_mw_finalize)

static void
gverbs_mw_init (GVerbsMW *self)
{
  self->type = GVERBS_MW_TYPE_1;
}

/**
 * gverbs_mw_new:
 * @pd: an open #GVerbsPD
 * @type: the memory window type
 * @error: return location for a #GError
 *
 * Allocates a memory window (`ibv_alloc_mw()`), as pyverbs' `MW(pd, type)`.
 * A @type that is neither %GVERBS_MW_TYPE_1 nor %GVERBS_MW_TYPE_2 is
 * %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: (transfer full): the memory window, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsMW *
gverbs_mw_new (GVerbsPD      *pd,
               GVerbsMWType   type,
               GError       **error)
{
  g_return_val_if_fail (GVERBS_IS_PD (pd), NULL);

  if (type != GVERBS_MW_TYPE_1 && type != GVERBS_MW_TYPE_2)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("ibv_alloc_mw on %s: memory window type %d is neither "
                     "IBV_MW_TYPE_1 nor IBV_MW_TYPE_2"),
                   _gverbs_resource_describe (pd), (int) type);
      return NULL;
    }
  return g_initable_new (GVERBS_TYPE_MW, NULL, error, "pd", pd, "type", type, NULL);
}

/**
 * gverbs_pd_alloc_mw:
 * @self: an open #GVerbsPD
 * @type: the memory window type
 * @error: return location for a #GError
 *
 * Allocates a memory window in this protection domain; the same as
 * gverbs_mw_new().
 *
 * Returns: (transfer full): the memory window, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsMW *
gverbs_pd_alloc_mw (GVerbsPD      *self,
                    GVerbsMWType   type,
                    GError       **error)
{
  return gverbs_mw_new (self, type, error);
}

/**
 * gverbs_mw_get_pd:
 * @self: a #GVerbsMW
 *
 * Gets the protection domain of the memory window.
 *
 * Returns: (transfer none): the protection domain of the memory window
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsPD *, gverbs_mw_get_pd, GVerbsMW, GVERBS_IS_MW, NULL, self->pd)

/**
 * gverbs_mw_get_mw_type:
 * @self: a #GVerbsMW
 *
 * Gets the memory window type.
 *
 * Returns: the memory window type
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsMWType, gverbs_mw_get_mw_type,
                      GVerbsMW, GVERBS_IS_MW, GVERBS_MW_TYPE_1, self->type)

/**
 * gverbs_mw_get_rkey:
 * @self: a #GVerbsMW
 *
 * Gets the remote key of the window.
 *
 * Returns: the remote key of the window, 0 when closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_mw_get_rkey,
                      GVerbsMW, GVERBS_IS_MW, 0, self->ibv ? self->ibv->rkey : 0)

/**
 * gverbs_mw_get_handle:
 * @self: a #GVerbsMW
 *
 * Gets the kernel handle of the window.
 *
 * Returns: the kernel handle of the window, 0 when closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_mw_get_handle,
                      GVerbsMW, GVERBS_IS_MW, 0, self->ibv ? self->ibv->handle : 0)

struct ibv_mw *
_gverbs_mw_get_ibv (GVerbsMW *self)
{
  return self->ibv;
}

void
_gverbs_mw_bound (GVerbsMW *self,
                  GVerbsMR *mr)
{
  g_set_object (&self->bound_mr, mr);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RKEY]);
}
