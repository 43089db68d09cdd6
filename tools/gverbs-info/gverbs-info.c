/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* gverbs-info: the RDMA devices and their ports, as ibv_devinfo prints
 * them, read through libgverbs; --json for scripts; --watch to follow
 * device, port and GID events (GVerbsDeviceMonitor) and counter rates
 * (GVerbsPortCounters) as they happen.
 *
 *   gverbs-info [-d DEVICE] [-i PORT] [-v] [--json] [-l]
 *   gverbs-info --watch [-d DEVICE] [--interval SECONDS]
 */
#include <gverbs.h>
#include <glib-unix.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <net/if.h>
#include <stdio.h>
#include <string.h>

static char *opt_device;
static int opt_port;
static gboolean opt_verbose;
static gboolean opt_json;
static gboolean opt_list;
static gboolean opt_watch;
static double opt_interval = 1.0;

static const GOptionEntry entries[] = {
  { "ib-dev", 'd', 0, G_OPTION_ARG_STRING, &opt_device, N_("Use this device (default: all)"), N_("DEVICE") },
  { "ib-port", 'i', 0, G_OPTION_ARG_INT, &opt_port, N_("Show only this port"), N_("PORT") },
  { "verbose", 'v', 0, G_OPTION_ARG_NONE, &opt_verbose, N_("Print all the attributes and the GID table"), NULL },
  { "list", 'l', 0, G_OPTION_ARG_NONE, &opt_list, N_("Print only the device names"), NULL },
  { "json", 'j', 0, G_OPTION_ARG_NONE, &opt_json, N_("Print JSON"), NULL },
  { "watch", 'w', 0, G_OPTION_ARG_NONE, &opt_watch, N_("Print device, port and GID events and counter rates as they happen"), NULL },
  { "interval", 0, 0, G_OPTION_ARG_DOUBLE, &opt_interval, N_("Seconds between counter samples with --watch (default 1)"), N_("SECONDS") },
  { NULL }
};

/* ---- attribute access ---------------------------------------------- */

static guint64
get_u64 (gpointer    object,
         const char *name)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (object), name);
  g_auto(GValue) value = G_VALUE_INIT;

  g_assert (pspec != NULL);
  g_value_init (&value, pspec->value_type);
  g_object_get_property (object, name, &value);
  if (G_VALUE_HOLDS_ENUM (&value))
    return (guint64) g_value_get_enum (&value);
  if (G_VALUE_HOLDS_FLAGS (&value))
    return g_value_get_flags (&value);
  switch (G_VALUE_TYPE (&value))
    {
    case G_TYPE_INT: return (guint64) g_value_get_int (&value);
    case G_TYPE_UINT: return g_value_get_uint (&value);
    case G_TYPE_INT64: return (guint64) g_value_get_int64 (&value);
    case G_TYPE_UINT64: return g_value_get_uint64 (&value);
    case G_TYPE_BOOLEAN: return g_value_get_boolean (&value);
    default: g_assert_not_reached ();
    }
}

static char *
guid_text (guint64 guid)
{
  return g_strdup_printf ("%04x:%04x:%04x:%04x", (guint) (guid >> 48) & 0xffff,
                          (guint) (guid >> 32) & 0xffff, (guint) (guid >> 16) & 0xffff,
                          (guint) guid & 0xffff);
}

static const char *
transport_text (GVerbsTransportType type)
{
  switch ((int) type)
    {
    case GVERBS_TRANSPORT_IB: return "InfiniBand";
    case GVERBS_TRANSPORT_IWARP: return "iWARP";
    case GVERBS_TRANSPORT_USNIC: return "usNIC";
    case GVERBS_TRANSPORT_USNIC_UDP: return "usNIC UDP";
    case GVERBS_TRANSPORT_UNSPECIFIED: return "unspecified";
    default: return "invalid transport";
    }
}

static const char *
port_state_text (guint state)
{
  static const char *names[] = { "PORT_NOP", "PORT_DOWN", "PORT_INIT", "PORT_ARMED", "PORT_ACTIVE",
                                 "PORT_ACTIVE_DEFER" };

  return state < G_N_ELEMENTS (names) ? names[state] : "invalid state";
}

static const char *
mtu_text (guint mtu)
{
  static const char *names[] = { "invalid MTU", "256", "512", "1024", "2048", "4096" };

  return mtu < G_N_ELEMENTS (names) ? names[mtu] : "invalid MTU";
}

