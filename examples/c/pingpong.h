/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* The ping-pong shared by rc_pingpong.c and ud_pingpong.c: a libgverbs
 * program that speaks the side-channel protocol of rdma-core's
 * ibv_rc_pingpong / ibv_ud_pingpong, so either end can be rdma-core's tool.
 *
 * Side channel (TCP, default port 18515): each side sends its address as
 * the NUL-terminated text "LLLL:QQQQQQ:PPPPPP:GGGG…" (hex LID, QPN, PSN and
 * the 16 GID bytes as 32 hex digits), 52 bytes. The client writes first,
 * reads the server's, then writes "done"; the server brings its QP to RTS
 * before it answers, so the client's first message finds it ready.
 *
 * Both sides use one buffer for receiving and sending, as the rdma-core
 * tools do, so the server sends back what it received. With -c the client
 * fills its buffer with a pattern (zero at each page start, as rdma-core's
 * check expects) and verifies every echo against it; the server verifies
 * that each message has zeros at page starts and equals the first one. */
#pragma once

#include <gverbs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PP_RECV_WRID 1
#define PP_SEND_WRID 2
#define PP_UD_QKEY 0x11111111u
#define PP_GRH 40
#define PP_MSG_SIZE ((gsize) sizeof "0000:000000:000000:00000000000000000000000000000000")

typedef struct {
  GVerbsQPType type;
  char *device;
  int tcp_port;
  int ib_port;
  int size;
  int mtu;
  int rx_depth;
  int iters;
  int sl;
  int gid_index;
  gboolean check;
  const char *server;

  GVerbsContext *ctx;
  GVerbsPD *pd;
  GVerbsMR *mr;
  GVerbsCQ *cq;
  GVerbsQP *qp;
  GVerbsPath *path;
  GVerbsAH *ah;
  guint8 *buf;      /* the MR's memory */
  guint8 *expect;   /* what each received message must hold (with -c) */
  guint offset;     /* where the payload starts in buf: 40 for UD (GRH) */
} PingPong;

static void
pp_format (PingPong *pp,
           char      msg[PP_MSG_SIZE])
{
  guint lid, qpn, psn;
  GVerbsGid gid;
  GString *hex = g_string_new (NULL);

  g_object_get (pp->path, "slid", &lid, "sqpn", &qpn, "sqpsn", &psn, NULL);
  memset (&gid, 0, sizeof gid);
  if (pp->gid_index >= 0)
    gverbs_path_get_sgid (pp->path, &gid);
  for (guint i = 0; i < 16; i++)
    g_string_append_printf (hex, "%02x", gid.raw[i]);
  memset (msg, 0, PP_MSG_SIZE);
  g_snprintf (msg, PP_MSG_SIZE, "%04x:%06x:%06x:%s", lid, qpn, psn, hex->str);
  g_string_free (hex, TRUE);
}

/* The peer's message is untrusted: every field is checked. */
static gboolean
pp_parse (PingPong    *pp,
          const char   msg[PP_MSG_SIZE],
          GError     **error)
{
  g_auto(GStrv) parts = NULL;
  guint64 v[3];
  GVerbsGid gid;

  if (memchr (msg, '\0', PP_MSG_SIZE) == NULL)
    goto bad;
  parts = g_strsplit (msg, ":", -1);
  if (g_strv_length (parts) != 4 || strlen (parts[3]) != 32)
    goto bad;
  for (guint i = 0; i < 3; i++)
    if (!g_ascii_string_to_unsigned (parts[i], 16, 0, i == 0 ? 0xffff : 0xffffff, &v[i], NULL))
      goto bad;
  for (guint i = 0; i < 16; i++)
    {
      int hi = g_ascii_xdigit_value (parts[3][2 * i]), lo = g_ascii_xdigit_value (parts[3][2 * i + 1]);

      if (hi < 0 || lo < 0)
        goto bad;
      gid.raw[i] = (guint8) (hi << 4 | lo);
    }
  g_object_set (pp->path, "dlid", (guint) v[0], "dqpn", (guint) v[1], "dqpsn", (guint) v[2], NULL);
  gverbs_path_set_dgid (pp->path, &gid);
  {
    g_autofree char *text = gverbs_gid_to_string (&gid);

    printf ("  remote address: LID 0x%04x, QPN 0x%06x, PSN 0x%06x, GID %s\n",
            (guint) v[0], (guint) v[1], (guint) v[2], text);
  }
  return TRUE;

bad:
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               "the peer's address message is not LID:QPN:PSN:GID");
  return FALSE;
}

