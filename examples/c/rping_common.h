/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* What rdma-core's rping puts on the wire: a 16-byte buffer advertisement
 * (address, rkey, size; big-endian) sent with SEND, and ping data of the
 * form "rdma-ping-N: " followed by letters A..z, NUL-terminated. */
#pragma once

#include <string.h>
#include <gverbs.h>

#define RPING_INFO_SIZE 16
#define RPING_DEFAULT_SIZE 64

static inline void
rping_pack_info (guint8 out[RPING_INFO_SIZE], guint64 addr, guint32 rkey, guint32 size)
{
  guint64 a = GUINT64_TO_BE (addr);
  guint32 k = GUINT32_TO_BE (rkey), s = GUINT32_TO_BE (size);

  memcpy (out, &a, 8);
  memcpy (out + 8, &k, 4);
  memcpy (out + 12, &s, 4);
}

static inline void
rping_unpack_info (const guint8 *in, guint64 *addr, guint32 *rkey, guint32 *size)
{
  guint64 a;
  guint32 k, s;

  memcpy (&a, in, 8);
  memcpy (&k, in + 8, 4);
  memcpy (&s, in + 12, 4);
  *addr = GUINT64_FROM_BE (a);
  *rkey = GUINT32_FROM_BE (k);
  *size = GUINT32_FROM_BE (s);
}

/* rping's connection parameters: one RDMA read in flight, retries 7. */
static inline void
rping_conn_param (GVerbsConnParam *param)
{
  memset (param, 0, sizeof *param);
  param->responder_resources = 1;
  param->initiator_depth = 1;
  param->retry_count = 7;
  param->rnr_retry_count = 7;
}
