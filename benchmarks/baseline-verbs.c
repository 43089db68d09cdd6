/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* The baseline for gverbs-perf's data path: the same loop as
 * `gverbs-perf write_bw|send_bw --loopback`, written directly on libibverbs.
 * Two RC QPs on one device talk over loopback in one thread; the sender keeps
 * up to -t work requests in flight, posts one per ibv_post_send(), signals
 * every -Q-th, polls 32 completions at a time; for send_bw the receiving QP's
 * queue is refilled as it drains. Prints one JSON line.
 *
 *   baseline-verbs write_bw|send_bw [-d DEV] [-x GID_INDEX] [-s SIZE] [-n ITERS] [-t DEPTH] [-Q CQ_MOD] */
#include <infiniband/verbs.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define POLL_BATCH 32
#define RX_DEPTH 512
#define RX_BATCH 64

struct end {
  struct ibv_cq *cq;
  struct ibv_qp *qp;
  struct ibv_mr *mr;
  char *buf;
};

static int write_test = 1;
static uint64_t size = 64, iters = 5000, depth = 128, cq_mod = 100;

static void
fail (const char *what)
{
  perror (what);
  exit (1);
}

static int64_t
now_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (int64_t) ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void
end_create (struct ibv_context *ctx, struct ibv_pd *pd, struct end *e)
{
  struct ibv_qp_init_attr ia = { 0 };

  e->cq = ibv_create_cq (ctx, (int) (depth + RX_DEPTH), NULL, NULL, 0);
  if (e->cq == NULL)
    fail ("ibv_create_cq");
  e->buf = aligned_alloc (4096, 2 * ((size + 4095) / 4096) * 4096);
  memset (e->buf, 0, 2 * ((size + 4095) / 4096) * 4096);
  e->mr = ibv_reg_mr (pd, e->buf, 2 * ((size + 4095) / 4096) * 4096,
                      IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ);
  if (e->mr == NULL)
    fail ("ibv_reg_mr");
  ia.send_cq = e->cq;
  ia.recv_cq = e->cq;
  ia.qp_type = IBV_QPT_RC;
  ia.cap.max_send_wr = (uint32_t) depth;
  ia.cap.max_recv_wr = RX_DEPTH;
  ia.cap.max_send_sge = 1;
  ia.cap.max_recv_sge = 1;
  e->qp = ibv_create_qp (pd, &ia);
  if (e->qp == NULL)
    fail ("ibv_create_qp");
}

static void
end_connect (struct end *e, uint32_t dest_qpn, const union ibv_gid *gid, int gid_index)
{
  struct ibv_qp_attr a = { 0 };

  a.qp_state = IBV_QPS_INIT;
  a.port_num = 1;
  a.qp_access_flags = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ;
  if (ibv_modify_qp (e->qp, &a, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS))
    fail ("ibv_modify_qp INIT");
  memset (&a, 0, sizeof a);
  a.qp_state = IBV_QPS_RTR;
  a.path_mtu = IBV_MTU_1024;
  a.dest_qp_num = dest_qpn;
  a.max_dest_rd_atomic = 16;
  a.min_rnr_timer = 1;
  a.ah_attr.is_global = 1;
  a.ah_attr.port_num = 1;
  a.ah_attr.grh.dgid = *gid;
  a.ah_attr.grh.sgid_index = (uint8_t) gid_index;
  a.ah_attr.grh.hop_limit = 64;
  if (ibv_modify_qp (e->qp, &a, IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN |
                     IBV_QP_RQ_PSN | IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER))
    fail ("ibv_modify_qp RTR");
  memset (&a, 0, sizeof a);
  a.qp_state = IBV_QPS_RTS;
  a.timeout = 14;
  a.retry_cnt = 7;
  a.rnr_retry = 7;
  a.max_rd_atomic = 16;
  if (ibv_modify_qp (e->qp, &a, IBV_QP_STATE | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT |
                     IBV_QP_RNR_RETRY | IBV_QP_SQ_PSN | IBV_QP_MAX_QP_RD_ATOMIC))
    fail ("ibv_modify_qp RTS");
}

static void
post_recvs (struct end *e, unsigned n)
{
  struct ibv_sge sge = { (uintptr_t) e->buf, (uint32_t) size, e->mr->lkey };
  struct ibv_recv_wr wrs[RX_BATCH], *bad;

  for (unsigned i = 0; i < RX_BATCH; i++)
    wrs[i] = (struct ibv_recv_wr) { .wr_id = 0, .sg_list = &sge, .num_sge = 1 };
  while (n > 0)
    {
      unsigned k = n < RX_BATCH ? n : RX_BATCH;

      for (unsigned i = 0; i < k; i++)
        wrs[i].next = i + 1 < k ? &wrs[i + 1] : NULL;
      if (ibv_post_recv (e->qp, wrs, &bad))
        fail ("ibv_post_recv");
      n -= k;
    }
}

