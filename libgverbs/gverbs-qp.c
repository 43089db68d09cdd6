/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE    /* process_vm_readv() */
#endif
#include "config.h"

#include <inttypes.h>

#include <errno.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>

#include "gverbs-qp.h"
#include "gverbs-qp-private.h"
#include "gverbs-resource-type-private.h"
#include "gverbs-qp-attr-private.h"
#include "gverbs-qp-init-attr-private.h"
#include "gverbs-qp-init-attr-ex-private.h"
#include "gverbs-qp-ex-private.h"
#include "gverbs-xrcd-private.h"
#include "gverbs-rwq-ind-table-private.h"
#include "gverbs-pd-private.h"
#include "gverbs-parent-domain-private.h"
#include "gverbs-cq-private.h"
#include "gverbs-ah-private.h"
#include "gverbs-mr-buffer-private.h"
#include "gverbs-srq-private.h"
#include "gverbs-async-event.h"
#include "gverbs-post-private.h"
#include "gverbs-context-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"

/**
 * GVerbsQP:
 *
 * A queue pair (`struct ibv_qp`) of type RC, UC or UD, created in a
 * protection domain with ibv_create_qp(). It keeps its #GVerbsPD and both
 * #GVerbsCQ alive, and closing any of them closes the queue pair first.
 *
 * Given a #GVerbsQPAttr at creation, the queue pair is moved as far toward
 * RTS as it can go alone (pyverbs' rule): UD queue pairs to RTS, connected
 * ones (RC, UC) to INIT, since RTR needs the remote QP number.
 *
 * The data path, gverbs_qp_post_send() and gverbs_qp_post_recv(), allocates
 * nothing: work requests convert to rdma-core's on the stack.
 *
 * Created from a #GVerbsQPInitAttrEx, the queue pair is made with
 * ibv_create_qp_ex() and takes its protection domain from the attributes
 * when none is given. Its completion queues may be #GVerbsCQ or #GVerbsCQEX.
 * #GVerbsQPEx derives from it and adds the extended send API.
 *
 * When to use it: to move data. RC for reliable connected traffic and RDMA
 * (the usual choice), UD for datagrams to many peers through #GVerbsAH, UC
 * for unreliable connected writes. With the connection manager, let
 * gverbs_cm_id_create_qp() make it instead.
 *
 * ```c
 * // given: GVerbsPD *pd; GVerbsCQ *cq; GVerbsQPAttr *attr; GVerbsSendWR send_wr;
 * GVerbsQPCap cap = { .max_send_wr = 64, .max_recv_wr = 64, .max_send_sge = 1, .max_recv_sge = 1 };
 * g_autoptr(GVerbsQPInitAttr) init = gverbs_qp_init_attr_new (GVERBS_QPT_RC, cq, cq, &cap);
 * g_autoptr(GVerbsQP) qp = gverbs_qp_new (pd, init, NULL, &error);
 *
 * if (qp == NULL)
 *   return;
 * // attr holds the peer's QP number, GID and PSN: see the getting-started guide
 * if (!gverbs_qp_to_rts (qp, attr, &error) || !gverbs_qp_post_send_one (qp, &send_wr, &error))
 *   g_printerr ("%s\n", error->message);
 * ```
 *
 * Python: `Verbs.QP(pd, init_attr, attr)` as in pyverbs, or python-rdma's
 * `pd.qp(qp_type, max_send_wr, send_cq, max_recv_wr, recv_cq)`.
 *
 * Since: 0.1
 */

typedef struct
{
  GVerbsPD *pd;
  GVerbsContext *context;
  GVerbsQPInitAttr *init_attr;
  GVerbsQPAttr *qp_attr;
  GVerbsCQ *send_cq;
  GVerbsCQ *recv_cq;
  GVerbsSRQ *srq;
  struct ibv_qp *ibv;
  struct ibv_qp *fast_ibv;      /* ibv while open, if RC or UC: the unconverted post path */
  struct ibv_qp_ex *qpx;        /* non-NULL when created with IBV_QP_INIT_ATTR_SEND_OPS_FLAGS */
  struct ibv_send_wr *chain;    /* RC/UC: post_send_repeat's copies, kept between calls */
  guint chain_len;              /* how many of them are copies of chain[0] */
  gint chain_busy;              /* a post_send_repeat is using the chain */
  guint send_ops_flags;
  gboolean wr_open;             /* between wr_start and wr_complete/abort */
  GVerbsQPCap cap;
} GVerbsQPPrivate;

/* Work requests go to rdma-core in chunks of this many, converted on the stack. */
#define POST_BATCH GVERBS_POST_BATCH

G_DEFINE_TYPE_WITH_PRIVATE (GVerbsQP, gverbs_qp, GVERBS_TYPE_RESOURCE)

/* GVerbsQP's own GType, for the data path's type check: an exact-type
 * instance passes with one compare, no call (subclasses take the full check). */
static GType qp_gtype;
#define IS_QP_EXACT(p) ((p) != NULL && ((GTypeInstance *) (p))->g_class != NULL && \
                        ((GTypeInstance *) (p))->g_class->g_type == qp_gtype)
#define IS_QP_FAST(p) (IS_QP_EXACT (p) || GVERBS_IS_QP (p))

/* What the one-WR post paths need back if the device refuses the request,
 * kept in memory across the provider's call instead of in saved registers. */
typedef struct
{
  gpointer bad;
  GVerbsQP *self;
  GError **error;
} PostFrame;

static const char *
qp_type_name (int type)
{
  switch (type)
    {
    case IBV_QPT_RC: return "RC";
    case IBV_QPT_UC: return "UC";
    case IBV_QPT_UD: return "UD";
    case IBV_QPT_RAW_PACKET: return "raw packet";
    case IBV_QPT_XRC_SEND: return "XRC send";
    case IBV_QPT_XRC_RECV: return "XRC receive";
    case IBV_QPT_DRIVER: return "driver";
    default: return "unknown";
    }
}

static const char *
qp_state_name (int state)
{
  static const char *const names[] = { "RESET", "INIT", "RTR", "RTS", "SQD", "SQE", "ERR", "UNKNOWN" };

  return state >= 0 && state < (int) G_N_ELEMENTS (names) ? names[state] : "?";
}

static gboolean
check_caps (GVerbsQP                      *self,
            struct ibv_context            *ctx,
            const struct ibv_qp_init_attr *ia,
            GError                       **error)
{
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);
  const struct ibv_device_attr *attr;
  int rc;
  const char *name = _gverbs_resource_describe (priv->pd);

  attr = _gverbs_context_get_device_attr (gverbs_pd_get_context (priv->pd), &rc);
  if (attr == NULL)
    return TRUE; /* let ibv_create_qp judge */
  if ((ia->qp_type == IBV_QPT_XRC_SEND || ia->qp_type == IBV_QPT_XRC_RECV) &&
      !(attr->device_cap_flags & IBV_DEVICE_XRC))
    {
      _gverbs_set_error_errno (error, EOPNOTSUPP, "ibv_create_qp", name,
                               "%s queue pair: the device has no XRC support (IBV_DEVICE_XRC)",
                               qp_type_name (ia->qp_type));
      return FALSE;
    }
  if (ia->cap.max_send_wr > (guint32) attr->max_qp_wr || ia->cap.max_recv_wr > (guint32) attr->max_qp_wr)
    {
      _gverbs_set_error_errno (error, EINVAL, "ibv_create_qp", name,
                               "max_send_wr %u / max_recv_wr %u > device limit max_qp_wr %d",
                               ia->cap.max_send_wr, ia->cap.max_recv_wr, attr->max_qp_wr);
      return FALSE;
    }
  if (ia->cap.max_send_sge > (guint32) attr->max_sge || ia->cap.max_recv_sge > (guint32) attr->max_sge)
    {
      _gverbs_set_error_errno (error, EINVAL, "ibv_create_qp", name,
                               "max_send_sge %u / max_recv_sge %u > device limit max_sge %d",
                               ia->cap.max_send_sge, ia->cap.max_recv_sge, attr->max_sge);
      return FALSE;
    }
  if (ia->cap.max_send_sge > GVERBS_MAX_SGE || ia->cap.max_recv_sge > GVERBS_MAX_SGE)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   _("ibv_create_qp on %s: max_send_sge %u / max_recv_sge %u > %u, the most a "
                     "libgverbs work request carries"),
                   name, ia->cap.max_send_sge, ia->cap.max_recv_sge, GVERBS_MAX_SGE);
      return FALSE;
    }
  return TRUE;
}

/* One completion queue of the queue pair: a #GVerbsCQ or a #GVerbsCQEX. */
static struct ibv_cq *
take_cq (GVerbsQP     *self,
         const char   *which,
         GVerbsCQ     *cq,
         GVerbsCQ    **cq_out,
         GError      **error)
{
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);

  if (cq == NULL)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("ibv_create_qp on %s: a queue pair needs a send CQ and a receive CQ "
                     "(a CQ or a CQEX; no %s CQ given)"),
                   _gverbs_resource_describe (priv->pd), which);
      return NULL;
    }
  g_set_object (cq_out, cq);
  return _gverbs_resource_check_open (cq, error) ? _gverbs_cq_get_ibv (cq) : NULL;
}

