# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: the event-driven rdma_cm echo examples (C and Python), each
server with a C and a Python client, over rxe loopback at $GVERBS_VM_ADDR."""
import os
import re
import subprocess

import pytest

from gverbs_testutil import device_name, rdma_resources

EXAMPLES = os.path.join(os.path.dirname(__file__), '..', '..', 'examples')
BUILD = os.path.join(os.environ.get('G_TEST_BUILDDIR', ''), '..', 'examples')


def vm_addr():
    device_name()
    addr = os.environ.get('GVERBS_VM_ADDR')
    if not addr:
        pytest.skip('GVERBS_VM_ADDR is not set')
    return addr


def server_argv(kind, addr, port, connections):
    if kind == 'c':
        return [os.path.join(BUILD, 'gverbs-example-cm-echo-server'), addr, str(port), str(connections)]
    return ['/usr/bin/python3', os.path.join(EXAMPLES, 'python', 'cm_echo_server.py'),
            addr, str(port), str(connections)]


def client_argv(kind, addr, port, count):
    if kind == 'c':
        return [os.path.join(BUILD, 'gverbs-example-cm-echo-client'), addr, str(port), str(count)]
    return ['/usr/bin/python3', os.path.join(EXAMPLES, 'python', 'cm_echo_client.py'),
            addr, str(port), str(count)]


@pytest.mark.parametrize('server_kind,port', [('c', 7501), ('python', 7502)])
def test_echo_examples(server_kind, port):
    addr = vm_addr()
    server = subprocess.Popen(server_argv(server_kind, addr, port, 2), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout.readline() == 'listening on %s:%d\n' % (addr, port)
        counts = {'c': 200, 'python': 100}
        for kind in ('c', 'python'):
            r = subprocess.run(client_argv(kind, addr, port, counts[kind]), capture_output=True,
                               text=True, timeout=120)
            assert r.returncode == 0, r.stderr
            assert r.stdout == '%d messages echoed\n' % counts[kind]
        out, err = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert server.returncode == 0, err
    lines = out.splitlines()
    assert len(lines) == 4, out
    assert lines[0].startswith('connection from %s:' % addr)
    assert lines[1].endswith(' closed after 200 messages')
    assert lines[3].endswith(' closed after 100 messages')
    assert rdma_resources('cm_id') == []


def test_echo_client_nobody_listening():
    addr = vm_addr()
    for kind in ('c', 'python'):
        r = subprocess.run(client_argv(kind, addr, 7503, 1), capture_output=True, text=True,
                           timeout=60)
        assert r.returncode == 1
        assert 'rdma_connect' in r.stderr and 'rejected the connection' in r.stderr, r.stderr


def rdma_resources_of(kind, pid):
    import json
    out = subprocess.run(['rdma', '-j', 'resource', 'show', kind], check=True,
                         capture_output=True, text=True).stdout
    return [r for r in json.loads(out or '[]') if r.get('pid') == pid]


def test_client_killed_mid_transfer():
    """A client SIGKILLed while echoing: the server notices, closes the
    connection, keeps serving, and neither process leaves an rdma_cm id or QP
    behind. Which sign of the death reaches the server first is a race: the
    kernel's DREQ ("closed"), or the NAK of an echo that hit the dying QP
    ("lost (remote operation error)"); both must end the same way."""
    import signal
    import time
    addr, port = vm_addr(), 7504
    server = subprocess.Popen(server_argv('c', addr, port, 2), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout.readline() == 'listening on %s:%d\n' % (addr, port)
        victim = subprocess.Popen(client_argv('c', addr, port, 10 ** 9), stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        assert server.stdout.readline().startswith('connection from %s:' % addr)
        time.sleep(2)   # echoing by now
        assert victim.poll() is None
        victim.send_signal(signal.SIGKILL)
        victim.wait()
        start = time.monotonic()
        line = server.stdout.readline()
        took = time.monotonic() - start
        m = re.match(r'.* (?:closed|lost \(remote operation error\)) after (\d+) messages$',
                     line)
        assert m and int(m.group(1)) > 0, line
        assert took < 30
        assert rdma_resources_of('cm_id', victim.pid) == []
        assert rdma_resources_of('qp', victim.pid) == []
        # only the listening id is left in the server
        assert len(rdma_resources_of('cm_id', server.pid)) == 1
        assert rdma_resources_of('qp', server.pid) == []
        # and it still serves
        r = subprocess.run(client_argv('c', addr, port, 5), capture_output=True, text=True,
                           timeout=60)
        assert r.returncode == 0, r.stderr
        out, err = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert server.returncode == 0, err
    assert out.splitlines()[-1].endswith(' closed after 5 messages')
