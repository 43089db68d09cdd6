# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Host tests of the work queue, indirection table and RSS attribute objects
(no device): fields, pyverbs' constructor signatures, bad values refused, in
gi.repository.Verbs and in the pyverbs compatibility package's pyverbs.wq."""
import os
import sys

import pytest

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, GObject, Verbs  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
COMPAT = os.path.join(HERE, '..', '..', 'introspection', 'python', 'pyverbs-compat')

KEY = bytes(range(0x20, 0x48))   # 40 bytes, a Toeplitz key's length


def verbs_error(code):
    return pytest.raises(GLib.Error, match='') if code is None else _Raises(code)


class _Raises:
    def __init__(self, code):
        self.code = code

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        assert kind is not None, 'no GLib.Error raised'
        assert issubclass(kind, GLib.Error), exc
        assert exc.code == int(self.code), exc.message
        self.message = exc.message
        return True


def test_wq_init_attr_fields_and_defaults():
    attr = Verbs.WQInitAttr()
    assert (attr.max_wr, attr.max_sge, attr.comp_mask, attr.create_flags) == (100, 1, 0, 0)
    assert attr.wq_type == Verbs.WQType.RQ == Verbs.IBV_WQT_RQ
    assert attr.pd is None and attr.cq is None
    attr = Verbs.WQInitAttr(None, None, None, Verbs.IBV_WQT_RQ, 512, 3,
                            Verbs.IBV_WQ_INIT_ATTR_FLAGS, Verbs.IBV_WQ_FLAGS_SCATTER_FCS)
    assert (attr.max_wr, attr.max_sge) == (512, 3)
    assert int(attr.comp_mask) == 1 and int(attr.create_flags) == 2
    attr.max_wr = 7
    assert attr.max_wr == 7


def test_wq_init_attr_refuses_bad_values():
    with verbs_error(Verbs.Error.OUT_OF_RANGE):
        Verbs.WQInitAttr(max_wr=-1)
    with verbs_error(Verbs.Error.OUT_OF_RANGE):
        Verbs.WQInitAttr(max_sge=1 << 32)
    with verbs_error(Verbs.Error.INVALID_ARGUMENT):
        Verbs.WQInitAttr(wq_type=5)
    with verbs_error(Verbs.Error.INVALID_ARGUMENT) as r:
        Verbs.WQInitAttr(create_flags=1 << 4)    # IBV_WQ_FLAGS_RESERVED
    assert 'WQFlags' in r.message
    attr = Verbs.WQInitAttr()
    with verbs_error(Verbs.Error.INVALID_ARGUMENT):
        attr.comp_mask = 2                        # IBV_WQ_INIT_ATTR_RESERVED
    assert attr.comp_mask == 0
    with pytest.raises(TypeError):
        attr.pd = 'not a PD'


def test_wq_attr_fields_and_bad_values():
    attr = Verbs.WQAttr(attr_mask=Verbs.IBV_WQ_ATTR_STATE | Verbs.IBV_WQ_ATTR_CURR_STATE,
                        wq_state=Verbs.IBV_WQS_RDY, curr_wq_state=Verbs.IBV_WQS_RESET)
    assert int(attr.attr_mask) == 3
    assert attr.wq_state == Verbs.WQState.RDY and attr.curr_wq_state == Verbs.WQState.RESET
    assert int(attr.flags) == 0 and int(attr.flags_mask) == 0
    attr.wq_state = Verbs.IBV_WQS_ERR
    assert attr.wq_state == Verbs.WQState.ERR
    with verbs_error(Verbs.Error.INVALID_ARGUMENT):
        Verbs.WQAttr(wq_state=9)
    with verbs_error(Verbs.Error.INVALID_ARGUMENT):
        Verbs.WQAttr(attr_mask=1 << 3)            # IBV_WQ_ATTR_RESERVED
    with verbs_error(Verbs.Error.INVALID_ARGUMENT):
        attr.flags_mask = 1 << 7


def test_rx_hash_conf_fields():
    conf = Verbs.RxHashConf(Verbs.IBV_RX_HASH_FUNC_TOEPLITZ, len(KEY), KEY,
                            Verbs.IBV_RX_HASH_SRC_IPV4 | Verbs.IBV_RX_HASH_DST_IPV4)
    assert conf.rx_hash_key == KEY and conf.rx_hash_key_len == 40
    assert int(conf.rx_hash_function) == 1 and int(conf.rx_hash_fields_mask) == 3
    conf.rx_hash_key = [1, 2, 3]
    assert conf.rx_hash_key == b'\x01\x02\x03' and conf.rx_hash_key_len == 3
    conf.rx_hash_fields_mask = Verbs.IBV_RX_HASH_INNER
    assert int(conf.rx_hash_fields_mask) == 1 << 31
    assert Verbs.RxHashConf().rx_hash_key is None and Verbs.RxHashConf().rx_hash_key_len == 0


