/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <glib-unix.h>
#include "gverbs-resource.h"

G_BEGIN_DECLS

/*
 * The event sources of the library (a completion channel, an rdma_cm event
 * channel, a device's async events, an rdma_cm identifier's CQs): @fd made
 * non-blocking and watched for input in the thread-default main context,
 * @func called with @user_data. The source is named after @owner's type and
 * an error after @owner (_gverbs_resource_describe()). The owner holds no
 * reference through the source: it destroys the source before it goes, and
 * a callback that may close the owner refs it first.
 */
GSource *_gverbs_fd_source_new   (GVerbsResource     *owner,
                                  int                 fd,
                                  GUnixFDSourceFunc   func,
                                  gpointer            user_data,
                                  GError            **error);
void     _gverbs_fd_source_clear (GSource           **source);

G_END_DECLS