static gboolean
pp_connect_qp (PingPong  *pp,
               GError   **error)
{
  if (!gverbs_qp_modify_to_rtr (pp->qp, pp->path, error) ||
      !gverbs_qp_modify_to_rts (pp->qp, pp->path, error))
    return FALSE;
  if (pp->type == GVERBS_QPT_UD)
    {
      pp->ah = gverbs_path_dup_ah (pp->path, pp->pd, error);
      if (pp->ah == NULL)
        return FALSE;
    }
  return TRUE;
}

static gboolean
pp_exchange (PingPong  *pp,
             GError   **error)
{
  g_autoptr(GSocketConnection) conn = NULL;
  char mine[PP_MSG_SIZE], theirs[PP_MSG_SIZE], done[sizeof "done"];
  GInputStream *in;
  GOutputStream *out;
  gsize n;

  pp_format (pp, mine);
  if (pp->server != NULL)
    {
      g_autoptr(GSocketClient) client = g_socket_client_new ();

      conn = g_socket_client_connect_to_host (client, pp->server, (guint16) pp->tcp_port, NULL, error);
      if (conn == NULL)
        return FALSE;
      in = g_io_stream_get_input_stream (G_IO_STREAM (conn));
      out = g_io_stream_get_output_stream (G_IO_STREAM (conn));
      if (!g_output_stream_write_all (out, mine, PP_MSG_SIZE, NULL, NULL, error) ||
          !g_input_stream_read_all (in, theirs, PP_MSG_SIZE, &n, NULL, error))
        return FALSE;
      if (n != PP_MSG_SIZE)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "short address message (%zu bytes)", n);
          return FALSE;
        }
      if (!pp_parse (pp, theirs, error) ||
          !g_output_stream_write_all (out, "done", sizeof "done", NULL, NULL, error))
        return FALSE;
      return pp_connect_qp (pp, error);
    }
  else
    {
      g_autoptr(GSocketListener) listener = g_socket_listener_new ();

      if (!g_socket_listener_add_inet_port (listener, (guint16) pp->tcp_port, NULL, error))
        return FALSE;
      conn = g_socket_listener_accept (listener, NULL, NULL, error);
      if (conn == NULL)
        return FALSE;
      g_socket_listener_close (listener);
      in = g_io_stream_get_input_stream (G_IO_STREAM (conn));
      out = g_io_stream_get_output_stream (G_IO_STREAM (conn));
      if (!g_input_stream_read_all (in, theirs, PP_MSG_SIZE, &n, NULL, error))
        return FALSE;
      if (n != PP_MSG_SIZE)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "short address message (%zu bytes)", n);
          return FALSE;
        }
      if (!pp_parse (pp, theirs, error) || !pp_connect_qp (pp, error) ||
          !g_output_stream_write_all (out, mine, PP_MSG_SIZE, NULL, NULL, error) ||
          !g_input_stream_read_all (in, done, sizeof done, &n, NULL, error))
        return FALSE;
      return TRUE;
    }
}

static gboolean
pp_post_recvs (PingPong  *pp,
               int        n,
               GError   **error)
{
  GVerbsRecvWR wr;

  gverbs_recv_wr_init (&wr, PP_RECV_WRID);
  wr.num_sge = 1;
  wr.sg_list[0].addr = gverbs_mr_get_addr (pp->mr);
  wr.sg_list[0].length = (guint32) (pp->size + pp->offset);
  wr.sg_list[0].lkey = gverbs_mr_get_lkey (pp->mr);
  for (int i = 0; i < n; i++)
    if (!gverbs_qp_post_recv_one (pp->qp, &wr, error))
      return FALSE;
  return TRUE;
}

