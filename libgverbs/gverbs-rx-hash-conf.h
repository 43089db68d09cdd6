/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"
#include "gverbs-enums.h"

G_BEGIN_DECLS

/**
 * GVERBS_RX_HASH_KEY_MAX_LENGTH:
 *
 * The longest RSS hash key (`rx_hash_key_len` is a byte).
 *
 * Since: 0.1
 */
#define GVERBS_RX_HASH_KEY_MAX_LENGTH 255

#define GVERBS_TYPE_RX_HASH_CONF (gverbs_rx_hash_conf_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsRxHashConf, gverbs_rx_hash_conf, GVERBS, RX_HASH_CONF, GObject)

GVERBS_AVAILABLE_IN_0_1
GVerbsRxHashConf         *gverbs_rx_hash_conf_new                     (GVerbsRxHashFunctionFlags   rx_hash_function,
                                                                       GBytes                     *rx_hash_key,
                                                                       GVerbsRxHashFields          rx_hash_fields_mask,
                                                                       GError                    **error);
GVERBS_AVAILABLE_IN_0_1
GVerbsRxHashFunctionFlags gverbs_rx_hash_conf_get_rx_hash_function    (GVerbsRxHashConf           *self);
GVERBS_AVAILABLE_IN_0_1
GBytes                   *gverbs_rx_hash_conf_get_rx_hash_key         (GVerbsRxHashConf           *self);
GVERBS_AVAILABLE_IN_0_1
gboolean                  gverbs_rx_hash_conf_set_rx_hash_key         (GVerbsRxHashConf           *self,
                                                                       GBytes                     *rx_hash_key,
                                                                       GError                    **error);
GVERBS_AVAILABLE_IN_0_1
guint                     gverbs_rx_hash_conf_get_rx_hash_key_len     (GVerbsRxHashConf           *self);
GVERBS_AVAILABLE_IN_0_1
GVerbsRxHashFields        gverbs_rx_hash_conf_get_rx_hash_fields_mask (GVerbsRxHashConf           *self);
GVERBS_AVAILABLE_IN_0_1
void                      gverbs_rx_hash_conf_set_rx_hash_fields_mask (GVerbsRxHashConf           *self,
                                                                       GVerbsRxHashFields          rx_hash_fields_mask);

G_END_DECLS
