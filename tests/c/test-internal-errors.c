/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Internal error helpers, linked from the library's objects: the
 * locked-memory hint only on the calls where the limit can be the cause,
 * and the flag/enum argument checks. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include "gverbs.h"
#include "gverbs-enum-types.h"
#include "gverbs-private.h"
#include "gverbs-error-private.h"

static gboolean
has_hint (int         err_no,
          const char *call)
{
  g_autoptr(GError) error = NULL;

  _gverbs_set_error_errno (&error, err_no, call, "rxe0", NULL);
  g_test_message ("%s", error->message);
  g_assert_error (error, GVERBS_ERROR, (int) gverbs_error_from_errno (err_no));
  return strstr (error->message, "ulimit -l") != NULL;
}

static void
test_enomem_hint (void)
{
  /* Pinning memory or queue buffers: the limit is a plausible cause. */
  g_assert_true (has_hint (ENOMEM, "ibv_reg_mr"));
  g_assert_true (has_hint (ENOMEM, "ibv_rereg_mr"));
  g_assert_true (has_hint (ENOMEM, "ibv_create_cq"));
  g_assert_true (has_hint (ENOMEM, "ibv_create_cq_ex"));
  g_assert_true (has_hint (ENOMEM, "ibv_create_qp"));
  g_assert_true (has_hint (ENOMEM, "ibv_create_qp_ex"));
  g_assert_true (has_hint (ENOMEM, "ibv_create_srq"));
  /* A full queue, an address or a connection: never the limit. */
  g_assert_false (has_hint (ENOMEM, "ibv_post_send"));
  g_assert_false (has_hint (ENOMEM, "ibv_post_recv"));
  g_assert_false (has_hint (ENOMEM, "ibv_post_srq_recv"));
  g_assert_false (has_hint (ENOMEM, "ibv_create_ah"));
  g_assert_false (has_hint (ENOMEM, "rdma_connect"));
  g_assert_false (has_hint (ENOMEM, "rdma_getaddrinfo"));
  /* Only ENOMEM. */
  g_assert_false (has_hint (EINVAL, "ibv_reg_mr"));
}

static void
test_check_flags_enum (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (_gverbs_check_flags (GVERBS_TYPE_ACCESS_FLAGS, GVERBS_ACCESS_LOCAL_WRITE,
                                      "ibv_reg_mr", "access", &error));
  g_assert_no_error (error);
  g_assert_false (_gverbs_check_flags (GVERBS_TYPE_ACCESS_FLAGS, 7 | 1u << 24,
                                       "ibv_reg_mr", "access", &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==,
                   "ibv_reg_mr: access 0x1000007 has bits 0x1000000 that no GVerbsAccessFlags value names");
  g_clear_error (&error);
  g_assert_true (_gverbs_check_enum (GVERBS_TYPE_PORT_SPACE, GVERBS_RDMA_PS_UDP, "x", "port space", &error));
  g_assert_false (_gverbs_check_enum (GVERBS_TYPE_PORT_SPACE, 7, "x", "port space", &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "x: port space 7 is not a PortSpace value");
  g_clear_error (&error);
  /* a property's check (no call) names it as the bindings' keyword */
  g_assert_false (_gverbs_check_enum (GVERBS_TYPE_RATE, (gint64) G_MAXINT + 1, NULL, "static-rate", &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "static_rate 2147483648 is not a Rate value");
}

static void
test_addr_info_flags (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsAddrInfo) ai = NULL;

  /* Was: the unknown bit dropped with a warning and PASSIVE with it, the
   * lookup then ran as an active one. Refused before rdma_getaddrinfo. */
  ai = gverbs_addr_info_new ("127.0.0.1", NULL, "7471", NULL, GVERBS_RDMA_PS_TCP,
                             GVERBS_RAI_PASSIVE | 1u << 12, &error);
  g_assert_null (ai);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "bits 0x1000"));
  g_clear_error (&error);
  ai = gverbs_addr_info_new ("127.0.0.1", NULL, "7471", NULL, (GVerbsPortSpace) 3,
                             GVERBS_RAI_PASSIVE, &error);
  g_assert_null (ai);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "port space 3"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/internal/enomem-hint", test_enomem_hint);
  g_test_add_func ("/internal/check-flags-enum", test_check_flags_enum);
  g_test_add_func ("/internal/addr-info-flags", test_addr_info_flags);
  return g_test_run ();
}
