/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "gverbs-wq.h"
#include "gverbs-wq-private.h"
#include "gverbs-wq-init-attr-private.h"
#include "gverbs-wq-attr-private.h"
#include "gverbs-pd-private.h"
#include "gverbs-cq-private.h"
#include "gverbs-context-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-error.h"
#include "gverbs-private.h"
#include "gverbs-resource-private.h"
#include "gverbs-resource-type-private.h"
#include "gverbs-fields-private.h"
#include "gverbs-post-private.h"

/**
 * GVerbsWQ:
 *
 * A work queue (`struct ibv_wq`, pyverbs' `WQ`): a receive queue of its
 * own, not part of a queue pair, whose receives complete on its
 * #GVerbsWQInitAttr:cq. Work queues are what a receive-side-scaling
 * queue pair spreads incoming packets over, through a #GVerbsRwqIndTable.
 *
 * gverbs_wq_new() creates one (`ibv_create_wq()`) in the RESET state;
 * gverbs_wq_modify() with %GVERBS_WQ_ATTR_STATE moves it to
 * %GVERBS_WQS_RDY, after which gverbs_wq_post_recv() posts receives to it
 * (`ibv_post_wq_recv()`, nothing allocated).
 *
 * The work queue belongs to its context and keeps its protection domain and
 * completion queue alive; closing any of them closes it first, and closing
 * it closes the indirection tables that list it (and their queue pairs)
 * first. Soft-RoCE has no work queues: gverbs_wq_new() fails there with
 * %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * When to use it: for receive-side scaling on a NIC that has it: one work
 * queue per receiving thread, listed in a #GVerbsRwqIndTable.
 *
 * ```c
 * // given: GVerbsContext *ctx; GVerbsPD *pd; GVerbsCQ *cq; GVerbsRecvWR wr;
 * g_autoptr(GVerbsWQInitAttr) init = gverbs_wq_init_attr_new (pd, cq, GVERBS_WQT_RQ, 256, 1, 0, 0);
 * g_autoptr(GVerbsWQAttr) ready = gverbs_wq_attr_new (GVERBS_WQ_ATTR_STATE, GVERBS_WQS_RDY, 0, 0, 0);
 * g_autoptr(GVerbsWQ) wq = gverbs_wq_new (ctx, init, &error);
 *
 * if (wq == NULL || !gverbs_wq_modify (wq, ready, &error) ||
 *     !gverbs_wq_post_recv (wq, &wr, 1, &error))
 *   g_printerr ("%s\n", error->message);   // GVERBS_ERROR_NOT_SUPPORTED on rxe
 * ```
 *
 * Python: `Verbs.WQ(ctx, Verbs.WQInitAttr(wq_pd=pd, wq_cq=cq))`, pyverbs' keywords.
 *
 * Since: 0.1
 */
struct _GVerbsWQ
{
  GVerbsResource parent_instance;

  GVerbsContext *context;
  GVerbsWQInitAttr *init_attr;
  GVerbsPD *pd;
  GVerbsCQ *cq;
  GVerbsWQType wq_type;
  GVerbsWQState state;
  guint max_wr;
  guint max_sge;
  GPtrArray *users;             /* indirection tables listing it, no reference */
  struct ibv_wq *ibv;
};

G_DEFINE_FINAL_TYPE (GVerbsWQ, gverbs_wq, GVERBS_TYPE_RESOURCE)

/* the table row gverbs_wq_modify() notifies */
enum {
  ROW_STATE,
};


