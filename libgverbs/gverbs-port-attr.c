/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <string.h>
#include <infiniband/verbs.h>

#include "gverbs-enum-types.h"
#include "gverbs-fields-private.h"
#include "gverbs-port-attr.h"
#include "gverbs-port-attr-private.h"

/**
 * GVerbsPortAttr:
 *
 * The attributes of a device port as gverbs_context_query_port() reports
 * them: one read-only property per field of rdma-core's
 * `struct ibv_port_attr`, named as the field is (`active_mtu` is the property
 * `active-mtu`); states and MTUs are enums.
 *
 * When to use it: to check a port is ACTIVE and read its MTU, LID and link
 * layer before setting up queue pairs on it.
 *
 * ```c
 * // given: GVerbsContext *ctx;
 * g_autoptr(GVerbsPortAttr) port = gverbs_context_query_port (ctx, 1, &error);
 * GVerbsPortState state;
 *
 * if (port == NULL)
 *   return;
 * g_object_get (port, "state", &state, NULL);
 * if (state != GVERBS_PORT_ACTIVE)
 *   g_printerr ("port 1 is not active\n");
 * g_print ("MTU %u bytes\n", gverbs_port_attr_get_mtu_bytes (port));
 * ```
 *
 * Python: `ctx.query_port(1).state`.
 *
 * Since: 0.1
 */
struct _GVerbsPortAttr
{
  GObject parent_instance;
  struct ibv_port_attr attr;
};

#define F(field, kind, type) GVERBS_FIELD (struct ibv_port_attr, field, kind, type)
/**
 * GVerbsPortAttr:state:
 *
 * The logical port state (`state`, #GVerbsPortState): only an ACTIVE port
 * carries traffic.
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:max-mtu:
 *
 * The largest MTU the port supports (`max_mtu`, #GVerbsMTU).
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:active-mtu:
 *
 * The MTU the port uses now (`active_mtu`, #GVerbsMTU): the bound of a queue
 * pair's #GVerbsQPAttr:path-mtu.
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:gid-tbl-len:
 *
 * The number of entries in the port's GID table (`gid_tbl_len`).
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:port-cap-flags:
 *
 * The port capabilities (`port_cap_flags`, #GVerbsPortCapFlags).
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:max-msg-sz:
 *
 * The largest message the port can send or receive, in bytes (`max_msg_sz`).
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:bad-pkey-cntr:
 *
 * The number of packets dropped for a bad P_Key (`bad_pkey_cntr`).
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:qkey-viol-cntr:
 *
 * The number of packets dropped for a Q_Key violation (`qkey_viol_cntr`).
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:pkey-tbl-len:
 *
 * The number of entries in the port's P_Key table (`pkey_tbl_len`).
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:lid:
 *
 * The port's base LID, given by the subnet manager on InfiniBand; 0 on RoCE
 * (`lid`).
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:sm-lid:
 *
 * The LID of the subnet manager (`sm_lid`; InfiniBand).
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:lmc:
 *
 * The LID mask control: the port answers to 2^lmc LIDs from
 * #GVerbsPortAttr:lid (`lmc`).
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:max-vl-num:
 *
 * The number of virtual lanes the port supports, as the IBTA code
 * (`max_vl_num`).
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:sm-sl:
 *
 * The service level to reach the subnet manager with (`sm_sl`).
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:subnet-timeout:
 *
 * The subnet propagation delay, as the exponent of 4.096 µs × 2^value
 * (`subnet_timeout`).
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:init-type-reply:
 *
 * The type of initialization the subnet manager did (`init_type_reply`).
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:active-width:
 *
 * The active link width, as the IBTA code: 1 is 1x, 2 is 4x, 4 is 8x, 8 is
 * 12x, 16 is 2x (`active_width`).
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:active-speed:
 *
 * The active link speed per lane, as the IBTA code: 1 SDR, 2 DDR, 4 QDR, 8
 * FDR10, 16 FDR, 32 EDR, 64 HDR, 128 NDR (`active_speed`).
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:phys-state:
 *
 * The physical port state, as the IBTA code: 5 is LinkUp, 3 Disabled, 2
 * Polling (`phys_state`).
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:link-layer:
 *
 * The link layer (`link_layer`): 1 is InfiniBand, 2 Ethernet (RoCE), 0
 * unspecified.
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:flags:
 *
 * Further port flags (`flags`): bit 0 set means the GRH is required on this
 * port, as on RoCE.
 *
 * Since: 0.1
 */
/**
 * GVerbsPortAttr:port-cap-flags2:
 *
 * More port capabilities (`port_cap_flags2`, #GVerbsPortCapFlags2).
 *
 * Since: 0.1
 */
