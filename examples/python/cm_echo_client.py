#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""An event-driven rdma_cm echo client on one GLib main loop.

    cm_echo_client.py ADDRESS PORT [COUNT]

Sends COUNT messages one after the other and checks each echo."""
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, Verbs  # noqa: E402

MSG_SIZE = 4096
address, port = sys.argv[1], sys.argv[2]
count = int(sys.argv[3]) if len(sys.argv) > 3 else 10
loop = GLib.MainLoop()
channel = Verbs.CMEventChannel()
cid = Verbs.CMID(channel, port_space=Verbs.RDMA_PS_TCP)
state = {'next': 0, 'error': None}


def message(n):
    return b'message %d of %d from the Python echo client' % (n, count)


def fail(text):
    state['error'] = text
    loop.quit()


def send_next():
    msg = message(state['next'])
    cid.post_recv(recv_mr, MSG_SIZE, wr_id=state['next'])
    send_mr.write(msg, len(msg))
    cid.post_send(send_mr, length=len(msg), wr_id=state['next'])


def on_recv(_cid, wc):
    if wc.status != Verbs.WCStatus.SUCCESS:
        return fail('receive failed: %s' % wc.status.value_nick)
    if recv_mr.read(wc.byte_len, 0) != message(state['next']):
        return fail('echo %d differs' % state['next'])
    state['next'] += 1
    if state['next'] < count:
        send_next()
    else:
        loop.quit()


def on_send(_cid, wc):
    if wc.status != Verbs.WCStatus.SUCCESS:
        fail('send failed: %s' % wc.status.value_nick)


def step(func):
    """Runs a main-loop callback; an exception ends the loop with an error."""
    def wrapper(*args):
        try:
            func(*args)
        except GLib.Error as e:
            fail(e.message)
    return wrapper


@step
def connected(_cid, result):
    cid.connect_to_peer_finish(result)
    send_next()


@step
def route_resolved(_cid, result):
    global send_mr, recv_mr
    cid.resolve_route_finish(result)
    cid.create_qp(Verbs.QPInitAttr(qp_type=Verbs.IBV_QPT_RC,
                                  cap=Verbs.QPCap(max_send_wr=2, max_recv_wr=2)))
    send_mr, recv_mr = cid.reg_msgs(MSG_SIZE), cid.reg_msgs(MSG_SIZE)
    cid.connect('recv-completion', on_recv)
    cid.connect('send-completion', on_send)
    cid.watch_completions()
    cid.connect_to_peer_async(None, None, None, connected)


@step
def addr_resolved(_cid, result):
    cid.resolve_addr_finish(result)
    cid.resolve_route_async(2000, None, route_resolved)


cid.resolve_addr_async(Verbs.AddrInfo(dst=address, dst_service=port), 2000, None, addr_resolved)
if count:
    loop.run()
cid.close()
if state['error']:
    sys.exit('cm_echo_client.py: ' + state['error'])
print('%d messages echoed' % state['next'])
