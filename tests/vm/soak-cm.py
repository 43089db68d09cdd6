#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""rdma_cm soak: connect/disconnect cycles against the event-driven echo
server example, counting open fds and `rdma resource show cm_id/qp/mr`
rows of both processes before and after.

    tests/vm/run-in-vm -- meson devenv -C BUILD /usr/bin/python3 tests/vm/soak-cm.py BUILD

Run in the Soft-RoCE VM ($GVERBS_VM_ADDR). Each cycle creates a synchronous
CMID (rdma_create_ep), connects, sends one message and checks its echo,
disconnects and closes; the server (gverbs-example-cm-echo-server, one
GMainLoop, GVerbsCMListener) serves them one after another.

Bounds, written here: cycles run until CYCLES are done or BUDGET_S seconds
have passed (at least MIN_CYCLES must fit, or the soak fails); after the
last cycle the server's and the client's fd and cm_id/qp/mr counts must
return to what they were after WARMUP cycles within SETTLE_S seconds (no
growth at all). Prints "soak-cm: N passed, N failed"."""
import gc
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import Verbs  # noqa: E402

CYCLES = int(os.environ.get('SOAK_CM_CYCLES', '5000'))
MIN_CYCLES = 1000
BUDGET_S = 150
WARMUP = 20
SETTLE_S = 20
PORT = 7999

build = sys.argv[1] if len(sys.argv) > 1 else '_build'
addr = os.environ.get('GVERBS_VM_ADDR')
if not addr:
    print('soak-cm: GVERBS_VM_ADDR is not set (run it in the VM)')
    print('soak-cm: 0 passed, 1 failed')
    sys.exit(1)

checks = {'passed': 0, 'failed': 0}


def check(name, ok, detail=''):
    checks['passed' if ok else 'failed'] += 1
    print('%s - %s%s' % ('ok' if ok else 'not ok', name, (': ' + detail) if detail else ''))


def resources(pid):
    counts = {}
    for kind in ('cm_id', 'qp', 'mr'):
        out = subprocess.run(['rdma', '-j', 'resource', 'show', kind], check=True,
                             capture_output=True, text=True).stdout
        counts[kind] = sum(1 for r in json.loads(out or '[]') if r.get('pid') == pid)
    counts['fd'] = len(os.listdir('/proc/%d/fd' % pid))
    return counts


def settled(pid, baseline):
    deadline = time.monotonic() + SETTLE_S
    while True:
        now = resources(pid)
        if now == baseline or time.monotonic() > deadline:
            return now
        time.sleep(0.5)


server_log = tempfile.TemporaryFile()
server = subprocess.Popen([os.path.join(build, 'examples', 'gverbs-example-cm-echo-server'),
                           addr, str(PORT)], stdout=server_log, stderr=subprocess.STDOUT)
for _ in range(300):
    server_log.seek(0)
    if b'listening on' in server_log.read() or server.poll() is not None:
        break
    time.sleep(0.1)
check('server started', server.poll() is None)

attr = Verbs.QPInitAttr(qp_type=Verbs.QPType.RC, cap=Verbs.QPCap(max_send_wr=2, max_recv_wr=2))
dst = Verbs.AddrInfo(src=addr, dst=addr, dst_service=str(PORT), port_space=Verbs.RDMA_PS_TCP)


def cycle(n):
    cid = Verbs.CMID(creator=dst, qp_init_attr=attr)
    try:
        cid.connect()
        mr = cid.reg_msgs(64)
        rmr = cid.reg_msgs(64)
        msg = b'soak %d' % n
        mr.write(msg, len(msg))
        cid.post_recv(rmr, length=64, wr_id=2)
        cid.post_send(mr, length=len(msg), wr_id=1)
        send = cid.get_send_comp()
        recv = cid.get_recv_comp()
        echo = bytes(rmr.read(recv.byte_len, 0))
        ok = (send.status == Verbs.WCStatus.SUCCESS and recv.status == Verbs.WCStatus.SUCCESS
              and echo == msg)
        if not ok:
            print('# cycle %d: send %s, recv %s, echo %r' % (n, send.status, recv.status, echo))
        cid.disconnect()
        mr.close()
        rmr.close()
        return ok
    finally:
        cid.close()


start = time.monotonic()
done = bad = 0
server_before = client_before = None
while done < CYCLES and time.monotonic() - start < BUDGET_S:
    try:
        if not cycle(done):
            bad += 1
    except Exception as e:  # noqa: BLE001 - every failure is counted and shown
        bad += 1
        if bad <= 3:
            print('# cycle %d: %s' % (done, e))
    done += 1
    if done == WARMUP:
        gc.collect()
        time.sleep(1)
        server_before, client_before = resources(server.pid), resources(os.getpid())
elapsed = time.monotonic() - start
print('# %d cycles in %.1f s (%.1f ms each), %d failed' % (done, elapsed, 1000 * elapsed / max(done, 1), bad))
check('cycles echoed byte for byte', bad == 0, '%d of %d failed' % (bad, done))
check('at least %d cycles within %d s' % (MIN_CYCLES, BUDGET_S), done >= MIN_CYCLES, '%d' % done)

gc.collect()
server_after = settled(server.pid, server_before)
client_after = settled(os.getpid(), client_before)
print('# server before %s after %s' % (server_before, server_after))
print('# client before %s after %s' % (client_before, client_after))
check('server fds and cm_id/qp/mr rows did not grow', server_after == server_before)
check('client fds and cm_id/qp/mr rows did not grow', client_after == client_before)
check('server still running', server.poll() is None)
server.send_signal(signal.SIGTERM)
try:
    server.wait(10)
except subprocess.TimeoutExpired:
    server.kill()
print('soak-cm: %d passed, %d failed' % (checks['passed'], checks['failed']))
sys.exit(0 if checks['failed'] == 0 else 1)
