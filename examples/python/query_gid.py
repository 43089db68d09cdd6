#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""The pyverbs README's "Query GID" example, then the GID libgverbs chooses.

pyverbs:    import pyverbs.device as d
libgverbs:  from gi.repository import Verbs as d

Usage: query_gid.py [DEVICE [INDEX]]   (default: $GVERBS_TEST_DEVICE, index 0)
"""
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import Verbs as d  # noqa: E402

name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')
index = int(sys.argv[2]) if len(sys.argv) > 2 else 0

ctx = d.Context(name=name)
gid = ctx.query_gid(port_num=1, index=index)
print(gid)

# Rather than a hard-coded index: the GID policy's choice (RoCE v2, IPv4 first).
best = ctx.find_default_gid(1)
entry = ctx.query_gid_ex(1, best)
print('default GID index', best)
print(entry)
ctx.close()
