/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include <fcntl.h>
#include <string.h>
#include "gverbs-test-util.h"

static int
device_max_cqe (GVerbsContext *ctx)
{
  g_autoptr(GVerbsDeviceAttr) attr = NULL;
  g_autoptr(GError) error = NULL;
  int max_cqe = 0;

  attr = gverbs_context_query_device (ctx, &error);
  g_assert_no_error (error);
  g_object_get (attr, "max-cqe", &max_cqe, NULL);
  g_assert_cmpint (max_cqe, >, 0);
  return max_cqe;
}

static void
test_create_sizes (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  int max_cqe;
  int sizes[] = { 1, 2, 63, 100, 1000, 0 };

  if (ctx == NULL)
    return;
  max_cqe = device_max_cqe (ctx);
  sizes[G_N_ELEMENTS (sizes) - 1] = max_cqe;

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GVerbsCQ) cq = gverbs_cq_new (ctx, sizes[i], NULL, 0, &error);
      g_autofree char *text = NULL;
      g_autofree char *cqe_row = NULL;
      int prop_cqe = 0;

      g_assert_no_error (error);
      g_test_message ("cqe %d -> %d", sizes[i], gverbs_cq_get_cqe (cq));
      g_assert_cmpint (gverbs_cq_get_cqe (cq), >=, sizes[i]);
      g_object_get (cq, "cqe", &prop_cqe, NULL);
      g_assert_cmpint (prop_cqe, ==, gverbs_cq_get_cqe (cq));
      g_assert_true (gverbs_cq_get_context (cq) == ctx);
      g_assert_null (gverbs_cq_get_channel (cq));
      g_assert_cmpint (gverbs_cq_get_comp_vector (cq), ==, 0);
      g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (cq)));
      g_assert_nonnull (gverbs_cq_get_native (cq));

      text = gverbs_cq_to_string (cq);
      cqe_row = g_strdup_printf ("CQEs                  : %-20d\n", gverbs_cq_get_cqe (cq));
      g_assert_true (g_str_has_prefix (text, "CQ\nHandle                : "));
      g_assert_nonnull (strstr (text, cqe_row));
    }
}

static void
test_bad_sizes (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  int max_cqe;
  int bad[] = { 0, -1, 0 };

  if (ctx == NULL)
    return;
  max_cqe = device_max_cqe (ctx);
  bad[2] = max_cqe + 1;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GVerbsCQ) cq = gverbs_cq_new (ctx, bad[i], NULL, 0, &error);
      g_autofree char *limit = g_strdup_printf ("max_cqe %d", max_cqe);

      g_assert_null (cq);
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "ibv_create_cq on "));
      g_assert_nonnull (strstr (error->message, limit));
    }

  {
    g_autoptr(GError) error = NULL;
    int vectors = gverbs_context_get_num_comp_vectors (ctx);
    g_autoptr(GVerbsCQ) cq = gverbs_cq_new (ctx, 10, NULL, vectors, &error);

    g_assert_null (cq);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "comp_vector"));
  }
}

