/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include "gverbs-test-util.h"

G_BEGIN_DECLS

/* Scaffolding shared by the rdma_cm device tests (test-device-cm*.c). */

/* $GVERBS_VM_ADDR, the address of the device under test; NULL, with the
 * test skipped, when there is no device or no address. */
const char         *cm_test_addr            (void);

/* How many `rdma resource show KIND` rows this process has. */
guint               cm_test_count_resources (const char *kind);
guint               cm_test_count_cm_ids    (void);

GVerbsCMQPInitAttr *cm_test_qp_attr         (GVerbsQPType type,
                                             guint        max_wr);

/* Creates ID's QP (MAX_WR sends and receives), which must succeed. */
void                cm_test_create_qp       (GVerbsCMID   *id,
                                             GVerbsQPType  type,
                                             guint         max_wr);

/* "::ffff:IPV4" as GVerbsGid (and GVerbsGlobalRoute:dgid) spell it. */
char               *cm_test_mapped_gid      (const char *ipv4);

/* A source that aborts the test with "test timed out" after SECONDS. */
guint               cm_test_add_timeout     (guint seconds);

/* What a connection test on the main loop holds. */
typedef struct {
  GMainLoop          *loop;
  GVerbsEventChannel *ch;
  GVerbsCMID         *listener;
  GVerbsCMID         *server;     /* the listener's side of the connection */
  GVerbsCMID         *client;
} CMTestConn;

/* A new main loop and event channel. */
void                cm_test_conn_init       (CMTestConn *conn);
/* Drops all CONN holds. */
void                cm_test_conn_clear      (CMTestConn *conn);

/* An identifier on CH bound to ADDR:PORT and listening. */
GVerbsCMID         *cm_test_listen          (GVerbsEventChannel *ch,
                                             const char         *addr,
                                             const char         *port,
                                             int                 backlog);

/* Resolves DST on each identifier of the NULL-terminated list, all at
 * once, running the default main context until every one has resolved. */
void                cm_test_resolve_addr    (GVerbsAddrInfo *dst,
                                             GVerbsCMID     *id,
                                             ...) G_GNUC_NULL_TERMINATED;

typedef void (*CMTestStep) (GVerbsCMID *id,
                            gpointer    data);

/* The client side of an RC connection on the main loop: resolve the
 * address, resolve the route, create a QP, connect. */
typedef struct {
  guint         max_wr;          /* of the RC QP created once the route is resolved */
  GBytes       *private_data;
  GCancellable *cancellable;
  CMTestStep    addr_resolved;   /* optional */
  CMTestStep    qp_created;      /* optional: just before rdma_connect */
  CMTestStep    connected;       /* optional: once rdma_connect has finished */
  GError      **connect_error;   /* NULL: the connect must succeed; else it
                                  * must fail and its error goes here */
  gpointer      data;            /* for the steps */
} CMTestConnect;

void                cm_test_connect_async   (GVerbsCMID          *id,
                                             GVerbsAddrInfo      *dst,
                                             const CMTestConnect *how);

/* Creates CONN's client on its channel and connects it to DST:PORT (from
 * SRC, unless NULL) with cm_test_connect_async(). */
void                cm_test_conn_connect    (CMTestConn          *conn,
                                             const char          *src,
                                             const char          *dst,
                                             const char          *port,
                                             const CMTestConnect *how);

/* Accepts ID (its QP already made) and calls ACCEPTED once established. */
void                cm_test_accept_async    (GVerbsCMID *id,
                                             CMTestStep  accepted,
                                             gpointer    data);

G_END_DECLS
