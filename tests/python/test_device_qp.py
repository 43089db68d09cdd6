# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: queue pairs from Python with pyverbs' API, real traffic."""
import time

import gi
import socket

import pytest

from gverbs_testutil import device_name, rdma_resources
from gi.repository import GLib
from gi.repository import Verbs as V
from qp_traffic import Pair, poll, send_wr, recv_wr, ALL_ACCESS

gi.require_version('Verbs', '1.0')


@pytest.fixture
def ctx():
    with V.Context(name=device_name()) as c:
        yield c


def qp_resource(qp_num):
    for r in rdma_resources('qp'):
        if r.get('lqpn') == qp_num:
            return r
    return None


def test_create_states_and_resources(ctx):
    with V.PD(ctx) as pd:
        cq = V.CQ(ctx, 100, None, None, 0)
        cap = V.QPCap(100, 10, 1, 1, 0)
        for qpt, name in ((V.IBV_QPT_RC, 'RC'), (V.IBV_QPT_UC, 'UC'), (V.IBV_QPT_UD, 'UD')):
            qia = V.QPInitAttr(qp_type=qpt, scq=cq, rcq=cq, cap=cap, sq_sig_all=1)
            qp = V.QP(pd, qia)
            assert qp.qp_state == V.IBV_QPS_RESET
            assert qp.qp_type == qpt
            res = qp_resource(qp.qp_num)
            assert res['type'] == name and res['state'] == 'RESET'
            assert qp.cap.max_send_wr >= 100 and qp.cap.max_recv_wr >= 10
            qp.close()
            assert qp_resource(qp.qp_num) is None
        # pyverbs: a UD QP given a QPAttr is returned in RTS, RC in INIT
        ud = V.QP(pd, V.QPInitAttr(cap=cap, qp_type=V.IBV_QPT_UD, scq=cq, rcq=cq), V.QPAttr())
        assert ud.qp_state == V.IBV_QPS_RTS
        assert qp_resource(ud.qp_num)['state'] == 'RTS'
        rc = pd.qp(V.QPInitAttr(qp_type=V.IBV_QPT_RC, scq=cq, rcq=cq, cap=cap), V.QPAttr())
        assert rc.qp_state == V.IBV_QPS_INIT
        attr, init_attr = rc.query(V.IBV_QP_STATE | V.IBV_QP_PORT | V.IBV_QP_CAP)
        assert attr.qp_state == V.IBV_QPS_INIT
        assert attr.port_num == 1
        assert init_attr.qp_type == V.IBV_QPT_RC
        assert init_attr.cap.max_send_wr >= 100
        assert 'QP state              : Init' in str(attr)
        # closing the PD closes its QPs first
        pd.close()
        assert ud.closed and rc.closed
        with pytest.raises(GLib.Error) as err:
            rc.query(V.IBV_QP_STATE)
        assert err.value.matches(V.error_quark(), V.Error.CLOSED)


def test_print_layouts():
    cap = V.QPCap(100, 10, 1, 1, 0)
    assert str(cap).splitlines()[0] == 'max send wrs        : 100                 '
    attr = V.QPAttr(port_num=1)
    attr.dest_qp_num = 17
    attr.qp_access_flags = V.IBV_ACCESS_LOCAL_WRITE | V.IBV_ACCESS_REMOTE_READ
    text = str(attr)
    assert 'Dest QP number        : 17' in text
    assert 'QP access flags       : Local write Remote read ' in text
    assert 'Path MTU              : 1024' in text
    wr = V.SendWR(7, V.IBV_WR_SEND, 1, 0, [V.SGE(0x1000, 8, 1)])
    assert 'Send flags            : IBV_SEND_SIGNALED ' in str(wr)


def test_unsupported_types(ctx):
    with V.PD(ctx) as pd:
        cq = V.CQ(ctx, 10, None, None, 0)
        for qpt in (V.IBV_QPT_RAW_PACKET, V.IBV_QPT_XRC_SEND, V.IBV_QPT_XRC_RECV):
            with pytest.raises(GLib.Error) as err:
                V.QP(pd, V.QPInitAttr(qp_type=qpt, scq=cq, rcq=cq))
            assert err.value.matches(V.error_quark(), V.Error.NOT_SUPPORTED)
            assert 'ibv_create_qp' in err.value.message
        with pytest.raises(GLib.Error) as err:
            V.QP(pd, V.QPInitAttr(qp_type=V.IBV_QPT_RC, scq=cq, rcq=cq, cap=V.QPCap(1 << 30)))
        assert err.value.matches(V.error_quark(), V.Error.INVALID_ARGUMENT)
        assert rdma_resources('qp') == []


