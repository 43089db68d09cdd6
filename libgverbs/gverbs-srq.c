/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <inttypes.h>

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "gverbs-srq.h"
#include "gverbs-srq-private.h"
#include "gverbs-srq-attr-private.h"
#include "gverbs-pd-private.h"
#include "gverbs-parent-domain-private.h"
#include "gverbs-cq-private.h"
#include "gverbs-xrcd-private.h"
#include "gverbs-context-private.h"
#include "gverbs-async-event.h"
#include "gverbs-post-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"
#include "gverbs-resource-type-private.h"

/**
 * GVerbsSRQ:
 *
 * A shared receive queue (`struct ibv_srq`): receive work requests posted
 * once, consumed by every queue pair created with it as its
 * #GVerbsQPInitAttr:srq. gverbs_srq_new() creates one in a protection domain
 * (`ibv_create_srq()`), gverbs_srq_new_ex() from extended attributes
 * (`ibv_create_srq_ex()`: XRC and tag-matching SRQs, where the device has
 * them).
 *
 * The SRQ keeps its protection domain (and CQ, XRC domain) alive; closing
 * the protection domain closes the SRQ, and closing the SRQ closes the queue
 * pairs using it first.
 *
 * Arm a limit with gverbs_srq_arm(): when fewer receives than the limit
 * remain, the device reports %GVERBS_EVENT_SRQ_LIMIT_REACHED once, as
 * #GVerbsSRQ::async-event and #GVerbsContext::async-event.
 * gverbs_srq_post_recv() allocates nothing.
 *
 * When to use it: when many queue pairs receive, so that one pool of
 * receive buffers serves them all instead of one per queue pair (a server
 * with many clients).
 *
 * ```c
 * // given: GVerbsPD *pd; GVerbsQPInitAttr *qp_init_attr; GVerbsRecvWR recv_wr;
 * GVerbsSrqAttr sa = { .max_wr = 256, .max_sge = 1, .srq_limit = 0 };
 * g_autoptr(GVerbsSrqInitAttr) sia = gverbs_srq_init_attr_new (&sa);
 * g_autoptr(GVerbsSRQ) srq = gverbs_srq_new (pd, sia, &error);
 *
 * if (srq == NULL)
 *   return;
 * g_object_set (qp_init_attr, "srq", srq, NULL);   // before creating each QP
 * if (!gverbs_srq_post_recv (srq, &recv_wr, 1, &error))
 *   g_printerr ("%s\n", error->message);
 * ```
 *
 * Python: `Verbs.SRQ(pd, init_attr)` as in pyverbs, or `pd.srq()`.
 *
 * Since: 0.1
 */

struct _GVerbsSRQ
{
  GVerbsResource parent_instance;

  GVerbsContext *context;
  GVerbsPD *pd;
  GVerbsCQ *cq;
  GVerbsXRCD *xrcd;
  GVerbsSrqInitAttr *init_attr;
  GVerbsSrqInitAttrEx *init_attr_ex;
  GVerbsSRQType srq_type;
  struct ibv_srq *ibv;
};

G_DEFINE_FINAL_TYPE (GVerbsSRQ, gverbs_srq, GVERBS_TYPE_RESOURCE)

static const char *
where (GVerbsSRQ *self)
{
  if (self->pd != NULL)
    return _gverbs_resource_describe (self->pd);
  return self->context ? gverbs_context_get_name (self->context) : "?";
}

/* Checks the sizes against the device's limits so the error can name them. */
static gboolean
check_limits (GVerbsSRQ           *self,
              const char          *call,
              const GVerbsSrqAttr *attr,
              GVerbsSRQType        type,
              GError             **error)
{
  struct ibv_device_attr dev;

  if (ibv_query_device (_gverbs_context_get_ibv (self->context), &dev) != 0)
    return TRUE; /* let rdma-core judge */
  if (type == GVERBS_SRQT_XRC && !(dev.device_cap_flags & IBV_DEVICE_XRC))
    {
      _gverbs_set_error_errno (error, EOPNOTSUPP, call, where (self),
                               "XRC SRQ: the device has no XRC support (IBV_DEVICE_XRC)");
      return FALSE;
    }
  if (type == GVERBS_SRQT_TM &&
      !_gverbs_context_check_tag_matching (self->context, call, where (self), error))
    return FALSE;
  if (dev.max_srq == 0)
    {
      _gverbs_set_error_errno (error, EOPNOTSUPP, call, where (self),
                               "the device has no shared receive queues (max_srq 0)");
      return FALSE;
    }
  if (attr->max_wr > (guint32) dev.max_srq_wr)
    {
      _gverbs_set_error_errno (error, EINVAL, call, where (self),
                               "max_wr %u > device limit max_srq_wr %d",
                               attr->max_wr, dev.max_srq_wr);
      return FALSE;
    }
  if (attr->max_sge > (guint32) dev.max_srq_sge)
    {
      _gverbs_set_error_errno (error, EINVAL, call, where (self),
                               "max_sge %u > device limit max_srq_sge %d",
                               attr->max_sge, dev.max_srq_sge);
      return FALSE;
    }
  if (attr->max_sge > GVERBS_MAX_SGE)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   _("%s on %s: max_sge %u > %u, the most a libgverbs work request carries"),
                   call, where (self), attr->max_sge, GVERBS_MAX_SGE);
      return FALSE;
    }
  return TRUE;
}

