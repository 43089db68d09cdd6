# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: the pyverbs README SRQ example, imports changed only."""
import os
import subprocess

from gverbs_testutil import device_name

EXAMPLES = os.path.join(os.path.dirname(__file__), '..', '..', 'examples')


def test_python_srq_example_fails_cleanly():
    # the seed makes an XRC SRQ: on rxe the XRC domain it needs is refused
    # first, with a GLib.Error (no crash, no abort)
    r = subprocess.run(['/usr/bin/python3', os.path.join(EXAMPLES, 'python', 'srq.py'),
                        device_name()], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stderr
    assert r.stdout == ''
    last = r.stderr.strip().splitlines()[-1]
    assert last == ('gi.repository.GLib.GError: gverbs-error-quark: ibv_open_xrcd on %s: '
                    'Operation not supported (EOPNOTSUPP) (7)' % device_name()) or \
        ('ibv_open_xrcd on %s: Operation not supported (EOPNOTSUPP)' % device_name()) in last, last
    assert 'xrcd = XRCD(ctx, init)' in r.stderr
