#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs README, "MLX5 VAR": allocate an mlx5dv_var, map it through the
context's command fd, unmap and free it.

pyverbs:    from pyverbs.providers.mlx5.mlx5dv import Mlx5VAR
            from pyverbs.device import Context
libgverbs:  from gi.repository.Verbs import Mlx5VAR, Context

On a device that is not an mlx5 one (rxe0) it stops at Mlx5VAR with
GLib.Error NOT_SUPPORTED naming mlx5dv_alloc_var.

Usage: mlx5_var.py [DEVICE]   (default: $GVERBS_TEST_DEVICE)
"""
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository.Verbs import Mlx5VAR  # noqa: E402
from gi.repository.Verbs import Context  # noqa: E402
import mmap  # noqa: E402

name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')

ctx = Context(name=name)
var = Mlx5VAR(ctx)
var_map = mmap.mmap(fileno=ctx.cmd_fd, length=var.length, offset=var.mmap_off)
# There is no munmap method in mmap Python module, but by closing the mmap
# instance the memory is unmapped.
var_map.close()
var.close()
