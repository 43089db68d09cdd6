# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: the MR and MW examples (pyverbs README seeds, Python and C)."""
import os
import re
import subprocess

from gverbs_testutil import device_name

EXAMPLES = os.path.join(os.path.dirname(__file__), '..', '..', 'examples')
BUILD = os.environ.get('G_TEST_BUILDDIR', '')


def run(argv):
    return subprocess.run(argv, check=True, capture_output=True, text=True, timeout=120).stdout


def python_example(name):
    return ['/usr/bin/python3', os.path.join(EXAMPLES, 'python', name + '.py'), device_name()]


def c_example(name):
    return [os.path.join(BUILD, '..', 'examples', 'gverbs-example-' + name), device_name()]


def check_mr_output(out):
    assert re.match(r'^MR length 1000 lkey 0x[0-9a-f]+ rkey 0x[0-9a-f]+\n', out), out
    assert re.search(r'lkey 0x0 ', out) is None
    assert out.endswith('read back: Hello, RDMA\n')


def check_mw_output(out):
    m = re.match(r'^MW type 1 rkey 0x([0-9a-f]+)\n$', out)
    assert m, out
    assert int(m.group(1), 16) != 0


def test_python_mr_example():
    check_mr_output(run(python_example('mr')))


def test_c_mr_example():
    check_mr_output(run(c_example('mr')))


def test_python_mw_example():
    check_mw_output(run(python_example('mw')))


def test_c_mw_example():
    check_mw_output(run(c_example('mw')))
