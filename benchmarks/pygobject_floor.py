#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""What one PyGObject step costs, beside pyverbs' whole operation.

The ported-code rows (benchmarks/ported/) that miss pyverbs' time are made
of such steps: a call into C, a GObject made and dropped, a property read.
This times each step alone (timeit, best of 5), the same steps right after
a system call (a port query), and, for comparison, the pyverbs operations
of the query and construction rows, in one process on the device. Run it in the VM:

  tests/vm/run-in-vm -- env GI_TYPELIB_PATH=$PWD/_build/introspection \\
      LD_LIBRARY_PATH=$PWD/_build/libgverbs PYTHONPATH=$PWD/introspection/python \\
      /usr/bin/python3 benchmarks/pygobject_floor.py

Prints a Markdown table, microseconds per step.
"""
import os
import sys
import timeit

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GObject, Verbs   # noqa: E402
import pyverbs.device                        # noqa: E402
import pyverbs.enums as e                    # noqa: E402
import pyverbs.mr                            # noqa: E402
import pyverbs.pd                            # noqa: E402

DEV = os.environ.get('GVERBS_TEST_DEVICE', 'rxe0')
N = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
ACCESS = e.IBV_ACCESS_LOCAL_WRITE

ctx, py_ctx = Verbs.Context(name=DEV), pyverbs.device.Context(name=DEV)
pd, py_pd = Verbs.PD(ctx), pyverbs.pd.PD(py_ctx)
mr = Verbs.MR(pd, 4096, Verbs.AccessFlags.LOCAL_WRITE)
port, py_port = ctx.query_port(1), py_ctx.query_port(1)
qp_attr, wc = Verbs.QPAttr.new(), Verbs.WC.new()

STEPS = (
    ('PyGObject steps', None),
    ('call into C, no argument, int result: `mr.get_lkey()`', 'mr.get_lkey()'),
    ('property read: `port.get_property("lid")`', 'port.get_property("lid")'),
    ('property read through the override: `port.lid`', 'port.lid'),
    ('property write: `qp_attr.set_property("timeout", 14)`',
     'qp_attr.set_property("timeout", 14)'),
    ('C setter call: `qp_attr.set_timeout(14)`', 'qp_attr.set_timeout(14)'),
    ('field write through the override: `qp_attr.timeout = 14`', 'qp_attr.timeout = 14'),
    ('GObject made and dropped: `GObject.Object()`', 'GObject.Object()'),
    ('libgverbs GObject made and dropped: `Verbs.QPAttr.new()`', 'Verbs.QPAttr.new()'),
    ('boxed struct made and dropped: `Verbs.WC.new()`', 'Verbs.WC.new()'),
    ('boxed field read: `wc.wr_id`', 'wc.wr_id'),
    ('libgverbs operations', None),
    ('`ctx.query_port(1)`', 'ctx.query_port(1)'),
    ('`ctx.query_port(1).state`', 'ctx.query_port(1).state'),
    ('`ctx.query_port(1)`, then `port.lid` of another PortAttr', 'ctx.query_port(1); port.lid'),
    ('`ctx.query_port(1)`, then `mr.get_lkey()`', 'ctx.query_port(1); mr.get_lkey()'),
    ('`Verbs.MR(pd, 4096, ...)` + `close()`',
     'Verbs.MR(pd, 4096, Verbs.AccessFlags.LOCAL_WRITE).close()'),
    ('pyverbs operations', None),
    ('`ctx.query_port(1)`', 'py_ctx.query_port(1)'),
    ('`ctx.query_port(1).state`', 'py_ctx.query_port(1).state'),
    ('`ctx.query_port(1)`, then `port.lid` of another PortAttr',
     'py_ctx.query_port(1); py_port.lid'),
    ('`MR(pd, 4096, ...)` + `close()`', 'pyverbs.mr.MR(py_pd, 4096, ACCESS).close()'),
)


def main():
    print('| step | µs |')
    print('|---|---:|')
    for label, stmt in STEPS:
        if stmt is None:
            print('| *%s* | |' % label)
            continue
        n = N // 10 if 'MR(' in stmt else N
        best = min(timeit.repeat(stmt, globals=globals(), number=n, repeat=5)) / n
        print('| %s | %.2f |' % (label, best * 1e6))
    mr.close()
    pd.close()
    ctx.close()


if __name__ == '__main__':
    main()
