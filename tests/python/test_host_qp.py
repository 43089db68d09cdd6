# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Host tests: the QP attribute carriers and work requests (no device)."""
import gi
import pytest

gi.require_version('Verbs', '1.0')
from gi.repository import GLib, GObject  # noqa: E402
from gi.repository import Verbs as V  # noqa: E402


def test_qp_cap_pyverbs_signature_and_layout():
    cap = V.QPCap(100, 10, 1, 1, 0)
    assert (cap.max_send_wr, cap.max_recv_wr, cap.max_send_sge, cap.max_recv_sge,
            cap.max_inline_data) == (100, 10, 1, 1, 0)
    assert V.QPCap().max_recv_wr == 10          # pyverbs' defaults
    assert V.QPCap(max_recv_wr=1).max_send_wr == 1
    lines = str(cap).splitlines()
    assert lines == ['max send wrs        : 100                 ',
                     'max recv wrs        : 10                  ',
                     'max send sges       : 1                   ',
                     'max recv sges       : 1                   ',
                     'max inline data     : 0                   ']


def test_qp_attr_fields_settable():
    attr = V.QPAttr(port_num=1)
    assert attr.qp_state == V.IBV_QPS_INIT and attr.cur_qp_state == V.IBV_QPS_RESET
    assert attr.path_mtu == V.IBV_MTU_1024
    for name, value in (('qkey', 0x11111111), ('rq_psn', 5), ('sq_psn', 6), ('dest_qp_num', 7),
                        ('pkey_index', 1), ('alt_pkey_index', 2), ('en_sqd_async_notify', 1),
                        ('max_rd_atomic', 4), ('max_dest_rd_atomic', 4), ('min_rnr_timer', 12),
                        ('timeout', 14), ('retry_cnt', 7), ('rnr_retry', 6), ('alt_port_num', 1),
                        ('alt_timeout', 3), ('rate_limit', 1000), ('sq_draining', 1)):
        setattr(attr, name, value)
        assert getattr(attr, name) == value, name
    attr.qp_access_flags = V.IBV_ACCESS_REMOTE_WRITE
    attr.path_mig_state = V.IBV_MIG_ARMED
    attr.cap = V.QPCap(3, 4, 1, 1, 16)
    assert attr.cap.max_inline_data == 16
    gr = V.GlobalRoute(dgid='fe80:0000:0000:0000:0000:0000:0000:0001', sgid_index=1)
    attr.ah_attr = V.AHAttr(gr=gr, is_global=1, port_num=1)
    text = str(attr)
    assert 'QKey                  : 286331153' in text
    assert 'Path mig. state       : Armed' in text
    assert 'QP access flags       : Remote write ' in text
    assert '    dgid                  : fe80:0000:0000:0000:0000:0000:0000:0001' in text
    assert 'Rate limit            : 1000' in text
    with pytest.raises(GLib.Error) as err:
        attr.timeout = 256          # a u8 field
    assert err.value.matches(V.error_quark(), V.Error.OUT_OF_RANGE)
    assert attr.timeout == 14
    with pytest.raises(GLib.Error):
        attr.qkey = -1


def test_qp_attr_writes_take_the_c_setters():
    # attr.timeout = 14 is one call to gverbs_qp_attr_set_timeout(), not a property write
    # (PyGObject's property write scans the class's property infos first)
    from gi.overrides import Verbs as override
    writable = [p for p in V.QPAttr.list_properties() if p.flags & GObject.ParamFlags.WRITABLE]
    assert len(writable) == 26
    for pspec in writable:
        assert override._writer(V.QPAttr, pspec) is not None, pspec.name
    attr = V.QPAttr()
    attr.qp_access_flags = 7      # an int for a flags argument
    assert attr.qp_access_flags == (V.IBV_ACCESS_LOCAL_WRITE | V.IBV_ACCESS_REMOTE_WRITE |
                                    V.IBV_ACCESS_REMOTE_READ)
    attr.path_mtu = 5             # and for an enum argument
    assert attr.path_mtu == V.IBV_MTU_4096


def test_qp_init_attr():
    qia = V.QPInitAttr(qp_type=V.IBV_QPT_RC, cap=V.QPCap(100, 10, 1, 1, 0), sq_sig_all=0)
    assert qia.qp_type == V.IBV_QPT_RC and not qia.sq_sig_all
    assert qia.send_cq is None and qia.recv_cq is None
    qia.max_send_wr = 7
    assert qia.cap.max_send_wr == 7
    assert str(qia).splitlines()[:3] == ['QP type             : RC                  ',
                                         'SQ sig. all         : 0                   ',
                                         'QP caps:']
    assert V.QPInitAttr().qp_type == V.IBV_QPT_UD          # pyverbs' default
    with pytest.raises(TypeError):                      # srq must be a Verbs.SRQ
        V.QPInitAttr(srq=object())


