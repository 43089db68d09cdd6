/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <gio/gio.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"
#include "gverbs-gid.h"
#include "gverbs-pd.h"
#include "gverbs-ah.h"
#include "gverbs-qp.h"

G_BEGIN_DECLS

/**
 * GVERBS_PATH_WIRE_MAX_SIZE:
 *
 * The largest serialised path gverbs_path_new_from_variant() accepts, in
 * bytes. The wire form gverbs_path_to_variant() gives is under 600 bytes;
 * anything larger than this is refused before any field is looked at.
 *
 * Since: 0.1
 */
#define GVERBS_PATH_WIRE_MAX_SIZE 4096

/**
 * GVERBS_PATH_WIRE_MAX_ENTRIES:
 *
 * The most dictionary entries gverbs_path_new_from_variant() accepts
 * (the wire form has 25; the rest is room for fields a newer peer adds).
 *
 * Since: 0.1
 */
#define GVERBS_PATH_WIRE_MAX_ENTRIES 64

#define GVERBS_TYPE_PATH (gverbs_path_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsPath, gverbs_path, GVERBS, PATH, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsPath *gverbs_path_new              (void);
GVERBS_AVAILABLE_IN_0_1
GVerbsPath *gverbs_path_new_from_variant (GVariant     *variant,
                                          GError      **error);
GVERBS_AVAILABLE_IN_0_1
GVariant   *gverbs_path_to_variant       (GVerbsPath   *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsPath *gverbs_path_new_from_bytes   (GBytes       *bytes,
                                          GError      **error);
GVERBS_AVAILABLE_IN_0_1
GBytes     *gverbs_path_to_bytes         (GVerbsPath   *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsPath *gverbs_path_copy             (GVerbsPath   *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsPath *gverbs_path_reverse          (GVerbsPath   *self);
GVERBS_AVAILABLE_IN_0_1
gboolean    gverbs_path_fill_from_qp     (GVerbsPath   *self,
                                          GVerbsQP     *qp,
                                          GError      **error);
GVERBS_AVAILABLE_IN_0_1
void        gverbs_path_get_sgid         (GVerbsPath   *self,
                                          GVerbsGid    *gid);
GVERBS_AVAILABLE_IN_0_1
void        gverbs_path_set_sgid         (GVerbsPath   *self,
                                          const GVerbsGid *gid);
GVERBS_AVAILABLE_IN_0_1
void        gverbs_path_get_dgid         (GVerbsPath   *self,
                                          GVerbsGid    *gid);
GVERBS_AVAILABLE_IN_0_1
void        gverbs_path_set_dgid         (GVerbsPath   *self,
                                          const GVerbsGid *gid);
GVERBS_AVAILABLE_IN_0_1
gboolean    gverbs_path_get_has_grh      (GVerbsPath   *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsAHAttr *gverbs_path_to_ah_attr     (GVerbsPath   *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsAH   *gverbs_path_dup_ah           (GVerbsPath   *self,
                                          GVerbsPD     *pd,
                                          GError      **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsAH   *gverbs_pd_create_ah_for_path (GVerbsPD     *self,
                                          GVerbsPath   *path,
                                          GError      **error);
GVERBS_AVAILABLE_IN_0_1
char       *gverbs_path_to_string        (GVerbsPath   *self);

GVERBS_AVAILABLE_IN_0_1
gboolean    gverbs_qp_modify_to_init     (GVerbsQP          *qp,
                                          GVerbsPath        *path,
                                          GVerbsAccessFlags  access,
                                          GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean    gverbs_qp_modify_to_rtr      (GVerbsQP          *qp,
                                          GVerbsPath        *path,
                                          GError           **error);
GVERBS_AVAILABLE_IN_0_1
gboolean    gverbs_qp_modify_to_rts      (GVerbsQP          *qp,
                                          GVerbsPath        *path,
                                          GError           **error);

G_END_DECLS
