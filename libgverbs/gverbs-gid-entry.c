/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <string.h>
#include <infiniband/verbs.h>

#include "gverbs-fields-private.h"
#include "gverbs-gid-entry.h"
#include "gverbs-gid-entry-private.h"

/**
 * gverbs_gid_entry_copy:
 * @self: a #GVerbsGidEntry
 *
 * Copies @self.
 *
 * Returns: (transfer full): a copy of @self
 *
 * Since: 0.1
 */
/**
 * gverbs_gid_entry_free:
 * @self: (nullable): a #GVerbsGidEntry
 *
 * Frees an entry.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_PLAIN_BOXED_TYPE (GVerbsGidEntry, gverbs_gid_entry)

G_STATIC_ASSERT (sizeof (GVerbsGid) == sizeof (union ibv_gid));

/**
 * gverbs_gid_entry_dup_gid:
 * @self: a #GVerbsGidEntry
 *
 * Gets a copy of the entry's GID.
 *
 * Returns: (transfer full): a copy of the entry's GID
 *
 * Since: 0.1
 */
GVerbsGid *
gverbs_gid_entry_dup_gid (const GVerbsGidEntry *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return gverbs_gid_copy (&self->gid);
}

static const char *
gid_type_name (GVerbsGidType type)
{
  switch (type)
    {
    case GVERBS_GID_TYPE_IB: return "IB";
    case GVERBS_GID_TYPE_ROCE_V1: return "RoCEv1";
    case GVERBS_GID_TYPE_ROCE_V2: return "RoCEv2";
    default: return NULL;
    }
}

/**
 * gverbs_gid_entry_to_string:
 * @self: a #GVerbsGidEntry
 *
 * Formats the entry in the layout pyverbs prints for `GIDEntry`: GID,
 * index, port, type (`IB`, `RoCEv1`, `RoCEv2`) and network device index.
 *
 * Returns: (transfer full): the text
 *
 * Since: 0.1
 */
char *
gverbs_gid_entry_to_string (const GVerbsGidEntry *self)
{
  GString *out;
  g_autofree char *gid = NULL;
  g_autofree char *type = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  out = g_string_new (NULL);
  gid = gverbs_gid_to_string (&self->gid);
  type = gid_type_name (self->gid_type)
         ? g_strdup (gid_type_name (self->gid_type))
         : g_strdup_printf ("Unknown gid_type (%d)", self->gid_type);
  _gverbs_append_row (out, 24, "GID", gid);
  _gverbs_append_int_row (out, 24, "GID Index", self->gid_index);
  _gverbs_append_int_row (out, 24, "Port number", self->port_num);
  _gverbs_append_row (out, 24, "GID type", type);
  _gverbs_append_int_row (out, 24, "Ndev ifindex", self->ndev_ifindex);
  return g_string_free (out, FALSE);
}

void
_gverbs_gid_entry_from_ibv (GVerbsGidEntry             *self,
                            const struct ibv_gid_entry *entry)
{
  memcpy (self->gid.raw, entry->gid.raw, sizeof self->gid.raw);
  self->gid_index = entry->gid_index;
  self->port_num = entry->port_num;
  self->gid_type = (GVerbsGidType) entry->gid_type;
  self->ndev_ifindex = entry->ndev_ifindex;
}
