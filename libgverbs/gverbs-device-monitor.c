/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <linux/netlink.h>
#include <glib/gi18n-lib.h>
#include <infiniband/verbs.h>

#include "gverbs-device-monitor.h"
#include "gverbs-device-private.h"
#include "gverbs-context.h"
#include "gverbs-context-private.h"
#include "gverbs-async-event.h"
#include "gverbs-error.h"
#include "gverbs-fd-source-private.h"
#include "gverbs-port-status-private.h"
#include "gverbs-private.h"
#include "gverbs-resource-private.h"

/**
 * GVerbsDeviceMonitor:
 *
 * A live list of the RDMA devices present: a #GListModel of #GVerbsDevice
 * that emits #GListModel::items-changed (and
 * #GVerbsDeviceMonitor::device-added, #GVerbsDeviceMonitor::device-removed)
 * when a device comes or goes — `rdma link add`/`rdma link delete` of a
 * Soft-RoCE or iWARP link, a driver bound or unbound, an adapter
 * hot-plugged, a device renamed — and one #GVerbsPortStatus per port whose
 * properties follow the port's state and GID table.
 *
 * How it learns of devices: it reads the kernel's device events (uevents)
 * from a `NETLINK_KOBJECT_UEVENT` socket, keeps those of the `infiniband`
 * and `infiniband_verbs` subsystems and then lists the devices again with
 * `ibv_get_device_list()`, so the model holds exactly what rdma-core would
 * open. That socket is what udevd itself reads: it needs no udevd, no
 * libudev/libgudev dependency and works in containers, initramfs and the
 * test VM as well as on a desktop. (Kernels before 6.9 send no RDMA
 * netlink notifications of device registration, so `RDMA_NL_NLDEV` cannot
 * be the source on the kernels this library supports; and a libgudev
 * client sees only the events udevd re-broadcasts after its rules ran.)
 * Port state comes from the device's own asynchronous events: the monitor
 * opens a #GVerbsContext per device and refreshes a port on
 * `IBV_EVENT_PORT_ACTIVE`, `PORT_ERR`, `LID_CHANGE`, `PKEY_CHANGE`,
 * `SM_CHANGE`, `CLIENT_REREGISTER` and `GID_CHANGE`. When the kernel
 * removes a device's verbs node it waits for the open contexts of drivers
 * that cannot disassociate them (rxe among them), so the monitor closes its
 * context as soon as the `infiniband_verbs` removal arrives: it never holds
 * up `rdma link delete`.
 *
 * Events are handled in the thread-default main context of the thread that
 * made the monitor; the monitor is not thread-safe. Closing it
 * (gverbs_resource_close()) stops watching and closes its contexts.
 *
 * When to use it: in a long-running program or a user interface that must
 * notice devices appearing or disappearing and ports going up or down,
 * without polling.
 *
 * ```c
 * // given: void on_added (GVerbsDeviceMonitor *m, GVerbsDevice *dev, gpointer data);
 * g_autoptr(GVerbsDeviceMonitor) monitor = gverbs_device_monitor_new (NULL, &error);
 *
 * if (monitor == NULL)
 *   return;
 * g_print ("%u devices\n", g_list_model_get_n_items (G_LIST_MODEL (monitor)));
 * g_signal_connect (monitor, "device-added", G_CALLBACK (on_added), NULL);
 * ```
 *
 * Since: 0.1
 */

#define UEVENT_BUFFER_SIZE 8192

typedef struct
{
  GVerbsDevice *device;
  char *uverbs;               /* "uverbs0": the verbs node, for its removal */
  GVerbsContext *context;     /* NULL when it could not be opened or was closed */
  GListStore *ports;          /* GVerbsPortStatus */
  gulong handler;
} Entry;

struct _GVerbsDeviceMonitor
{
  GVerbsResource parent_instance;

  int fd;
  GSource *source;
  GPtrArray *entries;         /* Entry, in model order */
};

