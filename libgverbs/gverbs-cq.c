/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-cq.h"
#include "gverbs-cq-private.h"
#include "gverbs-comp-channel-private.h"
#include "gverbs-cq-watch-private.h"
#include "gverbs-context-private.h"
#include "gverbs-wc-private.h"
#include "gverbs-async-event.h"
#include "gverbs-enum-types.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"
#include "gverbs-fields-private.h"

/* Work completions polled on the stack per ibv_poll_cq() call. */
#define POLL_CHUNK 16

/**
 * GVerbsCQ:
 *
 * A completion queue (`struct ibv_cq`), where the device reports finished
 * work requests as work completions (#GVerbsWC).
 *
 * Completions are read with gverbs_cq_poll() (C, into a caller's array, no
 * heap allocation) or gverbs_cq_poll_list(). A CQ created with a
 * #GVerbsCompChannel can instead deliver them on the main loop: after
 * gverbs_cq_set_watched(), each completion event is acknowledged, the CQ is
 * re-armed and polled until empty, and #GVerbsCQ::completion is emitted for
 * each completion in order, then #GVerbsCQ::completions once with all of
 * them. At most 256 completions are emitted per dispatch; more are emitted
 * on the next iteration of the main loop, so a busy CQ does not starve it.
 * The CQ is re-armed before it is polled, so a completion that arrives while
 * the CQ is being drained raises a new event and is never lost. A CQ that is
 * not watched emits #GVerbsCQ::event for each event and leaves polling and
 * re-arming to its caller.
 *
 * The CQ keeps its context and channel alive; closing either closes the CQ.
 *
 * #GVerbsCQEX, the extended CQ, derives from it: everything here applies to
 * one too, and whatever takes a CQ (a QP's #GVerbsQPInitAttr:send-cq,
 * gverbs_comp_channel_get_cq_event()) takes or gives either.
 *
 * When to use it: every queue pair needs one for its send queue and one for
 * its receive queue (the same CQ may serve both, and several QPs). Watch it
 * on a #GVerbsCompChannel to get completions as signals on the main loop;
 * poll it without a channel for the lowest latency.
 *
 * ```c
 * // given: GVerbsContext *ctx; void on_completion (GVerbsCQ *cq, GVerbsWC *wc, gpointer data);
 * g_autoptr(GVerbsCompChannel) channel = gverbs_comp_channel_new (ctx, &error);
 * g_autoptr(GVerbsCQ) cq = NULL;
 *
 * if (channel == NULL || (cq = gverbs_cq_new (ctx, 256, channel, 0, &error)) == NULL)
 *   return;
 * g_signal_connect (cq, "completion", G_CALLBACK (on_completion), NULL);
 * if (!gverbs_cq_set_watched (cq, TRUE, &error))
 *   return;
 * // or, without a channel:
 * GVerbsWC wc[16];
 * int n = gverbs_cq_poll (cq, wc, G_N_ELEMENTS (wc), &error);
 * ```
 *
 * Python: `Verbs.CQ(ctx, cqe, cq_context, channel, comp_vector)` (pyverbs'
 * order) or `ctx.cq(...)`; `cq.poll(n)` returns pyverbs' `(npolled, [wc, ...])`.
 *
 * A handler of #GVerbsCQ::completions gets the completions of one dispatch
 * as a `GPtrArray *` of `GVerbsWC *`, owned by the CQ (the declaration the
 * reference generates for that signal reads `const GVerbsWC **`:
 * g-ir-scanner keeps no C type for a signal parameter whose type is
 * annotated):
 *
 * ```c
 * static void
 * on_completions (GVerbsCQ *cq, GPtrArray *wcs, gpointer user_data)
 * {
 *   for (guint i = 0; i < wcs->len; i++)
 *     {
 *       const GVerbsWC *wc = g_ptr_array_index (wcs, i);
 *
 *       g_print ("wr %" G_GUINT64_FORMAT ": %s\n", wc->wr_id, gverbs_wc_status_str (wc->status));
 *     }
 * }
 * // g_signal_connect (cq, "completions", G_CALLBACK (on_completions), NULL);
 * ```
 *
 * Since: 0.1
 */
