/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib-unix.h>
#include <unistd.h>

#include "gverbs-context.h"
#include "gverbs-context-private.h"
#include "gverbs-async-event-private.h"
#include "gverbs-resource-private.h"
#include "gverbs-resource-type-private.h"
#include "gverbs-fd-source-private.h"
#include "gverbs-device-attr-ex-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-device-attr-private.h"
#include "gverbs-device-private.h"
#include "gverbs-port-attr-private.h"
#include "gverbs-error.h"

/**
 * GVerbsContext:
 *
 * An open RDMA device (`struct ibv_context`), the root of the resource tree:
 * protection domains, completion queues, completion channels and the rest
 * are created from it and keep it alive.
 *
 * A context is opened by name with gverbs_context_new() (which runs
 * g_initable_init()). gverbs_context_close() closes the device and first
 * every object still open under it; afterwards every call on it fails with
 * %GVERBS_ERROR_CLOSED.
 *
 * Asynchronous device events (port active or down, GID changes, QP, CQ and
 * SRQ errors, device fatal …) arrive as the #GVerbsContext::async-event
 * signal: the context watches its async-event file descriptor with a
 * #GSource on the thread-default #GMainContext of the thread that opened
 * it, so the signal is emitted from that main context whenever it runs.
 * Without a main loop, gverbs_context_get_async_event() waits for the next
 * event instead.
 *
 * When to use it: first, always; one per device and process is enough.
 * Everything else is made from it or from a #GVerbsPD made from it.
 *
 * ```c
 * g_autoptr(GError) error = NULL;
 * g_autoptr(GVerbsContext) ctx = gverbs_context_new ("rxe0", &error);
 * g_autoptr(GVerbsPortAttr) port = NULL;
 *
 * if (ctx == NULL)
 *   g_error ("%s", error->message);
 * port = gverbs_context_query_port (ctx, 1, &error);
 * g_print ("%s port 1: MTU %u\n", gverbs_context_get_name (ctx),
 *          gverbs_port_attr_get_mtu_bytes (port));
 * ```
 *
 * In Python the constructor takes pyverbs' keyword, and the context is a
 * context manager that closes it:
 *
 * ```python
 * with Verbs.Context(name='rxe0') as ctx:
 *     print(ctx.query_port(1).active_mtu)
 * ```
 *
 * Since: 0.1
 */
typedef struct
{
  char *name;
  struct ibv_context *ibv;
  guint phys_port_cnt;          /* 0 until first needed */
  struct ibv_device_attr device_attr;   /* the device's limits, read once */
  gboolean have_device_attr;
  GMainContext *main_context;
  GSource *async_source;
  GHashTable *event_objects;    /* rdma-core pointer -> GObject (no reference) */
  gboolean borrowed;            /* rdma_cm's context: closing it leaves it open */
  GVerbsContextOpenFunc open_func;  /* a subclass's way to open the device */
  const char *open_call;
  gpointer open_data;
} GVerbsContextPrivate;

/* Events handled per dispatch; more pending keeps the fd readable, so the
 * source runs again on the next main-loop iteration. */
#define ASYNC_EVENT_BATCH 16

G_DEFINE_TYPE_WITH_PRIVATE (GVerbsContext, gverbs_context, GVERBS_TYPE_RESOURCE)

#define P(self) ((GVerbsContextPrivate *) gverbs_context_get_instance_private (self))

static char *
available_devices (struct ibv_device **list,
                   int                 n)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) names = NULL;

  for (int i = 0; i < n; i++)
    g_strv_builder_add (builder, ibv_get_device_name (list[i]));
  names = g_strv_builder_end (builder);
  return n > 0 ? g_strjoinv (", ", names) : g_strdup (_("none"));
}

/* Whether the process can open one more file: when it cannot,
 * ibv_get_device_list() gives an empty list (it could not read sysfs), and
 * "no such device" would hide the real cause. Returns the errno of a failed
 * open (EMFILE, ENFILE, ENOMEM …) or 0. */
static int
cannot_open_files (void)
{
  int fd = open ("/dev/null", O_RDONLY | O_CLOEXEC);
  int err_no = errno;

  if (fd >= 0)
    {
      close (fd);
      return 0;
    }
  return err_no;
}

