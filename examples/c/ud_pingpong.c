/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "pingpong.h"

/* rdma-core ibv_ud_pingpong compatible ping-pong over a UD queue pair. */
int
main (int argc, char **argv)
{
  return pp_main (argc, argv, GVERBS_QPT_UD);
}
