/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* rdma-core's udaddy on the synchronous CMID API, datagrams over RDMA_PS_UDP:
 *   gverbs-example-udaddy -b ADDRESS [-C COUNT] [-S SIZE]      server
 *   gverbs-example-udaddy -s ADDRESS [-C COUNT] [-S SIZE] [-V] client
 * on udaddy's port 7174 (-P PORT for another), COUNT (10) messages of SIZE
 * (100) bytes each way, every one sent with the sender's QP number as
 * immediate data, as udaddy does. The client sends all its messages, then
 * waits for as many replies; the server receives them all, answers the
 * sender (address handle from the first completion, QP number from its
 * immediate data) and echoes each payload. -V: the client checks that the
 * replies echo what it sent (a gverbs server does; udaddy does not). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <gverbs.h>

#define GRH 40

static void
check (gboolean ok, const char *what, GError *error)
{
  if (!ok)
    {
      g_printerr ("udaddy: %s: %s\n", what, error ? error->message : "failed");
      exit (1);
    }
}

static void
check_wc (const GVerbsWC *wc, const char *what)
{
  if (wc->status != GVERBS_WC_SUCCESS)
    {
      g_printerr ("udaddy: %s completion failed: %s\n", what, gverbs_wc_status_str (wc->status));
      exit (1);
    }
}

static guint8
pattern (guint i, guint k)
{
  return (guint8) (i * 31 + k);
}

static GVerbsCMQPInitAttr *
ud_attr (guint count)
{
  GVerbsCMQPInitAttr *attr = gverbs_cm_qp_init_attr_new ();

  attr->qp_type = GVERBS_QPT_UD;
  attr->max_send_wr = attr->max_recv_wr = count;
  attr->max_send_sge = attr->max_recv_sge = 1;
  return attr;
}

static void
post_recvs (GVerbsCMID *id, GVerbsMR *mr, guint count, guint size)
{
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < count; i++)
    check (gverbs_cm_id_post_recv (id, mr, i * (size + GRH), size + GRH, i, &error),
           "post receive", error);
}

/* The next receive; its immediate data must be the sender's QP number. */
static GVerbsWC *
next_message (GVerbsCMID *id, guint size)
{
  g_autoptr(GError) error = NULL;
  GVerbsWC *wc = gverbs_cm_id_get_recv_comp (id, &error);

  check (wc != NULL, "receive", error);
  check_wc (wc, "receive");
  if (wc->byte_len != size + GRH || !(wc->wc_flags & GVERBS_WC_WITH_IMM) ||
      GUINT32_FROM_BE (wc->imm_data) != wc->src_qp)
    {
      g_printerr ("udaddy: unexpected message: %u bytes, flags 0x%x, imm %u from QP %u\n",
                  wc->byte_len, wc->wc_flags, GUINT32_FROM_BE (wc->imm_data), wc->src_qp);
      exit (1);
    }
  return wc;
}

static int
run_server (const char *addr, const char *port, guint count, guint size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAddrInfo) ai = NULL;
  g_autoptr(GVerbsCMQPInitAttr) attr = ud_attr (count);
  g_autoptr(GVerbsCMID) listener = NULL, id = NULL;
  g_autoptr(GVerbsMR) rx = NULL, tx = NULL;
  g_autoptr(GVerbsAH) ah = NULL;
  g_autoptr(GVerbsQPAttr) qp = NULL;
  guint32 remote_qpn = 0, qkey;

  ai = gverbs_addr_info_new (addr, NULL, port, NULL, GVERBS_RDMA_PS_UDP, GVERBS_RAI_PASSIVE, &error);
  check (ai != NULL, "address", error);
  listener = gverbs_cm_id_new (ai, attr, &error);
  check (listener != NULL && gverbs_cm_id_listen (listener, 0, &error), "rdma_listen", error);
  printf ("listening\n");
  fflush (stdout);
  id = gverbs_cm_id_get_request (listener, &error);
  check (id != NULL, "rdma_get_request", error);
  rx = gverbs_cm_id_reg_msgs (id, count * (size + GRH), &error);
  check (rx != NULL, "reg_msgs", error);
  tx = gverbs_cm_id_reg_msgs (id, count * size, &error);
  check (tx != NULL, "reg_msgs", error);
  post_recvs (id, rx, count, size);
  check (gverbs_cm_id_accept (id, NULL, NULL, &error), "rdma_accept", error);

  for (guint i = 0; i < count; i++)
    {
      g_autoptr(GVerbsWC) wc = next_message (id, size);
      guint8 *buf = gverbs_mr_get_buffer (tx);

      if (ah == NULL)
        {
          ah = gverbs_cm_id_create_ah_from_wc (id, wc, rx, wc->wr_id * (size + GRH), &error);
          check (ah != NULL, "reply address handle", error);
          remote_qpn = wc->src_qp;
        }
      memcpy (buf + i * size, (guint8 *) gverbs_mr_get_buffer (rx) + wc->wr_id * (size + GRH) + GRH, size);
    }
  printf ("received %u messages of %u bytes from QP %u\n", count, size, remote_qpn);

  /* rdma_cm gave our QP the Q_Key of the port space, the peer's too */
  qp = gverbs_cm_id_query_qp (id, GVERBS_QP_QKEY, NULL, &error);
  check (qp != NULL, "ibv_query_qp", error);
  g_object_get (qp, "qkey", &qkey, NULL);
  for (guint i = 0; i < count; i++)
    {
      g_autoptr(GVerbsWC) wc = NULL;

      check (gverbs_cm_id_post_ud_send_with_imm (id, tx, i * size, size, ah, remote_qpn, qkey,
                                                 gverbs_cm_id_get_qp_num (id), GVERBS_SEND_SIGNALED,
                                                 i, &error), "send", error);
      wc = gverbs_cm_id_get_send_comp (id, &error);
      check (wc != NULL, "send completion", error);
      check_wc (wc, "send");
    }
  printf ("sent %u replies\n", count);
  return 0;
}