static const GVerbsField fields[] = {
  F (state, GVERBS_FIELD_ENUM, gverbs_port_state_get_type),
  F (max_mtu, GVERBS_FIELD_ENUM, gverbs_mtu_get_type),
  F (active_mtu, GVERBS_FIELD_ENUM, gverbs_mtu_get_type),
  F (gid_tbl_len, GVERBS_FIELD_INT, NULL),
  F (port_cap_flags, GVERBS_FIELD_FLAGS, gverbs_port_cap_flags_get_type),
  F (max_msg_sz, GVERBS_FIELD_UINT, NULL),
  F (bad_pkey_cntr, GVERBS_FIELD_UINT, NULL),
  F (qkey_viol_cntr, GVERBS_FIELD_UINT, NULL),
  F (pkey_tbl_len, GVERBS_FIELD_UINT, NULL),
  F (lid, GVERBS_FIELD_UINT, NULL),
  F (sm_lid, GVERBS_FIELD_UINT, NULL),
  F (lmc, GVERBS_FIELD_UINT, NULL),
  F (max_vl_num, GVERBS_FIELD_UINT, NULL),
  F (sm_sl, GVERBS_FIELD_UINT, NULL),
  F (subnet_timeout, GVERBS_FIELD_UINT, NULL),
  F (init_type_reply, GVERBS_FIELD_UINT, NULL),
  F (active_width, GVERBS_FIELD_UINT, NULL),
  F (active_speed, GVERBS_FIELD_UINT, NULL),
  F (phys_state, GVERBS_FIELD_UINT, NULL),
  F (link_layer, GVERBS_FIELD_UINT, NULL),
  F (flags, GVERBS_FIELD_UINT, NULL),
  F (port_cap_flags2, GVERBS_FIELD_FLAGS, gverbs_port_cap_flags2_get_type),
};
#undef F

GVERBS_DEFINE_FIELDS_TYPE (GVerbsPortAttr, gverbs_port_attr, struct ibv_port_attr, attr, fields,
                           _gverbs_port_attr_new)

/**
 * gverbs_port_attr_get_width_lanes:
 * @self: a #GVerbsPortAttr
 *
 * Decodes `active_width` (1X, 2X, 4X, 8X, 12X) to a number of lanes.
 *
 * Returns: the number of lanes, 0 if the width is not a known code
 *
 * Since: 0.1
 */
guint
gverbs_port_attr_get_width_lanes (GVerbsPortAttr *self)
{
  g_return_val_if_fail (GVERBS_IS_PORT_ATTR (self), 0);
  switch (self->attr.active_width)
    {
    case 1: return 1;
    case 2: return 4;
    case 4: return 8;
    case 8: return 12;
    case 16: return 2;
    default: return 0;
    }
}

/**
 * gverbs_port_attr_get_lane_gbps:
 * @self: a #GVerbsPortAttr
 *
 * Decodes `active_speed` (SDR, DDR, QDR …) to the signalling rate of one lane.
 *
 * Returns: gigabits per second per lane, 0 if the speed is not a known code
 *
 * Since: 0.1
 */
double
gverbs_port_attr_get_lane_gbps (GVerbsPortAttr *self)
{
  g_return_val_if_fail (GVERBS_IS_PORT_ATTR (self), 0);
  switch (self->attr.active_speed)
    {
    case 1: return 2.5;
    case 2: return 5.0;
    case 4: return 10.0;
    case 8: return 10.0;
    case 16: return 14.0;
    case 32: return 25.0;
    case 64: return 50.0;
    case 128: return 100.0;
    default: return 0;
    }
}

/**
 * gverbs_port_attr_get_mtu_bytes:
 * @self: a #GVerbsPortAttr
 *
 * Gets the active MTU (#GVerbsPortAttr:active-mtu) in bytes.
 *
 * Returns: the active MTU in bytes (256 … 4096), 0 if unknown
 *
 * Since: 0.1
 */
guint
gverbs_port_attr_get_mtu_bytes (GVerbsPortAttr *self)
{
  g_return_val_if_fail (GVERBS_IS_PORT_ATTR (self), 0);
  if (self->attr.active_mtu < IBV_MTU_256 || self->attr.active_mtu > IBV_MTU_4096)
    return 0;
  return 128u << self->attr.active_mtu;
}

static char *
coded (const char *text,
       int         code)
{
  return text ? g_strdup_printf ("%s (%d)", text, code) : NULL;
}

/* The name of @code in the array @names of @n_names, or NULL. */
static const char *
name_of (const char *const *names,
         gsize               n_names,
         int                 code)
{
  return code >= 0 && (gsize) code < n_names ? names[code] : NULL;
}
#define NAME_OF(names, code) name_of (names, G_N_ELEMENTS (names), code)

static const char *const port_state_names[] = { "NOP", "Down", "Init", "Armed", "Active", "Defer" };
static const char *const mtu_names[] = { NULL, "256", "512", "1024", "2048", "4096" };
static const char *const link_layer_names[] = { "Unspecified", "InfiniBand", "Ethernet" };
static const char *const phys_state_names[] = {
  NULL, "Sleep", "Polling", "Disabled", "Port configuration training", "Link up",
  "Link error recovery", "Phy test"
};