static gboolean
create_basic (GVerbsSRQ  *self,
              GError    **error)
{
  struct ibv_srq_init_attr ia;
  GVerbsSrqAttr attr;

  if (!_gverbs_resource_check_open (self->pd, error))
    return FALSE;
  self->context = g_object_ref (gverbs_pd_get_context (self->pd));
  gverbs_srq_init_attr_get_attr (self->init_attr, &attr);
  if (!check_limits (self, "ibv_create_srq", &attr, GVERBS_SRQT_BASIC, error))
    return FALSE;
  memset (&ia, 0, sizeof ia);
  memcpy (&ia.attr, &attr, sizeof ia.attr);
  errno = 0;
  self->ibv = ibv_create_srq (_gverbs_pd_get_ibv (self->pd), &ia);
  if (self->ibv == NULL)
    {
      if (_gverbs_parent_domain_take_allocator_error (self->pd, "ibv_create_srq", error))
        return FALSE;
      _gverbs_set_error_errno (error, errno ? errno : EINVAL, "ibv_create_srq", where (self),
                               "max_wr %u, max_sge %u, srq_limit %u",
                               attr.max_wr, attr.max_sge, attr.srq_limit);
      return FALSE;
    }
  return TRUE;
}

/* An optional input of ibv_create_srq_ex() (XRC domain, CQ): when given, it
 * must be open; it is kept in *@kept and its @bit is added to *@comp_mask. */
static gboolean
take_input (gpointer    input,
            GObject   **kept,
            guint32     bit,
            guint32    *comp_mask,
            GError    **error)
{
  if (input == NULL)
    return TRUE;
  if (!_gverbs_resource_check_open (input, error))
    return FALSE;
  g_set_object (kept, input);
  *comp_mask |= bit;
  return TRUE;
}

static gboolean
create_ex (GVerbsSRQ  *self,
           GError    **error)
{
  struct ibv_srq_init_attr_ex ia;
  GVerbsPD *pd;
  GVerbsXRCD *xrcd;
  GVerbsCQ *cq;
  GVerbsSrqAttr attr;

  if (!_gverbs_resource_check_open (self->context, error))
    return FALSE;
  _gverbs_srq_init_attr_ex_to_ibv (self->init_attr_ex, &ia, &pd, &xrcd, &cq);
  memcpy (&attr, &ia.attr, sizeof attr);
  self->srq_type = (GVerbsSRQType) ia.srq_type;
  if (ia.srq_type != IBV_SRQT_BASIC)
    ia.comp_mask |= IBV_SRQ_INIT_ATTR_TYPE;
  if (pd != NULL)
    {
      if (!_gverbs_resource_check_open (pd, error))
        return FALSE;
      if (gverbs_pd_get_context (pd) != self->context)
        {
          g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                       _("ibv_create_srq_ex on %s: the protection domain belongs to another device"),
                       gverbs_context_get_name (self->context));
          return FALSE;
        }
      ia.pd = _gverbs_pd_get_ibv (pd);
      ia.comp_mask |= IBV_SRQ_INIT_ATTR_PD;
      g_set_object (&self->pd, pd);
    }
  if (!check_limits (self, "ibv_create_srq_ex", &attr, self->srq_type, error))
    return FALSE;
  if (pd == NULL)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("ibv_create_srq_ex on %s: a shared receive queue needs a protection domain "
                     "(IBV_SRQ_INIT_ATTR_PD)"), gverbs_context_get_name (self->context));
      return FALSE;
    }
  if (!take_input (xrcd, (GObject **) &self->xrcd, IBV_SRQ_INIT_ATTR_XRCD, &ia.comp_mask, error) ||
      !take_input (cq, (GObject **) &self->cq, IBV_SRQ_INIT_ATTR_CQ, &ia.comp_mask, error))
    return FALSE;
  ia.xrcd = xrcd ? _gverbs_xrcd_get_ibv (xrcd) : NULL;
  ia.cq = cq ? _gverbs_cq_get_ibv (cq) : NULL;
  if (self->srq_type == GVERBS_SRQT_XRC && (xrcd == NULL || cq == NULL))
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("ibv_create_srq_ex on %s: an XRC SRQ needs an XRC domain and a CQ"),
                   where (self));
      return FALSE;
    }
  errno = 0;
  self->ibv = ibv_create_srq_ex (_gverbs_context_get_ibv (self->context), &ia);
  if (self->ibv == NULL)
    {
      g_autofree char *type = g_enum_to_string (GVERBS_TYPE_SRQ_TYPE, self->srq_type);

      _gverbs_set_error_errno (error, errno ? errno : EINVAL, "ibv_create_srq_ex", where (self),
                               "%s SRQ, max_wr %u, max_sge %u", type, attr.max_wr, attr.max_sge);
      return FALSE;
    }
  return TRUE;
}

