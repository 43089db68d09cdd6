/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* The program of docs/getting-started.md: one device, one protection
 * domain, two memory regions, a completion queue watched on the GLib main
 * loop, and two RC queue pairs connected to each other over loopback. The
 * first QP sends a message into a receive the second posted, then writes
 * into the second's memory with RDMA WRITE; the completions arrive through
 * the CQ's ::completions signal, and the bytes are read back and checked.
 *
 * Usage: gverbs-example-getting-started [DEVICE]
 */
#include <string.h>
#include <gverbs.h>

#define BUF_SIZE 4096
#define WRITE_OFFSET 1024

static const char message[] = "Hello from the sending QP";
static const char written[] = "Written by RDMA WRITE";

enum { WR_RECV = 1, WR_SEND, WR_WRITE };

typedef struct {
  GMainLoop *loop;
  guint completed;      /* completions seen: three are expected */
  guint32 recv_len;     /* byte_len of the receive */
  GError *error;        /* the first failed completion */
} Run;

/* GVerbsCQ::completions: all the completions of one main-loop dispatch. */
static void
on_completions (GVerbsCQ  *cq,
                GPtrArray *wcs,
                gpointer   user_data)
{
  Run *run = user_data;

  for (guint i = 0; i < wcs->len; i++)
    {
      const GVerbsWC *wc = g_ptr_array_index (wcs, i);

      g_print ("completion: wr_id %" G_GUINT64_FORMAT ", %s\n", wc->wr_id,
               gverbs_wc_status_str (wc->status));
      if (wc->status != GVERBS_WC_SUCCESS && run->error == NULL)
        g_set_error (&run->error, G_IO_ERROR, G_IO_ERROR_FAILED, "work request %" G_GUINT64_FORMAT " failed: %s",
                     wc->wr_id, gverbs_wc_status_str (wc->status));
      if (wc->wr_id == WR_RECV)
        run->recv_len = wc->byte_len;
      run->completed++;
    }
  if (run->completed == 3 || run->error != NULL)
    g_main_loop_quit (run->loop);
}

static gboolean
on_timeout (gpointer user_data)
{
  Run *run = user_data;

  g_set_error_literal (&run->error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT, "timed out waiting for completions");
  g_main_loop_quit (run->loop);
  return G_SOURCE_REMOVE;
}

/* Moves @qp through INIT and RTR to RTS, connected to the queue pair
 * @remote_qpn at the GID @gid on port 1 of the same device. */
static gboolean
connect_qp (GVerbsQP    *qp,
            guint32      remote_qpn,
            const char  *gid,
            guint        gid_index,
            GError     **error)
{
  g_autoptr(GVerbsGlobalRoute) route = gverbs_global_route_new ();
  g_autoptr(GVerbsAHAttr) ah_attr = gverbs_ah_attr_new ();
  g_autoptr(GVerbsQPAttr) attr = gverbs_qp_attr_new ();

  g_object_set (route, "dgid", gid, "sgid-index", gid_index, NULL);
  g_object_set (ah_attr, "is-global", TRUE, "port-num", 1u, "grh", route, NULL);
  g_object_set (attr,
                "ah-attr", ah_attr, "dest-qp-num", remote_qpn,
                "path-mtu", GVERBS_MTU_BYTES_1024, "rq-psn", 0u, "sq-psn", 0u,
                "max-dest-rd-atomic", 1u, "max-rd-atomic", 1u, "min-rnr-timer", 12u,
                "timeout", 14u, "retry-cnt", 7u, "rnr-retry", 7u,
                "qp-access-flags", GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE,
                NULL);
  return gverbs_qp_to_rts (qp, attr, error);
}

