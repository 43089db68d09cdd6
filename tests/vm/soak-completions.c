/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Soak in C: SOAK_MESSAGES (default 1 000 000) RC messages, or as many as
 * fit in SOAK_SECONDS (default 150; at least 100 000), through the
 * main-loop ::completions signal of two watched CQs on one completion
 * channel; receives refilled with post_recv_repeat, sends posted with
 * post_send_repeat (selective signaling) from the handlers. RSS is sampled
 * every 10 000 messages; after a warm-up of 20 000 messages it must stay
 * within +4 MiB of the warm-up value. Every completion must succeed with
 * 64 bytes, sends and receives must match, the payload must read back.
 * The last line reads "soak-completions-c: N passed, N failed".
 *
 * Run in the VM: tests/vm/run-in-vm -- env GVERBS_TEST_DEVICE=rxe0
 * _build/tests/soak-completions */
#include <stdio.h>
#include <unistd.h>
#include "qp-pair.h"

#define SIZE 64
#define DEPTH 256
#define WINDOW 128
#define WARMUP 20000
#define SAMPLE 10000
#define RSS_GROWTH (4 << 20)

typedef struct {
  QPPair p;
  GVerbsSendWR swr;
  GVerbsRecvWR rwr;
  GMainLoop *loop;
  guint64 target, received, sent, pending, next_sample, bad;
  gint64 deadline;
  long baseline, peak;
  guint samples;
  gboolean stopping;
} Soak;

static long
rss (void)
{
  long pages = 0, resident = 0;
  FILE *f = fopen ("/proc/self/statm", "r");

  if (f == NULL || fscanf (f, "%ld %ld", &pages, &resident) != 2)
    resident = 0;
  if (f != NULL)
    fclose (f);
  return resident * sysconf (_SC_PAGESIZE);
}

static void
post_sends (Soak *s)
{
  g_autoptr(GError) error = NULL;
  guint n = (guint) MIN (s->pending, s->target - s->sent);

  if (n == 0 || s->stopping)
    return;
  if (gverbs_qp_post_send_repeat (s->p.qp[0], &s->swr, n, &error))
    {
      s->sent += n;
      s->pending -= n;
    }
  else if (!g_error_matches (error, GVERBS_ERROR, GVERBS_ERROR_NO_MEMORY))
    g_error ("%s", error->message);
}

static void
on_recv (GVerbsCQ *cq, GPtrArray *wcs, Soak *s)
{
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < wcs->len; i++)
    {
      const GVerbsWC *wc = wcs->pdata[i];

      if (wc->status != GVERBS_WC_SUCCESS || wc->byte_len != SIZE)
        s->bad++;
    }
  s->received += wcs->len;
  if (s->stopping)
    return;
  if (!gverbs_qp_post_recv_repeat (s->p.qp[1], &s->rwr, wcs->len, &error))
    g_error ("%s", error->message);
  s->pending += wcs->len;
  post_sends (s);
  if (s->received >= s->next_sample)
    {
      s->next_sample += SAMPLE;
      if (s->baseline == 0 && s->received >= WARMUP)
        s->baseline = s->peak = rss ();
      else if (s->baseline != 0)
        {
          s->peak = MAX (s->peak, rss ());
          s->samples++;
        }
    }
  if (s->received >= s->target || s->bad > 0 || g_get_monotonic_time () > s->deadline)
    {
      s->stopping = TRUE;
      g_main_loop_quit (s->loop);
    }
}

static void
on_send (GVerbsCQ *cq, GPtrArray *wcs, Soak *s)
{
  for (guint i = 0; i < wcs->len; i++)
    if (((const GVerbsWC *) wcs->pdata[i])->status != GVERBS_WC_SUCCESS)
      s->bad++;
  post_sends (s);
}

static guint passed, failed;

static void
check (const char *name, gboolean ok, const char *detail)
{
  printf ("%s - %s %s\n", ok ? "ok" : "not ok", name, detail);
  if (ok)
    passed++;
  else
    failed++;
}