static const char *
link_layer_text (guint layer)
{
  switch (layer)
    {
    case 0:
    case 1: return "InfiniBand";
    case 2: return "Ethernet";
    default: return "Unknown";
    }
}

static const char *
phys_state_text (guint state)
{
  static const char *names[] = { "invalid physical state", "SLEEP", "POLLING", "DISABLED",
                                 "PORT_CONFIGURATION TRAINNING", "LINK_UP", "LINK_ERROR_RECOVERY",
                                 "PHY TEST" };

  return state < G_N_ELEMENTS (names) ? names[state] : "invalid physical state";
}

static const char *
width_text (guint width)
{
  switch (width)
    {
    case 1: return "1X";
    case 2: return "4X";
    case 4: return "8X";
    case 8: return "12X";
    case 16: return "2X";
    default: return "invalid width";
    }
}

static const char *
speed_text (guint speed)
{
  switch (speed)
    {
    case 1: return "2.5 Gbps";
    case 2: return "5.0 Gbps";
    case 4:
    case 8: return "10.0 Gbps";
    case 16: return "14.0 Gbps";
    case 32: return "25.0 Gbps";
    case 64: return "50.0 Gbps";
    case 128: return "100.0 Gbps";
    case 256: return "200.0 Gbps";
    default: return "invalid speed";
    }
}

static const char *
vl_text (guint vl)
{
  static const char *names[] = { "invalid value", "1", "2", "4", "8", "15" };

  return vl < G_N_ELEMENTS (names) ? names[vl] : "invalid value";
}

static const char *
atomic_text (guint cap)
{
  static const char *names[] = { "ATOMIC_NONE", "ATOMIC_HCA", "ATOMIC_GLOB" };

  return cap < G_N_ELEMENTS (names) ? names[cap] : "invalid atomic capability";
}

static const char *
gid_type_text (GVerbsGidType type)
{
  switch ((int) type)
    {
    case GVERBS_GID_TYPE_IB: return "IB";
    case GVERBS_GID_TYPE_ROCE_V1: return "RoCE v1";
    case GVERBS_GID_TYPE_ROCE_V2: return "RoCE v2";
    default: return "unknown";
    }
}

/* ---- one device ----------------------------------------------------- */

typedef enum {
  DEC,          /* unsigned decimal */
  SDEC,         /* signed decimal */
  HEX,          /* 0x%x */
  HEX_UPPER,    /* 0x%X */
  HEX4,         /* 0x%04x */
  HEX8,         /* 0x%08x */
  ATOMIC,       /* ATOMIC_HCA (1) */
} Format;

typedef struct {
  const char *key;      /* ibv_devinfo's name */
  const char *property; /* GVerbsDeviceAttr's */
  Format format;
} Row;

#define DEC_FORMAT "%" G_GINT64_MODIFIER "u"
static const Row device_rows_head[] = {
  { "vendor_id", "vendor-id", HEX4 },
  { "vendor_part_id", "vendor-part-id", DEC },
  { "hw_ver", "hw-ver", HEX_UPPER },
  { "phys_port_cnt", "phys-port-cnt", DEC },
};
static const Row device_rows_verbose[] = {
  { "max_mr_size", "max-mr-size", HEX },
  { "page_size_cap", "page-size-cap", HEX },
  { "max_qp", "max-qp", SDEC },
  { "max_qp_wr", "max-qp-wr", SDEC },
  { "device_cap_flags", "device-cap-flags", HEX8 },
  { "max_sge", "max-sge", SDEC },
  { "max_sge_rd", "max-sge-rd", SDEC },
  { "max_cq", "max-cq", SDEC },
  { "max_cqe", "max-cqe", SDEC },
  { "max_mr", "max-mr", SDEC },
  { "max_pd", "max-pd", SDEC },
  { "max_qp_rd_atom", "max-qp-rd-atom", SDEC },
  { "max_ee_rd_atom", "max-ee-rd-atom", SDEC },
  { "max_res_rd_atom", "max-res-rd-atom", SDEC },
  { "max_qp_init_rd_atom", "max-qp-init-rd-atom", SDEC },
  { "max_ee_init_rd_atom", "max-ee-init-rd-atom", SDEC },
  { "atomic_cap", "atomic-cap", ATOMIC },
  { "max_ee", "max-ee", SDEC },
  { "max_rdd", "max-rdd", SDEC },
  { "max_mw", "max-mw", SDEC },
  { "max_raw_ipv6_qp", "max-raw-ipv6-qp", SDEC },
  { "max_raw_ethy_qp", "max-raw-ethy-qp", SDEC },
  { "max_mcast_grp", "max-mcast-grp", SDEC },
  { "max_mcast_qp_attach", "max-mcast-qp-attach", SDEC },
  { "max_total_mcast_qp_attach", "max-total-mcast-qp-attach", SDEC },
  { "max_ah", "max-ah", SDEC },
  { "max_fmr", "max-fmr", SDEC },
  { "max_srq", "max-srq", SDEC },
  { "max_srq_wr", "max-srq-wr", SDEC },
  { "max_srq_sge", "max-srq-sge", SDEC },
  { "max_pkeys", "max-pkeys", DEC },
  { "local_ca_ack_delay", "local-ca-ack-delay", DEC },
};