/* The protection domain: given, or from a #GVerbsQPInitAttrEx. */
static gboolean
take_pd (GVerbsQP            *self,
         GVerbsQPInitAttrEx  *iax,
         GError             **error)
{
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);
  GVerbsPD *attr_pd = iax ? gverbs_qp_init_attr_ex_get_pd (iax) : NULL;

  if (priv->init_attr == NULL)
    {
      g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("A queue pair needs creation attributes"));
      return FALSE;
    }
  if (GVERBS_IS_QP_EX (self) && iax == NULL)
    {
      g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("An extended queue pair (GVerbsQPEx) needs extended creation "
                             "attributes (GVerbsQPInitAttrEx)"));
      return FALSE;
    }
  if (priv->pd == NULL)
    priv->pd = attr_pd ? g_object_ref (attr_pd) : NULL;
  else if (attr_pd != NULL && attr_pd != priv->pd)
    {
      g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("ibv_create_qp_ex: the queue pair is given one protection domain and "
                             "its QPInitAttrEx another"));
      return FALSE;
    }
  if (!_gverbs_resource_check_input (priv->pd,
                                     iax ? _("ibv_create_qp_ex: the QPInitAttrEx has no protection domain (pd)")
                                         : _("A queue pair needs a protection domain"),
                                     error))
    return FALSE;
  if (GVERBS_IS_QP_EX (self) && priv->context == NULL)
    {
      g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("An extended queue pair (GVerbsQPEx) needs a device context"));
      return FALSE;
    }
  if (priv->context != NULL && priv->context != gverbs_pd_get_context (priv->pd))
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("ibv_create_qp_ex: the protection domain %s belongs to another device context"),
                   _gverbs_resource_describe (priv->pd));
      return FALSE;
    }
  if (priv->context == NULL)
    priv->context = g_object_ref (gverbs_pd_get_context (priv->pd));
  return TRUE;
}

/* A receive-side-scaling queue pair (an indirection table in its
 * extended attributes): 1, its receives going to the table's work queues,
 * so no CQs, SRQ or receive capacities; 0 for any other; -1 on error. */
static int
take_rwq_ind_tbl (GVerbsQP                 *self,
                  GVerbsQPInitAttrEx       *iax,
                  struct ibv_qp_init_attr  *ia,
                  GError                  **error)
{
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);
  GVerbsRwqIndTable *table;

  if (iax == NULL || !(gverbs_qp_init_attr_ex_get_comp_mask (iax) & GVERBS_QP_INIT_ATTR_IND_TABLE))
    return 0;
  table = gverbs_qp_init_attr_ex_get_rwq_ind_tbl (iax);
  if (table == NULL)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("ibv_create_qp_ex on %s: comp_mask has IBV_QP_INIT_ATTR_IND_TABLE but "
                     "the QPInitAttrEx has no indirection table (rwq_ind_tbl)"),
                   _gverbs_resource_describe (priv->pd));
      return -1;
    }
  if (!_gverbs_resource_check_open (table, error))
    return -1;
  if (gverbs_rwq_ind_table_get_context (table) != gverbs_pd_get_context (priv->pd))
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("ibv_create_qp_ex on %s: the indirection table %s belongs to another device context"),
                   _gverbs_resource_describe (priv->pd), _gverbs_resource_describe (table));
      return -1;
    }
  ia->send_cq = NULL;
  ia->recv_cq = NULL;
  memset (&ia->cap, 0, sizeof ia->cap);
  return 1;
}

static struct ibv_qp *
create_ex (GVerbsQP                *self,
           GVerbsQPInitAttrEx      *iax,
           struct ibv_context      *ctx,
           struct ibv_qp_init_attr *ia,
           GError                 **error)
{
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);
  struct ibv_qp_init_attr_ex x = { 0 };
  GVerbsXRCD *xrcd = gverbs_qp_init_attr_ex_get_xrcd (iax);
  const char *call = "ibv_create_qp_ex";
  struct ibv_qp *qp;

  _gverbs_qp_init_attr_ex_to_ibv (iax, &x);
  x.qp_type = ia->qp_type;
  x.send_cq = ia->send_cq;
  x.recv_cq = ia->recv_cq;
  x.srq = ia->srq;
  x.cap = ia->cap;
  x.sq_sig_all = ia->sq_sig_all;
  /* libgverbs queue pairs always live in a protection domain */
  x.comp_mask |= IBV_QP_INIT_ATTR_PD;
  x.pd = _gverbs_pd_get_ibv (priv->pd);
  if (x.comp_mask & IBV_QP_INIT_ATTR_IND_TABLE)
    x.rwq_ind_tbl = _gverbs_rwq_ind_table_get_ibv (gverbs_qp_init_attr_ex_get_rwq_ind_tbl (iax));
  if ((x.comp_mask & IBV_QP_INIT_ATTR_XRCD) && xrcd != NULL)
    {
      if (!_gverbs_resource_check_open (xrcd, error))
        return NULL;
      x.xrcd = _gverbs_xrcd_get_ibv (xrcd);
    }
  errno = 0;
  qp = GVERBS_IS_QP_EX (self) ? _gverbs_qp_ex_create (GVERBS_QP_EX (self), ctx, &x, &call)
                              : ibv_create_qp_ex (ctx, &x);
  if (qp == NULL)
    {
      if (_gverbs_parent_domain_take_allocator_error (priv->pd, call, error))
        return NULL;
      _gverbs_set_error_errno (error, errno ? errno : EINVAL, call,
                               _gverbs_resource_describe (priv->pd),
                               "%s queue pair, comp_mask 0x%x, send_ops_flags 0x%" G_GINT64_MODIFIER "x, "
                               "create_flags 0x%x (are these valid for this transport on this device?)",
                               qp_type_name (ia->qp_type), x.comp_mask, (guint64) x.send_ops_flags,
                               x.create_flags);
      return NULL;
    }
  ia->cap = x.cap;
  if (x.comp_mask & IBV_QP_INIT_ATTR_SEND_OPS_FLAGS)
    {
      priv->qpx = ibv_qp_to_qp_ex (qp);
      priv->send_ops_flags = (guint) x.send_ops_flags;
    }
  return qp;
}

static gboolean
gverbs_qp_open (GVerbsResource  *resource,
                GCancellable    *cancellable,
                GError         **error)
{
  GVerbsQP *self = GVERBS_QP (resource);
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);
  GVerbsQPInitAttrEx *iax;
  struct ibv_qp_init_attr ia;
  struct ibv_context *ctx;
  int rss;

  iax = GVERBS_IS_QP_INIT_ATTR_EX (priv->init_attr) ? GVERBS_QP_INIT_ATTR_EX (priv->init_attr) : NULL;
  if (!take_pd (self, iax, error))
    return FALSE;
  _gverbs_qp_init_attr_to_ibv (priv->init_attr, &ia);
  rss = take_rwq_ind_tbl (self, iax, &ia, error);
  if (rss < 0)
    return FALSE;
  if (!rss)
    {
      ia.send_cq = take_cq (self, "send", gverbs_qp_init_attr_get_send_cq (priv->init_attr),
                            &priv->send_cq, error);
      if (ia.send_cq == NULL)
        return FALSE;
      ia.recv_cq = take_cq (self, "receive", gverbs_qp_init_attr_get_recv_cq (priv->init_attr),
                            &priv->recv_cq, error);
      if (ia.recv_cq == NULL)
        return FALSE;
    }
  g_set_object (&priv->srq, gverbs_qp_init_attr_get_srq (priv->init_attr));
  if (priv->srq != NULL && !_gverbs_resource_check_open (priv->srq, error))
    return FALSE;
  ia.srq = priv->srq ? _gverbs_srq_get_ibv (priv->srq) : NULL;
  ctx = _gverbs_pd_get_ibv (priv->pd)->context;
  if (!check_caps (self, ctx, &ia, error))
    return FALSE;

  if (iax != NULL)
    {
      priv->ibv = create_ex (self, iax, ctx, &ia, error);
      if (priv->ibv == NULL)
        return FALSE;
    }
  else
    {
      errno = 0;
      priv->ibv = ibv_create_qp (_gverbs_pd_get_ibv (priv->pd), &ia);
    }
  if (priv->ibv == NULL)
    {
      int err = errno ? errno : EINVAL;

      if (_gverbs_parent_domain_take_allocator_error (priv->pd, "ibv_create_qp", error))
        return FALSE;
      _gverbs_set_error_errno (error, err, "ibv_create_qp", _gverbs_resource_describe (priv->pd),
                               "%s queue pair (%s)", qp_type_name (ia.qp_type),
                               ia.qp_type == IBV_QPT_XRC_SEND || ia.qp_type == IBV_QPT_XRC_RECV
                               ? "XRC queue pairs need an XRC domain, which this device lacks"
                               : ia.qp_type == IBV_QPT_RAW_PACKET
                               ? "raw packet queue pairs need CAP_NET_RAW and device support"
                               : "check the capacities against the device's limits");
      return FALSE;
    }
  memcpy (&priv->cap, &ia.cap, sizeof priv->cap);
  if (ia.qp_type == IBV_QPT_RC || ia.qp_type == IBV_QPT_UC)
    {
      priv->fast_ibv = priv->ibv;
      priv->chain = g_new (struct ibv_send_wr, POST_BATCH);
      for (guint i = 0; i < POST_BATCH; i++)
        priv->chain[i].next = i + 1 < POST_BATCH ? &priv->chain[i + 1] : NULL;
    }
  _gverbs_resource_set_description (resource, "%s qp 0x%x on %s", qp_type_name (ia.qp_type),
                                    priv->ibv->qp_num, _gverbs_resource_describe (priv->pd));
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (priv->pd));
  if (priv->send_cq != NULL)
    _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (priv->send_cq));
  if (priv->recv_cq != NULL && priv->recv_cq != priv->send_cq)
    _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (priv->recv_cq));
  if (rss)
    _gverbs_resource_add_parent (resource,
                                 GVERBS_RESOURCE (gverbs_qp_init_attr_ex_get_rwq_ind_tbl (iax)));
  if (priv->srq != NULL)
    _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (priv->srq));
  _gverbs_resource_route_events (resource, gverbs_pd_get_context (priv->pd), priv->ibv);

  if (priv->qp_attr == NULL)
    return TRUE;
  /* usable from here on; a failure below closes it again */
  _gverbs_resource_adopt (resource);
  switch (ia.qp_type)
    {
    case IBV_QPT_UD:
    case IBV_QPT_RAW_PACKET:
      return gverbs_qp_to_rts (self, priv->qp_attr, error);
    default:
      return gverbs_qp_to_init (self, priv->qp_attr, error);
    }
}

