# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: rdma_cm datagrams (RDMA_PS_UDP), multicast traffic, a
caller's PD, query_qp and init_qp_attr, over rxe loopback (pyverbs' API).

The passive side runs in a thread (libgverbs releases the GIL in its
blocking calls)."""
import os

import pytest
import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, Verbs  # noqa: E402

from gverbs_testutil import device_name, rdma_resources
from test_device_cm import run_server

GRH = 40
MSG = 64
N = 6
UDP_QKEY = 0x01234567


def vm_addr():
    device_name()
    addr = os.environ.get('GVERBS_VM_ADDR')
    if not addr:
        pytest.skip('GVERBS_VM_ADDR is not set: no address with an RDMA device')
    return addr


def attr(qp_type):
    return Verbs.QPInitAttr(qp_type=qp_type, cap=Verbs.QPCap(max_send_wr=N, max_recv_wr=N))


def payload(who, i):
    return bytes((ord(who[0]) + i * 7 + k) & 0xff for k in range(MSG))


def serve(addr, port, port_space, qp_type, pd=None):
    """A synchronous server: answers N messages; returns its QP number."""
    ud = port_space == Verbs.RDMA_PS_UDP
    off = GRH if ud else 0
    sai = Verbs.AddrInfo(src=addr, src_service=str(port), port_space=port_space,
                         flags=Verbs.RAI_PASSIVE)
    with Verbs.CMID(creator=sai, qp_init_attr=attr(qp_type), pd=pd) as sid:
        sid.listen()
        serve.listening.append(port)
        conn = sid.get_request()
        rx = conn.reg_msgs(N * (MSG + off))
        tx = conn.reg_msgs(MSG + off)
        for i in range(N):
            conn.post_recv(rx, length=MSG + off, offset=i * (MSG + off), wr_id=i)
        conn.accept()
        for i in range(N):
            wc = conn.get_recv_comp()
            assert wc.status == Verbs.WCStatus.SUCCESS and wc.wr_id == i
            assert rx.read(MSG, i * (MSG + off) + off) == payload('client', i)
            tx.write(payload('server', i), MSG, off)
            if ud:
                ah = conn.create_ah_from_wc(wc, rx, i * (MSG + GRH))
                conn.post_ud_send(tx, ah, rqpn=wc.src_qp, length=MSG, offset=off)
            else:
                conn.post_send(tx, length=MSG)
            assert conn.get_send_comp().status == Verbs.WCStatus.SUCCESS
        qpn = conn.qpn
        conn.close()
        return qpn


serve.listening = []


def start(addr, port, port_space, qp_type, pd=None):
    join = run_server(serve, addr, port, port_space, qp_type, pd)
    for _ in range(500):
        if port in serve.listening:
            break
        GLib.usleep(10000)
    return join


def client_traffic(cid, ud):
    off = GRH if ud else 0
    rx = cid.reg_msgs(MSG + off)
    tx = cid.reg_msgs(MSG)
    ah = Verbs.AH(cid.pd, attr=cid.ud_param.ah_attr) if ud else None
    for i in range(N):
        cid.post_recv(rx, length=MSG + off)
        tx.write(payload('client', i), MSG)
        if ud:
            cid.post_ud_send(tx, ah, rqpn=cid.ud_param.qp_num, length=MSG)
        else:
            cid.post_send(tx)
        assert cid.get_send_comp().status == Verbs.WCStatus.SUCCESS
        assert cid.get_recv_comp().status == Verbs.WCStatus.SUCCESS
        assert rx.read(MSG, off) == payload('server', i)


def test_ud_pair_sync():
    addr = vm_addr()
    join = start(addr, 7701, Verbs.RDMA_PS_UDP, Verbs.QPType.UD)
    cai = Verbs.AddrInfo(dst=addr, dst_service='7701', port_space=Verbs.RDMA_PS_UDP)
    with Verbs.CMID(creator=cai, qp_init_attr=attr(Verbs.QPType.UD)) as cid:
        assert cid.ud_param is None
        cid.connect()
        ud = cid.ud_param
        assert ud.qkey == UDP_QKEY
        assert ud.ah_attr.is_global
        client_traffic(cid, True)
        server_qpn = join()
        assert ud.qp_num == server_qpn
    assert rdma_resources('cm_id') == []


def test_ud_send_on_closed_cmid():
    addr = vm_addr()
    cai = Verbs.AddrInfo(dst=addr, dst_service='7702', port_space=Verbs.RDMA_PS_UDP)
    cid = Verbs.CMID(creator=cai, qp_init_attr=attr(Verbs.QPType.UD))
    mr = cid.reg_msgs(MSG)
    other = Verbs.PD(Verbs.Context(name=device_name()))
    index = cid.context.find_gid_by_address(1, addr)
    gid = Verbs.GlobalRoute(dgid='::ffff:' + addr, sgid_index=index)
    ah = Verbs.AH(other, attr=Verbs.AHAttr(is_global=1, port_num=1, gr=gid))
    with pytest.raises(GLib.Error) as e:
        cid.post_ud_send(mr, ah, rqpn=1)
    assert 'protection domain' in str(e.value)
    cid.close()
    with pytest.raises(GLib.Error) as e:
        cid.post_ud_send(mr, ah, rqpn=1)
    assert e.value.matches(Verbs.Error.quark(), Verbs.Error.CLOSED)


def test_multicast_traffic():
    addr = vm_addr()
    group = '239.255.7.11'
    loop = GLib.MainLoop()
    ch = Verbs.CMEventChannel()
    ids = [Verbs.CMID(creator=ch, port_space=Verbs.RDMA_PS_UDP) for _ in range(2)]
    pending = [len(ids)]

    def done(*args):
        pending[0] -= 1
        if pending[0] == 0:
            loop.quit()

    def resolved(cid, result):
        cid.resolve_addr_finish(result)
        done()

    route = Verbs.AddrInfo(src=addr, dst=group, port_space=Verbs.RDMA_PS_UDP)
    for cid in ids:
        cid.resolve_addr_async(route, 2000, None, resolved)
    GLib.timeout_add_seconds(60, loop.quit)
    loop.run()
    sender, receiver = ids
    for cid in ids:
        cid.create_qp(attr(Verbs.QPType.UD))
        cid.connect('multicast-join', done)
    rx = receiver.reg_msgs(N * (MSG + GRH))
    for i in range(N):
        receiver.post_recv(rx, length=MSG + GRH, offset=i * (MSG + GRH), wr_id=i)
    mc = Verbs.AddrInfo(src=group, port_space=Verbs.RDMA_PS_UDP)
    pending[0] = 2
    for cid in ids:
        cid.join_multicast(addr=mc)
    loop.run()
    ud = sender.ud_param
    assert ud.qp_num == 0xffffff and ud.qkey == UDP_QKEY
    ah = Verbs.AH(sender.pd, attr=ud.ah_attr)
    tx = sender.reg_msgs(MSG)
    for i in range(N):
        tx.write(payload('mcast', i), MSG)
        sender.post_ud_send(tx, ah, rqpn=ud.qp_num, length=MSG)
        assert sender.get_send_comp().status == Verbs.WCStatus.SUCCESS
        wc = receiver.get_recv_comp()
        assert wc.status == Verbs.WCStatus.SUCCESS and wc.wr_id == i
        assert wc.src_qp == sender.qpn
        assert rx.read(MSG, i * (MSG + GRH) + GRH) == payload('mcast', i)
    for cid in ids:
        cid.leave_multicast(mc)
        cid.close()
    assert ah.closed
    ch.close()


def test_rc_pd_query_qp_init_qp_attr():
    addr = vm_addr()
    ch = Verbs.CMEventChannel()
    probe = Verbs.CMID(creator=ch)
    probe.bind_addr(Verbs.AddrInfo(src=addr, port_space=Verbs.RDMA_PS_TCP,
                                   flags=Verbs.RAI_PASSIVE))
    pd = Verbs.PD(probe.context)
    join = start(addr, 7703, Verbs.RDMA_PS_TCP, Verbs.QPType.RC, pd)
    cai = Verbs.AddrInfo(dst=addr, dst_service='7703', port_space=Verbs.RDMA_PS_TCP)
    cid = Verbs.CMID(creator=cai, qp_init_attr=attr(Verbs.QPType.RC), pd=pd)
    assert cid.pd == pd
    cid.connect()
    qa, qi = cid.query_qp(Verbs.QPAttrMask.STATE | Verbs.QPAttrMask.DEST_QPN |
                          Verbs.QPAttrMask.RQ_PSN | Verbs.QPAttrMask.SQ_PSN |
                          Verbs.QPAttrMask.PATH_MTU | Verbs.QPAttrMask.CAP)
    assert qa.qp_state == Verbs.QPState.RTS
    assert qi.qp_type == Verbs.QPType.RC
    rtr, mask = cid.init_qp_attr(Verbs.QPState.RTR)
    assert mask & int(Verbs.QPAttrMask.DEST_QPN)
    assert rtr.dest_qp_num == qa.dest_qp_num
    assert rtr.rq_psn == qa.rq_psn
    assert rtr.path_mtu == qa.path_mtu
    rts, mask = cid.init_qp_attr(Verbs.QPState.RTS)
    assert rts.sq_psn == qa.sq_psn
    client_traffic(cid, False)
    assert join() == qa.dest_qp_num
    pd.close()
    assert cid.closed
    probe.close()
    ch.close()
    assert rdma_resources('cm_id') == []


def test_timewait_exit_after_disconnect():
    """The passive side answers the disconnect with disconnect(); then both
    sides get 'timewait-exit', the last event of the connection."""
    addr = vm_addr()
    loop = GLib.MainLoop()
    ch = Verbs.CMEventChannel()
    listener = Verbs.CMID(creator=ch)
    listener.bind_addr(Verbs.AddrInfo(src=addr, src_service='7704', flags=Verbs.RAI_PASSIVE))
    listener.listen(4)
    client = Verbs.CMID(creator=ch)
    ids = {'client': client}
    events = []
    state = {'established': 0, 'disconnected': 0, 'timewait': 0}

    def step(key, goal):
        state[key] += 1
        if state[key] == goal:
            loop.quit()

    def on_disconnected(cid):
        if cid is ids.get('server'):
            cid.disconnect()
        step('disconnected', 2)

    def on_timewait(cid):
        assert state['disconnected'] == 2
        step('timewait', 2)

    def watch(cid, name):
        cid.connect('disconnected', on_disconnected)
        cid.connect('timewait-exit', on_timewait)
        cid.connect('event', lambda c, t, s: events.append((name, t)))

    def on_request(lid, new_id, data):
        ids['server'] = new_id
        watch(new_id, 'server')
        new_id.create_qp(attr(Verbs.QPType.RC))
        new_id.accept_async(None, None, None,
                            lambda c, r: (c.accept_finish(r), step('established', 2)))

    listener.connect('connect-request', on_request)
    watch(client, 'client')

    def routed(c, r):
        c.resolve_route_finish(r)
        c.create_qp(attr(Verbs.QPType.RC))
        c.connect_to_peer_async(None, None, None,
                        lambda c2, r2: (c2.connect_to_peer_finish(r2), step('established', 2)))

    client.resolve_addr_async(Verbs.AddrInfo(dst=addr, dst_service='7704'), 2000, None,
                              lambda c, r: (c.resolve_addr_finish(r),
                                            c.resolve_route_async(2000, None, routed)))
    GLib.timeout_add_seconds(60, loop.quit)
    loop.run()
    assert state['established'] == 2
    client.disconnect()
    loop.run()
    assert state['disconnected'] == 2
    loop.run()
    assert state['timewait'] == 2
    for name in ('client', 'server'):
        assert [t for n, t in events if n == name][-1] == Verbs.CMEventType.TIMEWAIT_EXIT
    for cid in (client, ids['server'], listener):
        cid.close()
    ch.close()