/* Output either as ibv_devinfo's text or as JSON members. */
typedef struct {
  GString *out;
  gboolean json;
  guint depth;          /* text: tabs; json: nesting */
  gboolean first;       /* json: no comma before the next member */
} Out;

static void
json_string (GString    *out,
             const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_printf (out, "\\%c", *p);
      else if ((guchar) *p < 0x20)
        g_string_append_printf (out, "\\u%04x", (guchar) *p);
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static void
json_key (Out        *o,
          const char *key)
{
  if (!o->first)
    g_string_append_c (o->out, ',');
  o->first = FALSE;
  if (key != NULL)
    {
      json_string (o->out, key);
      g_string_append_c (o->out, ':');
    }
}

/* A text field "\tkey:\t\t\tvalue" aligned as ibv_devinfo aligns it; in
 * JSON the number when there is one, else the text. */
static void
field (Out        *o,
       const char *key,
       gboolean    is_number,
       guint64     number,
       const char *text)
{
  if (o->json)
    {
      json_key (o, key);
      if (is_number)
        g_string_append_printf (o->out, "%" G_GINT64_MODIFIER "u", number);
      else
        json_string (o->out, text);
      return;
    }
  {
    gsize width = strlen (key) + 1;
    guint tabs = width < 7 ? 3 : width < 15 ? 2 : 1;

    for (guint i = 0; i < o->depth; i++)
      g_string_append_c (o->out, '\t');
    g_string_append_printf (o->out, "%s:", key);
    if (o->depth == 1)
      tabs = width < 7 ? 4 : width < 15 ? 3 : width < 23 ? 2 : 1;
    for (guint i = 0; i < tabs; i++)
      g_string_append_c (o->out, '\t');
    g_string_append_printf (o->out, "%s\n", text);
  }
}

static void
field_printf (Out        *o,
              const char *key,
              guint64     number,
              const char *format,
              ...) G_GNUC_PRINTF (4, 5);

static void
field_printf (Out        *o,
              const char *key,
              guint64     number,
              const char *format,
              ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  field (o, key, TRUE, number, text);
}

static void
row_field (Out        *o,
           const char *key,
           guint64     v,
           Format      format)
{
  switch (format)
    {
    case DEC: field_printf (o, key, v, DEC_FORMAT, v); break;
    case SDEC: field_printf (o, key, v, "%" G_GINT64_MODIFIER "d", (gint64) v); break;
    case HEX: field_printf (o, key, v, "0x%" G_GINT64_MODIFIER "x", v); break;
    case HEX_UPPER: field_printf (o, key, v, "0x%" G_GINT64_MODIFIER "X", v); break;
    case HEX4: field_printf (o, key, v, "0x%04" G_GINT64_MODIFIER "x", v); break;
    case HEX8: field_printf (o, key, v, "0x%08" G_GINT64_MODIFIER "x", v); break;
    case ATOMIC: field_printf (o, key, v, "%s (%u)", atomic_text ((guint) v), (guint) v); break;
    default: g_assert_not_reached ();
    }
}

static void
open_object (Out        *o,
             const char *key,
             char        bracket)
{
  json_key (o, key);
  g_string_append_c (o->out, bracket);
  o->first = TRUE;
}

static void
close_object (Out  *o,
              char  bracket)
{
  g_string_append_c (o->out, bracket);
  o->first = FALSE;
}

static void
print_gids (Out           *o,
            GVerbsContext *ctx,
            guint          port)
{
  g_autoptr(GError) error = NULL;
  GList *table = gverbs_context_query_gid_table (ctx, -1, &error);

  if (o->json)
    open_object (o, "gids", '[');
  for (GList *l = table; l != NULL; l = l->next)
    {
      GVerbsGidEntry *entry = l->data;
      g_autofree char *address = NULL;
      g_autofree char *key = NULL;
      char ifname[IF_NAMESIZE + 1] = "";

      if (entry->port_num != port)
        continue;
      address = gverbs_gid_to_ipv6_string (&entry->gid);
      if (entry->ndev_ifindex != 0 && if_indextoname (entry->ndev_ifindex, ifname) == NULL)
        ifname[0] = '\0';
      if (o->json)
        {
          open_object (o, NULL, '{');
          field (o, "index", TRUE, entry->gid_index, NULL);
          field (o, "gid", FALSE, 0, address);
          field (o, "type", FALSE, 0, gid_type_text (entry->gid_type));
          field (o, "netdev", FALSE, 0, ifname);
          close_object (o, '}');
          continue;
        }
      key = g_strdup_printf ("GID[%3u]", entry->gid_index);
      {
        g_autofree char *text = g_strdup_printf ("%s, %s%s%s", address, gid_type_text (entry->gid_type),
                                                 *ifname ? ", " : "", ifname);
        /* ibv_devinfo aligns GIDs with two tabs */
        g_string_append_printf (o->out, "\t\t\t%s:\t\t%s\n", key, text);
      }
    }
  if (o->json)
    close_object (o, ']');
  g_list_free_full (table, (GDestroyNotify) gverbs_gid_entry_free);
  if (error != NULL && !o->json)
    g_printerr ("%s\n", error->message);
}

static void
print_port (Out           *o,
            GVerbsContext *ctx,
            guint          port)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPortAttr) attr = gverbs_context_query_port (ctx, port, &error);
  guint64 v;

  if (attr == NULL)
    {
      g_printerr (_("Failed to query port %u: %s\n"), port, error->message);
      return;
    }
  if (o->json)
    {
      open_object (o, NULL, '{');
      field (o, "port", TRUE, port, NULL);
    }
  else
    g_string_append_printf (o->out, "\t\tport:\t%u\n", port);
  o->depth = 3;
  v = get_u64 (attr, "state");
  field_printf (o, "state", v, "%s (%u)", port_state_text ((guint) v), (guint) v);
  v = get_u64 (attr, "max-mtu");
  field_printf (o, "max_mtu", v, "%s (%u)", mtu_text ((guint) v), (guint) v);
  v = get_u64 (attr, "active-mtu");
  field_printf (o, "active_mtu", v, "%s (%u)", mtu_text ((guint) v), (guint) v);
  v = get_u64 (attr, "sm-lid");
  field_printf (o, "sm_lid", v, DEC_FORMAT, v);
  v = get_u64 (attr, "lid");
  field_printf (o, "port_lid", v, DEC_FORMAT, v);
  v = get_u64 (attr, "lmc");
  field_printf (o, "port_lmc", v, "0x%02x", (guint) v);
  v = get_u64 (attr, "link-layer");
  field (o, "link_layer", FALSE, 0, link_layer_text ((guint) v));
  if (opt_verbose)
    {
      v = get_u64 (attr, "max-msg-sz");
      field_printf (o, "max_msg_sz", v, "0x%x", (guint) v);
      v = get_u64 (attr, "port-cap-flags");
      field_printf (o, "port_cap_flags", v, "0x%08x", (guint) v);
      v = get_u64 (attr, "port-cap-flags2");
      field_printf (o, "port_cap_flags2", v, "0x%04x", (guint) v);
      v = get_u64 (attr, "max-vl-num");
      field_printf (o, "max_vl_num", v, "%s (%u)", vl_text ((guint) v), (guint) v);
      v = get_u64 (attr, "bad-pkey-cntr");
      field_printf (o, "bad_pkey_cntr", v, "0x%x", (guint) v);
      v = get_u64 (attr, "qkey-viol-cntr");
      field_printf (o, "qkey_viol_cntr", v, "0x%x", (guint) v);
      v = get_u64 (attr, "sm-sl");
      field_printf (o, "sm_sl", v, DEC_FORMAT, v);
      v = get_u64 (attr, "pkey-tbl-len");
      field_printf (o, "pkey_tbl_len", v, DEC_FORMAT, v);
      v = get_u64 (attr, "gid-tbl-len");
      field_printf (o, "gid_tbl_len", v, DEC_FORMAT, v);
      v = get_u64 (attr, "subnet-timeout");
      field_printf (o, "subnet_timeout", v, DEC_FORMAT, v);
      v = get_u64 (attr, "init-type-reply");
      field_printf (o, "init_type_reply", v, DEC_FORMAT, v);
      v = get_u64 (attr, "active-width");
      field_printf (o, "active_width", v, "%s (%u)", width_text ((guint) v), (guint) v);
      v = get_u64 (attr, "active-speed");
      field_printf (o, "active_speed", v, "%s (%u)", speed_text ((guint) v), (guint) v);
      v = get_u64 (attr, "phys-state");
      field_printf (o, "phys_state", v, "%s (%u)", phys_state_text ((guint) v), (guint) v);
      print_gids (o, ctx, port);
    }
  if (o->json)
    close_object (o, '}');
  else
    g_string_append_c (o->out, '\n');
}

