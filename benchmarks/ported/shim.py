#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""Runs one loop of benchmarks/ported/ on pyverbs or on libgverbs.

  shim.py pyverbs|gverbs LOOP.py N [--mark]

The loop sources are pyverbs code, unchanged: they import pyverbs.device,
pyverbs.pd, ... With 'gverbs' this shim first points those module names at
gi.repository.Verbs (the override, which offers pyverbs' names and
signatures), which is all a user porting code changes: the imports. Each loop
prints one JSON line {"loop", "n", "usec_per_op"}.
"""
import os
import runpy
import sys

MODULES = ('device', 'pd', 'cq', 'mr', 'qp', 'addr', 'wr', 'srq', 'enums', 'cmid',
           'cm_enums', 'libibverbs_enums', 'librdmacm_enums')

impl, loop = sys.argv[1], sys.argv[2]
if impl == 'gverbs':
    import types
    import gi
    gi.require_version('Verbs', '1.0')
    from gi.repository import Verbs
    pkg = types.ModuleType('pyverbs')
    pkg.__path__ = []
    sys.modules['pyverbs'] = pkg
    for name in MODULES:
        sys.modules['pyverbs.' + name] = Verbs
        setattr(pkg, name, Verbs)
elif impl != 'pyverbs':
    raise SystemExit('usage: shim.py pyverbs|gverbs LOOP.py N')
sys.argv = [loop] + sys.argv[3:]
sys.path.insert(0, os.path.dirname(os.path.abspath(loop)))
runpy.run_path(loop, run_name='__main__')