static gboolean
gverbs_qp_release (GVerbsResource  *resource,
                   GError         **error)
{
  GVerbsQP *self = GVERBS_QP (resource);
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);
  int rc;

  if (priv->wr_open)
    ibv_wr_abort (priv->qpx);
  priv->wr_open = FALSE;
  rc = ibv_destroy_qp (priv->ibv);
  priv->ibv = NULL;
  priv->fast_ibv = NULL;
  priv->qpx = NULL;
  return _gverbs_resource_release_result (resource, rc, "ibv_destroy_qp", error);
}

/* the table row of qp-state, notified by gverbs_qp_modify() */
enum { ROW_QP_STATE = 2 };

/* The properties: those read from the rdma-core QP through the public
 * getters, then those stored as they are. */
static const GVerbsField fields[] = {
  /**
   * GVerbsQP:qp-num:
   *
   * The queue pair number (0 when closed).
   */
  GVERBS_PROP_GETTER ("qp-num", GVERBS_FIELD_UINT, NULL, G_MAXUINT32, 0, G_PARAM_READABLE,
                      gverbs_qp_get_qp_num),
  /**
   * GVerbsQP:qp-type:
   *
   * The transport of the queue pair.
   */
  GVERBS_PROP_GETTER ("qp-type", GVERBS_FIELD_ENUM, gverbs_qp_type_get_type, 0, GVERBS_QPT_RC,
                      G_PARAM_READABLE, gverbs_qp_get_qp_type),
  /**
   * GVerbsQP:qp-state:
   *
   * The current state, as ibv_query_qp() reports it.
   */
  [ROW_QP_STATE] = GVERBS_PROP_GETTER ("qp-state", GVERBS_FIELD_ENUM, gverbs_qp_state_get_type, 0,
                                       GVERBS_QPS_RESET, G_PARAM_READABLE, gverbs_qp_get_qp_state),
  /**
   * GVerbsQP:pd:
   *
   * The protection domain the queue pair lives in (given, or taken from a
   * #GVerbsQPInitAttrEx at creation).
   */
  GVERBS_PROP_INPUT (GVerbsQPPrivate, pd, "pd", gverbs_pd_get_type),
  /**
   * GVerbsQP:context:
   *
   * The device context. Given at creation with a #GVerbsQPInitAttrEx
   * instead of a protection domain (as pyverbs' `QP(ctx, init_attr_ex)`
   * and `ibv_create_qp_ex()`; needed by a #GVerbsQPEx), the attributes'
   * #GVerbsQPInitAttrEx:pd must belong to it; otherwise it is the
   * protection domain's, once the queue pair is created.
   */
  GVERBS_PROP_INPUT (GVerbsQPPrivate, context, "context", gverbs_context_get_type),
  /**
   * GVerbsQP:init-attr:
   *
   * The attributes the queue pair was created with.
   */
  GVERBS_PROP_INPUT (GVerbsQPPrivate, init_attr, "init-attr", gverbs_qp_init_attr_get_type),
  /**
   * GVerbsQP:qp-attr:
   *
   * The attributes the queue pair was moved toward RTS with at creation,
   * or %NULL (it then stays in RESET).
   */
  GVERBS_PROP_INPUT (GVerbsQPPrivate, qp_attr, "qp-attr", gverbs_qp_attr_get_type),
  /**
   * GVerbsQP:send-cq:
   *
   * The completion queue of the send queue.
   */
  GVERBS_PROP_OBJECT (GVerbsQPPrivate, send_cq, "send-cq", gverbs_cq_get_type, G_PARAM_READABLE),
  /**
   * GVerbsQP:recv-cq:
   *
   * The completion queue of the receive queue.
   */
  GVERBS_PROP_OBJECT (GVerbsQPPrivate, recv_cq, "recv-cq", gverbs_cq_get_type, G_PARAM_READABLE),
  /**
   * GVerbsQP:cap:
   *
   * The capacities the device granted (at least those asked for).
   */
  GVERBS_PROP_INLINE_BOXED (GVerbsQPPrivate, cap, "cap", gverbs_qp_cap_get_type, NULL, G_PARAM_READABLE),
  /**
   * GVerbsQP:send-ops-flags:
   *
   * The operations of the extended send API the queue pair was created for
   * (#GVerbsQPInitAttrEx:send-ops-flags with
   * %GVERBS_QP_INIT_ATTR_SEND_OPS_FLAGS), 0 otherwise.
   */
  GVERBS_PROP_FLAGS (GVerbsQPPrivate, send_ops_flags, "send-ops-flags",
                     gverbs_qp_create_send_ops_flags_get_type, 0, G_PARAM_READABLE),
};

static void
gverbs_qp_finalize (GObject *object)
{
  GVerbsQP *self = GVERBS_QP (object);
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);

  g_clear_object (&priv->srq);
  g_free (priv->chain);
  G_OBJECT_CLASS (gverbs_qp_parent_class)->finalize (object);
}

/* the pspecs by table row */
static GParamSpec *properties[G_N_ELEMENTS (fields)];

GVERBS_DEFINE_DERIVABLE_RESOURCE_CLASS_INIT (GVerbsQP, gverbs_qp, GVERBS_RANK_QP, 1, fields, properties,
                                             qp_gtype = G_TYPE_FROM_CLASS (klass);
                                             object_class->finalize = gverbs_qp_finalize)

static void
gverbs_qp_init (GVerbsQP *self)
{
}

/**
 * gverbs_qp_new:
 * @pd: an open #GVerbsPD
 * @init_attr: the creation attributes (type, CQs, capacities)
 * @qp_attr: (nullable): attributes to move the new queue pair toward RTS
 *   with (UD: to RTS; RC, UC: to INIT), or %NULL to leave it in RESET
 * @error: return location for a #GError
 *
 * Creates a queue pair (`ibv_create_qp()`). On any error nothing is left
 * behind.
 *
 * Returns: (transfer full): the queue pair, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsQP *
gverbs_qp_new (GVerbsPD          *pd,
               GVerbsQPInitAttr  *init_attr,
               GVerbsQPAttr      *qp_attr,
               GError           **error)
{
  g_return_val_if_fail (GVERBS_IS_PD (pd), NULL);
  g_return_val_if_fail (GVERBS_IS_QP_INIT_ATTR (init_attr), NULL);
  g_return_val_if_fail (qp_attr == NULL || GVERBS_IS_QP_ATTR (qp_attr), NULL);
  return g_initable_new (GVERBS_TYPE_QP, NULL, error, "pd", pd, "init-attr", init_attr,
                         "qp-attr", qp_attr, NULL);
}

/**
 * gverbs_pd_create_qp:
 * @self: an open #GVerbsPD
 * @init_attr: the creation attributes
 * @qp_attr: (nullable): attributes to move the queue pair toward RTS with
 * @error: return location for a #GError
 *
 * The same as gverbs_qp_new().
 *
 * Returns: (transfer full): the queue pair, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsQP *
gverbs_pd_create_qp (GVerbsPD          *self,
                     GVerbsQPInitAttr  *init_attr,
                     GVerbsQPAttr      *qp_attr,
                     GError           **error)
{
  return gverbs_qp_new (self, init_attr, qp_attr, error);
}

#define PRIV(self) ((GVerbsQPPrivate *) gverbs_qp_get_instance_private (self))

/**
 * gverbs_qp_get_pd:
 * @self: a #GVerbsQP
 *
 * Gets the protection domain.
 *
 * Returns: (transfer none): the protection domain
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsPD *, gverbs_qp_get_pd,
                      GVerbsQP, GVERBS_IS_QP, NULL, PRIV (self)->pd)

/**
 * gverbs_qp_get_context:
 * @self: a #GVerbsQP
 *
 * Gets #GVerbsQP:context, the device context.
 *
 * Returns: (transfer none) (nullable): the device context; %NULL before a
 *   queue pair made from a protection domain is created
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsContext *, gverbs_qp_get_context,
                      GVerbsQP, GVERBS_IS_QP, NULL, PRIV (self)->context)

/**
 * gverbs_qp_get_send_cq:
 * @self: a #GVerbsQP
 *
 * Gets the completion queue of the send queue.
 *
 * Returns: (transfer none) (nullable): the completion queue of the send queue
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsCQ *, gverbs_qp_get_send_cq,
                      GVerbsQP, GVERBS_IS_QP, NULL, PRIV (self)->send_cq)

/**
 * gverbs_qp_get_recv_cq:
 * @self: a #GVerbsQP
 *
 * Gets the completion queue of the receive queue.
 *
 * Returns: (transfer none) (nullable): the completion queue of the receive queue
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsCQ *, gverbs_qp_get_recv_cq,
                      GVerbsQP, GVERBS_IS_QP, NULL, PRIV (self)->recv_cq)

/**
 * gverbs_qp_get_qp_num:
 * @self: a #GVerbsQP
 *
 * Gets the queue pair number.
 *
 * Returns: the queue pair number, 0 when closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_qp_get_qp_num,
                      GVerbsQP, GVERBS_IS_QP, 0, PRIV (self)->ibv ? PRIV (self)->ibv->qp_num : 0)

/**
 * gverbs_qp_get_qp_type:
 * @self: a #GVerbsQP
 *
 * Gets the transport of the queue pair.
 *
 * Returns: the transport of the queue pair
 *
 * Since: 0.1
 */