typedef struct
{
  GVerbsContext *context;
  GVerbsCompChannel *channel;
  int requested_cqe;
  int comp_vector;
  int max_cqe;
  struct ibv_cq *ibv;           /* an extended CQ's too (ibv_cq_ex_to_cq) */
  /* ibv, or NULL while a GVerbsCQEX polling batch holds the CQ: what
   * gverbs_cq_poll() polls, one test on the data path */
  struct ibv_cq *poll_ibv;
  gboolean batch_open;
  const char *kind;             /* "cq" or "cq_ex", for descriptions */
  const char *title;            /* the first line of to_string */
  GVerbsCQWatch watch;
} GVerbsCQPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (GVerbsCQ, gverbs_cq, GVERBS_TYPE_RESOURCE)

enum {
  PROP_0,
  PROP_CQE,
  PROP_WATCHED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_COMPLETION,
  SIGNAL_COMPLETIONS,
  SIGNAL_EVENT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

#define PRIV(self) ((GVerbsCQPrivate *) gverbs_cq_get_instance_private ((GVerbsCQ *) (self)))

static const char *
device_name (GVerbsCQ *self)
{
  GVerbsCQPrivate *priv = PRIV (self);

  return priv->context ? gverbs_context_get_name (priv->context) : NULL;
}

const char *
_gverbs_cq_device_name (GVerbsCQ *self)
{
  return device_name (self);
}

/* Watched mode. A batch a GVerbsCQEX caller has open is left alone. */
static int
poll_wcs (GObject   *cq,
          GVerbsWC  *wcs,
          guint      n_wcs,
          GError   **error)
{
  if (PRIV (cq)->batch_open)
    return 0;
  return gverbs_cq_poll (GVERBS_CQ (cq), wcs, n_wcs, error);
}

static void
on_event (GObject *object)
{
  _gverbs_cq_watch_on_event (&PRIV (object)->watch);
}

static void
on_resume (GObject *object)
{
  _gverbs_cq_watch_on_resume (&PRIV (object)->watch);
}

static gboolean
gverbs_cq_open (GVerbsResource  *resource,
                GCancellable    *cancellable,
                GError         **error)
{
  GVerbsCQ *self = GVERBS_CQ (resource);
  GVerbsCQPrivate *priv = PRIV (self);
  const struct ibv_device_attr *attr;
  struct ibv_context *ctx;
  struct ibv_comp_channel *channel = NULL;
  struct ibv_cq *ibv;
  int num_vectors;
  int rc;

  if (!_gverbs_resource_check_input (priv->context, _("A completion queue needs a context"), error))
    return FALSE;
  ctx = _gverbs_context_get_ibv (priv->context);

  attr = _gverbs_context_get_device_attr (priv->context, &rc);
  if (attr == NULL)
    {
      _gverbs_set_error_errno (error, rc, "ibv_query_device", device_name (self), NULL);
      return FALSE;
    }
  priv->max_cqe = attr->max_cqe;
  if (priv->requested_cqe < 1 || priv->requested_cqe > priv->max_cqe)
    {
      _gverbs_set_error_errno (error, EINVAL, "ibv_create_cq", device_name (self),
                               _("cqe %d is out of range (1 to the device limit max_cqe %d)"),
                               priv->requested_cqe, priv->max_cqe);
      return FALSE;
    }
  num_vectors = ctx->num_comp_vectors;
  if (priv->comp_vector < 0 || priv->comp_vector >= num_vectors)
    {
      _gverbs_set_error_errno (error, EINVAL, "ibv_create_cq", device_name (self),
                               _("comp_vector %d is out of range (the device has %d completion vectors)"),
                               priv->comp_vector, num_vectors);
      return FALSE;
    }
  if (priv->channel != NULL)
    {
      if (!_gverbs_cq_watch_check_channel (priv->channel, priv->context, error))
        return FALSE;
      channel = _gverbs_comp_channel_get_ibv (priv->channel);
    }

  errno = 0;
  ibv = ibv_create_cq (ctx, priv->requested_cqe, &priv->watch.target, channel, priv->comp_vector);
  if (ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : ENOMEM, "ibv_create_cq", device_name (self),
                               _("cqe %d, comp_vector %d"), priv->requested_cqe, priv->comp_vector);
      return FALSE;
    }
  _gverbs_cq_set_ibv (self, ibv, priv->max_cqe);
  return TRUE;
}