@pytest.mark.parametrize('qp_type', [V.IBV_QPT_RC, V.IBV_QPT_UC, V.IBV_QPT_UD])
def test_send_recv(qp_type):
    p = Pair(device_name(), qp_type)
    grh = 40 if qp_type == V.IBV_QPT_UD else 0
    data = bytes((i * 13) & 0xff for i in range(512))
    p[1].qp.post_recv(recv_wr(p[1], 5, 0, 512 + grh))
    p[0].mr.write(data, len(data), 100)
    p[0].qp.post_send(send_wr(p, p[0], 6, V.IBV_WR_SEND_WITH_IMM, 100, 512, imm_data=0x1234))
    (swc,) = poll(p[0].cq)
    assert (swc.status, swc.wr_id, swc.opcode) == (V.IBV_WC_SUCCESS, 6, V.IBV_WC_SEND)
    (rwc,) = poll(p[1].cq)
    assert (rwc.status, rwc.wr_id, rwc.opcode) == (V.IBV_WC_SUCCESS, 5, V.IBV_WC_RECV)
    assert rwc.byte_len == 512 + grh
    assert rwc.wc_flags & V.IBV_WC_WITH_IMM and rwc.imm_data == 0x1234
    assert rwc.qp_num == p[1].qp.qp_num
    if qp_type == V.IBV_QPT_UD:
        assert rwc.wc_flags & V.IBV_WC_GRH
        assert rwc.src_qp == p[0].qp.qp_num
    assert p[1].mr.read(512, grh) == data
    p.close()


def test_batch_post_one_call():
    p = Pair(device_name())
    n = 50
    for i in range(n):
        p[0].mr.write(i.to_bytes(8, 'little'), 8, i * 8)
    p[1].qp.post_recv([recv_wr(p[1], 1000 + i, i * 8, 8) for i in range(n)])
    p[0].qp.post_send([send_wr(p, p[0], i, V.IBV_WR_SEND, i * 8, 8) for i in range(n)])
    assert [wc.wr_id for wc in poll(p[0].cq, n)] == list(range(n))
    rwcs = poll(p[1].cq, n)
    assert [wc.wr_id for wc in rwcs] == [1000 + i for i in range(n)]
    assert all(wc.status == V.IBV_WC_SUCCESS and wc.byte_len == 8 for wc in rwcs)
    for i in range(n):
        assert int.from_bytes(p[1].mr.read(8, i * 8), 'little') == i
    # a pyverbs next_wr chain posts the same way
    a, b = recv_wr(p[1], 1, 0, 8), recv_wr(p[1], 2, 8, 8)
    a.next_wr = b
    p[1].qp.post_recv(a)
    s2 = send_wr(p, p[0], 8, V.IBV_WR_SEND, 8, 8)
    s1 = send_wr(p, p[0], 7, V.IBV_WR_SEND, 0, 8, next_wr=s2)
    p[0].qp.post_send(s1)
    assert [wc.wr_id for wc in poll(p[0].cq, 2)] == [7, 8]
    assert [wc.wr_id for wc in poll(p[1].cq, 2)] == [1, 2]
    p.close()


def test_post_repeat_batch_calls():
    """post_send_repeat/post_recv_repeat: N copies of one WR in one call;
    a signaled template gives one completion (the last copy's)."""
    p = Pair(device_name())
    n = 40
    p[0].mr.write(b'repeat!!', 8, 0)
    p[1].qp.post_recv_repeat(recv_wr(p[1], 9, 64, 8), n)
    wr = send_wr(p, p[0], 3, V.IBV_WR_SEND, 0, 8, send_flags=V.IBV_SEND_SIGNALED)
    p[0].qp.post_send_repeat(wr, n)
    rwcs = poll(p[1].cq, n)
    assert [(wc.status, wc.wr_id, wc.byte_len) for wc in rwcs] == [(V.IBV_WC_SUCCESS, 9, 8)] * n
    assert p[1].mr.read(8, 64) == b'repeat!!'
    (swc,) = poll(p[0].cq, 1)
    assert (swc.status, swc.wr_id, swc.opcode) == (V.IBV_WC_SUCCESS, 3, V.IBV_WC_SEND)
    assert p[0].cq.poll_list(8) == [] and p[1].cq.poll_list(8) == []
    # poll_wr_ids: the wr_ids alone, statuses checked in C
    p[1].qp.post_recv_repeat(recv_wr(p[1], 11, 64, 8), 3)
    p[0].qp.post_send_repeat(wr, 3)
    ids, deadline = [], time.monotonic() + 10
    while len(ids) < 4 and time.monotonic() < deadline:
        ids += p[0].cq.poll_wr_ids(8) + p[1].cq.poll_wr_ids(8)
    assert sorted(ids) == [3, 11, 11, 11]
    assert p[0].cq.poll_wr_ids(8) == []
    # the WC is struct ibv_wc: invalidated_rkey is imm_data's 32 bits
    swc.imm_data = 0x5566
    assert swc.invalidated_rkey == 0x5566
    p[0].qp.close()
    with pytest.raises(GLib.Error) as e:
        p[0].qp.post_send_repeat(wr, 2)
    assert e.value.matches(V.error_quark(), V.Error.CLOSED)
    p.close()