static gboolean
pp_post_send (PingPong  *pp,
              GError   **error)
{
  GVerbsSendWR wr;

  gverbs_send_wr_init (&wr, PP_SEND_WRID, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
  wr.num_sge = 1;
  wr.sg_list[0].addr = gverbs_mr_get_addr (pp->mr) + pp->offset;
  wr.sg_list[0].length = (guint32) pp->size;
  wr.sg_list[0].lkey = gverbs_mr_get_lkey (pp->mr);
  if (pp->type == GVERBS_QPT_UD)
    {
      guint dqpn;

      g_object_get (pp->path, "dqpn", &dqpn, NULL);
      gverbs_send_wr_set_wr_ud (&wr, pp->ah, dqpn, PP_UD_QKEY);
    }
  return gverbs_qp_post_send_one (pp->qp, &wr, error);
}

/* With -c: checks a message just received into the buffer. */
static gboolean
pp_check_received (PingPong  *pp,
                   gboolean   first,
                   GError   **error)
{
  const guint8 *got = pp->buf + pp->offset;
  long page = sysconf (_SC_PAGESIZE);

  if (!pp->check)
    return TRUE;
  for (int i = 0; i < pp->size; i += (int) page)
    if (got[i] != 0)
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     "invalid data in page %ld: 0x%02x", i / page, got[i]);
        return FALSE;
      }
  if (first && pp->server == NULL)
    {
      pp->expect = g_memdup2 (got, (gsize) pp->size);
      return TRUE;
    }
  for (int i = 0; i < pp->size; i++)
    if (got[i] != pp->expect[i])
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     "byte %d of the message is 0x%02x, expected 0x%02x", i, got[i], pp->expect[i]);
        return FALSE;
      }
  return TRUE;
}

static gboolean
pp_run (PingPong  *pp,
        GError   **error)
{
  int routs = pp->rx_depth, scnt = 0, rcnt = 0, pending = PP_RECV_WRID;
  gint64 start, last_progress;
  double secs;

  if (pp->server != NULL)
    {
      if (pp->check)
        {
          long page = sysconf (_SC_PAGESIZE);

          for (int i = 0; i < pp->size; i++)
            pp->buf[pp->offset + i] = i % page == 0 ? 0 : (guint8) (i * 7 + 1);
          pp->expect = g_memdup2 (pp->buf + pp->offset, (gsize) pp->size);
        }
      if (!pp_post_send (pp, error))
        return FALSE;
      pending |= PP_SEND_WRID;
    }
  start = last_progress = g_get_monotonic_time ();
  while (rcnt < pp->iters || scnt < pp->iters)
    {
      GVerbsWC wc[2];
      int n = gverbs_cq_poll (pp->cq, wc, 2, error);

      if (n < 0)
        return FALSE;
      if (n == 0)
        {
          if (g_get_monotonic_time () - last_progress > 30 * G_USEC_PER_SEC)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                           "no completion for 30 s (%d sent, %d received)", scnt, rcnt);
              return FALSE;
            }
          continue;
        }
      last_progress = g_get_monotonic_time ();
      for (int i = 0; i < n; i++)
        {
          if (!gverbs_wc_check (&wc[i], error))
            return FALSE;
          if (wc[i].wr_id == PP_SEND_WRID)
            scnt++;
          else if (wc[i].wr_id == PP_RECV_WRID)
            {
              if (wc[i].byte_len != (guint32) (pp->size + pp->offset))
                {
                  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               "received %u bytes, expected %d", wc[i].byte_len, pp->size + (int) pp->offset);
                  return FALSE;
                }
              if (!pp_check_received (pp, rcnt == 0, error))
                return FALSE;
              if (--routs <= 1)
                {
                  if (!pp_post_recvs (pp, pp->rx_depth - routs, error))
                    return FALSE;
                  routs = pp->rx_depth;
                }
              rcnt++;
            }
          else
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           "completion for unknown wr_id %" G_GUINT64_FORMAT, wc[i].wr_id);
              return FALSE;
            }
          pending &= ~(int) wc[i].wr_id;
          if (scnt < pp->iters && !pending)
            {
              if (!pp_post_send (pp, error))
                return FALSE;
              pending = PP_RECV_WRID | PP_SEND_WRID;
            }
        }
    }
  secs = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  printf ("%lld bytes in %.2f seconds = %.2f Mbit/sec\n", (long long) pp->size * pp->iters * 2, secs,
          (double) pp->size * pp->iters * 2 * 8 / (secs * 1000000));
  printf ("%d iters in %.2f seconds = %.2f usec/iter\n", pp->iters, secs,
          secs * 1000000 / pp->iters);
  if (pp->check)
    printf ("data verified: %d messages of %d bytes\n", rcnt, pp->size);
  return TRUE;
}