static gboolean
print_device (Out          *o,
              GVerbsDevice *device)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsContext) ctx = gverbs_context_new (gverbs_device_get_name (device), &error);
  g_autoptr(GVerbsDeviceAttr) attr = NULL;
  g_autofree char *fw = NULL;
  g_autofree char *node_guid = NULL;
  g_autofree char *image_guid = NULL;
  GVerbsTransportType transport = gverbs_device_get_transport_type (device);
  guint ports;

  if (ctx != NULL)
    attr = gverbs_context_query_device (ctx, &error);
  if (attr == NULL)
    {
      g_printerr (_("Failed to query device %s: %s\n"), gverbs_device_get_name (device), error->message);
      return FALSE;
    }
  g_object_get (attr, "fw-ver", &fw, NULL);
  node_guid = guid_text (get_u64 (attr, "node-guid"));
  image_guid = guid_text (get_u64 (attr, "sys-image-guid"));

  if (o->json)
    {
      open_object (o, NULL, '{');
      field (o, "hca_id", FALSE, 0, gverbs_device_get_name (device));
      field (o, "transport", FALSE, 0, transport_text (transport));
    }
  else
    {
      g_string_append_printf (o->out, "hca_id:\t%s\n", gverbs_device_get_name (device));
      o->depth = 1;
      field_printf (o, "transport", (guint64) transport, "%s (%d)", transport_text (transport), (int) transport);
    }
  o->depth = 1;
  field (o, "fw_ver", FALSE, 0, fw ? fw : "");
  field (o, "node_guid", FALSE, 0, node_guid);
  field (o, "sys_image_guid", FALSE, 0, image_guid);
  for (guint i = 0; i < G_N_ELEMENTS (device_rows_head); i++)
    {
      guint64 v = get_u64 (attr, device_rows_head[i].property);

      row_field (o, device_rows_head[i].key, v, device_rows_head[i].format);
    }
  if (opt_verbose)
    for (guint i = 0; i < G_N_ELEMENTS (device_rows_verbose); i++)
      {
        const Row *row = &device_rows_verbose[i];
        guint64 v = get_u64 (attr, row->property);

        row_field (o, row->key, v, row->format);
      }
  if (opt_verbose)
    field_printf (o, "num_comp_vectors", (guint64) gverbs_context_get_num_comp_vectors (ctx), "%d",
                  gverbs_context_get_num_comp_vectors (ctx));

  ports = (guint) get_u64 (attr, "phys-port-cnt");
  if (o->json)
    open_object (o, "ports", '[');
  for (guint p = 1; p <= ports; p++)
    if (opt_port == 0 || (guint) opt_port == p)
      print_port (o, ctx, p);
  if (o->json)
    {
      close_object (o, ']');
      close_object (o, '}');
    }
  return TRUE;
}

