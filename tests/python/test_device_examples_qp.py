# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: the pyverbs README QP example, imports changed only."""
import os
import re
import subprocess

from gverbs_testutil import device_name

EXAMPLES = os.path.join(os.path.dirname(__file__), '..', '..', 'examples')


def test_python_qp_example():
    out = subprocess.run(['/usr/bin/python3', os.path.join(EXAMPLES, 'python', 'qp.py'),
                          device_name()], check=True, capture_output=True, text=True,
                         timeout=120).stdout
    m = re.match(r'^UD QP 0x([0-9a-f]+) state RTS\n'
                 r'send completion: wr_id 0 status success opcode send qp 0x([0-9a-f]+)\n$', out)
    assert m, out
    assert m.group(1) == m.group(2)


QP_EX_OUTPUT = (r'^QPEx 0x([0-9a-f]+): UD, PD from QPInitAttrEx, state RESET\n'
                r'moved to RTS\n'
                r'wr_send without send_ops_flags: refused \(NOT_SUPPORTED\)\n'
                r'sender QPEx 0x([0-9a-f]+): state RTS, send_ops_flags SEND\n'
                r'send completion: wr_id 7 status success opcode send qp 0x([0-9a-f]+)\n'
                r'recv completion: wr_id 1 status success opcode recv qp 0x([0-9a-f]+) '
                r'src_qp 0x([0-9a-f]+) byte_len 75\n'
                r'received: Hello through the extended send API\n$')


def check_qp_ex_output(out):
    m = re.match(QP_EX_OUTPUT, out)
    assert m, out
    receiver, sender = m.group(1), m.group(2)
    assert receiver != sender
    assert m.group(3) == sender and m.group(4) == receiver and m.group(5) == sender


def test_python_qp_ex_example():
    """The seed's Extended QP, then a UD send through the extended API, bytes checked."""
    out = subprocess.run(['/usr/bin/python3', os.path.join(EXAMPLES, 'python', 'qp_ex.py'),
                          device_name()], check=True, capture_output=True, text=True,
                         timeout=120).stdout
    check_qp_ex_output(out)


def test_c_qp_ex_example():
    build = os.path.join(os.environ.get('G_TEST_BUILDDIR', ''), '..', 'examples')
    out = subprocess.run([os.path.join(build, 'gverbs-example-qp-ex'), device_name()],
                         check=True, capture_output=True, text=True, timeout=120).stdout
    check_qp_ex_output(out)
