# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Host tests: GlobalRoute, AHAttr, XRCDInitAttr, AllocDmAttr in pyverbs' shapes."""
import os

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, Verbs  # noqa: E402
import pytest  # noqa: E402

GID = 'fe80:0000:0000:0000:9a03:9bff:fe00:e4bf'


def test_global_route_like_pyverbs():
    gr = Verbs.GlobalRoute(dgid=GID, sgid_index=0)
    # the seed's printout, pyverbs' '{:22}: {:<20}' lines
    assert str(gr) == (
        'DGID                  : fe80:0000:0000:0000:9a03:9bff:fe00:e4bf\n'
        'flow label            : 0                   \n'
        'sgid index            : 0                   \n'
        'hop limit             : 1                   \n'
        'traffic class         : 0                   \n')
    gr2 = Verbs.GlobalRoute(GID, 0x12345, 3, 64, 5)
    assert (gr2.dgid, gr2.flow_label, gr2.sgid_index, gr2.hop_limit, gr2.traffic_class) == \
        (GID, 0x12345, 3, 64, 5)


def test_global_route_fields_are_settable():
    gr = Verbs.GlobalRoute()
    assert gr.dgid == '0000:0000:0000:0000:0000:0000:0000:0000'
    gr.sgid_index = 7
    gr.hop_limit = 9
    gr.traffic_class = 2
    gr.flow_label = 11
    assert (gr.sgid_index, gr.hop_limit, gr.traffic_class, gr.flow_label) == (7, 9, 2, 11)
    assert gr.props.sgid_index == 7
    gr.dgid = bytes(range(16))
    assert gr.dgid == '0001:0203:0405:0607:0809:0a0b:0c0d:0e0f'
    assert gr.dup_dgid_bytes().get_data() == bytes(range(16))
    gr.dgid = '::ffff:10.77.0.1'
    assert gr.dgid == '0000:0000:0000:0000:0000:ffff:0a4d:0001'


class _GidLike:
    """What ctx.query_gid() returns: an object whose str() is the GID text."""
    def __str__(self):
        return GID


def test_global_route_takes_gid_objects():
    assert Verbs.GlobalRoute(dgid=_GidLike()).dgid == GID


@pytest.mark.parametrize('bad', ['xyz', 'fe80:0000', '1:2:3:4:5:6:7:12345', ''])
def test_bad_gid_is_a_clean_error(bad):
    with pytest.raises(GLib.Error) as e:
        Verbs.GlobalRoute(dgid=bad)
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT)
    gr = Verbs.GlobalRoute(dgid=GID)
    with pytest.raises(GLib.Error):
        gr.dgid = bad
    assert gr.dgid == GID
    with pytest.raises(GLib.Error):
        gr.dgid = b'\x00' * 15


def test_ah_attr_like_pyverbs():
    attr = Verbs.AHAttr()
    assert (attr.dlid, attr.sl, attr.src_path_bits, attr.static_rate, attr.is_global,
            attr.port_num) == (0, 0, 0, 0, 0, 1)
    assert attr.dgid is None and attr.sgid_index is None
    assert str(attr) == (
        '  port num              : 1                   \n'
        '  sl                    : 0                   \n'
        '  source path bits      : 0                   \n'
        '  dlid                  : 0                   \n'
        '  static rate           : 0                   \n'
        '  is global             : 0                   \n')

    gr = Verbs.GlobalRoute(dgid=GID, sgid_index=1)
    attr = Verbs.AHAttr(gr=gr, is_global=1, port_num=1, dlid=0)
    assert attr.is_global == 1
    assert attr.gr is gr and attr.grh is gr
    assert attr.dgid == GID and attr.sgid_index == 1 and attr.hop_limit == 1
    assert str(attr).endswith(
        '  is global             : 1                   \n'
        '  dgid                  : fe80:0000:0000:0000:9a03:9bff:fe00:e4bf\n'
        '  flow label            : 0                   \n'
        '  sgid index            : 1                   \n'
        '  hop limit             : 1                   \n'
        '  traffic_class         : 0                   \n')
    # pyverbs' positional order and settable fields
    attr = Verbs.AHAttr(5, 2, 1, Verbs.IBV_RATE_100_GBPS, 1, 1, gr)
    assert (attr.dlid, attr.sl, attr.src_path_bits, attr.static_rate) == \
        (5, 2, 1, Verbs.IBV_RATE_100_GBPS)
    attr.sl = 4
    attr.port_num = 2
    attr.sgid_index = 3    # pass-through to the route, as in pyverbs
    assert (attr.sl, attr.port_num, gr.sgid_index) == (4, 2, 3)
    attr.is_global = 0
    assert attr.props.is_global is False and attr.dgid is None