static void gverbs_device_monitor_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GVerbsDeviceMonitor, gverbs_device_monitor, GVERBS_TYPE_RESOURCE,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      gverbs_device_monitor_list_model_init))

enum {
  SIGNAL_DEVICE_ADDED,
  SIGNAL_DEVICE_REMOVED,
  SIGNAL_PORT_EVENT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean rescan (GVerbsDeviceMonitor  *self,
                        GError              **error);

static void
entry_close_context (Entry *entry)
{
  if (entry->context == NULL)
    return;
  g_clear_signal_handler (&entry->handler, entry->context);
  gverbs_resource_close (GVERBS_RESOURCE (entry->context), NULL);
  g_clear_object (&entry->context);
}

static void
entry_free (Entry *entry)
{
  entry_close_context (entry);
  g_clear_object (&entry->device);
  g_clear_object (&entry->ports);
  g_free (entry->uverbs);
  g_free (entry);
}

static GType
gverbs_device_monitor_get_item_type (GListModel *list)
{
  return GVERBS_TYPE_DEVICE;
}

static guint
gverbs_device_monitor_get_n_items (GListModel *list)
{
  return GVERBS_DEVICE_MONITOR (list)->entries->len;
}

static gpointer
gverbs_device_monitor_get_item (GListModel *list,
                                guint       position)
{
  GVerbsDeviceMonitor *self = GVERBS_DEVICE_MONITOR (list);
  Entry *entry;

  if (position >= self->entries->len)
    return NULL;
  entry = self->entries->pdata[position];
  return g_object_ref (entry->device);
}

static void
gverbs_device_monitor_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = gverbs_device_monitor_get_item_type;
  iface->get_n_items = gverbs_device_monitor_get_n_items;
  iface->get_item = gverbs_device_monitor_get_item;
}

static Entry *
find_entry (GVerbsDeviceMonitor *self,
            const char          *name,
            guint               *position)
{
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = self->entries->pdata[i];

      if (g_strcmp0 (gverbs_device_get_name (entry->device), name) == 0)
        {
          if (position != NULL)
            *position = i;
          return entry;
        }
    }
  return NULL;
}

static gboolean
is_port_event (GVerbsEventType type)
{
  switch (type)
    {
    case GVERBS_EVENT_PORT_ACTIVE:
    case GVERBS_EVENT_PORT_ERR:
    case GVERBS_EVENT_LID_CHANGE:
    case GVERBS_EVENT_PKEY_CHANGE:
    case GVERBS_EVENT_SM_CHANGE:
    case GVERBS_EVENT_CLIENT_REREGISTER:
    case GVERBS_EVENT_GID_CHANGE:
      return TRUE;
    default:
      return FALSE;
    }
}

static void
on_async_event (GVerbsContext    *context,
                GVerbsAsyncEvent *event,
                gpointer          user_data)
{
  GVerbsDeviceMonitor *self = user_data;
  GVerbsEventType type = gverbs_async_event_get_event_type (event);
  Entry *entry = find_entry (self, gverbs_context_get_name (context), NULL);
  guint port_num = gverbs_async_event_get_port_num (event);
  g_autoptr(GVerbsPortStatus) port = NULL;

  if (entry == NULL || entry->context != context)
    return;
  if (type == GVERBS_EVENT_DEVICE_FATAL)
    {
      g_debug ("%s: device fatal; closing the monitor's context", gverbs_context_get_name (context));
      entry_close_context (entry);
      return;
    }
  if (!is_port_event (type) || port_num == 0
      || port_num > g_list_model_get_n_items (G_LIST_MODEL (entry->ports)))
    return;
  port = g_list_model_get_item (G_LIST_MODEL (entry->ports), port_num - 1);
  /* rxe reports a GID change after a port event too: re-read the GIDs on
   * every port event, it costs one ioctl */
  _gverbs_port_status_refresh (port, context, TRUE);
  g_signal_emit (self, signals[SIGNAL_PORT_EVENT], 0, port, event);
}

