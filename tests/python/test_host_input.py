# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Host tests for untrusted input: the path wire form, flag and range
arguments refused with an error instead of dropped (no RDMA device)."""
import time

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, Verbs  # noqa: E402
import pytest  # noqa: E402


def _assert_refused_fast(blob, needle):
    start = time.monotonic()
    with pytest.raises(GLib.Error) as info:
        Verbs.IBPath.from_bytes(blob)
    elapsed = time.monotonic() - start
    assert info.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT)
    assert needle in info.value.message
    assert elapsed < 0.010, elapsed


def test_path_hostile_blob_refused_fast():
    assert Verbs.PATH_WIRE_MAX_SIZE == 4096
    _assert_refused_fast(bytes(1024 * 1024), 'more than the 4096')
    _assert_refused_fast(bytes(4 * 1024 * 1024), 'more than the 4096')
    _assert_refused_fast(bytes(Verbs.PATH_WIRE_MAX_SIZE), 'entries, more than the 64')


def test_path_wire_round_trip_within_bound():
    path = Verbs.IBPath(1, dqpn=0x1234, sqpn=0x42, SL=3, DGID='fe80::1')
    blob = path.to_bytes()
    assert len(blob) < 600
    back = Verbs.IBPath.from_bytes(blob)
    assert (back.dqpn, back.sqpn, back.sl) == (0x1234, 0x42, 3)
    assert back.dgid == Verbs.Gid.new_from_string('fe80::1')


def _assert_refused(code, needle, func, *args):
    with pytest.raises(GLib.Error) as info:
        func(*args)
    assert info.value.matches(Verbs.error_quark(), code), info.value.message
    assert needle in info.value.message, info.value.message


@pytest.mark.parametrize('name, value, code, needle', [
    ('retry_cnt', 8, Verbs.Error.OUT_OF_RANGE, 'retry_cnt 8 is out of range [0, 7]'),
    ('rnr_retry', 8, Verbs.Error.OUT_OF_RANGE, 'rnr_retry 8'),
    ('timeout', 32, Verbs.Error.OUT_OF_RANGE, 'timeout 32'),
    ('min_rnr_timer', 32, Verbs.Error.OUT_OF_RANGE, 'min_rnr_timer 32'),
    ('dest_qp_num', 1 << 24, Verbs.Error.OUT_OF_RANGE, 'dest_qp_num 16777216'),
    ('sq_psn', 1 << 24, Verbs.Error.OUT_OF_RANGE, 'sq_psn'),
    ('max_rd_atomic', 300, Verbs.Error.OUT_OF_RANGE, 'max_rd_atomic 300'),
    ('qp_access_flags', 7 | 1 << 24, Verbs.Error.INVALID_ARGUMENT, 'bits 0x1000000'),
    ('path_mtu', 9, Verbs.Error.INVALID_ARGUMENT, 'path_mtu 9 is not a MTU value'),
])
def test_qp_attr_refuses_and_keeps_value(name, value, code, needle):
    attr = Verbs.QPAttr()
    before = getattr(attr, name)
    _assert_refused(code, needle, setattr, attr, name, value)
    assert getattr(attr, name) == before


def test_qp_attr_accepts_limits():
    attr = Verbs.QPAttr(retry_cnt=7, rnr_retry=7, timeout=31, dest_qp_num=0xffffff,
                        qp_access_flags=Verbs.AccessFlags.LOCAL_WRITE |
                        Verbs.AccessFlags.REMOTE_READ)
    assert (attr.retry_cnt, attr.rnr_retry, attr.timeout, attr.dest_qp_num) == \
        (7, 7, 31, 0xffffff)
    assert int(attr.qp_access_flags) == 5


@pytest.mark.parametrize('name, value, needle', [
    ('sl', 16, 'sl 16 is out of range [0, 15]'),
    ('SL', 16, 'sl 16'),
    ('retry_cnt', 8, 'retry_cnt 8'),
    ('dqpn', 1 << 24, 'dqpn 16777216'),
    ('flow_label', 1 << 20, 'flow_label'),
    ('end_port', 256, 'port_num 256'),
])
def test_path_refuses_and_keeps_value(name, value, needle):
    path = Verbs.IBPath(1, SL=3, retries=5, dqpn=0x42, flow_label=1)
    before = (path.sl, path.retry_cnt, path.dqpn, path.flow_label, path.port_num)
    _assert_refused(Verbs.Error.OUT_OF_RANGE, needle, setattr, path, name, value)
    assert (path.sl, path.retry_cnt, path.dqpn, path.flow_label, path.port_num) == before


def test_path_mtu_checked_like_qp_attr():
    path = Verbs.IBPath(1, MTU=Verbs.MTU(3))
    path.mtu = 4   # an int names the enum member, as on QPAttr
    assert path.mtu == Verbs.MTU(4)
    _assert_refused(Verbs.Error.INVALID_ARGUMENT, 'mtu 9 is not a MTU value', setattr, path,
                    'MTU', 9)
    assert path.mtu == Verbs.MTU(4)


def test_ah_attr_and_global_route_refuse():
    attr = Verbs.AHAttr(sl=15, src_path_bits=127)
    assert (attr.sl, attr.src_path_bits) == (15, 127)
    _assert_refused(Verbs.Error.OUT_OF_RANGE, 'sl 16', setattr, attr, 'sl', 16)
    _assert_refused(Verbs.Error.OUT_OF_RANGE, 'src_path_bits 128', setattr, attr,
                    'src_path_bits', 128)
    _assert_refused(Verbs.Error.INVALID_ARGUMENT, 'static_rate 99', setattr, attr,
                    'static_rate', 99)
    assert attr.sl == 15
    _assert_refused(Verbs.Error.OUT_OF_RANGE, 'sl 16', Verbs.AHAttr, 0, 16)
    _assert_refused(Verbs.Error.OUT_OF_RANGE, 'flow_label', Verbs.GlobalRoute, None, 1 << 20)


def test_cq_init_attr_ex_refuses_unknown_flags():
    _assert_refused(Verbs.Error.INVALID_ARGUMENT, 'wc_flags', Verbs.CqInitAttrEx, 10, None, 0,
                    1 << 30)


def test_addr_info_refuses_unknown_flags():
    # refused before rdma_getaddrinfo runs: no device needed
    _assert_refused(Verbs.Error.INVALID_ARGUMENT, 'bits 0x1000', Verbs.AddrInfo, '127.0.0.1',
                    None, None, None, Verbs.PortSpace.TCP,
                    int(Verbs.AddrInfoFlags.PASSIVE) | 1 << 12)
