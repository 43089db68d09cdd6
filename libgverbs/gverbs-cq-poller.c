/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "gverbs-cq-poller.h"
#include "gverbs-error.h"
#include "gverbs-fields-private.h"

#define BATCH 16

/**
 * GVerbsCQPoller:
 *
 * python-rdma's `vtools.CQPoller`: hands out the completions of a CQ one
 * at a time, in order, waiting for more when the CQ is empty — on the
 * completion channel if there is one (arming the CQ, then sleeping on the
 * channel's descriptor), otherwise by polling. From Python,
 * `for wc in Verbs.CQPoller(cq, cc).iterwc(timeout=1.0)` iterates until
 * the timeout passes without a completion.
 *
 * The CQ should not be in watched mode (gverbs_cq_set_watched()) and its
 * channel's events should not be taken by a running main loop: the poller
 * reads them itself. Events for other CQs of the same channel are
 * acknowledged and dropped.
 *
 * When to use it: in a program without a main loop that handles
 * completions one by one and wants to wait for the next one, with a
 * timeout.
 *
 * ```c
 * // given: GVerbsCQ *cq; GVerbsCompChannel *channel;
 * g_autoptr(GVerbsCQPoller) poller = gverbs_cq_poller_new (cq, channel);
 * const GVerbsWC *wc;
 *
 * // only successful completions; a failed one is a GVERBS_WC_ERROR,
 * // a second without any GVERBS_ERROR_TIMED_OUT
 * while ((wc = gverbs_cq_poller_next (poller, 1000, &error)) != NULL)
 *   g_print ("wr %" G_GUINT64_FORMAT " done\n", wc->wr_id);
 * ```
 *
 * ```python
 * for wc in Verbs.CQPoller(cq, channel).iterwc(timeout=1.0):
 *     print(wc.wr_id)
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsCQPoller
{
  GObject parent_instance;

  GVerbsCQ *cq;
  GVerbsCompChannel *channel;
  GVerbsWC batch[BATCH];
  guint n_batch;
  guint next;
  gboolean armed;
};

static const GVerbsField fields[] = {
  /**
   * GVerbsCQPoller:cq:
   *
   * The completion queue polled.
   */
  GVERBS_PROP_OBJECT (GVerbsCQPoller, cq, "cq", gverbs_cq_get_type, GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsCQPoller:channel:
   *
   * The completion channel to sleep on, or %NULL to poll.
   */
  GVERBS_PROP_OBJECT (GVerbsCQPoller, channel, "channel", gverbs_comp_channel_get_type,
                      GVERBS_PROP_CONSTRUCT_ONLY),
};

GVERBS_DEFINE_PROPERTIES_TYPE (GVerbsCQPoller, gverbs_cq_poller, fields)

/**
 * gverbs_cq_poller_new:
 * @cq: the completion queue
 * @channel: (nullable): its completion channel, to sleep on while the CQ is
 *   empty; %NULL polls
 *
 * Creates a poller of @cq (python-rdma's `CQPoller`), which waits on the CQ's
 * completion channel when @cq has one.
 *
 * Returns: (transfer full): a new #GVerbsCQPoller
 *
 * Since: 0.1
 */
GVerbsCQPoller *
gverbs_cq_poller_new (GVerbsCQ          *cq,
                      GVerbsCompChannel *channel)
{
  g_return_val_if_fail (GVERBS_IS_CQ (cq), NULL);
  g_return_val_if_fail (channel == NULL || GVERBS_IS_COMP_CHANNEL (channel), NULL);

  return g_object_new (GVERBS_TYPE_CQ_POLLER, "cq", cq, "channel", channel, NULL);
}

