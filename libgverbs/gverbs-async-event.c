/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <string.h>
#include <infiniband/verbs.h>

#include "gverbs-async-event.h"
#include "gverbs-async-event-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsAsyncEvent:
 *
 * An asynchronous device event (`struct ibv_async_event`), copied and
 * already acknowledged: what #GVerbsContext::async-event carries and
 * gverbs_context_get_async_event() returns. It names the event type, the
 * port for port events (port active or down, LID, P_Key, GID, SM changes,
 * client reregister) and, for QP, CQ, SRQ and WQ events, the libgverbs
 * object the event is about.
 *
 * When to use it: to react to a port going down or up, to a queue pair or
 * CQ in error, or to a device failing: connect to
 * #GVerbsContext::async-event on the main loop, or wait for one without.
 *
 * ```c
 * // given: GVerbsContext *ctx;
 * g_autoptr(GVerbsAsyncEvent) ev = gverbs_context_get_async_event (ctx, 1000, NULL, &error);
 * g_autofree char *text = NULL;
 *
 * if (ev == NULL)
 *   return;   // a timeout is GVERBS_ERROR_TIMED_OUT
 * text = gverbs_async_event_to_string (ev);
 * if (gverbs_async_event_get_event_type (ev) == GVERBS_EVENT_PORT_ACTIVE)
 *   g_print ("port %u is up: %s\n", gverbs_async_event_get_port_num (ev), text);
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsAsyncEvent
{
  GObject parent_instance;
  GVerbsEventType event_type;
  guint port_num;
  GObject *object;
};

static const GVerbsField fields[] = {
  /**
   * GVerbsAsyncEvent:object:
   *
   * The QP, CQ, SRQ or WQ the event is about, when it is a libgverbs object
   * that is still open; %NULL for port and device events.
   */
  GVERBS_PROP_OBJECT (GVerbsAsyncEvent, object, "object", g_object_get_type, G_PARAM_READABLE),
  /**
   * GVerbsAsyncEvent:event-type:
   *
   * What happened.
   */
  GVERBS_PROP_ENUM (GVerbsAsyncEvent, event_type, "event-type", gverbs_event_type_get_type, GVERBS_EVENT_CQ_ERR,
                    G_PARAM_READABLE),
  /**
   * GVerbsAsyncEvent:port-num:
   *
   * The port of a port event, from 1; 0 for other events.
   */
  GVERBS_PROP_UINT (GVerbsAsyncEvent, port_num, "port-num", G_MAXUINT, 0, G_PARAM_READABLE),
};

GVERBS_DEFINE_PROPERTIES_TYPE (GVerbsAsyncEvent, gverbs_async_event, fields)

GVerbsEventElement
_gverbs_event_element (int event_type)
{
  switch (event_type)
    {
    case IBV_EVENT_CQ_ERR:
      return GVERBS_EVENT_ELEMENT_CQ;
    case IBV_EVENT_QP_FATAL:
    case IBV_EVENT_QP_REQ_ERR:
    case IBV_EVENT_QP_ACCESS_ERR:
    case IBV_EVENT_COMM_EST:
    case IBV_EVENT_SQ_DRAINED:
    case IBV_EVENT_PATH_MIG:
    case IBV_EVENT_PATH_MIG_ERR:
    case IBV_EVENT_QP_LAST_WQE_REACHED:
      return GVERBS_EVENT_ELEMENT_QP;
    case IBV_EVENT_SRQ_ERR:
    case IBV_EVENT_SRQ_LIMIT_REACHED:
      return GVERBS_EVENT_ELEMENT_SRQ;
    case IBV_EVENT_WQ_FATAL:
      return GVERBS_EVENT_ELEMENT_WQ;
    case IBV_EVENT_PORT_ACTIVE:
    case IBV_EVENT_PORT_ERR:
    case IBV_EVENT_LID_CHANGE:
    case IBV_EVENT_PKEY_CHANGE:
    case IBV_EVENT_SM_CHANGE:
    case IBV_EVENT_CLIENT_REREGISTER:
    case IBV_EVENT_GID_CHANGE:
      return GVERBS_EVENT_ELEMENT_PORT;
    case IBV_EVENT_DEVICE_FATAL:
    default:
      return GVERBS_EVENT_ELEMENT_DEVICE;
    }
}

GVerbsAsyncEvent *
_gverbs_async_event_new (int      event_type,
                         guint    port_num,
                         GObject *object)
{
  GVerbsAsyncEvent *self = g_object_new (GVERBS_TYPE_ASYNC_EVENT, NULL);

  self->event_type = (GVerbsEventType) event_type;
  self->port_num = port_num;
  self->object = object ? g_object_ref (object) : NULL;
  return self;
}

/**
 * gverbs_async_event_get_event_type:
 * @self: a #GVerbsAsyncEvent
 *
 * Gets what happened: the type of the event.
 *
 * Returns: what happened
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsEventType, gverbs_async_event_get_event_type,
                      GVerbsAsyncEvent, GVERBS_IS_ASYNC_EVENT, 0, self->event_type)

/**
 * gverbs_async_event_get_port_num:
 * @self: a #GVerbsAsyncEvent
 *
 * Gets the port of a port event.
 *
 * Returns: the port of a port event, 0 for other events
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_async_event_get_port_num,
                      GVerbsAsyncEvent, GVERBS_IS_ASYNC_EVENT, 0, self->port_num)

/**
 * gverbs_async_event_get_object:
 * @self: a #GVerbsAsyncEvent
 *
 * Gets the QP, CQ, SRQ or WQ the event is about.
 *
 * Returns: (transfer none) (nullable): the QP, CQ, SRQ or WQ the event is
 *   about, or %NULL
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GObject *, gverbs_async_event_get_object,
                      GVerbsAsyncEvent, GVERBS_IS_ASYNC_EVENT, NULL, self->object)

/**
 * gverbs_async_event_to_string:
 * @self: a #GVerbsAsyncEvent
 *
 * Formats the event in the layout pyverbs prints for `AsyncEvent`
 * (`Event Type              : IBV_EVENT_PORT_ACTIVE`), plus a
 * `Port number` row for port events.
 *
 * Returns: (transfer full): the text
 *
 * Since: 0.1
 */
char *
gverbs_async_event_to_string (GVerbsAsyncEvent *self)
{
  g_autoptr(GEnumClass) klass = NULL;
  GEnumValue *value;
  g_autofree char *name = NULL;
  GString *out;

  g_return_val_if_fail (GVERBS_IS_ASYNC_EVENT (self), NULL);

  klass = g_type_class_ref (GVERBS_TYPE_EVENT_TYPE);
  value = g_enum_get_value (klass, self->event_type);
  name = value ? g_strdup_printf ("IBV_%s", value->value_name + strlen ("GVERBS_"))
               : g_strdup_printf ("Unknown event_type (%d)", self->event_type);
  out = g_string_new (NULL);
  _gverbs_append_row (out, 24, "Event Type", name);
  if (_gverbs_event_element (self->event_type) == GVERBS_EVENT_ELEMENT_PORT)
    _gverbs_append_int_row (out, 24, "Port number", self->port_num);
  return g_string_free (out, FALSE);
}