@pytest.mark.parametrize('qp_type', [V.IBV_QPT_RC, V.IBV_QPT_UC])
def test_rdma_write(qp_type):
    p = Pair(device_name(), qp_type)
    data = b'gverbs-rdma-write' * 50
    p[0].mr.write(data, len(data), 0)
    wr = send_wr(p, p[0], 9, V.IBV_WR_RDMA_WRITE, 0, len(data))
    wr.set_wr_rdma(p[1].mr.rkey, p[1].mr.addr + 1000)
    p[0].qp.post_send(wr)
    (wc,) = poll(p[0].cq)
    assert wc.status == V.IBV_WC_SUCCESS and wc.opcode == V.IBV_WC_RDMA_WRITE
    assert p[1].mr.read(len(data), 1000) == data
    # with immediate: consumes a receive, which reports the immediate
    p[1].qp.post_recv(recv_wr(p[1], 44, 0, 0))
    wr = send_wr(p, p[0], 10, V.IBV_WR_RDMA_WRITE_WITH_IMM, 0, 64, imm_data=0xbeef)
    wr.set_wr_rdma(p[1].mr.rkey, p[1].mr.addr + 3000)
    p[0].qp.post_send(wr)
    poll(p[0].cq)
    (rwc,) = poll(p[1].cq)
    assert rwc.opcode == V.IBV_WC_RECV_RDMA_WITH_IMM and rwc.imm_data == 0xbeef
    assert rwc.wr_id == 44 and rwc.byte_len == 64
    assert p[1].mr.read(64, 3000) == data[:64]
    p.close()


def test_rdma_read_and_zero_length():
    p = Pair(device_name())
    data = bytes(range(256)) * 4
    p[1].mr.write(data, len(data), 2048)
    wr = send_wr(p, p[0], 11, V.IBV_WR_RDMA_READ, 0, len(data))
    wr.set_wr_rdma(p[1].mr.rkey, p[1].mr.addr + 2048)
    zero = send_wr(p, p[0], 12, V.IBV_WR_RDMA_READ, 3000, 0)
    zero.set_wr_rdma(p[1].mr.rkey, p[1].mr.addr)
    p[0].qp.post_send([wr, zero])
    wcs = poll(p[0].cq, 2)
    assert [(w.wr_id, w.status, w.opcode, w.byte_len) for w in wcs] == [
        (11, V.IBV_WC_SUCCESS, V.IBV_WC_RDMA_READ, len(data)),
        (12, V.IBV_WC_SUCCESS, V.IBV_WC_RDMA_READ, 0)]
    assert p[0].mr.read(len(data), 0) == data
    p.close()


def test_atomics():
    p = Pair(device_name())
    p[1].mr.write((100).to_bytes(8, 'little'), 8, 0)
    wr = send_wr(p, p[0], 13, V.IBV_WR_ATOMIC_CMP_AND_SWP, 0, 8)
    wr.set_wr_atomic(p[1].mr.rkey, p[1].mr.addr, 100, 555)
    p[0].qp.post_send(wr)
    (wc,) = poll(p[0].cq)
    assert wc.status == V.IBV_WC_SUCCESS and wc.opcode == V.IBV_WC_COMP_SWAP
    assert int.from_bytes(p[0].mr.read(8, 0), 'little') == 100
    assert int.from_bytes(p[1].mr.read(8, 0), 'little') == 555
    wr = send_wr(p, p[0], 14, V.IBV_WR_ATOMIC_FETCH_AND_ADD, 8, 8)
    wr.set_wr_atomic(p[1].mr.rkey, p[1].mr.addr, 45)
    p[0].qp.post_send(wr)
    (wc,) = poll(p[0].cq)
    assert wc.opcode == V.IBV_WC_FETCH_ADD
    assert int.from_bytes(p[0].mr.read(8, 8), 'little') == 555
    assert int.from_bytes(p[1].mr.read(8, 0), 'little') == 600
    p.close()


def test_inline_send():
    p = Pair(device_name(), cap=V.QPCap(16, 16, 1, 1, 64))
    assert p[0].qp.cap.max_inline_data >= 64
    p[1].qp.post_recv(recv_wr(p[1], 1, 0, 64))
    p[0].mr.write(b'inline payload!!', 16, 0)
    wr = send_wr(p, p[0], 2, V.IBV_WR_SEND, 0, 16,
                 send_flags=V.IBV_SEND_SIGNALED | V.IBV_SEND_INLINE)
    p[0].qp.post_send(wr)
    poll(p[0].cq)
    (rwc,) = poll(p[1].cq)
    assert rwc.byte_len == 16 and p[1].mr.read(16, 0) == b'inline payload!!'
    p.close()


