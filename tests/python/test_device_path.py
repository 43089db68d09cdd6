# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: python-rdma's IBPath, modify_to_*, pd.ah(path), BufferPool,
CQPoller and WCError, with real traffic over rxe loopback."""
import os
import subprocess
import time

import pytest

from gverbs_testutil import device_name
from gi.repository import GLib
from gi.repository import Verbs as V

QKEY = 0x11111111


@pytest.fixture
def ctx():
    with V.Context(name=device_name()) as c:
        yield c


def gid_index(ctx):
    return ctx.find_default_gid(1)


def connect(ctx, pd, qpt, cc=None, depth=16, access=0):
    """Two QPs made python-rdma style, paths exchanged as bytes (the side channel)."""
    cqs = [pd.cq(2 * depth, cc) for _ in range(2)]
    qps = [pd.qp(qpt, depth, cq, depth, cq) for cq in cqs]
    idx = gid_index(ctx)
    # side A
    path_a = V.IBPath(1, SGID=None, qkey=QKEY, sgid_index=idx)
    V.fill_path(qps[0], path_a)
    path_a.reverse(for_reply=False)
    wire = path_a.to_bytes()
    # side B
    path_b = V.IBPath.from_bytes(wire)
    path_b.end_port = 1
    path_b.sgid_index = idx
    V.fill_path(qps[1], path_b)
    wire = path_b.to_bytes()
    # back at A
    path_a = V.IBPath.from_bytes(wire).reverse(for_reply=False)
    for qp, path in ((qps[0], path_a), (qps[1], path_b)):
        qp.modify_to_init(path, access)
        assert qp.qp_state == V.IBV_QPS_INIT
        qp.modify_to_rtr(path)
        assert qp.qp_state == V.IBV_QPS_RTR
        qp.modify_to_rts(path)
        assert qp.qp_state == V.IBV_QPS_RTS
    assert path_a.dqpn == qps[1].qp_num and path_b.dqpn == qps[0].qp_num
    assert path_a.sqpsn == path_b.dqpsn and path_b.sqpsn == path_a.dqpsn
    return cqs, qps, (path_a, path_b)


def test_path_bytes_round_trip():
    path = V.IBPath(2, DGID='fe80::1234', SGID='::ffff:10.0.0.1', dqpn=0xabcdef, sqpn=7,
                    qkey=QKEY, pkey=0x8001, dqpsn=5, sqpsn=0xffffff, DLID=3, SLID=4, SL=2,
                    MTU=V.IBV_MTU_2048, retries=6, hop_limit=9, flow_label=0x12345)
    back = V.IBPath.from_bytes(path.to_bytes())
    for name in ('end_port', 'dqpn', 'sqpn', 'qkey', 'pkey', 'dqpsn', 'sqpsn', 'DLID', 'SLID',
                 'SL', 'retries', 'hop_limit', 'flow_label', 'port_num', 'mtu'):
        if name == 'end_port':
            assert back.port_num == 2
            continue
        assert getattr(back, name) == getattr(path, name), name
    assert back.mtu == V.IBV_MTU_2048
    assert str(back.DGID) == str(V.Gid('fe80::1234'))
    assert back.has_grh
    assert back.dpqn == 0xabcdef   # python-rdma's README spelling
    rev = back.copy().reverse()
    assert rev.sqpn == 0xabcdef and rev.dqpn == 7 and str(rev.SGID) == str(V.Gid('fe80::1234'))


@pytest.mark.parametrize('key,value,needle', [
    ('mtu', GLib.Variant('u', 9), 'mtu'),
    ('dqpn', GLib.Variant('u', 1 << 24), 'dqpn'),
    ('sqpsn', GLib.Variant('u', 1 << 24), 'sqpsn'),
    ('port-num', GLib.Variant('u', 0), 'port-num'),
    ('dgid', GLib.Variant('ay', b'\x00' * 15), '15 bytes'),
    ('qkey', GLib.Variant('s', 'x'), 'qkey'),
    ('sl', None, 'no'),
])
def test_path_malformed(key, value, needle):
    good = V.IBPath(1).to_variant().unpack()
    d = {k: GLib.Variant('ay', v) if isinstance(v, list) else GLib.Variant('u', v)
         for k, v in good.items()}
    d['sgid'] = GLib.Variant('ay', b'\x00' * 16)
    d['dgid'] = GLib.Variant('ay', b'\x00' * 16)
    if value is None:
        del d[key]
    else:
        d[key] = value
    with pytest.raises(GLib.Error) as e:
        V.IBPath.from_variant(GLib.Variant('a{sv}', d))
    assert e.value.code == int(V.Error.INVALID_ARGUMENT)
    assert needle in e.value.message
    with pytest.raises(GLib.Error):
        V.IBPath.from_bytes(b'LID:QPN:PSN:GID garbage')
    with pytest.raises(GLib.Error):
        V.IBPath.from_variant(GLib.Variant('s', 'nope'))


@pytest.mark.parametrize('qpt', [V.IBV_QPT_RC, V.IBV_QPT_UC, V.IBV_QPT_UD])
def test_modify_to_and_traffic(ctx, qpt):
    with ctx.pd() as pd:
        cqs, qps, (path_a, path_b) = connect(ctx, pd, qpt)
        grh = 40 if qpt == V.IBV_QPT_UD else 0
        src = pd.mr(bytearray(256), V.IBV_ACCESS_LOCAL_WRITE)
        dst = pd.mr(bytearray(256 + grh), V.IBV_ACCESS_LOCAL_WRITE)
        payload = bytes(range(200))
        src.write(payload, len(payload), 0)
        qps[1].post_recv(V.recv_wr(wr_id=3, sg_list=dst.sge()))
        kw = {}
        if qpt == V.IBV_QPT_UD:
            kw = dict(ah=pd.ah(path_a), remote_qpn=path_a.dqpn, remote_qkey=path_a.qkey)
        qps[0].post_send(V.send_wr(wr_id=4, opcode=V.IBV_WR_SEND, send_flags=V.IBV_SEND_SIGNALED,
                                   sg_list=src.sge(length=200), **kw))
        wcs = list(V.CQPoller(cqs[1]).iterwc(count=1, timeout=5))
        assert len(wcs) == 1 and wcs[0].wr_id == 3 and wcs[0].byte_len == 200 + grh
        assert dst.read(200, grh) == payload
        assert [wc.wr_id for wc in V.CQPoller(cqs[0]).iterwc(count=1, timeout=5)] == [4]


def test_cached_ah(ctx):
    with ctx.pd() as pd:
        cqs, qps, (path_a, path_b) = connect(ctx, pd, V.IBV_QPT_UD)
        ah1 = pd.ah(path_a)
        assert pd.ah(path_a) is ah1
        path_a.hop_limit = 3
        ah2 = pd.ah(path_a)
        assert ah2 is not ah1
        assert ah2.attr.grh.hop_limit == 3
        assert pd.ah(path_a) is ah2


def test_buffer_pool_seed_usage(ctx):
    with ctx.pd() as pd:
        cqs, qps, (path_a, path_b) = connect(ctx, pd, V.IBV_QPT_UD)
        pool = V.BufferPool(pd, count=100, size=1024)
        assert pool.count == 100 and pool.size == 1024
        assert pool.post_recvs(qps[1], 16) == 16
        assert pool.get_n_free() == 84
        tx = V.BufferPool(pd, count=2, size=1024)
        buf_idx = tx.pop()
        tx.pop()
        with pytest.raises(GLib.Error) as e:
            tx.pop()
        assert e.value.code == int(V.Error.WOULD_BLOCK)
        tx.copy_to(b'Hello message!', buf_idx)
        qps[0].post_send(V.send_wr(wr_id=buf_idx, sg_list=tx.make_sge(buf_idx, 14),
                                   opcode=V.IBV_WR_SEND, send_flags=V.IBV_SEND_SIGNALED,
                                   ah=pd.ah(path_a), remote_qpn=path_a.dqpn,
                                   remote_qkey=path_a.qkey))
        wcs = list(V.CQPoller(cqs[1]).iterwc(count=1, timeout=5))
        assert wcs[0].byte_len == 40 + 14
        assert pool.copy_from(wcs[0].wr_id, 40, 14) == b'Hello message!'
        pool.finish_wcs(qps[1], wcs)
        assert pool.get_n_free() == 84
        sent = list(V.CQPoller(cqs[0]).iterwc(count=1, timeout=5))
        tx.finish_wcs(qps[0], sent)
        assert tx.get_n_free() == 1 and tx.pop() == buf_idx


def test_native_pool_poller_and_path_calls_return_one_value(ctx):
    """The introspected calls themselves (not the override) give one value:
    no (True, value) tuples, None where "none" is a normal answer."""
    raw = V._introspection_module
    assert isinstance(ctx.find_default_gid(1), int)
    with ctx.pd() as pd:
        cqs, qps, (path_a, path_b) = connect(ctx, pd, V.IBV_QPT_RC, depth=8)
        tx = raw.BufferPool.new(pd, 2, 256, 0)
        rx = raw.BufferPool.new(pd, 2, 256, 0)
        idx = raw.BufferPool.pop(tx)
        assert isinstance(idx, int) and 0 <= idx < 2
        sge = raw.BufferPool.make_sge(tx, idx, 10)
        assert isinstance(sge, raw.SGE)
        assert (sge.addr, sge.length, sge.lkey) == (tx.get_mr().get_addr() + 256 * idx, 10,
                                                    tx.get_mr().get_lkey())
        rwr = raw.BufferPool.make_recv_wr(tx, idx)
        assert isinstance(rwr, raw.RecvWR) and rwr.wr_id == idx and rwr.num_sge == 1
        assert rwr.dup_sge(0).length == 256 and rwr.dup_sge(1) is None
        swr = raw.BufferPool.make_send_wr(tx, idx, 10)
        assert isinstance(swr, raw.SendWR) and swr.wr_id == idx and swr.num_sge == 1
        assert swr.dup_sge(0).addr == sge.addr and swr.dup_sge(0).length == 10
        with pytest.raises(GLib.Error):
            raw.BufferPool.make_sge(tx, idx, 257)
        assert raw.BufferPool.post_recvs(rx, qps[1], 1) == 1
        tx.copy_to(b'0123456789', idx, 0)
        poller = raw.CQPoller.new(cqs[1], None)
        assert raw.CQPoller.get_last_wc(poller) is None
        qps[0].post_send(swr)
        wc = raw.CQPoller.next(poller, 5000)
        assert isinstance(wc, raw.WC) and wc.byte_len == 10 and wc.status == V.WCStatus.SUCCESS
        last = raw.CQPoller.get_last_wc(poller)
        assert last.wr_id == wc.wr_id and last.byte_len == 10
        with pytest.raises(GLib.Error) as e:
            raw.CQPoller.next(poller, 0)
        assert e.value.code == int(V.Error.TIMED_OUT)
        assert raw.CQPoller.get_last_wc(poller).wr_id == wc.wr_id   # a copy: still readable
        assert rx.copy_from(wc.wr_id, 0, 10) == b'0123456789'
        ah = path_a.dup_ah(pd)
        assert isinstance(ah, raw.AH) and path_a.dup_ah(pd) == ah   # the path's cached AH
        assert not hasattr(path_a, 'get_ah')


def test_cq_poller_order_timeout_and_wc_error(ctx):
    cc = ctx.comp_channel()
    with ctx.pd() as pd:
        cqs, qps, (path_a, path_b) = connect(ctx, pd, V.IBV_QPT_RC, cc=cc, depth=32,
                                            access=V.IBV_ACCESS_REMOTE_WRITE)
        src = pd.mr(bytearray(64), V.IBV_ACCESS_LOCAL_WRITE)
        dst = pd.mr(bytearray(64 * 20), V.IBV_ACCESS_LOCAL_WRITE | V.IBV_ACCESS_REMOTE_WRITE)
        qps[1].post_recv([V.recv_wr(wr_id=100 + i, sg_list=dst.sge(length=64, off=64 * i))
                          for i in range(20)])
        qps[0].post_send([V.send_wr(wr_id=i, opcode=V.IBV_WR_SEND, send_flags=V.IBV_SEND_SIGNALED,
                                    sg_list=src.sge(length=i + 1)) for i in range(20)])
        poller = V.CQPoller(cqs[1], cc)
        got = [(wc.wr_id, wc.byte_len) for wc in poller.iterwc(timeout=1.0)]
        assert got == [(100 + i, i + 1) for i in range(20)]
        assert poller.timedout
        start = time.monotonic()
        assert list(poller.iterwc(timeout=0.3)) == []
        assert time.monotonic() - start >= 0.25 and poller.timedout
        sender = V.CQPoller(cqs[0], cc)
        assert [wc.wr_id for wc in sender.iterwc(count=20, timeout=5)] == list(range(20))
        assert not sender.timedout
        # wrong rkey: the failure comes out as WCError with wr_id and QP number
        qps[0].post_send(V.send_wr(wr_id=77, opcode=V.IBV_WR_RDMA_WRITE,
                                   send_flags=V.IBV_SEND_SIGNALED, sg_list=src.sge(length=8),
                                   rkey=dst.rkey ^ 0x5a5a00, remote_addr=dst.buf))
        with pytest.raises(V.WCError) as e:
            for wc in sender.iterwc(timeout=5):
                pass
        assert e.value.wr_id == 77
        assert e.value.wc.qp_num == qps[0].qp_num
        assert e.value.code == int(V.WCError.REM_ACCESS_ERR)
        assert 'wr_id 77' in e.value.message and 'QP 0x%x' % qps[0].qp_num in e.value.message


def test_seed_004_usage_example():
    """examples/python/python_rdma_usage.py: the seed's snippets, imports changed."""
    name = device_name()
    script = os.path.join(os.path.dirname(__file__), '..', '..', 'examples', 'python',
                          'python_rdma_usage.py')
    out = subprocess.run(['/usr/bin/python3', script, name], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "UD received 1024 bytes: b'Hello message!'" in out.stdout
    assert 'RC completion: wr_id 1, status success' in out.stdout
    assert "RC side B memory: b'RDMA written by side A'" in out.stdout
    assert out.stdout.rstrip().endswith('python-rdma usage examples: OK')
