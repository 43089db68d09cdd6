/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* gverbs-perf: perftest's core tests (write_bw, read_bw, send_bw, send_lat,
 * write_lat) written on libgverbs. A server (no host argument) and a client
 * (with one) exchange their queue pair numbers, GIDs and buffers over a TCP
 * side channel, as perftest does; --loopback runs both ends in one process
 * and one thread (used by the benchmark runner under callgrind).
 *
 * Bandwidth: the client keeps up to -t work requests in flight, signals every
 * cq_mod-th one, and posts -l of them per post call. Latency: ping-pong, one
 * message each way per iteration, reported as half the round trip. MB are
 * 2^20 bytes, as in perftest's default report. */
#include <gverbs.h>
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#define GRH_BYTES 40
#define QKEY 0x11111111u
#define MAX_BATCH 64
#define POLL_BATCH 32

typedef enum { WRITE_BW, READ_BW, SEND_BW, SEND_LAT, WRITE_LAT } Test;
static const char *const test_names[] = { "write_bw", "read_bw", "send_bw", "send_lat", "write_lat" };

typedef struct {
  Test test;
  char *device;
  int gid_index;
  guint64 size;
  gboolean all;
  guint64 iters;
  guint tx_depth;
  guint rx_depth;
  guint post_list;
  guint cq_mod;
  int inline_size;
  int out_reads;         /* RDMA reads in flight; < 1: the device's max_qp_rd_atom */
  gboolean ud;
  char *host;
  guint port;
  gboolean json;
  gboolean loopback;
  gboolean events;
  gboolean progress;
} Options;

typedef struct {
  guint32 qpn, rkey;
  guint64 addr;
  char gid[64];
} Remote;

typedef struct {
  GVerbsCQ *cq;
  GVerbsQP *qp;
  GVerbsMR *mr;
  GVerbsAH *ah;          /* UD: addresses the other end */
  guint8 *buf;           /* [receive region | send region], each half the MR */
  guint64 half;
  guint rx_credit;       /* latency tests: receives posted and not yet used */
  Remote remote;
} End;

typedef struct {
  GVerbsContext *ctx;
  GVerbsPD *pd;
  GVerbsCompChannel *channel;
  guint gid_index;
  char *gid;
  guint mtu_bytes;
  GVerbsMTU mtu;
  End end[2];            /* end[1] used in loopback only: the server side */
  int sock;
  FILE *sock_in;
} Bench;

typedef struct {
  guint64 bytes, iters;
  double bw_peak, bw_avg, msg_rate;                          /* MB/s, MB/s, Mpps */
  double t_min, t_max, t_typical, t_avg, t_stdev, t_99, t_999; /* usec */
  guint64 empty_polls;
} Result;

static Options opt = {
  .gid_index = -1, .size = 65536, .iters = 0, .tx_depth = 128, .rx_depth = 512,
  .post_list = 1, .cq_mod = 100, .inline_size = -1, .port = 18515,
};

static G_NORETURN void
die (const char *what, GError *error)
{
  g_printerr ("gverbs-perf: %s: %s\n", what, error ? error->message : g_strerror (errno));
  exit (1);
}

static gboolean
is_bw (void)
{
  return opt.test <= SEND_BW;
}

/* --- the TCP side channel: one text line per message --------------------- */

