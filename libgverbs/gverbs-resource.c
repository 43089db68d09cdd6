/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "gverbs-resource.h"
#include "gverbs-resource-private.h"
#include "gverbs-error.h"
#include "gverbs-private.h"
#include "gverbs-context-private.h"

/**
 * GVerbsResource:
 *
 * The base of every libgverbs object that owns an rdma-core resource: a
 * device context, a protection domain, a memory region, a queue pair, a
 * completion queue or channel, a connection identifier …
 *
 * A resource is created by its class's `new` function (or, from a binding,
 * by constructing it and calling g_initable_init()); it is usable until
 * gverbs_resource_close() destroys the rdma-core object. Close is idempotent
 * and also happens when the last reference is dropped. A resource keeps the
 * objects it was made from alive (a memory region its protection domain, a
 * protection domain its context), and closing a parent first closes every
 * child still open under it — queue pairs, memory windows and address
 * handles before shared receive queues and memory regions, those before
 * completion queues and protection domains, and those before completion
 * channels — so no order of closing or of garbage collection frees a parent
 * under a live child.
 *
 * A call on a closed resource fails with %GVERBS_ERROR_CLOSED, one on a
 * resource whose construction failed or never ran with
 * %GVERBS_ERROR_NOT_INITIALIZED.
 *
 * Threads: a resource is not thread-safe, as #GSocket is not: use it from
 * one thread at a time. One thing is safe: closing it (or a parent) while
 * another thread posts work requests, polls or reads and writes memory
 * through it. Such a call either completes before the close destroys
 * anything or fails with %GVERBS_ERROR_CLOSED; close() waits for calls under
 * way to return. This holds for every call a binding can make; in C, the
 * per-message calls that bindings do not see (gverbs_qp_post_send() and
 * gverbs_qp_post_recv() with one request, gverbs_cq_poll()) skip the wait to
 * save instructions, and their _one/_list twins have it. Calls that block
 * (waiting for an event) are not covered: close from the thread that waits,
 * or wake it first.
 *
 * When to use it: you never create one directly; use its methods on any
 * object to release the device resource at a known time instead of waiting
 * for the last reference.
 *
 * ```c
 * // given: GVerbsContext *ctx; GVerbsQP *qp;
 * gverbs_resource_close (GVERBS_RESOURCE (ctx), NULL);    // closes the QPs, MRs, CQs, PD … first
 * g_assert (gverbs_resource_is_closed (GVERBS_RESOURCE (qp)));
 * g_object_unref (qp);                                     // the object itself is freed as usual
 * ```
 *
 * Python: every resource is a context manager (`with Verbs.PD(ctx) as pd:`)
 * and has `close()`, as in pyverbs.
 *
 * Since: 0.1
 */

/* A parent that closes this resource first: the resource is listed (with
 * link.data pointing back at it) in the parent's children of its rank. */
typedef struct
{
  GVerbsResource *parent;
  GList link;
} Registration;

#define MAX_PARENTS 4

typedef struct
{
  gint guard;                     /* users, | GVERBS_GUARD_CLOSING when not open */
  gboolean initialized;
  GError *init_error;
  char *description;
  Registration parents[MAX_PARENTS];  /* each holds a reference */
  guint n_parents;
  GMutex lock;                    /* the children lists */
  GQueue children[GVERBS_N_RANKS];
  GVerbsContext *event_context;   /* whose async events name event_handle */
  gconstpointer event_handle;
} GVerbsResourcePrivate;

static gboolean gverbs_resource_initable_init (GInitable     *initable,
                                               GCancellable  *cancellable,
                                               GError       **error);

G_DEFINE_ABSTRACT_TYPE_WITH_CODE (GVerbsResource, gverbs_resource, G_TYPE_OBJECT,
                                  G_ADD_PRIVATE (GVerbsResource)
                                  GVERBS_IMPLEMENT_INITABLE (gverbs_resource_initable_init))

gsize _gverbs_resource_guard_offset;

