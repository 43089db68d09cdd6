#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""Open an RDMA device and print its device and port attributes as pyverbs does.

pyverbs:    import pyverbs.device as d
libgverbs:  from gi.repository import Verbs as d

Usage: devinfo.py [DEVICE]   (default: $GVERBS_TEST_DEVICE, else the first device)
"""
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import Verbs as d  # noqa: E402

name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')
with d.Context(name=name) as ctx:
    attr = ctx.query_device()
    print('Device', ctx.name)
    print(attr)
    for port in range(1, attr.phys_port_cnt + 1):
        print('Port', port)
        print(ctx.query_port(port))
