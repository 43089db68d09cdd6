/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Device tests of enhanced connection establishment (ECE): rxe has no ECE
 * of its own, so the QP calls fail cleanly, naming the call and the device;
 * rdma_cm carries an application's ECE for an identifier without a QP, and
 * the peer reads exactly what was sent. */
#include <string.h>
#include "gverbs-test-util.h"
#include "cm-test-util.h"

#define ECE_VENDOR 0x0002c9u   /* an IEEE OUI: 24 bits travel in the CM REQ */
#define ECE_OPTIONS 0x5a1234u  /* 24 bits too (the REQ's local EECN field) */

static void
assert_not_supported (GError     *error,
                      const char *call)
{
  g_autofree char *expected = g_strdup_printf ("%s on ", call);

  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, expected));
  g_assert_nonnull (strstr (error->message, gverbs_test_device_name ()));
  g_assert_nonnull (strstr (error->message, "(EOPNOTSUPP)"));
}

static void
test_ece_boxed (void)
{
  g_autoptr(GVerbsECE) ece = gverbs_ece_new (ECE_VENDOR, ECE_OPTIONS, 3);
  g_autoptr(GVerbsECE) copy = gverbs_ece_copy (ece);
  g_autofree char *text = gverbs_ece_to_string (ece);

  g_assert_cmpuint (copy->vendor_id, ==, ECE_VENDOR);
  g_assert_cmpuint (copy->options, ==, ECE_OPTIONS);
  g_assert_cmpuint (copy->comp_mask, ==, 3);
  g_assert_true (gverbs_ece_equal (ece, copy));
  copy->options ^= 1;
  g_assert_false (gverbs_ece_equal (ece, copy));
  g_assert_cmpstr (text, ==, "ECE(vendor_id=0x2c9, options=0x5a1234, comp_mask=0x3)");
}

static void
test_qp_ece_not_supported (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsCQ) cq = NULL;
  g_autoptr(GVerbsQPInitAttr) init = NULL;
  g_autoptr(GVerbsQP) qp = NULL;
  g_autoptr(GVerbsECE) ece = NULL;
  g_autoptr(GVerbsECE) want = gverbs_ece_new (ECE_VENDOR, ECE_OPTIONS, 0);
  g_autoptr(GError) error = NULL;
  GVerbsQPCap cap = { 4, 4, 1, 1, 0 };
  guint qps;

  if (ctx == NULL)
    return;
  qps = cm_test_count_resources ("qp");
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  cq = gverbs_cq_new (ctx, 8, NULL, 0, &error);
  g_assert_no_error (error);
  init = gverbs_qp_init_attr_new (GVERBS_QPT_RC, cq, cq, &cap);
  qp = gverbs_qp_new (pd, init, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cm_test_count_resources ("qp"), ==, qps + 1);

  ece = gverbs_qp_query_ece (qp, &error);
  g_assert_null (ece);
  assert_not_supported (error, "ibv_query_ece");
  g_clear_error (&error);
  g_assert_false (gverbs_qp_set_ece (qp, want, &error));
  assert_not_supported (error, "ibv_set_ece");
  g_assert_nonnull (strstr (error->message, "vendor_id 0x2c9 options 0x5a1234"));
  g_clear_error (&error);
  /* the QP is untouched: still open and still in the kernel */
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (qp)));
  g_assert_cmpuint (cm_test_count_resources ("qp"), ==, qps + 1);

  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ctx), &error));
  g_assert_cmpuint (cm_test_count_resources ("qp"), ==, qps);
  ece = gverbs_qp_query_ece (qp, &error);
  g_assert_null (ece);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_false (gverbs_qp_set_ece (qp, want, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
}

/* --- the exchange over rdma_cm -------------------------------------------- */

typedef struct {
  CMTestConn conn;
  GVerbsECE *received;
  GError *connect_error;
  gboolean rejected;
} Exchange;

static void
on_connect_request (GVerbsCMID *listener,
                    GVerbsCMID *new_id,
                    GBytes     *private_data,
                    gpointer    data)
{
  Exchange *x = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsECE) mine = gverbs_ece_new (0, 0, 0);

  x->received = gverbs_cm_id_query_remote_ece (new_id, &error);
  g_assert_no_error (error);
  /* an incoming identifier without a QP takes an ECE of its own too */
  g_assert_false (gverbs_cm_id_set_local_ece (new_id, mine, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "vendor_id 0x0, comp_mask 0x0"));
  g_clear_error (&error);
  mine->vendor_id = ECE_VENDOR;
  mine->comp_mask = 1;
  g_assert_false (gverbs_cm_id_set_local_ece (new_id, mine, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  mine->comp_mask = 0;
  g_assert_true (gverbs_cm_id_set_local_ece (new_id, mine, &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_cm_id_reject (new_id, NULL, &error));
  g_assert_no_error (error);
}

static void
on_rejected (GVerbsCMID *id,
             int         reason,
             GBytes     *private_data,
             gpointer    data)
{
  Exchange *x = data;

  x->rejected = TRUE;
  g_main_loop_quit (x->conn.loop);
}

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  Exchange *x = data;

  g_assert_false (gverbs_cm_id_connect_to_peer_finish (GVERBS_CM_ID (source), result,
                                                       &x->connect_error));
}

static void
route_resolved_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  Exchange *x = data;
  g_autoptr(GError) error = NULL;

  g_assert_true (gverbs_cm_id_resolve_route_finish (GVERBS_CM_ID (source), result, &error));
  g_assert_no_error (error);
  g_main_loop_quit (x->conn.loop);
}

static void
before_connect (GVerbsCMID *id)
{
  g_autoptr(GVerbsECE) ece = gverbs_ece_new (ECE_VENDOR, ECE_OPTIONS, 0);
  g_autoptr(GVerbsECE) none = NULL;
  g_autoptr(GError) error = NULL;

  /* nothing received yet: zeros */
  none = gverbs_cm_id_query_remote_ece (id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (none->vendor_id, ==, 0);
  g_assert_cmpuint (none->options, ==, 0);
  g_assert_true (gverbs_cm_id_set_local_ece (id, ece, &error));
  g_assert_no_error (error);
}

static void
test_cm_ece_exchange (void)
{
  const char *addr = cm_test_addr ();
  g_autoptr(GVerbsAddrInfo) ai = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  Exchange x = { 0 };
  guint timeout;

  if (addr == NULL)
    return;
  cm_test_conn_init (&x.conn);
  x.conn.listener = cm_test_listen (x.conn.ch, addr, "7493", 1);
  g_signal_connect (x.conn.listener, "connect-request", G_CALLBACK (on_connect_request), &x);

  x.conn.client = gverbs_cm_id_new_on_channel (x.conn.ch, GVERBS_RDMA_PS_TCP, &error);
  g_assert_no_error (error);
  g_signal_connect (x.conn.client, "rejected", G_CALLBACK (on_rejected), &x);
  ai = gverbs_addr_info_new (addr, addr, NULL, "7493", GVERBS_RDMA_PS_TCP, 0, &error);
  g_assert_no_error (error);
  timeout = cm_test_add_timeout (60);
  cm_test_resolve_addr (ai, x.conn.client, NULL);
  gverbs_cm_id_resolve_route_async (x.conn.client, 2000, NULL, route_resolved_cb, &x);
  g_main_loop_run (x.conn.loop);
  /* no QP on the client: rdma_cm sends the ECE set on the identifier */
  before_connect (x.conn.client);
  gverbs_cm_id_connect_to_peer_async (x.conn.client, NULL, NULL, NULL, connected_cb, &x);
  g_main_loop_run (x.conn.loop);
  g_source_remove (timeout);

  g_assert_true (x.rejected);
  g_assert_nonnull (x.received);
  text = gverbs_ece_to_string (x.received);
  g_test_message ("received %s", text);
  g_assert_cmpuint (x.received->vendor_id, ==, ECE_VENDOR);
  g_assert_cmpuint (x.received->options, ==, ECE_OPTIONS);

  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (x.conn.ch), &error));
  g_assert_cmpuint (cm_test_count_cm_ids (), ==, 0);
  g_clear_error (&x.connect_error);
  gverbs_ece_free (x.received);
  cm_test_conn_clear (&x.conn);
}