static gboolean
open_device (GVerbsContext  *self,
             GError        **error)
{
  struct ibv_device **list;
  struct ibv_device *found = NULL;
  int n = 0;

  if (!_gverbs_device_list (&list, &n, P (self)->name, error))
    return FALSE;

  for (int i = 0; i < n && found == NULL; i++)
    if (P (self)->name == NULL || g_strcmp0 (ibv_get_device_name (list[i]), P (self)->name) == 0)
      found = list[i];

  if (found == NULL)
    {
      g_autofree char *names = available_devices (list, n);
      int err_no = n == 0 ? cannot_open_files () : 0;

      if (err_no != 0)
        _gverbs_set_error_errno (error, err_no, "ibv_get_device_list",
                                 P (self)->name ? P (self)->name : _("(any device)"),
                                 _("no device could be listed: the process cannot open a file"));
      else if (P (self)->name != NULL)
        g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_DEVICE,
                     _("No RDMA device named “%s” (devices: %s)"), P (self)->name, names);
      else
        g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_NO_DEVICE,
                             _("This host has no RDMA device"));
      _gverbs_device_list_free (list);
      return FALSE;
    }

  if (P (self)->name == NULL)
    P (self)->name = g_strdup (ibv_get_device_name (found));

  errno = 0;
  if (P (self)->open_func != NULL)
    P (self)->ibv = P (self)->open_func (found, P (self)->open_data);
  else
    P (self)->ibv = ibv_open_device (found);
  _gverbs_device_list_free (list);
  if (P (self)->ibv == NULL)
    {
      int err_no = errno ? errno : ENODEV;

      if (P (self)->open_call != NULL && err_no == EOPNOTSUPP)
        _gverbs_set_error_errno (error, err_no, P (self)->open_call, P (self)->name,
                                 _("the device is not one this provider drives"));
      else
        _gverbs_set_error_errno (error, err_no,
                                 P (self)->open_call ? P (self)->open_call : "ibv_open_device",
                                 P (self)->name, NULL);
      return FALSE;
    }
  return TRUE;
}

static GVerbsAsyncEvent *
copy_async_event (GVerbsContext               *self,
                  const struct ibv_async_event *event)
{
  gconstpointer handle = NULL;
  guint port = 0;

  switch (_gverbs_event_element (event->event_type))
    {
    case GVERBS_EVENT_ELEMENT_PORT:
      port = event->element.port_num;
      break;
    case GVERBS_EVENT_ELEMENT_CQ:
      handle = event->element.cq;
      break;
    case GVERBS_EVENT_ELEMENT_QP:
      handle = event->element.qp;
      break;
    case GVERBS_EVENT_ELEMENT_SRQ:
      handle = event->element.srq;
      break;
    case GVERBS_EVENT_ELEMENT_WQ:
      handle = event->element.wq;
      break;
    case GVERBS_EVENT_ELEMENT_DEVICE:
    default:
      break;
    }
  return _gverbs_async_event_new (event->event_type, port,
                                  handle ? g_hash_table_lookup (P (self)->event_objects, handle) : NULL);
}

/* Reads one event without blocking, copies it and acknowledges it (so that
 * destroying the object it names never waits for a signal handler).
 * Returns NULL with errno set when there is none. */
static GVerbsAsyncEvent *
read_async_event (GVerbsContext *self)
{
  struct ibv_async_event event;
  GVerbsAsyncEvent *copy;

  if (ibv_get_async_event (P (self)->ibv, &event) != 0)
    return NULL;
  copy = copy_async_event (self, &event);
  ibv_ack_async_event (&event);
  return copy;
}

