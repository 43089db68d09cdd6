/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <arpa/inet.h>
#include <infiniband/verbs.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "gverbs-error.h"
#include "gverbs-gid.h"
#include "gverbs-fields-private.h"

/* A GVerbsGid may be read in place of a union ibv_gid. */
G_STATIC_ASSERT (sizeof (GVerbsGid) == sizeof (union ibv_gid));
G_STATIC_ASSERT (G_ALIGNOF (GVerbsGid) <= G_ALIGNOF (union ibv_gid));

/**
 * SECTION:gverbs-gid
 * @title: GVerbsGid
 * @short_description: a GID: parse, print, compare
 *
 * A #GVerbsGid holds the 16 bytes of a GID. Text in and out:
 *
 * - gverbs_gid_to_string() prints the form of `ibv_devinfo`, sysfs and
 *   pyverbs: eight groups of four hex digits,
 *   `fe80:0000:0000:0000:5054:00ff:fe77:0001`;
 * - gverbs_gid_to_ipv6_string() prints the compressed IPv6 form
 *   (`fe80::5054:ff:fe77:1`, `::ffff:10.77.0.1`) and
 *   gverbs_gid_to_ipv4_string() the IPv4 address of an IPv4-mapped GID;
 * - gverbs_gid_parse() and gverbs_gid_new_from_string() read all of these:
 *   the eight-group form, any IPv6 text, and a plain IPv4 address, which
 *   gives its IPv4-mapped GID (the GID RoCE uses for that address).
 */

/**
 * gverbs_gid_copy:
 * @self: a #GVerbsGid
 *
 * Copies the 16 bytes of the GID.
 *
 * Returns: (transfer full): a copy of @self
 *
 * Since: 0.1
 */
/**
 * gverbs_gid_free:
 * @self: (nullable): a #GVerbsGid from gverbs_gid_new() or gverbs_gid_copy()
 *
 * Frees a GID.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_PLAIN_BOXED_TYPE (GVerbsGid, gverbs_gid)

static const guint8 ipv4_mapped_prefix[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };

/**
 * gverbs_gid_new:
 *
 * Creates an all-zero GID.
 *
 * Returns: (transfer full): a new all-zero GID
 *
 * Since: 0.1
 */
GVerbsGid *
gverbs_gid_new (void)
{
  return g_new0 (GVerbsGid, 1);
}

/**
 * gverbs_gid_new_from_string:
 * @text: a GID as text (see gverbs_gid_parse())
 * @error: return location for a #GError
 *
 * Parses a GID written as an IPv6 address (`fe80::1`, `::ffff:10.0.0.1`).
 *
 * Returns: (transfer full): the GID, or %NULL with
 *   %GVERBS_ERROR_INVALID_ARGUMENT if @text is not a GID
 *
 * Since: 0.1
 */
GVerbsGid *
gverbs_gid_new_from_string (const char  *text,
                            GError     **error)
{
  g_autoptr(GVerbsGid) gid = gverbs_gid_new ();

  g_return_val_if_fail (text != NULL, NULL);
  if (!gverbs_gid_parse (gid, text, error))
    return NULL;
  return g_steal_pointer (&gid);
}

/**
 * gverbs_gid_new_from_bytes:
 * @data: (array length=length): the raw GID, in network order
 * @length: the length of @data, which must be 16
 * @error: return location for a #GError
 *
 * Creates a GID from its 16 raw bytes, in network order.
 *
 * Returns: (transfer full): the GID, or %NULL with
 *   %GVERBS_ERROR_INVALID_ARGUMENT if @length is not 16
 *
 * Since: 0.1
 */
GVerbsGid *
gverbs_gid_new_from_bytes (const guint8  *data,
                           gsize          length,
                           GError       **error)
{
  GVerbsGid *gid;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  if (length != sizeof gid->raw)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("A GID is 16 bytes, not %zu"), length);
      return NULL;
    }
  gid = gverbs_gid_new ();
  memcpy (gid->raw, data, sizeof gid->raw);
  return gid;
}

/**
 * gverbs_gid_new_from_inet_address:
 * @address: an IPv4 or IPv6 address
 *
 * Gives the GID RoCE uses for @address: the IPv6 address itself, or for an
 * IPv4 address its IPv4-mapped form `::ffff:a.b.c.d`.
 *
 * Returns: (transfer full): the GID
 *
 * Since: 0.1
 */
