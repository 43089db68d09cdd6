# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device test: DEVICE_REMOVAL. `rdma link delete rxe0` while identifiers are
bound to it: each gets 'device-removal', closing them (from the handler)
closes what was made on them, and the calls that follow give clean errors.
The kernel finishes the removal once the process holding the device exits
(librdmacm keeps it open), so the identifiers live in a child process; the
test then recreates rxe0 and waits until its port is ACTIVE and its GIDs
are back, for the tests after it."""
import os
import subprocess
import sys
import time

import pytest

from gverbs_testutil import device_name

CHILD = r'''
import os, sys
import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, Verbs

addr = sys.argv[1]
loop = GLib.MainLoop()
ch = Verbs.CMEventChannel()
listener = Verbs.CMID(creator=ch, port_space=Verbs.RDMA_PS_TCP)
listener.bind_addr(Verbs.AddrInfo(src=addr, src_service='7561', flags=Verbs.RAI_PASSIVE))
listener.listen()
client = Verbs.CMID(creator=ch, port_space=Verbs.RDMA_PS_TCP)
client.resolve_addr_async(Verbs.AddrInfo(dst=addr, dst_service='7561'), 2000, None,
                          lambda c, r: (c.resolve_addr_finish(r), loop.quit()))
loop.run()
client.create_qp(Verbs.QPInitAttr(qp_type=Verbs.QPType.RC, cap=Verbs.QPCap()))
mr = client.reg_msgs(64)
pd = client.pd
removed = []


def on_removal(cid):
    removed.append(cid)
    cid.close()          # closing from its own handler is safe
    if len(removed) == 2:
        loop.quit()


for cid in (listener, client):
    cid.connect('device-removal', on_removal)
print('ready', flush=True)
GLib.timeout_add_seconds(60, loop.quit)
loop.run()
print('removals %d' % len(removed))
print('closed %s %s %s %s' % (listener.closed, client.closed, mr.closed, pd.closed))
try:
    client.post_send(mr)
except GLib.Error as e:
    print('post_send after removal: %s' % Verbs.Error(e.code).value_nick)
# a new identifier cannot bind to the address the removed device carried
late = Verbs.CMID(creator=ch, port_space=Verbs.RDMA_PS_TCP)
try:
    late.bind_addr(Verbs.AddrInfo(src=addr, src_service='7562', flags=Verbs.RAI_PASSIVE))
    print('bound to %s' % late.dev_name)
except GLib.Error as e:
    print('bind after removal failed')
late.close()
ch.close()
print('done', flush=True)
'''


def port_ready(dev, addr):
    base = '/sys/class/infiniband/%s/ports/1' % dev
    try:
        with open(base + '/state') as f:
            if 'ACTIVE' not in f.read():
                return False
        mapped = '0000:0000:0000:0000:0000:ffff:%02x%02x:%02x%02x' % tuple(
            int(x) for x in addr.split('.'))
        for gid in os.listdir(base + '/gids'):
            with open(base + '/gids/' + gid) as f:
                if f.read().strip() == mapped:
                    return True
    except OSError:
        return False
    return False


def test_device_removal():
    dev = device_name()
    addr = os.environ.get('GVERBS_VM_ADDR')
    netdev = os.environ.get('GVERBS_TEST_NETDEV')
    if not addr or not netdev or os.environ.get('GVERBS_VM') != '1':
        pytest.skip('needs the test VM (GVERBS_VM=1, GVERBS_VM_ADDR, GVERBS_TEST_NETDEV): '
                    'it deletes and recreates %s' % dev)
    assert port_ready(dev, addr)
    child = subprocess.Popen([sys.executable, '-c', CHILD, addr], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    delete = None
    try:
        assert child.stdout.readline() == 'ready\n'
        delete = subprocess.Popen(['rdma', 'link', 'delete', dev])
        out, err = child.communicate(timeout=90)
        assert child.returncode == 0, out + err
        assert out.splitlines() == [
            'removals 2',
            'closed True True True True',
            'post_send after removal: closed',
            'bind after removal failed',
            'done',
        ], out + err
        # with the process gone, the kernel completes the removal
        assert delete.wait(timeout=60) == 0
        assert not os.path.exists('/sys/class/infiniband/' + dev)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        if delete is not None and delete.poll() is None:
            delete.wait(timeout=60)
        if not os.path.exists('/sys/class/infiniband/' + dev):
            subprocess.run(['rdma', 'link', 'add', dev, 'type', 'rxe', 'netdev', netdev],
                           check=True)
        for _ in range(300):
            if port_ready(dev, addr):
                break
            time.sleep(0.1)
    assert port_ready(dev, addr), '%s did not come back with its GIDs' % dev
