/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-context.h"
#include "gverbs-private.h"

G_BEGIN_DECLS

/* NULL once the context is closed. */
struct ibv_context *_gverbs_context_get_ibv      (GVerbsContext    *self);
/* Checks that the context is open and that @port_num is one of its ports;
 * the error names @call and the device's port count. */
const struct ibv_device_attr *_gverbs_context_get_device_attr (GVerbsContext *self,
                                                               int           *rc);
gboolean            _gverbs_context_check_port   (GVerbsContext    *self,
                                                  guint             port_num,
                                                  const char       *call,
                                                  GError          **error);

/*
 * Routing of asynchronous events: a class whose rdma-core object can be
 * named by an async event (struct ibv_qp, ibv_cq, ibv_srq, ibv_wq) calls
 * _gverbs_resource_route_events() once it is created, which registers the
 * rdma-core pointer with its GObject here; the resource base unregisters it
 * before the object is destroyed. The context holds no reference. The
 * event's `object` is then that GObject.
 */
void _gverbs_context_register_event_object   (GVerbsContext *self,
                                              gconstpointer  ibv_handle,
                                              GObject       *object);
void _gverbs_context_unregister_event_object (GVerbsContext *self,
                                              gconstpointer  ibv_handle);

/* A subclass that opens the device its own way (mlx5dv_open_device) sets
 * this before the base's open runs; @call names it in errors. */
typedef struct ibv_context *(*GVerbsContextOpenFunc) (struct ibv_device *device,
                                                      gpointer           data);
void _gverbs_context_set_open_func (GVerbsContext         *self,
                                    GVerbsContextOpenFunc  func,
                                    const char            *call,
                                    gpointer               data);

/* Wraps a context from ibv_import_device(); see gverbs-import.c. */
GVerbsContext      *_gverbs_context_new_imported (struct ibv_context *ibv);
/* Wraps a context librdmacm opened (rdma_cm_id->verbs): closing the wrapper
 * closes the objects made on it but never the device, which stays librdmacm's. */
GVerbsContext      *_gverbs_context_new_borrowed (struct ibv_context *ibv);
gboolean            _gverbs_context_get_borrowed (GVerbsContext      *self);

G_END_DECLS