static gboolean
gverbs_srq_open (GVerbsResource  *resource,
                 GCancellable    *cancellable,
                 GError         **error)
{
  GVerbsSRQ *self = GVERBS_SRQ (resource);
  gboolean ok;

  if (self->pd != NULL && self->init_attr != NULL)
    ok = create_basic (self, error);
  else if (self->context != NULL && self->init_attr_ex != NULL)
    ok = create_ex (self, error);
  else
    {
      g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("A shared receive queue needs a protection domain and a GVerbsSrqInitAttr, "
                             "or a context and a GVerbsSrqInitAttrEx"));
      return FALSE;
    }
  if (!ok)
    return FALSE;

  _gverbs_resource_set_description (resource, "srq %u on %s", self->ibv->handle, where (self));
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->pd));
  if (self->cq != NULL)
    _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->cq));
  _gverbs_resource_route_events (resource, self->context, self->ibv);
  return TRUE;
}

static void
gverbs_srq_finalize (GObject *object)
{
  GVerbsSRQ *self = GVERBS_SRQ (object);

  g_clear_object (&self->cq);
  g_clear_object (&self->xrcd);
  G_OBJECT_CLASS (gverbs_srq_parent_class)->finalize (object);
}

static const GVerbsField fields[] = {
  /**
   * GVerbsSRQ:init-attr:
   *
   * The attributes of an SRQ made by gverbs_srq_new(), else %NULL.
   */
  GVERBS_PROP_INPUT (GVerbsSRQ, init_attr, "init-attr", gverbs_srq_init_attr_get_type),
  /**
   * GVerbsSRQ:init-attr-ex:
   *
   * The attributes of an SRQ made by gverbs_srq_new_ex(), else %NULL.
   */
  GVERBS_PROP_INPUT (GVerbsSRQ, init_attr_ex, "init-attr-ex", gverbs_srq_init_attr_ex_get_type),
  /**
   * GVerbsSRQ:srq-type:
   *
   * Basic, XRC or tag matching.
   */
  GVERBS_PROP_ENUM (GVerbsSRQ, srq_type, "srq-type", gverbs_srq_type_get_type, GVERBS_SRQT_BASIC,
                    G_PARAM_READABLE),
  /**
   * GVerbsSRQ:context:
   *
   * The device context (given for gverbs_srq_new_ex(), else the PD's).
   */
  GVERBS_PROP_INPUT (GVerbsSRQ, context, "context", gverbs_context_get_type),
  /**
   * GVerbsSRQ:pd:
   *
   * The protection domain.
   */
  GVERBS_PROP_INPUT (GVerbsSRQ, pd, "pd", gverbs_pd_get_type),
};

GVERBS_DEFINE_RESOURCE_TYPE_WITH_CODE (GVerbsSRQ, gverbs_srq, ibv_destroy_srq, ibv, GVERBS_RANK_SRQ,
                                       fields, NULL,
                                       object_class->finalize = gverbs_srq_finalize)

