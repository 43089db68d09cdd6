# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: shared receive queues from Python with pyverbs' API
(SRQ, SrqAttr, SrqInitAttr, SrqInitAttrEx), ported from the SRQ variants of
rdma-core's tests/base.py traffic resources (RC/UD with srq=...), real
traffic through the SRQ and the limit event on the main loop."""
import time

import gi
import pytest

from gverbs_testutil import device_name, devinfo, parse_number
from gi.repository import GLib
from gi.repository import Verbs as V
from qp_traffic import Pair, poll, QKEY, ALL_ACCESS, default_gid_index

gi.require_version('Verbs', '1.0')

SLOT = 64


class SrqResources:
    """pyverbs' base.py shape: a receiver with an SRQ and n RC (or one UD)
    QPs on it, and one sender QP per receiver QP."""

    def __init__(self, qp_type=V.IBV_QPT_RC, n=2, max_wr=64):
        self.ctx = V.Context(name=device_name())
        self.pd = V.PD(self.ctx)
        self.gid_index = default_gid_index(self.ctx)
        self.gid = self.ctx.query_gid(1, self.gid_index)
        self.srq = V.SRQ(self.pd, V.SrqInitAttr(V.SrqAttr(max_wr=max_wr, max_sge=1)))
        self.scq = V.CQ(self.ctx, 256, None, None, 0)
        self.rcq = V.CQ(self.ctx, 256, None, None, 0)
        self.smr = V.MR(self.pd, 4096, ALL_ACCESS)
        self.rmr = V.MR(self.pd, 4096, ALL_ACCESS)
        self.qp_type = qp_type
        qp_attr = None
        if qp_type == V.IBV_QPT_UD:
            qp_attr = V.QPAttr()
            qp_attr.qkey = QKEY
        self.senders, self.receivers = [], []
        for _ in range(n):
            s = V.QPInitAttr(qp_type=qp_type, scq=self.scq, rcq=self.scq,
                             cap=V.QPCap(16, 16, 1, 1, 0), sq_sig_all=1)
            r = V.QPInitAttr(qp_type=qp_type, scq=self.rcq, rcq=self.rcq, srq=self.srq,
                             cap=V.QPCap(16, 0, 1, 1, 0))
            self.senders.append(V.QP(self.pd, s, qp_attr))
            self.receivers.append(V.QP(self.pd, r, qp_attr))
        if qp_type == V.IBV_QPT_UD:
            self.ah = V.AH(self.pd, attr=self.ah_attr())
        else:
            for a, b in zip(self.senders, self.receivers):
                self.connect(a, b.qp_num)
                self.connect(b, a.qp_num)

    def ah_attr(self):
        gr = V.GlobalRoute(dgid=self.gid, sgid_index=self.gid_index)
        return V.AHAttr(gr=gr, is_global=1, port_num=1)

    def connect(self, qp, remote):
        attr = V.QPAttr(port_num=1)
        attr.ah_attr = self.ah_attr()
        attr.dest_qp_num = remote
        attr.path_mtu = V.IBV_MTU_1024
        attr.max_dest_rd_atomic = 4
        attr.max_rd_atomic = 4
        attr.min_rnr_timer = 1
        attr.timeout = 14
        attr.retry_cnt = 7
        attr.rnr_retry = 7
        attr.qp_access_flags = ALL_ACCESS
        qp.to_rts(attr)

    def recv_wrs(self, n, first=0):
        return [V.RecvWR(100 + k, 1, [V.SGE(self.rmr.buf + k * SLOT, SLOT, self.rmr.lkey)])
                for k in range(first, first + n)]

    def send(self, i, slot, payload):
        self.smr.write(payload, len(payload), slot * SLOT)
        wr = V.SendWR(wr_id=slot, num_sge=1,
                      sg=[V.SGE(self.smr.buf + slot * SLOT, len(payload), self.smr.lkey)])
        if self.qp_type == V.IBV_QPT_UD:
            wr.set_wr_ud(self.ah, self.receivers[i].qp_num, QKEY)
        self.senders[i].post_send(wr)

    def close(self):
        self.ctx.close()


@pytest.fixture
def rc():
    r = SrqResources(V.IBV_QPT_RC, n=2)
    yield r
    r.close()


def test_rc_two_qps_share_one_srq(rc):
    rc.srq.post_recv(rc.recv_wrs(8))            # a list: one call
    msgs = {}
    for j in range(4):
        for i in range(2):
            payload = bytes([i, j]) + bytes(range(30))
            msgs[(i, j)] = payload
            rc.send(i, 4 * i + j, payload)
    assert all(wc.status == V.IBV_WC_SUCCESS for wc in poll(rc.scq, 8))
    wcs = poll(rc.rcq, 8)
    assert sorted(wc.wr_id for wc in wcs) == list(range(100, 108))
    got = set()
    for wc in wcs:
        assert wc.status == V.IBV_WC_SUCCESS and wc.opcode == V.IBV_WC_RECV
        assert wc.byte_len == 32
        data = rc.rmr.read(32, (wc.wr_id - 100) * SLOT)
        i, j = data[0], data[1]
        assert data == msgs[(i, j)]
        assert wc.qp_num == rc.receivers[i].qp_num
        got.add((i, j))
    assert got == set(msgs)
    # the QPs on the SRQ have no receive queue of their own
    with pytest.raises(GLib.Error):
        rc.receivers[0].post_recv(rc.recv_wrs(1)[0])


def test_ud_through_srq():
    r = SrqResources(V.IBV_QPT_UD, n=1)
    try:
        wr = r.recv_wrs(1)[0]
        r.srq.post_recv(wr)                      # one RecvWR
        chain = r.recv_wrs(3, first=1)
        chain[0].next_wr = chain[1]
        chain[1].next_wr = chain[2]
        r.srq.post_recv(chain[0])                # a next_wr chain
        for k in range(4):
            r.send(0, k, bytes([k]) * 20)
        poll(r.scq, 4)
        wcs = poll(r.rcq, 4)
        for wc in wcs:
            k = wc.wr_id - 100
            assert wc.status == V.IBV_WC_SUCCESS and wc.byte_len == 40 + 20
            assert wc.src_qp == r.senders[0].qp_num
            assert r.rmr.read(20, k * SLOT + 40) == bytes([k]) * 20
        assert sorted(wc.wr_id for wc in wcs) == [100, 101, 102, 103]
    finally:
        r.close()


def test_limit_event_on_context_and_srq(rc):
    attr = rc.srq.query()
    assert attr.max_wr >= 64 and attr.srq_limit == 0
    rc.srq.post_recv(rc.recv_wrs(10))
    rc.srq.arm(4)
    assert rc.srq.query().srq_limit == 4
    loop = GLib.MainLoop()
    on_ctx, on_srq = [], []

    def ctx_event(ctx, event):
        if event.event_type == V.IBV_EVENT_SRQ_LIMIT_REACHED:
            on_ctx.append(event.object)

    def srq_event(srq, event):
        on_srq.append((srq, event.object, event.event_type))
        loop.quit()

    rc.ctx.connect('async-event', ctx_event)
    rc.srq.connect('async-event::srq-limit-reached', srq_event)
    for k in range(7):
        rc.send(0, k, b'x' * 8)
    poll(rc.rcq, 7)
    GLib.timeout_add_seconds(10, loop.quit)
    loop.run()
    assert on_ctx == [rc.srq]
    assert on_srq == [(rc.srq, rc.srq, V.IBV_EVENT_SRQ_LIMIT_REACHED)]
    assert rc.srq.query().srq_limit == 0       # fired once: disarmed


def test_query_modify_like_pyverbs():
    with V.Context(name=device_name()) as ctx:
        pd = V.PD(ctx)
        srq = pd.srq(V.SrqInitAttr(V.SrqAttr(max_wr=32)))
        attr = V.SrqAttr()
        attr.srq_limit = 9
        srq.modify(attr, V.IBV_SRQ_LIMIT)
        got = srq.query()
        assert got.srq_limit == 9 and got.max_wr >= 32 and got.max_sge >= 1
        assert 'SRQ limit' in str(got)
        attr.srq_limit = 10 ** 6
        with pytest.raises(GLib.Error) as e:
            srq.modify(attr, V.IBV_SRQ_LIMIT)
        assert e.value.matches(V.error_quark(), V.Error.INVALID_ARGUMENT)
        with pytest.raises(GLib.Error) as e:
            srq.get_srq_num()
        assert e.value.matches(V.error_quark(), V.Error.NOT_SUPPORTED)
        assert 'ibv_get_srq_num' in e.value.message
        ia = V.SrqInitAttr()
        assert (ia.max_wr, ia.max_sge, ia.srq_limit) == (100, 1, 0)
        ia.max_wr = 7
        assert ia.attr.max_wr == 7


def test_srq_ex_basic_and_xrc():
    with V.Context(name=device_name()) as ctx:
        pd = V.PD(ctx)
        cq = V.CQ(ctx, 16, None, None, 0)
        attr = V.SrqInitAttrEx(max_wr=10)
        attr.pd = pd
        attr.comp_mask = V.IBV_SRQ_INIT_ATTR_PD
        srq = V.SRQ(ctx, attr)
        assert srq.query().max_wr >= 10 and srq.srq_type == V.IBV_SRQT_BASIC
        # the seed's XRC SRQ: without XRC the device refuses cleanly
        attr = V.SrqInitAttrEx(max_wr=10)
        attr.srq_type = V.IBV_SRQT_XRC
        attr.pd = pd
        attr.cq = cq
        attr.comp_mask = (V.IBV_SRQ_INIT_ATTR_TYPE | V.IBV_SRQ_INIT_ATTR_PD |
                          V.IBV_SRQ_INIT_ATTR_CQ | V.IBV_SRQ_INIT_ATTR_XRCD)
        with pytest.raises(GLib.Error) as e:
            V.SRQ(ctx, attr)
        assert e.value.matches(V.error_quark(), V.Error.NOT_SUPPORTED)
        assert e.value.message.startswith('ibv_create_srq_ex on ')
        with pytest.raises(GLib.Error) as e:
            V.SRQ(ctx, V.SrqInitAttr())
        assert e.value.matches(V.error_quark(), V.Error.INVALID_ARGUMENT)


def test_too_large_names_device_limit():
    info = devinfo(device_name())
    limit = parse_number(info['max_srq_wr'])
    with V.Context(name=device_name()) as ctx, V.PD(ctx) as pd:
        with pytest.raises(GLib.Error) as e:
            V.SRQ(pd, V.SrqInitAttr(V.SrqAttr(max_wr=limit + 1)))
        assert e.value.matches(V.error_quark(), V.Error.INVALID_ARGUMENT)
        assert 'max_wr %d > device limit max_srq_wr %d' % (limit + 1, limit) in e.value.message


def test_close_pd_closes_srq_and_its_qps(rc):
    qp = rc.receivers[0]
    with rc.srq:
        pass
    assert rc.srq.closed and qp.closed and rc.receivers[1].closed
    assert not rc.senders[0].closed
    with pytest.raises(GLib.Error) as e:
        rc.srq.post_recv(rc.recv_wrs(1))
    assert e.value.matches(V.error_quark(), V.Error.CLOSED)
    srq = V.SRQ(rc.pd, V.SrqInitAttr())
    qia = V.QPInitAttr(qp_type=V.IBV_QPT_RC, scq=rc.rcq, rcq=rc.rcq, srq=srq,
                       cap=V.QPCap(4, 0, 1, 1, 0))
    qp = V.QP(rc.pd, qia)
    assert qp.init_attr.srq == srq
    rc.pd.close()
    assert srq.closed and qp.closed
    for call in (srq.query, lambda: srq.arm(1)):
        with pytest.raises(GLib.Error) as e:
            call()
        assert e.value.matches(V.error_quark(), V.Error.CLOSED)


def test_cq_error_routed_to_cq():
    """A receive CQ of one entry overflows: rxe reports CQ_ERR; the event's
    object is the CQ, and the CQ's own async-event signal fires."""
    r = SrqResources(V.IBV_QPT_RC, n=1)
    try:
        small = V.CQ(r.ctx, 1, None, None, 0)
        qia = V.QPInitAttr(qp_type=V.IBV_QPT_RC, scq=small, rcq=small, srq=r.srq,
                           cap=V.QPCap(4, 0, 1, 1, 0))
        qp = V.QP(r.pd, qia)
        snd = V.QP(r.pd, V.QPInitAttr(qp_type=V.IBV_QPT_RC, scq=r.scq, rcq=r.scq,
                                      cap=V.QPCap(16, 1, 1, 1, 0)))
        r.connect(qp, snd.qp_num)
        r.connect(snd, qp.qp_num)
        r.senders[0] = snd
        r.srq.post_recv(r.recv_wrs(16))
        loop = GLib.MainLoop()
        on_ctx, on_cq = [], []
        r.ctx.connect('async-event::cq-err', lambda c, e: on_ctx.append(e.object))

        def cq_event(cq, event):
            on_cq.append((cq, event.object, event.event_type))
            loop.quit()
        small.connect('async-event', cq_event)
        for k in range(8):
            r.send(0, k, b'y' * 8)
        GLib.timeout_add_seconds(10, loop.quit)
        loop.run()
        assert on_ctx and all(o == small for o in on_ctx)
        assert on_cq and on_cq[0] == (small, small, V.IBV_EVENT_CQ_ERR)
    finally:
        r.close()