def test_rx_hash_conf_refuses_bad_values():
    with verbs_error(Verbs.Error.OUT_OF_RANGE) as r:
        Verbs.RxHashConf(rx_hash_key=bytes(256))
    assert '255' in r.message
    conf = Verbs.RxHashConf(rx_hash_key=KEY)
    with verbs_error(Verbs.Error.OUT_OF_RANGE):
        conf.set_rx_hash_key(GLib.Bytes.new(bytes(300)))
    assert conf.rx_hash_key == KEY               # the old key is kept
    with verbs_error(Verbs.Error.INVALID_ARGUMENT):
        Verbs.RxHashConf(rx_hash_key_len=39, rx_hash_key=KEY)
    with verbs_error(Verbs.Error.INVALID_ARGUMENT):
        Verbs.RxHashConf(rx_hash_function=2)
    with verbs_error(Verbs.Error.INVALID_ARGUMENT):
        Verbs.RxHashConf(rx_hash_fields_mask=1 << 9)
    with verbs_error(Verbs.Error.INVALID_ARGUMENT):
        conf.rx_hash_function = 4


def test_rwq_ind_table_init_attr_counts():
    # WQ objects not created (no device): the attributes only hold them
    wqs = [Verbs.WQ.__new__(Verbs.WQ) for _ in range(4)]
    for w in wqs:
        GObject.Object.__init__(w)
    attr = Verbs.RwqIndTableInitAttr(2, wqs)
    assert attr.log_ind_tbl_size == 2 and attr.wqs_list == wqs
    # one work queue may fill several entries
    assert Verbs.RwqIndTableInitAttr(1, [wqs[0], wqs[0]]).wqs_list == [wqs[0]] * 2
    assert Verbs.RwqIndTableInitAttr(0, wqs[:1]).log_ind_tbl_size == 0
    with verbs_error(Verbs.Error.INVALID_ARGUMENT) as r:
        Verbs.RwqIndTableInitAttr(3, wqs)      # rdma-core would read 8 entries
    assert 'has 8 entries' in r.message and '4 work queues' in r.message
    with verbs_error(Verbs.Error.INVALID_ARGUMENT):
        Verbs.RwqIndTableInitAttr(1, wqs)
    with verbs_error(Verbs.Error.OUT_OF_RANGE):
        Verbs.RwqIndTableInitAttr(14, wqs)
    with verbs_error(Verbs.Error.INVALID_ARGUMENT):
        Verbs.RwqIndTableInitAttr(2, wqs, comp_mask=1)
    with pytest.raises(TypeError):
        Verbs.RwqIndTableInitAttr(0, [Verbs.WQInitAttr()])


def test_qp_init_attr_ex_carries_rss():
    conf = Verbs.RxHashConf(rx_hash_key=KEY)
    attr = Verbs.QPInitAttrEx(qp_type=Verbs.IBV_QPT_RAW_PACKET, hash_conf=conf,
                              comp_mask=Verbs.IBV_QP_INIT_ATTR_RX_HASH |
                              Verbs.IBV_QP_INIT_ATTR_IND_TABLE)
    assert attr.hash_conf is conf and attr.rx_hash_conf is conf
    assert attr.ind_table is None and attr.rwq_ind_tbl is None
    attr.hash_conf = None
    assert attr.rx_hash_conf is None
    with pytest.raises(TypeError):
        attr.ind_table = conf


def _compat():
    sys.path.insert(0, COMPAT)
    try:
        import pyverbs.wq as wq
        from pyverbs.pyverbs_error import PyverbsUserError, PyverbsRDMAError
    finally:
        sys.path.remove(COMPAT)
    return wq, PyverbsUserError, PyverbsRDMAError


def test_compat_wq_module_is_real():
    wq, _, _ = _compat()
    assert wq.WQInitAttr is Verbs.WQInitAttr and wq.WQAttr is Verbs.WQAttr
    assert issubclass(wq.WQ, Verbs.WQ) and issubclass(wq.RwqIndTable, Verbs.RwqIndTable)
    conf = wq.RxHashConf(rx_hash_function=1, rx_hash_key_len=len(KEY), rx_hash_key=list(KEY),
                         rx_hash_fields_mask=3)
    assert isinstance(conf, wq.RxHashConf) and conf.rx_hash_key == KEY
    assert wq.RxHashConf().rx_hash_key_len == 0


def test_compat_pyverbs_user_errors():
    wq, user_error, rdma_error = _compat()
    with pytest.raises(user_error, match='rx_hash_key_len'):
        wq.RxHashConf(rx_hash_key_len=3, rx_hash_key=[1, 2])
    with pytest.raises(user_error, match='Log size must be > 0'):
        wq.RwqIndTableInitAttr(0, [])
    wqs = [Verbs.WQ.__new__(Verbs.WQ) for _ in range(3)]
    for w in wqs:
        GObject.Object.__init__(w)
    with pytest.raises(user_error, match=r'table size \(2\) is smaller'):
        wq.RwqIndTableInitAttr(1, wqs)
    # fewer WQs than entries: pyverbs would read past its array; refused
    with pytest.raises(rdma_error) as info:
        wq.RwqIndTableInitAttr(2, wqs)
    assert info.value.error_code == 22
    attr = wq.RwqIndTableInitAttr(1, wqs[:2])
    assert isinstance(attr, wq.RwqIndTableInitAttr) and attr.log_ind_tbl_size == 1