/**
 * gverbs_srq_new:
 * @pd: an open #GVerbsPD
 * @init_attr: the requested sizes and limit
 * @error: return location for a #GError
 *
 * Creates a shared receive queue (`ibv_create_srq()`), pyverbs'
 * `SRQ(pd, SrqInitAttr)`. Sizes beyond the device's limits
 * (`max_srq_wr`, `max_srq_sge`) are refused with an error naming them.
 *
 * Returns: (transfer full): the SRQ, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsSRQ *
gverbs_srq_new (GVerbsPD           *pd,
                GVerbsSrqInitAttr  *init_attr,
                GError            **error)
{
  g_return_val_if_fail (GVERBS_IS_PD (pd), NULL);
  g_return_val_if_fail (GVERBS_IS_SRQ_INIT_ATTR (init_attr), NULL);
  return g_initable_new (GVERBS_TYPE_SRQ, NULL, error, "pd", pd, "init-attr", init_attr, NULL);
}

/**
 * gverbs_srq_new_ex:
 * @context: an open #GVerbsContext
 * @init_attr: the extended attributes (type, PD, XRC domain, CQ …)
 * @error: return location for a #GError
 *
 * Creates a shared receive queue with `ibv_create_srq_ex()`, pyverbs'
 * `SRQ(ctx, SrqInitAttrEx)`. The comp_mask bits of the fields that are set
 * (PD, XRC domain, CQ, a type other than basic) are added. An XRC SRQ on a
 * device without XRC fails with %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * Returns: (transfer full): the SRQ, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsSRQ *
gverbs_srq_new_ex (GVerbsContext        *context,
                   GVerbsSrqInitAttrEx  *init_attr,
                   GError              **error)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);
  g_return_val_if_fail (GVERBS_IS_SRQ_INIT_ATTR_EX (init_attr), NULL);
  return g_initable_new (GVERBS_TYPE_SRQ, NULL, error, "context", context,
                         "init-attr-ex", init_attr, NULL);
}

/**
 * gverbs_pd_create_srq:
 * @self: an open #GVerbsPD
 * @init_attr: the requested sizes and limit
 * @error: return location for a #GError
 *
 * The same as gverbs_srq_new().
 *
 * Returns: (transfer full): the SRQ, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsSRQ *
gverbs_pd_create_srq (GVerbsPD           *self,
                      GVerbsSrqInitAttr  *init_attr,
                      GError            **error)
{
  return gverbs_srq_new (self, init_attr, error);
}

/**
 * gverbs_srq_get_context:
 * @self: a #GVerbsSRQ
 *
 * Gets the device context.
 *
 * Returns: (transfer none) (nullable): the device context
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsContext *, gverbs_srq_get_context,
                      GVerbsSRQ, GVERBS_IS_SRQ, NULL, self->context)

/**
 * gverbs_srq_get_pd:
 * @self: a #GVerbsSRQ
 *
 * Gets the protection domain.
 *
 * Returns: (transfer none) (nullable): the protection domain
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsPD *, gverbs_srq_get_pd, GVerbsSRQ, GVERBS_IS_SRQ, NULL, self->pd)

/**
 * gverbs_srq_get_srq_type:
 * @self: a #GVerbsSRQ
 *
 * Gets the SRQ's type.
 *
 * Returns: the SRQ's type
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsSRQType, gverbs_srq_get_srq_type,
                      GVerbsSRQ, GVERBS_IS_SRQ, GVERBS_SRQT_BASIC, self->srq_type)

/**
 * gverbs_srq_query:
 * @self: an open #GVerbsSRQ
 * @error: return location for a #GError
 *
 * Queries the SRQ (`ibv_query_srq()`): its size and current limit (0 once
 * the limit event fired).
 *
 * Returns: (transfer full): the attributes, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsSrqAttr *
gverbs_srq_query (GVerbsSRQ  *self,
                  GError    **error)
{
  struct ibv_srq_attr attr;
  int rc;

  g_return_val_if_fail (GVERBS_IS_SRQ (self), NULL);
  if (!_gverbs_resource_check_open (self, error))
    return NULL;
  memset (&attr, 0, sizeof attr);
  rc = ibv_query_srq (self->ibv, &attr);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_query_srq", _gverbs_resource_describe (self), NULL);
      return NULL;
    }
  return gverbs_srq_attr_new (attr.max_wr, attr.max_sge, attr.srq_limit);
}

/**
 * gverbs_srq_modify:
 * @self: an open #GVerbsSRQ
 * @attr: the new values
 * @mask: which of them to apply (%GVERBS_SRQ_LIMIT arms the limit,
 *   %GVERBS_SRQ_MAX_WR resizes where the device can)
 * @error: return location for a #GError
 *
 * Modifies the SRQ (`ibv_modify_srq()`).
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_srq_modify (GVerbsSRQ            *self,
                   const GVerbsSrqAttr  *attr,
                   GVerbsSRQAttrMask     mask,
                   GError              **error)
{
  struct ibv_srq_attr a;
  int rc;

  g_return_val_if_fail (GVERBS_IS_SRQ (self), FALSE);
  g_return_val_if_fail (attr != NULL, FALSE);
  if (!_gverbs_resource_check_open (self, error))
    return FALSE;
  if (mask & ~(GVERBS_SRQ_MAX_WR | GVERBS_SRQ_LIMIT))
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("ibv_modify_srq on %s: unknown attribute mask bits 0x%x"),
                   _gverbs_resource_describe (self), (guint) (mask & ~(GVERBS_SRQ_MAX_WR | GVERBS_SRQ_LIMIT)));
      return FALSE;
    }
  memcpy (&a, attr, sizeof a);
  rc = ibv_modify_srq (self->ibv, &a, (int) mask);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_modify_srq", _gverbs_resource_describe (self),
                               "max_wr %u, srq_limit %u, mask 0x%x",
                               attr->max_wr, attr->srq_limit, (guint) mask);
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_srq_arm:
 * @self: an open #GVerbsSRQ
 * @srq_limit: the limit (0 disarms)
 * @error: return location for a #GError
 *
 * Arms the limit (pyverbs' `SRQ.arm()`): gverbs_srq_modify() with
 * %GVERBS_SRQ_LIMIT.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_srq_arm (GVerbsSRQ  *self,
                guint32     srq_limit,
                GError    **error)
{
  GVerbsSrqAttr attr = { 0, 0, srq_limit };

  return gverbs_srq_modify (self, &attr, GVERBS_SRQ_LIMIT, error);
}

/* The device refused a receive: a full SRQ (ENOMEM) says so with its
 * size, not the locked-memory hint of other ENOMEMs. */