enum {
  PROP_0,
  PROP_CLOSED,
  PROP_DESCRIPTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_ASYNC_EVENT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GVerbsResourcePrivate *
get_private (gpointer self)
{
  return gverbs_resource_get_instance_private (GVERBS_RESOURCE (self));
}

static GVerbsRank
rank_of (GVerbsResource *self)
{
  return MIN (GVERBS_RESOURCE_GET_CLASS (self)->rank, GVERBS_N_RANKS - 1);
}

static void
list_with (GVerbsResource *self,
           Registration   *reg)
{
  GVerbsResourcePrivate *parent_priv = get_private (reg->parent);

  g_mutex_lock (&parent_priv->lock);
  if (reg->link.data == NULL)
    {
      reg->link.data = self;
      g_queue_push_tail_link (&parent_priv->children[rank_of (self)], &reg->link);
    }
  g_mutex_unlock (&parent_priv->lock);
}

static void
unlist_from (GVerbsResource *self,
             Registration   *reg)
{
  GVerbsResourcePrivate *parent_priv = get_private (reg->parent);

  g_mutex_lock (&parent_priv->lock);
  if (reg->link.data != NULL)
    {
      g_queue_unlink (&parent_priv->children[rank_of (self)], &reg->link);
      reg->link.data = NULL;
    }
  g_mutex_unlock (&parent_priv->lock);
}

/* g_debug() formats its message before the log writer drops it: formatting a
 * resource's "open" and "closed" lines cost more than half of what libgverbs
 * itself spends creating an MR, so they are made only when the default writer
 * would show them (G_MESSAGES_DEBUG names the domain). */
#define RESOURCE_DEBUG(...) \
  G_STMT_START { \
    if (!g_log_writer_default_would_drop (G_LOG_LEVEL_DEBUG, G_LOG_DOMAIN)) \
      g_debug (__VA_ARGS__); \
  } G_STMT_END

static void
mark_open (GVerbsResource *self)
{
  GVerbsResourcePrivate *priv = get_private (self);

  for (guint i = 0; i < priv->n_parents; i++)
    list_with (self, &priv->parents[i]);
  g_atomic_int_set (&priv->guard, 0);
  RESOURCE_DEBUG ("%s: open", _gverbs_resource_describe (self));
}

/* Closes what is still open under @self, lowest rank first, newest first. */
static void
close_children (GVerbsResource *self)
{
  GVerbsResourcePrivate *priv = get_private (self);

  for (guint rank = 0; rank < GVERBS_N_RANKS; rank++)
    {
      for (;;)
        {
          GVerbsResource *child = NULL;
          GList *link;

          g_mutex_lock (&priv->lock);
          link = g_queue_pop_tail_link (&priv->children[rank]);
          if (link != NULL)
            {
              child = g_object_ref (link->data);
              link->data = NULL;
            }
          g_mutex_unlock (&priv->lock);
          if (child == NULL)
            break;
          gverbs_resource_close (child, NULL);
          g_object_unref (child);
        }
    }
}

static gboolean close_resource (GVerbsResource  *self,
                                gboolean         keep_open_on_failure,
                                GError         **error);

/* Undoes _gverbs_resource_route_events(), before the object goes. */
static void
unroute_events (GVerbsResource *self)
{
  GVerbsResourcePrivate *priv = get_private (self);

  if (priv->event_handle == NULL)
    return;
  _gverbs_context_unregister_event_object (priv->event_context, priv->event_handle);
  priv->event_handle = NULL;
}

static gboolean
gverbs_resource_initable_init (GInitable     *initable,
                               GCancellable  *cancellable,
                               GError       **error)
{
  GVerbsResource *self = GVERBS_RESOURCE (initable);
  GVerbsResourcePrivate *priv = get_private (self);

  if (!priv->initialized)
    {
      GVerbsResourceClass *klass = GVERBS_RESOURCE_GET_CLASS (self);

      priv->initialized = TRUE;
      if (klass->open == NULL || klass->open (self, cancellable, &priv->init_error))
        mark_open (self);
      else
        {
          if (priv->init_error == NULL)
            g_set_error (&priv->init_error, GVERBS_ERROR, GVERBS_ERROR_FAILED,
                         _("Creating %s failed"), _gverbs_resource_describe (self));
          /* open() adopted it to use it, then failed: undo all */
          if (_gverbs_resource_is_open (self))
            close_resource (self, FALSE, NULL);
          unroute_events (self);
        }
    }
  return _gverbs_init_result (priv->init_error, error);
}

static void
gverbs_resource_dispose (GObject *object)
{
  GVerbsResource *self = GVERBS_RESOURCE (object);
  g_autoptr(GError) error = NULL;

  /* The last reference is gone: closed it is, even where rdma-core refused
   * (the kernel object then lives on until the device is closed). */
  if (!close_resource (self, FALSE, &error))
    RESOURCE_DEBUG ("%s: %s", _gverbs_resource_describe (self), error->message);
  G_OBJECT_CLASS (gverbs_resource_parent_class)->dispose (object);
}

static void
gverbs_resource_finalize (GObject *object)
{
  GVerbsResourcePrivate *priv = get_private (object);
  GVerbsResourceClass *klass = GVERBS_RESOURCE_GET_CLASS (object);

  /* each class's table once: a subclass without its own inherits the
   * parent's pointer */
  for (; klass->fields != NULL; klass = g_type_class_peek_parent (klass))
    {
      GVerbsResourceClass *parent = g_type_class_peek_parent (klass);

      if (!GVERBS_IS_RESOURCE_CLASS (parent) || parent->fields != klass->fields)
        _gverbs_properties_clear (G_STRUCT_MEMBER_P (object, klass->fields_offset),
                                  klass->fields, klass->n_fields);
      if (!GVERBS_IS_RESOURCE_CLASS (parent))
        break;
    }

  for (guint i = 0; i < priv->n_parents; i++)
    g_clear_object (&priv->parents[i].parent);
  g_clear_object (&priv->event_context);
  g_clear_error (&priv->init_error);
  g_free (priv->description);
  g_mutex_clear (&priv->lock);
  G_OBJECT_CLASS (gverbs_resource_parent_class)->finalize (object);
}

static void
gverbs_resource_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  GVerbsResource *self = GVERBS_RESOURCE (object);

