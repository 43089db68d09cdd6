/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <inttypes.h>

#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "gverbs-context.h"
#include "gverbs-context-private.h"
#include "gverbs-error.h"
#include "gverbs-gid-entry-private.h"

/**
 * SECTION:gverbs-addressing
 * @title: RoCE addressing
 * @short_description: GID, GID type and P_Key queries, and how libgverbs
 *   chooses a GID
 *
 * On RoCE a port's GID table holds one entry per IP address of the network
 * device under it (and per RoCE version the device supports): the IPv6
 * link-local address derived from the MAC address, each global IPv6
 * address, and each IPv4 address in its IPv4-mapped form
 * (`::ffff:10.77.0.1`). Two peers must use GIDs of the same RoCE version
 * and address family, and a GID index that is right on one machine is often
 * wrong on another, so libgverbs chooses GIDs by what they are, not by
 * index.
 *
 * The policy, used by the examples and the path and connection helpers:
 *
 * - gverbs_context_find_gid() takes the port's valid GID entries of the
 *   wanted #GVerbsGidType and address family (%G_SOCKET_FAMILY_IPV4:
 *   IPv4-mapped GIDs; %G_SOCKET_FAMILY_IPV6: all other GIDs;
 *   %G_SOCKET_FAMILY_INVALID: any) and prefers, in this order,
 *   1. an IPv4-mapped GID,
 *   2. a global IPv6 GID (not link-local),
 *   3. a link-local GID (`fe80::/10`),
 *   the lowest index first within each class. IPv4-mapped GIDs come first
 *   because they are routable and what rdma_cm and most RoCE peers use;
 *   link-local GIDs come last because they only work on one link.
 * - gverbs_context_find_default_gid() applies that order to RoCE v2 GIDs,
 *   then RoCE v1, then InfiniBand GIDs: on RoCE it gives the RoCE v2 GID of
 *   the port's IPv4 address when there is one.
 * - gverbs_context_find_gid_by_address() finds the GID of one IP address
 *   (IPv4, IPv6, or GID text), preferring RoCE v2 over RoCE v1 over
 *   InfiniBand when the address has entries of several types.
 * - gverbs_context_find_gid_by_netdev() applies gverbs_context_find_gid()'s
 *   order to the GIDs of one network device (`eth0`).
 *
 * Each fails with %GVERBS_ERROR_NOT_FOUND, in a message that lists the
 * port's GIDs, when nothing matches. The GID table changes when addresses
 * are added or removed (#GVerbsContext::async-event reports
 * %GVERBS_EVENT_GID_CHANGE), so look a GID up when you need it rather than
 * keeping its index.
 */

static void
set_error (GError    **error,
           GVerbsError code,
           const char *call,
           GVerbsContext *self,
           const char *format,
           ...) G_GNUC_PRINTF (5, 6);

static void
set_error (GError    **error,
           GVerbsError code,
           const char *call,
           GVerbsContext *self,
           const char *format,
           ...)
{
  g_autofree char *detail = NULL;
  va_list args;

  va_start (args, format);
  detail = g_strdup_vprintf (format, args);
  va_end (args);
  /* TRANSLATORS: "ibv_query_gid on rxe0: GID index 2000 is out of range …" */
  g_set_error (error, GVERBS_ERROR, code, _("%s on %s: %s"),
               call, gverbs_context_get_name (self), detail);
}