def test_wrong_rkey_is_a_wc_error():
    p = Pair(device_name())
    wr = send_wr(p, p[0], 77, V.IBV_WR_RDMA_WRITE, 0, 8)
    wr.set_wr_rdma(p[1].mr.rkey ^ 0x100, p[1].mr.addr)
    p[0].qp.post_send(wr)
    (wc,) = poll(p[0].cq)
    assert wc.status == V.IBV_WC_REM_ACCESS_ERR
    err = V.WCError(wc, p[0].qp)
    assert err.code == V.IBV_WC_REM_ACCESS_ERR
    assert 'wr_id 77' in err.message and 'QP 0x%x' % p[0].qp.qp_num in err.message
    assert p[0].qp.qp_state == V.IBV_QPS_ERR
    p.close()


def test_rnr_retry_exceeded():
    p = Pair(device_name(), rnr_retry=0)
    p[0].qp.post_send(send_wr(p, p[0], 78, V.IBV_WR_SEND, 0, 8))
    (wc,) = poll(p[0].cq)
    assert wc.status == V.IBV_WC_RNR_RETRY_EXC_ERR and wc.wr_id == 78
    p.close()


def test_post_errors():
    p = Pair(device_name(), cap=V.QPCap(16, 16, 1, 1, 0))
    wrs = [send_wr(p, p[0], 60 + i, V.IBV_WR_SEND, 0, 8) for i in range(3)]
    wrs[2].num_sge = p[0].qp.cap.max_send_sge + 1
    with pytest.raises(GLib.Error) as err:
        p[0].qp.post_send(wrs)
    assert err.value.matches(V.error_quark(), V.Error.INVALID_ARGUMENT)
    assert 'work request 2 of 3 (wr_id 62)' in err.value.message
    p[0].qp.close()
    with pytest.raises(GLib.Error) as err:
        p[0].qp.post_recv(recv_wr(p[0], 1, 0, 8))
    assert err.value.matches(V.error_quark(), V.Error.CLOSED)
    p.close()


@pytest.mark.parametrize('qp_type', [V.IBV_QPT_RC, V.IBV_QPT_UD])
def test_qp_ex_send_and_write(qp_type):
    ops = V.IBV_QP_EX_WITH_SEND
    if qp_type == V.IBV_QPT_RC:
        ops |= V.IBV_QP_EX_WITH_RDMA_WRITE
    p = Pair(device_name(), qp_type, cap=V.QPCap(16, 16, 1, 1, 64), send_ops=ops)
    grh = 40 if qp_type == V.IBV_QPT_UD else 0
    qp = p[0].qp
    p[1].qp.post_recv(recv_wr(p[1], 3, 0, 64 + grh))
    p[0].mr.write(b'x' * 64, 64, 0)
    qp.wr_start()
    qp.wr_id = 31
    qp.wr_flags = V.IBV_SEND_SIGNALED
    qp.wr_send()
    if qp_type == V.IBV_QPT_UD:
        qp.wr_set_ud_addr(p[0].ah, p[1].qp.qp_num, 0x11111111)
    qp.wr_set_sge(V.SGE(p[0].mr.buf, 64, p[0].mr.lkey))
    if qp_type == V.IBV_QPT_RC:
        qp.wr_id = 32
        qp.wr_flags = V.IBV_SEND_SIGNALED | V.IBV_SEND_INLINE
        qp.wr_rdma_write(p[1].mr.rkey, p[1].mr.buf + 1000)
        qp.wr_set_inline_data(b'written inline')
    qp.wr_complete()
    wcs = poll(p[0].cq, 2 if qp_type == V.IBV_QPT_RC else 1)
    assert [w.wr_id for w in wcs] == ([31, 32] if qp_type == V.IBV_QPT_RC else [31])
    assert [w.status for w in wcs] == [V.IBV_WC_SUCCESS] * len(wcs)
    (rwc,) = poll(p[1].cq)
    assert rwc.byte_len == 64 + grh and p[1].mr.read(64, grh) == b'x' * 64
    if qp_type == V.IBV_QPT_RC:
        assert p[1].mr.read(14, 1000) == b'written inline'
    p.close()


