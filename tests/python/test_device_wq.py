# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: work queues, RWQ indirection tables and RSS queue pairs.

Soft-RoCE (Linux 6.1, rdma-core 44) has neither: each creation must fail
with NOT_SUPPORTED naming the rdma-core call and the device, leave nothing
behind, and surface through the pyverbs compatibility package as pyverbs'
PyverbsRDMAError with EOPNOTSUPP (what rdma-core's suite turns into a skip).
test_hardware_rss needs a device with RSS (ConnectX) and is listed in
tests/rxe-limitations.txt."""
import errno
import os
import sys

from gverbs_testutil import device_name, rdma_resources, Verbs
from gi.repository import GLib, GObject
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
COMPAT = os.path.join(HERE, '..', '..', 'introspection', 'python', 'pyverbs-compat')
KEY = bytes(range(40))


def assert_not_supported(exc, call):
    assert exc.matches(Verbs.error_quark(), Verbs.Error.NOT_SUPPORTED), exc.message
    assert exc.message.startswith('%s on %s: ' % (call, device_name())), exc.message
    assert '(EOPNOTSUPP)' in exc.message


def open_fds():
    return len(os.listdir('/proc/self/fd'))


def uncreated_wq(ctx, pd, cq):
    wq = GObject.new(Verbs.WQ, context=ctx,
                     init_attr=Verbs.WQInitAttr(wq_pd=pd, wq_cq=cq))
    with pytest.raises(GLib.Error):
        wq.init(None)
    return wq


def test_wq_not_supported():
    with Verbs.Context(name=device_name()) as ctx:
        pd, cq = Verbs.PD(ctx), Verbs.CQ(ctx, 32)
        fds = open_fds()
        attr = Verbs.WQInitAttr(None, pd, cq, Verbs.IBV_WQT_RQ, 64, 1)
        with pytest.raises(GLib.Error) as e:
            Verbs.WQ(ctx, attr)
        assert_not_supported(e.value, 'ibv_create_wq')
        assert 'max_wr 64' in e.value.message
        assert open_fds() == fds
        # the failed object is nobody's child: PD, CQ and context close cleanly
        wq = uncreated_wq(ctx, pd, cq)
        assert wq.closed and wq.wqn == 0 and wq.get_parent() is None
        with pytest.raises(GLib.Error) as e:
            wq.modify(Verbs.WQAttr(attr_mask=Verbs.IBV_WQ_ATTR_STATE, wq_state=Verbs.IBV_WQS_RDY))
        assert e.value.matches(Verbs.error_quark(), Verbs.Error.NOT_INITIALIZED)
        assert 'ibv_create_wq' in e.value.message
        with pytest.raises(GLib.Error) as e:
            wq.post_recv(Verbs.RecvWR(wr_id=1))
        assert e.value.matches(Verbs.error_quark(), Verbs.Error.NOT_INITIALIZED)
        cq.close()
        pd.close()
        assert not rdma_resources('cq') and not rdma_resources('pd')


def test_rwq_ind_table_not_supported():
    with Verbs.Context(name=device_name()) as ctx:
        pd, cq = Verbs.PD(ctx), Verbs.CQ(ctx, 32)
        wq = uncreated_wq(ctx, pd, cq)
        attr = Verbs.RwqIndTableInitAttr(1, [wq, wq])
        with pytest.raises(GLib.Error) as e:
            Verbs.RwqIndTable(ctx, attr)
        assert_not_supported(e.value, 'ibv_create_rwq_ind_table')
        assert 'max_rwq_indirection_tables 0' in e.value.message
        # an RSS QP over a table that was never made is refused, not created
        table = GObject.new(Verbs.RwqIndTable, context=ctx, init_attr=attr)
        with pytest.raises(GLib.Error):
            table.init(None)
        assert table.wqs == []
        init = Verbs.QPInitAttrEx(qp_type=Verbs.IBV_QPT_RAW_PACKET, pd=pd,
                                  comp_mask=Verbs.IBV_QP_INIT_ATTR_PD |
                                  Verbs.IBV_QP_INIT_ATTR_IND_TABLE | Verbs.IBV_QP_INIT_ATTR_RX_HASH,
                                  hash_conf=Verbs.RxHashConf(1, 40, KEY, 3), ind_table=table)
        with pytest.raises(GLib.Error) as e:
            Verbs.QPEx(ctx, init)
        assert e.value.matches(Verbs.error_quark(), Verbs.Error.NOT_INITIALIZED)
        assert not rdma_resources('qp')
        cq.close()
        pd.close()


def test_pyverbs_compat_wq_is_eopnotsupp():
    sys.path.insert(0, COMPAT)
    try:
        from pyverbs.device import Context
        from pyverbs.pd import PD
        from pyverbs.cq import CQ
        from pyverbs.qp import QPEx, QPInitAttrEx, QPCap
        from pyverbs.wq import WQ, WQInitAttr, RwqIndTable, RwqIndTableInitAttr
        from pyverbs.pyverbs_error import PyverbsRDMAError
        import pyverbs.enums as e
    finally:
        sys.path.remove(COMPAT)
    with Context(name=device_name()) as ctx:
        pd, cq = PD(ctx), CQ(ctx, 32)
        with pytest.raises(PyverbsRDMAError) as info:
            WQ(ctx, WQInitAttr(wq_pd=pd, wq_cq=cq))
        assert info.value.error_code == errno.EOPNOTSUPP
        assert str(info.value).startswith('Failed to create WQ')
        wq = uncreated_wq(ctx, pd, cq)
        with pytest.raises(PyverbsRDMAError) as info:
            RwqIndTable(ctx, RwqIndTableInitAttr(1, [wq, wq]))
        assert info.value.error_code == errno.EOPNOTSUPP
        assert str(info.value).startswith('Failed to create RwqIndTable')
        # an ordinary QPEx has no indirection table (tests/utils.py post_recv's test)
        qp = QPEx(ctx, QPInitAttrEx(qp_type=e.IBV_QPT_UD, scq=cq, rcq=cq, pd=pd,
                                    cap=QPCap(4, 4, 1, 1), comp_mask=e.IBV_QP_INIT_ATTR_PD))
        assert qp.ind_table is None
        qp.close()


def test_hardware_rss():
    """WQs over two CQs, a table, an RSS raw packet QP, receives on every WQ,
    and the tree closed in dependency order (needs a ConnectX)."""
    with Verbs.Context(name=device_name()) as ctx:
        pd = Verbs.PD(ctx)
        cqs = [Verbs.CQ(ctx, 64) for _ in range(2)]
        try:
            wqs = [Verbs.WQ(ctx, Verbs.WQInitAttr(wq_pd=pd, wq_cq=cqs[i % 2], max_wr=64))
                   for i in range(4)]
        except GLib.Error as e:
            if e.matches(Verbs.error_quark(), Verbs.Error.NOT_SUPPORTED):
                pytest.skip('%s has no work queues: %s' % (device_name(), e.message))
            raise
        for wq in wqs:
            assert wq.state == Verbs.WQState.RESET and wq.max_wr >= 64 and wq.wqn != 0
            wq.modify(Verbs.WQAttr(attr_mask=Verbs.IBV_WQ_ATTR_STATE, wq_state=Verbs.IBV_WQS_RDY))
            assert wq.state == Verbs.WQState.RDY
        table = Verbs.RwqIndTable(ctx, Verbs.RwqIndTableInitAttr(2, wqs))
        assert table.wqs == wqs and table.log_ind_tbl_size == 2
        init = Verbs.QPInitAttrEx(qp_type=Verbs.IBV_QPT_RAW_PACKET, pd=pd,
                                  comp_mask=Verbs.IBV_QP_INIT_ATTR_PD |
                                  Verbs.IBV_QP_INIT_ATTR_IND_TABLE | Verbs.IBV_QP_INIT_ATTR_RX_HASH,
                                  hash_conf=Verbs.RxHashConf(Verbs.IBV_RX_HASH_FUNC_TOEPLITZ, 40, KEY,
                                                             Verbs.IBV_RX_HASH_SRC_IPV4),
                                  ind_table=table)
        qp = Verbs.QPEx(ctx, init)
        assert qp.ind_table is table and qp.qp_type == Verbs.QPType.RAW_PACKET
        mr = Verbs.MR(pd, 4096, Verbs.IBV_ACCESS_LOCAL_WRITE)
        for i, wq in enumerate(wqs):
            wq.post_recv([Verbs.RecvWR(wr_id=i, num_sge=1,
                                       sg=[Verbs.SGE(mr.buf + 512 * i, 512, mr.lkey)])])
        wqs[1].close()
        assert table.closed and qp.closed and not wqs[0].closed
        cqs[0].close()
        assert wqs[0].closed and wqs[2].closed and not wqs[3].closed