static int
print_devices (void)
{
  g_autoptr(GError) error = NULL;
  GList *devices = gverbs_get_devices (&error);
  Out o = { g_string_new (NULL), opt_json, 0, TRUE };
  guint shown = 0;
  int status = 0;

  if (error != NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  if (opt_list)
    {
      g_print (ngettext ("%u HCA found:\n", "%u HCAs found:\n", g_list_length (devices)),
               g_list_length (devices));
      for (GList *l = devices; l != NULL; l = l->next)
        g_print ("\t%s\n", gverbs_device_get_name (l->data));
      g_list_free_full (devices, g_object_unref);
      return 0;
    }
  if (opt_json)
    open_object (&o, NULL, '[');
  for (GList *l = devices; l != NULL; l = l->next)
    {
      if (opt_device != NULL && g_strcmp0 (opt_device, gverbs_device_get_name (l->data)) != 0)
        continue;
      if (!print_device (&o, l->data))
        status = 1;
      shown++;
    }
  if (opt_json)
    {
      close_object (&o, ']');
      g_string_append_c (o.out, '\n');
    }
  if (devices == NULL && !opt_json)
    g_print (_("No IB devices found\n"));
  else if (opt_device != NULL && shown == 0)
    {
      g_printerr (_("IB device '%s' wasn't found\n"), opt_device);
      status = 255;
    }
  fputs (o.out->str, stdout);
  g_string_free (o.out, TRUE);
  g_list_free_full (devices, g_object_unref);
  return status;
}

/* ---- --watch -------------------------------------------------------- */

typedef struct {
  GVerbsDeviceMonitor *monitor;
  GHashTable *counters;       /* "dev/port" -> GVerbsPortCounters */
  GMainLoop *loop;
} Watch;

static void
event_line (const char *format,
            ...) G_GNUC_PRINTF (1, 2);

static void
event_line (const char *format,
            ...)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%H:%M:%S.%f");
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  stamp[12] = '\0';   /* milliseconds */
  if (opt_json)
    {
      GString *out = g_string_new ("{\"time\":");

      json_string (out, stamp);
      g_string_append_printf (out, ",%s}\n", text);
      fputs (out->str, stdout);
      g_string_free (out, TRUE);
    }
  else
    printf ("%s %s\n", stamp, text);
  fflush (stdout);
}