GVerbsGid *
gverbs_gid_new_from_inet_address (GInetAddress *address)
{
  GVerbsGid *gid;
  const guint8 *bytes;

  g_return_val_if_fail (G_IS_INET_ADDRESS (address), NULL);

  gid = gverbs_gid_new ();
  bytes = g_inet_address_to_bytes (address);
  if (g_inet_address_get_family (address) == G_SOCKET_FAMILY_IPV4)
    {
      memcpy (gid->raw, ipv4_mapped_prefix, sizeof ipv4_mapped_prefix);
      memcpy (gid->raw + 12, bytes, 4);
    }
  else
    memcpy (gid->raw, bytes, 16);
  return gid;
}

/**
 * gverbs_gid_parse:
 * @self: the GID to fill
 * @text: the text to read
 * @error: return location for a #GError
 *
 * Reads a GID from text: eight colon-separated groups of hex digits
 * (`fe80:0000:0000:0000:5054:00ff:fe77:0001`, as sysfs and pyverbs print
 * it), any other IPv6 text (`fe80::5054:ff:fe77:1`, `::ffff:10.0.0.1`), or
 * a plain IPv4 address (`10.0.0.1`), which gives its IPv4-mapped GID.
 * Anything else, such as a scope suffix (`%eth0`) or spaces, is refused and
 * @self is left unchanged.
 *
 * Returns: %TRUE on success, %FALSE with %GVERBS_ERROR_INVALID_ARGUMENT
 *
 * Since: 0.1
 */
gboolean
gverbs_gid_parse (GVerbsGid   *self,
                  const char  *text,
                  GError     **error)
{
  guint8 buf[16];
  struct in_addr ipv4;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (inet_pton (AF_INET6, text, buf) == 1)
    {
      memcpy (self->raw, buf, sizeof buf);
      return TRUE;
    }
  if (inet_pton (AF_INET, text, &ipv4) == 1)
    {
      memcpy (self->raw, ipv4_mapped_prefix, sizeof ipv4_mapped_prefix);
      memcpy (self->raw + 12, &ipv4, 4);
      return TRUE;
    }

  {
    g_autofree char *shown = g_strescape (text, NULL);

    g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                 _("“%s” is not a GID: expected eight groups of hex digits "
                   "(fe80:0000:0000:0000:5054:00ff:fe77:0001), an IPv6 address "
                   "or an IPv4 address"), shown);
  }
  return FALSE;
}

/**
 * gverbs_gid_to_string:
 * @self: a #GVerbsGid
 *
 * Formats the GID as `ibv_devinfo`, sysfs and pyverbs do: eight groups of
 * four lowercase hex digits, `fe80:0000:0000:0000:5054:00ff:fe77:0001`.
 *
 * Returns: (transfer full): the text
 *
 * Since: 0.1
 */
char *
gverbs_gid_to_string (const GVerbsGid *self)
{
  const guint8 *r;

  g_return_val_if_fail (self != NULL, NULL);
  r = self->raw;
  return g_strdup_printf ("%02x%02x:%02x%02x:%02x%02x:%02x%02x:"
                          "%02x%02x:%02x%02x:%02x%02x:%02x%02x",
                          r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7],
                          r[8], r[9], r[10], r[11], r[12], r[13], r[14], r[15]);
}

/**
 * gverbs_gid_to_ipv6_string:
 * @self: a #GVerbsGid
 *
 * Formats the GID as compressed IPv6 text, `fe80::5054:ff:fe77:1` or
 * `::ffff:10.77.0.1` for an IPv4-mapped GID.
 *
 * Returns: (transfer full): the text
 *
 * Since: 0.1
 */
char *
gverbs_gid_to_ipv6_string (const GVerbsGid *self)
{
  char buf[INET6_ADDRSTRLEN];

  g_return_val_if_fail (self != NULL, NULL);
  if (inet_ntop (AF_INET6, self->raw, buf, sizeof buf) == NULL)
    g_assert_not_reached ();
  return g_strdup (buf);
}

/**
 * gverbs_gid_to_ipv4_string:
 * @self: a #GVerbsGid
 *
 * Formats the IPv4 address of an IPv4-mapped GID.
 *
 * Returns: (transfer full) (nullable): the IPv4 address (`10.77.0.1`) of an
 *   IPv4-mapped GID, %NULL for any other GID
 *
 * Since: 0.1
 */
char *
gverbs_gid_to_ipv4_string (const GVerbsGid *self)
{
  char buf[INET_ADDRSTRLEN];

  g_return_val_if_fail (self != NULL, NULL);
  if (!gverbs_gid_is_ipv4_mapped (self))
    return NULL;
  if (inet_ntop (AF_INET, self->raw + 12, buf, sizeof buf) == NULL)
    g_assert_not_reached ();
  return g_strdup (buf);
}

