#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""A connection rejected with private data, across the two VMs.

    cm-reject.py server ADDRESS PORT   rejects the first request with private data
    cm-reject.py client ADDRESS PORT   connects on a GMainLoop; prints the rejected
                                       signal's reason and private data, exits 0 on it
"""
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, Verbs  # noqa: E402

PRIVATE_DATA = b'host b is full, try later'
role, address, port = sys.argv[1], sys.argv[2], sys.argv[3]


def qp_attr():
    return Verbs.QPInitAttr(qp_type=Verbs.IBV_QPT_RC,
                            cap=Verbs.QPCap(max_send_wr=1, max_recv_wr=1))


def server():
    ai = Verbs.AddrInfo(src=address, src_service=port, port_space=Verbs.RDMA_PS_TCP,
                        flags=Verbs.RAI_PASSIVE)
    with Verbs.CMID(creator=ai, qp_init_attr=qp_attr()) as sid:
        sid.listen()
        print('listening on %s:%s' % (address, port), flush=True)
        new_id = sid.get_request()
        print('rejecting %s' % new_id.remote_address, flush=True)
        new_id.reject(PRIVATE_DATA)
        new_id.close()


def client():
    loop = GLib.MainLoop()
    result = {}
    cid = Verbs.CMID(Verbs.CMEventChannel(), port_space=Verbs.RDMA_PS_TCP)

    def stop(**kw):
        result.update(kw)
        loop.quit()

    def on_rejected(_cid, reason, data):
        stop(reason=reason, data=data.get_data())

    def connected(_cid, res):
        try:
            cid.connect_to_peer_finish(res)
            stop(error='connected, not rejected')
        except GLib.Error as e:
            result.setdefault('finish_error', e.message)

    def route_resolved(_cid, res):
        try:
            cid.resolve_route_finish(res)
            cid.create_qp(qp_attr())
            cid.connect_to_peer_async(None, None, None, connected)
        except GLib.Error as e:
            stop(error=e.message)

    def addr_resolved(_cid, res):
        try:
            cid.resolve_addr_finish(res)
            cid.resolve_route_async(2000, None, route_resolved)
        except GLib.Error as e:
            stop(error=e.message)

    cid.connect('rejected', on_rejected)
    cid.resolve_addr_async(Verbs.AddrInfo(dst=address, dst_service=port), 2000, None,
                           addr_resolved)
    GLib.timeout_add_seconds(30, lambda: stop(error='no answer in 30 s'))
    loop.run()
    cid.close()
    if 'error' in result:
        sys.exit('cm-reject.py client: ' + result['error'])
    # InfiniBand/RoCE pads the private data with zeros to its fixed size
    print('rejected, reason %d, private data %r' %
          (result['reason'], result['data'].rstrip(b'\0').decode()))
    sys.exit(0 if result['reason'] == 28 and result['data'].rstrip(b'\0') == PRIVATE_DATA else 1)


server() if role == 'server' else client()
