#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""An event-driven rdma_cm echo server on one GLib main loop.

    cm_echo_server.py ADDRESS PORT [CONNECTIONS]

Echoes every message back on its connection; with CONNECTIONS it exits
after that many connections were closed by their clients."""
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, Verbs  # noqa: E402

MSG_SIZE, SLOTS = 4096, 8
address, port = sys.argv[1], int(sys.argv[2])
max_connections = int(sys.argv[3]) if len(sys.argv) > 3 else 0
loop = GLib.MainLoop()
connections = {}   # CMID -> [MR, messages echoed]
closed = 0


def on_recv(conn, wc):
    if wc.status != Verbs.WCStatus.SUCCESS:
        return   # flushed: the connection is going away
    mr, _ = connections[conn]
    connections[conn][1] += 1
    conn.post_send(mr, length=wc.byte_len, offset=wc.wr_id * MSG_SIZE, wr_id=wc.wr_id)


def on_send(conn, wc):
    if wc.status == Verbs.WCStatus.SUCCESS:
        mr, _ = connections[conn]
        conn.post_recv(mr, MSG_SIZE, offset=wc.wr_id * MSG_SIZE, wr_id=wc.wr_id)


def on_accepting(listener, conn):
    mr = conn.reg_msgs(SLOTS * MSG_SIZE)
    connections[conn] = [mr, 0]
    for i in range(SLOTS):
        conn.post_recv(mr, MSG_SIZE, offset=i * MSG_SIZE, wr_id=i)
    conn.connect('recv-completion', on_recv)
    conn.connect('send-completion', on_send)
    conn.watch_completions()


def on_disconnected(conn):
    global closed
    print('%s:%d closed after %d messages' % (conn.remote_address, conn.remote_port,
                                             connections.pop(conn)[1]), flush=True)
    conn.close()
    closed += 1
    if max_connections and closed == max_connections:
        loop.quit()


def on_incoming(listener, conn):
    print('connection from %s:%d' % (conn.remote_address, conn.remote_port), flush=True)
    conn.connect('disconnected', on_disconnected)
    return True


attr = Verbs.QPInitAttr(qp_type=Verbs.IBV_QPT_RC,
                        cap=Verbs.QPCap(max_send_wr=SLOTS, max_recv_wr=SLOTS))
with Verbs.CMListener(attr) as listener:
    listener.connect('accepting', on_accepting)
    listener.connect('incoming', on_incoming)
    print('listening on %s:%d' % (address, listener.add_address(address, port)), flush=True)
    loop.run()