def test_work_requests():
    sges = [V.SGE(0x1000 + i * 16, 16, 0x42) for i in range(3)]
    wr = V.SendWR(9, V.IBV_WR_RDMA_WRITE_WITH_IMM, 3, 0x1234, sges,
                  V.IBV_SEND_SIGNALED | V.IBV_SEND_INLINE)
    assert (wr.wr_id, wr.opcode, wr.num_sge, wr.imm_data) == (9, V.IBV_WR_RDMA_WRITE_WITH_IMM, 3, 0x1234)
    assert [(s.addr, s.length, s.lkey) for s in wr.sg_list] == [(0x1000 + i * 16, 16, 0x42) for i in range(3)]
    wr.set_wr_rdma(0x99, 0xdead000)
    assert (wr.rdma_rkey, wr.rdma_remote_addr) == (0x99, 0xdead000)
    wr.set_wr_atomic(0x98, 0xbeef000, 5, 6)
    assert (wr.rkey, wr.remote_addr, wr.compare_add, wr.swap) == (0x98, 0xbeef000, 5, 6)
    assert 'Send flags            : IBV_SEND_SIGNALED IBV_SEND_INLINE ' in str(wr)
    with pytest.raises(GLib.Error) as err:
        wr.set_sge(16, sges[0])
    assert err.value.matches(V.error_quark(), V.Error.OUT_OF_RANGE)
    rwr = V.RecvWR(5, 1, sges[0])
    assert rwr.num_sge == 1 and rwr.sg_list[0].addr == 0x1000
    assert str(rwr).splitlines()[0] == 'WR ID                 : 5                   '
    assert V.RecvWR().num_sge == 0


def test_transition_masks():
    m = V.qp_type_transition_mask
    assert m(V.IBV_QPT_RC, V.IBV_QPS_INIT) == (V.IBV_QP_STATE | V.IBV_QP_PKEY_INDEX |
                                               V.IBV_QP_PORT | V.IBV_QP_ACCESS_FLAGS)
    assert m(V.IBV_QPT_UD, V.IBV_QPS_INIT) == (V.IBV_QP_STATE | V.IBV_QP_PKEY_INDEX |
                                               V.IBV_QP_PORT | V.IBV_QP_QKEY)
    assert m(V.IBV_QPT_UD, V.IBV_QPS_RTR) == V.IBV_QP_STATE
    assert m(V.IBV_QPT_RC, V.IBV_QPS_RTS) & V.IBV_QP_RNR_RETRY
    assert not m(V.IBV_QPT_UC, V.IBV_QPS_RTS) & V.IBV_QP_RNR_RETRY


def test_qp_attr_and_init_attr_in_one_call():
    # QPAttr() is QPAttr.new_full() with pyverbs' defaults; its checks are the setters'
    attr = V.QPAttr()
    assert (attr.qp_state, attr.cur_qp_state, attr.port_num, attr.path_mtu) == \
        (V.QPState.INIT, V.QPState.RESET, 1, V.MTU.BYTES_1024)
    # a value equal to the property's default but not to the new object's is kept
    assert V.QPAttr(qp_state=V.IBV_QPS_RESET).qp_state == V.QPState.RESET
    attr = V.QPAttr(V.QPState.RTR, port_num=2, dest_qp_num=5)
    assert (attr.qp_state, attr.port_num, attr.dest_qp_num) == (V.QPState.RTR, 2, 5)
    for make, code, text in (
            (lambda: V.QPAttr(qp_state=99), V.Error.INVALID_ARGUMENT,
             'qp_state 99 is not a QPState value'),
            (lambda: V.QPAttr.new_full(1, 0, 256, 3), V.Error.OUT_OF_RANGE,
             'port_num 256 is out of range [0, 255]'),
            (lambda: V.QPAttr(retry_cnt=8), V.Error.OUT_OF_RANGE,
             'retry_cnt 8 is out of range [0, 7]')):
        with pytest.raises(GLib.Error) as info:
            make()
        assert info.value.matches(V.error_quark(), code) and text in info.value.message
    with pytest.raises(TypeError):
        V.QPAttr(1, 2, 3, 4, 5)
    # QPInitAttr(qp_type=..., cap=...) is QPInitAttr.new(); qp_context stays Python's
    init = V.QPInitAttr(qp_type=V.IBV_QPT_RC, cap=V.QPCap(4, 4), qp_context='x')
    assert (init.qp_type, init.max_send_wr, init.sq_sig_all, init.qp_context) == \
        (V.QPType.RC, 4, True, 'x')
    assert V.QPInitAttr(V.IBV_QPT_UC, None, None, None, None, None, 0).sq_sig_all is False
    with pytest.raises(TypeError):
        V.QPInitAttr(qp_type=V.IBV_QPT_RC, scq=5)
