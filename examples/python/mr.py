#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs README, "MR": register a memory region of 1000 bytes.

The seed code below runs unchanged except for its imports (and the device
name, taken from the command line instead of 'mlx5_0'):

pyverbs:    import pyverbs.device as d      libgverbs:  from gi.repository import Verbs as d
            from pyverbs.pd import PD                   from gi.repository.Verbs import PD
            from pyverbs.mr import MR                   from gi.repository.Verbs import MR
            import pyverbs.enums as e                   from gi.repository import Verbs as e

Usage: mr.py [DEVICE]   (default: $GVERBS_TEST_DEVICE)
"""
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import Verbs as d  # noqa: E402
from gi.repository.Verbs import PD  # noqa: E402
from gi.repository.Verbs import MR  # noqa: E402
from gi.repository import Verbs as e  # noqa: E402

name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')

with d.Context(name=name) as ctx:
    with PD(ctx) as pd:
        mr_len = 1000
        flags = e.IBV_ACCESS_LOCAL_WRITE
        mr = MR(pd, mr_len, flags)
        # beyond the seed: use it
        mr.write('Hello, RDMA', 11, mr_len - 11)
        print('MR length %d lkey 0x%x rkey 0x%x' % (mr.length, mr.lkey, mr.rkey))
        print('read back: %s' % mr.read(11, mr_len - 11).decode())
