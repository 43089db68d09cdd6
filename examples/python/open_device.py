#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs README, "Open an IB device", "Query a device", "Query port" and
"Extended query device", with only the imports changed (and the device name
taken from the command line instead of 'mlx5_0'):

pyverbs:    import pyverbs.device as d      libgverbs:  from gi.repository import Verbs as d

Usage: open_device.py [DEVICE]   (default: $GVERBS_TEST_DEVICE)
"""
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import Verbs as d  # noqa: E402

name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')

# Open an IB device
ctx = d.Context(name=name)

# Query a device
attr = ctx.query_device()
print(attr)

# Query port
port_attr = ctx.query_port(1)
print(port_attr)

# Extended query device
attr = ctx.query_device_ex()
print('max_dm_size', attr.max_dm_size)
print('max_rwq_indirection_table_size', attr.rss_caps.max_rwq_indirection_table_size)