static gboolean
gverbs_wq_open (GVerbsResource  *resource,
                GCancellable    *cancellable,
                GError         **error)
{
  GVerbsWQ *self = GVERBS_WQ (resource);
  struct ibv_wq_init_attr attr;
  GVerbsPD *pd;
  GVerbsCQ *cq;
  const char *name;

  if (!_gverbs_resource_check_inputs (self->context, self->init_attr,
                                      _("A work queue needs a context and a GVerbsWQInitAttr"),
                                      error))
    return FALSE;
  name = gverbs_context_get_name (self->context);
  pd = gverbs_wq_init_attr_get_pd (self->init_attr);
  cq = gverbs_wq_init_attr_get_cq (self->init_attr);
  if (pd == NULL || cq == NULL)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("ibv_create_wq on %s: a work queue needs a protection domain and a "
                     "completion queue (no %s given)"), name, pd == NULL ? "pd" : "cq");
      return FALSE;
    }
  if (!_gverbs_resource_check_open (pd, error) || !_gverbs_resource_check_open (cq, error))
    return FALSE;
  if (gverbs_pd_get_context (pd) != self->context)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("ibv_create_wq on %s: the protection domain %s belongs to another device context"),
                   name, _gverbs_resource_describe (pd));
      return FALSE;
    }
  if (_gverbs_cq_get_ibv (cq)->context != _gverbs_context_get_ibv (self->context))
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("ibv_create_wq on %s: the completion queue %s belongs to another device context"),
                   name, _gverbs_resource_describe (cq));
      return FALSE;
    }
  _gverbs_wq_init_attr_fill (self->init_attr, &attr);
  attr.pd = _gverbs_pd_get_ibv (pd);
  attr.cq = _gverbs_cq_get_ibv (cq);
  errno = 0;
  self->ibv = ibv_create_wq (_gverbs_context_get_ibv (self->context), &attr);
  if (self->ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : EOPNOTSUPP, "ibv_create_wq", name,
                               "receive work queue, max_wr %u, max_sge %u, create_flags 0x%x "
                               "(work queues need a device with RSS, e.g. mlx5)",
                               attr.max_wr, attr.max_sge, attr.create_flags);
      return FALSE;
    }
  g_set_object (&self->pd, pd);
  g_set_object (&self->cq, cq);
  self->wq_type = (GVerbsWQType) attr.wq_type;
  self->state = GVERBS_WQS_RESET;
  self->max_wr = attr.max_wr;
  self->max_sge = attr.max_sge;
  _gverbs_resource_set_description (resource, "wq 0x%x on %s", self->ibv->wq_num, name);
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->context));
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (pd));
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (cq));
  _gverbs_resource_route_events (resource, self->context, self->ibv);
  return TRUE;
}

static gboolean
gverbs_wq_release (GVerbsResource  *resource,
                   GError         **error)
{
  GVerbsWQ *self = GVERBS_WQ (resource);

  /* the tables listing it first; each removes itself from users */
  while (self->users->len > 0)
    {
      GVerbsResource *table = g_ptr_array_index (self->users, self->users->len - 1);
      g_autoptr(GError) local = NULL;

      if (!gverbs_resource_close (table, &local))
        g_debug ("%s: %s", _gverbs_resource_describe (table), local->message);
      g_ptr_array_remove (self->users, table);
    }
  return GVERBS_RESOURCE_CLASS (gverbs_wq_parent_class)->release (resource, error);
}

static void
gverbs_wq_finalize (GObject *object)
{
  GVerbsWQ *self = GVERBS_WQ (object);

  g_ptr_array_unref (self->users);
  G_OBJECT_CLASS (gverbs_wq_parent_class)->finalize (object);
}