void
_gverbs_cq_set_ibv (GVerbsCQ      *self,
                    struct ibv_cq *ibv,
                    int            max_cqe)
{
  GVerbsCQPrivate *priv = PRIV (self);
  GVerbsResource *resource = GVERBS_RESOURCE (self);

  priv->ibv = ibv;
  priv->poll_ibv = priv->batch_open ? NULL : ibv;
  priv->max_cqe = max_cqe;
  priv->watch.ibv = ibv;
  priv->watch.events = priv->channel ? _gverbs_comp_channel_get_events (priv->channel) : NULL;
  _gverbs_resource_set_description (resource, "%s %u on %s", priv->kind, ibv->handle,
                                    device_name (self));
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (priv->context));
  if (priv->channel != NULL)
    _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (priv->channel));
  _gverbs_resource_route_events (resource, priv->context, ibv);
}

void
_gverbs_cq_set_create_attr (GVerbsCQ          *self,
                            int                cqe,
                            GVerbsCompChannel *channel,
                            int                comp_vector)
{
  GVerbsCQPrivate *priv = PRIV (self);

  priv->requested_cqe = cqe;
  g_set_object (&priv->channel, channel);
  priv->comp_vector = comp_vector;
}

void
_gverbs_cq_set_kind (GVerbsCQ   *self,
                     const char *kind,
                     const char *title)
{
  PRIV (self)->kind = kind;
  PRIV (self)->title = title;
}

void
_gverbs_cq_set_batch_open (GVerbsCQ *self,
                           gboolean  open)
{
  GVerbsCQPrivate *priv = PRIV (self);

  priv->batch_open = open;
  priv->poll_ibv = open ? NULL : priv->ibv;
}

GVerbsCQEventTarget *
_gverbs_cq_get_target (GVerbsCQ *self)
{
  return &PRIV (self)->watch.target;
}

static gboolean
gverbs_cq_release (GVerbsResource  *resource,
                   GError         **error)
{
  GVerbsCQPrivate *priv = PRIV (resource);
  gboolean was_watched;
  int rc;

  priv->batch_open = FALSE;
  priv->poll_ibv = NULL;
  was_watched = _gverbs_cq_watch_close (&priv->watch);
  rc = ibv_destroy_cq (priv->ibv);
  priv->ibv = NULL;
  priv->watch.ibv = NULL;
  if (was_watched)
    g_object_notify_by_pspec (G_OBJECT (resource), properties[PROP_WATCHED]);
  return _gverbs_resource_release_result (resource, rc, "ibv_destroy_cq", error);
}

/* The CQ's inputs (ids from N_PROPS); cqe, read back as the capacity the
 * device gave, and watched are in the switches. */
static const GVerbsField fields[] = {
  /**
   * GVerbsCQ:context:
   *
   * The device context the CQ belongs to.
   */
  GVERBS_PROP_INPUT (GVerbsCQPrivate, context, "context", gverbs_context_get_type),
  /**
   * GVerbsCQ:channel:
   *
   * The completion channel that reports the CQ's completion events, or %NULL.
   */
  GVERBS_PROP_INPUT (GVerbsCQPrivate, channel, "channel", gverbs_comp_channel_get_type),
  /**
   * GVerbsCQ:comp-vector:
   *
   * The completion vector (0 to the context's
   * #GVerbsContext:num-comp-vectors - 1) that signals the CQ's events.
   */
  GVERBS_PROP_INT (GVerbsCQPrivate, comp_vector, "comp-vector", G_MININT, G_MAXINT, 0,
                   GVERBS_PROP_CONSTRUCT_ONLY),
};

static void
gverbs_cq_finalize (GObject *object)
{
  GVerbsCQPrivate *priv = PRIV (object);

  _gverbs_cq_watch_finalize (&priv->watch);
  G_OBJECT_CLASS (gverbs_cq_parent_class)->finalize (object);
}

static void
gverbs_cq_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  GVerbsCQ *self = GVERBS_CQ (object);

  switch (prop_id)
    {
    case PROP_CQE:
      g_value_set_int (value, gverbs_cq_get_cqe (self));
      break;
    case PROP_WATCHED:
      g_value_set_boolean (value, PRIV (self)->watch.watched);
      break;
    default:
      _gverbs_properties_get (object, prop_id, value, pspec);
    }
}

static void
gverbs_cq_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  GVerbsCQ *self = GVERBS_CQ (object);

  switch (prop_id)
    {
    case PROP_CQE:
      PRIV (self)->requested_cqe = g_value_get_int (value);
      break;
    default:
      _gverbs_properties_set (object, prop_id, value, pspec);
    }
}