/**
 * gverbs_gid_to_inet_address:
 * @self: a #GVerbsGid
 *
 * Converts the GID to the IP address it stands for, as a #GInetAddress.
 *
 * Returns: (transfer full): the address the GID stands for: an IPv4 address
 *   for an IPv4-mapped GID, else the IPv6 address with the GID's bytes
 *
 * Since: 0.1
 */
GInetAddress *
gverbs_gid_to_inet_address (const GVerbsGid *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (gverbs_gid_is_ipv4_mapped (self))
    return g_inet_address_new_from_bytes (self->raw + 12, G_SOCKET_FAMILY_IPV4);
  return g_inet_address_new_from_bytes (self->raw, G_SOCKET_FAMILY_IPV6);
}

/**
 * gverbs_gid_dup_bytes:
 * @self: a #GVerbsGid
 *
 * Gets the 16 raw bytes of the GID, in network order.
 *
 * Returns: (transfer full): the 16 raw bytes, in network order
 *
 * Since: 0.1
 */
GBytes *
gverbs_gid_dup_bytes (const GVerbsGid *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return g_bytes_new (self->raw, sizeof self->raw);
}

static guint64
read_be64 (const guint8 *p)
{
  guint64 v = 0;

  for (int i = 0; i < 8; i++)
    v = (v << 8) | p[i];
  return v;
}

/**
 * gverbs_gid_get_subnet_prefix:
 * @self: a #GVerbsGid
 *
 * Gets the first 8 bytes (`gid.global.subnet_prefix`), in host order.
 *
 * Returns: the first 8 bytes (`gid.global.subnet_prefix`), in host order
 *
 * Since: 0.1
 */
guint64
gverbs_gid_get_subnet_prefix (const GVerbsGid *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return read_be64 (self->raw);
}

/**
 * gverbs_gid_get_interface_id:
 * @self: a #GVerbsGid
 *
 * Gets the last 8 bytes (`gid.global.interface_id`), in host order.
 *
 * Returns: the last 8 bytes (`gid.global.interface_id`), in host order
 *
 * Since: 0.1
 */
guint64
gverbs_gid_get_interface_id (const GVerbsGid *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return read_be64 (self->raw + 8);
}

/**
 * gverbs_gid_equal:
 * @a: a #GVerbsGid
 * @b: a #GVerbsGid
 *
 * Compares two GIDs.
 *
 * Returns: whether the two GIDs have the same bytes
 *
 * Since: 0.1
 */
gboolean
gverbs_gid_equal (const GVerbsGid *a,
                  const GVerbsGid *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);
  return memcmp (a->raw, b->raw, sizeof a->raw) == 0;
}

/**
 * gverbs_gid_hash:
 * @self: a #GVerbsGid
 *
 * A hash for #GHashTable, to be used with gverbs_gid_equal().
 *
 * Returns: the hash of the 16 bytes
 *
 * Since: 0.1
 */
guint
gverbs_gid_hash (const GVerbsGid *self)
{
  guint h = 5381;

  g_return_val_if_fail (self != NULL, 0);
  for (guint i = 0; i < sizeof self->raw; i++)
    h = h * 33 + self->raw[i];
  return h;
}

/**
 * gverbs_gid_is_zero:
 * @self: a #GVerbsGid
 *
 * Checks whether all 16 bytes are zero (an empty GID table entry).
 *
 * Returns: whether all 16 bytes are zero (an empty GID table entry)
 *
 * Since: 0.1
 */
gboolean
gverbs_gid_is_zero (const GVerbsGid *self)
{
  static const guint8 zero[16];

  g_return_val_if_fail (self != NULL, FALSE);
  return memcmp (self->raw, zero, sizeof zero) == 0;
}

/**
 * gverbs_gid_is_ipv4_mapped:
 * @self: a #GVerbsGid
 *
 * Checks whether the GID is an IPv4-mapped address, `::ffff:a.b.c.d`.
 *
 * Returns: whether the GID is an IPv4-mapped address, `::ffff:a.b.c.d`
 *
 * Since: 0.1
 */
gboolean
gverbs_gid_is_ipv4_mapped (const GVerbsGid *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return memcmp (self->raw, ipv4_mapped_prefix, sizeof ipv4_mapped_prefix) == 0;
}

/**
 * gverbs_gid_is_link_local:
 * @self: a #GVerbsGid
 *
 * Checks whether the GID is an IPv6 link-local address (`fe80::/10`), such as
 * the default GID that RoCE derives from a port's MAC address.
 *
 * Returns: whether the GID is an IPv6 link-local address (`fe80::/10`),
 *   such as the default GID that RoCE derives from a port's MAC address
 *
 * Since: 0.1
 */
gboolean
gverbs_gid_is_link_local (const GVerbsGid *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->raw[0] == 0xfe && (self->raw[1] & 0xc0) == 0x80;
}
