# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: the pyverbs README flow steering examples, imports changed only."""
import os
import subprocess

from gverbs_testutil import device_name, Verbs as V

EXAMPLES = os.path.join(os.path.dirname(__file__), '..', '..', 'examples', 'python')

SEED_OUTPUT = '''\
Spec type       : IBV_FLOW_SPEC_INNER IBV_FLOW_SPEC_ETH
Size            : 40
Src mac         : ab:cd:ef:ab:cd:ef    mask: ff:ff:ff:ff:ff:ff
Dst mac         : de:de:de:00:de:de    mask: ff:ff:ff:ff:ff:ff
Ether type      : 8451                 mask: 65535
Vlan tag        : 8961                 mask: 65535
'''


def run(example):
    return subprocess.run(['/usr/bin/python3', os.path.join(EXAMPLES, example), device_name()],
                          capture_output=True, text=True, timeout=120)


def test_spec_printing_example_prints_the_seed_output():
    r = run('flow_spec.py')
    assert r.returncode == 0, r.stderr
    assert r.stdout == SEED_OUTPUT + '\n'


def test_flow_example_passes_or_stops_not_supported():
    with V.Context(name=device_name()) as ctx:
        steering = bool(int(ctx.query_device().device_cap_flags) &
                        int(V.IBV_DEVICE_MANAGED_FLOW_STEERING))
    r = run('flow.py')
    if steering:
        assert r.returncode == 0, r.stderr
        assert r.stdout.startswith('flow on QP ')
        return
    # rxe: the seed stops at Flow(), with the clean not-supported error
    assert r.returncode == 1, r.stderr
    assert r.stdout == ''
    last = r.stderr.strip().splitlines()[-1]
    assert ('gverbs-error-quark: ibv_create_flow on %s: Operation not supported (EOPNOTSUPP)'
            % device_name()) in last, last
    assert 'flow = Flow(qp, flow_attr)' in r.stderr