static const char *
width_text (int width)
{
  switch (width)
    {
    case 1: return "1X";
    case 2: return "4X";
    case 4: return "8X";
    case 8: return "12X";
    case 16: return "2X";
    default: return NULL;
    }
}

/**
 * gverbs_port_attr_to_string:
 * @self: a #GVerbsPortAttr
 *
 * Formats the attributes in the layout pyverbs prints for `PortAttr`, with
 * states, MTUs, width and speed decoded and the capability flags by name.
 *
 * Returns: (transfer full): the text
 *
 * Since: 0.1
 */
char *
gverbs_port_attr_to_string (GVerbsPortAttr *self)
{
  /* between the rows that name values: SM lid … lmc, Max message size …
   * Init type reply, Flags */
#define R(member, label, format, type) GVERBS_PRINT_ROW (struct ibv_port_attr, member, label, 24, format, type)
  static const GVerbsPrintRow rows[] = {
    R (sm_lid, "SM lid", GVERBS_PRINT_UINT, NULL),
    R (lid, "Port lid", GVERBS_PRINT_UINT, NULL),
    R (lmc, "lmc", GVERBS_PRINT_HEX, NULL),
    R (max_msg_sz, "Max message size", GVERBS_PRINT_HEX, NULL),
    R (port_cap_flags, "Port cap flags", GVERBS_PRINT_IBV_FLAGS, gverbs_port_cap_flags_get_type),
    R (port_cap_flags2, "Port cap flags 2", GVERBS_PRINT_IBV_FLAGS, gverbs_port_cap_flags2_get_type),
    R (max_vl_num, "max VL num", GVERBS_PRINT_UINT, NULL),
    R (bad_pkey_cntr, "Bad Pkey counter", GVERBS_PRINT_UINT, NULL),
    R (qkey_viol_cntr, "Qkey violations counter", GVERBS_PRINT_UINT, NULL),
    R (gid_tbl_len, "GID table len", GVERBS_PRINT_INT, NULL),
    R (pkey_tbl_len, "Pkey table len", GVERBS_PRINT_UINT, NULL),
    R (sm_sl, "SM sl", GVERBS_PRINT_UINT, NULL),
    R (subnet_timeout, "Subnet timeout", GVERBS_PRINT_UINT, NULL),
    R (init_type_reply, "Init type reply", GVERBS_PRINT_UINT, NULL),
    R (flags, "Flags", GVERBS_PRINT_UINT, NULL),
  };
#undef R
  const struct ibv_port_attr *a;
  GString *out;
  g_autofree char *state = NULL, *max_mtu = NULL, *active_mtu = NULL, *width = NULL;
  g_autofree char *speed = NULL, *phys = NULL, *ll = NULL;
  double lane;

  g_return_val_if_fail (GVERBS_IS_PORT_ATTR (self), NULL);
  a = &self->attr;
  out = g_string_new (NULL);
  lane = gverbs_port_attr_get_lane_gbps (self);

  state = coded (NAME_OF (port_state_names, a->state), a->state);
  if (state == NULL)
    state = g_strdup_printf ("Invalid state (%d)", a->state);
  max_mtu = coded (NAME_OF (mtu_names, a->max_mtu), a->max_mtu);
  if (max_mtu == NULL)
    max_mtu = g_strdup_printf ("Invalid MTU (%d)", a->max_mtu);
  active_mtu = coded (NAME_OF (mtu_names, a->active_mtu), a->active_mtu);
  if (active_mtu == NULL)
    active_mtu = g_strdup_printf ("Invalid MTU (%d)", a->active_mtu);
  ll = g_strdup (NAME_OF (link_layer_names, a->link_layer));
  if (ll == NULL)
    ll = g_strdup_printf ("Invalid link layer (%d)", a->link_layer);
  width = coded (width_text (a->active_width), a->active_width);
  if (width == NULL)
    width = g_strdup ("Invalid width");
  speed = (lane > 0 || a->active_speed == 0)
    ? g_strdup_printf ("%.1f Gbps (%d)", lane, a->active_speed)
    : g_strdup ("Invalid speed");
  phys = coded (NAME_OF (phys_state_names, a->phys_state), a->phys_state);
  if (phys == NULL)
    phys = g_strdup ("Invalid physical state");

  _gverbs_append_row (out, 24, "Port state", state);
  _gverbs_append_row (out, 24, "Max MTU", max_mtu);
  _gverbs_append_row (out, 24, "Active MTU", active_mtu);
  _gverbs_print_rows (out, rows, 3, a);
  _gverbs_append_row (out, 24, "Link layer", ll);
  _gverbs_print_rows (out, rows + 3, G_N_ELEMENTS (rows) - 4, a);
  _gverbs_append_row (out, 24, "Active width", width);
  _gverbs_append_row (out, 24, "Active speed", speed);
  _gverbs_append_row (out, 24, "Phys state", phys);
  _gverbs_print_rows (out, rows + G_N_ELEMENTS (rows) - 1, 1, a);
  return g_string_free (out, FALSE);
}
