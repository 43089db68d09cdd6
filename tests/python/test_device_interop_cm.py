"""Device tests: rdma_cm interoperability with rdma-core's own tools, both
directions, over rxe loopback at $GVERBS_VM_ADDR: rping (SEND of buffer
advertisements, RDMA READ and RDMA WRITE) and rdma_server/rdma_client
(16-byte send/receive on rdma_create_ep)."""
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