static gboolean
run_example (const char  *device,
             GError     **error)
{
  g_autoptr(GVerbsContext) ctx = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsMR) src = NULL, dst = NULL;
  g_autoptr(GVerbsCompChannel) channel = NULL;
  g_autoptr(GVerbsCQ) cq = NULL;
  g_autoptr(GVerbsQPInitAttr) init_attr = NULL;
  g_autoptr(GVerbsQP) sender = NULL, receiver = NULL;
  g_autoptr(GVerbsGid) gid = NULL;
  g_autoptr(GBytes) received = NULL, landed = NULL;
  g_autofree char *gid_str = NULL;
  GVerbsQPCap cap = { .max_send_wr = 4, .max_recv_wr = 4, .max_send_sge = 1, .max_recv_sge = 1 };
  GVerbsRecvWR recv_wr;
  GVerbsSendWR send_wr, write_wr;
  Run run = { 0 };
  guint timeout;
  int gid_index;

  /* 1. The device, and a protection domain for everything below. */
  ctx = gverbs_context_new (device, error);
  if (ctx == NULL)
    return FALSE;
  g_print ("opened %s\n", gverbs_context_get_name (ctx));
  pd = gverbs_pd_new (ctx, error);
  if (pd == NULL)
    return FALSE;

  /* 2. Memory the device may access: a source buffer, and a destination
   *    the peer may also write into with RDMA WRITE. */
  src = gverbs_mr_new (pd, BUF_SIZE, GVERBS_ACCESS_LOCAL_WRITE, error);
  dst = src ? gverbs_mr_new (pd, BUF_SIZE, GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE, error) : NULL;
  if (dst == NULL)
    return FALSE;

  /* 3. A completion queue on a completion channel, watched: its
   *    completions are delivered as signals on the main loop. */
  channel = gverbs_comp_channel_new (ctx, error);
  if (channel == NULL)
    return FALSE;
  cq = gverbs_cq_new (ctx, 16, channel, 0, error);
  if (cq == NULL)
    return FALSE;
  g_signal_connect (cq, "completions", G_CALLBACK (on_completions), &run);
  if (!gverbs_cq_set_watched (cq, TRUE, error))
    return FALSE;

  /* 4. Two reliable-connected queue pairs sharing that CQ, connected to
   *    each other through the port's default GID (loopback). */
  init_attr = gverbs_qp_init_attr_new (GVERBS_QPT_RC, cq, cq, &cap);
  sender = gverbs_qp_new (pd, init_attr, NULL, error);
  receiver = sender ? gverbs_qp_new (pd, init_attr, NULL, error) : NULL;
  if (receiver == NULL)
    return FALSE;
  gid_index = gverbs_context_find_default_gid (ctx, 1, error);
  if (gid_index < 0)
    return FALSE;
  gid = gverbs_context_query_gid (ctx, 1, (guint) gid_index, error);
  if (gid == NULL)
    return FALSE;
  gid_str = gverbs_gid_to_string (gid);
  if (!connect_qp (sender, gverbs_qp_get_qp_num (receiver), gid_str, (guint) gid_index, error) ||
      !connect_qp (receiver, gverbs_qp_get_qp_num (sender), gid_str, (guint) gid_index, error))
    return FALSE;
  g_print ("QP 0x%x and QP 0x%x connected\n", gverbs_qp_get_qp_num (sender),
           gverbs_qp_get_qp_num (receiver));

  /* 5. Traffic: a receive on one side, a send and an RDMA WRITE from the
   *    other. The work requests live on the stack: posting copies them. */
  gverbs_recv_wr_init (&recv_wr, WR_RECV);
  recv_wr.sg_list[0] = (GVerbsSGE) { gverbs_mr_get_addr (dst), sizeof message, gverbs_mr_get_lkey (dst) };
  recv_wr.num_sge = 1;
  if (!gverbs_qp_post_recv_one (receiver, &recv_wr, error))
    return FALSE;

  if (!gverbs_mr_write (src, (const guint8 *) message, sizeof message, 0, error) ||
      !gverbs_mr_write (src, (const guint8 *) written, sizeof written, WRITE_OFFSET, error))
    return FALSE;
  gverbs_send_wr_init (&send_wr, WR_SEND, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
  send_wr.sg_list[0] = (GVerbsSGE) { gverbs_mr_get_addr (src), sizeof message, gverbs_mr_get_lkey (src) };
  send_wr.num_sge = 1;
  gverbs_send_wr_init (&write_wr, WR_WRITE, GVERBS_WR_RDMA_WRITE, GVERBS_SEND_SIGNALED);
  write_wr.sg_list[0] = (GVerbsSGE) { gverbs_mr_get_addr (src) + WRITE_OFFSET, sizeof written,
                                      gverbs_mr_get_lkey (src) };
  write_wr.num_sge = 1;
  gverbs_send_wr_set_wr_rdma (&write_wr, gverbs_mr_get_rkey (dst), gverbs_mr_get_addr (dst) + WRITE_OFFSET);
  if (!gverbs_qp_post_send_one (sender, &send_wr, error) ||
      !gverbs_qp_post_send_one (sender, &write_wr, error))
    return FALSE;

  /* 6. The main loop runs until the three completions came. */
  run.loop = g_main_loop_new (NULL, FALSE);
  timeout = g_timeout_add_seconds (30, on_timeout, &run);
  g_main_loop_run (run.loop);
  if (run.error == NULL)
    g_source_remove (timeout);
  g_main_loop_unref (run.loop);
  g_signal_handlers_disconnect_by_data (cq, &run);
  if (run.error != NULL)
    {
      g_propagate_error (error, run.error);
      return FALSE;
    }

  /* 7. The bytes, read back from the destination region. */
  received = gverbs_mr_read (dst, sizeof message, 0, error);
  landed = received ? gverbs_mr_read (dst, sizeof written, WRITE_OFFSET, error) : NULL;
  if (landed == NULL)
    return FALSE;
  if (run.recv_len != sizeof message ||
      memcmp (g_bytes_get_data (received, NULL), message, sizeof message) != 0 ||
      memcmp (g_bytes_get_data (landed, NULL), written, sizeof written) != 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, "the bytes read back differ");
      return FALSE;
    }
  g_print ("received: %s\n", (const char *) g_bytes_get_data (received, NULL));
  g_print ("written: %s\n", (const char *) g_bytes_get_data (landed, NULL));

  /* Closing the context closes everything made from it. */
  return gverbs_resource_close (GVERBS_RESOURCE (ctx), error);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;

  if (!run_example (argc > 1 ? argv[1] : NULL, &error))
    {
      g_printerr ("getting-started: %s\n", error->message);
      return 1;
    }
  return 0;
}
