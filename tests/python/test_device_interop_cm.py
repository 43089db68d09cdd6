# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: rdma_cm interoperability with rdma-core's own tools, both
directions, over rxe loopback at $GVERBS_VM_ADDR: rping (SEND of buffer
advertisements, RDMA READ and RDMA WRITE) and rdma_server/rdma_client
(16-byte send/receive on rdma_create_ep) and udaddy (datagrams with
immediate data on RDMA_PS_UDP)."""
import os
import re
import subprocess
import time

import pytest

from gverbs_testutil import device_name

BUILD = os.path.join(os.environ.get('G_TEST_BUILDDIR', ''), '..', 'examples')


def vm_addr():
    device_name()
    addr = os.environ.get('GVERBS_VM_ADDR')
    if not addr:
        pytest.skip('GVERBS_VM_ADDR is not set')
    return addr


def example(name):
    return os.path.join(BUILD, 'gverbs-example-' + name)


def run_client(argv, server, attempts=20):
    """Runs a client, retrying while it fails before reaching the server
    (not listening yet, or address/route resolution timing out under TCG).
    A client that still fails ends the server and the test with its stderr."""
    for _ in range(attempts):
        r = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        if r.returncode == 0 or server.poll() is not None:
            break
        time.sleep(0.5)
    if r.returncode != 0:
        server.kill()
        server.wait()
        pytest.fail('%s failed: %s%s' % (argv[0], r.stdout, r.stderr))
    return r


def start_server(argv):
    return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(server):
    try:
        out, err = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    return server.returncode, out, err


def rping_data(n):
    """What rping's client puts in its start buffer for ping n (64 bytes)."""
    text = 'rdma-ping-%d: ' % n
    c = 65 + n % 58
    out = []
    for _ in range(len(text), 63):
        out.append(chr(c))
        c = 65 if c == 122 else c + 1
    return text + ''.join(out)


def test_gverbs_rping_client_against_rping_server():
    addr, port = vm_addr(), 7510
    server = start_server(['rping', '-s', '-a', addr, '-p', str(port), '-C', '3', '-v'])
    time.sleep(1)
    r = run_client([example('rping-client'), addr, str(port), '3'], server)
    code, out, err = finish(server)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ['ping data: ' + rping_data(n) for n in range(3)]
    assert code == 0, err
    assert [l for l in out.splitlines() if l.startswith('server ping data')] == \
        ['server ping data: ' + rping_data(n) for n in range(3)]


def test_rping_client_against_gverbs_rping_server():
    addr, port = vm_addr(), 7511
    server = start_server([example('rping-server'), addr, str(port), '3'])
    assert server.stdout.readline() == 'listening on %s:%d\n' % (addr, port)
    r = subprocess.run(['rping', '-c', '-a', addr, '-p', str(port), '-C', '3', '-v', '-V'],
                       capture_output=True, text=True, timeout=60)
    code, out, err = finish(server)
    assert code == 0, err
    assert out.splitlines() == ['server ping data: ' + rping_data(n) for n in range(3)]
    # -V: rping compared its start and rdma buffers after every ping
    assert r.returncode == 0, r.stdout + r.stderr
    assert [l for l in r.stdout.splitlines() if l.startswith('ping data')] == \
        ['ping data: ' + rping_data(n) for n in range(3)]


def test_gverbs_rdma_client_against_rdma_server():
    addr, port = vm_addr(), 7512
    server = start_server(['rdma_server', '-s', addr, '-p', str(port)])
    time.sleep(1)
    r = run_client([example('rdma-client'), addr, str(port)], server)
    code, out, err = finish(server)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ['sent ' + b'gverbs client!!\0'.hex(),
                                     'received ' + '00' * 16]
    assert code == 0, out + err
    assert 'rdma_server: end 0' in out


def test_rdma_client_against_gverbs_rdma_server():
    addr, port = vm_addr(), 7513
    server = start_server([example('rdma-server'), addr, str(port)])
    assert server.stdout.readline() == 'listening\n'
    r = subprocess.run(['rdma_client', '-s', addr, '-p', str(port)], capture_output=True,
                       text=True, timeout=60)
    code, out, err = finish(server)
    assert r.returncode == 0, r.stdout + r.stderr
    assert 'rdma_client: end 0' in r.stdout
    assert code == 0, err
    assert out.splitlines() == ['received ' + '00' * 16, 'sent ' + b'gverbs server!!\0'.hex()]


def test_gverbs_rdma_client_against_gverbs_rdma_server():
    addr, port = vm_addr(), 7514
    server = start_server([example('rdma-server'), addr, str(port)])
    assert server.stdout.readline() == 'listening\n'
    r = run_client([example('rdma-client'), addr, str(port)], server)
    code, out, err = finish(server)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[1] == 'received ' + b'gverbs server!!\0'.hex()
    assert out.splitlines()[0] == 'received ' + b'gverbs client!!\0'.hex()
    assert code == 0, err


# udaddy: datagrams on RDMA_PS_UDP, always on port 7174; each side sends 10
# messages of 100 bytes with its QP number as immediate data.

def udaddy_lines(out):
    return [l for l in out.splitlines() if l]


def test_gverbs_udaddy_client_against_udaddy_server():
    addr = vm_addr()
    server = start_server(['udaddy', '-b', addr])
    time.sleep(1)
    r = run_client([example('udaddy'), '-s', addr], server)
    code, out, err = finish(server)
    lines = r.stdout.splitlines()
    m = re.fullmatch(r'connected to QP (\d+)', lines[0])
    assert m, r.stdout
    assert lines[1:] == ['sent 10 messages of 100 bytes',
                         'received 10 replies from QP %s' % m.group(1)]
    assert code == 0, out + err
    assert 'data transfers complete' in out and 'return status 0' in out


def test_udaddy_client_against_gverbs_udaddy_server():
    addr = vm_addr()
    server = start_server([example('udaddy'), '-b', addr])
    assert server.stdout.readline() == 'listening\n'
    r = subprocess.run(['udaddy', '-s', addr], capture_output=True, text=True, timeout=60)
    code, out, err = finish(server)
    assert r.returncode == 0, r.stdout + r.stderr
    assert 'data transfers complete' in r.stdout and 'return status 0' in r.stdout
    assert code == 0, err
    lines = out.splitlines()
    assert re.fullmatch(r'received 10 messages of 100 bytes from QP \d+', lines[0]), out
    assert lines[1:] == ['sent 10 replies']


def test_gverbs_udaddy_client_against_gverbs_udaddy_server():
    addr = vm_addr()
    server = start_server([example('udaddy'), '-b', addr, '-C', '20', '-S', '512'])
    assert server.stdout.readline() == 'listening\n'
    r = run_client([example('udaddy'), '-s', addr, '-C', '20', '-S', '512', '-V'], server)
    code, out, err = finish(server)
    assert r.returncode == 0, r.stderr
    server_qpn = re.fullmatch(r'connected to QP (\d+)', r.stdout.splitlines()[0]).group(1)
    assert r.stdout.splitlines()[2] == \
        'received 20 replies from QP %s, data verified' % server_qpn
    assert code == 0, err
    assert re.fullmatch(r'received 20 messages of 512 bytes from QP \d+', out.splitlines()[0])
    assert out.splitlines()[1] == 'sent 20 replies'
