#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs README, "Memory window": allocate a type 1 memory window.

The seed code below runs unchanged except for its imports (and the device
name, taken from the command line instead of 'mlx5_0'):

pyverbs:    import pyverbs.device as d      libgverbs:  from gi.repository import Verbs as d
            from pyverbs.pd import PD                   from gi.repository.Verbs import PD
            from pyverbs.mr import MW                   from gi.repository.Verbs import MW
            import pyverbs.enums as e                   from gi.repository import Verbs as e

Usage: mw.py [DEVICE]   (default: $GVERBS_TEST_DEVICE)
"""
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import Verbs as d  # noqa: E402
from gi.repository.Verbs import PD  # noqa: E402
from gi.repository.Verbs import MW  # noqa: E402
from gi.repository import Verbs as e  # noqa: E402

name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')

with d.Context(name=name) as ctx:
    with PD(ctx) as pd:
        mw = MW(pd, e.IBV_MW_TYPE_1)
        # beyond the seed: show it
        print('MW type %d rkey 0x%x' % (int(mw.type), mw.rkey))
