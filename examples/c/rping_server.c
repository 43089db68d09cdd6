/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* An rping server (rdma-core's `rping -s`) on the synchronous CMID API:
 *   gverbs-example-rping-server ADDRESS PORT COUNT
 * serves one client for COUNT pings: for each, RDMA-reads the buffer the
 * client advertises, tells it to go on, RDMA-writes the data into the second
 * buffer it advertises, and tells it so. */
#include <stdio.h>
#include <stdlib.h>
#include "rping_common.h"

static void
check (gboolean ok, const char *what, GError *error)
{
  if (!ok)
    {
      g_printerr ("rping-server: %s: %s\n", what, error ? error->message : "failed");
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
      (opcode == GVERBS_WC_RECV && wc->byte_len != RPING_INFO_SIZE))
    {
      g_printerr ("rping-server: completion %s, opcode %d, %u bytes\n",
                  gverbs_wc_status_str (wc->status), wc->opcode, wc->byte_len);
      exit (1);
    }
}

/* Waits for the client's advertisement, posting the next receive. */
static void
receive_info (GVerbsCMID *id, GVerbsMR *recv_mr, guint64 *addr, guint32 *rkey, guint32 *size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) info = NULL;

  wait_comp (id, FALSE, GVERBS_WC_RECV);
  info = gverbs_mr_read (recv_mr, RPING_INFO_SIZE, 0, &error);
  check (info != NULL, "read", error);
  rping_unpack_info (g_bytes_get_data (info, NULL), addr, rkey, size);
  check (gverbs_cm_id_post_recv (id, recv_mr, 0, RPING_INFO_SIZE, 1, &error), "post_recv", error);
}

static void
go_ahead (GVerbsCMID *id, GVerbsMR *send_mr)
{
  g_autoptr(GError) error = NULL;

  check (gverbs_cm_id_post_send (id, send_mr, 0, RPING_INFO_SIZE, GVERBS_SEND_SIGNALED, 2, &error),
         "post_send", error);
  wait_comp (id, TRUE, GVERBS_WC_SEND);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAddrInfo) ai = NULL;
  g_autoptr(GVerbsCMQPInitAttr) attr = gverbs_cm_qp_init_attr_new ();
  g_autoptr(GVerbsCMID) listener = NULL, id = NULL;
  g_autoptr(GVerbsMR) send_mr = NULL, recv_mr = NULL, rdma = NULL;
  GVerbsConnParam param;
  int count;

  if (argc < 4)
    {
      g_printerr ("usage: %s ADDRESS PORT COUNT\n", argv[0]);
      return 2;
    }
  count = atoi (argv[3]);
  attr->max_send_wr = 16;
  attr->max_recv_wr = 2;
  ai = gverbs_addr_info_new (argv[1], NULL, argv[2], NULL, GVERBS_RDMA_PS_TCP,
                             GVERBS_RAI_PASSIVE, &error);
  check (ai != NULL, "address", error);
  listener = gverbs_cm_id_new (ai, attr, &error);
  check (listener != NULL && gverbs_cm_id_listen (listener, 3, &error), "listen", error);
  printf ("listening on %s:%s\n", argv[1], argv[2]);
  fflush (stdout);
  id = gverbs_cm_id_get_request (listener, &error);
  check (id != NULL, "get_request", error);
  send_mr = gverbs_cm_id_reg_msgs (id, RPING_INFO_SIZE, &error);
  recv_mr = gverbs_cm_id_reg_msgs (id, RPING_INFO_SIZE, &error);
  rdma = gverbs_mr_new (gverbs_cm_id_get_pd (id), RPING_DEFAULT_SIZE, GVERBS_ACCESS_LOCAL_WRITE |
                        GVERBS_ACCESS_REMOTE_READ | GVERBS_ACCESS_REMOTE_WRITE, &error);
  check (rdma != NULL, "buffers", error);
  check (gverbs_cm_id_post_recv (id, recv_mr, 0, RPING_INFO_SIZE, 1, &error), "post_recv", error);
  rping_conn_param (&param);
  check (gverbs_cm_id_accept (id, &param, NULL, &error), "accept", error);

  for (int ping = 0; ping < count; ping++)
    {
      g_autoptr(GBytes) data = NULL;
      guint64 addr;
      guint32 rkey, size;
      gsize len;

      receive_info (id, recv_mr, &addr, &rkey, &size);
      if (size > RPING_DEFAULT_SIZE)
        {
          g_printerr ("rping-server: the client's buffer (%u bytes) is larger than ours\n", size);
          return 1;
        }
      check (gverbs_cm_id_post_read (id, rdma, 0, size, addr, rkey, GVERBS_SEND_SIGNALED, 3, &error),
             "post_read", error);
      wait_comp (id, TRUE, GVERBS_WC_RDMA_READ);
      data = gverbs_mr_read (rdma, size, 0, &error);
      len = strnlen (g_bytes_get_data (data, NULL), size);
      printf ("server ping data: %.*s\n", (int) len, (const char *) g_bytes_get_data (data, NULL));
      go_ahead (id, send_mr);

      receive_info (id, recv_mr, &addr, &rkey, &size);
      len = MIN (len + 1, size);        /* the string and its NUL, as rping */
      check (gverbs_cm_id_post_write (id, rdma, 0, len, addr, rkey, GVERBS_SEND_SIGNALED, 4, &error),
             "post_write", error);
      wait_comp (id, TRUE, GVERBS_WC_RDMA_WRITE);
      go_ahead (id, send_mr);
    }
  fflush (stdout);
  /* rping's own server never disconnects first: its client, which may still
   * be handling the last go-ahead, ends the connection. The synchronous API
   * has no disconnect event to wait for, so leave the client a second. */
  g_usleep (G_USEC_PER_SEC);
  gverbs_cm_id_shutdown (id, NULL);
  gverbs_resource_close (GVERBS_RESOURCE (id), NULL);
  gverbs_resource_close (GVERBS_RESOURCE (listener), NULL);
  return 0;
}