static G_GNUC_NO_INLINE void
set_srq_post_error (GVerbsSRQ   *self,
                    GError     **error,
                    int          rc,
                    guint        index,
                    guint        n_wrs,
                    guint64      wr_id)
{
  struct ibv_srq_attr attr = { 0 };

  if (rc == ENOMEM && ibv_query_srq (self->ibv, &attr) == 0)
    {
      g_set_error (error, GVERBS_ERROR, gverbs_error_from_errno (rc),
                   _("%s on %s: the shared receive queue is full (max_wr %u): work request %u of %u "
                     "(wr_id %" PRIu64 ") refused, %u before it posted; poll "
                     "completions before posting more"),
                   "ibv_post_srq_recv", _gverbs_resource_describe (self), attr.max_wr, index, n_wrs, wr_id, index);
      return;
    }
  _gverbs_set_post_error (error, rc, "ibv_post_srq_recv", _gverbs_resource_describe (self), index, n_wrs, wr_id);
}

/* The SRQ as a post target (see GVerbsPostOps). */
static gpointer
srq_queue (gpointer self)
{
  return ((GVerbsSRQ *) self)->ibv;
}

static int
srq_ibv_post (gpointer   srq,
              void      *chain,
              void     **bad)
{
  return ibv_post_srq_recv (srq, chain, (struct ibv_recv_wr **) bad);
}

static void
srq_refused (gpointer      self,
             GError      **error,
             int           rc,
             guint         index,
             guint         n_wrs,
             guint64       wr_id,
             const void   *bad)
{
  set_srq_post_error (self, error, rc, index, n_wrs, wr_id);
}

static const GVerbsPostOps srq_post_ops = {
  sizeof (GVerbsRecvWR), sizeof (struct ibv_recv_wr), srq_queue,
  _gverbs_post_convert_recv_wr, srq_ibv_post, srq_refused,
};

static G_GNUC_NO_INLINE gboolean
post_checked (GVerbsSRQ           *self,
              const GVerbsRecvWR  *wrs,
              guint                n_wrs,
              GError             **error)
{
  g_return_val_if_fail (GVERBS_IS_SRQ (self), FALSE);
  g_return_val_if_fail (wrs != NULL || n_wrs == 0, FALSE);
  return _gverbs_post_recv_chunks (&srq_post_ops, self, wrs, NULL, n_wrs, error);
}