static gboolean
pp_setup (PingPong  *pp,
          GError   **error)
{
  g_autoptr(GVerbsQPInitAttr) init_attr = NULL;
  g_autoptr(GVerbsPortAttr) port = NULL;
  GVerbsQPCap cap = { 1, (guint32) pp->rx_depth, 1, 1, 0 };
  static const int mtus[] = { 256, 512, 1024, 2048, 4096 };
  GVerbsMTU mtu = 0;
  char mine[PP_MSG_SIZE];

  for (guint i = 0; i < G_N_ELEMENTS (mtus); i++)
    if (mtus[i] == pp->mtu)
      mtu = (GVerbsMTU) (GVERBS_MTU_BYTES_256 + i);
  if (mtu == 0 || pp->size <= 0 || pp->rx_depth < 2 || pp->iters <= 0 || pp->ib_port < 1 ||
      pp->sl < 0 || pp->sl > 15 || pp->gid_index > 255 || pp->tcp_port <= 0 || pp->tcp_port > 65535)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "invalid option value");
      return FALSE;
    }
  pp->offset = pp->type == GVERBS_QPT_UD ? PP_GRH : 0;
  pp->ctx = gverbs_context_new (pp->device, error);
  if (pp->ctx == NULL)
    return FALSE;
  port = gverbs_context_query_port (pp->ctx, (guint) pp->ib_port, error);
  if (port == NULL)
    return FALSE;
  if (pp->type == GVERBS_QPT_UD)
    {
      GVerbsMTU active;

      g_object_get (port, "active-mtu", &active, NULL);
      if (pp->size > (128 << active))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       "Requested size larger than port MTU (%d)", 128 << active);
          return FALSE;
        }
    }
  pp->pd = gverbs_pd_new (pp->ctx, error);
  if (pp->pd == NULL)
    return FALSE;
  pp->mr = gverbs_mr_new (pp->pd, (guint64) pp->size + pp->offset, GVERBS_ACCESS_LOCAL_WRITE, error);
  if (pp->mr == NULL)
    return FALSE;
  pp->buf = gverbs_mr_get_buffer (pp->mr);
  memset (pp->buf, 0x7b, (gsize) pp->size + pp->offset);
  pp->cq = gverbs_cq_new (pp->ctx, pp->rx_depth + 1, NULL, 0, error);
  if (pp->cq == NULL)
    return FALSE;
  init_attr = gverbs_qp_init_attr_new (pp->type, pp->cq, pp->cq, &cap);
  pp->qp = gverbs_qp_new (pp->pd, init_attr, NULL, error);
  if (pp->qp == NULL)
    return FALSE;

  pp->path = gverbs_path_new ();
  g_object_set (pp->path, "port-num", (guint) pp->ib_port, "mtu", mtu, "sl", (guint) pp->sl,
                "sgid-index", (guint) MAX (pp->gid_index, 0), "qkey", PP_UD_QKEY,
                "hop-limit", pp->type == GVERBS_QPT_UD ? 64u : 1u, NULL);
  if (!gverbs_path_fill_from_qp (pp->path, pp->qp, error))
    return FALSE;
  /* fill_from_qp caps the MTU to the port's; the user's -m is what counts. */
  g_object_set (pp->path, "mtu", mtu, NULL);
  if (!gverbs_qp_modify_to_init (pp->qp, pp->path, 0, error) ||
      !pp_post_recvs (pp, pp->rx_depth, error))
    return FALSE;
  pp_format (pp, mine);
  {
    GVerbsGid gid;
    g_autofree char *text = NULL;
    guint lid, qpn, psn;

    g_object_get (pp->path, "slid", &lid, "sqpn", &qpn, "sqpsn", &psn, NULL);
    memset (&gid, 0, sizeof gid);
    if (pp->gid_index >= 0)
      gverbs_path_get_sgid (pp->path, &gid);
    text = gverbs_gid_to_string (&gid);
    printf ("  local address:  LID 0x%04x, QPN 0x%06x, PSN 0x%06x, GID %s\n", lid, qpn, psn, text);
  }
  return TRUE;
}