def test_xrcd_init_attr_like_pyverbs():
    attr = Verbs.XRCDInitAttr(Verbs.IBV_XRCD_INIT_ATTR_FD | Verbs.IBV_XRCD_INIT_ATTR_OFLAGS,
                              os.O_CREAT, 5)
    assert int(attr.comp_mask) == 3
    assert attr.oflags == os.O_CREAT
    assert attr.fd == 5
    attr.fd = 6
    assert attr.fd == 6
    assert Verbs.XRCDInitAttr().fd == -1


def test_alloc_dm_attr_like_pyverbs():
    attr = Verbs.AllocDmAttr(4096)
    assert (attr.length, attr.log_align_req, attr.comp_mask) == (4096, 0, 0)
    attr = Verbs.AllocDmAttr(length=1 << 40, log_align_req=3, comp_mask=0)
    assert attr.length == 1 << 40 and attr.log_align_req == 3
    attr.comp_mask = 7
    assert attr.comp_mask == 7


def test_attributes_made_in_one_call_check_like_properties():
    # GlobalRoute(dgid=Gid, ...) and AHAttr(...) with integers are one C call
    # (new_full); its range checks give the property setter's errors
    gid = Verbs.Gid(GID)
    gr = Verbs.GlobalRoute(dgid=gid, flow_label=0x12345, sgid_index=3, hop_limit=64,
                           traffic_class=2)
    assert (gr.dgid, gr.flow_label, gr.sgid_index, gr.hop_limit, gr.traffic_class) == \
        (GID, 0x12345, 3, 64, 2)
    assert Verbs.GlobalRoute(dgid=gid).hop_limit == 1   # pyverbs' default, C's too
    attr = Verbs.AHAttr(gr=gr, is_global=1, port_num=2, sl=5, dlid=7,
                        static_rate=Verbs.Rate.GBPS_10)
    assert (attr.is_global, attr.port_num, attr.sl, attr.dlid, attr.sgid_index, attr.dgid) == \
        (1, 2, 5, 7, 3, GID)
    assert attr.static_rate == Verbs.Rate.GBPS_10 and attr.gr.hop_limit == 64
    for make, code, text in (
            (lambda: Verbs.GlobalRoute(dgid=gid, sgid_index=256), Verbs.Error.OUT_OF_RANGE,
             'sgid_index 256 is out of range [0, 255]'),
            (lambda: Verbs.GlobalRoute(flow_label=1 << 20), Verbs.Error.OUT_OF_RANGE,
             'flow_label 1048576 is out of range [0, 1048575]'),
            (lambda: Verbs.GlobalRoute(hop_limit=-1), Verbs.Error.OUT_OF_RANGE,
             'hop_limit -1 is out of range [0, 255]'),
            (lambda: Verbs.AHAttr(sl=16), Verbs.Error.OUT_OF_RANGE, 'sl 16 is out of range [0, 15]'),
            (lambda: Verbs.AHAttr(static_rate=999), Verbs.Error.INVALID_ARGUMENT,
             'static_rate 999 is not a Rate value'),
            (lambda: Verbs.AHAttr.new_full(0, 0, 0, 0, True, 256, None), Verbs.Error.OUT_OF_RANGE,
             'port_num 256 is out of range [0, 255]')):
        with pytest.raises(GLib.Error) as info:
            make()
        assert info.value.matches(Verbs.error_quark(), code) and text in info.value.message
    with pytest.raises(TypeError):
        Verbs.AHAttr(gr=5)
