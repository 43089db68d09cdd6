/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <endian.h>
#include <glib/gi18n-lib.h>
#include <infiniband/verbs.h>

#include "gverbs-device.h"
#include "gverbs-enum-types.h"
#include "gverbs-private.h"
#include "gverbs-device-private.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsDevice:
 *
 * An RDMA device as rdma-core lists it (`struct ibv_device`): its name,
 * node GUID, node and transport type. Get the list with gverbs_get_devices()
 * and open one with gverbs_context_new().
 *
 * When to use it: to find which RDMA devices the machine has before opening
 * one by name.
 *
 * ```c
 * g_autolist(GVerbsDevice) devices = gverbs_get_devices (&error);
 *
 * for (GList *l = devices; l != NULL; l = l->next)
 *   g_print ("%s guid %016" G_GINT64_MODIFIER "x\n", gverbs_device_get_name (l->data),
 *            gverbs_device_get_guid (l->data));
 * ```
 *
 * Python: `Verbs.get_device_list()`, as pyverbs' `d.get_device_list()`.
 *
 * Since: 0.1
 */
struct _GVerbsDevice
{
  GObject parent_instance;

  char *name;
  guint64 guid;
  GVerbsNodeType node_type;
  GVerbsTransportType transport_type;
  guint index;
};

static const GVerbsField fields[] = {
  /**
   * GVerbsDevice:name:
   *
   * The kernel name of the device, such as `rxe0` or `mlx5_0`.
   */
  GVERBS_PROP_STRING (GVerbsDevice, name, "name", G_PARAM_READABLE),
  /**
   * GVerbsDevice:guid:
   *
   * The node GUID, in host byte order.
   */
  GVERBS_PROP_UINT (GVerbsDevice, guid, "guid", G_MAXUINT64, 0, G_PARAM_READABLE),
  /**
   * GVerbsDevice:node-type:
   *
   * The node type (channel adapter, switch, router, RNIC …).
   */
  GVERBS_PROP_ENUM (GVerbsDevice, node_type, "node-type", gverbs_node_type_get_type, GVERBS_NODE_UNKNOWN,
                    G_PARAM_READABLE),
  /**
   * GVerbsDevice:transport-type:
   *
   * The transport (InfiniBand, iWARP, usNIC …). RoCE devices report InfiniBand.
   */
  GVERBS_PROP_ENUM (GVerbsDevice, transport_type, "transport-type", gverbs_transport_type_get_type, GVERBS_TRANSPORT_UNKNOWN,
                    G_PARAM_READABLE),
  /**
   * GVerbsDevice:index:
   *
   * The kernel index of the device.
   */
  GVERBS_PROP_UINT (GVerbsDevice, index, "index", G_MAXUINT, 0, G_PARAM_READABLE),
};

GVERBS_DEFINE_PROPERTIES_TYPE (GVerbsDevice, gverbs_device, fields)

GVerbsDevice *
_gverbs_device_new_from_ibv (struct ibv_device *device)
{
  GVerbsDevice *self = g_object_new (GVERBS_TYPE_DEVICE, NULL);
  int index = ibv_get_device_index (device);

  self->name = g_strdup (ibv_get_device_name (device));
  self->guid = be64toh (ibv_get_device_guid (device));
  self->node_type = (GVerbsNodeType) device->node_type;
  self->transport_type = (GVerbsTransportType) device->transport_type;
  self->index = index < 0 ? 0 : (guint) index;
  return self;
}

/**
 * gverbs_get_devices:
 * @error: return location for a #GError
 *
 * Lists the RDMA devices of this host (`ibv_get_device_list()`). An empty
 * list with no error means the host has no RDMA device.
 *
 * Returns: (transfer full) (element-type GVerbsDevice): the devices
 *
 * Since: 0.1
 */
GList *
gverbs_get_devices (GError **error)
{
  struct ibv_device **list;
  GList *devices = NULL;
  int n = 0;

  if (!_gverbs_device_list (&list, &n, NULL, error))
    return NULL;
  for (int i = n - 1; i >= 0; i--)
    devices = g_list_prepend (devices, _gverbs_device_new_from_ibv (list[i]));
  _gverbs_device_list_free (list);
  return devices;
}

static struct ibv_device *no_devices[1] = { NULL };

void
_gverbs_device_list_free (struct ibv_device **list)
{
  if (list != no_devices)
    ibv_free_device_list (list);
}

