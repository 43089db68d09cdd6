# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: the C ping-pong examples against rdma-core's ibv_rc_pingpong
and ibv_ud_pingpong (same side channel), both ways, over rxe loopback."""
import os
import subprocess
import time

import pytest

from gverbs_testutil import device_name
from gi.repository import Verbs as V

BUILD = os.environ.get('G_TEST_BUILDDIR', '')
ITERS = 50


def example(kind):
    return os.path.join(BUILD, '..', 'examples', 'gverbs-example-%s-pingpong' % kind)


def gid_index(name):
    with V.Context(name=name) as ctx:
        return ctx.find_default_gid(1)


def addr():
    a = os.environ.get('GVERBS_VM_ADDR')
    if not a:
        pytest.skip('GVERBS_VM_ADDR is not set')
    return a


def run_pair(server_argv, client_argv):
    server = subprocess.Popen(server_argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        time.sleep(0.5)  # let the server listen
        for attempt in range(5):
            client = subprocess.run(client_argv, capture_output=True, text=True, timeout=120)
            if 'onnect' not in client.stderr or client.returncode == 0:
                break
            time.sleep(1)
        sout, _ = server.communicate(timeout=120)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    return server.returncode, sout, client.returncode, client.stdout + client.stderr


def common(kind, port, size):
    name = device_name()
    return ['-d', name, '-g', str(gid_index(name)), '-n', str(ITERS), '-s', str(size),
            '-p', str(port), '-c']


@pytest.mark.parametrize('kind,size,port', [('rc', 4096, 18515), ('ud', 512, 18516)])
def test_gverbs_client_rdma_core_server(kind, size, port):
    host = addr()
    opts = common(kind, port, size)
    rc_s, out_s, rc_c, out_c = run_pair(['ibv_%s_pingpong' % kind] + opts,
                                         [example(kind)] + opts + [host])
    assert rc_c == 0, out_c
    assert rc_s == 0, out_s
    assert '%d iters in' % ITERS in out_s and '%d iters in' % ITERS in out_c
    assert 'data verified: %d messages of %d bytes' % (ITERS, size) in out_c
    assert 'remote address: LID' in out_c and 'remote address:' in out_s


@pytest.mark.parametrize('kind,size,port', [('rc', 4096, 18517), ('ud', 512, 18518)])
def test_rdma_core_client_gverbs_server(kind, size, port):
    host = addr()
    opts = common(kind, port, size)
    rc_s, out_s, rc_c, out_c = run_pair([example(kind)] + opts,
                                         ['ibv_%s_pingpong' % kind] + opts + [host])
    assert rc_s == 0, out_s
    assert rc_c == 0, out_c
    assert '%d iters in' % ITERS in out_s and '%d iters in' % ITERS in out_c
    assert 'data verified: %d messages of %d bytes' % (ITERS, size) in out_s


@pytest.mark.parametrize('kind,size,port', [('rc', 1000, 18519), ('ud', 300, 18520)])
def test_gverbs_both_sides(kind, size, port):
    host = addr()
    opts = common(kind, port, size)
    rc_s, out_s, rc_c, out_c = run_pair([example(kind)] + opts, [example(kind)] + opts + [host])
    assert rc_s == 0 and rc_c == 0, out_s + out_c
    assert 'data verified: %d messages of %d bytes' % (ITERS, size) in out_s
    assert 'data verified: %d messages of %d bytes' % (ITERS, size) in out_c


def test_bad_peer_message_is_an_error():
    """The side channel is untrusted: garbage gives an error, not a crash."""
    import socket
    host = addr()
    name = device_name()
    server = subprocess.Popen([example('rc'), '-d', name, '-p', '18521'], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    try:
        time.sleep(0.5)
        for attempt in range(10):
            try:
                s = socket.create_connection((host, 18521), timeout=10)
                break
            except OSError:
                time.sleep(0.5)
        s.sendall(b'zzzz:000011:000012:' + b'g' * 32 + b'\0')
        s.close()
        out, _ = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
    assert server.returncode == 1
    assert 'not LID:QPN:PSN:GID' in out