static gboolean
wanted (const char *device)
{
  return opt_device == NULL || g_strcmp0 (opt_device, device) == 0;
}

static void
watch_ports (Watch        *w,
             GVerbsDevice *device)
{
  GListModel *ports = gverbs_device_monitor_get_ports (w->monitor, gverbs_device_get_name (device));

  for (guint i = 0; ports != NULL && i < g_list_model_get_n_items (ports); i++)
    {
      g_autoptr(GVerbsPortStatus) port = g_list_model_get_item (ports, i);
      g_autofree char *key = g_strdup_printf ("%s/%u", gverbs_device_get_name (device),
                                              gverbs_port_status_get_port_num (port));
      GVerbsPortCounters *counters = gverbs_port_counters_new (gverbs_device_get_name (device),
                                                               gverbs_port_status_get_port_num (port), NULL);

      if (counters != NULL)
        {
          gverbs_port_counters_sample (counters, NULL);
          g_hash_table_replace (w->counters, g_steal_pointer (&key), counters);
        }
    }
}

static void
on_device_added (GVerbsDeviceMonitor *monitor,
                 GVerbsDevice        *device,
                 Watch               *w)
{
  g_autofree char *guid = guid_text (gverbs_device_get_guid (device));

  if (!wanted (gverbs_device_get_name (device)))
    return;
  if (opt_json)
    {
      GString *name = g_string_new (NULL);

      json_string (name, gverbs_device_get_name (device));
      event_line ("\"event\":\"device-added\",\"device\":%s,\"node_guid\":\"%s\"", name->str, guid);
      g_string_free (name, TRUE);
    }
  else
    event_line (_("device added: %s node_guid %s"), gverbs_device_get_name (device), guid);
  watch_ports (w, device);
}

static void
on_device_removed (GVerbsDeviceMonitor *monitor,
                   GVerbsDevice        *device,
                   Watch               *w)
{
  GHashTableIter iter;
  gpointer key;
  g_autofree char *prefix = g_strdup_printf ("%s/", gverbs_device_get_name (device));

  if (!wanted (gverbs_device_get_name (device)))
    return;
  if (opt_json)
    event_line ("\"event\":\"device-removed\",\"device\":\"%s\"", gverbs_device_get_name (device));
  else
    event_line (_("device removed: %s"), gverbs_device_get_name (device));
  g_hash_table_iter_init (&iter, w->counters);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (g_str_has_prefix (key, prefix))
      g_hash_table_iter_remove (&iter);
}