GVerbsQPType
gverbs_qp_get_qp_type (GVerbsQP *self)
{
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);
  g_return_val_if_fail (GVERBS_IS_QP (self), GVERBS_QPT_RC);
  if (priv->ibv != NULL)
    return (GVerbsQPType) priv->ibv->qp_type;
  return priv->init_attr ? gverbs_qp_init_attr_get_qp_type (priv->init_attr) : GVERBS_QPT_RC;
}

/**
 * gverbs_qp_get_qp_state:
 * @self: a #GVerbsQP
 *
 * Asks the device for the current state (`ibv_query_qp()` with
 * %GVERBS_QP_STATE); if that fails, returns the state of the last
 * transition. A closed queue pair reports %GVERBS_QPS_RESET.
 *
 * Returns: the state of the queue pair
 *
 * Since: 0.1
 */
GVerbsQPState
gverbs_qp_get_qp_state (GVerbsQP *self)
{
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);
  struct ibv_qp_attr attr;
  struct ibv_qp_init_attr ia;

  g_return_val_if_fail (GVERBS_IS_QP (self), GVERBS_QPS_RESET);
  if (priv->ibv == NULL)
    return GVERBS_QPS_RESET;
  if (ibv_query_qp (priv->ibv, &attr, IBV_QP_STATE, &ia) == 0)
    return (GVerbsQPState) attr.qp_state;
  return (GVerbsQPState) priv->ibv->state;
}

/**
 * gverbs_qp_get_cap:
 * @self: a #GVerbsQP
 * @cap: (out caller-allocates): the capacities the device granted
 *
 * Copies out the actual capacities of the queue pair.
 *
 * Since: 0.1
 */
void
gverbs_qp_get_cap (GVerbsQP    *self,
                   GVerbsQPCap *cap)
{
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);
  g_return_if_fail (GVERBS_IS_QP (self));
  g_return_if_fail (cap != NULL);
  *cap = priv->cap;
}

/**
 * gverbs_qp_modify:
 * @self: an open #GVerbsQP
 * @attr: the attributes to apply
 * @mask: which attributes of @attr to apply
 * @error: return location for a #GError
 *
 * Modifies the queue pair (`ibv_modify_qp()`), typically a state transition.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_modify (GVerbsQP          *self,
                  GVerbsQPAttr      *attr,
                  GVerbsQPAttrMask   mask,
                  GError           **error)
{
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);
  struct ibv_qp_attr *a;
  int from, rc;

  g_return_val_if_fail (GVERBS_IS_QP (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_QP_ATTR (attr), FALSE);
  if (!_gverbs_resource_check_open (self, error))
    return FALSE;
  if (!_gverbs_qp_attr_prepare (attr, mask, error))
    return FALSE;
  a = _gverbs_qp_attr_get_ibv (attr);
  from = priv->ibv->state;
  rc = ibv_modify_qp (priv->ibv, a, (int) mask);
  if (rc != 0)
    {
      g_autofree char *mask_text = g_flags_to_string (GVERBS_TYPE_QP_ATTR_MASK, mask);

      if (mask & IBV_QP_STATE)
        _gverbs_set_error_errno (error, rc, "ibv_modify_qp", _gverbs_resource_describe (self),
                                 "%s -> %s, attributes %s", qp_state_name (from),
                                 qp_state_name (a->qp_state), mask_text);
      else
        _gverbs_set_error_errno (error, rc, "ibv_modify_qp", _gverbs_resource_describe (self),
                                 "attributes %s", mask_text);
      return FALSE;
    }
  if (mask & IBV_QP_STATE)
    {
      g_debug ("%s: %s -> %s", _gverbs_resource_describe (self), qp_state_name (from),
               qp_state_name (a->qp_state));
      g_object_notify_by_pspec (G_OBJECT (self), properties[ROW_QP_STATE]);
    }
  return TRUE;
}

/**
 * gverbs_qp_query:
 * @self: an open #GVerbsQP
 * @mask: the attributes wanted (the device may report more)
 * @init_attr: (out) (optional) (transfer full): the creation attributes as
 *   the device reports them now
 * @error: return location for a #GError
 *
 * Queries the queue pair (`ibv_query_qp()`).
 *
 * Returns: (transfer full): the attributes, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsQPAttr *
gverbs_qp_query (GVerbsQP          *self,
                 GVerbsQPAttrMask   mask,
                 GVerbsQPInitAttr **init_attr,
                 GError           **error)
{
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);
  g_autoptr(GVerbsQPAttr) attr = NULL;
  struct ibv_qp_init_attr ia;
  int rc;

  g_return_val_if_fail (GVERBS_IS_QP (self), NULL);
  if (init_attr != NULL)
    *init_attr = NULL;
  if (!_gverbs_resource_check_open (self, error))
    return NULL;
  attr = gverbs_qp_attr_new ();
  memset (&ia, 0, sizeof ia);
  memset (_gverbs_qp_attr_get_ibv (attr), 0, sizeof (struct ibv_qp_attr));
  rc = ibv_query_qp (priv->ibv, _gverbs_qp_attr_get_ibv (attr), (int) mask, &ia);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_query_qp", _gverbs_resource_describe (self), NULL);
      return NULL;
    }
  _gverbs_qp_attr_forget_objects (attr);
  if (init_attr != NULL)
    *init_attr = _gverbs_qp_init_attr_new_from_ibv (&ia, priv->send_cq, priv->recv_cq);
  return g_steal_pointer (&attr);
}

/**
 * gverbs_qp_query_data_in_order:
 * @self: a #GVerbsQP
 * @opcode: the send operation to ask about
 * @in_order: (out): return location: %TRUE when the data @opcode writes
 *   reaches the responder's memory in order, %FALSE when the device does
 *   not guarantee it
 * @error: return location for a #GError, or %NULL
 *
 * Asks whether the device writes the data of @opcode in order
 * (`ibv_query_qp_data_in_order()`), which lets a receiver poll the last
 * byte of a buffer to know the whole message has arrived.
 *
 * Returns: (skip): %TRUE on success, %FALSE with @error set when @self is closed
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_query_data_in_order (GVerbsQP        *self,
                               GVerbsWROpcode   opcode,
                               gboolean        *in_order,
                               GError         **error)
{
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);

  g_return_val_if_fail (GVERBS_IS_QP (self), FALSE);
  g_return_val_if_fail (in_order != NULL, FALSE);
  *in_order = FALSE;
  if (!_gverbs_resource_check_open (self, error))
    return FALSE;
  *in_order = ibv_query_qp_data_in_order (priv->ibv, (enum ibv_wr_opcode) opcode, 0) == 1;
  return TRUE;
}

/**
 * gverbs_qp_type_transition_mask:
 * @qp_type: a queue-pair type
 * @to_state: %GVERBS_QPS_INIT, %GVERBS_QPS_RTR or %GVERBS_QPS_RTS
 *
 * The attribute mask the standard transition of a queue pair of this type
 * into @to_state needs (the same masks pyverbs' `to_init/to_rtr/to_rts`
 * use), %GVERBS_QP_STATE included.
 *
 * Returns: the mask
 *
 * Since: 0.1
 */