static void
sock_send (Bench *b, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static void
sock_send (Bench *b, const char *fmt, ...)
{
  va_list ap;
  g_autofree char *line = NULL;
  gsize len, done = 0;

  va_start (ap, fmt);
  line = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  len = strlen (line);
  while (done < len)
    {
      ssize_t n = write (b->sock, line + done, len - done);

      if (n <= 0)
        die ("side channel write", NULL);
      done += (gsize) n;
    }
}

static char *
sock_recv (Bench *b)
{
  char line[512];

  if (fgets (line, sizeof line, b->sock_in) == NULL)
    {
      g_printerr ("gverbs-perf: the peer closed the side channel\n");
      exit (1);
    }
  line[strcspn (line, "\n")] = '\0';
  return g_strdup (line);
}

static void
sock_barrier (Bench *b)
{
  g_autofree char *line = NULL;

  sock_send (b, "sync\n");
  line = sock_recv (b);
  if (strcmp (line, "sync") != 0)
    {
      g_printerr ("gverbs-perf: side channel out of step (got \"%s\")\n", line);
      exit (1);
    }
}

static void
sock_open (Bench *b)
{
  struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM };
  struct addrinfo *res = NULL;
  g_autofree char *port = g_strdup_printf ("%u", opt.port);
  int one = 1;

  if (opt.host != NULL)
    {
      int rc = getaddrinfo (opt.host, port, &hints, &res);

      if (rc != 0)
        {
          g_printerr ("gverbs-perf: %s: %s\n", opt.host, gai_strerror (rc));
          exit (1);
        }
      /* The server may still be starting: retry for 10 s. */
      for (int attempt = 0; attempt < 100; attempt++)
        {
          b->sock = socket (res->ai_family, SOCK_STREAM, 0);
          if (connect (b->sock, res->ai_addr, res->ai_addrlen) == 0)
            break;
          close (b->sock);
          b->sock = -1;
          g_usleep (100000);
        }
      freeaddrinfo (res);
      if (b->sock < 0)
        die ("connect to the server", NULL);
    }
  else
    {
      struct sockaddr_in6 sa = { .sin6_family = AF_INET6, .sin6_port = htons (opt.port),
                                 .sin6_addr = IN6ADDR_ANY_INIT };
      int lsock = socket (AF_INET6, SOCK_STREAM, 0);

      setsockopt (lsock, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
      if (bind (lsock, (struct sockaddr *) &sa, sizeof sa) != 0 || listen (lsock, 1) != 0)
        die ("listen on the side-channel port", NULL);
      b->sock = accept (lsock, NULL, NULL);
      close (lsock);
      if (b->sock < 0)
        die ("accept", NULL);
    }
  setsockopt (b->sock, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  b->sock_in = fdopen (dup (b->sock), "r");
}

/* --- resources ----------------------------------------------------------- */

static guint64
max_size (void)
{
  return opt.all ? 65536 : opt.size;
}

static void
end_create (Bench *b, End *e)
{
  GError *error = NULL;
  guint64 half = ((max_size () + GRH_BYTES + 4095) / 4096) * 4096;
  /* latency: room for the unsignaled sends between two signaled ones */
  GVerbsQPCap cap = { is_bw () ? opt.tx_depth : MAX (opt.tx_depth, opt.cq_mod), opt.rx_depth, 1, 1,
                      (guint) MAX (opt.inline_size, 0) };
  g_autoptr(GVerbsQPInitAttr) ia = NULL;
  g_autoptr(GVerbsQPAttr) attr = gverbs_qp_attr_new ();

  e->cq = gverbs_cq_new (b->ctx, (int) (opt.tx_depth + opt.rx_depth), b->channel, 0, &error);
  if (e->cq == NULL)
    die ("create the CQ", error);
  e->mr = gverbs_mr_new (b->pd, 2 * half,
                         GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE |
                         GVERBS_ACCESS_REMOTE_READ, &error);
  if (e->mr == NULL)
    die ("register the buffer", error);
  e->buf = GSIZE_TO_POINTER ((gsize) gverbs_mr_get_addr (e->mr));
  e->half = half;
  memset (e->buf, 0, 2 * half);
  ia = gverbs_qp_init_attr_new (opt.ud ? GVERBS_QPT_UD : GVERBS_QPT_RC, e->cq, e->cq, &cap);
  g_object_set (ia, "sq-sig-all", FALSE, NULL);
  if (opt.ud)
    g_object_set (attr, "qkey", QKEY, NULL);
  e->qp = gverbs_qp_new (b->pd, ia, opt.ud ? attr : NULL, &error);
  if (e->qp == NULL)
    die ("create the QP", error);
}

static GVerbsAHAttr *
ah_attr_for (Bench *b, const char *dgid)
{
  GVerbsAHAttr *ah = gverbs_ah_attr_new ();
  g_autoptr(GVerbsGlobalRoute) gr = gverbs_global_route_new ();

  g_object_set (gr, "dgid", dgid, "sgid-index", b->gid_index, "hop-limit", 64u, NULL);
  g_object_set (ah, "is-global", TRUE, "port-num", 1u, "grh", gr, NULL);
  return ah;
}

static void
end_connect (Bench *b, End *e)
{
  GError *error = NULL;
  g_autoptr(GVerbsAHAttr) ah = ah_attr_for (b, e->remote.gid);

  if (opt.ud)
    {
      e->ah = gverbs_ah_new (b->pd, ah, &error);
      if (e->ah == NULL)
        die ("create the address handle", error);
    }
  else
    {
      g_autoptr(GVerbsQPAttr) attr = gverbs_qp_attr_new ();

      g_object_set (attr, "ah-attr", ah, "dest-qp-num", e->remote.qpn, "path-mtu", b->mtu,
                    "rq-psn", 0u, "sq-psn", 0u, "max-dest-rd-atomic", (guint) opt.out_reads,
                    "max-rd-atomic", (guint) opt.out_reads,
                    "min-rnr-timer", 1u, "timeout", 14u, "retry-cnt", 7u, "rnr-retry", 7u,
                    "qp-access-flags", GVERBS_ACCESS_REMOTE_WRITE | GVERBS_ACCESS_REMOTE_READ |
                    GVERBS_ACCESS_LOCAL_WRITE, NULL);
      if (!gverbs_qp_to_rts (e->qp, attr, &error))
        die ("connect the QP", error);
    }
}

static void
local_remote (Bench *b, End *e, Remote *r)
{
  r->qpn = gverbs_qp_get_qp_num (e->qp);
  r->rkey = gverbs_mr_get_rkey (e->mr);
  r->addr = gverbs_mr_get_addr (e->mr);
  g_strlcpy (r->gid, b->gid, sizeof r->gid);
}

static void
bench_setup (Bench *b)
{
  GError *error = NULL;
  g_autoptr(GVerbsPortAttr) port = NULL;

  memset (b, 0, sizeof *b);
  b->sock = -1;
  if (opt.device == NULL)
    {
      GList *devices = gverbs_get_devices (&error);

      if (devices == NULL)
        die ("no RDMA device", error);
      opt.device = g_strdup (gverbs_device_get_name (devices->data));
      g_list_free_full (devices, g_object_unref);
    }
  b->ctx = gverbs_context_new (opt.device, &error);
  if (b->ctx == NULL)
    die ("open the device", error);
  b->pd = gverbs_pd_new (b->ctx, &error);
  if (b->pd == NULL)
    die ("allocate a PD", error);
  if (opt.gid_index >= 0)
    b->gid_index = (guint) opt.gid_index;
  else
    {
      int found = gverbs_context_find_default_gid (b->ctx, 1, &error);

      if (found < 0)
        die ("find a GID", error);
      b->gid_index = (guint) found;
    }
  {
    g_autoptr(GVerbsGid) gid = gverbs_context_query_gid (b->ctx, 1, b->gid_index, &error);

    if (gid == NULL)
      die ("query the GID", error);
    b->gid = gverbs_gid_to_string (gid);
  }
  port = gverbs_context_query_port (b->ctx, 1, &error);
  if (port == NULL)
    die ("query port 1", error);
  g_object_get (port, "active-mtu", &b->mtu, NULL);
  b->mtu_bytes = gverbs_port_attr_get_mtu_bytes (port);
  if (opt.out_reads < 1)
    {
      g_autoptr(GVerbsDeviceAttr) dev = gverbs_context_query_device (b->ctx, &error);
      int max_rd = 0;

      if (dev == NULL)
        die ("query the device", error);
      g_object_get (dev, "max-qp-rd-atom", &max_rd, NULL);
      opt.out_reads = MAX (max_rd, 1);
    }
  if (opt.events)
    {
      b->channel = gverbs_comp_channel_new (b->ctx, &error);
      if (b->channel == NULL)
        die ("create a completion channel", error);
    }
}

static void
bench_clear (Bench *b)
{
  for (guint i = 0; i < 2; i++)
    {
      g_clear_object (&b->end[i].ah);
      g_clear_object (&b->end[i].qp);
      g_clear_object (&b->end[i].mr);
      g_clear_object (&b->end[i].cq);
    }
  g_clear_object (&b->pd);
  g_clear_object (&b->channel);
  g_clear_object (&b->ctx);
  g_clear_pointer (&b->gid, g_free);
  if (b->sock_in != NULL)
    fclose (b->sock_in);
  if (b->sock >= 0)
    close (b->sock);
}

/* --- work requests --------------------------------------------------------- */

static void
send_wr_init (End *e, GVerbsSendWR *wr, guint64 size)
{
  GVerbsSGE sge = { gverbs_mr_get_addr (e->mr) + e->half, (guint32) size, gverbs_mr_get_lkey (e->mr) };
  GVerbsWROpcode op = opt.test == WRITE_BW || opt.test == WRITE_LAT ? GVERBS_WR_RDMA_WRITE
                    : opt.test == READ_BW ? GVERBS_WR_RDMA_READ : GVERBS_WR_SEND;
  GVerbsSendFlags flags = opt.inline_size > 0 && size <= (guint64) opt.inline_size && op != GVERBS_WR_RDMA_READ
                          ? GVERBS_SEND_INLINE : 0;

  gverbs_send_wr_init (wr, 0, op, flags);
  wr->num_sge = 1;
  wr->sg_list[0] = sge;
  if (op != GVERBS_WR_SEND)
    gverbs_send_wr_set_wr_rdma (wr, e->remote.rkey, e->remote.addr);
  if (opt.ud)
    gverbs_send_wr_set_wr_ud (wr, e->ah, e->remote.qpn, QKEY);
}

static void
post_recvs (End *e, guint n)
{
  GError *error = NULL;
  GVerbsRecvWR wr;

  gverbs_recv_wr_init (&wr, 0);
  wr.num_sge = 1;
  wr.sg_list[0] = (GVerbsSGE) { gverbs_mr_get_addr (e->mr),
                                (guint32) (max_size () + (opt.ud ? GRH_BYTES : 0)),
                                gverbs_mr_get_lkey (e->mr) };
  if (n > 0 && !gverbs_qp_post_recv_repeat (e->qp, &wr, n, &error))
    die ("post receives", error);
}

/* As the baseline: a status compare per completion, the GError only on failure. */
static inline void
check_wc (const GVerbsWC *wc)
{
  GError *error = NULL;

  if (G_UNLIKELY (wc->status != GVERBS_WC_SUCCESS))
    {
      gverbs_wc_check (wc, &error);
      die ("work completion", error);
    }
}

/* --- progress ------------------------------------------------------------ */

typedef struct {
  gint64 start, last;
} Progress;

static void
progress_tick (Progress *p, guint64 done, guint64 total, guint64 size)
{
  gint64 now;

  if (!opt.progress)
    return;
  now = g_get_monotonic_time ();
  if (p->start == 0)
    p->start = p->last = now;
  if (now - p->last >= G_USEC_PER_SEC)
    {
      p->last = now;
      g_printerr ("\r  %s %" G_GUINT64_FORMAT " B: %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT
                  " (%.0f%%), %.0f s", test_names[opt.test], size, done, total,
                  100.0 * (double) done / (double) total, (double) (now - p->start) / 1e6);
    }
}

static void
progress_end (Progress *p)
{
  if (opt.progress && p->start != 0 && p->last != p->start)
    g_printerr ("\n");
}

/* --- bandwidth --------------------------------------------------------------- */

typedef struct {
  Bench *b;
  End *tx, *rx;          /* rx: the receiving end in loopback send_bw, else NULL */
  guint64 size, iters, posted, completed, received, rx_posted;
  GVerbsSendWR wrs[MAX_BATCH];
  gint64 t_start, t_prev;
  double best_interval;  /* shortest time between two signaled completions, s */
  guint64 empty_polls;
  Progress progress;
  GMainLoop *loop;
} BwRun;

/* Posts as many sends as the TX depth allows, -l per call; every cq_mod-th
 * and the last are signaled, their wr_id saying how many they complete. */
static void
bw_post (BwRun *r)
{
  GError *error = NULL;

  if (opt.post_list == 1)
    {
      /* the common case, as perftest's default: one work request per call */
      GVerbsSendWR *wr = &r->wrs[0];
      GVerbsQP *qp = r->tx->qp;
      guint64 posted = r->posted, limit = r->completed + opt.tx_depth, iters = r->iters, cq_mod = opt.cq_mod;

      while (posted < iters && posted < limit)
        {
          guint64 idx = ++posted;

          if (idx % cq_mod == 0 || idx == iters)
            {
              wr->send_flags |= GVERBS_SEND_SIGNALED;
              wr->wr_id = idx % cq_mod == 0 ? cq_mod : idx % cq_mod;
            }
          else
            wr->send_flags &= ~GVERBS_SEND_SIGNALED;
          if (G_UNLIKELY (!gverbs_qp_post_send (qp, wr, 1, &error)))
            die ("post sends", error);
        }
      r->posted = posted;
      return;
    }
  while (r->posted < r->iters && r->posted - r->completed + opt.post_list <= opt.tx_depth)
    {
      guint n = (guint) MIN ((guint64) opt.post_list, r->iters - r->posted);

      for (guint i = 0; i < n; i++)
        {
          guint64 idx = r->posted + i + 1;
          GVerbsSendWR *wr = &r->wrs[i];

          if (idx % opt.cq_mod == 0 || idx == r->iters)
            {
              wr->send_flags |= GVERBS_SEND_SIGNALED;
              wr->wr_id = idx % opt.cq_mod == 0 ? opt.cq_mod : idx % opt.cq_mod;
            }
          else
            wr->send_flags &= ~GVERBS_SEND_SIGNALED;
        }
      if (G_UNLIKELY (!gverbs_qp_post_send (r->tx->qp, r->wrs, n, &error)))
        die ("post sends", error);
      r->posted += n;
    }
}

static void
bw_tx_completions (BwRun *r, const GVerbsWC *wcs, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      check_wc (&wcs[i]);
      if (wcs[i].opcode & GVERBS_WC_RECV)
        {
          r->received++;
          continue;
        }
      r->completed += wcs[i].wr_id;
      {
        gint64 now = g_get_monotonic_time ();
        double dt = (double) (now - r->t_prev) / 1e6;

        if (wcs[i].wr_id == opt.cq_mod && dt > 0 && (r->best_interval == 0 || dt < r->best_interval))
          r->best_interval = dt;
        r->t_prev = now;
      }
    }
}

/* Loopback send_bw: keeps the receiving end's queue full. */
static void
bw_loopback_rx (BwRun *r)
{
  GVerbsWC wcs[POLL_BATCH];
  GError *error = NULL;
  int n;

  if (r->rx == NULL)
    return;
  n = gverbs_cq_poll (r->rx->cq, wcs, POLL_BATCH, &error);
  if (n < 0)
    die ("poll", error);
  for (int i = 0; i < n; i++)
    check_wc (&wcs[i]);
  r->received += (guint) n;
  if (r->rx_posted < r->iters && r->rx_posted - r->received < opt.rx_depth / 2)
    {
      guint k = (guint) MIN ((guint64) (opt.rx_depth - (r->rx_posted - r->received)),
                             r->iters - r->rx_posted);

      post_recvs (r->rx, k);
      r->rx_posted += k;
    }
}

static void
on_completions (GVerbsCQ *cq, GPtrArray *wcs, BwRun *r)
{
  for (guint i = 0; i < wcs->len; i++)
    bw_tx_completions (r, wcs->pdata[i], 1);
  bw_loopback_rx (r);
  if (r->completed >= r->iters)
    g_main_loop_quit (r->loop);
  else
    bw_post (r);
}

static gboolean
on_rx_idle (gpointer data)
{
  bw_loopback_rx (data);
  return G_SOURCE_CONTINUE;
}

static void
bw_client (Bench *b, End *tx, End *rx, guint64 size, Result *res)
{
  BwRun r = { .b = b, .tx = tx, .rx = rx, .size = size, .iters = opt.iters };
  GVerbsWC wcs[POLL_BATCH];
  GError *error = NULL;
  gint64 t_end;

  for (guint i = 0; i < opt.post_list; i++)
    send_wr_init (tx, &r.wrs[i], size);
  if (rx != NULL)
    {
      r.rx_posted = MIN ((guint64) opt.rx_depth, r.iters);
      post_recvs (rx, (guint) r.rx_posted);
    }
  r.t_start = r.t_prev = g_get_monotonic_time ();
  if (opt.events)
    {
      guint idle = 0;

      r.loop = g_main_loop_new (NULL, FALSE);
      g_signal_connect (tx->cq, "completions", G_CALLBACK (on_completions), &r);
      if (!gverbs_cq_set_watched (tx->cq, TRUE, &error))
        die ("watch the CQ", error);
      if (rx != NULL)
        idle = g_idle_add (on_rx_idle, &r);
      bw_post (&r);
      g_main_loop_run (r.loop);
      if (idle)
        g_source_remove (idle);
      gverbs_cq_set_watched (tx->cq, FALSE, NULL);
      g_signal_handlers_disconnect_by_data (tx->cq, &r);
      g_main_loop_unref (r.loop);
    }
  else
    while (r.completed < r.iters)
      {
        int n;

        bw_post (&r);
        n = gverbs_cq_poll (tx->cq, wcs, POLL_BATCH, &error);
        if (G_UNLIKELY (n < 0))
          die ("poll", error);
        if (n == 0)
          r.empty_polls++;
        bw_tx_completions (&r, wcs, (guint) n);
        if (rx != NULL)
          bw_loopback_rx (&r);
        if (opt.progress)
          progress_tick (&r.progress, r.completed, r.iters, size);
      }
  while (rx != NULL && r.received < r.iters)
    bw_loopback_rx (&r);
  t_end = g_get_monotonic_time ();
  progress_end (&r.progress);
  res->bytes = size;
  res->iters = r.iters;
  res->empty_polls = r.empty_polls;
  res->bw_avg = (double) size * (double) r.iters / ((double) (t_end - r.t_start) / 1e6) / 1048576.0;
  res->bw_peak = r.best_interval > 0 ? (double) size * opt.cq_mod / r.best_interval / 1048576.0 : res->bw_avg;
  res->bw_peak = MAX (res->bw_peak, res->bw_avg);
  res->msg_rate = (double) r.iters / ((double) (t_end - r.t_start)) ;
}

/* The server side of send_bw: receives -n messages, re-posting as it goes. */
static void
bw_server_recv (End *e, guint64 size, Result *res)
{
  GVerbsWC wcs[POLL_BATCH];
  GError *error = NULL;
  guint64 received = 0, posted = MIN ((guint64) opt.rx_depth, opt.iters);
  gint64 t_start = 0, t_end;
  Progress progress = { 0 };

  while (received < opt.iters)
    {
      int n = gverbs_cq_poll (e->cq, wcs, POLL_BATCH, &error);

      if (n < 0)
        die ("poll", error);
      for (int i = 0; i < n; i++)
        check_wc (&wcs[i]);
      if (n > 0 && t_start == 0)
        t_start = g_get_monotonic_time ();
      received += (guint) n;
      if (posted < opt.iters && posted - received < opt.rx_depth / 2)
        {
          guint k = (guint) MIN ((guint64) (opt.rx_depth - (posted - received)), opt.iters - posted);

          post_recvs (e, k);
          posted += k;
        }
      progress_tick (&progress, received, opt.iters, size);
    }
  t_end = g_get_monotonic_time ();
  progress_end (&progress);
  res->bytes = size;
  res->iters = opt.iters;
  res->bw_avg = (double) size * (double) opt.iters / ((double) MAX (t_end - t_start, 1) / 1e6) / 1048576.0;
  res->bw_peak = res->bw_avg;
  res->msg_rate = (double) opt.iters / (double) MAX (t_end - t_start, 1);
}

/* --- latency ------------------------------------------------------------- */

typedef struct {
  End *e;
  GVerbsSendWR wr;
  guint64 sent;
  guint rx_pending;      /* messages that arrived while a send completion was awaited */
} Pinger;

static void
ping_init (Pinger *p, End *e, guint64 size)
{
  memset (p, 0, sizeof *p);
  p->e = e;
  send_wr_init (e, &p->wr, size);
  if (opt.test == SEND_LAT && e->rx_credit < opt.rx_depth)
    {
      post_recvs (e, opt.rx_depth - e->rx_credit);
      e->rx_credit = opt.rx_depth;
    }
}

/* One receive completion: its buffer is posted again when half are used. */
static void
ping_received (Pinger *p, const GVerbsWC *wc)
{
  check_wc (wc);
  p->rx_pending++;
  if (--p->e->rx_credit < opt.rx_depth / 2)
    {
      post_recvs (p->e, opt.rx_depth - p->e->rx_credit);
      p->e->rx_credit = opt.rx_depth;
    }
}

/* As perftest: every cq_mod-th send (and the last) is signaled, and its
 * completion awaited right after posting it; the others are not. */
static void
ping_send (Pinger *p, guint64 i, guint64 size)
{
  GError *error = NULL;
  gboolean signaled;

  if (opt.test == WRITE_LAT)
    p->e->buf[p->e->half + size - 1] = (guint8) (i % 255 + 1);
  p->sent++;
  signaled = p->sent % opt.cq_mod == 0 || p->sent == opt.iters;
  p->wr.send_flags = (p->wr.send_flags & ~GVERBS_SEND_SIGNALED) | (signaled ? GVERBS_SEND_SIGNALED : 0);
  if (G_UNLIKELY (!gverbs_qp_post_send (p->e->qp, &p->wr, 1, &error)))
    die ("post a send", error);
  while (signaled)
    {
      GVerbsWC wc;
      int n = gverbs_cq_poll (p->e->cq, &wc, 1, &error);

      if (n < 0)
        die ("poll", error);
      if (n == 1 && (wc.opcode & GVERBS_WC_RECV))
        ping_received (p, &wc);
      else if (n == 1)
        {
          check_wc (&wc);
          signaled = FALSE;
        }
    }
}

/* Returns TRUE once message @i from the peer has arrived. */
static gboolean
ping_arrived (Pinger *p, guint64 i, guint64 size)
{
  GError *error = NULL;
  GVerbsWC wc;
  int n;

  if (opt.test == WRITE_LAT)
    {
      volatile guint8 *last = p->e->buf + size - 1;

      return *last == (guint8) (i % 255 + 1);
    }
  if (p->rx_pending == 0)
    {
      n = gverbs_cq_poll (p->e->cq, &wc, 1, &error);
      if (n < 0)
        die ("poll", error);
      if (n == 1)
        ping_received (p, &wc);
    }
  if (p->rx_pending == 0)
    return FALSE;
  p->rx_pending--;
  return TRUE;
}

static int
cmp_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
lat_stats (double *t, guint64 n, guint64 size, Result *res)
{
  double sum = 0, sq = 0;

  qsort (t, n, sizeof *t, cmp_double);
  for (guint64 i = 0; i < n; i++)
    sum += t[i];
  res->bytes = size;
  res->iters = n;
  res->t_min = t[0];
  res->t_max = t[n - 1];
  res->t_typical = t[n / 2];
  res->t_avg = sum / (double) n;
  for (guint64 i = 0; i < n; i++)
    sq += (t[i] - res->t_avg) * (t[i] - res->t_avg);
  res->t_stdev = sqrt (sq / (double) n);
  res->t_99 = t[MIN (n - 1, (guint64) ceil (0.99 * (double) n) - 1)];
  res->t_999 = t[MIN (n - 1, (guint64) ceil (0.999 * (double) n) - 1)];
}

static gint64
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (gint64) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Latencies are a few microseconds, and reading the clock can cost as much
 * (a system call and an emulated HPET read, ~2.4 us, in the test VM): each
 * round is timed with the CPU's time-stamp counter, as perftest does, whose
 * rate is taken from CLOCK_MONOTONIC over the whole run. */
static inline guint64
ticks (void)
{
#if defined(__x86_64__) || defined(__i386__)
  return __rdtsc ();
#else
  return (guint64) now_ns ();
#endif
}

/* Ping-pong: the client (or end 0 in loopback) starts each round. */
static void
lat_run (Bench *b, gboolean client, guint64 size, Result *res)
{
  Pinger p[2];
  guint nends = opt.loopback ? 2 : 1;
  g_autofree double *t = g_new (double, opt.iters);
  Progress progress = { 0 };
  gint64 run_ns;
  guint64 run_ticks;
  double us_per_tick;

  for (guint k = 0; k < nends; k++)
    ping_init (&p[k], &b->end[k], size);
  if (!opt.loopback)
    sock_barrier (b);
  run_ns = now_ns ();
  run_ticks = ticks ();
  for (guint64 i = 0; i < opt.iters; i++)
    {
      guint64 t0 = ticks ();

      if (opt.loopback)
        {
          ping_send (&p[0], i, size);
          while (!ping_arrived (&p[1], i, size))
            ;
          ping_send (&p[1], i, size);
          while (!ping_arrived (&p[0], i, size))
            ;
        }
      else if (client)
        {
          ping_send (&p[0], i, size);
          while (!ping_arrived (&p[0], i, size))
            ;
        }
      else
        {
          while (!ping_arrived (&p[0], i, size))
            ;
          ping_send (&p[0], i, size);
        }
      t[i] = (double) (ticks () - t0);
      progress_tick (&progress, i + 1, opt.iters, size);
    }
  run_ticks = ticks () - run_ticks;
  run_ns = now_ns () - run_ns;
  us_per_tick = run_ticks > 0 ? (double) run_ns / 1000.0 / (double) run_ticks : 0;
  for (guint64 i = 0; i < opt.iters; i++)
    t[i] *= us_per_tick / 2.0;        /* a round trip is two one-way latencies */
  progress_end (&progress);
  lat_stats (t, opt.iters, size, res);
  /* drain: the peer's last sends are complete once we got its last message */
  for (guint k = 0; k < nends; k++)
    memset (b->end[k].buf, 0, 2 * b->end[k].half);
}

/* --- output --------------------------------------------------------------- */

static void
print_header (Bench *b)
{
  if (opt.json)
    return;
  printf ("---------------------------------------------------------------------------------------\n");
  printf ("                    %s (gverbs-perf, libgverbs %d.%d.%d)\n", test_names[opt.test],
          GVERBS_MAJOR_VERSION, GVERBS_MINOR_VERSION, GVERBS_MICRO_VERSION);
  printf (" Connection type : %s\t\tDevice : %s\n", opt.ud ? "UD" : "RC", opt.device);
  printf (" TX depth        : %u\t\tCQ moderation : %u\n", opt.tx_depth, opt.cq_mod);
  printf (" Mtu             : %u[B]\tPost list : %u\n", b->mtu_bytes, opt.post_list);
  printf (" Max inline data : %d[B]\tGID index : %u\n", MAX (opt.inline_size, 0), b->gid_index);
  if (opt.test == READ_BW)
    printf (" Outstand reads  : %d\n", opt.out_reads);
  printf (" local address   : QPN %#06x GID %s\n", gverbs_qp_get_qp_num (b->end[0].qp), b->gid);
  printf (" remote address  : QPN %#06x GID %s\n", b->end[0].remote.qpn, b->end[0].remote.gid);
  printf ("---------------------------------------------------------------------------------------\n");
  if (is_bw ())
    printf (" #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]\n");
  else
    printf (" #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]"
            "    t_stdev[usec]   99%% percentile[usec]   99.9%% percentile[usec]\n");
  fflush (stdout);
}

static void
print_result (const Result *r)
{
  if (opt.json)
    return;
  if (is_bw ())
    printf (" %-10" G_GUINT64_FORMAT " %-10" G_GUINT64_FORMAT "     %-18.2f %-20.2f %-.6f\n",
            r->bytes, r->iters, r->bw_peak, r->bw_avg, r->msg_rate);
  else
    printf (" %-7" G_GUINT64_FORMAT " %-10" G_GUINT64_FORMAT "   %-14.2f %-14.2f %-16.2f %-14.2f %-15.2f %-23.2f %-.2f\n",
            r->bytes, r->iters, r->t_min, r->t_max, r->t_typical, r->t_avg, r->t_stdev, r->t_99, r->t_999);
  fflush (stdout);
}

static void
print_json (Bench *b, GArray *results)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "{\"tool\": \"gverbs-perf\", \"test\": \"%s\", \"device\": \"%s\", "
                          "\"connection\": \"%s\", \"tx_depth\": %u, \"cq_mod\": %u, \"post_list\": %u, "
                          "\"inline\": %d, \"out_reads\": %d, \"mtu\": %u, \"events\": %s, \"results\": [",
                          test_names[opt.test], opt.device, opt.ud ? "UD" : "RC", opt.tx_depth,
                          opt.cq_mod, opt.post_list, MAX (opt.inline_size, 0), opt.out_reads,
                          b->mtu_bytes, opt.events ? "true" : "false");
  for (guint i = 0; i < results->len; i++)
    {
      Result *r = &g_array_index (results, Result, i);

      if (is_bw ())
        g_string_append_printf (s, "%s{\"bytes\": %" G_GUINT64_FORMAT ", \"iterations\": %" G_GUINT64_FORMAT
                                ", \"bw_peak_mbs\": %.3f, \"bw_avg_mbs\": %.3f, \"msg_rate_mpps\": %.6f, "
                                "\"empty_polls\": %" G_GUINT64_FORMAT "}",
                                i ? ", " : "", r->bytes, r->iters, r->bw_peak, r->bw_avg, r->msg_rate,
                                r->empty_polls);
      else
        g_string_append_printf (s, "%s{\"bytes\": %" G_GUINT64_FORMAT ", \"iterations\": %" G_GUINT64_FORMAT
                                ", \"t_min_us\": %.3f, \"t_max_us\": %.3f, \"t_typical_us\": %.3f, "
                                "\"t_avg_us\": %.3f, \"t_stdev_us\": %.3f, \"t_99_us\": %.3f, \"t_999_us\": %.3f}",
                                i ? ", " : "", r->bytes, r->iters, r->t_min, r->t_max, r->t_typical,
                                r->t_avg, r->t_stdev, r->t_99, r->t_999);
    }
  g_string_append (s, "]}\n");
  fputs (s->str, stdout);
  g_string_free (s, TRUE);
}

