/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include "gverbs-path.h"

G_BEGIN_DECLS

/* The numeric fields of a path; property id = field + 1. */
typedef enum {
  GVERBS_PATH_FIELD_PORT_NUM,
  GVERBS_PATH_FIELD_PKEY_INDEX,
  GVERBS_PATH_FIELD_PKEY,
  GVERBS_PATH_FIELD_QKEY,
  GVERBS_PATH_FIELD_MTU,
  GVERBS_PATH_FIELD_RETRY_CNT,
  GVERBS_PATH_FIELD_RNR_RETRY,
  GVERBS_PATH_FIELD_MIN_RNR_TIMER,
  GVERBS_PATH_FIELD_TIMEOUT,
  GVERBS_PATH_FIELD_SQPN,
  GVERBS_PATH_FIELD_DQPN,
  GVERBS_PATH_FIELD_SQPSN,
  GVERBS_PATH_FIELD_DQPSN,
  GVERBS_PATH_FIELD_SGID_INDEX,
  GVERBS_PATH_FIELD_SLID,
  GVERBS_PATH_FIELD_DLID,
  GVERBS_PATH_FIELD_SL,
  GVERBS_PATH_FIELD_RATE,
  GVERBS_PATH_FIELD_HOP_LIMIT,
  GVERBS_PATH_FIELD_TRAFFIC_CLASS,
  GVERBS_PATH_FIELD_FLOW_LABEL,
  GVERBS_PATH_FIELD_MAX_RD_ATOMIC,
  GVERBS_PATH_FIELD_MAX_DEST_RD_ATOMIC,
  GVERBS_PATH_N_FIELDS
} GVerbsPathField;

guint            _gverbs_path_get      (GVerbsPath      *self,
                                        GVerbsPathField  field);
const GVerbsGid *_gverbs_path_peek_gid (GVerbsPath      *self,
                                        gboolean         dest);

G_END_DECLS