/**
 * gverbs_cq_poller_get_cq:
 * @self: a #GVerbsCQPoller
 *
 * Gets the completion queue.
 *
 * Returns: (transfer none): the completion queue
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsCQ *, gverbs_cq_poller_get_cq,
                      GVerbsCQPoller, GVERBS_IS_CQ_POLLER, NULL, self->cq)

/**
 * gverbs_cq_poller_get_channel:
 * @self: a #GVerbsCQPoller
 *
 * Gets the completion channel.
 *
 * Returns: (transfer none) (nullable): the completion channel
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsCompChannel *, gverbs_cq_poller_get_channel,
                      GVerbsCQPoller, GVERBS_IS_CQ_POLLER, NULL, self->channel)

/* Waits for the channel to report a completion on our CQ. */
static gboolean
wait_event (GVerbsCQPoller  *self,
            gint64           deadline,
            GError         **error)
{
  for (;;)
    {
      g_autoptr(GVerbsCQ) target = NULL;
      gint64 left = deadline < 0 ? -1 : MAX (0, (deadline - g_get_monotonic_time () + 999) / 1000);

      target = gverbs_comp_channel_get_cq_event (self->channel, (int) MIN (left, G_MAXINT), NULL, error);
      if (target == NULL)
        return FALSE;
      gverbs_cq_ack_events (target, 1, NULL);
      if (target == self->cq)
        return TRUE;
    }
}

/**
 * gverbs_cq_poller_next:
 * @self: a #GVerbsCQPoller
 * @timeout_ms: how long to wait for a completion in milliseconds; -1
 *   waits for ever, 0 only takes what is there
 * @error: return location for a #GError
 *
 * Takes the next completion. None within @timeout_ms gives
 * %GVERBS_ERROR_TIMED_OUT. A failed completion is reported as a
 * %GVERBS_WC_ERROR error (code: the status; the message names the wr_id
 * and QP number) and gverbs_cq_poller_get_last_wc() returns it; the next
 * call continues with the following completion.
 *
 * The completion stays in the poller's batch: nothing is allocated.
 *
 * Returns: (transfer none) (nullable): the successful completion, valid
 *   until the next call on @self, or %NULL on error
 *
 * Since: 0.1
 */
const GVerbsWC *
gverbs_cq_poller_next (GVerbsCQPoller  *self,
                       int              timeout_ms,
                       GError         **error)
{
  gint64 deadline = timeout_ms < 0 ? -1 : g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  const GVerbsWC *wc;

  g_return_val_if_fail (GVERBS_IS_CQ_POLLER (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  while (self->next == self->n_batch)
    {
      int n = gverbs_cq_poll (self->cq, self->batch, BATCH, error);

      if (n < 0)
        return NULL;
      if (n > 0)
        {
          self->next = 0;
          self->n_batch = (guint) n;
          break;
        }
      /* An empty poll keeps the batch: gverbs_cq_poller_get_last_wc()
       * still has the last completion after a timeout. */
      if (self->channel != NULL && !self->armed)
        {
          /* Arm, then poll once more: a completion that came before the
           * arm raises no event. */
          if (!gverbs_cq_req_notify (self->cq, FALSE, error))
            return NULL;
          self->armed = TRUE;
          continue;
        }
      if (deadline >= 0 && g_get_monotonic_time () >= deadline)
        {
          g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_TIMED_OUT,
                       _("No work completion within %d ms"), timeout_ms);
          return NULL;
        }
      if (self->channel != NULL)
        {
          if (!wait_event (self, deadline, error))
            return NULL;
          self->armed = FALSE;
        }
      else
        g_usleep (50);
    }
  wc = &self->batch[self->next++];
  return gverbs_wc_check (wc, error) ? wc : NULL;
}

/**
 * gverbs_cq_poller_get_last_wc:
 * @self: a #GVerbsCQPoller
 *
 * The completion the last gverbs_cq_poller_next() handed out — after a
 * %GVERBS_WC_ERROR error, the failed one.
 *
 * Returns: (transfer none) (nullable): the completion, valid until the
 *   next gverbs_cq_poller_next(), or %NULL if none was handed out yet
 *
 * Since: 0.1
 */
const GVerbsWC *
gverbs_cq_poller_get_last_wc (GVerbsCQPoller *self)
{
  g_return_val_if_fail (GVERBS_IS_CQ_POLLER (self), NULL);

  if (self->next == 0)
    return NULL;
  return &self->batch[self->next - 1];
}
