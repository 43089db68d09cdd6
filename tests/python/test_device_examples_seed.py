# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: the pyverbs README's device, PD and import examples run with
only their imports changed; a GJS PD/MR example."""
import os
import subprocess

from gverbs_testutil import device_name, devinfo, parse_number

EXAMPLES = os.path.join(os.path.dirname(__file__), '..', '..', 'examples')
BUILD = os.path.join(os.environ.get('G_TEST_BUILDDIR', ''), '..', 'examples')


def run(argv, check=True):
    return subprocess.run(argv, check=check, capture_output=True, text=True, timeout=120)


def test_open_query_device_port_and_ex():
    name = device_name()
    info = devinfo(name)
    out = run(['/usr/bin/python3', os.path.join(EXAMPLES, 'python', 'open_device.py'), name]).stdout
    assert 'FW version            : ' + info['fw_ver'] in out
    assert 'Max QP                : %d' % parse_number(info['max_qp']) in out
    assert 'Port state              : Active (4)' in out
    assert 'Active MTU              : %s' % info['port1/active_mtu'] in out
    # rxe has no device memory and no RSS indirection tables
    assert 'max_dm_size 0\n' in out
    assert 'max_rwq_indirection_table_size 0\n' in out


def test_pd_example():
    name = device_name()
    out = run(['/usr/bin/python3', os.path.join(EXAMPLES, 'python', 'pd.py'), name]).stdout
    assert out.startswith('PD handle ')
    assert (' on %s\n' % name) in out
    assert out.endswith('closed with its context: True\n')


def test_import_example_stops_cleanly_on_rxe():
    name = device_name()
    r = run(['/usr/bin/python3', os.path.join(EXAMPLES, 'python', 'import_objects.py'), name],
            check=False)
    # Soft-RoCE cannot import a device: a clean GLib.Error, not a crash
    assert r.returncode == 1, r.stderr
    assert 'gi.repository.GLib.GError: gverbs-error-quark: ibv_import_device on ' in r.stderr
    assert '(EOPNOTSUPP)' in r.stderr
    assert '(3)' in r.stderr  # GVERBS_ERROR_NOT_SUPPORTED


def test_gjs_pd_mr_example():
    name = device_name()
    out = run(['gjs', os.path.join(EXAMPLES, 'js', 'pd_mr.js'), name]).stdout.splitlines()
    assert out[0].startswith('PD handle ') and out[0].endswith(' on ' + name)
    assert out[1].startswith('MR length 4096 lkey 0x')
    assert out[2] == 'read back: Hello from GJS'
    assert out[3] == 'closed with its context: true true'


def test_c_pd_example():
    name = device_name()
    out = run([os.path.join(BUILD, 'gverbs-example-pd'), name]).stdout
    assert out.startswith('PD handle ') and (' on %s\n' % name) in out
    assert out.endswith('closed with its context: yes\n')


def test_c_query_device_ex_example():
    out = run([os.path.join(BUILD, 'gverbs-example-query-device-ex'), device_name()]).stdout
    # rxe has no device memory and no RSS indirection tables
    assert out == 'max_dm_size 0\nmax_rwq_indirection_table_size 0\n'


def test_c_import_example_stops_cleanly_on_rxe():
    r = run([os.path.join(BUILD, 'gverbs-example-import'), device_name()], check=False)
    assert r.returncode == 1, r.stderr
    assert r.stderr.startswith('import: ibv_import_device on ')
    assert '(EOPNOTSUPP)' in r.stderr