GVerbsQPAttrMask
gverbs_qp_type_transition_mask (GVerbsQPType  qp_type,
                                GVerbsQPState to_state)
{
  guint init = 0, rtr = 0, rts = 0;

  switch ((int) qp_type)
    {
    case IBV_QPT_RC:
    case IBV_QPT_XRC_SEND:
    case IBV_QPT_XRC_RECV:
      init = IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS;
      rtr = IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN | IBV_QP_RQ_PSN;
      if (qp_type != GVERBS_QPT_XRC_SEND)
        rtr |= IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER;
      rts = IBV_QP_TIMEOUT | IBV_QP_SQ_PSN;
      if (qp_type != GVERBS_QPT_XRC_RECV)
        rts |= IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY | IBV_QP_MAX_QP_RD_ATOMIC;
      break;
    case IBV_QPT_UC:
      init = IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS;
      rtr = IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN | IBV_QP_RQ_PSN;
      rts = IBV_QP_SQ_PSN;
      break;
    case IBV_QPT_UD:
      init = IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_QKEY;
      rts = IBV_QP_SQ_PSN;
      break;
    case IBV_QPT_RAW_PACKET:
      init = IBV_QP_PORT;
      break;
    default:
      break;
    }
  switch ((int) to_state)
    {
    case IBV_QPS_INIT: return (GVerbsQPAttrMask) IBV_QP_STATE | init;
    case IBV_QPS_RTR: return (GVerbsQPAttrMask) IBV_QP_STATE | rtr;
    case IBV_QPS_RTS: return (GVerbsQPAttrMask) IBV_QP_STATE | rts;
    default: return GVERBS_QP_STATE;
    }
}

static gboolean
transition (GVerbsQP      *self,
            GVerbsQPAttr  *attr,
            GVerbsQPState  to,
            GError       **error)
{
  g_object_set (attr, "qp-state", to, NULL);
  return gverbs_qp_modify (self, attr, gverbs_qp_type_transition_mask (gverbs_qp_get_qp_type (self), to),
                           error);
}

/* From @from, to @to through the states before it that the queue pair is
 * not in yet. */
static gboolean
move_from (GVerbsQP       *self,
           GVerbsQPAttr   *attr,
           GVerbsQPState   from,
           GVerbsQPState   to,
           GError        **error)
{
  if (to != GVERBS_QPS_INIT && from != to - 1 && !move_from (self, attr, from, to - 1, error))
    return FALSE;
  return transition (self, attr, to, error);
}

/* gverbs_qp_to_init/rtr/rts(): to @to (INIT, RTR or RTS), the state queried
 * once (ibv_query_qp) and not at all for INIT. */
static gboolean
move_to (GVerbsQP      *self,
         GVerbsQPAttr  *attr,
         GVerbsQPState  to,
         GError       **error)
{
  g_return_val_if_fail (GVERBS_IS_QP (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_QP_ATTR (attr), FALSE);
  if (!_gverbs_resource_check_open (self, error))
    return FALSE;
  if (to == GVERBS_QPS_INIT)
    return transition (self, attr, to, error);
  return move_from (self, attr, gverbs_qp_get_qp_state (self), to, error);
}

/**
 * gverbs_qp_to_init:
 * @self: an open #GVerbsQP
 * @attr: attributes for the transition (port, P_Key index, access flags or
 *   Q_Key); its #GVerbsQPAttr:qp-state is set to INIT
 * @error: return location for a #GError
 *
 * Moves the queue pair to INIT with the standard mask of its type.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_to_init (GVerbsQP      *self,
                   GVerbsQPAttr  *attr,
                   GError       **error)
{
  return move_to (self, attr, GVERBS_QPS_INIT, error);
}

/**
 * gverbs_qp_to_rtr:
 * @self: an open #GVerbsQP
 * @attr: attributes for the transitions (address vector, path MTU, remote
 *   QP number, RQ PSN …)
 * @error: return location for a #GError
 *
 * Moves the queue pair to RTR, through INIT first if it is not in INIT.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_to_rtr (GVerbsQP      *self,
                  GVerbsQPAttr  *attr,
                  GError       **error)
{
  return move_to (self, attr, GVERBS_QPS_RTR, error);
}

/**
 * gverbs_qp_to_rts:
 * @self: an open #GVerbsQP
 * @attr: attributes for the transitions (timeouts, retries, SQ PSN …)
 * @error: return location for a #GError
 *
 * Moves the queue pair to RTS, through INIT and RTR first as needed.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_to_rts (GVerbsQP      *self,
                  GVerbsQPAttr  *attr,
                  GError       **error)
{
  return move_to (self, attr, GVERBS_QPS_RTS, error);
}

/* Why the device refused the request at @bad (rdma-core's struct: a
 * struct ibv_send_wr when @send, else a struct ibv_recv_wr; NULL if it did
 * not say), in the terms of the limit it hit: a full queue (ENOMEM, which
 * is not about locked memory here) or more SGEs than the QP was created
 * for (EINVAL). */
static void
set_post_error (GVerbsQP    *self,
                GError     **error,
                int          rc,
                const char  *call,
                guint        index,
                guint        n_wrs,
                guint64      wr_id,
                gboolean     send,
                const void  *bad)
{
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);
  int num_sge = bad == NULL ? 0 : send ? ((const struct ibv_send_wr *) bad)->num_sge
                                       : ((const struct ibv_recv_wr *) bad)->num_sge;
  guint32 max_sge = send ? priv->cap.max_send_sge : priv->cap.max_recv_sge;

  if (rc == ENOMEM)
    {
      g_set_error (error, GVERBS_ERROR, gverbs_error_from_errno (rc),
                   send ? _("%s on %s: the send queue is full (max_send_wr %u): work request %u of %u "
                            "(wr_id %" PRIu64 ") refused, %u before it posted; poll "
                            "completions before posting more")
                        : _("%s on %s: the receive queue is full (max_recv_wr %u): work request %u of %u "
                            "(wr_id %" PRIu64 ") refused, %u before it posted; poll "
                            "completions before posting more"),
                   call, _gverbs_resource_describe (self), send ? priv->cap.max_send_wr : priv->cap.max_recv_wr,
                   index, n_wrs, wr_id, index);
      return;
    }
  if (rc == EINVAL && num_sge > 0 && (guint) num_sge > max_sge)
    {
      g_set_error (error, GVERBS_ERROR, gverbs_error_from_errno (rc),
                   send ? _("%s on %s: work request %u of %u (wr_id %" PRIu64 ") refused, "
                            "%u before it posted: num_sge %d > the queue pair's max_send_sge %u")
                        : _("%s on %s: work request %u of %u (wr_id %" PRIu64 ") refused, "
                            "%u before it posted: num_sge %d > the queue pair's max_recv_sge %u"),
                   call, _gverbs_resource_describe (self), index, n_wrs, wr_id, index, num_sge, max_sge);
      return;
    }
  _gverbs_set_post_error (error, rc, call, _gverbs_resource_describe (self), index, n_wrs, wr_id);
}

/* The device refused the one request of a fast post path (@f->bad is it). */
static G_GNUC_NO_INLINE gboolean
post_refused (PostFrame   *f,
              int          rc,
              const char  *call,
              gboolean     send)
{
  guint64 wr_id = f->bad != NULL ? *(const guint64 *) f->bad : 0;

  set_post_error (f->self, f->error, rc, call, 0, 1, wr_id, send, f->bad);
  return FALSE;
}

/* Whether [@addr, @addr + @length) can be read: the provider copies an
 * inline send's buffers with memcpy() at post time, so an address that is
 * not mapped would kill the process. Reading it through the kernel
 * (process_vm_readv() on this process) fails with EFAULT instead. */
static gboolean
memory_readable (guint64 addr,
                 guint32 length)
{
  guint8 scratch[256];

  for (guint64 done = 0; done < length;)
    {
      size_t n = MIN (sizeof scratch, length - done);
      struct iovec local = { scratch, n };
      struct iovec remote = { (void *) (guintptr) (addr + done), n };
      ssize_t got = process_vm_readv (getpid (), &local, 1, &remote, 1, 0);

      if (got <= 0)
        return got < 0 && errno != EFAULT;   /* a kernel without it: cannot tell */
      done += (guint64) got;
    }
  return TRUE;
}

/* An inline send's buffers: at most max_inline_data bytes in all, each in a
 * memory region of the QP's PD (one hash lookup by lkey, the common case)
 * or else readable memory that is not a closed region's (a system call:
 * unregistered buffers are allowed inline, as rdma-core allows them). */
static G_GNUC_NO_INLINE gboolean
check_inline_sges (GVerbsQP            *self,
                   GVerbsQPPrivate     *priv,
                   const GVerbsSendWR  *w,
                   guint                index,
                   GError             **error)
{
  guint64 total = 0;

  for (guint i = 0; i < w->num_sge; i++)
    total += w->sg_list[i].length;
  if (total > priv->cap.max_inline_data)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   _("Work request %u for %s: %" PRIu64 " bytes of inline data > the queue "
                     "pair's max_inline_data %u"), index, _gverbs_resource_describe (self), total,
                   priv->cap.max_inline_data);
      return FALSE;
    }
  for (guint i = 0; i < w->num_sge; i++)
    {
      const GVerbsSGE *sge = &w->sg_list[i];

      if (sge->length == 0 || _gverbs_pd_mr_covers (priv->pd, sge->lkey, sge->addr, sge->length))
        continue;
      if (sge->addr > G_MAXUINT64 - sge->length || !memory_readable (sge->addr, sge->length))
        {
          g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                       _("Work request %u for %s: inline buffer %u at 0x%" PRIx64 "+%u "
                         "is not readable memory (nor inside the memory region of lkey 0x%x)"),
                       index, _gverbs_resource_describe (self), i, sge->addr, sge->length, sge->lkey);
          return FALSE;
        }
      if (_gverbs_mr_buffer_is_pooled (sge->addr, sge->length))
        {
          g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                       _("Work request %u for %s: inline buffer %u at 0x%" PRIx64 "+%u "
                         "is in the pages of a closed memory region"),
                       index, _gverbs_resource_describe (self), i, sge->addr, sge->length);
          return FALSE;
        }
    }
  return TRUE;
}