static void
gverbs_cq_class_init (GVerbsCQClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GVerbsResourceClass *resource_class =
    _gverbs_resource_class_set_lifecycle (klass, gverbs_cq_open, gverbs_cq_release, GVERBS_RANK_CQ);

  object_class->finalize = gverbs_cq_finalize;
  object_class->get_property = gverbs_cq_get_property;
  object_class->set_property = gverbs_cq_set_property;

  /**
   * GVerbsCQ:cqe:
   *
   * At construction, the number of completions the CQ must hold at least
   * (1 to the device's `max_cqe`); afterwards the capacity the device gave,
   * which may be larger. gverbs_cq_resize() changes it.
   */
  properties[PROP_CQE] =
    g_param_spec_int ("cqe", NULL, NULL, G_MININT, G_MAXINT, 1,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsCQ:watched:
   *
   * Whether the CQ delivers its completions as signals on the main loop
   * (see gverbs_cq_set_watched()).
   */
  properties[PROP_WATCHED] =
    g_param_spec_boolean ("watched", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  _gverbs_resource_class_install_properties (resource_class, N_PROPS, fields, G_N_ELEMENTS (fields),
                                             NULL, GVerbsCQ_private_offset);

  /**
   * GVerbsCQ::completion:
   * @self: the CQ
   * @wc: the work completion, valid during the emission only
   *
   * Emitted in watched mode for each work completion, in the order the CQ
   * reported them, on the main context of the CQ's channel.
   */
  signals[SIGNAL_COMPLETION] =
    g_signal_new ("completion", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  GVERBS_TYPE_WC | G_SIGNAL_TYPE_STATIC_SCOPE);
  /**
   * GVerbsCQ::completions:
   * @self: the CQ
   * @wcs: (type GPtrArray(GVerbsWC)) (transfer none): the work completions of one
   *   dispatch, in order, as a `GPtrArray *` of `GVerbsWC *`
   *
   * Emitted in watched mode once per main-loop dispatch with all the
   * completions that dispatch polled (after their #GVerbsCQ::completion
   * emissions), for bindings where one emission per completion costs too
   * much.
   */
  signals[SIGNAL_COMPLETIONS] =
    g_signal_new ("completions", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_PTR_ARRAY);
  /**
   * GVerbsCQ::event:
   * @self: the CQ
   *
   * Emitted, when the CQ is not watched, for each completion event its
   * channel reports on the main loop. The event is already acknowledged;
   * the handler polls the CQ and re-arms it with gverbs_cq_req_notify().
   */
  signals[SIGNAL_EVENT] =
    g_signal_new ("event", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
gverbs_cq_init (GVerbsCQ *self)
{
  GVerbsCQPrivate *priv = PRIV (self);

  priv->requested_cqe = 1;
  priv->kind = "cq";
  priv->title = "CQ";
  _gverbs_cq_watch_init (&priv->watch, G_OBJECT (self), on_event, on_resume, poll_wcs,
                         signals[SIGNAL_EVENT], signals[SIGNAL_COMPLETION],
                         signals[SIGNAL_COMPLETIONS]);
}

/**
 * gverbs_cq_new:
 * @context: an open #GVerbsContext
 * @cqe: the number of completions the CQ must hold at least
 * @channel: (nullable): a completion channel for the CQ's events
 * @comp_vector: the completion vector, from 0
 * @error: return location for a #GError
 *
 * Creates a completion queue (`ibv_create_cq()`), pyverbs'
 * `CQ(ctx, cqe, cq_context, channel, comp_vector)` without the user context.
 * A @cqe beyond the device's `max_cqe` gives %GVERBS_ERROR_INVALID_ARGUMENT
 * naming the limit.
 *
 * Returns: (transfer full): the CQ, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsCQ *
gverbs_cq_new (GVerbsContext      *context,
               int                 cqe,
               GVerbsCompChannel  *channel,
               int                 comp_vector,
               GError            **error)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);
  g_return_val_if_fail (channel == NULL || GVERBS_IS_COMP_CHANNEL (channel), NULL);
  return g_initable_new (GVERBS_TYPE_CQ, NULL, error, "context", context, "cqe", cqe,
                         "channel", channel, "comp-vector", comp_vector, NULL);
}

/**
 * gverbs_context_create_cq:
 * @self: an open #GVerbsContext
 * @cqe: the number of completions the CQ must hold at least
 * @channel: (nullable): a completion channel for the CQ's events
 * @comp_vector: the completion vector, from 0
 * @error: return location for a #GError
 *
 * Creates a completion queue on @self: python-rdma's `ctx.cq(n, cc)`, the
 * same as gverbs_cq_new().
 *
 * Returns: (transfer full): the CQ, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsCQ *
gverbs_context_create_cq (GVerbsContext      *self,
                          int                 cqe,
                          GVerbsCompChannel  *channel,
                          int                 comp_vector,
                          GError            **error)
{
  return gverbs_cq_new (self, cqe, channel, comp_vector, error);
}

/**
 * gverbs_cq_get_context:
 * @self: a #GVerbsCQ
 *
 * Gets the context of the CQ.
 *
 * Returns: (transfer none): the context of the CQ
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsContext *, gverbs_cq_get_context,
                      GVerbsCQ, GVERBS_IS_CQ, NULL, PRIV (self)->context)

/**
 * gverbs_cq_get_channel:
 * @self: a #GVerbsCQ
 *
 * Gets the completion channel of the CQ.
 *
 * Returns: (transfer none) (nullable): the completion channel of the CQ
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsCompChannel *, gverbs_cq_get_channel,
                      GVerbsCQ, GVERBS_IS_CQ, NULL, PRIV (self)->channel)

/**
 * gverbs_cq_get_cqe:
 * @self: a #GVerbsCQ
 *
 * Gets the CQ's capacity as the device gave it.
 *
 * Returns: the CQ's capacity as the device gave it; before creation, the
 *   requested size
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (int, gverbs_cq_get_cqe,
                      GVerbsCQ, GVERBS_IS_CQ, 0,
                      PRIV (self)->ibv ? PRIV (self)->ibv->cqe : PRIV (self)->requested_cqe)

/**
 * gverbs_cq_get_comp_vector:
 * @self: a #GVerbsCQ
 *
 * Gets the completion vector.
 *
 * Returns: the completion vector
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (int, gverbs_cq_get_comp_vector,
                      GVerbsCQ, GVERBS_IS_CQ, 0, PRIV (self)->comp_vector)

/**
 * gverbs_cq_get_handle:
 * @self: a #GVerbsCQ
 *
 * Gets the kernel's handle of the CQ.
 *
 * Returns: the kernel's handle of the CQ (what pyverbs prints as `Handle`),
 *   0 when closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_cq_get_handle,
                      GVerbsCQ, GVERBS_IS_CQ, 0, PRIV (self)->ibv ? PRIV (self)->ibv->handle : 0)

/**
 * gverbs_cq_get_native: (skip)
 * @self: a #GVerbsCQ
 *
 * Gives the rdma-core object, for C code that mixes libgverbs with plain
 * libibverbs calls (creating a QP with ibv_create_qp(), say). It stays owned
 * by @self and is invalid once @self is closed.
 *
 * For a #GVerbsCQEX this is also its `struct ibv_cq_ex *`
 * (`ibv_cq_ex_to_cq()` is a cast).
 *
 * Returns: (nullable): the `struct ibv_cq *`, %NULL when closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (gpointer, gverbs_cq_get_native,
                      GVerbsCQ, GVERBS_IS_CQ, NULL, PRIV (self)->ibv)

/**
 * gverbs_cq_poll: (skip)
 * @self: a #GVerbsCQ
 * @wcs: (array length=n_wcs) (out caller-allocates): where to store the completions
 * @n_wcs: how many completions @wcs has room for
 * @error: return location for a #GError
 *
 * Takes up to @n_wcs work completions from the CQ (`ibv_poll_cq()`) into
 * the caller's array, oldest first. This allocates nothing on the heap.
 *
 * Returns: the number of completions stored (0 when the CQ is empty), or -1
 *   on error
 *
 * Since: 0.1
 */
int
gverbs_cq_poll (GVerbsCQ  *self,
                GVerbsWC  *wcs,
                guint      n_wcs,
                GError   **error)
{
  struct ibv_cq *ibv;
  int rc;

  g_return_val_if_fail (GVERBS_IS_CQ (self), -1);
  g_return_val_if_fail (wcs != NULL || n_wcs == 0, -1);

  /* NULL when closed, and while a CQEX's polling batch is open */
  ibv = PRIV (self)->poll_ibv;
  if (G_UNLIKELY (ibv == NULL))
    {
      if (_gverbs_resource_check_open (self, error))
        _gverbs_set_error_errno (error, EINVAL, "ibv_poll_cq", device_name (self),
                                 _("a polling batch is open; call end_poll first"));
      return -1;
    }
  /* GVerbsWC has struct ibv_wc's layout (asserted in gverbs-wc.c) */
  rc = ibv_poll_cq (ibv, (int) MIN (n_wcs, (guint) G_MAXINT), (struct ibv_wc *) wcs);
  if (G_UNLIKELY (rc < 0))
    {
      _gverbs_set_error_errno (error, EIO, "ibv_poll_cq", device_name (self),
                               _("returned %d"), rc);
      return -1;
    }
  return rc;
}

/* gverbs_cq_poll() inside the usage guard, for the calls bindings make: a
 * close from another thread waits for it. */
static int
poll_guarded (GVerbsCQ  *self,
              GVerbsWC  *wcs,
              guint      n_wcs,
              GError   **error)
{
  int n;

  if (G_UNLIKELY (!_gverbs_resource_enter (self)))
    {
      _gverbs_resource_check_open (self, error);
      return -1;
    }
  n = gverbs_cq_poll (self, wcs, n_wcs, error);
  _gverbs_resource_leave (self);
  return n;
}

/**
 * gverbs_cq_poll_one:
 * @self: a #GVerbsCQ
 * @wc: (out caller-allocates): where to store the completion
 * @error: return location for a #GError
 *
 * Takes at most one work completion from the CQ: the binding-friendly form
 * of gverbs_cq_poll() for the commonest loop, one completion at a time
 * (pyverbs' `cq.poll()`). It allocates nothing; a binding's @wc is the only
 * object it needs.
 *
 * Returns: 1 when @wc holds a completion, 0 when the CQ is empty (@wc is
 *   then cleared), or -1 on error
 *
 * Since: 0.1
 */
int
gverbs_cq_poll_one (GVerbsCQ  *self,
                    GVerbsWC  *wc,
                    GError   **error)
{
  int n;

  g_return_val_if_fail (GVERBS_IS_CQ (self), -1);
  g_return_val_if_fail (wc != NULL, -1);

  n = poll_guarded (self, wc, 1, error);
  if (n <= 0)
    memset (wc, 0, sizeof *wc);
  return n;
}

/**
 * gverbs_cq_poll_list:
 * @self: a #GVerbsCQ
 * @max_wcs: the most completions to take
 * @error: return location for a #GError
 *
 * Takes up to @max_wcs work completions from the CQ, oldest first: the
 * binding-friendly form of gverbs_cq_poll().
 *
 * Returns: (transfer container) (element-type GVerbsWC): the completions (empty
 *   when the CQ is empty), or %NULL on error
 *
 * Since: 0.1
 */
GPtrArray *
gverbs_cq_poll_list (GVerbsCQ  *self,
                     guint      max_wcs,
                     GError   **error)
{
  GError *local_error = NULL;
  GVerbsWC **wcs;
  GPtrArray *list;

  g_return_val_if_fail (GVERBS_IS_CQ (self), NULL);

  wcs = gverbs_cq_poll_wcs (self, max_wcs, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }
  list = g_ptr_array_new_with_free_func ((GDestroyNotify) gverbs_wc_free);
  for (GVerbsWC **wc = wcs; wc != NULL && *wc != NULL; wc++)
    g_ptr_array_add (list, *wc);
  g_free (wcs);
  return list;
}

/**
 * gverbs_cq_poll_wcs:
 * @self: a #GVerbsCQ
 * @max_wcs: the most completions to take
 * @error: return location for a #GError
 *
 * Takes up to @max_wcs work completions from the CQ, oldest first, each in
 * its own #GVerbsWC: gverbs_cq_poll_list() in the shape bindings take
 * without copying again (PyGObject copies every element of a
 * `(transfer container)` list). An empty CQ allocates nothing. The array
 * ends with %NULL; it has no length out-argument, which GJS 1.74 frees
 * unset when an argument fails to convert.
 *
 * Returns: (array zero-terminated=1) (transfer full) (nullable): the
 *   completions, %NULL when the CQ is empty or on error; free each with
 *   gverbs_wc_free() and the array with g_free()
 *
 * Since: 0.1
 */
GVerbsWC **
gverbs_cq_poll_wcs (GVerbsCQ  *self,
                    guint      max_wcs,
                    GError   **error)
{
  GVerbsWC chunk[POLL_CHUNK];
  GVerbsWC **out = NULL;
  guint len = 0;

  g_return_val_if_fail (GVERBS_IS_CQ (self), NULL);

  if (!_gverbs_resource_check_open (self, error))
    return NULL;
  while (len < max_wcs)
    {
      guint want = MIN (max_wcs - len, POLL_CHUNK);
      int n = poll_guarded (self, chunk, want, len == 0 ? error : NULL);

      if (n <= 0)
        break;
      out = g_renew (GVerbsWC *, out, len + (guint) n + 1);
      for (int i = 0; i < n; i++)
        out[len++] = gverbs_wc_copy (&chunk[i]);
      out[len] = NULL;
      if ((guint) n < want)
        break;
    }
  return out;
}

/**
 * gverbs_cq_poll_wr_ids:
 * @self: a #GVerbsCQ
 * @max_wcs: the most completions to take
 * @error: return location for a #GError
 *
 * Takes up to @max_wcs work completions from the CQ, oldest first, and
 * returns only their wr_ids: the batch call for bindings whose loops need
 * nothing else of a successful completion (a list of integers costs them far
 * less than a #GVerbsWC per completion). Every completion is checked: if one
 * failed, the call fails with its %GVERBS_WC_ERROR (see
 * gverbs_wc_to_error()), whose message also says how many successful
 * completions were taken with it; use gverbs_cq_poll_list() to see them all.
 *
 * Returns: (transfer full) (element-type guint64): the wr_ids (empty when the
 *   CQ is empty), or %NULL on error
 *
 * Since: 0.1
 */
GArray *
gverbs_cq_poll_wr_ids (GVerbsCQ  *self,
                       guint      max_wcs,
                       GError   **error)
{
  g_autoptr(GArray) ids = NULL;
  GVerbsWC chunk[POLL_CHUNK];
  const GVerbsWC *failed = NULL;
  GVerbsWC failed_wc;
  guint want;
  int n;

  g_return_val_if_fail (GVERBS_IS_CQ (self), NULL);

  if (!_gverbs_resource_check_open (self, error))
    return NULL;
  /* the array is sized after the first poll: an empty poll allocates only
   * the GArray itself */
  want = MIN (max_wcs, POLL_CHUNK);
  n = poll_guarded (self, chunk, want, error);
  if (n < 0)
    return NULL;
  ids = g_array_sized_new (FALSE, FALSE, sizeof (guint64), (guint) n);
  for (;;)
    {
      for (int i = 0; i < n; i++)
        {
          if (G_LIKELY (chunk[i].status == GVERBS_WC_SUCCESS))
            g_array_append_val (ids, chunk[i].wr_id);
          else if (failed == NULL)
            {
              failed_wc = chunk[i];
              failed = &failed_wc;
            }
        }
      if (failed != NULL || (guint) n < want || ids->len >= max_wcs)
        break;
      want = MIN (max_wcs - ids->len, POLL_CHUNK);
      n = poll_guarded (self, chunk, want, NULL);
      if (n < 0)
        break;
    }
  if (G_UNLIKELY (failed != NULL))
    {
      GError *wc_error = gverbs_wc_to_error (failed);

      if (ids->len > 0)
        g_prefix_error (&wc_error, _("%u successful completions taken with it: "), ids->len);
      g_propagate_error (error, wc_error);
      return NULL;
    }
  return g_steal_pointer (&ids);
}

/**
 * gverbs_cq_req_notify:
 * @self: a #GVerbsCQ
 * @solicited_only: whether only solicited completions (and errors) raise
 *   the event
 * @error: return location for a #GError
 *
 * Arms the CQ (`ibv_req_notify_cq()`): its channel reports an event for the
 * next completion. A watched CQ re-arms itself.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_cq_req_notify (GVerbsCQ  *self,
                      gboolean   solicited_only,
                      GError   **error)
{
  int rc;

  g_return_val_if_fail (GVERBS_IS_CQ (self), FALSE);

  if (!_gverbs_resource_check_open (self, error))
    return FALSE;
  rc = ibv_req_notify_cq (PRIV (self)->ibv, solicited_only ? 1 : 0);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_req_notify_cq", device_name (self), NULL);
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_cq_ack_events:
 * @self: a #GVerbsCQ
 * @n_events: how many events to acknowledge
 * @error: return location for a #GError
 *
 * Acknowledges events taken with gverbs_comp_channel_get_cq_event()
 * (`ibv_ack_cq_events()`). Events delivered on the main loop are
 * acknowledged before #GVerbsCQ::event is emitted, and closing the CQ
 * acknowledges the rest, so acknowledging more events than are outstanding
 * gives %GVERBS_ERROR_INVALID_ARGUMENT (rdma-core would otherwise hang in
 * `ibv_destroy_cq()`).
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_cq_ack_events (GVerbsCQ  *self,
                      guint      n_events,
                      GError   **error)
{
  g_return_val_if_fail (GVERBS_IS_CQ (self), FALSE);

  if (!_gverbs_resource_check_open (self, error))
    return FALSE;
  return _gverbs_cq_watch_ack (&PRIV (self)->watch, n_events, device_name (self), error);
}

/**
 * gverbs_cq_get_unacked_events:
 * @self: a #GVerbsCQ
 *
 * Gets how many events taken with gverbs_comp_channel_get_cq_event() are not
 * yet acknowledged.
 *
 * Returns: how many events taken with gverbs_comp_channel_get_cq_event()
 *   are not yet acknowledged
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_cq_get_unacked_events,
                      GVerbsCQ, GVERBS_IS_CQ, 0, PRIV (self)->watch.target.unacked)

/**
 * gverbs_cq_resize:
 * @self: a #GVerbsCQ
 * @cqe: the number of completions the CQ must hold at least
 * @error: return location for a #GError
 *
 * Resizes the CQ (`ibv_resize_cq()`); #GVerbsCQ:cqe then gives the new
 * capacity. A size beyond the device's `max_cqe` gives
 * %GVERBS_ERROR_INVALID_ARGUMENT naming the limit.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_cq_resize (GVerbsCQ  *self,
                  int        cqe,
                  GError   **error)
{
  int rc;

  g_return_val_if_fail (GVERBS_IS_CQ (self), FALSE);

  if (!_gverbs_resource_check_open (self, error))
    return FALSE;
  if (cqe < 1 || cqe > PRIV (self)->max_cqe)
    {
      _gverbs_set_error_errno (error, EINVAL, "ibv_resize_cq", device_name (self),
                               _("cqe %d is out of range (1 to the device limit max_cqe %d)"),
                               cqe, PRIV (self)->max_cqe);
      return FALSE;
    }
  rc = ibv_resize_cq (PRIV (self)->ibv, cqe);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_resize_cq", device_name (self), _("cqe %d"), cqe);
      return FALSE;
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CQE]);
  return TRUE;
}

/**
 * gverbs_cq_set_watched:
 * @self: a #GVerbsCQ with a completion channel
 * @watched: whether to deliver completions as signals
 * @error: return location for a #GError
 *
 * Switches watched mode on or off. When on, the CQ is armed and each event
 * of its channel is acknowledged, the CQ re-armed and polled until empty,
 * and #GVerbsCQ::completion and #GVerbsCQ::completions are emitted on the
 * main context of the channel. Completions already in the CQ are emitted on
 * the next dispatch. A CQ without a channel gives
 * %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_cq_set_watched (GVerbsCQ  *self,
                       gboolean   watched,
                       GError   **error)
{
  gboolean changed;

  g_return_val_if_fail (GVERBS_IS_CQ (self), FALSE);

  if (!_gverbs_resource_check_open (self, error))
    return FALSE;
  if (!_gverbs_cq_watch_set (&PRIV (self)->watch, watched, device_name (self), &changed, error))
    return FALSE;
  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WATCHED]);
  return TRUE;
}

/**
 * gverbs_cq_get_watched:
 * @self: a #GVerbsCQ
 *
 * Checks whether the CQ is in watched mode.
 *
 * Returns: whether the CQ is in watched mode
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (gboolean, gverbs_cq_get_watched,
                      GVerbsCQ, GVERBS_IS_CQ, FALSE, PRIV (self)->watch.watched)

/**
 * gverbs_cq_to_string:
 * @self: a #GVerbsCQ
 *
 * Formats the CQ as pyverbs prints it: `CQ`, then its handle and capacity.
 *
 * Returns: (transfer full): the text
 *
 * Since: 0.1
 */
char *
gverbs_cq_to_string (GVerbsCQ *self)
{
  GString *out;

  g_return_val_if_fail (GVERBS_IS_CQ (self), NULL);

  out = g_string_new (PRIV (self)->title);
  g_string_append_c (out, '\n');
  _gverbs_append_int_row (out, 22, "Handle", gverbs_cq_get_handle (self));
  _gverbs_append_int_row (out, 22, "CQEs", gverbs_cq_get_cqe (self));
  return g_string_free (out, FALSE);
}

struct ibv_cq *
_gverbs_cq_get_ibv (GVerbsCQ *self)
{
  return PRIV (self)->ibv;
}

