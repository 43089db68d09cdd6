/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <infiniband/verbs.h>

#include "gverbs-port-status.h"
#include "gverbs-port-status-private.h"
#include "gverbs-port-attr-private.h"
#include "gverbs-context-private.h"
#include "gverbs-gid-entry.h"
#include "gverbs-enum-types.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsPortStatus:
 *
 * The live state of one port of a device, kept by a #GVerbsDeviceMonitor:
 * its properties follow the device's asynchronous events (port active or
 * down, LID, P_Key and SM changes, GID table changes) and are notified when
 * they change, so a user interface can bind to them
 * (`g_object_bind_property()`, `GtkExpression`) instead of polling
 * gverbs_context_query_port().
 *
 * (The name is not `PortState`: that is the enum of the logical port
 * states, #GVerbsPortState, which #GVerbsPortStatus:state holds.)
 *
 * When to use it: to follow a port's state in a user interface, bound to
 * its properties, instead of polling gverbs_context_query_port().
 *
 * ```c
 * // given: GVerbsDeviceMonitor *monitor; GObject *label;  // a GtkLabel
 * GVerbsPortStatus *port = gverbs_device_monitor_get_port (monitor, "rxe0", 1);
 *
 * if (port != NULL)
 *   g_object_bind_property (port, "state", label, "label", G_BINDING_SYNC_CREATE);
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsPortStatus
{
  GObject parent_instance;

  char *device_name;
  guint port_num;
  struct ibv_port_attr attr;
  gboolean have_attr;
  gboolean present;
  guint gid_generation;
  GVerbsPortAttr *attr_object;
  GPtrArray *gids;
};

G_DEFINE_FINAL_TYPE (GVerbsPortStatus, gverbs_port_status, G_TYPE_OBJECT)

/* the rows' indices, for notify */
enum {
  PROP_STATE = 2,
  PROP_PHYS_STATE,
  PROP_ACTIVE_MTU,
  PROP_LID,
  PROP_GID_GENERATION,
  PROP_PRESENT,
  PROP_ATTR,
};

static const GVerbsField fields[] = {
  /**
   * GVerbsPortStatus:device-name:
   *
   * The name of the device the port belongs to.
   */
  GVERBS_PROP_STRING (GVerbsPortStatus, device_name, "device-name",
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY),
  /**
   * GVerbsPortStatus:port-num:
   *
   * The port number, from 1.
   */
  GVERBS_PROP_UINT (GVerbsPortStatus, port_num, "port-num", G_MAXUINT8, 1,
                    G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY),
  /**
   * GVerbsPortStatus:state:
   *
   * The logical port state (`IBV_PORT_ACTIVE`, `IBV_PORT_DOWN` …);
   * %GVERBS_PORT_DOWN once the device is gone.
   */
  [PROP_STATE] = GVERBS_PROP_ENUM (GVerbsPortStatus, attr.state, "state", gverbs_port_state_get_type,
                                   GVERBS_PORT_NOP, G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY),
  /**
   * GVerbsPortStatus:phys-state:
   *
   * The physical port state, as `ibv_port_attr.phys_state` (5 is link up,
   * 3 disabled, 2 polling).
   */
  [PROP_PHYS_STATE] = GVERBS_PROP_UINT (GVerbsPortStatus, attr.phys_state, "phys-state", G_MAXUINT8, 0,
                                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY),
  /**
   * GVerbsPortStatus:active-mtu:
   *
   * The active MTU.
   */
  [PROP_ACTIVE_MTU] = GVERBS_PROP_GETTER ("active-mtu", GVERBS_FIELD_ENUM, gverbs_mtu_get_type, 0,
                                          GVERBS_MTU_BYTES_1024,
                                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY,
                                          gverbs_port_status_get_active_mtu),
  /**
   * GVerbsPortStatus:lid:
   *
   * The port's base LID (0 on RoCE).
   */
  [PROP_LID] = GVERBS_PROP_UINT (GVerbsPortStatus, attr.lid, "lid", G_MAXUINT16, 0,
                                 G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY),
  /**
   * GVerbsPortStatus:gid-generation:
   *
   * Counts the changes of the port's GID table seen since the monitor
   * started: connect to its notify signal to learn of GIDs that came or
   * went, then read gverbs_port_status_get_gids().
   */
  [PROP_GID_GENERATION] = GVERBS_PROP_UINT (GVerbsPortStatus, gid_generation, "gid-generation",
                                            G_MAXUINT, 0, G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY),
  /**
   * GVerbsPortStatus:present:
   *
   * Whether the device still exists; %FALSE once it was removed.
   */
  [PROP_PRESENT] = GVERBS_PROP_BOOLEAN (GVerbsPortStatus, present, "present", TRUE,
                                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY),
  /**
   * GVerbsPortStatus:attr:
   *
   * All the port's attributes as last queried; a new object after every
   * change (notified), %NULL if the port could never be queried.
   */
  [PROP_ATTR] = GVERBS_PROP_OBJECT (GVerbsPortStatus, attr_object, "attr", gverbs_port_attr_get_type,
                                    G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY),
};

static GParamSpec *properties[G_N_ELEMENTS (fields)];

static void
gverbs_port_status_finalize (GObject *object)
{
  GVerbsPortStatus *self = GVERBS_PORT_STATUS (object);

  _gverbs_properties_clear (self, fields, G_N_ELEMENTS (fields));
  g_clear_pointer (&self->gids, g_ptr_array_unref);
  G_OBJECT_CLASS (gverbs_port_status_parent_class)->finalize (object);
}

GVERBS_DEFINE_PROPERTIES_CLASS_INIT (GVerbsPortStatus, gverbs_port_status, fields, properties)

static void
gverbs_port_status_init (GVerbsPortStatus *self)
{
  self->present = TRUE;
  self->gids = g_ptr_array_new_with_free_func ((GDestroyNotify) gverbs_gid_entry_free);
}

GVerbsPortStatus *
_gverbs_port_status_new (const char *device_name,
                         guint       port_num)
{
  GVerbsPortStatus *self = g_object_new (GVERBS_TYPE_PORT_STATUS, NULL);

  self->device_name = g_strdup (device_name);
  self->port_num = port_num;
  return self;
}

static gboolean
gids_equal (GPtrArray *a,
            GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    {
      const GVerbsGidEntry *x = a->pdata[i], *y = b->pdata[i];

      if (x->gid_index != y->gid_index || x->gid_type != y->gid_type
          || x->ndev_ifindex != y->ndev_ifindex || memcmp (&x->gid, &y->gid, sizeof x->gid) != 0)
        return FALSE;
    }
  return TRUE;
}

static void
refresh_gids (GVerbsPortStatus *self,
              GVerbsContext    *context)
{
  g_autoptr(GPtrArray) gids = g_ptr_array_new_with_free_func ((GDestroyNotify) gverbs_gid_entry_free);
  g_autoptr(GError) error = NULL;
  GList *table = gverbs_context_query_gid_table (context, -1, &error);

  if (error != NULL)
    {
      g_debug ("%s port %u: %s", self->device_name, self->port_num, error->message);
      return;
    }
  for (GList *l = table; l != NULL; l = l->next)
    {
      GVerbsGidEntry *entry = l->data;

      if (entry->port_num == self->port_num)
        g_ptr_array_add (gids, entry);
      else
        gverbs_gid_entry_free (entry);
    }
  g_list_free (table);
  if (gids_equal (gids, self->gids))
    return;
  g_ptr_array_unref (self->gids);
  self->gids = g_steal_pointer (&gids);
  self->gid_generation++;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GID_GENERATION]);
}

gboolean
_gverbs_port_status_refresh (GVerbsPortStatus *self,
                             GVerbsContext    *context,
                             gboolean          gids)
{
  struct ibv_port_attr attr;
  struct ibv_port_attr old = self->attr;
  gboolean had = self->have_attr;

  memset (&attr, 0, sizeof attr);
  if (ibv_query_port (_gverbs_context_get_ibv (context), (uint8_t) self->port_num, &attr) != 0)
    return FALSE;

  g_object_freeze_notify (G_OBJECT (self));
  self->attr = attr;
  self->have_attr = TRUE;
  if (!had || memcmp (&old, &attr, sizeof attr) != 0)
    {
      g_clear_object (&self->attr_object);
      self->attr_object = _gverbs_port_attr_new (&attr);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ATTR]);
    }
  if (!had || old.state != attr.state)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  if (!had || old.phys_state != attr.phys_state)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHYS_STATE]);
  if (!had || old.active_mtu != attr.active_mtu)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE_MTU]);
  if (!had || old.lid != attr.lid)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LID]);
  if (gids)
    refresh_gids (self, context);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

void
_gverbs_port_status_gone (GVerbsPortStatus *self)
{
  if (!self->present)
    return;
  g_object_freeze_notify (G_OBJECT (self));
  self->present = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESENT]);
  if (self->attr.state != IBV_PORT_DOWN)
    {
      self->attr.state = IBV_PORT_DOWN;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * gverbs_port_status_get_device_name:
 * @self: a #GVerbsPortStatus
 *
 * Gets the name of the device the port belongs to, such as `rxe0`.
 *
 * Returns: the name of the device the port belongs to
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (const char *, gverbs_port_status_get_device_name,
                      GVerbsPortStatus, GVERBS_IS_PORT_STATUS, NULL, self->device_name)

/**
 * gverbs_port_status_get_port_num:
 * @self: a #GVerbsPortStatus
 *
 * Gets the number of the port on its device.
 *
 * Returns: the port number, from 1
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_port_status_get_port_num,
                      GVerbsPortStatus, GVERBS_IS_PORT_STATUS, 0, self->port_num)

/**
 * gverbs_port_status_get_state:
 * @self: a #GVerbsPortStatus
 *
 * Gets #GVerbsPortStatus:state, the logical state (`ibv_port_attr.state`).
 *
 * Returns: the logical port state, see #GVerbsPortStatus:state
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsPortState, gverbs_port_status_get_state,
                      GVerbsPortStatus, GVERBS_IS_PORT_STATUS, GVERBS_PORT_NOP, (GVerbsPortState) self->attr.state)

/**
 * gverbs_port_status_get_phys_state:
 * @self: a #GVerbsPortStatus
 *
 * Gets #GVerbsPortStatus:phys-state, the physical state
 * (`ibv_port_attr.phys_state`).
 *
 * Returns: the physical port state, see #GVerbsPortStatus:phys-state
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_port_status_get_phys_state,
                      GVerbsPortStatus, GVERBS_IS_PORT_STATUS, 0, self->attr.phys_state)

/**
 * gverbs_port_status_get_active_mtu:
 * @self: a #GVerbsPortStatus
 *
 * Gets the MTU the port uses now (`ibv_port_attr.active_mtu`).
 *
 * Returns: the active MTU
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsMTU, gverbs_port_status_get_active_mtu,
                      GVerbsPortStatus, GVERBS_IS_PORT_STATUS, GVERBS_MTU_BYTES_1024, self->have_attr ? (GVerbsMTU) self->attr.active_mtu : GVERBS_MTU_BYTES_1024)

/**
 * gverbs_port_status_get_lid:
 * @self: a #GVerbsPortStatus
 *
 * Gets the port's base LID (`ibv_port_attr.lid`); 0 on RoCE.
 *
 * Returns: the base LID
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_port_status_get_lid,
                      GVerbsPortStatus, GVERBS_IS_PORT_STATUS, 0, self->attr.lid)

/**
 * gverbs_port_status_get_gid_generation:
 * @self: a #GVerbsPortStatus
 *
 * Gets #GVerbsPortStatus:gid-generation, which grows each time the port's GID
 * table changes.
 *
 * Returns: the number of GID table changes seen, see
 *   #GVerbsPortStatus:gid-generation
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_port_status_get_gid_generation,
                      GVerbsPortStatus, GVERBS_IS_PORT_STATUS, 0, self->gid_generation)

/**
 * gverbs_port_status_get_present:
 * @self: a #GVerbsPortStatus
 *
 * Tells whether the port's device is still present.
 *
 * Returns: %FALSE once the device was removed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (gboolean, gverbs_port_status_get_present,
                      GVerbsPortStatus, GVERBS_IS_PORT_STATUS, FALSE, self->present)

/**
 * gverbs_port_status_get_attr:
 * @self: a #GVerbsPortStatus
 *
 * Gets #GVerbsPortStatus:attr, the full `struct ibv_port_attr` of the last
 * query.
 *
 * Returns: (transfer none) (nullable): the port's attributes as last
 *   queried, see #GVerbsPortStatus:attr
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsPortAttr *, gverbs_port_status_get_attr,
                      GVerbsPortStatus, GVERBS_IS_PORT_STATUS, NULL, self->attr_object)

/**
 * gverbs_port_status_get_gids:
 * @self: a #GVerbsPortStatus
 *
 * The port's valid GID table entries as last read (after the monitor
 * started and after every GID change event).
 *
 * Returns: (transfer container) (element-type GVerbsGidEntry): the entries
 *   in index order
 *
 * Since: 0.1
 */
GPtrArray *
gverbs_port_status_get_gids (GVerbsPortStatus *self)
{
  GPtrArray *copy;

  g_return_val_if_fail (GVERBS_IS_PORT_STATUS (self), NULL);
  copy = g_ptr_array_new_full (self->gids->len, (GDestroyNotify) gverbs_gid_entry_free);
  for (guint i = 0; i < self->gids->len; i++)
    g_ptr_array_add (copy, gverbs_gid_entry_copy (self->gids->pdata[i]));
  return copy;
}