/* --- main ----------------------------------------------------------------- */

static gboolean
parse_connection (const char *name, const char *value, gpointer data, GError **error)
{
  if (g_ascii_strcasecmp (value, "RC") == 0)
    opt.ud = FALSE;
  else if (g_ascii_strcasecmp (value, "UD") == 0)
    opt.ud = TRUE;
  else
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "-c takes RC or UD, not %s", value);
      return FALSE;
    }
  return TRUE;
}

static void
parse_args (int argc, char **argv)
{
  gint64 size = -1, iters = 0;
  int tx = -1, rx = -1, post_list = 1, cq_mod = -1, port = 18515;
  gboolean no_progress = FALSE, force_progress = FALSE, version = FALSE;
  GOptionEntry entries[] = {
    { "ib-dev", 'd', 0, G_OPTION_ARG_STRING, &opt.device, "RDMA device (default: the first)", "DEV" },
    { "gid-index", 'x', 0, G_OPTION_ARG_INT, &opt.gid_index, "GID index (default: libgverbs' default GID)", "N" },
    { "size", 's', 0, G_OPTION_ARG_INT64, &size, "message size in bytes (default 65536 bw, 2 lat)", "BYTES" },
    { "all", 'a', 0, G_OPTION_ARG_NONE, &opt.all, "sweep sizes 2 .. 65536", NULL },
    { "iters", 'n', 0, G_OPTION_ARG_INT64, &iters, "iterations (default 5000 bw, 1000 lat)", "N" },
    { "tx-depth", 't', 0, G_OPTION_ARG_INT, &tx, "send queue depth (default 128 bw, 1 lat)", "N" },
    { "rx-depth", 'r', 0, G_OPTION_ARG_INT, &rx, "receive queue depth (default 512)", "N" },
    { "post-list", 'l', 0, G_OPTION_ARG_INT, &post_list, "work requests per post call (default 1)", "N" },
    { "cq-mod", 'Q', 0, G_OPTION_ARG_INT, &cq_mod, "signal every N-th send (default 100; bw tests: at most -t)", "N" },
    { "inline-size", 'I', 0, G_OPTION_ARG_INT, &opt.inline_size, "max inline data (default 0)", "BYTES" },
    { "outs", 'o', 0, G_OPTION_ARG_INT, &opt.out_reads,
      "RDMA reads in flight (default: the device's max_qp_rd_atom)", "N" },
    { "connection", 'c', 0, G_OPTION_ARG_CALLBACK, parse_connection, "RC or UD (UD: send tests only)", "RC|UD" },
    { "port", 'p', 0, G_OPTION_ARG_INT, &port, "side-channel TCP port (default 18515)", "PORT" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &opt.json, "print the results as JSON", NULL },
    { "loopback", 0, 0, G_OPTION_ARG_NONE, &opt.loopback, "both ends in this process, no side channel", NULL },
    { "events", 0, 0, G_OPTION_ARG_NONE, &opt.events,
      "bw tests with --loopback: completions as signals on a GMainLoop instead of busy polling", NULL },
    { "progress", 0, 0, G_OPTION_ARG_NONE, &force_progress, "print a progress line even when stderr is not a terminal", NULL },
    { "no-progress", 0, 0, G_OPTION_ARG_NONE, &no_progress, "never print a progress line", NULL },
    { "version", 0, 0, G_OPTION_ARG_NONE, &version, "print the libgverbs version and exit", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) oc =
    g_option_context_new ("TEST [HOST] - perftest's core tests on libgverbs");
  GError *error = NULL;
  guint t;

  g_option_context_add_main_entries (oc, entries, NULL);
  g_option_context_set_summary (oc, "TEST is write_bw, read_bw, send_bw, send_lat or write_lat.\n"
                                "Without HOST: server; with HOST: client of the server there.");
  if (!g_option_context_parse (oc, &argc, &argv, &error))
    {
      g_printerr ("gverbs-perf: %s\n", error->message);
      exit (2);
    }
  if (version)
    {
      g_print ("gverbs-perf %d.%d.%d\n", GVERBS_MAJOR_VERSION, GVERBS_MINOR_VERSION, GVERBS_MICRO_VERSION);
      exit (0);
    }
  if (argc < 2 || argc > 3)
    {
      g_printerr ("%s", g_option_context_get_help (oc, TRUE, NULL));
      exit (2);
    }
  for (t = 0; t < G_N_ELEMENTS (test_names); t++)
    if (strcmp (argv[1], test_names[t]) == 0)
      break;
  if (t == G_N_ELEMENTS (test_names))
    {
      g_printerr ("gverbs-perf: unknown test %s\n", argv[1]);
      exit (2);
    }
  opt.test = (Test) t;
  opt.host = argc == 3 ? g_strdup (argv[2]) : NULL;
  if (opt.loopback && opt.host != NULL)
    {
      g_printerr ("gverbs-perf: --loopback takes no host\n");
      exit (2);
    }
  if (opt.ud && opt.test != SEND_BW && opt.test != SEND_LAT)
    {
      g_printerr ("gverbs-perf: UD applies to send_bw and send_lat only\n");
      exit (2);
    }
  if (opt.events && !(opt.loopback && is_bw ()))
    {
      g_printerr ("gverbs-perf: --events is for the bandwidth tests with --loopback\n");
      exit (2);
    }
  opt.size = size >= 0 ? (guint64) size : is_bw () ? 65536 : 2;
  opt.iters = iters > 0 ? (guint64) iters : is_bw () ? 5000 : 1000;
  opt.tx_depth = tx > 0 ? (guint) tx : is_bw () ? 128 : 1;
  opt.rx_depth = rx > 0 ? (guint) rx : 512;
  opt.post_list = (guint) CLAMP (post_list, 1, MAX_BATCH);
  opt.tx_depth = MAX (opt.tx_depth, opt.post_list);
  opt.cq_mod = cq_mod > 0 ? (guint) cq_mod : 100;
  if (is_bw ())
    opt.cq_mod = MIN (opt.cq_mod, opt.tx_depth);
  opt.port = (guint) port;
  opt.progress = !no_progress && (force_progress || isatty (2));
  if (opt.size < 1 || opt.size > 1u << 30 || opt.tx_depth > 16384 || opt.rx_depth > 16384)
    {
      g_printerr ("gverbs-perf: size, tx or rx depth out of range\n");
      exit (2);
    }
  if (opt.ud)
    opt.cq_mod = MIN (opt.cq_mod, opt.tx_depth);
  if (opt.loopback || opt.json)
    opt.progress = opt.progress && !opt.json;
}

int
main (int argc, char **argv)
{
  Bench b;
  g_autoptr(GArray) results = g_array_new (FALSE, TRUE, sizeof (Result));
  gboolean client;

  /* Translated GError messages from the library; numbers stay in the C
   * locale so that --json output and the result table parse everywhere. */
  setlocale (LC_ALL, "");
  setlocale (LC_NUMERIC, "C");
  parse_args (argc, argv);
  client = opt.host != NULL || opt.loopback;
  bench_setup (&b);
  if (opt.ud && !opt.all && opt.size > b.mtu_bytes)
    {
      g_printerr ("gverbs-perf: UD messages must fit the MTU (%u B)\n", b.mtu_bytes);
      exit (2);
    }
  if (!opt.loopback)
    {
      sock_open (&b);
      end_create (&b, &b.end[0]);
      {
        Remote me;
        g_autofree char *line = NULL;

        local_remote (&b, &b.end[0], &me);
        sock_send (&b, "%s %u %u %" G_GINT64_MODIFIER "x %s\n", test_names[opt.test], me.qpn, me.rkey, me.addr, me.gid);
        line = sock_recv (&b);
        {
          char test[32];
          Remote *r = &b.end[0].remote;

          if (sscanf (line, "%31s %u %u %" G_GINT64_MODIFIER "x %63s", test, &r->qpn, &r->rkey, &r->addr, r->gid) != 5)
            {
              g_printerr ("gverbs-perf: bad side-channel message \"%s\"\n", line);
              exit (1);
            }
          if (strcmp (test, test_names[opt.test]) != 0)
            {
              g_printerr ("gverbs-perf: the peer runs %s, this side %s\n", test, test_names[opt.test]);
              exit (1);
            }
        }
      }
      end_connect (&b, &b.end[0]);
    }
  else
    {
      for (guint i = 0; i < 2; i++)
        end_create (&b, &b.end[i]);
      for (guint i = 0; i < 2; i++)
        {
          local_remote (&b, &b.end[1 - i], &b.end[i].remote);
          end_connect (&b, &b.end[i]);
        }
    }
  print_header (&b);

  for (guint64 size = opt.all ? 2 : opt.size; size <= max_size (); size *= 2)
    {
      Result res = { 0 };

      if (opt.ud && size > b.mtu_bytes)
        break;
      if (is_bw ())
        {
          if (opt.loopback)
            bw_client (&b, &b.end[0], opt.test == SEND_BW ? &b.end[1] : NULL, size, &res);
          else if (opt.test == SEND_BW && !client)
            {
              post_recvs (&b.end[0], (guint) MIN ((guint64) opt.rx_depth, opt.iters));
              sock_barrier (&b);
              bw_server_recv (&b.end[0], size, &res);
              sock_barrier (&b);
            }
          else if (client)
            {
              sock_barrier (&b);
              bw_client (&b, &b.end[0], NULL, size, &res);
              sock_barrier (&b);
            }
          else
            {
              sock_barrier (&b);
              sock_barrier (&b);   /* the client's writes/reads are done */
            }
        }
      else
        lat_run (&b, client, size, &res);
      if (res.iters > 0)
        {
          g_array_append_val (results, res);
          print_result (&res);
        }
      if (!opt.all)
        break;
    }
  if (!opt.loopback)
    sock_barrier (&b);
  if (opt.json)
    {
      if (results->len > 0)
        print_json (&b, results);
    }
  else
    printf ("---------------------------------------------------------------------------------------\n");
  bench_clear (&b);
  return 0;
}
