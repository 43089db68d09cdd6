#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs README, "Open an mlx5 provider": an Mlx5Context (opened with
mlx5dv_open_device) used as a regular Context.

The seed code below runs unchanged except for its imports and the device
name (from the command line instead of 'rocep0s8f0'):

pyverbs:    import pyverbs.providers.mlx5.mlx5dv as m
            from pyverbs.pd import PD
libgverbs:  from gi.repository import Verbs as m   and   from gi.repository.Verbs import PD

On a device that is not an mlx5 one (Soft-RoCE's rxe0) it stops at
Mlx5Context with GLib.Error NOT_SUPPORTED naming mlx5dv_open_device.

Usage: mlx5_open.py [DEVICE]   (default: $GVERBS_TEST_DEVICE)
"""
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import Verbs as m  # noqa: E402
from gi.repository.Verbs import PD  # noqa: E402

name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')

attr = m.Mlx5DVContextAttr()  # Default values are fine
ctx = m.Mlx5Context(attr=attr, name=name)
# The provider context can be used as a regular Context, e.g.:
pd = PD(ctx)  # Success
print('PD on the mlx5 context %s: handle %d' % (ctx.name, pd.handle))
