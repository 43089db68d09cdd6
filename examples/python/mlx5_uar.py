#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs README, "MLX5 UAR": allocate and free an mlx5dv_devx_uar.

pyverbs:    from pyverbs.providers.mlx5.mlx5dv import Mlx5UAR
            from pyverbs.device import Context
libgverbs:  from gi.repository.Verbs import Mlx5UAR, Context

On a device that is not an mlx5 one (rxe0) it stops at Mlx5UAR with
GLib.Error NOT_SUPPORTED naming mlx5dv_devx_alloc_uar.

Usage: mlx5_uar.py [DEVICE]   (default: $GVERBS_TEST_DEVICE)
"""
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository.Verbs import Mlx5UAR  # noqa: E402
from gi.repository.Verbs import Context  # noqa: E402

name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')

ctx = Context(name=name)
uar = Mlx5UAR(ctx)
uar.close()
