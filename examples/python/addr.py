#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs' "Addressing related objects" example: GlobalRoute, AHAttr and a global AH.

pyverbs:    from pyverbs.addr import GlobalRoute, AHAttr, AH
            import pyverbs.device as d
            from pyverbs.pd import PD
libgverbs:  the imports below

Usage: addr.py [DEVICE]   (default: $GVERBS_TEST_DEVICE, else the first device)
Needs Context.query_gid() (libgverbs' context extensions).
"""
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository.Verbs import GlobalRoute, AHAttr, AH  # noqa: E402
from gi.repository import Verbs as d  # noqa: E402
from gi.repository.Verbs import PD  # noqa: E402

name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')
with d.Context(name=name) as ctx:
    port_number = 1
    gid_index = 0  # GID index 0 always exists and valid
    gid = ctx.query_gid(port_number, gid_index)
    gr = GlobalRoute(dgid=gid, sgid_index=gid_index)
    ah_attr = AHAttr(gr=gr, is_global=1, port_num=port_number)
    print(ah_attr)
    with PD(ctx) as pd:
        ah = AH(pd, attr=ah_attr)
