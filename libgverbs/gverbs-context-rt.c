/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "gverbs-context.h"
#include "gverbs-context-private.h"
#include "gverbs-error.h"
#include "gverbs-private.h"
#include "gverbs-resource-private.h"

/**
 * gverbs_context_query_rt_values_ex:
 * @self: an open #GVerbsContext
 * @sec: (out): the seconds of the device's raw hardware clock
 * @nsec: (out): its nanoseconds
 * @error: return location for a #GError
 *
 * Reads the device's raw hardware clock (`ibv_query_rt_values_ex()` with
 * `IBV_VALUES_MASK_RAW_CLOCK`), the clock completion timestamps
 * (%GVERBS_WC_EX_WITH_COMPLETION_TIMESTAMP) count in. Bindings return
 * (@sec, @nsec), as pyverbs' `Context.query_rt_values_ex()`.
 *
 * A device without a readable clock (rxe) gives
 * %GVERBS_ERROR_NOT_SUPPORTED naming the call and the device.
 *
 * Returns: (skip): %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_context_query_rt_values_ex (GVerbsContext  *self,
                                   gint64         *sec,
                                   gint64         *nsec,
                                   GError        **error)
{
  struct ibv_values_ex values;
  int rc;

  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), FALSE);
  if (sec != NULL)
    *sec = 0;
  if (nsec != NULL)
    *nsec = 0;
  if (!_gverbs_resource_check_open (self, error))
    return FALSE;
  memset (&values, 0, sizeof values);
  values.comp_mask = IBV_VALUES_MASK_RAW_CLOCK;
  rc = ibv_query_rt_values_ex (_gverbs_context_get_ibv (self), &values);
  if (rc == 0 && !(values.comp_mask & IBV_VALUES_MASK_RAW_CLOCK))
    rc = EOPNOTSUPP;
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_query_rt_values_ex",
                               gverbs_context_get_name (self),
                               _("the device's raw clock (IBV_VALUES_MASK_RAW_CLOCK)"));
      return FALSE;
    }
  if (sec != NULL)
    *sec = values.raw_clock.tv_sec;
  if (nsec != NULL)
    *nsec = values.raw_clock.tv_nsec;
  return TRUE;
}
