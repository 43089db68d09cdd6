# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests for arguments a script controls (issue 11): refused with a
GLib.Error naming the value, never dropped to a default."""
import subprocess
import sys

from gverbs_testutil import device_name, Verbs
from gi.repository import GLib
import pytest

RW = (Verbs.AccessFlags.LOCAL_WRITE | Verbs.AccessFlags.REMOTE_WRITE |
      Verbs.AccessFlags.REMOTE_READ)


@pytest.fixture
def pd():
    with Verbs.Context(name=device_name()) as ctx:
        with Verbs.PD(ctx) as pd:
            yield pd


def test_mr_unknown_access_bits_refused(pd):
    # was: an MR with access 0 (a peer's RDMA write then failed remotely)
    with pytest.raises(GLib.Error) as info:
        Verbs.MR(pd, 4096, int(RW) | 1 << 24)
    assert info.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT)
    assert 'bits 0x1000000' in info.value.message
    with pytest.raises(GLib.Error):
        pd.mr(4096, 1 << 31)
    with Verbs.MR(pd, 4096, RW) as mr:
        assert int(mr.access) == int(RW)


CHILD = r'''
import resource, os, sys
import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, Verbs
resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))
held = []
try:
    while True:
        held.append(os.open('/dev/null', os.O_RDONLY))
except OSError:
    pass
try:
    Verbs.Context(name=sys.argv[1])
except GLib.Error as e:
    print(e.message)
'''


def test_context_open_reports_emfile():
    name = device_name()
    with Verbs.Context(name=name):
        pass
    out = subprocess.run([sys.executable, '-c', CHILD, name], capture_output=True, text=True,
                         timeout=60)
    assert 'Too many open files (EMFILE)' in out.stdout, (out.stdout, out.stderr)
    assert 'No RDMA device' not in out.stdout
