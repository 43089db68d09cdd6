/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <gverbs.h>

G_BEGIN_DECLS

/* The device under test ($GVERBS_TEST_DEVICE, rxe0 in the VM). A device test
 * run without one is skipped by gverbs_test_open_context(), and the VM suite
 * counts any skip as a failure. */
const char    *gverbs_test_device_name  (void);
GVerbsContext *gverbs_test_open_context (void);

/* `ibv_devinfo -v -d NAME`: the device section (before the first port) as
 * field -> value, and each port's section as "port1/field" -> value. */
GHashTable    *gverbs_test_devinfo      (const char *name);

/* `rdma resource show KIND` (pd, mr, cq, qp, cm_id …) for this process only:
 * one GHashTable (field -> value text, "dev" included) per object. */
GPtrArray     *gverbs_test_rdma_resources (const char *kind);

/* Parses ibv_devinfo's numbers: decimal, 0x hex, or "TEXT (N)". */
gint64         gverbs_test_parse_number (const char *text);

G_END_DECLS