  switch (prop_id)
    {
    case PROP_CLOSED:
      g_value_set_boolean (value, gverbs_resource_is_closed (self));
      break;
    case PROP_DESCRIPTION:
      g_value_set_string (value, gverbs_resource_get_description (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Destroys the handle the class declared with
 * _gverbs_resource_class_set_destroy(), if any. */
static gboolean
gverbs_resource_real_release (GVerbsResource  *self,
                              GError         **error)
{
  GVerbsResourceClass *klass = GVERBS_RESOURCE_GET_CLASS (self);
  gpointer *handle;
  int rc;

  if (klass->destroy == NULL)
    return TRUE;
  handle = G_STRUCT_MEMBER_P (self, klass->handle_offset);
  rc = klass->destroy (*handle);
  if (rc == 0 || !klass->keeps_open_when_release_fails)
    *handle = NULL;
  return _gverbs_resource_release_result (self, rc, klass->destroy_name, error);
}

static void
gverbs_resource_class_init (GVerbsResourceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gverbs_resource_dispose;
  object_class->finalize = gverbs_resource_finalize;
  object_class->get_property = gverbs_resource_get_property;
  klass->release = gverbs_resource_real_release;

  _gverbs_resource_guard_offset = GVerbsResource_private_offset
                                  + G_STRUCT_OFFSET (GVerbsResourcePrivate, guard);

  /**
   * GVerbsResource:closed:
   *
   * Whether the resource is closed, or was never created (its construction
   * failed or did not run). Notified once, when it is closed.
   */
  properties[PROP_CLOSED] =
    g_param_spec_boolean ("closed", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsResource:description:
   *
   * What the resource is, as error messages name it (`pd 3 on rxe0`).
   */
  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * GVerbsResource::async-event:
   * @self: the resource
   * @event: the event, already acknowledged
   *
   * Emitted for each asynchronous event of the device about this resource,
   * from the main context the device context watches its events in (see
   * #GVerbsContext). A #GVerbsContext emits every event of its device (port
   * active or down, LID, P_Key or GID change, device fatal, and the events
   * of its queue pairs, completion queues and shared receive queues); a
   * #GVerbsQP, #GVerbsCQ, #GVerbsCQEX or #GVerbsSRQ then emits the events
   * about itself (fatal or access errors, communication established, last
   * WQE reached, SRQ limit …). Other resources have no events of their own.
   * The signal is detailed by the event type's nick, so a handler can
   * connect to `async-event::port-active` alone.
   */
  signals[SIGNAL_ASYNC_EVENT] =
    g_signal_new ("async-event", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, GVERBS_TYPE_ASYNC_EVENT);
}

static void
gverbs_resource_init (GVerbsResource *self)
{
  GVerbsResourcePrivate *priv = get_private (self);

  priv->guard = GVERBS_GUARD_CLOSING;
  g_mutex_init (&priv->lock);
  for (guint rank = 0; rank < GVERBS_N_RANKS; rank++)
    g_queue_init (&priv->children[rank]);
}

/**
 * gverbs_resource_close:
 * @self: a #GVerbsResource
 * @error: return location for a #GError
 *
 * Closes every resource still open under @self, then destroys the rdma-core
 * object (`ibv_dealloc_pd()`, `ibv_destroy_qp()` …). Closing a closed
 * resource, or one that was never created, does nothing and succeeds. A
 * call under way in another thread is waited for.
 *
 * When rdma-core refuses to destroy the object, the error is returned; the
 * resource is then closed all the same, except a #GVerbsMR or #GVerbsMW,
 * which stays open (its memory is still registered or its window bound) so
 * that the close can be tried again.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_resource_close (GVerbsResource  *self,
                       GError         **error)
{
  g_return_val_if_fail (GVERBS_IS_RESOURCE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return close_resource (self, GVERBS_RESOURCE_GET_CLASS (self)->keeps_open_when_release_fails, error);
}

static gboolean
close_resource (GVerbsResource  *self,
                gboolean         keep_open_on_failure,
                GError         **error)
{
  GVerbsResourcePrivate *priv = get_private (self);
  GVerbsResourceClass *klass = GVERBS_RESOURCE_GET_CLASS (self);
  gint *guard = &priv->guard;
  gboolean ok = TRUE;

  if (g_atomic_int_or ((guint *) guard, GVERBS_GUARD_CLOSING) & GVERBS_GUARD_CLOSING)
    return TRUE;

  g_object_ref (self);
  while ((g_atomic_int_get (guard) & ~GVERBS_GUARD_CLOSING) != 0)
    g_thread_yield ();

  close_children (self);
  unroute_events (self);
  if (klass->release != NULL)
    ok = klass->release (self, error);
  if (!ok && keep_open_on_failure)
    {
      g_atomic_int_and ((guint *) guard, ~GVERBS_GUARD_CLOSING);
      g_object_unref (self);
      return FALSE;
    }
  for (guint i = 0; i < priv->n_parents; i++)
    unlist_from (self, &priv->parents[i]);
  RESOURCE_DEBUG ("%s: closed%s", _gverbs_resource_describe (self), ok ? "" : " (rdma-core refused to destroy it)");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOSED]);
  g_object_unref (self);
  return ok;
}

/**
 * gverbs_resource_is_closed:
 * @self: a #GVerbsResource
 *
 * Checks whether @self is closed, or was never created.
 *
 * Returns: whether @self is closed, or was never created
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (gboolean, gverbs_resource_is_closed,
                      GVerbsResource, GVERBS_IS_RESOURCE, TRUE, !_gverbs_resource_is_open (self))

/**
 * gverbs_resource_get_description:
 * @self: a #GVerbsResource
 *
 * Gets what the resource is, as error messages name it.
 *
 * Returns: what the resource is, as error messages name it (`qp 17 on
 *   rxe0`); the type name until it is created
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (const char *, gverbs_resource_get_description,
                      GVerbsResource, GVERBS_IS_RESOURCE, NULL, _gverbs_resource_describe (self))

/**
 * gverbs_resource_get_parent:
 * @self: a #GVerbsResource
 *
 * The resource whose close() closes @self first: a memory region's or
 * queue pair's protection domain, a protection domain's or completion
 * queue's context … %NULL for a device context, and once @self is closed.
 *
 * Returns: (transfer none) (nullable): the parent resource
 *
 * Since: 0.1
 */
GVerbsResource *
gverbs_resource_get_parent (GVerbsResource *self)
{
  GVerbsResourcePrivate *priv;

  g_return_val_if_fail (GVERBS_IS_RESOURCE (self), NULL);
  priv = get_private (self);
  return _gverbs_resource_is_open (self) && priv->n_parents > 0 ? priv->parents[0].parent : NULL;
}

GVerbsResourceClass *
_gverbs_resource_class_set_lifecycle (gpointer           klass,
                                      GVerbsOpenFunc     open,
                                      GVerbsReleaseFunc  release,
                                      GVerbsRank         rank)
{
  GVerbsResourceClass *resource_class = GVERBS_RESOURCE_CLASS (klass);

  if (open != NULL)
    resource_class->open = open;
  if (release != NULL)
    resource_class->release = release;
  resource_class->rank = rank;
  return resource_class;
}

void
_gverbs_resource_class_set_destroy (GVerbsResourceClass *klass,
                                    const char          *destroy_name,
                                    GVerbsDestroyFunc    destroy,
                                    gsize                handle_offset)
{
  klass->destroy_name = destroy_name;
  klass->destroy = destroy;
  klass->handle_offset = handle_offset;
}

void
_gverbs_resource_class_install_properties (GVerbsResourceClass *klass,
                                           guint                first_id,
                                           const GVerbsField   *fields,
                                           guint                n_fields,
                                           GParamSpec         **pspecs,
                                           int                  private_offset)
{
  klass->fields = fields;
  klass->n_fields = n_fields;
  klass->fields_offset = private_offset;
  _gverbs_properties_install_private (G_OBJECT_CLASS (klass), first_id, fields, n_fields, pspecs,
                                      private_offset);
}

/* A resource whose close() closes @self first (a queue pair's protection
 * domain, completion queues and SRQ); @self keeps it alive. The first one
 * named is the parent gverbs_resource_get_parent() returns. */
void
_gverbs_resource_add_parent (GVerbsResource *self,
                             GVerbsResource *parent)
{
  GVerbsResourcePrivate *priv = get_private (self);
  Registration *reg;

  g_return_if_fail (GVERBS_IS_RESOURCE (parent));
  g_return_if_fail (priv->n_parents < MAX_PARENTS);
  reg = &priv->parents[priv->n_parents++];
  reg->parent = g_object_ref (parent);
  reg->link.data = NULL;
  if (_gverbs_resource_is_open (self))
    list_with (self, reg);
}

/* Moves @self from @old_parent's children to @new_parent's (an MR whose
 * protection domain changed). */
void
_gverbs_resource_replace_parent (GVerbsResource *self,
                                 GVerbsResource *old_parent,
                                 GVerbsResource *new_parent)
{
  GVerbsResourcePrivate *priv = get_private (self);

  for (guint i = 0; i < priv->n_parents; i++)
    {
      Registration *reg = &priv->parents[i];

      if (reg->parent != old_parent)
        continue;
      unlist_from (self, reg);
      g_set_object (&reg->parent, new_parent);
      if (_gverbs_resource_is_open (self))
        list_with (self, reg);
      return;
    }
  g_return_if_reached ();
}

/* Marks a resource as created and open, under the parents added before: one
 * that libgverbs made from an existing rdma-core object (imported, or owned by
 * rdma_cm), or one whose open() uses it before it returns (a failure after
 * that closes it). */
void
_gverbs_resource_adopt (GVerbsResource *self)
{
  get_private (self)->initialized = TRUE;
  mark_open (self);
}

void
_gverbs_resource_set_description (GVerbsResource *self,
                                  const char     *format,
                                  ...)
{
  GVerbsResourcePrivate *priv = get_private (self);
  va_list args;

  va_start (args, format);
  g_free (priv->description);
  priv->description = g_strdup_vprintf (format, args);
  va_end (args);
}

const char *
_gverbs_resource_describe (gpointer self)
{
  GVerbsResourcePrivate *priv = get_private (self);

  return priv->description ? priv->description : G_OBJECT_TYPE_NAME (self);
}

gboolean
_gverbs_resource_is_open (gpointer self)
{
  return (g_atomic_int_get (&get_private (self)->guard) & GVERBS_GUARD_CLOSING) == 0;
}

/* Whether @self is usable: open, or else why not (never created, its
 * creation failed, or it was closed). */
gboolean
_gverbs_resource_check_open (gpointer   self,
                             GError   **error)
{
  GVerbsResourcePrivate *priv = get_private (self);

  if (_gverbs_resource_is_open (self))
    return TRUE;
  if (!priv->initialized)
    g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_INITIALIZED,
                 _("%s is not initialized: create it with its new() function or "
                   "call g_initable_init() after constructing it (from Python, the "
                   "constructors of libgverbs' override gi/overrides/Verbs.py do: is it "
                   "installed, and on the Python path?)"),
                 _gverbs_resource_describe (self));
  else if (priv->init_error != NULL)
    g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_INITIALIZED,
                 _("%s was not created: %s"),
                 _gverbs_resource_describe (self), priv->init_error->message);
  else
    g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED,
                 _("%s is closed"), _gverbs_resource_describe (self));
  return FALSE;
}

/* In an open vfunc: whether @input, a resource the new one is made from
 * (its protection domain, context …), was given and is usable; @missing
 * is the error for a %NULL one. */
gboolean
_gverbs_resource_check_input (gpointer     input,
                              const char  *missing,
                              GError     **error)
{
  if (input == NULL)
    {
      g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT, missing);
      return FALSE;
    }
  return _gverbs_resource_check_open (input, error);
}

/* _gverbs_resource_check_input() for a resource made from @input and the
 * attribute object @attr: @missing is the error when either is %NULL. */
gboolean
_gverbs_resource_check_inputs (gpointer       input,
                               gconstpointer  attr,
                               const char    *missing,
                               GError       **error)
{
  return _gverbs_resource_check_input (attr != NULL ? input : NULL, missing, error);
}

/* The end of a release vfunc: %TRUE for @rc 0, else the error of @call
 * (an errno value, as rdma-core's destroy calls return) naming @self. */
gboolean
_gverbs_resource_release_result (gpointer     self,
                                 int          rc,
                                 const char  *call,
                                 GError     **error)
{
  if (rc == 0)
    return TRUE;
  _gverbs_set_error_errno (error, rc, call, _gverbs_resource_describe (self), NULL);
  return FALSE;
}

/* Routes the async events of @context that name @ibv_handle (the struct
 * ibv_qp, ibv_cq, ibv_srq or ibv_wq @self made) to @self, once, in open():
 * see _gverbs_context_register_event_object(). The base undoes it before
 * release (or when open fails), so a class that stays open when release
 * fails cannot use it. */
void
_gverbs_resource_route_events (GVerbsResource *self,
                               GVerbsContext  *context,
                               gconstpointer   ibv_handle)
{
  GVerbsResourcePrivate *priv = get_private (self);

  g_return_if_fail (priv->event_handle == NULL);
  g_return_if_fail (!GVERBS_RESOURCE_GET_CLASS (self)->keeps_open_when_release_fails);
  g_set_object (&priv->event_context, context);
  priv->event_handle = ibv_handle;
  _gverbs_context_register_event_object (context, ibv_handle, G_OBJECT (self));
}

void
_gverbs_resource_emit_async_event (GVerbsResource   *self,
                                   GQuark            detail,
                                   GVerbsAsyncEvent *event)
{
  g_signal_emit (self, signals[SIGNAL_ASYNC_EVENT], detail, event);
}
