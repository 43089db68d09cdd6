# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: the pyverbs README's mlx5 examples (examples/python/mlx5_*.py)
run with only their imports changed. On a device that is not an mlx5 one
(rxe0) each stops with the clean GLib.Error NOT_SUPPORTED naming the
mlx5dv_* call and the device, never on a missing name; on an mlx5 device
each runs to its end."""
import os
import subprocess

from gverbs_testutil import device_name, Verbs
import pytest

EXAMPLES = os.path.join(os.path.dirname(__file__), '..', '..', 'examples', 'python')

# example -> the rdma-core call it stops at on a device that is not an mlx5 one
STOPS_AT = {
    'mlx5_open.py': 'mlx5dv_open_device',
    'mlx5_query.py': 'mlx5dv_open_device',
    'mlx5_qp.py': 'mlx5dv_open_device',
    'mlx5_cq.py': 'mlx5dv_open_device',
    'mlx5_pp.py': 'mlx5dv_open_device',
    'mlx5_var.py': 'mlx5dv_alloc_var',
    'mlx5_uar.py': 'mlx5dv_devx_alloc_uar',
}


@pytest.mark.parametrize('example', sorted(STOPS_AT))
def test_mlx5_example(example):
    name = device_name()
    r = subprocess.run(['/usr/bin/python3', os.path.join(EXAMPLES, example), name],
                       capture_output=True, text=True, timeout=120)
    for missing in ('AttributeError', 'ImportError', 'NameError', 'TypeError'):
        assert missing not in r.stderr, r.stderr
    if Verbs.is_mlx5dv_supported(name):
        assert r.returncode == 0, r.stderr
        if example == 'mlx5_query.py':
            assert r.stdout.startswith('Version')
        return
    assert r.returncode == 1
    last = r.stderr.strip().splitlines()[-1]
    assert last.startswith('gi.repository.GLib.GError: gverbs-error-quark: '), last
    assert '%s on %s: Operation not supported (EOPNOTSUPP)' % (STOPS_AT[example], name) in last
    assert last.endswith('(%d)' % int(Verbs.Error.NOT_SUPPORTED)), last
