/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib.h>
#include "gverbs-version.h"

G_BEGIN_DECLS

/**
 * GVERBS_ERROR:
 *
 * Error domain of libgverbs: failures of rdma-core calls, mapped from errno,
 * and the library's own conditions. Errors in this domain use #GVerbsError.
 *
 * Since: 0.1
 */
#define GVERBS_ERROR (gverbs_error_quark ())

/**
 * GVERBS_WC_ERROR:
 *
 * Error domain of failed work completions. The error code is the
 * completion's #GVerbsWCStatus.
 *
 * Since: 0.1
 */
#define GVERBS_WC_ERROR (gverbs_wc_error_quark ())

/**
 * GVerbsError:
 * @GVERBS_ERROR_FAILED: a failure with no more specific code
 * @GVERBS_ERROR_CLOSED: the object was closed
 * @GVERBS_ERROR_NO_DEVICE: no such RDMA device (ENODEV, ENXIO)
 * @GVERBS_ERROR_NOT_SUPPORTED: the device or the kernel does not support the
 *   operation (EOPNOTSUPP, ENOSYS, EPROTONOSUPPORT)
 * @GVERBS_ERROR_INVALID_ARGUMENT: an argument was refused (EINVAL)
 * @GVERBS_ERROR_NO_MEMORY: out of memory or of locked memory (ENOMEM); check
 *   `ulimit -l`
 * @GVERBS_ERROR_PERMISSION: permission denied (EPERM, EACCES)
 * @GVERBS_ERROR_BUSY: the resource is in use (EBUSY)
 * @GVERBS_ERROR_TIMED_OUT: the operation timed out (ETIMEDOUT)
 * @GVERBS_ERROR_WOULD_BLOCK: nothing is ready yet (EAGAIN)
 * @GVERBS_ERROR_NOT_FOUND: no such object or entry (ENOENT, ENODATA)
 * @GVERBS_ERROR_EXISTS: the object already exists (EEXIST)
 * @GVERBS_ERROR_OUT_OF_RANGE: a value is out of the valid range (ERANGE, E2BIG)
 * @GVERBS_ERROR_IO: an input/output error (EIO)
 * @GVERBS_ERROR_CONNECTION_REFUSED: the peer refused the connection
 * @GVERBS_ERROR_CONNECTION_RESET: the peer reset the connection
 * @GVERBS_ERROR_HOST_UNREACHABLE: the peer cannot be reached
 * @GVERBS_ERROR_ADDRESS_IN_USE: the address is already in use
 * @GVERBS_ERROR_PROTOCOL: the peer violated the protocol (EPROTO)
 * @GVERBS_ERROR_NOT_INITIALIZED: the object's construction failed or never
 *   ran (it was constructed without g_initable_init())
 *
 * Error codes of the %GVERBS_ERROR domain.
 *
 * Since: 0.1
 */
typedef enum { /*< underscore_name=gverbs_error >*/
  GVERBS_ERROR_FAILED,
  GVERBS_ERROR_CLOSED,
  GVERBS_ERROR_NO_DEVICE,
  GVERBS_ERROR_NOT_SUPPORTED,
  GVERBS_ERROR_INVALID_ARGUMENT,
  GVERBS_ERROR_NO_MEMORY,
  GVERBS_ERROR_PERMISSION,
  GVERBS_ERROR_BUSY,
  GVERBS_ERROR_TIMED_OUT,
  GVERBS_ERROR_WOULD_BLOCK,
  GVERBS_ERROR_NOT_FOUND,
  GVERBS_ERROR_EXISTS,
  GVERBS_ERROR_OUT_OF_RANGE,
  GVERBS_ERROR_IO,
  GVERBS_ERROR_CONNECTION_REFUSED,
  GVERBS_ERROR_CONNECTION_RESET,
  GVERBS_ERROR_HOST_UNREACHABLE,
  GVERBS_ERROR_ADDRESS_IN_USE,
  GVERBS_ERROR_PROTOCOL,
  GVERBS_ERROR_NOT_INITIALIZED,
} GVerbsError;

GVERBS_AVAILABLE_IN_0_1
GQuark      gverbs_error_quark      (void);
GVERBS_AVAILABLE_IN_0_1
GQuark      gverbs_wc_error_quark   (void);
GVERBS_AVAILABLE_IN_0_1
GVerbsError gverbs_error_from_errno (int err_no);
GVERBS_AVAILABLE_IN_0_1
const char *gverbs_errno_name       (int err_no);

G_END_DECLS