static void
test_resize (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsCQ) cq = NULL;
  g_autoptr(GError) error = NULL;
  int before, max_cqe;
  guint notified = 0;

  if (ctx == NULL)
    return;
  max_cqe = device_max_cqe (ctx);
  cq = gverbs_context_create_cq (ctx, 16, NULL, 0, &error);
  g_assert_no_error (error);
  before = gverbs_cq_get_cqe (cq);
  g_assert_cmpint (before, >=, 16);

  g_signal_connect_swapped (cq, "notify::cqe", G_CALLBACK (g_atomic_int_inc), &notified);
  g_assert_true (gverbs_cq_resize (cq, 2000, &error));
  g_assert_no_error (error);
  g_assert_cmpint (gverbs_cq_get_cqe (cq), >=, 2000);
  g_assert_cmpint (gverbs_cq_get_cqe (cq), >, before);
  g_assert_cmpuint (notified, ==, 1);

  before = gverbs_cq_get_cqe (cq);
  g_assert_false (gverbs_cq_resize (cq, max_cqe + 1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "ibv_resize_cq"));
  g_assert_cmpint (gverbs_cq_get_cqe (cq), ==, before);
  g_clear_error (&error);
  g_assert_false (gverbs_cq_resize (cq, 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
}

static void
test_poll_empty (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsCQ) cq = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GError) error = NULL;
  GVerbsWC wcs[8];

  if (ctx == NULL)
    return;
  cq = gverbs_cq_new (ctx, 10, NULL, 0, &error);
  g_assert_no_error (error);

  g_assert_cmpint (gverbs_cq_poll (cq, wcs, G_N_ELEMENTS (wcs), &error), ==, 0);
  g_assert_no_error (error);
  g_assert_cmpint (gverbs_cq_poll (cq, NULL, 0, &error), ==, 0);
  g_assert_no_error (error);
  list = gverbs_cq_poll_list (cq, 100, &error);
  g_assert_no_error (error);
  g_assert_nonnull (list);
  g_assert_cmpuint (list->len, ==, 0);
}

