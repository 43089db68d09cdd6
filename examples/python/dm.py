#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs' "Device memory" example. A device without device memory
(max_dm_size 0, as on Soft-RoCE) allocates nothing.

pyverbs:    from pyverbs.device import DM, AllocDmAttr
            import pyverbs.device as d
libgverbs:  the imports below

Usage: dm.py [DEVICE]   Needs Context.query_device_ex() (context extensions).
"""
import os
import random
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository.Verbs import DM, AllocDmAttr  # noqa: E402
from gi.repository import Verbs as d  # noqa: E402

with d.Context(name=sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')) as ctx:
    attr = ctx.query_device_ex()
    if attr.max_dm_size != 0:
        dm_len = random.randint(4, attr.max_dm_size)
        dm_attrs = AllocDmAttr(dm_len)
        dm = DM(ctx, dm_attrs)
