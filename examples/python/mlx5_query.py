#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs README, "Query an mlx5 provider": mlx5dv_query_device on an
Mlx5Context, printed in pyverbs' layout.

pyverbs:    import pyverbs.providers.mlx5.mlx5dv as m
libgverbs:  from gi.repository import Verbs as m

On a device that is not an mlx5 one (rxe0) it stops at Mlx5Context with
GLib.Error NOT_SUPPORTED naming mlx5dv_open_device.

Usage: mlx5_query.py [DEVICE]   (default: $GVERBS_TEST_DEVICE)
"""
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import Verbs as m  # noqa: E402

name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')

ctx = m.Mlx5Context(attr=m.Mlx5DVContextAttr(), name=name)
mlx5_attrs = ctx.query_mlx5_device()
print(mlx5_attrs)
