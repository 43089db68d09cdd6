#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs README, "PD", with only the imports changed (and the device name
taken from the command line instead of 'mlx5_0'):

pyverbs:    import pyverbs.device as d      libgverbs:  from gi.repository import Verbs as d
            from pyverbs.pd import PD                   from gi.repository.Verbs import PD

Usage: pd.py [DEVICE]   (default: $GVERBS_TEST_DEVICE)
"""
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import Verbs as d  # noqa: E402
from gi.repository.Verbs import PD  # noqa: E402

name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')

with d.Context(name=name) as ctx:
    pd = PD(ctx)
    # beyond the seed: show it
    print('PD handle %d on %s' % (pd.handle, ctx.name))
print('closed with its context:', pd.closed)