/**
 * gverbs_srq_post_recv: (skip)
 * @self: an open #GVerbsSRQ
 * @wrs: (array length=n_wrs): the work requests, posted in order
 * @n_wrs: how many
 * @error: return location for a #GError
 *
 * Posts receive work requests to the SRQ (`ibv_post_srq_recv()`). One
 * request made by gverbs_recv_wr_init() goes to the device as it is; others
 * are converted on the stack. Nothing is allocated. If the device refuses one,
 * the error says which (index and wr_id); those before it were posted.
 *
 * Returns: %TRUE if all were posted
 *
 * Since: 0.1
 */
gboolean
gverbs_srq_post_recv (GVerbsSRQ           *self,
                      const GVerbsRecvWR  *wrs,
                      guint                n_wrs,
                      GError             **error)
{
  struct ibv_recv_wr *bad;
  int rc;

  /* One request made by gverbs_recv_wr_init() on an open SRQ: it is an
   * ibv_recv_wr already (see GVerbsRecvWR). */
  if (G_UNLIKELY (!GVERBS_IS_SRQ (self) || self->ibv == NULL || n_wrs != 1 || wrs == NULL ||
                  wrs->ibv_sg_list != (guintptr) wrs->sg_list || wrs->num_sge > GVERBS_MAX_SGE))
    return post_checked (self, wrs, n_wrs, error);
  rc = ibv_post_srq_recv (self->ibv, (struct ibv_recv_wr *) wrs, &bad);
  if (G_LIKELY (rc == 0))
    return TRUE;
  set_srq_post_error (self, error, rc, 0, 1, wrs->wr_id);
  return FALSE;
}

/**
 * gverbs_srq_post_recv_list: (rename-to gverbs_srq_post_recv)
 * @self: an open #GVerbsSRQ
 * @wrs: (element-type GVerbsRecvWR): the work requests, posted in order
 * @error: return location for a #GError
 *
 * The binding-friendly form of gverbs_srq_post_recv().
 *
 * Returns: %TRUE if all were posted
 *
 * Since: 0.1
 */
gboolean
gverbs_srq_post_recv_list (GVerbsSRQ  *self,
                           GPtrArray  *wrs,
                           GError    **error)
{
  g_return_val_if_fail (GVERBS_IS_SRQ (self), FALSE);
  g_return_val_if_fail (wrs != NULL, FALSE);
  return _gverbs_post_recv_chunks (&srq_post_ops, self, NULL, (gconstpointer const *) wrs->pdata, wrs->len,
                                   error);
}

/**
 * gverbs_srq_post_recv_one:
 * @self: an open #GVerbsSRQ
 * @wr: the work request
 * @error: return location for a #GError
 *
 * Posts one receive work request: gverbs_srq_post_recv() with one element.
 *
 * Returns: %TRUE if it was posted
 *
 * Since: 0.1
 */
gboolean
gverbs_srq_post_recv_one (GVerbsSRQ           *self,
                          const GVerbsRecvWR  *wr,
                          GError             **error)
{
  g_return_val_if_fail (wr != NULL, FALSE);
  return gverbs_srq_post_recv (self, wr, 1, error);
}

/**
 * gverbs_srq_get_srq_num:
 * @self: an open #GVerbsSRQ
 * @error: return location for a #GError
 *
 * The number remote XRC senders address (`ibv_get_srq_num()`). Only XRC
 * SRQs have one: for others the error is %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * Returns: the XRC SRQ number, or 0 with @error set
 *
 * Since: 0.1
 */
guint32
gverbs_srq_get_srq_num (GVerbsSRQ  *self,
                        GError    **error)
{
  guint32 srq_num = 0;
  int rc;

  g_return_val_if_fail (GVERBS_IS_SRQ (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);
  if (!_gverbs_resource_check_open (self, error))
    return 0;
  if (self->srq_type != GVERBS_SRQT_XRC)
    {
      _gverbs_set_error_errno (error, EOPNOTSUPP, "ibv_get_srq_num", _gverbs_resource_describe (self),
                               "only XRC SRQs have an SRQ number");
      return 0;
    }
  rc = ibv_get_srq_num (self->ibv, &srq_num);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_get_srq_num", _gverbs_resource_describe (self), NULL);
      return 0;
    }
  return srq_num;
}

struct ibv_srq *
_gverbs_srq_get_ibv (GVerbsSRQ *self)
{
  return self->ibv;
}