int
main (void)
{
  QPPairOptions o = { GVERBS_QPT_RC, 0, 7, GVERBS_ACCESS_LOCAL_WRITE, TRUE, DEPTH };
  const char *env_n = g_getenv ("SOAK_MESSAGES"), *env_t = g_getenv ("SOAK_SECONDS");
  Soak s = { 0 };
  gint64 start, end;
  double seconds = env_t ? g_ascii_strtod (env_t, NULL) : 150;
  guint8 pattern[SIZE];
  g_autofree char *detail = NULL;

  if (!qp_pair_init (&s.p, &o))
    {
      printf ("soak-completions-c: 0 passed, 1 failed\n");
      return 1;
    }
  s.target = env_n ? g_ascii_strtoull (env_n, NULL, 10) : 1000000;
  s.next_sample = SAMPLE;
  s.loop = g_main_loop_new (NULL, FALSE);
  for (guint i = 0; i < SIZE; i++)
    pattern[i] = (guint8) (i * 5 + 1);
  g_assert_true (gverbs_mr_write (s.p.mr[0], pattern, SIZE, 0, NULL));
  gverbs_recv_wr_init (&s.rwr, 7);
  s.rwr.num_sge = 1;
  s.rwr.sg_list[0] = mr_sge (s.p.mr[1], 0, SIZE);
  gverbs_send_wr_init (&s.swr, 9, GVERBS_WR_SEND, GVERBS_SEND_SIGNALED);
  s.swr.num_sge = 1;
  s.swr.sg_list[0] = mr_sge (s.p.mr[0], 0, SIZE);
  g_signal_connect (s.p.cq[1], "completions", G_CALLBACK (on_recv), &s);
  g_signal_connect (s.p.cq[0], "completions", G_CALLBACK (on_send), &s);
  g_assert_true (gverbs_cq_set_watched (s.p.cq[0], TRUE, NULL));
  g_assert_true (gverbs_cq_set_watched (s.p.cq[1], TRUE, NULL));
  g_assert_true (gverbs_qp_post_recv_repeat (s.p.qp[1], &s.rwr, DEPTH, NULL));
  s.pending = WINDOW;
  start = g_get_monotonic_time ();
  s.deadline = start + (gint64) (seconds * G_USEC_PER_SEC);
  post_sends (&s);
  g_main_loop_run (s.loop);
  end = g_get_monotonic_time ();
  /* what is still in flight */
  while (s.received < s.sent && g_get_monotonic_time () < end + 10 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, FALSE);

  printf ("# %" G_GUINT64_FORMAT " messages in %.1f s, %" G_GUINT64_FORMAT " sent\n", s.received,
          (end - start) / 1e6, s.sent);
  check ("no failed completions", s.bad == 0, "");
  detail = g_strdup_printf ("(%" G_GUINT64_FORMAT ")", s.received);
  check ("at least 100000 messages", s.received >= MIN (s.target, 100000), detail);
  g_free (detail);
  detail = g_strdup_printf ("(%" G_GUINT64_FORMAT " received, %" G_GUINT64_FORMAT " sent)", s.received, s.sent);
  check ("every send received once", s.received == s.sent, detail);
  {
    g_autoptr(GBytes) got = gverbs_mr_read (s.p.mr[1], SIZE, 0, NULL);

    check ("payload byte for byte", got != NULL && memcmp (g_bytes_get_data (got, NULL), pattern, SIZE) == 0, "");
  }
  g_free (detail);
  detail = g_strdup_printf ("(warm-up %.2f MiB, peak %.2f MiB over %u samples)", s.baseline / 1048576.0,
                            s.peak / 1048576.0, s.samples);
  check ("RSS grows at most 4 MiB after warm-up", s.baseline > 0 && s.peak - s.baseline <= RSS_GROWTH, detail);
  g_main_loop_unref (s.loop);
  qp_pair_clear (&s.p);
  printf ("soak-completions-c: %u passed, %u failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