static void
pp_clear (PingPong *pp)
{
  g_clear_object (&pp->ah);
  g_clear_object (&pp->path);
  g_clear_object (&pp->qp);
  g_clear_object (&pp->cq);
  g_clear_object (&pp->mr);
  g_clear_object (&pp->pd);
  g_clear_object (&pp->ctx);
  g_clear_pointer (&pp->expect, g_free);
  g_clear_pointer (&pp->device, g_free);
}

static int
pp_main (int           argc,
         char        **argv,
         GVerbsQPType  type)
{
  PingPong pp = { 0 };
  gboolean events = FALSE;
  g_autoptr(GError) error = NULL;
  g_autoptr(GOptionContext) octx = NULL;
  GOptionEntry entries[] = {
    { "port", 'p', 0, G_OPTION_ARG_INT, &pp.tcp_port, "listen on/connect to port PORT (default 18515)", "PORT" },
    { "ib-dev", 'd', 0, G_OPTION_ARG_STRING, &pp.device, "use RDMA device DEV (default first device found)", "DEV" },
    { "ib-port", 'i', 0, G_OPTION_ARG_INT, &pp.ib_port, "use port PORT of the device (default 1)", "PORT" },
    { "size", 's', 0, G_OPTION_ARG_INT, &pp.size, "size of message to exchange", "SIZE" },
    { "mtu", 'm', 0, G_OPTION_ARG_INT, &pp.mtu, "path MTU (default 1024)", "SIZE" },
    { "rx-depth", 'r', 0, G_OPTION_ARG_INT, &pp.rx_depth, "number of receives to post at a time (default 500)", "DEPTH" },
    { "iters", 'n', 0, G_OPTION_ARG_INT, &pp.iters, "number of exchanges (default 1000)", "N" },
    { "sl", 'l', 0, G_OPTION_ARG_INT, &pp.sl, "service level (default 0)", "SL" },
    { "gid-idx", 'g', 0, G_OPTION_ARG_INT, &pp.gid_index, "local port GID index", "INDEX" },
    { "chk", 'c', 0, G_OPTION_ARG_NONE, &pp.check, "validate received buffer", NULL },
    { "events", 'e', 0, G_OPTION_ARG_NONE, &events, "sleep on CQ events (not supported: always polls)", NULL },
    { NULL }
  };
  int status = 1;

  pp.type = type;
  pp.tcp_port = 18515;
  pp.ib_port = 1;
  pp.size = type == GVERBS_QPT_UD ? 1024 : 4096;
  pp.mtu = 1024;
  pp.rx_depth = 500;
  pp.iters = 1000;
  pp.gid_index = -1;
  octx = g_option_context_new ("[HOST] - ping-pong over a libgverbs queue pair, rdma-core compatible");
  g_option_context_add_main_entries (octx, entries, NULL);
  if (!g_option_context_parse (octx, &argc, &argv, &error))
    {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 1;
    }
  if (argc > 2)
    {
      fprintf (stderr, "%s: at most one HOST\n", argv[0]);
      return 1;
    }
  pp.server = argc == 2 ? argv[1] : NULL;
  if (events)
    fprintf (stderr, "%s: -e is accepted but this example always polls\n", argv[0]);
  if (pp_setup (&pp, &error) && pp_exchange (&pp, &error) && pp_run (&pp, &error))
    status = 0;
  if (error != NULL)
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
  pp_clear (&pp);
  return status;
}