static const GVerbsField fields[] = {
  /**
   * GVerbsWQ:state:
   *
   * The state the work queue was last moved to with gverbs_wq_modify()
   * (%GVERBS_WQS_RESET when created).
   */
  [ROW_STATE] = GVERBS_PROP_ENUM (GVerbsWQ, state, "state", gverbs_wq_state_get_type, GVERBS_WQS_RESET,
                                  G_PARAM_READABLE),
  /**
   * GVerbsWQ:context:
   *
   * The device context the work queue belongs to.
   */
  GVERBS_PROP_INPUT (GVerbsWQ, context, "context", gverbs_context_get_type),
  /**
   * GVerbsWQ:init-attr:
   *
   * The attributes the work queue was created with.
   */
  GVERBS_PROP_INPUT (GVerbsWQ, init_attr, "init-attr", gverbs_wq_init_attr_get_type),
  /**
   * GVerbsWQ:pd:
   *
   * The protection domain (from #GVerbsWQInitAttr:pd), once created.
   */
  GVERBS_PROP_OBJECT (GVerbsWQ, pd, "pd", gverbs_pd_get_type, G_PARAM_READABLE),
  /**
   * GVerbsWQ:cq:
   *
   * The completion queue (from #GVerbsWQInitAttr:cq), once created.
   */
  GVERBS_PROP_OBJECT (GVerbsWQ, cq, "cq", gverbs_cq_get_type, G_PARAM_READABLE),
  /**
   * GVerbsWQ:wq-num:
   *
   * The work queue number (`wq_num`); 0 once closed.
   */
  GVERBS_PROP_HANDLE_UINT (GVerbsWQ, ibv, struct ibv_wq, wq_num, "wq-num"),
  /**
   * GVerbsWQ:wq-type:
   *
   * The work queue's type.
   */
  GVERBS_PROP_ENUM (GVerbsWQ, wq_type, "wq-type", gverbs_wq_type_get_type, GVERBS_WQT_RQ,
                    G_PARAM_READABLE),
  /**
   * GVerbsWQ:max-wr:
   *
   * The most outstanding receives, as the device granted it (at least what
   * was asked).
   */
  GVERBS_PROP_UINT (GVerbsWQ, max_wr, "max-wr", G_MAXUINT32, 0, G_PARAM_READABLE),
  /**
   * GVerbsWQ:max-sge:
   *
   * The most scatter entries per receive, as the device granted it.
   */
  GVERBS_PROP_UINT (GVerbsWQ, max_sge, "max-sge", G_MAXUINT32, 0, G_PARAM_READABLE),
};

/* the pspecs by table row */
static GParamSpec *properties[G_N_ELEMENTS (fields)];

GVERBS_DEFINE_RESOURCE_CLASS_INIT_WITH_CODE (GVerbsWQ, gverbs_wq, ibv_destroy_wq, ibv, GVERBS_RANK_SRQ,
                                             fields, properties,
                                             resource_class->release = gverbs_wq_release;
                                             object_class->finalize = gverbs_wq_finalize)

static void
gverbs_wq_init (GVerbsWQ *self)
{
  self->users = g_ptr_array_new ();
}

