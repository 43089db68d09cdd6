# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""gverbs-info (tools/gverbs-info): its output matches ibv_devinfo's field by
field on the device under test, --json carries the same values, and --watch
prints the events of a Soft-RoCE link added, taken down and up, and deleted,
and the counter rates of traffic."""
import json
import os
import re
import select
import signal
import subprocess
import time

import pytest

from gverbs_testutil import device_name

INFO = os.path.join(os.environ.get('G_TEST_BUILDDIR', ''), '..', 'tools', 'gverbs-info', 'gverbs-info')
NETDEV = 'gvinfo0'
EXTRA = 'rxe2'


def run(argv):
    p = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return p.stdout


def parse(text):
    """ibv_devinfo's layout: {"field": value, "port1/field": value,
    "port1/GID[i]": "address, type"} for the first device."""
    fields = {}
    section = ''
    for line in text.splitlines():
        if ':' not in line or line.strip().startswith('hca_id') and fields:
            if line.strip().startswith('hca_id'):
                break
            continue
        key, value = line.strip().split(':', 1)
        key, value = key.strip(), value.strip()
        if key == 'port':
            section = 'port%s/' % value
            continue
        if key.startswith('GID['):
            key = 'GID[%d]' % int(key[4:-1])
            # ibv_devinfo of rdma-core 44 prints no netdev: compare address and type
            value = ', '.join(value.split(', ')[:2])
        fields.setdefault(section + key, value)
    return fields


def compare(mine, theirs):
    common = set(mine) & set(theirs)
    assert len(common) >= 10, (mine, theirs)
    for key in sorted(common):
        assert mine[key] == theirs[key], (key, mine[key], theirs[key])
    return common


def test_plain_matches_ibv_devinfo():
    name = device_name()
    common = compare(parse(run([INFO, '-d', name])), parse(run(['ibv_devinfo', '-d', name])))
    # every field ibv_devinfo prints without -v is there
    assert common == set(parse(run(['ibv_devinfo', '-d', name])))


def test_verbose_matches_ibv_devinfo_v():
    name = device_name()
    mine = parse(run([INFO, '-v', '-d', name]))
    theirs = parse(run(['ibv_devinfo', '-v', '-d', name]))
    common = compare(mine, theirs)
    for key in ('max_qp', 'max_cqe', 'device_cap_flags', 'atomic_cap', 'node_guid',
                'port1/state', 'port1/active_mtu', 'port1/gid_tbl_len', 'port1/phys_state',
                'port1/active_speed', 'port1/GID[0]', 'port1/GID[1]'):
        assert key in common, key
    # and the netdev of each GID
    netdev = os.environ.get('GVERBS_TEST_NETDEV')
    if netdev:
        gid_lines = [l for l in run([INFO, '-v', '-d', name]).splitlines() if 'GID[' in l]
        assert gid_lines and all(l.endswith(', ' + netdev) for l in gid_lines), gid_lines


def test_json():
    name = device_name()
    doc = json.loads(run([INFO, '--json', '-v', '-d', name]))
    assert len(doc) == 1 and doc[0]['hca_id'] == name
    dev = doc[0]
    theirs = parse(run(['ibv_devinfo', '-v', '-d', name]))
    assert dev['max_qp'] == int(theirs['max_qp'])
    assert dev['node_guid'] == theirs['node_guid']
    assert dev['phys_port_cnt'] == len(dev['ports'])
    port = dev['ports'][0]
    assert port['state'] == 4 and port['port'] == 1
    assert port['gid_tbl_len'] == int(theirs['port1/gid_tbl_len'])
    gids = ['%s, %s' % (g['gid'], g['type']) for g in port['gids']]
    assert gids == [v for k, v in sorted(theirs.items(), key=lambda kv: kv[0])
                    if k.startswith('port1/GID[')] or \
        sorted(gids) == sorted(v for k, v in theirs.items() if k.startswith('port1/GID['))


def test_list_and_unknown_device():
    out = run([INFO, '-l'])
    assert device_name() in out.split()
    p = subprocess.run([INFO, '-d', 'no-such-dev0'], capture_output=True, text=True)
    assert p.returncode != 0 and 'no-such-dev0' in p.stderr


class Lines:
    def __init__(self, proc):
        self.proc = proc
        self.buf = ''
        self.seen = []

    def wait(self, pattern, timeout=60):
        deadline = time.monotonic() + timeout
        rx = re.compile(pattern)
        for line in self.seen:
            if rx.search(line):
                self.seen.remove(line)
                return line
        while time.monotonic() < deadline:
            r, _, _ = select.select([self.proc.stdout], [], [], 0.2)
            if not r:
                continue
            chunk = os.read(self.proc.stdout.fileno(), 65536).decode()
            assert chunk, 'gverbs-info exited: ' + ''.join(self.seen)
            self.buf += chunk
            *lines, self.buf = self.buf.split('\n')
            for i, line in enumerate(lines):
                if rx.search(line):
                    self.seen.extend(lines[i + 1:])
                    return line
                self.seen.append(line)
        raise AssertionError('no line matching %r in %r' % (pattern, self.seen))


def sh(command):
    subprocess.run(command, shell=True, check=True)


def test_watch():
    if not os.environ.get('GVERBS_VM'):
        pytest.skip('needs the test VM (GVERBS_VM): it adds and deletes RDMA links')
    sh('modprobe dummy && ip link add %s type dummy && ip link set %s up' % (NETDEV, NETDEV))
    proc = subprocess.Popen([INFO, '--watch', '--interval', '0.5'], stdout=subprocess.PIPE)
    try:
        out = Lines(proc)
        out.wait(r'device added: %s ' % device_name())
        out.wait(r' watching$')
        sh('rdma link add %s type rxe netdev %s' % (EXTRA, NETDEV))
        out.wait(r'device added: %s node_guid [0-9a-f]{4}:' % EXTRA)
        sh('ip link set %s down' % NETDEV)
        out.wait(r'%s port 1: port-err, state PORT_DOWN \(1\)' % EXTRA)
        sh('ip link set %s up' % NETDEV)
        out.wait(r'%s port 1: port-active, state PORT_ACTIVE \(4\)' % EXTRA)
        # runs in the background: rdma link delete waits for the watcher's context
        sh('rdma link delete %s' % EXTRA)
        out.wait(r'device removed: %s$' % EXTRA)
        # traffic on the device under test: its packet rates show
        server = subprocess.Popen(['ibv_rc_pingpong', '-d', device_name(), '-g', '1', '-n', '300'],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1)
        client = subprocess.run(['ibv_rc_pingpong', '-d', device_name(), '-g', '1', '-n', '300',
                                 '127.0.0.1'], capture_output=True, timeout=120)
        server.wait(timeout=60)
        assert client.returncode == 0, client.stderr
        line = out.wait(r'%s port 1 rates:.* sent_pkts [0-9.]+/s' % device_name())
        assert float(re.search(r'sent_pkts ([0-9.]+)/s', line).group(1)) > 0
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
        subprocess.run('rdma link delete %s' % EXTRA, shell=True, stderr=subprocess.DEVNULL)
        sh('ip link del %s' % NETDEV)
