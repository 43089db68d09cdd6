/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"
#include "gverbs-gid.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_GID_ENTRY (gverbs_gid_entry_get_type ())

typedef struct _GVerbsGidEntry GVerbsGidEntry;

/**
 * GVerbsGidEntry:
 * @gid: the GID
 * @gid_index: its index in the port's GID table
 * @port_num: the port, from 1
 * @gid_type: the GID's type (InfiniBand, RoCE v1 or RoCE v2)
 * @ndev_ifindex: the interface index of the network device the GID belongs
 *   to (RoCE), 0 if none
 *
 * One entry of a port's GID table, as `struct ibv_gid_entry` has it:
 * what gverbs_context_query_gid_ex() and gverbs_context_query_gid_table()
 * return.
 *
 * When to use it: to choose the GID index for RoCE traffic: the entry says
 * whether a GID is RoCE v1 or v2 and which network interface it belongs to.
 *
 * ```c
 * // given: GVerbsContext *ctx;
 * g_autoptr(GVerbsGidEntry) entry = gverbs_context_query_gid_ex (ctx, 1, 1, &error);
 * g_autofree char *text = NULL;
 *
 * if (entry == NULL)
 *   return;
 * text = gverbs_gid_entry_to_string (entry);
 * g_print ("%s (RoCE v2: %s)\n", text, entry->gid_type == GVERBS_GID_TYPE_ROCE_V2 ? "yes" : "no");
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsGidEntry
{
  GVerbsGid gid;
  guint32 gid_index;
  guint32 port_num;
  GVerbsGidType gid_type;
  guint32 ndev_ifindex;
};

GVERBS_AVAILABLE_IN_0_1
GType           gverbs_gid_entry_get_type (void) G_GNUC_CONST;
GVERBS_AVAILABLE_IN_0_1
GVerbsGidEntry *gverbs_gid_entry_copy     (const GVerbsGidEntry *self);
GVERBS_AVAILABLE_IN_0_1
void            gverbs_gid_entry_free     (GVerbsGidEntry       *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsGid      *gverbs_gid_entry_dup_gid  (const GVerbsGidEntry *self);
GVERBS_AVAILABLE_IN_0_1
char           *gverbs_gid_entry_to_string (const GVerbsGidEntry *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GVerbsGidEntry, gverbs_gid_entry_free)

G_END_DECLS