int
main (int argc, char **argv)
{
  const char *dev_name = NULL;
  int gid_index = 1, opt_c;
  struct ibv_device **list;
  struct ibv_context *ctx = NULL;
  struct ibv_pd *pd;
  struct end e[2];
  union ibv_gid gid;
  struct ibv_send_wr wr = { 0 }, *bad;
  struct ibv_sge sge;
  struct ibv_wc wcs[POLL_BATCH];
  uint64_t posted = 0, completed = 0, received = 0, rx_posted = 0, empty = 0;
  int64_t t_start, t_prev, t_end;
  double best = 0;

  while ((opt_c = getopt (argc, argv, "d:x:s:n:t:Q:")) != -1)
    switch (opt_c)
      {
      case 'd': dev_name = optarg; break;
      case 'x': gid_index = atoi (optarg); break;
      case 's': size = strtoull (optarg, NULL, 0); break;
      case 'n': iters = strtoull (optarg, NULL, 0); break;
      case 't': depth = strtoull (optarg, NULL, 0); break;
      case 'Q': cq_mod = strtoull (optarg, NULL, 0); break;
      default: fprintf (stderr, "usage: baseline-verbs write_bw|send_bw [-d DEV] [-x GID] [-s SIZE] [-n N] [-t DEPTH] [-Q CQ_MOD]\n"); return 2;
      }
  if (optind >= argc || (strcmp (argv[optind], "write_bw") && strcmp (argv[optind], "send_bw")))
    {
      fprintf (stderr, "baseline-verbs: the test is write_bw or send_bw\n");
      return 2;
    }
  write_test = strcmp (argv[optind], "write_bw") == 0;
  if (cq_mod > depth)
    cq_mod = depth;

  list = ibv_get_device_list (NULL);
  for (int i = 0; list != NULL && list[i] != NULL; i++)
    if (dev_name == NULL || strcmp (ibv_get_device_name (list[i]), dev_name) == 0)
      {
        ctx = ibv_open_device (list[i]);
        break;
      }
  if (ctx == NULL)
    fail ("ibv_open_device");
  ibv_free_device_list (list);
  pd = ibv_alloc_pd (ctx);
  if (pd == NULL || ibv_query_gid (ctx, 1, gid_index, &gid))
    fail ("ibv_alloc_pd/ibv_query_gid");
  end_create (ctx, pd, &e[0]);
  end_create (ctx, pd, &e[1]);
  end_connect (&e[0], e[1].qp->qp_num, &gid, gid_index);
  end_connect (&e[1], e[0].qp->qp_num, &gid, gid_index);

  sge = (struct ibv_sge) { (uintptr_t) e[0].buf + ((size + 4095) / 4096) * 4096, (uint32_t) size, e[0].mr->lkey };
  wr.sg_list = &sge;
  wr.num_sge = 1;
  wr.opcode = write_test ? IBV_WR_RDMA_WRITE : IBV_WR_SEND;
  wr.wr.rdma.remote_addr = (uintptr_t) e[1].buf;
  wr.wr.rdma.rkey = e[1].mr->rkey;
  if (!write_test)
    {
      rx_posted = iters < RX_DEPTH ? iters : RX_DEPTH;
      post_recvs (&e[1], (unsigned) rx_posted);
    }

  t_start = t_prev = now_us ();
  while (completed < iters)
    {
      int n;

      while (posted < iters && posted - completed + 1 <= depth)
        {
          uint64_t idx = posted + 1;

          if (idx % cq_mod == 0 || idx == iters)
            {
              wr.send_flags = IBV_SEND_SIGNALED;
              wr.wr_id = idx % cq_mod == 0 ? cq_mod : idx % cq_mod;
            }
          else
            wr.send_flags = 0;
          if (ibv_post_send (e[0].qp, &wr, &bad))
            fail ("ibv_post_send");
          posted++;
        }
      n = ibv_poll_cq (e[0].cq, POLL_BATCH, wcs);
      if (n < 0)
        fail ("ibv_poll_cq");
      if (n == 0)
        empty++;
      for (int i = 0; i < n; i++)
        {
          int64_t now;

          if (wcs[i].status != IBV_WC_SUCCESS)
            {
              fprintf (stderr, "baseline-verbs: completion %s\n", ibv_wc_status_str (wcs[i].status));
              return 1;
            }
          completed += wcs[i].wr_id;
          now = now_us ();
          if (wcs[i].wr_id == cq_mod && now > t_prev && (best == 0 || (double) (now - t_prev) < best))
            best = (double) (now - t_prev);
          t_prev = now;
        }
      if (!write_test)
        {
          n = ibv_poll_cq (e[1].cq, POLL_BATCH, wcs);
          for (int i = 0; i < n; i++)
            if (wcs[i].status != IBV_WC_SUCCESS)
              return 1;
          received += (uint64_t) (n > 0 ? n : 0);
          if (rx_posted < iters && rx_posted - received < RX_DEPTH / 2)
            {
              uint64_t k = RX_DEPTH - (rx_posted - received);

              if (k > iters - rx_posted)
                k = iters - rx_posted;
              post_recvs (&e[1], (unsigned) k);
              rx_posted += k;
            }
        }
    }
  while (!write_test && received < iters)
    {
      int n = ibv_poll_cq (e[1].cq, POLL_BATCH, wcs);

      received += (uint64_t) (n > 0 ? n : 0);
    }
  t_end = now_us ();
  printf ("{\"tool\": \"baseline-verbs\", \"test\": \"%s\", \"results\": [{\"bytes\": %llu, "
          "\"iterations\": %llu, \"bw_avg_mbs\": %.3f, \"msg_rate_mpps\": %.6f, \"empty_polls\": %llu}]}\n",
          write_test ? "write_bw" : "send_bw", (unsigned long long) size, (unsigned long long) iters,
          (double) size * (double) iters / ((double) (t_end - t_start) / 1e6) / 1048576.0,
          (double) iters / (double) (t_end - t_start), (unsigned long long) empty);
  (void) best;
  for (int i = 0; i < 2; i++)
    {
      ibv_destroy_qp (e[i].qp);
      ibv_dereg_mr (e[i].mr);
      ibv_destroy_cq (e[i].cq);
      free (e[i].buf);
    }
  ibv_dealloc_pd (pd);
  ibv_close_device (ctx);
  return 0;
}
