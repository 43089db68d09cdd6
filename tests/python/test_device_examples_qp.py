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
