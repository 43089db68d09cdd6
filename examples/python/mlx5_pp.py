#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs README, "MLX5 PP": a packet pacing entry with rate limit 5 on a
DevX context, then freed.

pyverbs:    from pyverbs.providers.mlx5.mlx5dv import Mlx5Context, Mlx5DVContextAttr, Mlx5PP
            import pyverbs.providers.mlx5.mlx5_enums as e
libgverbs:  the same names from gi.repository.Verbs; e is gi.repository.Verbs

On a device that is not an mlx5 one (rxe0) it stops at Mlx5Context with
GLib.Error NOT_SUPPORTED naming mlx5dv_open_device.

Usage: mlx5_pp.py [DEVICE]   (default: $GVERBS_TEST_DEVICE)
"""
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository.Verbs import Mlx5Context, Mlx5DVContextAttr, Mlx5PP  # noqa: E402
from gi.repository import Verbs as e  # noqa: E402

name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')

# The device must be opened as DEVX context
mlx5dv_attr = Mlx5DVContextAttr(e.MLX5DV_CONTEXT_FLAGS_DEVX)
ctx = Mlx5Context(attr=mlx5dv_attr, name=name)
rate_limit_inbox = (5).to_bytes(length=4, byteorder='big', signed=True)
pp = Mlx5PP(ctx, rate_limit_inbox)
pp.close()