/* The rarer parts of convert_send_wr(), out of the hot path: atomic and
 * other opcodes, UD and XRC queue pairs, too many SGEs. */
static G_GNUC_NO_INLINE gboolean
convert_send_wr_rest (GVerbsQP            *self,
                      GVerbsQPPrivate     *priv,
                      const GVerbsSendWR  *w,
                      struct ibv_send_wr  *d,
                      guint                index,
                      GError             **error)
{
  if (w->num_sge > GVERBS_MAX_SGE)
    return _gverbs_set_too_many_sges_error (self, index, w->num_sge, error);
  if ((w->send_flags & IBV_SEND_INLINE) && !check_inline_sges (self, priv, w, index, error))
    return FALSE;
  switch ((int) w->opcode)
    {
    case IBV_WR_RDMA_WRITE:
    case IBV_WR_RDMA_WRITE_WITH_IMM:
    case IBV_WR_RDMA_READ:
    case IBV_WR_SEND:
    case IBV_WR_SEND_WITH_IMM:
    case IBV_WR_SEND_WITH_INV:
    case IBV_WR_LOCAL_INV:
      break;
    case IBV_WR_ATOMIC_CMP_AND_SWP:
    case IBV_WR_ATOMIC_FETCH_AND_ADD:
      d->wr.atomic.remote_addr = w->remote_addr;
      d->wr.atomic.rkey = w->rkey;
      d->wr.atomic.compare_add = w->compare_add;
      d->wr.atomic.swap = w->swap;
      break;
    default:
      memset (&d->wr, 0, sizeof d->wr);
      memset (&d->bind_mw, 0, sizeof d->bind_mw);
      break;
    }
  if (priv->ibv->qp_type == IBV_QPT_UD)
    {
      struct ibv_ah *ah = w->ah != NULL ? _gverbs_ah_get_ibv (w->ah) : NULL;

      if (G_UNLIKELY (ah == NULL))
        {
          g_set_error (error, GVERBS_ERROR,
                       w->ah == NULL ? GVERBS_ERROR_INVALID_ARGUMENT : GVERBS_ERROR_CLOSED,
                       w->ah == NULL ? _("Work request %u for %s: a UD send needs an address handle (set_wr_ud)")
                                     : _("Work request %u for %s: its address handle is closed"),
                       index, _gverbs_resource_describe (self));
          return FALSE;
        }
      d->wr.ud.ah = ah;
      d->wr.ud.remote_qpn = w->remote_qpn;
      d->wr.ud.remote_qkey = w->remote_qkey;
    }
  else if (priv->ibv->qp_type == IBV_QPT_XRC_SEND)
    d->qp_type.xrc.remote_srqn = w->remote_srqn;
  return TRUE;
}

/* Fills every field of @d that the provider reads for @w's opcode and QP
 * type, without zeroing the rest (~8 words instead of 128 bytes per
 * request). RDMA write/read and send on an RC/UC QP stay inline. */
static inline gboolean
convert_send_wr (GVerbsQP            *self,
                 GVerbsQPPrivate     *priv,
                 const GVerbsSendWR  *w,
                 struct ibv_send_wr  *d,
                 guint                index,
                 GError             **error)
{
  d->wr_id = w->wr_id;
  d->sg_list = (struct ibv_sge *) w->sg_list;
  d->num_sge = (int) w->num_sge;
  d->opcode = (enum ibv_wr_opcode) w->opcode;
  d->send_flags = w->send_flags;
  d->imm_data = w->imm_data;
  d->wr.rdma.remote_addr = w->remote_addr;
  d->wr.rdma.rkey = w->rkey;
  if (G_LIKELY ((guint) w->opcode <= IBV_WR_RDMA_READ && w->num_sge <= GVERBS_MAX_SGE &&
                (w->send_flags & IBV_SEND_INLINE) == 0 &&
                (guint) (priv->ibv->qp_type - IBV_QPT_RC) <= IBV_QPT_UC - IBV_QPT_RC))
    return TRUE;
  return convert_send_wr_rest (self, priv, w, d, index, error);
}

/* A batch of @count copies that the queue (of @limit entries, as created)
 * could never hold at once: refused, instead of posting for as long as the
 * device keeps draining the queue. */
static G_GNUC_NO_INLINE gboolean
repeat_count_error (GVerbsQP         *self,
                    const char       *func,
                    guint             count,
                    const char       *limit_name,
                    guint32           limit,
                    GError          **error)
{
  g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
               _("%s on %s: count %u > the queue pair's %s %u: the queue can never hold them"),
               func, _gverbs_resource_describe (self), count, limit_name, limit);
  return FALSE;
}

static gboolean
post_closed_error (GVerbsQP  *self,
                  GError   **error)
{
  return _gverbs_resource_check_open (self, error);
}

/* The QP as a post target (see GVerbsPostOps): its send and receive
 * queues. */
static gpointer
qp_queue (gpointer self)
{
  return ((GVerbsQPPrivate *) gverbs_qp_get_instance_private (self))->ibv;
}

static gboolean
qp_convert_send_wr (gpointer       self,
                    gconstpointer  w,
                    void          *d,
                    void          *next,
                    guint          index,
                    GError       **error)
{
  ((struct ibv_send_wr *) d)->next = next;
  return convert_send_wr (self, gverbs_qp_get_instance_private (self), w, d, index, error);
}

static int
qp_ibv_post_send (gpointer   qp,
                  void      *chain,
                  void     **bad)
{
  return ibv_post_send (qp, chain, (struct ibv_send_wr **) bad);
}

static int
qp_ibv_post_recv (gpointer   qp,
                  void      *chain,
                  void     **bad)
{
  return ibv_post_recv (qp, chain, (struct ibv_recv_wr **) bad);
}

static void
qp_send_refused (gpointer      self,
                 GError      **error,
                 int           rc,
                 guint         index,
                 guint         n_wrs,
                 guint64       wr_id,
                 const void   *bad)
{
  set_post_error (self, error, rc, "ibv_post_send", index, n_wrs, wr_id, TRUE, bad);
}

static void
qp_recv_refused (gpointer      self,
                 GError      **error,
                 int           rc,
                 guint         index,
                 guint         n_wrs,
                 guint64       wr_id,
                 const void   *bad)
{
  set_post_error (self, error, rc, "ibv_post_recv", index, n_wrs, wr_id, FALSE, bad);
}

static const GVerbsPostOps qp_send_ops = {
  sizeof (GVerbsSendWR), sizeof (struct ibv_send_wr), qp_queue,
  qp_convert_send_wr, qp_ibv_post_send, qp_send_refused,
};

static const GVerbsPostOps qp_recv_ops = {
  sizeof (GVerbsRecvWR), sizeof (struct ibv_recv_wr), qp_queue,
  _gverbs_post_convert_recv_wr, qp_ibv_post_recv, qp_recv_refused,
};

/* Posts requests from an array (@wrs) or a list of pointers (@ptrs, the
 * binding-friendly form) to the send queue if @send, else to the receive
 * queue, converted in chunks into a stack array, within the QP's usage
 * guard. Inlined into each caller with @send constant. */
static G_ALWAYS_INLINE inline gboolean
post_chunks (GVerbsQP              *self,
             gboolean               send,
             gconstpointer          wrs,
             gconstpointer const   *ptrs,
             guint                  n_wrs,
             GError               **error)
{
  if (send)
    {
      struct ibv_send_wr batch[POST_BATCH];

      return _gverbs_post_chunks (&qp_send_ops, self, batch, wrs, ptrs, n_wrs, error);
    }
  else
    return _gverbs_post_recv_chunks (&qp_recv_ops, self, wrs, ptrs, n_wrs, error);
}

/* gverbs_qp_post_send() and gverbs_qp_post_recv() (@send says which) for
 * what they cannot post unconverted: converted on the stack in chunks, one
 * request or many. @send comes last so that the callers' own arguments
 * stay in their registers: the fast path moves none to branch here. */
static G_GNUC_NO_INLINE gboolean
post_converted (GVerbsQP       *self,
                gconstpointer   wrs,
                guint           n_wrs,
                GError        **error,
                gboolean        send)
{
  g_return_val_if_fail (GVERBS_IS_QP (self), FALSE);
  g_return_val_if_fail (wrs != NULL || n_wrs == 0, FALSE);
  return post_chunks (self, send, wrs, NULL, n_wrs, error);
}