/* Checks port and index against the port's table length (GID or P_Key). */
static gboolean
check_index (GVerbsContext  *self,
             guint           port_num,
             guint           index,
             gboolean        pkey,
             const char     *call,
             GError        **error)
{
  struct ibv_port_attr attr;
  guint len;
  int rc;

  if (!_gverbs_context_check_port (self, port_num, call, error))
    return FALSE;
  rc = ibv_query_port (_gverbs_context_get_ibv (self), (guint8) port_num, &attr);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_query_port", gverbs_context_get_name (self),
                               _("port %u"), port_num);
      return FALSE;
    }
  len = pkey ? attr.pkey_tbl_len : (guint) attr.gid_tbl_len;
  if (index >= len)
    {
      if (pkey)
        set_error (error, GVERBS_ERROR_OUT_OF_RANGE, call, self,
                   _("P_Key index %u is out of range: port %u has %u P_Key entries (0 to %u)"),
                   index, port_num, len, len ? len - 1 : 0);
      else
        set_error (error, GVERBS_ERROR_OUT_OF_RANGE, call, self,
                   _("GID index %u is out of range: port %u has %u GID entries (0 to %u)"),
                   index, port_num, len, len ? len - 1 : 0);
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_context_query_gid:
 * @self: a #GVerbsContext
 * @port_num: the port, from 1
 * @index: the GID table index
 * @error: return location for a #GError
 *
 * Reads one entry of a port's GID table (`ibv_query_gid()`). An empty entry
 * reads as the all-zero GID. A port the device does not have gives
 * %GVERBS_ERROR_INVALID_ARGUMENT; an index past the table,
 * %GVERBS_ERROR_OUT_OF_RANGE.
 *
 * Returns: (transfer full): the GID, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsGid *
gverbs_context_query_gid (GVerbsContext  *self,
                          guint           port_num,
                          guint           index,
                          GError        **error)
{
  union ibv_gid gid;
  int rc;

  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!_gverbs_context_check_port (self, port_num, "ibv_query_gid", error))
    return NULL;
  /* the index is checked against the table (a port query) only when the
   * read fails, to say why: a read is one system call */
  errno = 0;
  rc = index <= G_MAXINT ? ibv_query_gid (_gverbs_context_get_ibv (self), (guint8) port_num,
                                          (int) index, &gid) : -1;
  if (rc != 0)
    {
      int saved_errno = errno ? errno : EINVAL;

      if (check_index (self, port_num, index, FALSE, "ibv_query_gid", error))
        _gverbs_set_error_errno (error, saved_errno, "ibv_query_gid",
                                 gverbs_context_get_name (self), _("port %u, GID index %u"),
                                 port_num, index);
      return NULL;
    }
  return gverbs_gid_new_from_bytes (gid.raw, sizeof gid.raw, NULL);
}

/**
 * gverbs_context_query_gid_ex:
 * @self: a #GVerbsContext
 * @port_num: the port, from 1
 * @index: the GID table index
 * @error: return location for a #GError
 *
 * Reads one entry of a port's GID table with its type and network device
 * (`ibv_query_gid_ex()`). An empty entry gives %GVERBS_ERROR_NOT_FOUND; a
 * port the device does not have, %GVERBS_ERROR_INVALID_ARGUMENT; an index
 * past the table, %GVERBS_ERROR_OUT_OF_RANGE.
 *
 * Returns: (transfer full): the entry, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsGidEntry *
gverbs_context_query_gid_ex (GVerbsContext  *self,
                             guint           port_num,
                             guint           index,
                             GError        **error)
{
  struct ibv_gid_entry entry;
  GVerbsGidEntry *result;
  int rc;

  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_index (self, port_num, index, FALSE, "ibv_query_gid_ex", error))
    return NULL;
  rc = ibv_query_gid_ex (_gverbs_context_get_ibv (self), port_num, index, &entry, 0);
  if (rc == ENODATA)
    {
      set_error (error, GVERBS_ERROR_NOT_FOUND, "ibv_query_gid_ex", self,
                 _("GID index %u of port %u is empty (ENODATA)"), index, port_num);
      return NULL;
    }
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_query_gid_ex", gverbs_context_get_name (self),
                               _("port %u, GID index %u"), port_num, index);
      return NULL;
    }
  result = g_new0 (GVerbsGidEntry, 1);
  _gverbs_gid_entry_from_ibv (result, &entry);
  return result;
}

/**
 * gverbs_context_query_gid_type:
 * @self: a #GVerbsContext
 * @port_num: the port, from 1
 * @index: the GID table index
 * @error: return location for a #GError
 *
 * Gives the type of one GID table entry (InfiniBand, RoCE v1 or RoCE v2),
 * with the errors of gverbs_context_query_gid_ex().
 *
 * Returns: the type, a #GVerbsGidType value; -1 on error
 *
 * Since: 0.1
 */
int
gverbs_context_query_gid_type (GVerbsContext  *self,
                               guint           port_num,
                               guint           index,
                               GError        **error)
{
  g_autoptr(GVerbsGidEntry) entry = NULL;

  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), -1);
  entry = gverbs_context_query_gid_ex (self, port_num, index, error);
  return entry ? (int) entry->gid_type : -1;
}

