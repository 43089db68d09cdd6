/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* rdma-core's rdma_client on the synchronous CMID API:
 *   gverbs-example-rdma-client ADDRESS [PORT]   (port 7471 by default)
 * connects, sends one 16-byte message, receives the 16-byte reply and
 * prints both in hex. */
#include <stdio.h>
#include <stdlib.h>
#include <gverbs.h>

static void
check (gboolean ok, const char *what, GError *error)
{
  if (!ok)
    {
      g_printerr ("rdma-client: %s: %s\n", what, error ? error->message : "failed");
      exit (1);
    }
}

static void
print_hex (const char *label, GBytes *bytes)
{
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);

  printf ("%s", label);
  for (gsize i = 0; i < len; i++)
    printf ("%02x", data[i]);
  printf ("\n");
}

int
main (int argc, char **argv)
{
  static const guint8 msg[16] = "gverbs client!!";
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAddrInfo) ai = NULL;
  g_autoptr(GVerbsCMQPInitAttr) attr = gverbs_cm_qp_init_attr_new ();
  g_autoptr(GVerbsCMID) id = NULL;
  g_autoptr(GVerbsMR) send_mr = NULL, recv_mr = NULL;
  g_autoptr(GVerbsWC) swc = NULL, rwc = NULL;
  g_autoptr(GBytes) sent = NULL, reply = NULL;

  if (argc < 2)
    {
      g_printerr ("usage: %s ADDRESS [PORT]\n", argv[0]);
      return 2;
    }
  attr->max_send_wr = attr->max_recv_wr = 1;
  attr->sq_sig_all = TRUE;
  ai = gverbs_addr_info_new (NULL, argv[1], NULL, argc > 2 ? argv[2] : "7471",
                             GVERBS_RDMA_PS_TCP, 0, &error);
  check (ai != NULL, "address", error);
  id = gverbs_cm_id_new (ai, attr, &error);
  check (id != NULL, "rdma_create_ep", error);
  send_mr = gverbs_cm_id_reg_msgs (id, 16, &error);
  recv_mr = gverbs_cm_id_reg_msgs (id, 16, &error);
  check (recv_mr != NULL, "rdma_reg_msgs", error);
  check (gverbs_cm_id_post_recv (id, recv_mr, 0, 16, 1, &error), "rdma_post_recv", error);
  check (gverbs_cm_id_connect_to_peer (id, NULL, NULL, &error), "rdma_connect", error);
  check (gverbs_mr_write (send_mr, msg, 16, 0, &error) &&
         gverbs_cm_id_post_send (id, send_mr, 0, 16, 0, 2, &error), "rdma_post_send", error);
  swc = gverbs_cm_id_get_send_comp (id, &error);
  check (swc != NULL && swc->status == GVERBS_WC_SUCCESS, "send completion", error);
  rwc = gverbs_cm_id_get_recv_comp (id, &error);
  check (rwc != NULL && rwc->status == GVERBS_WC_SUCCESS && rwc->byte_len == 16,
         "receive completion", error);
  sent = gverbs_mr_read (send_mr, 16, 0, NULL);
  reply = gverbs_mr_read (recv_mr, 16, 0, NULL);
  print_hex ("sent ", sent);
  print_hex ("received ", reply);
  gverbs_cm_id_shutdown (id, NULL);
  gverbs_resource_close (GVERBS_RESOURCE (id), NULL);
  return 0;
}