static gboolean
on_async_fd (int           fd,
             GIOCondition  condition,
             gpointer      user_data)
{
  g_autoptr(GVerbsContext) self = g_object_ref (user_data);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func (g_object_unref);
  gboolean keep = TRUE;

  while (events->len < ASYNC_EVENT_BATCH && P (self)->ibv != NULL)
    {
      GVerbsAsyncEvent *event = read_async_event (self);

      if (event == NULL)
        {
          if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            {
              g_debug ("%s: reading async events failed (%s); no longer watching",
                       P (self)->name, g_strerror (errno));
              keep = FALSE;
            }
          break;
        }
      g_ptr_array_add (events, event);
    }

  for (guint i = 0; i < events->len; i++)
    {
      GVerbsAsyncEvent *event = events->pdata[i];
      g_autoptr(GEnumClass) klass = g_type_class_ref (GVERBS_TYPE_EVENT_TYPE);
      GEnumValue *value = g_enum_get_value (klass, gverbs_async_event_get_event_type (event));

      GQuark detail = value ? g_quark_from_static_string (value->value_nick) : 0;
      GObject *object = gverbs_async_event_get_object (event);

      g_debug ("%s: async event %s", P (self)->name, value ? value->value_nick : "?");
      _gverbs_resource_emit_async_event (GVERBS_RESOURCE (self), detail, event);
      /* then on the QP, CQ or SRQ itself (the event holds a reference) */
      if (GVERBS_IS_RESOURCE (object))
        _gverbs_resource_emit_async_event (GVERBS_RESOURCE (object), detail, event);
    }

  if (!keep)
    {
      g_clear_pointer (&P (self)->async_source, g_source_unref);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static gboolean
watch_async_events (GVerbsContext  *self,
                    GError        **error)
{
  P (self)->main_context = g_main_context_ref_thread_default ();
  P (self)->async_source = _gverbs_fd_source_new (GVERBS_RESOURCE (self), P (self)->ibv->async_fd,
                                              on_async_fd, self, error);
  return P (self)->async_source != NULL;
}

static gboolean
gverbs_context_open (GVerbsResource  *resource,
                     GCancellable    *cancellable,
                     GError         **error)
{
  GVerbsContext *self = GVERBS_CONTEXT (resource);

  if (!open_device (self, error))
    return FALSE;
  _gverbs_resource_set_description (resource, "%s", P (self)->name);
  if (!watch_async_events (self, error))
    {
      ibv_close_device (P (self)->ibv);
      P (self)->ibv = NULL;
      return FALSE;
    }
  return TRUE;
}

static gboolean
gverbs_context_release (GVerbsResource  *resource,
                        GError         **error)
{
  GVerbsContext *self = GVERBS_CONTEXT (resource);
  int rc;

  _gverbs_fd_source_clear (&P (self)->async_source);
  rc = P (self)->borrowed ? 0 : ibv_close_device (P (self)->ibv);
  P (self)->ibv = NULL;
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, errno, "ibv_close_device", P (self)->name, NULL);
      return FALSE;
    }
  return TRUE;
}

