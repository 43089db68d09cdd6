/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "cm-test-util.h"

#include <stdarg.h>
#include <stdlib.h>

const char *
cm_test_addr (void)
{
  const char *addr = g_getenv ("GVERBS_VM_ADDR");
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();

  if (ctx == NULL)
    return NULL;
  if (addr == NULL)
    g_test_skip ("GVERBS_VM_ADDR is not set: no address with an RDMA device");
  return addr;
}

guint
cm_test_count_resources (const char *kind)
{
  g_autoptr(GPtrArray) rows = gverbs_test_rdma_resources (kind);

  return rows->len;
}

guint
cm_test_count_cm_ids (void)
{
  return cm_test_count_resources ("cm_id");
}

GVerbsCMQPInitAttr *
cm_test_qp_attr (GVerbsQPType type,
                 guint        max_wr)
{
  GVerbsCMQPInitAttr *attr = gverbs_cm_qp_init_attr_new ();

  attr->qp_type = type;
  attr->max_send_wr = max_wr;
  attr->max_recv_wr = max_wr;
  return attr;
}

void
cm_test_create_qp (GVerbsCMID   *id,
                   GVerbsQPType  type,
                   guint         max_wr)
{
  g_autoptr(GVerbsCMQPInitAttr) attr = cm_test_qp_attr (type, max_wr);
  g_autoptr(GError) error = NULL;

  g_assert_true (gverbs_cm_id_create_qp (id, attr, &error));
  g_assert_no_error (error);
}

char *
cm_test_mapped_gid (const char *ipv4)
{
  g_autofree char *mapped = g_strdup_printf ("::ffff:%s", ipv4);
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsGid) gid = gverbs_gid_new_from_string (mapped, &error);

  g_assert_no_error (error);
  return gverbs_gid_to_string (gid);
}

static gboolean
timeout_cb (gpointer data)
{
  g_error ("test timed out");
  return G_SOURCE_REMOVE;
}

guint
cm_test_add_timeout (guint seconds)
{
  return g_timeout_add_seconds (seconds, timeout_cb, NULL);
}

void
cm_test_conn_init (CMTestConn *conn)
{
  g_autoptr(GError) error = NULL;

  conn->loop = g_main_loop_new (NULL, FALSE);
  conn->ch = gverbs_event_channel_new (&error);
  g_assert_no_error (error);
}

void
cm_test_conn_clear (CMTestConn *conn)
{
  g_clear_object (&conn->server);
  g_clear_object (&conn->client);
  g_clear_object (&conn->listener);
  g_clear_object (&conn->ch);
  g_clear_pointer (&conn->loop, g_main_loop_unref);
}

GVerbsCMID *
cm_test_listen (GVerbsEventChannel *ch,
                const char         *addr,
                const char         *port,
                int                 backlog)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAddrInfo) ai = NULL;
  GVerbsCMID *id;

  id = gverbs_cm_id_new_on_channel (ch, GVERBS_RDMA_PS_TCP, &error);
  g_assert_no_error (error);
  ai = gverbs_addr_info_new (addr, NULL, port, NULL, GVERBS_RDMA_PS_TCP, GVERBS_RAI_PASSIVE, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_cm_id_bind_addr (id, ai, &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_cm_id_listen (id, backlog, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (gverbs_cm_id_get_local_port (id), ==, atoi (port));
  return id;
}

/* --- resolving on the main loop ------------------------------------------- */

typedef struct {
  GMainLoop *loop;
  guint pending;
} Resolve;

static void
resolved_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  Resolve *r = data;
  g_autoptr(GError) error = NULL;

  g_assert_true (gverbs_cm_id_resolve_addr_finish (GVERBS_CM_ID (source), result, &error));
  g_assert_no_error (error);
  if (--r->pending == 0)
    g_main_loop_quit (r->loop);
}

void
cm_test_resolve_addr (GVerbsAddrInfo *dst,
                      GVerbsCMID     *id,
                      ...)
{
  Resolve r = { g_main_loop_new (NULL, FALSE), 0 };
  va_list ids;

  va_start (ids, id);
  for (; id != NULL; id = va_arg (ids, GVerbsCMID *))
    {
      r.pending++;
      gverbs_cm_id_resolve_addr_async (id, dst, 2000, NULL, resolved_cb, &r);
    }
  va_end (ids);
  if (r.pending > 0)
    g_main_loop_run (r.loop);
  g_main_loop_unref (r.loop);
}

/* --- connecting and accepting on the main loop ----------------------------- */

typedef struct {
  CMTestConnect how;
  GVerbsCMID *id;
} ConnectOp;

static void
connect_op_free (ConnectOp *op)
{
  g_clear_pointer (&op->how.private_data, g_bytes_unref);
  g_clear_object (&op->how.cancellable);
  g_object_unref (op->id);
  g_free (op);
}

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  ConnectOp *op = data;
  g_autoptr(GError) error = NULL;

  if (op->how.connect_error != NULL)
    g_assert_false (gverbs_cm_id_connect_to_peer_finish (op->id, result, op->how.connect_error));
  else
    {
      g_assert_true (gverbs_cm_id_connect_to_peer_finish (op->id, result, &error));
      g_assert_no_error (error);
    }
  if (op->how.connected != NULL)
    op->how.connected (op->id, op->how.data);
  connect_op_free (op);
}