def test_ten_thousand_messages_on_the_main_loop():
    """Event-driven: the CQs' ::completions signal (one emission per dispatch) drives
    10 000 RC messages; none lost or duplicated, in order, payload checked."""
    n, window, rwindow = 10000, 32, 64
    p = Pair(device_name(), cap=V.QPCap(128, 128, 1, 1, 0), channel=True)
    loop = GLib.MainLoop()
    state = {'sent': 0, 'send_done': 0, 'recv_done': 0, 'seen': bytearray(n), 'error': None}
    sbuf, rbuf = p[0].mr, p[1].mr

    def post_sends(seqs):
        wrs = []
        for seq in seqs:
            sbuf.write(seq.to_bytes(8, 'little'), 8, (seq % window) * 8)
            wrs.append(send_wr(p, p[0], seq, V.IBV_WR_SEND, (seq % window) * 8, 8))
        p[0].qp.post_send(wrs)
        state['sent'] += len(wrs)

    def on_send(cq, wcs):
        try:
            for wc in wcs:
                assert wc.status == V.IBV_WC_SUCCESS and wc.wr_id == state['send_done']
                state['send_done'] += 1
            more = min(len(wcs), n - state['sent'])
            if more:
                post_sends(range(state['sent'], state['sent'] + more))
        except Exception as e:  # noqa: BLE001 - reported after the loop
            state['error'] = e
            loop.quit()

    def on_recv(cq, wcs):
        try:
            again = []
            for wc in wcs:
                assert wc.status == V.IBV_WC_SUCCESS and wc.byte_len == 8
                assert wc.wr_id == state['recv_done']
                seq = int.from_bytes(rbuf.read(8, (wc.wr_id % rwindow) * 8), 'little')
                assert seq == state['recv_done'] and not state['seen'][seq]
                state['seen'][seq] = 1
                state['recv_done'] += 1
                if wc.wr_id + rwindow < n:
                    again.append(recv_wr(p[1], wc.wr_id + rwindow, ((wc.wr_id + rwindow) % rwindow) * 8, 8))
            if again:
                p[1].qp.post_recv(again)
            if state['recv_done'] == n:
                loop.quit()
        except Exception as e:  # noqa: BLE001
            state['error'] = e
            loop.quit()

    p[0].cq.connect('completions', on_send)
    p[1].cq.connect('completions', on_recv)
    p[0].cq.watched = True
    p[1].cq.watched = True
    p[1].qp.post_recv([recv_wr(p[1], i, i * 8, 8) for i in range(rwindow)])
    post_sends(range(window))
    timeout = GLib.timeout_add_seconds(240, loop.quit)
    loop.run()
    GLib.source_remove(timeout)
    while state['send_done'] < n and state['error'] is None:
        GLib.MainContext.default().iteration(True)
    assert state['error'] is None, state['error']
    assert state['sent'] == state['send_done'] == state['recv_done'] == n
    assert all(state['seen'])
    assert p[0].cq.poll(1) == (0, []) and p[1].cq.poll(1) == (0, [])
    p.close()


def test_qp_ex_refuses_what_the_transport_lacks(ctx):
    """rxe: RDMA write is no UD operation; a plain QP has no extended API."""
    with V.PD(ctx) as pd:
        cq = V.CQ(ctx, 10, None, None, 0)
        qia = V.QPInitAttrEx(qp_type=V.IBV_QPT_UD, scq=cq, rcq=cq, pd=pd,
                             comp_mask=V.IBV_QP_INIT_ATTR_PD | V.IBV_QP_INIT_ATTR_SEND_OPS_FLAGS,
                             send_ops_flags=V.IBV_QP_EX_WITH_RDMA_WRITE)
        with pytest.raises(GLib.Error) as err:
            V.QPEx(ctx, qia)
        assert err.value.matches(V.error_quark(), V.Error.NOT_SUPPORTED)
        assert 'send_ops_flags' in err.value.message
        qp = V.QP(pd, V.QPInitAttr(qp_type=V.IBV_QPT_RC, scq=cq, rcq=cq))
        assert not hasattr(qp, 'wr_start') and not isinstance(qp, V.QPEx)
        # an operation outside send_ops_flags is refused, not called through a NULL pointer
        qia.send_ops_flags = V.IBV_QP_EX_WITH_SEND
        qpx = V.QPEx(ctx, qia)
        qpx.wr_start()
        with pytest.raises(GLib.Error) as err:
            qpx.wr_send_imm(1)
        assert err.value.matches(V.error_quark(), V.Error.NOT_SUPPORTED)
        assert 'IBV_QP_EX_WITH_SEND_WITH_IMM' in err.value.message.replace('GVERBS_', 'IBV_')
        with pytest.raises(GLib.Error) as err:
            qpx.wr_set_sge(V.SGE(0, 8, 0))
        assert err.value.matches(V.error_quark(), V.Error.INVALID_ARGUMENT)
        qpx.wr_abort()
        # without SEND_OPS_FLAGS in comp_mask: created (as pyverbs), no extended send API
        qia.comp_mask = V.IBV_QP_INIT_ATTR_PD
        qpx = V.QPEx(ctx, qia)
        with pytest.raises(GLib.Error) as err:
            qpx.wr_start()
        assert err.value.matches(V.error_quark(), V.Error.NOT_SUPPORTED)
        # no PD in the attributes
        qia.pd = None
        with pytest.raises(GLib.Error) as err:
            V.QPEx(ctx, qia)
        assert err.value.matches(V.error_quark(), V.Error.INVALID_ARGUMENT)