/**
 * gverbs_context_query_gid_table:
 * @self: a #GVerbsContext
 * @max_entries: the most entries to read, or -1 for all of them
 * @error: return location for a #GError
 *
 * Reads the valid entries of the GID tables of all ports
 * (`ibv_query_gid_table()`). As in rdma-core, a @max_entries smaller than
 * the number of valid entries fails with %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: (transfer full) (element-type GVerbsGidEntry): the entries in
 *   table order (free with `g_list_free_full (list, (GDestroyNotify)
 *   gverbs_gid_entry_free)`), or %NULL on error (or when there are none)
 *
 * Since: 0.1
 */
GList *
gverbs_context_query_gid_table (GVerbsContext  *self,
                                int             max_entries,
                                GError        **error)
{
  struct ibv_device_attr dev;
  g_autofree struct ibv_gid_entry *entries = NULL;
  GList *result = NULL;
  gsize total = 0;
  gsize room;
  ssize_t n;
  int rc;

  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!_gverbs_resource_check_open (self, error))
    return NULL;
  if (max_entries < -1)
    {
      set_error (error, GVERBS_ERROR_INVALID_ARGUMENT, "ibv_query_gid_table", self,
                 _("max_entries is %d: give a count, or -1 for all entries"), max_entries);
      return NULL;
    }
  rc = ibv_query_device (_gverbs_context_get_ibv (self), &dev);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_query_device", gverbs_context_get_name (self), NULL);
      return NULL;
    }
  for (guint port = 1; port <= dev.phys_port_cnt; port++)
    {
      struct ibv_port_attr attr;

      rc = ibv_query_port (_gverbs_context_get_ibv (self), (guint8) port, &attr);
      if (rc != 0)
        {
          _gverbs_set_error_errno (error, rc, "ibv_query_port", gverbs_context_get_name (self),
                                   _("port %u"), port);
          return NULL;
        }
      total += attr.gid_tbl_len;
    }

  room = max_entries < 0 ? total : MIN ((gsize) max_entries, total);
  entries = g_new0 (struct ibv_gid_entry, MAX (room, 1));
  n = ibv_query_gid_table (_gverbs_context_get_ibv (self), entries, room, 0);
  if (n < 0)
    {
      _gverbs_set_error_errno (error, (int) -n, "ibv_query_gid_table", gverbs_context_get_name (self),
                               _("room for %zu entries"), room);
      return NULL;
    }

  for (ssize_t i = n - 1; i >= 0; i--)
    {
      GVerbsGidEntry *entry = g_new0 (GVerbsGidEntry, 1);

      _gverbs_gid_entry_from_ibv (entry, &entries[i]);
      result = g_list_prepend (result, entry);
    }
  return result;
}

/**
 * gverbs_context_query_pkey:
 * @self: a #GVerbsContext
 * @port_num: the port, from 1
 * @index: the P_Key table index
 * @error: return location for a #GError
 *
 * Reads one entry of a port's P_Key table (`ibv_query_pkey()`), in host
 * byte order (`0xffff` is the default full-membership key). A port the
 * device does not have gives %GVERBS_ERROR_INVALID_ARGUMENT; an index past
 * the table, %GVERBS_ERROR_OUT_OF_RANGE.
 *
 * Returns: the P_Key, or -1 on error
 *
 * Since: 0.1
 */
int
gverbs_context_query_pkey (GVerbsContext  *self,
                           guint           port_num,
                           guint           index,
                           GError        **error)
{
  __be16 pkey;
  int rc;

  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), -1);
  g_return_val_if_fail (error == NULL || *error == NULL, -1);

  if (!check_index (self, port_num, index, TRUE, "ibv_query_pkey", error))
    return -1;
  rc = ibv_query_pkey (_gverbs_context_get_ibv (self), (guint8) port_num, (int) index, &pkey);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, errno ? errno : EINVAL, "ibv_query_pkey",
                               gverbs_context_get_name (self), _("port %u, P_Key index %u"),
                               port_num, index);
      return -1;
    }
  return ntohs (pkey);
}

/**
 * gverbs_context_get_pkey_index:
 * @self: a #GVerbsContext
 * @port_num: the port, from 1
 * @pkey: the P_Key, in host byte order
 * @error: return location for a #GError
 *
 * Finds the index of a P_Key in a port's P_Key table
 * (`ibv_get_pkey_index()`). A P_Key that is not in the table gives
 * %GVERBS_ERROR_NOT_FOUND.
 *
 * Returns: the index, or -1 on error
 *
 * Since: 0.1
 */