/* Opens the device and reads its ports; the entry stays without a context
 * (and without ports) when the device cannot be opened yet. */
static void
entry_open (GVerbsDeviceMonitor *self,
            Entry               *entry)
{
  g_autoptr(GError) error = NULL;
  const char *name = gverbs_device_get_name (entry->device);
  GVerbsContext *context = gverbs_context_new (name, &error);
  struct ibv_device_attr attr;
  struct ibv_context *ibv;

  if (context == NULL)
    {
      g_debug ("device monitor: %s", error->message);
      return;
    }
  ibv = _gverbs_context_get_ibv (context);
  if (ibv_query_device (ibv, &attr) != 0)
    {
      g_debug ("device monitor: ibv_query_device on %s: %s", name, g_strerror (errno));
      gverbs_resource_close (GVERBS_RESOURCE (context), NULL);
      g_object_unref (context);
      return;
    }
  entry->context = context;
  g_free (entry->uverbs);
  entry->uverbs = g_strdup (ibv->device->dev_name);
  entry->handler = g_signal_connect (context, "async-event", G_CALLBACK (on_async_event), self);
  if (g_list_model_get_n_items (G_LIST_MODEL (entry->ports)) == 0)
    {
      for (guint p = 1; p <= attr.phys_port_cnt; p++)
        {
          g_autoptr(GVerbsPortStatus) port = _gverbs_port_status_new (name, p);

          _gverbs_port_status_refresh (port, context, TRUE);
          g_list_store_append (entry->ports, port);
        }
    }
  else
    {
      for (guint p = 1; p <= g_list_model_get_n_items (G_LIST_MODEL (entry->ports)); p++)
        {
          g_autoptr(GVerbsPortStatus) port = g_list_model_get_item (G_LIST_MODEL (entry->ports), p - 1);

          _gverbs_port_status_refresh (port, context, TRUE);
        }
    }
}

static gboolean
same_device (GVerbsDevice      *device,
             struct ibv_device *ibv)
{
  int index = ibv_get_device_index (ibv);

  return g_strcmp0 (gverbs_device_get_name (device), ibv_get_device_name (ibv)) == 0
    && (index < 0 || (guint) index == gverbs_device_get_index (device));
}

static void
remove_entry (GVerbsDeviceMonitor *self,
              guint                position)
{
  Entry *entry = g_ptr_array_steal_index (self->entries, position);
  g_autoptr(GVerbsDevice) device = g_object_ref (entry->device);

  entry_close_context (entry);
  for (guint p = 0; p < g_list_model_get_n_items (G_LIST_MODEL (entry->ports)); p++)
    {
      g_autoptr(GVerbsPortStatus) port = g_list_model_get_item (G_LIST_MODEL (entry->ports), p);

      _gverbs_port_status_gone (port);
    }
  entry_free (entry);
  g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 0);
  g_signal_emit (self, signals[SIGNAL_DEVICE_REMOVED], 0, device);
}