def test_qp_ex_attributes_and_creation(ctx):
    """QPInitAttrEx carries pyverbs' fields; QPEx takes its PD from them; a plain QP
    from a Context and a QPInitAttrEx is made with ibv_create_qp_ex too."""
    with V.PD(ctx) as pd:
        cq = V.CQ(ctx, 10, None, None, 0)
        qia = V.QPInitAttrEx(qp_type=V.IBV_QPT_RC, scq=cq, rcq=cq, cap=V.QPCap(8, 8, 2, 2, 0),
                             pd=pd, comp_mask=V.IBV_QP_INIT_ATTR_PD |
                             V.IBV_QP_INIT_ATTR_SEND_OPS_FLAGS,
                             send_ops_flags=V.IBV_QP_EX_WITH_SEND | V.IBV_QP_EX_WITH_RDMA_READ)
        assert isinstance(qia, V.QPInitAttr) and isinstance(qia, V.QPInitAttrEx)
        assert (qia.pd, qia.xrcd, qia.create_flags, qia.max_tso_header, qia.source_qpn) == \
            (pd, None, 0, 0, 0)
        assert qia.sq_sig_all is False and qia.max_send_wr == 8 and qia.max_send_sge == 2
        assert int(qia.comp_mask) == V.IBV_QP_INIT_ATTR_PD | V.IBV_QP_INIT_ATTR_SEND_OPS_FLAGS
        qp = V.QPEx(ctx, qia)
        assert isinstance(qp, V.QP) and qp.pd == pd and qp.context == ctx
        assert qp.qp_type == V.IBV_QPT_RC and qp.qp_state == V.IBV_QPS_RESET
        assert int(qp.send_ops_flags) == V.IBV_QP_EX_WITH_SEND | V.IBV_QP_EX_WITH_RDMA_READ
        qp.wr_id = 2 ** 64 - 1
        qp.wr_flags = V.IBV_SEND_SIGNALED | V.IBV_SEND_FENCE
        assert qp.wr_id == 2 ** 64 - 1
        assert int(qp.wr_flags) == V.IBV_SEND_SIGNALED | V.IBV_SEND_FENCE
        plain = V.QP(ctx, qia)
        assert not isinstance(plain, V.QPEx) and plain.pd == pd and plain.context == ctx
        with V.QP(pd, V.QPInitAttr(V.IBV_QPT_UD, None, cq, cq)) as from_pd:
            assert from_pd.context == ctx   # the PD's
        with V.Context(name=ctx.get_name()) as other, pytest.raises(GLib.Error) as err:
            V.QP(other, qia)   # qia.pd belongs to ctx
        assert err.value.matches(V.error_quark(), V.Error.INVALID_ARGUMENT)
        assert 'belongs to another device context' in err.value.message
        assert int(plain.send_ops_flags) == int(qia.send_ops_flags)
        # RSS is supported now (WQ/RwqIndTable): only a table is taken
        with pytest.raises(TypeError, match='RwqIndTable'):
            V.QPInitAttrEx(ind_table=object())
        qp.close()
        plain.close()


