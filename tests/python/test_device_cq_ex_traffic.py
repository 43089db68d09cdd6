# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: extended CQs (CQEX) carrying real traffic of RC and UD pairs,
every completion read with start_poll / poll_next / end_poll (pyverbs' API)."""
import errno
import time

import gi
import pytest

from gverbs_testutil import device_name
from gi.repository import GLib
from gi.repository import Verbs as V
from qp_traffic import Pair, send_wr, recv_wr

gi.require_version('Verbs', '1.0')

# everything rxe offers (no completion timestamps)
WC_FLAGS = (V.IBV_WC_EX_WITH_BYTE_LEN | V.IBV_WC_EX_WITH_IMM | V.IBV_WC_EX_WITH_QP_NUM |
            V.IBV_WC_EX_WITH_SRC_QP | V.IBV_WC_EX_WITH_SLID | V.IBV_WC_EX_WITH_SL |
            V.IBV_WC_EX_WITH_DLID_PATH_BITS)


def read_current(cq):
    flags = int(cq.read_wc_flags())
    c = dict(wr_id=cq.wr_id, status=cq.status, opcode=cq.read_opcode(),
             byte_len=cq.read_byte_len(), qp_num=cq.read_qp_num(),
             src_qp=cq.read_src_qp(), wc_flags=flags, slid=cq.read_slid(),
             sl=cq.read_sl(), dlid_path_bits=cq.read_dlid_path_bits(),
             imm_data=cq.read_imm_data() if flags & V.IBV_WC_WITH_IMM else None)
    wc = cq.read_wc()
    native = V._introspection_module.CQEX.read_wc(cq)   # one value, not (True, wc)
    assert isinstance(native, V._introspection_module.WC) and native.wr_id == c['wr_id']
    assert (wc.wr_id, wc.status, wc.qp_num) == (c['wr_id'], c['status'], c['qp_num'])
    return c


def poll_ex(cq, count, timeout=10):
    """Reads count completions as they come, one batch each (start_poll,
    read, end_poll): a batch that poll_next finds ended, then end_poll,
    overruns the consumer index of rxe in rdma-core 44."""
    out, deadline = [], time.monotonic() + timeout
    while len(out) < count:
        if cq.start_poll(None) == errno.ENOENT:
            assert time.monotonic() < deadline, 'timed out waiting for completions'
            continue
        out.append(read_current(cq))
        cq.end_poll()
    assert cq.start_poll(None) == errno.ENOENT
    return out


def read_batch(cq, count):
    """Reads count completions known to be there: start_poll, poll_next, end_poll."""
    assert cq.start_poll(None) == 0
    out = [read_current(cq)]
    while len(out) < count:
        assert cq.poll_next() == 0
        out.append(read_current(cq))
    cq.end_poll()
    assert cq.start_poll(None) == errno.ENOENT
    return out


def test_rc_traffic_through_cqex():
    p = Pair(device_name(), V.IBV_QPT_RC, cq_ex_flags=WC_FLAGS)
    assert int(p[0].cq.wc_flags) == WC_FLAGS
    qpn0, qpn1 = p[0].qp.qp_num, p[1].qp.qp_num
    payload = bytes((i * 7 + 3) & 0xff for i in range(1024))
    p[0].mr.write(payload, 1024, 0)
    p[1].mr.write(b'R' * 128, 128, 3072)
    p[1].qp.post_recv([recv_wr(p[1], 10, 0, 512), recv_wr(p[1], 11, 512, 512),
                       recv_wr(p[1], 12, 0, 0)])
    write_imm = send_wr(p, p[0], 3, V.IBV_WR_RDMA_WRITE_WITH_IMM, 300, 64, imm_data=0x55667788)
    write_imm.set_wr_rdma(p[1].mr.rkey, p[1].mr.buf + 2048)
    read = send_wr(p, p[0], 4, V.IBV_WR_RDMA_READ, 3072, 128)
    read.set_wr_rdma(p[1].mr.rkey, p[1].mr.buf + 3072)
    p[0].qp.post_send([send_wr(p, p[0], 1, V.IBV_WR_SEND, 0, 100),
                       send_wr(p, p[0], 2, V.IBV_WR_SEND_WITH_IMM, 100, 200, imm_data=0x11223344),
                       write_imm, read])
    s = poll_ex(p[0].cq, 4)
    assert [(c['wr_id'], c['status'], c['opcode'], c['qp_num']) for c in s] == [
        (1, V.IBV_WC_SUCCESS, V.IBV_WC_SEND, qpn0),
        (2, V.IBV_WC_SUCCESS, V.IBV_WC_SEND, qpn0),
        (3, V.IBV_WC_SUCCESS, V.IBV_WC_RDMA_WRITE, qpn0),
        (4, V.IBV_WC_SUCCESS, V.IBV_WC_RDMA_READ, qpn0)]
    assert s[3]['byte_len'] == 128
    r = read_batch(p[1].cq, 3)  # all in: the sends were acknowledged
    assert [(c['wr_id'], c['status'], c['opcode'], c['byte_len'], c['imm_data'], c['qp_num'])
            for c in r] == [
        (10, V.IBV_WC_SUCCESS, V.IBV_WC_RECV, 100, None, qpn1),
        (11, V.IBV_WC_SUCCESS, V.IBV_WC_RECV, 200, 0x11223344, qpn1),
        (12, V.IBV_WC_SUCCESS, V.IBV_WC_RECV_RDMA_WITH_IMM, 64, 0x55667788, qpn1)]
    assert all((c['sl'], c['dlid_path_bits']) == (0, 0) for c in r)
    assert p[1].mr.read(100, 0) == payload[:100]
    assert p[1].mr.read(200, 512) == payload[100:300]
    assert p[1].mr.read(64, 2048) == payload[300:364]
    assert p[0].mr.read(128, 3072) == b'R' * 128
    p.close()


def test_ud_traffic_through_cqex():
    p = Pair(device_name(), V.IBV_QPT_UD, cq_ex_flags=WC_FLAGS)
    qpn0, qpn1 = p[0].qp.qp_num, p[1].qp.qp_num
    p[0].mr.write(b'u' * 256 + b'i' * 77, 333, 0)
    p[1].qp.post_recv([recv_wr(p[1], 30, 0, 40 + 256), recv_wr(p[1], 31, 1024, 40 + 256)])
    p[0].qp.post_send([send_wr(p, p[0], 20, V.IBV_WR_SEND, 0, 256),
                       send_wr(p, p[0], 21, V.IBV_WR_SEND_WITH_IMM, 256, 77, imm_data=0xcafe)])
    s = poll_ex(p[0].cq, 2)
    assert [(c['wr_id'], c['status'], c['opcode'], c['qp_num']) for c in s] == [
        (20, V.IBV_WC_SUCCESS, V.IBV_WC_SEND, qpn0), (21, V.IBV_WC_SUCCESS, V.IBV_WC_SEND, qpn0)]
    r = poll_ex(p[1].cq, 2)
    assert [(c['wr_id'], c['status'], c['opcode'], c['byte_len'], c['imm_data'], c['qp_num'],
             c['src_qp'], c['slid']) for c in r] == [
        (30, V.IBV_WC_SUCCESS, V.IBV_WC_RECV, 40 + 256, None, qpn1, qpn0, 0),
        (31, V.IBV_WC_SUCCESS, V.IBV_WC_RECV, 40 + 77, 0xcafe, qpn1, qpn0, 0)]
    assert all(c['wc_flags'] & V.IBV_WC_GRH for c in r)
    assert p[1].mr.read(256, 40) == b'u' * 256
    assert p[1].mr.read(77, 1024 + 40) == b'i' * 77
    p.close()


def test_wrong_rkey_through_cqex():
    p = Pair(device_name(), V.IBV_QPT_RC, cq_ex_flags=WC_FLAGS)
    wr = send_wr(p, p[0], 77, V.IBV_WR_RDMA_WRITE, 0, 64)
    wr.set_wr_rdma(p[1].mr.rkey ^ 0x100, p[1].mr.buf)
    p[0].qp.post_send(wr)
    (c,) = poll_ex(p[0].cq, 1)
    assert (c['wr_id'], c['status'], c['qp_num']) == (77, V.IBV_WC_REM_ACCESS_ERR,
                                                     p[0].qp.qp_num)
    assert V.wc_status_str(c['status']) == 'remote access error'
    assert p[0].qp.qp_state == V.IBV_QPS_ERR
    p.close()


def test_qp_ex_on_cqex():
    p = Pair(device_name(), V.IBV_QPT_RC, cq_ex_flags=WC_FLAGS,
             send_ops=V.IBV_QP_EX_WITH_SEND | V.IBV_QP_EX_WITH_RDMA_WRITE)
    qp = p[0].qp
    assert isinstance(qp, V.QPEx) and isinstance(p[0].cq, V.CQEX)
    p[0].mr.write(b'extended both ways', 18, 0)
    p[1].qp.post_recv(recv_wr(p[1], 50, 0, 64))
    qp.wr_start()
    qp.wr_id, qp.wr_flags = 51, V.IBV_SEND_SIGNALED
    qp.wr_send()
    qp.wr_set_sge(V.SGE(p[0].mr.buf, 18, p[0].mr.lkey))
    qp.wr_id = 52
    qp.wr_rdma_write(p[1].mr.rkey, p[1].mr.buf + 1000)
    qp.wr_set_sge(V.SGE(p[0].mr.buf, 8, p[0].mr.lkey))
    qp.wr_complete()
    assert [(c['wr_id'], c['status'], c['opcode']) for c in poll_ex(p[0].cq, 2)] == [
        (51, V.IBV_WC_SUCCESS, V.IBV_WC_SEND), (52, V.IBV_WC_SUCCESS, V.IBV_WC_RDMA_WRITE)]
    (r,) = poll_ex(p[1].cq, 1)
    assert (r['wr_id'], r['byte_len'], r['qp_num']) == (50, 18, p[1].qp.qp_num)
    assert p[1].mr.read(18, 0) == b'extended both ways'
    assert p[1].mr.read(8, 1000) == b'extended'
    # closing the CQEX closes the QP on it first
    p[0].cq.close()
    assert qp.closed
    with pytest.raises(GLib.Error):
        qp.wr_start()
    p.close()


def test_watched_cqex_on_main_loop():
    """A CQEX with a CompChannel delivers completion(s) signals like a CQ."""
    n = 300
    p = Pair(device_name(), V.IBV_QPT_RC, cap=V.QPCap(512, 512, 1, 1, 0), channel=True,
             cq_ex_flags=WC_FLAGS)
    loop = GLib.MainLoop()
    seen, batches, events = [], [], []

    def on_completion(cq, wc):
        seen.append((wc.wr_id, wc.status, wc.opcode, wc.byte_len))
        if len(seen) == n:
            loop.quit()
    p[1].cq.connect('completion', on_completion)
    p[1].cq.connect('completions', lambda cq, wcs: batches.append(len(wcs)))
    p[0].cq.connect('event', lambda cq: events.append(cq))
    p[1].cq.watched = True
    assert p[1].cq.watched is True
    p[0].cq.req_notify(False)
    p[1].qp.post_recv([recv_wr(p[1], 1000 + i, (i % 256) * 8, 8) for i in range(n)])
    p[0].qp.post_send([send_wr(p, p[0], i, V.IBV_WR_SEND, (i % 256) * 8, 8) for i in range(n)])
    GLib.timeout_add_seconds(20, loop.quit)
    loop.run()
    assert seen == [(1000 + i, V.IBV_WC_SUCCESS, V.IBV_WC_RECV, 8) for i in range(n)]
    assert sum(batches) == n and len(batches) >= 2 and max(batches) <= 256
    assert events and events[0] == p[0].cq
    assert [c['wr_id'] for c in poll_ex(p[0].cq, n)] == list(range(n))
    p[1].cq.watched = False
    p.close()


def test_cqex_overrun_async_event():
    """A receive CQEX of one entry overflows: rxe reports CQ_ERR, routed to the CQEX."""
    p = Pair(device_name(), V.IBV_QPT_RC, cap=V.QPCap(16, 16, 1, 1, 0), cq_ex_flags=WC_FLAGS)
    ctx = p.ctx
    tiny = V.CQEX(ctx, V.CqInitAttrEx(cqe=1))
    qia = V.QPInitAttr(qp_type=V.IBV_QPT_RC, scq=tiny, rcq=tiny, cap=V.QPCap(4, 16, 1, 1, 0))
    rq = V.QP(p.pd, qia)
    # a sender QP on p[0]'s CQEX talking to the tiny-CQEX receiver
    sq = V.QP(p.pd, V.QPInitAttr(qp_type=V.IBV_QPT_RC, scq=p[0].cq, rcq=p[0].cq,
                                 cap=V.QPCap(16, 1, 1, 1, 0)))
    for qp, remote in ((sq, rq), (rq, sq)):
        attr = V.QPAttr(port_num=1)
        attr.ah_attr = p.ah_attr()
        attr.dest_qp_num = remote.qp_num
        attr.path_mtu = V.IBV_MTU_1024
        attr.min_rnr_timer = 1
        attr.timeout = 14
        attr.retry_cnt = 7
        attr.rnr_retry = 7
        attr.qp_access_flags = V.IBV_ACCESS_LOCAL_WRITE
        qp.to_rts(attr)
    loop = GLib.MainLoop()
    on_ctx, on_cq = [], []
    ctx.connect('async-event::cq-err', lambda c, e: on_ctx.append(e.object))

    def cq_event(cq, event):
        on_cq.append((cq, event.object, event.event_type))
        loop.quit()
    tiny.connect('async-event', cq_event)
    rq.post_recv([V.RecvWR(i, 1, [V.SGE(p[1].mr.buf + 8 * i, 8, p[1].mr.lkey)])
                  for i in range(16)])
    sq.post_send([V.SendWR(wr_id=i, opcode=V.IBV_WR_SEND, num_sge=1,
                           sg=[V.SGE(p[0].mr.buf, 8, p[0].mr.lkey)]) for i in range(8)])
    GLib.timeout_add_seconds(10, loop.quit)
    loop.run()
    assert on_cq and on_cq[0] == (tiny, tiny, V.IBV_EVENT_CQ_ERR)
    assert on_ctx and all(o == tiny for o in on_ctx)
    p.close()