/**
 * gverbs_device_monitor_rescan:
 * @self: a #GVerbsDeviceMonitor
 * @error: return location for a #GError
 *
 * Lists the devices again and brings the model up to date, emitting the
 * signals for what changed. The monitor does this by itself on every
 * device event; call it only after a change the kernel does not announce.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_device_monitor_rescan (GVerbsDeviceMonitor  *self,
                              GError              **error)
{
  g_return_val_if_fail (GVERBS_IS_DEVICE_MONITOR (self), FALSE);

  if (!_gverbs_resource_check_open (self, error))
    return FALSE;
  return rescan (self, error);
}

static gboolean
rescan (GVerbsDeviceMonitor  *self,
        GError              **error)
{
  g_autoptr(GVerbsDeviceMonitor) keep = NULL;
  struct ibv_device **list;
  int n = 0;

  if (!_gverbs_device_list (&list, &n, "device monitor", error))
    return FALSE;
  keep = g_object_ref (self);   /* a handler may drop the last reference */

  for (guint i = self->entries->len; i > 0; i--)
    {
      Entry *entry = self->entries->pdata[i - 1];
      gboolean found = FALSE;

      for (int j = 0; j < n && !found; j++)
        found = same_device (entry->device, list[j]);
      if (!found)
        remove_entry (self, i - 1);
    }
  for (int j = 0; j < n; j++)
    {
      Entry *entry = NULL;
      g_autoptr(GVerbsDevice) device = NULL;

      for (guint i = 0; i < self->entries->len && entry == NULL; i++)
        if (same_device (((Entry *) self->entries->pdata[i])->device, list[j]))
          entry = self->entries->pdata[i];
      if (entry != NULL)
        {
          if (entry->context == NULL)
            entry_open (self, entry);
          continue;
        }
      entry = g_new0 (Entry, 1);
      entry->device = _gverbs_device_new_from_ibv (list[j]);
      entry->uverbs = g_strdup (list[j]->dev_name);
      entry->ports = g_list_store_new (GVERBS_TYPE_PORT_STATUS);
      entry_open (self, entry);
      device = g_object_ref (entry->device);
      g_ptr_array_add (self->entries, entry);
      g_list_model_items_changed (G_LIST_MODEL (self), self->entries->len - 1, 0, 1);
      g_signal_emit (self, signals[SIGNAL_DEVICE_ADDED], 0, device);
    }
  _gverbs_device_list_free (list);
  return TRUE;
}

/* One kernel uevent: "ACTION@DEVPATH\0KEY=VALUE\0…". Returns whether it is
 * about an RDMA device; for the removal of a verbs node, closes the
 * context open on it first. */
static gboolean
handle_uevent (GVerbsDeviceMonitor *self,
               const char          *buf,
               gsize                len)
{
  const char *action = NULL, *subsystem = NULL, *devpath = NULL;
  const char *p = buf, *end = buf + len;

  while (p < end)
    {
      gsize l = strnlen (p, (gsize) (end - p));

      if (g_str_has_prefix (p, "ACTION="))
        action = p + strlen ("ACTION=");
      else if (g_str_has_prefix (p, "SUBSYSTEM="))
        subsystem = p + strlen ("SUBSYSTEM=");
      else if (g_str_has_prefix (p, "DEVPATH="))
        devpath = p + strlen ("DEVPATH=");
      p += l + 1;
    }
  if (subsystem == NULL || action == NULL)
    return FALSE;
  if (g_strcmp0 (subsystem, "infiniband_verbs") == 0 && g_strcmp0 (action, "remove") == 0
      && devpath != NULL)
    {
      const char *node = strrchr (devpath, '/');

      node = node ? node + 1 : devpath;
      for (guint i = 0; i < self->entries->len; i++)
        {
          Entry *entry = self->entries->pdata[i];

          if (g_strcmp0 (entry->uverbs, node) == 0)
            entry_close_context (entry);
        }
      return TRUE;
    }
  return g_strcmp0 (subsystem, "infiniband") == 0 || g_strcmp0 (subsystem, "infiniband_verbs") == 0;
}

static gboolean
on_uevent_fd (int           fd,
              GIOCondition  condition,
              gpointer      user_data)
{
  g_autoptr(GVerbsDeviceMonitor) self = g_object_ref (user_data);
  gboolean changed = FALSE;
  char buf[UEVENT_BUFFER_SIZE + 1];

  /* a bounded batch: the socket carries every subsystem's events */
  for (int i = 0; i < 64; i++)
    {
      struct sockaddr_nl sender;
      struct iovec iov = { buf, UEVENT_BUFFER_SIZE };
      struct msghdr msg = { 0 };
      ssize_t n;

      msg.msg_name = &sender;
      msg.msg_namelen = sizeof sender;
      msg.msg_iov = &iov;
      msg.msg_iovlen = 1;
      n = recvmsg (fd, &msg, MSG_DONTWAIT);
      if (n < 0)
        {
          if (errno == ENOBUFS)
            {
              changed = TRUE;   /* events were lost: list again */
              continue;
            }
          if (errno == EINTR)
            continue;
          break;
        }
      /* only the kernel's own messages, whole ones */
      if (sender.nl_pid != 0 || (msg.msg_flags & MSG_TRUNC) != 0)
        continue;
      buf[n] = '\0';
      if (handle_uevent (self, buf, (gsize) n))
        changed = TRUE;
    }
  if (changed && _gverbs_resource_is_open (self))
    {
      g_autoptr(GError) error = NULL;

      if (!gverbs_device_monitor_rescan (self, &error))
        g_debug ("device monitor: %s", error->message);
    }
  return G_SOURCE_CONTINUE;
}