/* The one request of a fast post path (@wr, rdma-core's struct already) to
 * @qp's send queue if @send, else to its receive queue. Inlined with @send
 * constant. */
static G_ALWAYS_INLINE inline gboolean
post_one (GVerbsQP       *self,
          struct ibv_qp  *qp,
          gboolean        send,
          gconstpointer   wr,
          GError        **error)
{
  PostFrame f;
  int rc;

  f.self = self;
  f.error = error;
  if (send)
    rc = ibv_post_send (qp, (struct ibv_send_wr *) wr, (struct ibv_send_wr **) &f.bad);
  else
    rc = ibv_post_recv (qp, (struct ibv_recv_wr *) wr, (struct ibv_recv_wr **) &f.bad);
  if (G_LIKELY (rc == 0))
    return TRUE;
  return post_refused (&f, rc, send ? "ibv_post_send" : "ibv_post_recv", send);
}

/**
 * gverbs_qp_post_send: (skip)
 * @self: an open #GVerbsQP
 * @wrs: (array length=n_wrs): the work requests, posted in order
 * @n_wrs: how many
 * @error: return location for a #GError
 *
 * Posts send work requests (`ibv_post_send()`). One RDMA or send request
 * made by gverbs_send_wr_init() on an RC or UC queue pair goes to the
 * device as it is; others are converted to rdma-core's on the stack, in
 * chunks. Nothing is allocated. If the device refuses one, the error says
 * which (its index and wr_id); those before it were posted.
 *
 * This one-request path does not enter the queue pair's usage guard (it
 * costs instructions on every message): a C caller that may close the queue
 * pair from another thread posts through gverbs_qp_post_send_one() or the
 * list forms instead, which wait for such a close as every binding call does.
 *
 * Returns: %TRUE if all were posted
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_post_send (GVerbsQP            *self,
                     const GVerbsSendWR  *wrs,
                     guint                n_wrs,
                     GError             **error)
{
  struct ibv_qp *qp;

  /* One RDMA or send request made by gverbs_send_wr_init() on an open RC or
   * UC queue pair: it is an ibv_send_wr already (see GVerbsSendWR). */
  if (G_UNLIKELY (!IS_QP_EXACT (self) || n_wrs != 1 || wrs == NULL))
    return post_converted (self, wrs, n_wrs, error, TRUE);
  qp = ((GVerbsQPPrivate *) gverbs_qp_get_instance_private (self))->fast_ibv;
  if (G_UNLIKELY (qp == NULL || wrs->ibv_sg_list != (guintptr) wrs->sg_list ||
                  (guint) wrs->opcode > IBV_WR_RDMA_READ || wrs->num_sge > GVERBS_MAX_SGE ||
                  (wrs->send_flags & IBV_SEND_INLINE)))
    return post_converted (self, wrs, n_wrs, error, TRUE);
  return post_one (self, qp, TRUE, wrs, error);
}

/**
 * gverbs_qp_post_recv: (skip)
 * @self: an open #GVerbsQP
 * @wrs: (array length=n_wrs): the work requests, posted in order
 * @n_wrs: how many
 * @error: return location for a #GError
 *
 * Posts receive work requests (`ibv_post_recv()`). One request made by
 * gverbs_recv_wr_init() goes to the device as it is; others are converted
 * on the stack. Nothing is allocated. If the device refuses one, the error
 * says which; those before it were posted.
 *
 * Returns: %TRUE if all were posted
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_post_recv (GVerbsQP            *self,
                     const GVerbsRecvWR  *wrs,
                     guint                n_wrs,
                     GError             **error)
{
  struct ibv_qp *qp;

  /* One request made by gverbs_recv_wr_init(): an ibv_recv_wr already. */
  if (G_UNLIKELY (!IS_QP_EXACT (self) || n_wrs != 1 || wrs == NULL))
    return post_converted (self, wrs, n_wrs, error, FALSE);
  qp = ((GVerbsQPPrivate *) gverbs_qp_get_instance_private (self))->ibv;
  if (G_UNLIKELY (qp == NULL || wrs->ibv_sg_list != (guintptr) wrs->sg_list || wrs->num_sge > GVERBS_MAX_SGE))
    return post_converted (self, wrs, n_wrs, error, FALSE);
  return post_one (self, qp, FALSE, wrs, error);
}

/**
 * gverbs_qp_post_send_list: (rename-to gverbs_qp_post_send)
 * @self: an open #GVerbsQP
 * @wrs: (element-type GVerbsSendWR): the work requests, posted in order
 * @error: return location for a #GError
 *
 * The binding-friendly form of gverbs_qp_post_send(): one call posts a
 * whole list.
 *
 * Returns: %TRUE if all were posted
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_post_send_list (GVerbsQP   *self,
                          GPtrArray  *wrs,
                          GError    **error)
{
  g_return_val_if_fail (IS_QP_FAST (self), FALSE);
  g_return_val_if_fail (wrs != NULL, FALSE);
  return post_chunks (self, TRUE, NULL, (gconstpointer const *) wrs->pdata, wrs->len, error);
}

/**
 * gverbs_qp_post_recv_list: (rename-to gverbs_qp_post_recv)
 * @self: an open #GVerbsQP
 * @wrs: (element-type GVerbsRecvWR): the work requests, posted in order
 * @error: return location for a #GError
 *
 * The binding-friendly form of gverbs_qp_post_recv().
 *
 * Returns: %TRUE if all were posted
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_post_recv_list (GVerbsQP   *self,
                          GPtrArray  *wrs,
                          GError    **error)
{
  g_return_val_if_fail (IS_QP_FAST (self), FALSE);
  g_return_val_if_fail (wrs != NULL, FALSE);
  return post_chunks (self, FALSE, NULL, (gconstpointer const *) wrs->pdata, wrs->len, error);
}

/* What convert_send_wr() fills for an RDMA or send request on an RC/UC QP:
 * wr_id, then sg_list up to the end of wr.rdma (next is the chain's own). */
#define CHAIN_COPY_FROM G_STRUCT_OFFSET (struct ibv_send_wr, sg_list)
#define CHAIN_COPY_END (G_STRUCT_OFFSET (struct ibv_send_wr, wr) + sizeof (((struct ibv_send_wr *) 0)->wr.rdma))

static inline gboolean
same_inline_wr (const struct ibv_send_wr *a,
                const struct ibv_send_wr *b)
{
  return a->wr_id == b->wr_id && a->sg_list == b->sg_list && a->num_sge == b->num_sge &&
         a->opcode == b->opcode && a->send_flags == b->send_flags && a->imm_data == b->imm_data &&
         a->wr.rdma.remote_addr == b->wr.rdma.remote_addr && a->wr.rdma.rkey == b->wr.rdma.rkey;
}

/* Posts @count copies from @copies, a chain of min (@count, POST_BATCH)
 * copies of one request without %IBV_SEND_SIGNALED: one ibv_post_send() per
 * POST_BATCH, the chain cut after the copies each needs, @signaled on the
 * very last. The chain is left as it was. */
static gboolean
post_send_copies (GVerbsQP           *self,
                  GVerbsQPPrivate    *priv,
                  struct ibv_send_wr *copies,
                  unsigned int        signaled,
                  guint               count,
                  GError            **error)
{
  for (guint posted = 0; posted < count;)
    {
      guint k = MIN (POST_BATCH, count - posted);
      struct ibv_send_wr *last = &copies[k - 1], *next = last->next, *bad = NULL;
      unsigned int flags = last->send_flags;
      int rc;

      last->next = NULL;
      if (posted + k == count)
        last->send_flags |= signaled;
      rc = ibv_post_send (priv->ibv, copies, &bad);
      last->next = next;
      last->send_flags = flags;
      if (G_UNLIKELY (rc != 0))
        {
          set_post_error (self, error, rc, "ibv_post_send",
                          posted + (bad != NULL ? (guint) (bad - copies) : 0), count, copies->wr_id,
                          TRUE, bad);
          return FALSE;
        }
      posted += k;
    }
  return TRUE;
}

/* gverbs_qp_post_send_repeat() on the QP's kept chain: a caller that
 * repeats one request (a refill loop, a binding's batch) posts the copies
 * made by an earlier call instead of copying again. @head is the converted
 * request without %IBV_SEND_SIGNALED. The caller holds chain_busy. */
static gboolean
post_send_repeat_chained (GVerbsQP                 *self,
                          GVerbsQPPrivate          *priv,
                          const struct ibv_send_wr *head,
                          unsigned int              signaled,
                          guint                     count,
                          GError                  **error)
{
  struct ibv_send_wr *chain = priv->chain;
  guint fill = MIN (count, POST_BATCH);

  if (priv->chain_len == 0 || !same_inline_wr (head, chain))
    priv->chain_len = 0;
  for (guint i = priv->chain_len; i < fill; i++)
    {
      chain[i].wr_id = head->wr_id;
      memcpy ((char *) &chain[i] + CHAIN_COPY_FROM, (const char *) head + CHAIN_COPY_FROM,
              CHAIN_COPY_END - CHAIN_COPY_FROM);
    }
  priv->chain_len = MAX (priv->chain_len, fill);
  return post_send_copies (self, priv, chain, signaled, count, error);
}