static void
on_port_event (GVerbsDeviceMonitor *monitor,
               GVerbsPortStatus    *port,
               GVerbsAsyncEvent    *event,
               Watch               *w)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (GVERBS_TYPE_EVENT_TYPE);
  GEnumValue *value = g_enum_get_value (klass, gverbs_async_event_get_event_type (event));
  const char *nick = value ? value->value_nick : "unknown";
  guint state = gverbs_port_status_get_state (port);
  g_autoptr(GPtrArray) gids = gverbs_port_status_get_gids (port);

  if (!wanted (gverbs_port_status_get_device_name (port)))
    return;
  if (opt_json)
    event_line ("\"event\":\"%s\",\"device\":\"%s\",\"port\":%u,\"state\":\"%s\",\"gids\":%u",
                nick, gverbs_port_status_get_device_name (port), gverbs_port_status_get_port_num (port),
                port_state_text (state), gids->len);
  else
    event_line (_("%s port %u: %s, state %s (%u), %u GIDs"), gverbs_port_status_get_device_name (port),
                gverbs_port_status_get_port_num (port), nick, port_state_text (state), state, gids->len);
}

static gboolean
on_sample (gpointer user_data)
{
  Watch *w = user_data;
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, w->counters);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GVerbsPortCounters *counters = value;
      g_auto(GStrv) names = NULL;
      GString *line = g_string_new (NULL);

      if (!gverbs_port_counters_sample (counters, NULL))
        {
          g_string_free (line, TRUE);
          continue;
        }
      names = gverbs_port_counters_get_names (counters);
      for (guint i = 0; names[i] != NULL; i++)
        {
          double rate = gverbs_port_counters_get_rate (counters, names[i]);

          if (rate <= 0)
            continue;
          if (opt_json)
            g_string_append_printf (line, ",\"%s\":%.1f", names[i], rate);
          else
            g_string_append_printf (line, " %s %.1f/s", names[i], rate);
        }
      if (line->len > 0)
        {
          if (opt_json)
            event_line ("\"event\":\"rates\",\"device\":\"%s\",\"port\":%u%s",
                        gverbs_port_counters_get_device_name (counters),
                        gverbs_port_counters_get_port_num (counters), line->str);
          else
            event_line (_("%s port %u rates:%s"), gverbs_port_counters_get_device_name (counters),
                        gverbs_port_counters_get_port_num (counters), line->str);
        }
      g_string_free (line, TRUE);
    }
  return G_SOURCE_CONTINUE;
}

static gboolean
on_quit (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_CONTINUE;
}

static int
watch (void)
{
  g_autoptr(GError) error = NULL;
  Watch w = { 0 };
  guint n;

  w.monitor = gverbs_device_monitor_new (NULL, &error);
  if (w.monitor == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  w.counters = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  w.loop = g_main_loop_new (NULL, FALSE);
  n = g_list_model_get_n_items (G_LIST_MODEL (w.monitor));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GVerbsDevice) device = g_list_model_get_item (G_LIST_MODEL (w.monitor), i);

      on_device_added (w.monitor, device, &w);
    }
  g_signal_connect (w.monitor, "device-added", G_CALLBACK (on_device_added), &w);
  g_signal_connect (w.monitor, "device-removed", G_CALLBACK (on_device_removed), &w);
  g_signal_connect (w.monitor, "port-event", G_CALLBACK (on_port_event), &w);
  g_timeout_add ((guint) (opt_interval * 1000), on_sample, &w);
  g_unix_signal_add (SIGINT, on_quit, w.loop);
  g_unix_signal_add (SIGTERM, on_quit, w.loop);
  if (opt_json)
    event_line ("\"event\":\"watching\"");
  else
    event_line (_("watching"));
  g_main_loop_run (w.loop);
  g_main_loop_unref (w.loop);
  g_hash_table_unref (w.counters);
  gverbs_resource_close (GVERBS_RESOURCE (w.monitor), NULL);
  g_object_unref (w.monitor);
  return 0;
}

int
main (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  context = g_option_context_new (NULL);
  g_option_context_set_summary (context, _("Show the RDMA devices and their ports, as ibv_devinfo does."));
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (opt_interval < 0.05)
    opt_interval = 0.05;
  if (opt_watch)
    return watch ();
  return print_devices ();
}