static void
close_fd (GVerbsDeviceMonitor *self)
{
  if (self->fd >= 0)
    close (self->fd);
  self->fd = -1;
}

static gboolean
gverbs_device_monitor_open (GVerbsResource  *resource,
                            GCancellable    *cancellable,
                            GError         **error)
{
  GVerbsDeviceMonitor *self = GVERBS_DEVICE_MONITOR (resource);
  struct sockaddr_nl addr = { 0 };
  int size = 1 << 20;

  _gverbs_resource_set_description (resource, "device monitor");
  self->fd = socket (AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, NETLINK_KOBJECT_UEVENT);
  if (self->fd < 0)
    {
      _gverbs_set_error_errno (error, errno, "socket", "device monitor",
                               _("cannot open the kernel's device event socket"));
      return FALSE;
    }
  setsockopt (self->fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
  addr.nl_family = AF_NETLINK;
  addr.nl_groups = 1;   /* the kernel's uevents */
  if (bind (self->fd, (struct sockaddr *) &addr, sizeof addr) != 0)
    {
      _gverbs_set_error_errno (error, errno, "bind", "device monitor",
                               _("cannot listen to the kernel's device events"));
      close_fd (self);
      return FALSE;
    }
  self->source = _gverbs_fd_source_new (resource, self->fd, on_uevent_fd, self, error);
  if (self->source == NULL || !rescan (self, error))
    {
      _gverbs_fd_source_clear (&self->source);
      close_fd (self);
      return FALSE;
    }
  return TRUE;
}

static gboolean
gverbs_device_monitor_release (GVerbsResource  *resource,
                               GError         **error)
{
  GVerbsDeviceMonitor *self = GVERBS_DEVICE_MONITOR (resource);
  guint n = self->entries->len;

  _gverbs_fd_source_clear (&self->source);
  close_fd (self);
  for (guint i = 0; i < n; i++)
    entry_close_context (self->entries->pdata[i]);
  return TRUE;
}

static void
gverbs_device_monitor_finalize (GObject *object)
{
  GVerbsDeviceMonitor *self = GVERBS_DEVICE_MONITOR (object);

  g_clear_pointer (&self->entries, g_ptr_array_unref);
  G_OBJECT_CLASS (gverbs_device_monitor_parent_class)->finalize (object);
}

static void
gverbs_device_monitor_class_init (GVerbsDeviceMonitorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  _gverbs_resource_class_set_lifecycle (klass, gverbs_device_monitor_open, gverbs_device_monitor_release,
                                        GVERBS_RANK_CHANNEL);
  object_class->finalize = gverbs_device_monitor_finalize;

  /**
   * GVerbsDeviceMonitor::device-added:
   * @self: the monitor
   * @device: the device that appeared
   *
   * Emitted after #GListModel::items-changed when a device appeared; its
   * ports are in gverbs_device_monitor_get_ports() already.
   */
  signals[SIGNAL_DEVICE_ADDED] =
    g_signal_new ("device-added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, GVERBS_TYPE_DEVICE);
  /**
   * GVerbsDeviceMonitor::device-removed:
   * @self: the monitor
   * @device: the device that went away
   *
   * Emitted after #GListModel::items-changed when a device went away; its
   * #GVerbsPortStatus objects are then down and not present.
   */
  signals[SIGNAL_DEVICE_REMOVED] =
    g_signal_new ("device-removed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, GVERBS_TYPE_DEVICE);
  /**
   * GVerbsDeviceMonitor::port-event:
   * @self: the monitor
   * @port: the port the event is about, already refreshed
   * @event: the device's asynchronous event
   *
   * Emitted for each port event of a device (port active or down, LID,
   * P_Key, SM or GID change), after @port's properties were updated and
   * notified.
   */
  signals[SIGNAL_PORT_EVENT] =
    g_signal_new ("port-event", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, GVERBS_TYPE_PORT_STATUS,
                  GVERBS_TYPE_ASYNC_EVENT);
}

static void
gverbs_device_monitor_init (GVerbsDeviceMonitor *self)
{
  self->fd = -1;
  self->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
}

/**
 * gverbs_device_monitor_new:
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Starts watching the RDMA devices in the thread-default main context and
 * lists those present.
 *
 * Returns: (transfer full): the monitor, or %NULL on error (no netlink
 *   socket)
 *
 * Since: 0.1
 */
GVerbsDeviceMonitor *
gverbs_device_monitor_new (GCancellable  *cancellable,
                           GError       **error)
{
  return g_initable_new (GVERBS_TYPE_DEVICE_MONITOR, cancellable, error, NULL);
}

/**
 * gverbs_device_monitor_lookup:
 * @self: a #GVerbsDeviceMonitor
 * @name: a device name
 *
 * Looks up a device the monitor knows by its name, such as `rxe0` or
 * `mlx5_0`.
 *
 * Returns: (transfer none) (nullable): the device named @name, or %NULL
 *
 * Since: 0.1
 */
GVerbsDevice *
gverbs_device_monitor_lookup (GVerbsDeviceMonitor *self,
                              const char          *name)
{
  Entry *entry;

  g_return_val_if_fail (GVERBS_IS_DEVICE_MONITOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  entry = find_entry (self, name, NULL);
  return entry ? entry->device : NULL;
}

/**
 * gverbs_device_monitor_get_ports:
 * @self: a #GVerbsDeviceMonitor
 * @name: a device name
 *
 * The ports of a device as a #GListModel of #GVerbsPortStatus, port 1
 * first, for a second list in a user interface.
 *
 * Returns: (transfer none) (nullable): the ports, or %NULL if no device
 *   is named @name
 *
 * Since: 0.1
 */
GListModel *
gverbs_device_monitor_get_ports (GVerbsDeviceMonitor *self,
                                 const char          *name)
{
  Entry *entry;

  g_return_val_if_fail (GVERBS_IS_DEVICE_MONITOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  entry = find_entry (self, name, NULL);
  return entry ? G_LIST_MODEL (entry->ports) : NULL;
}

/**
 * gverbs_device_monitor_get_port:
 * @self: a #GVerbsDeviceMonitor
 * @name: a device name
 * @port_num: a port number, from 1
 *
 * Gets the status the monitor keeps of port @port_num of the device @name.
 *
 * Returns: (transfer none) (nullable): the port's status, or %NULL if
 *   there is no such device or port
 *
 * Since: 0.1
 */
GVerbsPortStatus *
gverbs_device_monitor_get_port (GVerbsDeviceMonitor *self,
                                const char          *name,
                                guint                port_num)
{
  GListModel *ports;
  GVerbsPortStatus *port;

  g_return_val_if_fail (GVERBS_IS_DEVICE_MONITOR (self), NULL);
  ports = gverbs_device_monitor_get_ports (self, name);
  if (ports == NULL || port_num == 0 || port_num > g_list_model_get_n_items (ports))
    return NULL;
  port = g_list_model_get_item (ports, port_num - 1);
  g_object_unref (port);   /* the store keeps it */
  return port;
}