static void
test_cm_ece_with_qp (void)
{
  const char *addr = cm_test_addr ();
  g_autoptr(GVerbsAddrInfo) ai = NULL;
  g_autoptr(GVerbsCMID) id = NULL;
  g_autoptr(GVerbsECE) ece = gverbs_ece_new (ECE_VENDOR, ECE_OPTIONS, 0);
  g_autoptr(GVerbsECE) remote = NULL;
  g_autoptr(GError) error = NULL;

  if (addr == NULL)
    return;
  ai = gverbs_addr_info_new (NULL, addr, NULL, "7494", GVERBS_RDMA_PS_TCP, 0, &error);
  g_assert_no_error (error);
  id = gverbs_cm_id_new (ai, NULL, &error);
  g_assert_no_error (error);
  /* no QP yet: set and read back zeros */
  g_assert_true (gverbs_cm_id_set_local_ece (id, ece, &error));
  g_assert_no_error (error);
  cm_test_create_qp (id, GVERBS_QPT_RC, 4);
  /* with a QP, rdma_cm uses the QP's ECE: refused, saying why */
  g_assert_false (gverbs_cm_id_set_local_ece (id, ece, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_true (g_str_has_prefix (error->message, "rdma_set_local_ece on "));
  g_assert_nonnull (strstr (error->message, "has a QP"));
  g_clear_error (&error);
  remote = gverbs_cm_id_query_remote_ece (id, &error);
  g_assert_null (remote);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_true (g_str_has_prefix (error->message, "rdma_get_remote_ece on "));
  g_clear_error (&error);

  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (id), &error));
  g_assert_false (gverbs_cm_id_set_local_ece (id, ece, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  remote = gverbs_cm_id_query_remote_ece (id, &error);
  g_assert_null (remote);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_assert_cmpuint (cm_test_count_cm_ids (), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ece/boxed", test_ece_boxed);
  g_test_add_func ("/ece/qp-not-supported", test_qp_ece_not_supported);
  g_test_add_func ("/ece/cm-exchange", test_cm_ece_exchange);
  g_test_add_func ("/ece/cm-with-qp", test_cm_ece_with_qp);
  return g_test_run ();
}