int
gverbs_context_get_pkey_index (GVerbsContext  *self,
                               guint           port_num,
                               guint           pkey,
                               GError        **error)
{
  int index;

  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), -1);
  g_return_val_if_fail (error == NULL || *error == NULL, -1);

  if (!_gverbs_context_check_port (self, port_num, "ibv_get_pkey_index", error))
    return -1;
  if (pkey > G_MAXUINT16)
    {
      set_error (error, GVERBS_ERROR_INVALID_ARGUMENT, "ibv_get_pkey_index", self,
                 _("P_Key 0x%x is larger than 16 bits"), pkey);
      return -1;
    }
  index = ibv_get_pkey_index (_gverbs_context_get_ibv (self), (guint8) port_num, htons ((guint16) pkey));
  if (index < 0)
    {
      set_error (error, GVERBS_ERROR_NOT_FOUND, "ibv_get_pkey_index", self,
                 _("P_Key 0x%04x is not in the P_Key table of port %u"), pkey, port_num);
      return -1;
    }
  return index;
}

/* --- the GID selection policy --- */

/* Lower is better: IPv4-mapped, then global IPv6, then link-local. */
static int
address_class (const GVerbsGid *gid)
{
  if (gverbs_gid_is_ipv4_mapped (gid))
    return 0;
  if (!gverbs_gid_is_link_local (gid))
    return 1;
  return 2;
}

static const char *
gid_type_text (GVerbsGidType type)
{
  switch (type)
    {
    case GVERBS_GID_TYPE_IB: return "IB";
    case GVERBS_GID_TYPE_ROCE_V1: return "RoCE v1";
    case GVERBS_GID_TYPE_ROCE_V2: return "RoCE v2";
    default: return "?";
    }
}

static const char *
family_text (GSocketFamily family)
{
  switch (family)
    {
    case G_SOCKET_FAMILY_IPV4: return "IPv4";
    case G_SOCKET_FAMILY_IPV6: return "IPv6";
    default: return _("any");
    }
}

/* The valid GID entries of one port, in index order. */
static GPtrArray *
port_gids (GVerbsContext  *self,
           guint           port_num,
           const char     *call,
           GError        **error)
{
  GList *all;
  GPtrArray *port;
  GError *local_error = NULL;

  if (!_gverbs_context_check_port (self, port_num, call, error))
    return NULL;
  all = gverbs_context_query_gid_table (self, -1, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }
  port = g_ptr_array_new_with_free_func ((GDestroyNotify) gverbs_gid_entry_free);
  for (GList *l = all; l != NULL; l = l->next)
    {
      GVerbsGidEntry *entry = l->data;

      if (entry->port_num == port_num)
        g_ptr_array_add (port, g_steal_pointer (&l->data));
    }
  g_list_free_full (all, (GDestroyNotify) gverbs_gid_entry_free);
  return port;
}

/* "0 fe80::5054:ff:fe77:1 (RoCE v2, eth0), 1 ::ffff:10.77.0.1 (RoCE v2, eth0)" */
static char *
describe_gids (GPtrArray *gids)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < gids->len; i++)
    {
      GVerbsGidEntry *entry = gids->pdata[i];
      g_autofree char *text = gverbs_gid_to_ipv6_string (&entry->gid);
      char ifname[IF_NAMESIZE] = "";

      if (entry->ndev_ifindex == 0 || if_indextoname (entry->ndev_ifindex, ifname) == NULL)
        g_strlcpy (ifname, "-", sizeof ifname);
      g_string_append_printf (out, "%s%u %s (%s, %s)", i ? ", " : "", entry->gid_index, text,
                              gid_type_text (entry->gid_type), ifname);
    }
  if (gids->len == 0)
    g_string_append (out, _("none"));
  return g_string_free (out, FALSE);
}

static GVerbsGidEntry *
pick (GPtrArray     *gids,
      GVerbsGidType  gid_type,
      GSocketFamily  family,
      guint          ifindex)
{
  GVerbsGidEntry *best = NULL;

  for (guint i = 0; i < gids->len; i++)
    {
      GVerbsGidEntry *entry = gids->pdata[i];
      gboolean mapped = gverbs_gid_is_ipv4_mapped (&entry->gid);

      if (entry->gid_type != gid_type || gverbs_gid_is_zero (&entry->gid))
        continue;
      if ((family == G_SOCKET_FAMILY_IPV4 && !mapped) || (family == G_SOCKET_FAMILY_IPV6 && mapped))
        continue;
      if (ifindex != 0 && entry->ndev_ifindex != ifindex)
        continue;
      if (best == NULL || address_class (&entry->gid) < address_class (&best->gid))
        best = entry;
    }
  return best;
}

