# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device test: examples/python/file_transfer.py moves a few-MB file over RC
on GLib.MainLoop and the received bytes and SHA-256 match."""
import hashlib
import os
import subprocess

from gverbs_testutil import device_name

EXAMPLES = os.path.join(os.path.dirname(__file__), '..', '..', 'examples')


def test_file_transfer(tmp_path):
    name = device_name()
    src = tmp_path / 'in.bin'
    dst = tmp_path / 'out.bin'
    data = os.urandom(3 * 1024 * 1024 + 12345)   # not a multiple of the chunk
    src.write_bytes(data)
    out = subprocess.run(['/usr/bin/python3', os.path.join(EXAMPLES, 'python', 'file_transfer.py'),
                          '-d', name, '-o', str(dst), str(src)],
                         capture_output=True, text=True, timeout=280)
    assert out.returncode == 0, out.stdout + out.stderr
    digest = hashlib.sha256(data).hexdigest()
    assert 'SHA-256 received %s' % digest in out.stdout
    assert 'digests match' in out.stdout
    assert 'sent %d bytes' % len(data) in out.stdout
    assert dst.read_bytes() == data