/**
 * gverbs_wq_new:
 * @context: an open #GVerbsContext
 * @init_attr: the type, size, protection domain and completion queue
 * @error: return location for a #GError
 *
 * Creates a work queue (`ibv_create_wq()`), pyverbs' `WQ(ctx, attr)`. A
 * device without work queues gives %GVERBS_ERROR_NOT_SUPPORTED; on any
 * error nothing is left behind.
 *
 * Returns: (transfer full): the work queue, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsWQ *
gverbs_wq_new (GVerbsContext     *context,
               GVerbsWQInitAttr  *init_attr,
               GError           **error)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);
  g_return_val_if_fail (GVERBS_IS_WQ_INIT_ATTR (init_attr), NULL);
  return g_initable_new (GVERBS_TYPE_WQ, NULL, error, "context", context,
                         "init-attr", init_attr, NULL);
}

/**
 * gverbs_wq_get_context:
 * @self: a #GVerbsWQ
 *
 * Gets the device context the work queue was created on.
 *
 * Returns: (transfer none): the device context
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsContext *, gverbs_wq_get_context,
                      GVerbsWQ, GVERBS_IS_WQ, NULL, self->context)

/**
 * gverbs_wq_get_pd:
 * @self: a #GVerbsWQ
 *
 * Gets the protection domain the work queue was created in (`ibv_wq.pd`).
 *
 * Returns: (transfer none) (nullable): the protection domain, once created
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsPD *, gverbs_wq_get_pd, GVerbsWQ, GVERBS_IS_WQ, NULL, self->pd)

/**
 * gverbs_wq_get_cq:
 * @self: a #GVerbsWQ
 *
 * Gets the completion queue the work queue's receives complete to
 * (`ibv_wq.cq`).
 *
 * Returns: (transfer none) (nullable): the completion queue, once created
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsCQ *, gverbs_wq_get_cq, GVerbsWQ, GVERBS_IS_WQ, NULL, self->cq)

/**
 * gverbs_wq_get_wq_num:
 * @self: a #GVerbsWQ
 *
 * Gets the number the device gave the work queue (`ibv_wq.wq_num`).
 *
 * Returns: the work queue number, 0 once closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_wq_get_wq_num,
                      GVerbsWQ, GVERBS_IS_WQ, 0, self->ibv ? self->ibv->wq_num : 0)

/**
 * gverbs_wq_get_wq_type:
 * @self: a #GVerbsWQ
 *
 * Gets the work queue's type (`ibv_wq.wq_type`).
 *
 * Returns: the work queue's type
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsWQType, gverbs_wq_get_wq_type,
                      GVerbsWQ, GVERBS_IS_WQ, GVERBS_WQT_RQ, self->wq_type)

/**
 * gverbs_wq_get_state:
 * @self: a #GVerbsWQ
 *
 * Gets the work queue's state (`ibv_wq_attr.wq_state`), as the last creation
 * or modification set it.
 *
 * Returns: the state the work queue was last moved to
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsWQState, gverbs_wq_get_state,
                      GVerbsWQ, GVERBS_IS_WQ, GVERBS_WQS_UNKNOWN, self->state)

/**
 * gverbs_wq_get_max_wr:
 * @self: a #GVerbsWQ
 *
 * Gets the most receive requests that may be outstanding on the work queue
 * (`ibv_wq_init_attr.max_wr` as the device returned it).
 *
 * Returns: the most outstanding receives the device granted
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_wq_get_max_wr, GVerbsWQ, GVERBS_IS_WQ, 0, self->max_wr)

/**
 * gverbs_wq_get_max_sge:
 * @self: a #GVerbsWQ
 *
 * Gets the most scatter/gather entries a receive request may have
 * (`ibv_wq_init_attr.max_sge` as the device returned it).
 *
 * Returns: the most scatter entries per receive the device granted
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_wq_get_max_sge, GVerbsWQ, GVERBS_IS_WQ, 0, self->max_sge)

/**
 * gverbs_wq_modify:
 * @self: an open #GVerbsWQ
 * @attr: what to change (its #GVerbsWQAttr:attr-mask says which fields)
 * @error: return location for a #GError
 *
 * Modifies the work queue (`ibv_modify_wq()`), pyverbs' `WQ.modify()`:
 * typically to %GVERBS_WQS_RDY before posting receives.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_wq_modify (GVerbsWQ      *self,
                  GVerbsWQAttr  *attr,
                  GError       **error)
{
  struct ibv_wq_attr a;
  int rc;

  g_return_val_if_fail (GVERBS_IS_WQ (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_WQ_ATTR (attr), FALSE);
  if (!_gverbs_resource_check_open (self, error))
    return FALSE;
  _gverbs_wq_attr_fill (attr, &a);
  rc = ibv_modify_wq (self->ibv, &a);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_modify_wq", _gverbs_resource_describe (self),
                               "attr_mask 0x%x, wq_state %d, flags 0x%x/0x%x",
                               a.attr_mask, (int) a.wq_state, a.flags, a.flags_mask);
      return FALSE;
    }
  if ((a.attr_mask & IBV_WQ_ATTR_STATE) && self->state != (GVerbsWQState) a.wq_state)
    {
      self->state = (GVerbsWQState) a.wq_state;
      g_object_notify_by_pspec (G_OBJECT (self), properties[ROW_STATE]);
    }
  return TRUE;
}

/* The WQ as a post target (see GVerbsPostOps). */
static gpointer
wq_queue (gpointer self)
{
  return ((GVerbsWQ *) self)->ibv;
}