static const GVerbsField fields[] = {
  /**
   * GVerbsContext:name:
   *
   * The name of the device to open, such as `rxe0`; %NULL opens the first
   * device. After initialization it is the name of the open device.
   */
  GVERBS_PROP_STRING (GVerbsContextPrivate, name, "name", GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsContext:num-comp-vectors:
   *
   * How many completion vectors (interrupt vectors for CQ events) the device has.
   */
  GVERBS_PROP_HANDLE_INT (GVerbsContextPrivate, ibv, struct ibv_context, num_comp_vectors,
                          "num-comp-vectors", 0),
  /**
   * GVerbsContext:cmd-fd:
   *
   * The command file descriptor of the open device (what ibv_import_device()
   * takes), or -1 when closed. It stays owned by the context.
   */
  GVERBS_PROP_HANDLE_INT (GVerbsContextPrivate, ibv, struct ibv_context, cmd_fd, "cmd-fd", -1),
  /**
   * GVerbsContext:async-fd:
   *
   * The file descriptor that reports asynchronous device events, or -1 when
   * closed. It stays owned by the context.
   */
  GVERBS_PROP_HANDLE_INT (GVerbsContextPrivate, ibv, struct ibv_context, async_fd, "async-fd", -1),
};

static void
gverbs_context_finalize (GObject *object)
{
  GVerbsContext *self = GVERBS_CONTEXT (object);

  g_clear_pointer (&P (self)->event_objects, g_hash_table_unref);
  g_clear_pointer (&P (self)->main_context, g_main_context_unref);
  G_OBJECT_CLASS (gverbs_context_parent_class)->finalize (object);
}

/* the root of the tree: no parent closes it, so its rank orders nothing */
GVERBS_DEFINE_DERIVABLE_RESOURCE_CLASS_INIT (GVerbsContext, gverbs_context, GVERBS_RANK_CHANNEL, 1,
                                             fields, NULL,
                                             object_class->finalize = gverbs_context_finalize)

static void
gverbs_context_init (GVerbsContext *self)
{
  P (self)->event_objects = g_hash_table_new (g_direct_hash, g_direct_equal);
}

/**
 * gverbs_context_new:
 * @name: (nullable): the device name, such as `rxe0`; %NULL for the first device
 * @error: return location for a #GError
 *
 * Opens an RDMA device (`ibv_open_device()`). A name that matches no device
 * gives %GVERBS_ERROR_NO_DEVICE with the names of the devices that exist.
 *
 * Returns: (transfer full): the open context, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsContext *
gverbs_context_new (const char  *name,
                    GError     **error)
{
  return g_initable_new (GVERBS_TYPE_CONTEXT, NULL, error, "name", name, NULL);
}

/**
 * gverbs_context_get_name:
 * @self: a #GVerbsContext
 *
 * Gets the device name.
 *
 * Returns: (nullable): the device name
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (const char *, gverbs_context_get_name,
                      GVerbsContext, GVERBS_IS_CONTEXT, NULL, P (self)->name)

/**
 * gverbs_context_get_num_comp_vectors:
 * @self: a #GVerbsContext
 *
 * Gets the number of completion vectors.
 *
 * Returns: the number of completion vectors, 0 when closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (int, gverbs_context_get_num_comp_vectors,
                      GVerbsContext, GVERBS_IS_CONTEXT, 0,
                      P (self)->ibv ? P (self)->ibv->num_comp_vectors : 0)

/**
 * gverbs_context_get_cmd_fd:
 * @self: a #GVerbsContext
 *
 * Gets the command file descriptor.
 *
 * Returns: the command file descriptor, -1 when closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (int, gverbs_context_get_cmd_fd,
                      GVerbsContext, GVERBS_IS_CONTEXT, -1,
                      P (self)->ibv ? P (self)->ibv->cmd_fd : -1)

/**
 * gverbs_context_query_device:
 * @self: a #GVerbsContext
 * @error: return location for a #GError
 *
 * Queries the device's attributes (`ibv_query_device()`).
 *
 * Returns: (transfer full): the attributes, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsDeviceAttr *
gverbs_context_query_device (GVerbsContext  *self,
                             GError        **error)
{
  struct ibv_device_attr attr;
  int rc;

  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!_gverbs_resource_check_open (self, error))
    return NULL;
  rc = ibv_query_device (P (self)->ibv, &attr);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_query_device", P (self)->name, NULL);
      return NULL;
    }
  return _gverbs_device_attr_new (&attr);
}

/**
 * gverbs_context_query_port:
 * @self: a #GVerbsContext
 * @port_num: the port number, from 1
 * @error: return location for a #GError
 *
 * Queries a port's attributes (`ibv_query_port()`). A port the device does
 * not have (0, or more than its port count) gives
 * %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: (transfer full): the attributes, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsPortAttr *
gverbs_context_query_port (GVerbsContext  *self,
                           guint           port_num,
                           GError        **error)
{
  struct ibv_port_attr attr;
  int rc;

  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!_gverbs_context_check_port (self, port_num, "ibv_query_port", error))
    return NULL;
  rc = ibv_query_port (P (self)->ibv, (guint8) port_num, &attr);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_query_port", P (self)->name, _("port %u"), port_num);
      return NULL;
    }
  return _gverbs_port_attr_new (&attr);
}

struct ibv_context *
_gverbs_context_get_ibv (GVerbsContext *self)
{
  return P (self)->ibv;
}

/* The device's ibv_device_attr, queried on first use and kept: its limits
 * never change while the device is open, and the checks that creating an
 * MR, CQ or QP makes would otherwise cost a system call each. Returns NULL
 * with rdma-core's error code in *rc when the query fails. */
const struct ibv_device_attr *
_gverbs_context_get_device_attr (GVerbsContext *self,
                                 int           *rc)
{
  *rc = 0;
  if (!P (self)->have_device_attr)
    {
      if (P (self)->ibv == NULL)
        {
          *rc = EBADF;
          return NULL;
        }
      *rc = ibv_query_device (P (self)->ibv, &P (self)->device_attr);
      if (*rc != 0)
        return NULL;
      P (self)->have_device_attr = TRUE;
    }
  return &P (self)->device_attr;
}

gboolean
_gverbs_context_check_port (GVerbsContext  *self,
                            guint           port_num,
                            const char     *call,
                            GError        **error)
{
  if (!_gverbs_resource_check_open (self, error))
    return FALSE;
  if (P (self)->phys_port_cnt == 0)
    {
      int rc;
      const struct ibv_device_attr *attr = _gverbs_context_get_device_attr (self, &rc);

      if (attr == NULL)
        {
          _gverbs_set_error_errno (error, rc, "ibv_query_device", P (self)->name, NULL);
          return FALSE;
        }
      P (self)->phys_port_cnt = attr->phys_port_cnt;
    }
  if (port_num == 0 || port_num > P (self)->phys_port_cnt)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s on %s: port %u does not exist: the device has %u port, numbered from 1",
                                "%s on %s: port %u does not exist: the device has %u ports, numbered from 1",
                                P (self)->phys_port_cnt),
                   call, P (self)->name, port_num, P (self)->phys_port_cnt);
      return FALSE;
    }
  return TRUE;
}

void
_gverbs_context_register_event_object (GVerbsContext *self,
                                       gconstpointer  ibv_handle,
                                       GObject       *object)
{
  g_hash_table_insert (P (self)->event_objects, (gpointer) ibv_handle, object);
}