def test_qp_ex_immediates_and_sge_list():
    """wr_send_imm / wr_rdma_write_imm take the immediate in host order (pyverbs),
    wr_set_sge_list gathers its list (more SGEs than max_send_sge are refused)."""
    ops = V.IBV_QP_EX_WITH_SEND_WITH_IMM | V.IBV_QP_EX_WITH_RDMA_WRITE_WITH_IMM | \
        V.IBV_QP_EX_WITH_RDMA_WRITE
    p = Pair(device_name(), V.IBV_QPT_RC, cap=V.QPCap(16, 16, 2, 1, 0), send_ops=ops)
    qp = p[0].qp
    p[0].mr.write(bytes(range(200)), 200, 0)
    p[1].qp.post_recv(recv_wr(p[1], 1, 0, 256))
    p[1].qp.post_recv(recv_wr(p[1], 2, 0, 8))
    qp.wr_start()
    qp.wr_id, qp.wr_flags = 11, V.IBV_SEND_SIGNALED
    qp.wr_send_imm(0x01020304)
    qp.wr_set_sge(V.SGE(p[0].mr.buf, 150, p[0].mr.lkey))
    qp.wr_id = 12
    qp.wr_rdma_write_imm(p[1].mr.rkey, p[1].mr.buf + 1024, 0xa0b0c0d0)
    qp.wr_set_sge(V.SGE(p[0].mr.buf + 10, 20, p[0].mr.lkey))
    qp.wr_id = 13
    qp.wr_rdma_write(p[1].mr.rkey, p[1].mr.buf + 2048)
    with pytest.raises(GLib.Error) as err:
        qp.wr_set_sge_list(3, [V.SGE(p[0].mr.buf, 8, p[0].mr.lkey)] * 3)
    assert err.value.matches(V.error_quark(), V.Error.OUT_OF_RANGE)
    # two halves, the second first: gathered in list order
    qp.wr_set_sge_list(2, [V.SGE(p[0].mr.buf + 175, 25, p[0].mr.lkey),
                           V.SGE(p[0].mr.buf + 150, 25, p[0].mr.lkey)])
    qp.wr_complete()
    assert [(w.wr_id, w.status) for w in poll(p[0].cq, 3)] == \
        [(11, V.IBV_WC_SUCCESS), (12, V.IBV_WC_SUCCESS), (13, V.IBV_WC_SUCCESS)]
    r1, r2 = poll(p[1].cq, 2)
    assert (r1.wr_id, r1.opcode, r1.byte_len) == (1, V.IBV_WC_RECV, 150)
    assert socket.ntohl(r1.imm_data) == 0x01020304
    assert p[1].mr.read(150, 0) == bytes(range(150))
    assert (r2.wr_id, r2.opcode, r2.byte_len) == (2, V.IBV_WC_RECV_RDMA_WITH_IMM, 20)
    assert socket.ntohl(r2.imm_data) == 0xa0b0c0d0
    assert p[1].mr.read(20, 1024) == bytes(range(10, 30))
    assert p[1].mr.read(58, 2048) == bytes(range(175, 200)) + bytes(range(150, 175)) + bytes(8)
    p.close()


def test_qp_ex_sge_lists_of_unequal_lengths():
    """Gathers and scatters of 2 and 3 SGEs of unequal lengths (the bytes, in list
    order, and nothing past them). rxe before rdma-core 64 made an operation
    n_sges * the first SGE's length long: [10, 20] went out as 20 bytes with
    SUCCESS, [30, 20, 10] completed with LOC_QP_OP_ERR."""
    ops = V.IBV_QP_EX_WITH_SEND | V.IBV_QP_EX_WITH_RDMA_WRITE | V.IBV_QP_EX_WITH_RDMA_READ
    p = Pair(device_name(), V.IBV_QPT_RC, send_ops=ops)     # max_send_sge 4
    qp, mr0, mr1 = p[0].qp, p[0].mr, p[1].mr
    src = bytes((i * 7 + 5) & 0xff for i in range(1024))
    mr0.write(src, len(src), 0)
    far = bytes((i * 11 + 99) & 0xff for i in range(40))
    mr1.write(far, len(far), 2048)
    p[1].qp.post_recv(recv_wr(p[1], 70, 1024, 256))

    def sges(mr, *pieces):
        return [V.SGE(mr.buf + off, n, mr.lkey) for off, n in pieces]

    def gathered(*pieces):
        return b''.join(src[off:off + n] for off, n in pieces)

    w2 = ((0, 10), (100, 20))
    w3 = ((200, 30), (300, 20), (400, 10))
    s2 = ((600, 48), (500, 16))
    r3 = ((3000, 20), (3100, 10), (3200, 10))
    qp.wr_start()
    qp.wr_id, qp.wr_flags = 1, V.IBV_SEND_SIGNALED
    qp.wr_rdma_write(mr1.rkey, mr1.buf)
    qp.wr_set_sge_list(2, sges(mr0, *w2))
    qp.wr_id = 2
    qp.wr_rdma_write(mr1.rkey, mr1.buf + 512)
    qp.wr_set_sge_list(3, sges(mr0, *w3))
    qp.wr_id = 3
    qp.wr_send()
    qp.wr_set_sge_list(2, sges(mr0, *s2))
    qp.wr_id = 4
    qp.wr_rdma_read(mr1.rkey, mr1.buf + 2048)
    qp.wr_set_sge_list(3, sges(mr0, *r3))
    qp.wr_complete()
    assert [(w.wr_id, w.status) for w in poll(p[0].cq, 4)] == \
        [(i, V.IBV_WC_SUCCESS) for i in range(1, 5)]
    (rwc,) = poll(p[1].cq)
    assert (rwc.wr_id, rwc.status, rwc.byte_len) == (70, V.IBV_WC_SUCCESS, 64)
    assert mr1.read(30 + 16, 0) == gathered(*w2) + bytes(16)
    assert mr1.read(60 + 16, 512) == gathered(*w3) + bytes(16)
    assert mr1.read(64 + 16, 1024) == gathered(*s2) + bytes(16)
    assert [mr0.read(n + 8, off) for off, n in r3] == \
        [far[:20] + bytes(8), far[20:30] + bytes(8), far[30:40] + bytes(8)]

    # 100 + 37 bytes: no list of at most 4 SGEs that such an rxe counts right
    bad = ((0, 100), (200, 37))
    qp.wr_start()
    qp.wr_id = 5
    qp.wr_rdma_write(mr1.rkey, mr1.buf + 3072)
    try:
        qp.wr_set_sge_list(2, sges(mr0, *bad))
    except GLib.Error as err:
        assert err.matches(V.error_quark(), V.Error.NOT_SUPPORTED)
        assert 'ibv_wr_set_sge_list' in err.message and 'rdma-core 64' in err.message
        qp.wr_abort()
        time.sleep(0.05)
        assert p[0].cq.poll(1) == (0, [])
    else:   # built against rdma-core 64 or later
        qp.wr_complete()
        assert [(w.wr_id, w.status) for w in poll(p[0].cq)] == [(5, V.IBV_WC_SUCCESS)]
        assert mr1.read(137 + 16, 3072) == gathered(*bad) + bytes(16)
    p.close()


