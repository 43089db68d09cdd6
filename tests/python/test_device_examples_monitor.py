# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""examples/python/device_monitor.py, the Python twin of the GTK monitor's
core, run for real: it follows a Soft-RoCE link added, taken down and up
and deleted, and shows the device's packet rates while traffic runs."""
import os
import signal
import subprocess
import sys
import time

import pytest

from gverbs_testutil import device_name
from test_device_gverbs_info import Lines, sh

EXAMPLE = os.path.join(os.path.dirname(__file__), '..', '..', 'examples', 'python', 'device_monitor.py')
NETDEV = 'gvpy0'
EXTRA = 'rxe3'


def test_device_monitor_example():
    if not os.environ.get('GVERBS_VM'):
        pytest.skip('needs the test VM (GVERBS_VM): it adds and deletes RDMA links')
    sh('modprobe dummy && ip link add %s type dummy && ip link set %s up' % (NETDEV, NETDEV))
    proc = subprocess.Popen([sys.executable, EXAMPLE, '--interval', '0.5'], stdout=subprocess.PIPE)
    try:
        out = Lines(proc)
        out.wait(r'device %s \(guid [0-9a-f]{16}\), 1 port' % device_name())
        out.wait(r'%s port 1: active, [1-9][0-9]* GIDs' % device_name())
        out.wait(r' watching$')
        sh('rdma link add %s type rxe netdev %s' % (EXTRA, NETDEV))
        out.wait(r'items-changed: position \d+, 0 removed, 1 added')
        out.wait(r'device %s \(guid' % EXTRA)
        sh('ip addr add 10.79.0.1/24 dev %s' % NETDEV)
        out.wait(r'%s port 1 GIDs: \[.*::ffff:10\.79\.0\.1' % EXTRA)
        sh('ip link set %s down' % NETDEV)
        out.wait(r'%s port 1 state: down' % EXTRA)
        out.wait(r'%s port 1 event: port-err' % EXTRA)
        sh('ip link set %s up' % NETDEV)
        out.wait(r'%s port 1 state: active' % EXTRA)
        sh('rdma link delete %s' % EXTRA)
        out.wait(r'items-changed: position \d+, 1 removed, 0 added')
        out.wait(r'device %s removed' % EXTRA)
        server = subprocess.Popen(['ibv_rc_pingpong', '-d', device_name(), '-g', '1', '-n', '300'],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1)
        client = subprocess.run(['ibv_rc_pingpong', '-d', device_name(), '-g', '1', '-n', '300',
                                 '127.0.0.1'], capture_output=True, timeout=120)
        server.wait(timeout=60)
        assert client.returncode == 0, client.stderr
        out.wait(r'%s port 1 rates: .*sent_pkts [0-9.]+/s' % device_name())
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 0
        subprocess.run('rdma link delete %s' % EXTRA, shell=True, stderr=subprocess.DEVNULL)
        sh('ip link del %s' % NETDEV)
