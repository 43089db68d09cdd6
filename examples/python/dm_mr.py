#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs' "DM MR" example. A device without device memory (max_dm_size 0,
as on Soft-RoCE) registers nothing.

pyverbs:    from pyverbs.device import DM, AllocDmAttr
            from pyverbs.mr import DMMR
            import pyverbs.device as d
            from pyverbs.pd import PD
            import pyverbs.enums as e
libgverbs:  the imports below

Usage: dm_mr.py [DEVICE]   Needs Context.query_device_ex() (context extensions).
"""
import os
import random
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository.Verbs import DM, AllocDmAttr  # noqa: E402
from gi.repository.Verbs import DMMR  # noqa: E402
from gi.repository import Verbs as d  # noqa: E402
from gi.repository.Verbs import PD  # noqa: E402
from gi.repository import Verbs as e  # noqa: E402

with d.Context(name=sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')) as ctx:
    attr = ctx.query_device_ex()
    if attr.max_dm_size != 0:
        dm_len = random.randint(4, attr.max_dm_size)
        dm_attrs = AllocDmAttr(dm_len)
        dm_mr_len = random.randint(4, dm_len)
        with DM(ctx, dm_attrs) as dm:
            with PD(ctx) as pd:
                dm_mr = DMMR(pd, dm_mr_len, e.IBV_ACCESS_ZERO_BASED, dm=dm,
                             offset=0)