/* ibv_get_device_list(), with a kernel that has no RDMA at all (ENOSYS)
 * reported as a list of no devices: to the caller both mean "no device". */
gboolean
_gverbs_device_list (struct ibv_device ***list,
                     int                 *n,
                     const char          *object,
                     GError             **error)
{
  *n = 0;
  errno = 0;
  *list = ibv_get_device_list (n);
  if (*list != NULL)
    return TRUE;
  if (errno == ENOSYS || errno == 0)
    {
      *list = no_devices;
      return TRUE;
    }
  _gverbs_set_error_errno (error, errno, "ibv_get_device_list", object, NULL);
  return FALSE;
}

/**
 * gverbs_device_get_name:
 * @self: a #GVerbsDevice
 *
 * Gets the device name, such as `rxe0`.
 *
 * Returns: the device name, such as `rxe0`
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (const char *, gverbs_device_get_name,
                      GVerbsDevice, GVERBS_IS_DEVICE, NULL, self->name)

/**
 * gverbs_device_get_guid:
 * @self: a #GVerbsDevice
 *
 * Gets the node GUID in host byte order.
 *
 * Returns: the node GUID in host byte order
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint64, gverbs_device_get_guid,
                      GVerbsDevice, GVERBS_IS_DEVICE, 0, self->guid)

/**
 * gverbs_device_get_node_type:
 * @self: a #GVerbsDevice
 *
 * Gets the node type.
 *
 * Returns: the node type
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsNodeType, gverbs_device_get_node_type,
                      GVerbsDevice, GVERBS_IS_DEVICE, GVERBS_NODE_UNKNOWN, self->node_type)

/**
 * gverbs_device_get_transport_type:
 * @self: a #GVerbsDevice
 *
 * Gets the transport type.
 *
 * Returns: the transport type
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsTransportType, gverbs_device_get_transport_type,
                      GVerbsDevice, GVERBS_IS_DEVICE, GVERBS_TRANSPORT_UNKNOWN,
                      self->transport_type)

/**
 * gverbs_device_get_index:
 * @self: a #GVerbsDevice
 *
 * Gets the kernel index of the device.
 *
 * Returns: the kernel index of the device
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_device_get_index,
                      GVerbsDevice, GVERBS_IS_DEVICE, 0, self->index)

/**
 * gverbs_device_to_string:
 * @self: a #GVerbsDevice
 *
 * Describes the device in pyverbs' layout:
 * `Device rxe0, node type CA, transport type IB, guid 505400fffe123456, index 0`.
 *
 * Returns: (transfer full): the description
 *
 * Since: 0.1
 */
char *
gverbs_device_to_string (GVerbsDevice *self)
{
  g_return_val_if_fail (GVERBS_IS_DEVICE (self), NULL);
  return g_strdup_printf ("Device %s, node type %s, transport type %s, guid %" G_GINT64_MODIFIER "x, index %u",
                          self->name,
                          _gverbs_node_type_to_string (self->node_type),
                          _gverbs_transport_type_to_string (self->transport_type),
                          self->guid, self->index);
}

const char *
_gverbs_node_type_to_string (GVerbsNodeType type)
{
  switch (type)
    {
    case GVERBS_NODE_CA: return "CA";
    case GVERBS_NODE_SWITCH: return "Switch";
    case GVERBS_NODE_ROUTER: return "Router";
    case GVERBS_NODE_RNIC: return "RNIC";
    case GVERBS_NODE_USNIC: return "USNIC";
    case GVERBS_NODE_USNIC_UDP: return "USNIC UDP";
    case GVERBS_NODE_UNKNOWN:
    case GVERBS_NODE_UNSPECIFIED:
    default: return "Unknown";
    }
}

const char *
_gverbs_transport_type_to_string (GVerbsTransportType type)
{
  switch (type)
    {
    case GVERBS_TRANSPORT_IB: return "IB";
    case GVERBS_TRANSPORT_IWARP: return "IWARP";
    case GVERBS_TRANSPORT_USNIC: return "USNIC";
    case GVERBS_TRANSPORT_USNIC_UDP: return "USNIC UDP";
    case GVERBS_TRANSPORT_UNKNOWN:
    case GVERBS_TRANSPORT_UNSPECIFIED:
    default: return "Unknown";
    }
}