static gboolean
post_send_repeat_entered (GVerbsQP            *self,
                          const GVerbsSendWR  *wr,
                          guint                count,
                          GError             **error)
{
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);
  struct ibv_send_wr batch[POST_BATCH];
  unsigned int signaled;
  gboolean short_copy;
  guint fill;

  if (count == 0)
    return TRUE;
  if (G_UNLIKELY (count > priv->cap.max_send_wr))
    return repeat_count_error (self, "post_send_repeat", count, "max_send_wr", priv->cap.max_send_wr, error);
  if (!convert_send_wr (self, priv, wr, &batch[0], 0, error))
    return FALSE;
  signaled = batch[0].send_flags & IBV_SEND_SIGNALED;
  batch[0].send_flags &= ~IBV_SEND_SIGNALED;
  short_copy = (guint) wr->opcode <= IBV_WR_RDMA_READ;
  if (priv->chain != NULL && short_copy &&
      g_atomic_int_compare_and_exchange (&priv->chain_busy, 0, 1))
    {
      gboolean ok = post_send_repeat_chained (self, priv, &batch[0], signaled, count, error);

      g_atomic_int_set (&priv->chain_busy, 0);
      return ok;
    }
  /* the copies: the fields up to bind_mw/tso are all an RDMA or send
   * opcode uses (an inline 80-byte copy, not a call to memcpy) */
  fill = MIN (count, POST_BATCH);
  for (guint i = 1; i < fill; i++)
    {
      if (G_LIKELY (short_copy))
        memcpy (&batch[i], &batch[0], G_STRUCT_OFFSET (struct ibv_send_wr, bind_mw));
      else
        batch[i] = batch[0];
      batch[i - 1].next = &batch[i];
    }
  batch[fill - 1].next = NULL;
  return post_send_copies (self, priv, batch, signaled, count, error);
}

static gboolean
post_recv_repeat_entered (GVerbsQP            *self,
                          const GVerbsRecvWR  *wr,
                          guint                count,
                          GError             **error)
{
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);
  struct ibv_recv_wr batch[POST_BATCH];
  guint fill;

  if (count == 0)
    return TRUE;
  if (G_UNLIKELY (count > priv->cap.max_recv_wr))
    return repeat_count_error (self, "post_recv_repeat", count, "max_recv_wr", priv->cap.max_recv_wr, error);
  if (G_UNLIKELY (wr->num_sge > GVERBS_MAX_SGE))
    return _gverbs_set_too_many_sges_error (self, 0, wr->num_sge, error);
  fill = MIN (count, POST_BATCH);
  for (guint i = 0; i < fill; i++)
    batch[i] = (struct ibv_recv_wr) { .wr_id = wr->wr_id, .next = &batch[i + 1],
                                      .sg_list = (struct ibv_sge *) wr->sg_list,
                                      .num_sge = (int) wr->num_sge };
  for (guint posted = 0; posted < count;)
    {
      guint k = MIN (POST_BATCH, count - posted);
      struct ibv_recv_wr *bad = NULL;
      int rc;

      batch[k - 1].next = NULL;
      rc = ibv_post_recv (priv->ibv, batch, &bad);
      if (G_UNLIKELY (rc != 0))
        {
          guint at = posted + (bad != NULL ? (guint) (bad - batch) : 0);

          set_post_error (self, error, rc, "ibv_post_recv", at, count, wr->wr_id, FALSE, bad);
          return FALSE;
        }
      posted += k;
    }
  return TRUE;
}

/* The guarded posts (the _repeat and _one calls): @wr is a GVerbsSendWR if
 * @send, else a GVerbsRecvWR; @count copies of it if @repeat, else it is
 * posted once (@count 1). Within the QP's usage guard, so that a close from
 * another thread waits. Inlined into each caller with its flags constant. */
static G_ALWAYS_INLINE inline gboolean
post_guarded (GVerbsQP       *self,
              gboolean        send,
              gboolean        repeat,
              gconstpointer   wr,
              guint           count,
              GError        **error)
{
  gboolean ok;

  g_return_val_if_fail (IS_QP_FAST (self), FALSE);
  g_return_val_if_fail (wr != NULL, FALSE);
  if (G_UNLIKELY (!_gverbs_resource_enter (self)))
    return post_closed_error (self, error);
  if (repeat)
    ok = send ? post_send_repeat_entered (self, wr, count, error)
              : post_recv_repeat_entered (self, wr, count, error);
  else
    ok = send ? gverbs_qp_post_send (self, wr, 1, error) : gverbs_qp_post_recv (self, wr, 1, error);
  _gverbs_resource_leave (self);
  return ok;
}

/**
 * gverbs_qp_post_send_repeat:
 * @self: an open #GVerbsQP
 * @wr: the work request to repeat
 * @count: how many copies of @wr to post
 * @error: return location for a #GError
 *
 * Posts @count copies of @wr, chained, with one `ibv_post_send()` per 32:
 * the batch call for bindings, where building a list of @count work
 * requests would cost more than posting them. Every copy carries @wr's
 * wr_id, buffers and flags, except %GVERBS_SEND_SIGNALED: if @wr has it,
 * only the last copy is signaled (selective signaling — on an RC or UC
 * queue pair its completion means all @count are done, and it is the only
 * completion the batch produces). Nothing is allocated. If the device
 * refuses one, the error says which; those before it were posted.
 *
 * An RC or UC queue pair keeps the copies of an RDMA write, RDMA read or
 * send from one call to the next (up to 32 of them, made when the queue
 * pair was created): calling again with the same request, as a refill loop
 * does, posts them without copying again. Anything that changed in @wr is
 * seen and copied.
 *
 * Returns: %TRUE if all were posted
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_post_send_repeat (GVerbsQP            *self,
                            const GVerbsSendWR  *wr,
                            guint                count,
                            GError             **error)
{
  return post_guarded (self, TRUE, TRUE, wr, count, error);
}

/**
 * gverbs_qp_post_recv_repeat:
 * @self: an open #GVerbsQP
 * @wr: the work request to repeat
 * @count: how many copies of @wr to post
 * @error: return location for a #GError
 *
 * Posts @count copies of @wr (the same wr_id and buffers), chained, with
 * one `ibv_post_recv()` per 32: the batch call for bindings that refill a
 * receive queue. Nothing is allocated. If the device refuses one, the
 * error says which; those before it were posted.
 *
 * Returns: %TRUE if all were posted
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_post_recv_repeat (GVerbsQP            *self,
                            const GVerbsRecvWR  *wr,
                            guint                count,
                            GError             **error)
{
  return post_guarded (self, FALSE, TRUE, wr, count, error);
}

/**
 * gverbs_qp_post_send_one:
 * @self: an open #GVerbsQP
 * @wr: the work request
 * @error: return location for a #GError
 *
 * Posts one send work request: gverbs_qp_post_send() with one element, for
 * bindings that pass lists of structs poorly.
 *
 * Returns: %TRUE if it was posted
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_post_send_one (GVerbsQP            *self,
                         const GVerbsSendWR  *wr,
                         GError             **error)
{
  return post_guarded (self, TRUE, FALSE, wr, 1, error);
}

/**
 * gverbs_qp_post_recv_one:
 * @self: an open #GVerbsQP
 * @wr: the work request
 * @error: return location for a #GError
 *
 * Posts one receive work request: gverbs_qp_post_recv() with one element.
 *
 * Returns: %TRUE if it was posted
 *
 * Since: 0.1
 */
gboolean
gverbs_qp_post_recv_one (GVerbsQP            *self,
                         const GVerbsRecvWR  *wr,
                         GError             **error)
{
  return post_guarded (self, FALSE, FALSE, wr, 1, error);
}

struct ibv_qp *
_gverbs_qp_get_ibv (GVerbsQP *self)
{
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);
  return priv->ibv;
}

struct ibv_qp_ex *
_gverbs_qp_get_qp_ex (GVerbsQP *self)
{
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);
  return priv->qpx;
}

guint
_gverbs_qp_get_send_ops_flags (GVerbsQP *self)
{
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);
  return priv->send_ops_flags;
}

gboolean *
_gverbs_qp_wr_open (GVerbsQP *self)
{
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (self);
  return &priv->wr_open;
}

/* For tests/fuzz only: converts @w as a post on a QP of type @qp_type
 * would, into @d, without a device and without posting. The QP is a bare,
 * never-created object whose ibv_qp is a stand-in for the duration. */
gboolean
_gverbs_qp_convert_send_wr_for_test (int                  qp_type,
                                     const GVerbsSendWR  *w,
                                     struct ibv_send_wr  *d,
                                     GError             **error)
{
  GVerbsQP *qp = g_object_new (GVERBS_TYPE_QP, NULL);
  GVerbsQPPrivate *priv = gverbs_qp_get_instance_private (qp);
  struct ibv_qp stand_in = { .qp_type = (enum ibv_qp_type) qp_type };
  gboolean ok;

  priv->ibv = &stand_in;
  ok = convert_send_wr (qp, priv, w, d, 0, error);
  priv->ibv = NULL;
  g_object_unref (qp);
  return ok;
}
