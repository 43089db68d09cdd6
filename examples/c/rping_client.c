/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* An rping client (rdma-core's `rping -c`) on the synchronous CMID API:
 *   gverbs-example-rping-client ADDRESS PORT COUNT
 * For each ping it advertises its "start" buffer (the server RDMA-reads it),
 * waits for the server's go-ahead, advertises its "rdma" buffer (the server
 * RDMA-writes the data back into it), waits, and checks both buffers match. */
#include <stdio.h>
#include <stdlib.h>
#include "rping_common.h"

static void
check (gboolean ok, const char *what, GError *error)
{
  if (!ok)
    {
      g_printerr ("rping-client: %s: %s\n", what, error ? error->message : "failed");
      exit (1);
    }
}

static void
wait_comp (GVerbsCMID *id, gboolean send, GVerbsWCOpcode opcode)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsWC) wc = send ? gverbs_cm_id_get_send_comp (id, &error)
                                : gverbs_cm_id_get_recv_comp (id, &error);

  check (wc != NULL, "completion", error);
  if (wc->status != GVERBS_WC_SUCCESS || wc->opcode != opcode ||
      (!send && wc->byte_len != RPING_INFO_SIZE))
    {
      g_printerr ("rping-client: completion %s, opcode %d, %u bytes\n",
                  gverbs_wc_status_str (wc->status), wc->opcode, wc->byte_len);
      exit (1);
    }
}

static void
advertise (GVerbsCMID *id, GVerbsMR *send_mr, GVerbsMR *recv_mr, GVerbsMR *buf)
{
  g_autoptr(GError) error = NULL;
  guint8 info[RPING_INFO_SIZE];

  rping_pack_info (info, gverbs_mr_get_addr (buf), gverbs_mr_get_rkey (buf),
                   (guint32) gverbs_mr_get_length (buf));
  check (gverbs_cm_id_post_recv (id, recv_mr, 0, RPING_INFO_SIZE, 1, &error) &&
         gverbs_mr_write (send_mr, info, sizeof info, 0, &error) &&
         gverbs_cm_id_post_send (id, send_mr, 0, sizeof info, GVERBS_SEND_SIGNALED, 2, &error),
         "advertise", error);
  wait_comp (id, TRUE, GVERBS_WC_SEND);
  wait_comp (id, FALSE, GVERBS_WC_RECV);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAddrInfo) ai = NULL;
  g_autoptr(GVerbsCMQPInitAttr) attr = gverbs_cm_qp_init_attr_new ();
  g_autoptr(GVerbsCMID) id = NULL;
  g_autoptr(GVerbsMR) send_mr = NULL, recv_mr = NULL, start = NULL, rdma = NULL;
  GVerbsConnParam param;
  const guint size = RPING_DEFAULT_SIZE;
  int count;

  if (argc < 4)
    {
      g_printerr ("usage: %s ADDRESS PORT COUNT\n", argv[0]);
      return 2;
    }
  count = atoi (argv[3]);
  attr->max_send_wr = 16;
  attr->max_recv_wr = 2;
  ai = gverbs_addr_info_new (NULL, argv[1], NULL, argv[2], GVERBS_RDMA_PS_TCP, 0, &error);
  check (ai != NULL, "address", error);
  id = gverbs_cm_id_new (ai, attr, &error);
  check (id != NULL, "rdma_create_ep", error);
  send_mr = gverbs_cm_id_reg_msgs (id, RPING_INFO_SIZE, &error);
  recv_mr = gverbs_cm_id_reg_msgs (id, RPING_INFO_SIZE, &error);
  start = gverbs_mr_new (gverbs_cm_id_get_pd (id), size, GVERBS_ACCESS_LOCAL_WRITE |
                         GVERBS_ACCESS_REMOTE_READ | GVERBS_ACCESS_REMOTE_WRITE, &error);
  rdma = gverbs_mr_new (gverbs_cm_id_get_pd (id), size, GVERBS_ACCESS_LOCAL_WRITE |
                        GVERBS_ACCESS_REMOTE_READ | GVERBS_ACCESS_REMOTE_WRITE, &error);
  check (rdma != NULL, "buffers", error);
  rping_conn_param (&param);
  check (gverbs_cm_id_connect_to_peer (id, &param, NULL, &error), "connect", error);

  for (int ping = 0, letter = 'A'; ping < count; ping++)
    {
      g_autoptr(GBytes) sent = NULL, echoed = NULL;
      guint8 data[RPING_DEFAULT_SIZE];
      int n = g_snprintf ((char *) data, size, "rdma-ping-%d: ", ping);
      int c = letter;

      for (guint i = (guint) n; i < size; i++)
        {
          data[i] = (guint8) c;
          c = c == 'z' ? 'A' : c + 1;
        }
      data[size - 1] = 0;
      letter = letter == 'z' ? 'A' : letter + 1;
      memset ((void *) gverbs_mr_get_buffer (rdma), 0, size);
      check (gverbs_mr_write (start, data, size, 0, &error), "write", error);

      advertise (id, send_mr, recv_mr, start);   /* the server reads it … */
      advertise (id, send_mr, recv_mr, rdma);    /* … and writes it back here */

      sent = gverbs_mr_read (start, size, 0, &error);
      echoed = gverbs_mr_read (rdma, size, 0, &error);
      if (!g_bytes_equal (sent, echoed))
        {
          g_printerr ("rping-client: ping %d: the data written back differs\n", ping);
          return 1;
        }
      printf ("ping data: %s\n", (const char *) g_bytes_get_data (echoed, NULL));
    }
  gverbs_cm_id_shutdown (id, NULL);
  gverbs_resource_close (GVERBS_RESOURCE (id), NULL);
  return 0;
}