static gboolean
check_family (GVerbsContext  *self,
              GSocketFamily   family,
              const char     *call,
              GError        **error)
{
  if (family == G_SOCKET_FAMILY_INVALID || family == G_SOCKET_FAMILY_IPV4 ||
      family == G_SOCKET_FAMILY_IPV6)
    return TRUE;
  set_error (error, GVERBS_ERROR_INVALID_ARGUMENT, call, self,
             _("address family %d is not IPv4, IPv6 or any (G_SOCKET_FAMILY_INVALID)"), family);
  return FALSE;
}

static gboolean
find_in (GVerbsContext  *self,
         guint           port_num,
         GVerbsGidType   gid_type,
         GSocketFamily   family,
         guint           ifindex,
         const char     *netdev,
         const char     *call,
         guint          *index,
         GError        **error)
{
  g_autoptr(GPtrArray) gids = NULL;
  GVerbsGidEntry *found;

  if (!check_family (self, family, call, error))
    return FALSE;
  gids = port_gids (self, port_num, call, error);
  if (gids == NULL)
    return FALSE;
  found = pick (gids, gid_type, family, ifindex);
  if (found == NULL)
    {
      g_autofree char *have = describe_gids (gids);

      if (netdev != NULL)
        set_error (error, GVERBS_ERROR_NOT_FOUND, call, self,
                   _("port %u has no %s GID of address family %s on %s (its GIDs: %s)"),
                   port_num, gid_type_text (gid_type), family_text (family), netdev, have);
      else
        set_error (error, GVERBS_ERROR_NOT_FOUND, call, self,
                   _("port %u has no %s GID of address family %s (its GIDs: %s)"),
                   port_num, gid_type_text (gid_type), family_text (family), have);
      return FALSE;
    }
  if (index != NULL)
    *index = found->gid_index;
  return TRUE;
}

/**
 * gverbs_context_find_gid:
 * @self: a #GVerbsContext
 * @port_num: the port, from 1
 * @gid_type: the GID type wanted
 * @family: %G_SOCKET_FAMILY_IPV4 for IPv4-mapped GIDs,
 *   %G_SOCKET_FAMILY_IPV6 for the others, %G_SOCKET_FAMILY_INVALID for any
 * @error: return location for a #GError
 *
 * Chooses a GID of a port by type and address family, by the policy of the
 * [RoCE addressing](#gverbs-addressing) section: an IPv4-mapped GID first,
 * then a global IPv6 GID, then a link-local one, lowest index first.
 *
 * Returns: the GID index found, or -1 with %GVERBS_ERROR_NOT_FOUND
 *   (listing the port's GIDs) if none matches
 *
 * Since: 0.1
 */
int
gverbs_context_find_gid (GVerbsContext  *self,
                         guint           port_num,
                         GVerbsGidType   gid_type,
                         GSocketFamily   family,
                         GError        **error)
{
  guint index;

  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), -1);
  g_return_val_if_fail (error == NULL || *error == NULL, -1);
  if (!find_in (self, port_num, gid_type, family, 0, NULL, "find_gid", &index, error))
    return -1;
  return (int) index;
}

/**
 * gverbs_context_find_default_gid:
 * @self: a #GVerbsContext
 * @port_num: the port, from 1
 * @error: return location for a #GError
 *
 * Chooses the GID libgverbs uses when the caller does not say: by
 * gverbs_context_find_gid()'s order among RoCE v2 GIDs, else RoCE v1 GIDs,
 * else InfiniBand GIDs. On RoCE this is the RoCE v2 GID of the port's IPv4
 * address when the network device has one.
 *
 * Returns: the GID index found, or -1 with %GVERBS_ERROR_NOT_FOUND if
 *   the port has no valid GID
 *
 * Since: 0.1
 */
int
gverbs_context_find_default_gid (GVerbsContext  *self,
                                 guint           port_num,
                                 GError        **error)
{
  static const GVerbsGidType order[] = {
    GVERBS_GID_TYPE_ROCE_V2, GVERBS_GID_TYPE_ROCE_V1, GVERBS_GID_TYPE_IB,
  };
  g_autoptr(GPtrArray) gids = NULL;
  g_autofree char *have = NULL;

  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), -1);
  g_return_val_if_fail (error == NULL || *error == NULL, -1);

  gids = port_gids (self, port_num, "find_default_gid", error);
  if (gids == NULL)
    return -1;
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      GVerbsGidEntry *found = pick (gids, order[i], G_SOCKET_FAMILY_INVALID, 0);

      if (found != NULL)
        {
          return (int) found->gid_index;
        }
    }
  have = describe_gids (gids);
  set_error (error, GVERBS_ERROR_NOT_FOUND, "find_default_gid", self,
             _("port %u has no valid GID (its GIDs: %s)"), port_num, have);
  return -1;
}