static void
test_notify_and_ack (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsCompChannel) channel = NULL;
  g_autoptr(GVerbsCQ) cq = NULL;
  g_autoptr(GVerbsCQ) plain = NULL;
  g_autoptr(GError) error = NULL;

  if (ctx == NULL)
    return;
  channel = gverbs_context_create_comp_channel (ctx, &error);
  g_assert_no_error (error);
  cq = gverbs_cq_new (ctx, 10, channel, 0, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_cq_get_channel (cq) == channel);

  g_assert_true (gverbs_cq_req_notify (cq, FALSE, &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_cq_req_notify (cq, TRUE, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (gverbs_cq_get_unacked_events (cq), ==, 0);
  g_assert_true (gverbs_cq_ack_events (cq, 0, &error));
  g_assert_no_error (error);
  g_assert_false (gverbs_cq_ack_events (cq, 1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "only 0 are outstanding"));
  g_clear_error (&error);

  /* No completion happened, so waiting gives a timeout, not an event. */
  g_assert_null (gverbs_comp_channel_get_cq_event (channel, 0, NULL, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_TIMED_OUT);
  g_clear_error (&error);
  g_assert_null (gverbs_comp_channel_get_cq_event (channel, 50, NULL, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_TIMED_OUT);
  g_clear_error (&error);

  {
    g_autoptr(GCancellable) cancellable = g_cancellable_new ();

    g_cancellable_cancel (cancellable);
    g_assert_null (gverbs_comp_channel_get_cq_event (channel, -1, cancellable, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_clear_error (&error);
  }

  /* A CQ without a channel can be armed too, but not watched. */
  plain = gverbs_cq_new (ctx, 10, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_cq_req_notify (plain, FALSE, &error));
  g_assert_no_error (error);
  g_assert_false (gverbs_cq_set_watched (plain, TRUE, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_false (gverbs_cq_get_watched (plain));
  g_clear_error (&error);

  g_assert_true (gverbs_cq_set_watched (cq, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_cq_get_watched (cq));
  g_assert_true (gverbs_cq_set_watched (cq, FALSE, &error));
  g_assert_false (gverbs_cq_get_watched (cq));
}

static void
test_channel (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsContext) other = NULL;
  g_autoptr(GVerbsCompChannel) channel = NULL;
  g_autoptr(GVerbsCompChannel) here = NULL;
  g_autoptr(GMainContext) main_context = NULL;
  g_autoptr(GError) error = NULL;
  int fd, flags, prop_fd = -2;

  if (ctx == NULL)
    return;
  channel = gverbs_comp_channel_new (ctx, &error);
  g_assert_no_error (error);
  fd = gverbs_comp_channel_get_fd (channel);
  g_assert_cmpint (fd, >=, 0);
  g_object_get (channel, "fd", &prop_fd, NULL);
  g_assert_cmpint (prop_fd, ==, fd);
  flags = fcntl (fd, F_GETFL);
  g_assert_cmpint (flags, >=, 0);
  g_assert_true (flags & O_NONBLOCK);
  g_assert_true (gverbs_comp_channel_get_context (channel) == ctx);
  /* Without a pushed thread-default context the source goes to the global one. */
  g_assert_true (gverbs_comp_channel_get_main_context (channel) == g_main_context_default ());

  /* With a pushed one, the source follows it and never touches the global default. */
  main_context = g_main_context_new ();
  g_main_context_push_thread_default (main_context);
  here = gverbs_comp_channel_new (ctx, &error);
  g_main_context_pop_thread_default (main_context);
  g_assert_no_error (error);
  g_assert_true (gverbs_comp_channel_get_main_context (here) == main_context);
  g_assert_cmpint (gverbs_comp_channel_get_fd (here), !=, fd);

  /* A CQ cannot use another context's channel. */
  other = gverbs_context_new (gverbs_test_device_name (), &error);
  g_assert_no_error (error);
  {
    g_autoptr(GVerbsCQ) cq = gverbs_cq_new (other, 10, channel, 0, &error);

    g_assert_null (cq);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
  }

  /* Closing the channel closes its CQ first (rdma-core refuses otherwise). */
  {
    g_autoptr(GVerbsCQ) cq = gverbs_cq_new (ctx, 10, here, 0, &error);

    g_assert_no_error (error);
    g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (here), &error));
    g_assert_no_error (error);
    g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (cq)));
    g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (here)));
    g_assert_cmpint (gverbs_comp_channel_get_fd (here), ==, -1);
  }
  /* A closed channel cannot take new CQs. */
  {
    g_autoptr(GVerbsCQ) cq = gverbs_cq_new (ctx, 10, here, 0, &error);

    g_assert_null (cq);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
    g_clear_error (&error);
  }
}

static void
assert_closed (gboolean ok, GError **error)
{
  g_assert_false (ok);
  g_assert_error (*error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (error);
}

static void
test_close (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsCompChannel) channel = NULL;
  g_autoptr(GVerbsCQ) cq = NULL;
  g_autoptr(GVerbsCQ) watched = NULL;
  g_autoptr(GVerbsCQEX) cq_ex = NULL;
  g_autoptr(GVerbsCqInitAttrEx) attr = gverbs_cq_init_attr_ex_new ();
  g_autoptr(GError) error = NULL;
  GVerbsWC wc;
  gboolean closed = FALSE;

  if (ctx == NULL)
    return;
  channel = gverbs_comp_channel_new (ctx, &error);
  g_assert_no_error (error);
  cq = gverbs_cq_new (ctx, 10, NULL, 0, &error);
  g_assert_no_error (error);
  watched = gverbs_cq_new (ctx, 10, channel, 0, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_cq_set_watched (watched, TRUE, &error));
  gverbs_cq_init_attr_ex_set_channel (attr, channel);
  cq_ex = gverbs_cq_ex_new (ctx, attr, &error);
  g_assert_no_error (error);

  /* Closing the context closes everything under it. */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ctx), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (cq)));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (watched)));
  g_assert_false (gverbs_cq_get_watched (watched));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (cq_ex)));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (channel)));
  g_object_get (cq, "closed", &closed, NULL);
  g_assert_true (closed);

  /* Calls after close give CLOSED; closing again does nothing. */
  g_assert_cmpint (gverbs_cq_poll (cq, &wc, 1, &error), ==, -1);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_null (gverbs_cq_poll_list (cq, 1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  assert_closed (gverbs_cq_req_notify (cq, FALSE, &error), &error);
  assert_closed (gverbs_cq_ack_events (cq, 0, &error), &error);
  assert_closed (gverbs_cq_resize (cq, 100, &error), &error);
  assert_closed (gverbs_cq_set_watched (watched, TRUE, &error), &error);
  assert_closed (gverbs_cq_ex_start_poll (cq_ex, &error), &error);
  assert_closed (gverbs_cq_req_notify (GVERBS_CQ (cq_ex), FALSE, &error), &error);
  g_assert_null (gverbs_comp_channel_get_cq_event (channel, 0, NULL, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_cmpint (gverbs_cq_get_handle (cq), ==, 0);
  g_assert_null (gverbs_cq_get_native (cq));

  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (cq), &error));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (cq_ex), &error));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (channel), &error));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (ctx), &error));
  g_assert_no_error (error);

  /* Nothing can be created on a closed context. */
  {
    g_autoptr(GVerbsCQ) late = gverbs_cq_new (ctx, 10, NULL, 0, &error);

    g_assert_null (late);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
    g_clear_error (&error);
  }
  {
    g_autoptr(GVerbsCompChannel) late = gverbs_comp_channel_new (ctx, &error);

    g_assert_null (late);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
    g_clear_error (&error);
  }
}