static int
wq_ibv_post (gpointer   wq,
             void      *chain,
             void     **bad)
{
  return ibv_post_wq_recv (wq, chain, (struct ibv_recv_wr **) bad);
}

static void
wq_refused (gpointer      self,
            GError      **error,
            int           rc,
            guint         index,
            guint         n_wrs,
            guint64       wr_id,
            const void   *bad)
{
  _gverbs_set_post_error (error, rc, "ibv_post_wq_recv", _gverbs_resource_describe (self), index, n_wrs, wr_id);
}

static const GVerbsPostOps wq_post_ops = {
  sizeof (GVerbsRecvWR), sizeof (struct ibv_recv_wr), wq_queue,
  _gverbs_post_convert_recv_wr, wq_ibv_post, wq_refused,
};

/**
 * gverbs_wq_post_recv: (skip)
 * @self: an open #GVerbsWQ
 * @wrs: (array length=n_wrs): the work requests, posted in order
 * @n_wrs: how many
 * @error: return location for a #GError
 *
 * Posts receive work requests to the work queue (`ibv_post_wq_recv()`).
 * Nothing is allocated. If the device refuses one, the error says which
 * (index and wr_id); those before it were posted.
 *
 * Returns: %TRUE if all were posted
 *
 * Since: 0.1
 */
gboolean
gverbs_wq_post_recv (GVerbsWQ            *self,
                     const GVerbsRecvWR  *wrs,
                     guint                n_wrs,
                     GError             **error)
{
  g_return_val_if_fail (GVERBS_IS_WQ (self), FALSE);
  g_return_val_if_fail (wrs != NULL || n_wrs == 0, FALSE);
  return _gverbs_post_recv_chunks (&wq_post_ops, self, wrs, NULL, n_wrs, error);
}

/**
 * gverbs_wq_post_recv_list: (rename-to gverbs_wq_post_recv)
 * @self: an open #GVerbsWQ
 * @wrs: (element-type GVerbsRecvWR): the work requests, posted in order
 * @error: return location for a #GError
 *
 * The binding-friendly form of gverbs_wq_post_recv().
 *
 * Returns: %TRUE if all were posted
 *
 * Since: 0.1
 */
gboolean
gverbs_wq_post_recv_list (GVerbsWQ   *self,
                          GPtrArray  *wrs,
                          GError    **error)
{
  g_return_val_if_fail (GVERBS_IS_WQ (self), FALSE);
  g_return_val_if_fail (wrs != NULL, FALSE);
  return _gverbs_post_recv_chunks (&wq_post_ops, self, NULL, (gconstpointer const *) wrs->pdata, wrs->len,
                                   error);
}

/**
 * gverbs_wq_post_recv_one:
 * @self: an open #GVerbsWQ
 * @wr: the work request
 * @error: return location for a #GError
 *
 * Posts one receive work request: gverbs_wq_post_recv() with one element.
 *
 * Returns: %TRUE if it was posted
 *
 * Since: 0.1
 */
gboolean
gverbs_wq_post_recv_one (GVerbsWQ            *self,
                         const GVerbsRecvWR  *wr,
                         GError             **error)
{
  g_return_val_if_fail (wr != NULL, FALSE);
  return gverbs_wq_post_recv (self, wr, 1, error);
}

struct ibv_wq *
_gverbs_wq_get_ibv (GVerbsWQ *self)
{
  return self->ibv;
}

void
_gverbs_wq_add_user (GVerbsWQ       *self,
                     GVerbsResource *table)
{
  if (!g_ptr_array_find (self->users, table, NULL))
    g_ptr_array_add (self->users, table);
}

void
_gverbs_wq_remove_user (GVerbsWQ       *self,
                        GVerbsResource *table)
{
  g_ptr_array_remove (self->users, table);
}