static int
run_client (const char *addr, const char *port, guint count, guint size, gboolean verify)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAddrInfo) ai = NULL;
  g_autoptr(GVerbsCMQPInitAttr) attr = ud_attr (count);
  g_autoptr(GVerbsCMID) id = NULL;
  g_autoptr(GVerbsMR) rx = NULL, tx = NULL;
  g_autoptr(GVerbsAH) ah = NULL;
  GVerbsUDParam *ud;
  guint8 *buf;

  ai = gverbs_addr_info_new (NULL, addr, NULL, port, GVERBS_RDMA_PS_UDP, 0, &error);
  check (ai != NULL, "address", error);
  id = gverbs_cm_id_new (ai, attr, &error);
  check (id != NULL, "rdma_create_ep", error);
  rx = gverbs_cm_id_reg_msgs (id, count * (size + GRH), &error);
  check (rx != NULL, "reg_msgs", error);
  tx = gverbs_cm_id_reg_msgs (id, count * size, &error);
  check (tx != NULL, "reg_msgs", error);
  post_recvs (id, rx, count, size);
  check (gverbs_cm_id_connect_to_peer (id, NULL, NULL, &error), "rdma_connect", error);
  ud = gverbs_cm_id_get_ud_param (id);
  ah = gverbs_ah_new (gverbs_cm_id_get_pd (id), gverbs_ud_param_get_ah_attr (ud), &error);
  check (ah != NULL, "address handle", error);
  printf ("connected to QP %u\n", gverbs_ud_param_get_qp_num (ud));

  buf = gverbs_mr_get_buffer (tx);
  for (guint i = 0; i < count; i++)
    {
      g_autoptr(GVerbsWC) wc = NULL;

      for (guint k = 0; k < size; k++)
        buf[i * size + k] = pattern (i, k);
      check (gverbs_cm_id_post_ud_send_with_imm (id, tx, i * size, size, ah,
                                                 gverbs_ud_param_get_qp_num (ud),
                                                 gverbs_ud_param_get_qkey (ud),
                                                 gverbs_cm_id_get_qp_num (id), GVERBS_SEND_SIGNALED,
                                                 i, &error), "send", error);
      wc = gverbs_cm_id_get_send_comp (id, &error);
      check (wc != NULL, "send completion", error);
      check_wc (wc, "send");
    }
  printf ("sent %u messages of %u bytes\n", count, size);

  for (guint i = 0; i < count; i++)
    {
      g_autoptr(GVerbsWC) wc = next_message (id, size);
      const guint8 *got = (const guint8 *) gverbs_mr_get_buffer (rx) + wc->wr_id * (size + GRH) + GRH;

      if (wc->src_qp != gverbs_ud_param_get_qp_num (ud))
        {
          g_printerr ("udaddy: reply from QP %u, not %u\n", wc->src_qp, gverbs_ud_param_get_qp_num (ud));
          return 1;
        }
      for (guint k = 0; verify && k < size; k++)
        if (got[k] != pattern (i, k))
          {
            g_printerr ("udaddy: reply %u byte %u is 0x%02x, not 0x%02x\n", i, k, got[k], pattern (i, k));
            return 1;
          }
    }
  printf ("received %u replies from QP %u%s\n", count, gverbs_ud_param_get_qp_num (ud),
          verify ? ", data verified" : "");
  return 0;
}

int
main (int argc, char **argv)
{
  const char *server = NULL, *bind = NULL, *port = "7174";
  guint count = 10, size = 100;
  gboolean verify = FALSE;
  int op;

  while ((op = getopt (argc, argv, "s:b:C:S:P:V")) != -1)
    switch (op)
      {
      case 's': server = optarg; break;
      case 'b': bind = optarg; break;
      case 'C': count = (guint) atoi (optarg); break;
      case 'S': size = (guint) atoi (optarg); break;
      case 'P': port = optarg; break;
      case 'V': verify = TRUE; break;
      default:
        g_printerr ("usage: %s -s ADDRESS | -b ADDRESS [-C COUNT] [-S SIZE] [-P PORT] [-V]\n", argv[0]);
        return 2;
      }
  if ((server == NULL) == (bind == NULL) || count == 0 || count > 1000 || size == 0 || size > 4096)
    {
      g_printerr ("usage: %s -s ADDRESS | -b ADDRESS [-C 1-1000] [-S 1-4096] [-P PORT] [-V]\n", argv[0]);
      return 2;
    }
  return server ? run_client (server, port, count, size, verify) : run_server (bind, port, count, size);
}