def test_query_data_in_order(ctx):
    # ibv_query_qp_data_in_order(): a bool for every send opcode of an RTS
    # QP; rxe has no provider hook for it, so libibverbs answers "not
    # guaranteed" (0), as pyverbs' qp.query_data_in_order() gives there.
    with V.PD(ctx) as pd:
        cq = V.CQ(ctx, 10, None, None, 0)
        qia = V.QPInitAttr(qp_type=V.IBV_QPT_UD, scq=cq, rcq=cq, cap=V.QPCap(10, 10, 1, 1, 0))
        qp = V.QP(pd, qia, V.QPAttr(qkey=0x11111111, port_num=1))
        assert qp.qp_state == V.IBV_QPS_RTS
        for op in (V.IBV_WR_SEND, V.IBV_WR_RDMA_WRITE, V.IBV_WR_SEND_WITH_IMM):
            in_order = qp.query_data_in_order(op)
            assert in_order is False
        qp.close()
        with pytest.raises(GLib.Error) as err:
            qp.query_data_in_order(V.IBV_WR_SEND)
        assert err.value.matches(V.error_quark(), V.Error.CLOSED)


def test_qp_ex_wr_bind_mw():
    # ibv_wr_bind_mw(): a type 2 window bound from the extended send API;
    # the peer then RDMA-writes through the window's new rkey.
    ops = V.IBV_QP_EX_WITH_BIND_MW | V.IBV_QP_EX_WITH_SEND
    p = Pair(device_name(), V.IBV_QPT_RC, cap=V.QPCap(16, 16, 1, 1, 0), send_ops=ops)
    mr = V.MR(p.pd, 4096, ALL_ACCESS | V.IBV_ACCESS_MW_BIND)
    mw = V.MW(p.pd, V.IBV_MW_TYPE_2)
    rkey = (mw.rkey & 0xffffff00) | ((mw.rkey + 1) & 0xff)
    qp = p[0].qp
    qp.wr_start()
    qp.wr_id = 7
    qp.wr_flags = V.IBV_SEND_SIGNALED
    qp.wr_bind_mw(mw, rkey, mr, mr.buf + 1024, 2048,
                  V.IBV_ACCESS_REMOTE_WRITE | V.IBV_ACCESS_REMOTE_READ)
    qp.wr_complete()
    (wc,) = poll(p[0].cq)
    assert (wc.wr_id, wc.status, wc.opcode) == (7, V.IBV_WC_SUCCESS, V.IBV_WC_BIND_MW)
    assert mw.rkey == rkey
    p[1].mr.write(b'through the window', 18, 0)
    wr = send_wr(p, p[1], 8, V.IBV_WR_RDMA_WRITE, 0, 18)
    wr.set_wr_rdma(rkey, mr.buf + 1024 + 100)
    p[1].qp.post_send(wr)
    (wc,) = poll(p[1].cq)
    assert wc.status == V.IBV_WC_SUCCESS
    assert mr.read(18, 1024 + 100) == b'through the window'
    # outside the window: refused before anything is posted
    qp.wr_start()
    with pytest.raises(GLib.Error) as err:
        qp.wr_bind_mw(mw, rkey, mr, mr.buf + 4000, 2048, V.IBV_ACCESS_REMOTE_WRITE)
    assert err.value.matches(V.error_quark(), V.Error.OUT_OF_RANGE)
    qp.wr_abort()
    p.close()