static void
test_close_cq_first (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsCompChannel) channel = NULL;
  g_autoptr(GVerbsCQ) cq = NULL;
  g_autoptr(GError) error = NULL;

  if (ctx == NULL)
    return;
  channel = gverbs_comp_channel_new (ctx, &error);
  cq = gverbs_cq_new (ctx, 10, channel, 0, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (cq), &error));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (cq), &error));
  g_assert_no_error (error);
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (channel)));
  /* The channel no longer lists the CQ: closing it closes nothing twice. */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (channel), &error));
  g_assert_no_error (error);
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (ctx)));
}

static void
test_cq_ex (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GVerbsCqInitAttrEx) attr = NULL;
  g_autoptr(GVerbsCQEX) cq = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *attr_text = NULL;
  g_autofree char *text = NULL;
  GVerbsCreateCQWCFlags flags = GVERBS_WC_EX_WITH_BYTE_LEN | GVERBS_WC_EX_WITH_QP_NUM |
                                GVERBS_WC_EX_WITH_IMM | GVERBS_WC_EX_WITH_SRC_QP;
  GVerbsWC wc;

  if (ctx == NULL)
    return;
  attr = gverbs_cq_init_attr_ex_new ();
  g_assert_cmpuint (gverbs_cq_init_attr_ex_get_cqe (attr), ==, 100);
  gverbs_cq_init_attr_ex_set_cqe (attr, 50);
  gverbs_cq_init_attr_ex_set_wc_flags (attr, flags);
  attr_text = gverbs_cq_init_attr_ex_to_string (attr);
  g_assert_cmpstr (attr_text, ==,
                   "Number of CQEs        : 50                  \n"
                   "WC flags              : IBV_WC_EX_WITH_BYTE_LEN IBV_WC_EX_WITH_IMM "
                   "IBV_WC_EX_WITH_QP_NUM IBV_WC_EX_WITH_SRC_QP \n"
                   "comp mask             : 0                   \n"
                   "flags                 : 0                   \n");

  cq = gverbs_cq_ex_new (ctx, attr, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gverbs_cq_get_cqe (GVERBS_CQ (cq)), >=, 50);
  g_assert_cmpuint (gverbs_cq_ex_get_wc_flags (cq), ==, flags);
  g_assert_nonnull (gverbs_cq_get_native (GVERBS_CQ (cq)));
  text = gverbs_cq_to_string (GVERBS_CQ (cq));
  g_assert_true (g_str_has_prefix (text, "Extended CQ:\nHandle                : "));

  /* An empty CQ: no completion, no error, no batch opened. */
  g_assert_false (gverbs_cq_ex_start_poll (cq, &error));
  g_assert_no_error (error);
  g_assert_false (gverbs_cq_ex_is_polling (cq));
  g_assert_false (gverbs_cq_ex_start_poll (cq, &error));
  g_assert_no_error (error);

  /* Nothing to read or end without a batch: an error, not a crash. */
  g_assert_false (gverbs_cq_ex_next_poll (cq, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (gverbs_cq_ex_end_poll (cq, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  gverbs_cq_ex_read_byte_len (cq, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "start_poll"));
  g_clear_error (&error);
  gverbs_cq_ex_read_wr_id (cq, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (gverbs_cq_ex_fill_wc (cq, &wc, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_null (gverbs_cq_ex_read_wc (cq, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  g_assert_true (gverbs_cq_req_notify (GVERBS_CQ (cq), FALSE, &error));
  g_assert_no_error (error);
  g_assert_false (gverbs_cq_ack_events (GVERBS_CQ (cq), 1, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (cq), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (cq)));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (cq), &error));
}

static void
test_cq_ex_bad (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  int max_cqe;

  if (ctx == NULL)
    return;
  max_cqe = device_max_cqe (ctx);

  /* rxe has no completion timestamps: a clean NOT_SUPPORTED. */
  {
    g_autoptr(GVerbsCqInitAttrEx) attr = gverbs_cq_init_attr_ex_new ();
    g_autoptr(GVerbsCQEX) cq = NULL;

    gverbs_cq_init_attr_ex_set_wc_flags (attr, GVERBS_WC_EX_WITH_BYTE_LEN |
                                         GVERBS_WC_EX_WITH_COMPLETION_TIMESTAMP);
    cq = gverbs_cq_ex_new (ctx, attr, &error);
    g_assert_null (cq);
    g_test_message ("%s", error->message);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
    g_assert_nonnull (strstr (error->message, "ibv_create_cq_ex on "));
    g_assert_nonnull (strstr (error->message, "IBV_WC_EX_WITH_COMPLETION_TIMESTAMP"));
    g_clear_error (&error);
  }
  /* Too large, and a parent-domain mask without a parent domain. */
  {
    g_autoptr(GVerbsCqInitAttrEx) attr = gverbs_cq_init_attr_ex_new ();
    g_autoptr(GVerbsCQEX) cq = NULL;
    g_autofree char *limit = g_strdup_printf ("max_cqe %d", max_cqe);

    gverbs_cq_init_attr_ex_set_cqe (attr, (guint) max_cqe + 1);
    cq = gverbs_cq_ex_new (ctx, attr, &error);
    g_assert_null (cq);
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, limit));
    g_clear_error (&error);
  }
  {
    g_autoptr(GVerbsCqInitAttrEx) attr = gverbs_cq_init_attr_ex_new ();
    g_autoptr(GVerbsCQEX) cq = NULL;

    gverbs_cq_init_attr_ex_set_comp_mask (attr, GVERBS_CQ_INIT_ATTR_MASK_PD);
    cq = gverbs_cq_ex_new (ctx, attr, &error);
    g_assert_null (cq);
    /* the mask names a field that was not given: see CqInitAttrEx:parent-domain */
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "IBV_CQ_INIT_ATTR_MASK_PD needs a parent_domain"));
    g_clear_error (&error);
  }
  /* Default attributes (NULL) work. */
  {
    g_autoptr(GVerbsCQEX) cq = gverbs_cq_ex_new (ctx, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpint (gverbs_cq_get_cqe (GVERBS_CQ (cq)), >=, 100);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cq/create-sizes", test_create_sizes);
  g_test_add_func ("/cq/bad-sizes", test_bad_sizes);
  g_test_add_func ("/cq/resize", test_resize);
  g_test_add_func ("/cq/poll-empty", test_poll_empty);
  g_test_add_func ("/cq/notify-and-ack", test_notify_and_ack);
  g_test_add_func ("/cq/channel", test_channel);
  g_test_add_func ("/cq/close", test_close);
  g_test_add_func ("/cq/close-cq-first", test_close_cq_first);
  g_test_add_func ("/cqex/create-and-poll-empty", test_cq_ex);
  g_test_add_func ("/cqex/bad-attributes", test_cq_ex_bad);
  return g_test_run ();
}
