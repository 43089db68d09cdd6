/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"

G_BEGIN_DECLS

#define GVERBS_TYPE_GID (gverbs_gid_get_type ())

typedef struct _GVerbsGid GVerbsGid;

/**
 * GVerbsGid:
 * @raw: the 16 bytes of the GID, in network order (as `union ibv_gid`)
 *
 * A GID: the 128-bit global identifier of a port, in RoCE an IPv6 address
 * or an IPv4 address mapped into IPv6 (`::ffff:a.b.c.d`). A plain boxed
 * struct, so C code may keep one on the stack (zero it, or fill it with
 * gverbs_gid_parse()).
 *
 * When to use it: to name a port or a peer in a #GVerbsGlobalRoute or a
 * #GVerbsPath, and to print or compare the GIDs a port has.
 *
 * ```c
 * // given: GVerbsContext *ctx;
 * GVerbsGid peer;
 * g_autoptr(GVerbsGid) mine = gverbs_context_query_gid (ctx, 1, 0, &error);
 * g_autofree char *text = NULL;
 *
 * if (mine == NULL || !gverbs_gid_parse (&peer, "fe80::2", &error))
 *   return;
 * text = gverbs_gid_to_string (mine);
 * g_print ("%s %s the peer\n", text, gverbs_gid_equal (mine, &peer) ? "is" : "is not");
 * ```
 *
 * Python: `Verbs.Gid('fe80::2')`, and `==` compares.
 *
 * Since: 0.1
 */
struct _GVerbsGid
{
  guint8 raw[16];
};

GVERBS_AVAILABLE_IN_0_1
GType         gverbs_gid_get_type               (void) G_GNUC_CONST;
GVERBS_AVAILABLE_IN_0_1
GVerbsGid    *gverbs_gid_new                    (void);
GVERBS_AVAILABLE_IN_0_1
GVerbsGid    *gverbs_gid_new_from_string        (const char          *text,
                                                 GError             **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsGid    *gverbs_gid_new_from_bytes         (const guint8        *data,
                                                 gsize                length,
                                                 GError             **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsGid    *gverbs_gid_new_from_inet_address  (GInetAddress        *address);
GVERBS_AVAILABLE_IN_0_1
GVerbsGid    *gverbs_gid_copy                   (const GVerbsGid     *self);
GVERBS_AVAILABLE_IN_0_1
void          gverbs_gid_free                   (GVerbsGid           *self);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_gid_parse                  (GVerbsGid           *self,
                                                 const char          *text,
                                                 GError             **error);
GVERBS_AVAILABLE_IN_0_1
char         *gverbs_gid_to_string              (const GVerbsGid     *self);
GVERBS_AVAILABLE_IN_0_1
char         *gverbs_gid_to_ipv6_string         (const GVerbsGid     *self);
GVERBS_AVAILABLE_IN_0_1
char         *gverbs_gid_to_ipv4_string         (const GVerbsGid     *self);
GVERBS_AVAILABLE_IN_0_1
GInetAddress *gverbs_gid_to_inet_address        (const GVerbsGid     *self);
GVERBS_AVAILABLE_IN_0_1
GBytes       *gverbs_gid_dup_bytes              (const GVerbsGid     *self);
GVERBS_AVAILABLE_IN_0_1
guint64       gverbs_gid_get_subnet_prefix      (const GVerbsGid     *self);
GVERBS_AVAILABLE_IN_0_1
guint64       gverbs_gid_get_interface_id       (const GVerbsGid     *self);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_gid_equal                  (const GVerbsGid     *a,
                                                 const GVerbsGid     *b);
GVERBS_AVAILABLE_IN_0_1
guint         gverbs_gid_hash                   (const GVerbsGid     *self);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_gid_is_zero                (const GVerbsGid     *self);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_gid_is_ipv4_mapped         (const GVerbsGid     *self);
GVERBS_AVAILABLE_IN_0_1
gboolean      gverbs_gid_is_link_local          (const GVerbsGid     *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GVerbsGid, gverbs_gid_free)

G_END_DECLS