void
_gverbs_context_unregister_event_object (GVerbsContext *self,
                                         gconstpointer  ibv_handle)
{
  g_hash_table_remove (P (self)->event_objects, ibv_handle);
}

/**
 * gverbs_context_query_device_ex:
 * @self: a #GVerbsContext
 * @error: return location for a #GError
 *
 * Queries the device's extended attributes (`ibv_query_device_ex()`): the
 * classic attributes plus on-demand paging, TSO, RSS, packet pacing, tag
 * matching, CQ moderation, PCI atomic capabilities and more.
 *
 * Returns: (transfer full): the attributes, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsDeviceAttrEx *
gverbs_context_query_device_ex (GVerbsContext  *self,
                                GError        **error)
{
  struct ibv_device_attr_ex attr = { 0 };
  int rc;

  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!_gverbs_resource_check_open (self, error))
    return NULL;
  rc = ibv_query_device_ex (P (self)->ibv, NULL, &attr);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_query_device_ex", P (self)->name, NULL);
      return NULL;
    }
  return _gverbs_device_attr_ex_new (&attr);
}

/**
 * gverbs_context_get_async_event:
 * @self: a #GVerbsContext
 * @timeout_ms: how long to wait in milliseconds; -1 waits without limit,
 *   0 only takes an event that is already there
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Waits for the next asynchronous event of the device and returns it,
 * copied and already acknowledged (`ibv_get_async_event()` then
 * `ibv_ack_async_event()`): pyverbs' `Context.get_async_event()`, for code
 * that runs no main loop. While the thread-default main context of the
 * thread that opened the context runs, events go to
 * #GVerbsContext::async-event instead, whichever reads them first.
 *
 * Returns: (transfer full): the event, or %NULL with
 *   %GVERBS_ERROR_TIMED_OUT when none came in time, %G_IO_ERROR_CANCELLED
 *   when @cancellable was cancelled, or another error
 *
 * Since: 0.1
 */
GVerbsAsyncEvent *
gverbs_context_get_async_event (GVerbsContext  *self,
                                int             timeout_ms,
                                GCancellable   *cancellable,
                                GError        **error)
{
  gint64 deadline;

  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  deadline = timeout_ms >= 0 ? g_get_monotonic_time () + (gint64) timeout_ms * 1000 : -1;
  for (;;)
    {
      GVerbsAsyncEvent *event;
      GPollFD fds[2];
      guint n_fds = 1;
      int wait_ms = -1;

      if (!_gverbs_resource_check_open (self, error))
        return NULL;
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      event = read_async_event (self);
      if (event != NULL)
        return event;
      if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
        {
          _gverbs_set_error_errno (error, errno, "ibv_get_async_event", P (self)->name, NULL);
          return NULL;
        }
      if (deadline >= 0)
        {
          gint64 left = deadline - g_get_monotonic_time ();

          if (left <= 0)
            {
              g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_TIMED_OUT,
                           _("ibv_get_async_event on %s: no asynchronous event within %d ms"),
                           P (self)->name, timeout_ms);
              return NULL;
            }
          wait_ms = (int) ((left + 999) / 1000);
        }
      fds[0].fd = P (self)->ibv->async_fd;
      fds[0].events = G_IO_IN;
      fds[0].revents = 0;
      if (g_cancellable_make_pollfd (cancellable, &fds[1]))
        n_fds = 2;
      g_poll (fds, n_fds, wait_ms);
      if (n_fds == 2)
        g_cancellable_release_fd (cancellable);
    }
}

GVerbsContext *
_gverbs_context_new_imported (struct ibv_context *ibv)
{
  GVerbsContext *self = g_object_new (GVERBS_TYPE_CONTEXT,
                                      "name", ibv_get_device_name (ibv->device), NULL);

  P (self)->ibv = ibv;
  _gverbs_resource_set_description (GVERBS_RESOURCE (self), "%s", P (self)->name);
  _gverbs_resource_adopt (GVERBS_RESOURCE (self));
  return self;
}

GVerbsContext *
_gverbs_context_new_borrowed (struct ibv_context *ibv)
{
  GVerbsContext *self = _gverbs_context_new_imported (ibv);

  P (self)->borrowed = TRUE;
  return self;
}

gboolean
_gverbs_context_get_borrowed (GVerbsContext *self)
{
  return P (self)->borrowed;
}

void
_gverbs_context_set_open_func (GVerbsContext         *self,
                               GVerbsContextOpenFunc  func,
                               const char            *call,
                               gpointer               data)
{
  P (self)->open_func = func;
  P (self)->open_call = call;
  P (self)->open_data = data;
}
