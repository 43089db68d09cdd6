/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include "gverbs-port-status.h"
#include "gverbs-context.h"

G_BEGIN_DECLS

GVerbsPortStatus *_gverbs_port_status_new     (const char       *device_name,
                                               guint             port_num);
/* Queries the port (and, with @gids, its GID table) through @context and
 * notifies the properties that changed. FALSE if the query failed. */
gboolean          _gverbs_port_status_refresh (GVerbsPortStatus *self,
                                               GVerbsContext    *context,
                                               gboolean          gids);
/* The device is gone: state DOWN, present FALSE, notified. */
void              _gverbs_port_status_gone    (GVerbsPortStatus *self);

G_END_DECLS