static void
route_resolved_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  ConnectOp *op = data;
  g_autoptr(GError) error = NULL;

  g_assert_true (gverbs_cm_id_resolve_route_finish (op->id, result, &error));
  g_assert_no_error (error);
  cm_test_create_qp (op->id, GVERBS_QPT_RC, op->how.max_wr);
  if (op->how.qp_created != NULL)
    op->how.qp_created (op->id, op->how.data);
  gverbs_cm_id_connect_to_peer_async (op->id, NULL, op->how.private_data, op->how.cancellable,
                                      connected_cb, op);
}

static void
addr_resolved_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      data)
{
  ConnectOp *op = data;
  g_autoptr(GError) error = NULL;

  g_assert_true (gverbs_cm_id_resolve_addr_finish (op->id, result, &error));
  g_assert_no_error (error);
  if (op->how.addr_resolved != NULL)
    op->how.addr_resolved (op->id, op->how.data);
  gverbs_cm_id_resolve_route_async (op->id, 2000, NULL, route_resolved_cb, op);
}

void
cm_test_connect_async (GVerbsCMID          *id,
                       GVerbsAddrInfo      *dst,
                       const CMTestConnect *how)
{
  ConnectOp *op = g_new0 (ConnectOp, 1);

  op->how = *how;
  if (how->private_data != NULL)
    op->how.private_data = g_bytes_ref (how->private_data);
  if (how->cancellable != NULL)
    op->how.cancellable = g_object_ref (how->cancellable);
  op->id = g_object_ref (id);
  gverbs_cm_id_resolve_addr_async (id, dst, 2000, NULL, addr_resolved_cb, op);
}

void
cm_test_conn_connect (CMTestConn          *conn,
                      const char          *src,
                      const char          *dst,
                      const char          *port,
                      const CMTestConnect *how)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAddrInfo) ai = NULL;

  conn->client = gverbs_cm_id_new_on_channel (conn->ch, GVERBS_RDMA_PS_TCP, &error);
  g_assert_no_error (error);
  ai = gverbs_addr_info_new (src, dst, NULL, port, GVERBS_RDMA_PS_TCP, 0, &error);
  g_assert_no_error (error);
  cm_test_connect_async (conn->client, ai, how);
}

typedef struct {
  CMTestStep accepted;
  gpointer data;
} AcceptOp;

static void
accepted_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  g_autofree AcceptOp *op = data;
  g_autoptr(GError) error = NULL;

  g_assert_true (gverbs_cm_id_accept_finish (GVERBS_CM_ID (source), result, &error));
  g_assert_no_error (error);
  op->accepted (GVERBS_CM_ID (source), op->data);
}

void
cm_test_accept_async (GVerbsCMID *id,
                      CMTestStep  accepted,
                      gpointer    data)
{
  AcceptOp *op = g_new0 (AcceptOp, 1);

  op->accepted = accepted;
  op->data = data;
  gverbs_cm_id_accept_async (id, NULL, NULL, NULL, accepted_cb, op);
}
