# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""The GTK4 monitor (examples/gtk/gverbs-monitor.c) for real, under Xvfb:
its device list follows a Soft-RoCE link added and deleted, the shown port
state follows the link's netdev going down and up, and its plot's last
sample follows traffic on the device under test. It reports what its window
shows through its --status-file test hook and leaves a screenshot,
gtk-monitor.png, in the build directory (a CI artifact)."""
import json
import os
import signal
import subprocess
import time

import pytest

from gverbs_testutil import device_name
from test_device_gverbs_info import sh

BUILD = os.environ.get('G_TEST_BUILDDIR', '')
MONITOR = os.path.join(BUILD, '..', 'examples', 'gverbs-gtk-monitor')
SCREENSHOT = os.path.join(BUILD, '..', 'gtk-monitor.png')
NETDEV = 'gvgtk0'
EXTRA = 'rxe4'


def wait_status(path, check, what, timeout=90):
    deadline = time.monotonic() + timeout
    status = None
    while time.monotonic() < deadline:
        try:
            with open(path) as f:
                status = json.load(f)
            if check(status):
                return status
        except (OSError, ValueError):
            pass
        time.sleep(0.2)
    raise AssertionError('%s: last status %r' % (what, status))


def test_gtk_monitor(tmp_path):
    if not os.environ.get('GVERBS_VM'):
        pytest.skip('needs the test VM (GVERBS_VM): it adds and deletes RDMA links')
    status_file = str(tmp_path / 'status.json')
    if os.path.exists(SCREENSHOT):
        os.unlink(SCREENSHOT)
    sh('modprobe dummy && ip link add %s type dummy && ip link set %s up' % (NETDEV, NETDEV))
    env = dict(os.environ, GDK_BACKEND='x11', GSK_RENDERER='cairo', GTK_A11Y='none', NO_AT_BRIDGE='1')
    proc = subprocess.Popen(['xvfb-run', '-a', '-s', '-screen 0 1024x768x24', MONITOR,
                             '--device', device_name(), '--interval', '0.5',
                             '--status-file', status_file, '--screenshot', SCREENSHOT],
                            env=env, start_new_session=True)
    try:
        s = wait_status(status_file, lambda s: s['selected'] == device_name()
                        and s['shown_state'] == 'ACTIVE', 'the device under test shown')
        assert device_name() in s['devices'] and EXTRA not in s['devices']

        sh('rdma link add %s type rxe netdev %s' % (EXTRA, NETDEV))
        s = wait_status(status_file, lambda s: EXTRA in s['devices']
                        and s['ports'].get(EXTRA + '/1') == 'ACTIVE', 'the link added to the list')
        sh('ip link set %s down' % NETDEV)
        wait_status(status_file, lambda s: s['ports'].get(EXTRA + '/1') == 'DOWN', 'its port down')
        sh('ip link set %s up' % NETDEV)
        wait_status(status_file, lambda s: s['ports'].get(EXTRA + '/1') == 'ACTIVE', 'its port up again')

        # traffic on the device under test: the plot's last sample rises
        server = subprocess.Popen(['ibv_rc_pingpong', '-d', device_name(), '-g', '1', '-n', '2000'],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1)
        client = subprocess.Popen(['ibv_rc_pingpong', '-d', device_name(), '-g', '1', '-n', '2000',
                                   '127.0.0.1'], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wait_status(status_file, lambda s: s['plot_last'] > 0 and s['selected'] == device_name(),
                    'the plot following traffic')
        assert client.wait(timeout=300) == 0, client.stderr.read()
        server.wait(timeout=60)

        # delete the link and add it back: the list follows both
        sh('rdma link delete %s' % EXTRA)
        wait_status(status_file, lambda s: EXTRA not in s['devices'], 'the link gone from the list')
        sh('rdma link add %s type rxe netdev %s' % (EXTRA, NETDEV))
        s = wait_status(status_file, lambda s: EXTRA in s['devices'], 'the link back in the list')
        assert s['events'] >= 5    # watching, added, port events, removed, added
        # the monitor saves the window after a painted frame, at most every 2 s
        wait_status(status_file, lambda s: s['frames'] > 0 and os.path.exists(SCREENSHOT),
                    'a frame painted and saved')
    finally:
        # the monitor, not Xvfb: it writes its screenshot at SIGTERM
        try:
            with open(status_file) as f:
                os.kill(json.load(f)['pid'], signal.SIGTERM)
        except (OSError, ValueError, KeyError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=60)
        finally:
            subprocess.run('rdma link delete %s' % EXTRA, shell=True, stderr=subprocess.DEVNULL)
            sh('ip link del %s' % NETDEV)
    with open(SCREENSHOT, 'rb') as f:
        assert f.read(8) == b'\x89PNG\r\n\x1a\n'
    assert os.path.getsize(SCREENSHOT) > 1000
    with open(SCREENSHOT, 'rb') as f:
        assert f.read(8) == b'\x89PNG\r\n\x1a\n'
