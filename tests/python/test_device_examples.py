# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: the examples run against the device under test."""
import os
import subprocess

from gverbs_testutil import device_name, devinfo

EXAMPLES = os.path.join(os.path.dirname(__file__), '..', '..', 'examples')
BUILD = os.environ.get('G_TEST_BUILDDIR', '')


def run(argv):
    return subprocess.run(argv, check=True, capture_output=True, text=True, timeout=120).stdout


def check_devinfo_output(out, name):
    info = devinfo(name)
    assert out.startswith('Device ' + name)
    assert 'FW version            : ' + info['fw_ver'] in out
    assert 'Port 1' in out
    assert 'Port state              : Active (4)' in out
    assert 'Link layer              : Ethernet' in out


def test_python_devinfo_example():
    name = device_name()
    out = run(['/usr/bin/python3', os.path.join(EXAMPLES, 'python', 'devinfo.py'), name])
    check_devinfo_output(out, name)


def test_c_devinfo_example():
    name = device_name()
    exe = os.path.join(BUILD, '..', 'examples', 'gverbs-example-devinfo')
    check_devinfo_output(run([exe, name]), name)


def test_gjs_devinfo_example():
    name = device_name()
    check_devinfo_output(run(['gjs', os.path.join(EXAMPLES, 'js', 'devinfo.js'), name]), name)


def test_vala_devinfo_example():
    name = device_name()
    exe = os.path.join(BUILD, '..', 'examples', 'gverbs-example-devinfo-vala')
    out = run([exe, name])
    assert out.startswith('Device ' + name)
    assert 'Max QP                : ' in out


def test_python_cmid_sync_example():
    device_name()
    addr = os.environ.get('GVERBS_VM_ADDR')
    if not addr:
        import pytest
        pytest.skip('GVERBS_VM_ADDR is not set')
    out = run(['/usr/bin/python3', os.path.join(EXAMPLES, 'python', 'cmid_sync.py'), addr, '7590'])
    assert 'active side connected from %s to %s:7590' % (addr, addr) in out
    assert "passive side received 'hello from the active side' (status success)" in out
    assert "passive side got a request from %s" % addr in out
    assert "active side sent 'hello from the active side' (status success)" in out


def test_c_getting_started_example():
    """The program docs/getting-started.md walks through."""
    import re
    name = device_name()
    exe = os.path.join(BUILD, '..', 'examples', 'gverbs-example-getting-started')
    lines = run([exe, name]).splitlines()
    assert lines[0] == 'opened ' + name
    assert re.fullmatch(r'QP 0x[0-9a-f]+ and QP 0x[0-9a-f]+ connected', lines[1]), lines
    completions = sorted(l for l in lines if l.startswith('completion: '))
    assert completions == ['completion: wr_id 1, success', 'completion: wr_id 2, success',
                           'completion: wr_id 3, success'], lines
    assert lines[-2:] == ['received: Hello from the sending QP', 'written: Written by RDMA WRITE']