/**
 * gverbs_context_find_gid_by_address:
 * @self: a #GVerbsContext
 * @port_num: the port, from 1
 * @address: an IPv4 address (`10.77.0.1`), an IPv6 address, or a GID in
 *   any form gverbs_gid_parse() reads
 * @error: return location for a #GError
 *
 * Finds the GID table entry of an IP address of the port's network device
 * (an IPv4 address matches its IPv4-mapped GID). When the address has
 * entries of several types, RoCE v2 wins over RoCE v1 over InfiniBand.
 *
 * Returns: the GID index found, or -1 with
 *   %GVERBS_ERROR_INVALID_ARGUMENT if @address is not an address, or
 *   %GVERBS_ERROR_NOT_FOUND (listing the port's GIDs) if no entry has it
 *
 * Since: 0.1
 */
int
gverbs_context_find_gid_by_address (GVerbsContext  *self,
                                    guint           port_num,
                                    const char     *address,
                                    GError        **error)
{
  static const int rank[] = {
    [GVERBS_GID_TYPE_IB] = 2, [GVERBS_GID_TYPE_ROCE_V1] = 1, [GVERBS_GID_TYPE_ROCE_V2] = 0,
  };
  g_autoptr(GPtrArray) gids = NULL;
  GVerbsGidEntry *best = NULL;
  GVerbsGid wanted;

  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), -1);
  g_return_val_if_fail (address != NULL, -1);
  g_return_val_if_fail (error == NULL || *error == NULL, -1);

  if (!gverbs_gid_parse (&wanted, address, error))
    return -1;
  gids = port_gids (self, port_num, "find_gid_by_address", error);
  if (gids == NULL)
    return -1;
  for (guint i = 0; i < gids->len; i++)
    {
      GVerbsGidEntry *entry = gids->pdata[i];

      if (!gverbs_gid_equal (&entry->gid, &wanted) || (guint) entry->gid_type >= G_N_ELEMENTS (rank))
        continue;
      if (best == NULL || rank[entry->gid_type] < rank[best->gid_type])
        best = entry;
    }
  if (best == NULL)
    {
      g_autofree char *have = describe_gids (gids);

      set_error (error, GVERBS_ERROR_NOT_FOUND, "find_gid_by_address", self,
                 _("port %u has no GID for address %s (its GIDs: %s)"), port_num, address, have);
      return -1;
    }
  return (int) best->gid_index;
}

/**
 * gverbs_context_find_gid_by_netdev:
 * @self: a #GVerbsContext
 * @port_num: the port, from 1
 * @netdev: the name of a network device, such as `eth0`
 * @gid_type: the GID type wanted
 * @family: as for gverbs_context_find_gid()
 * @error: return location for a #GError
 *
 * Chooses a GID among those of one network device of the port, by
 * gverbs_context_find_gid()'s order.
 *
 * Returns: the GID index found, or -1 with %GVERBS_ERROR_NOT_FOUND if
 *   there is no such network device or it has no matching GID
 *
 * Since: 0.1
 */
int
gverbs_context_find_gid_by_netdev (GVerbsContext  *self,
                                   guint           port_num,
                                   const char     *netdev,
                                   GVerbsGidType   gid_type,
                                   GSocketFamily   family,
                                   GError        **error)
{
  guint ifindex;
  guint index;

  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), -1);
  g_return_val_if_fail (netdev != NULL, -1);
  g_return_val_if_fail (error == NULL || *error == NULL, -1);

  if (!_gverbs_resource_check_open (self, error))
    return -1;
  ifindex = if_nametoindex (netdev);
  if (ifindex == 0)
    {
      g_autofree char *shown = g_strescape (netdev, NULL);

      set_error (error, GVERBS_ERROR_NOT_FOUND, "find_gid_by_netdev", self,
                 _("there is no network device named “%s”"), shown);
      return -1;
    }
  if (!find_in (self, port_num, gid_type, family, ifindex, netdev, "find_gid_by_netdev",
                &index, error))
    return -1;
  return (int) index;
}
