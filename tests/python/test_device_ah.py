# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: address handles from the port's real RoCE v2 GID (rdma-core's test_addr.py)."""
import gc

from gverbs_testutil import device_name, rdma_resources, Verbs
from gi.repository import GLib
import pytest


def sysfs_gid(index=1):
    with open('/sys/class/infiniband/%s/ports/1/gids/%d' % (device_name(), index)) as f:
        return f.read().strip()


def global_attr(sgid_index=1):
    gr = Verbs.GlobalRoute(dgid=sysfs_gid(1), sgid_index=sgid_index)
    return Verbs.AHAttr(gr=gr, is_global=1, port_num=1, dlid=0)


def test_gid_index_1_is_roce_v2():
    with open('/sys/class/infiniband/%s/ports/1/gid_attrs/types/1' % device_name()) as f:
        assert f.read().strip() == 'RoCE v2'


def test_create_ah_keyword_and_positional():
    attr = global_attr()
    with Verbs.Context(name=device_name()) as ctx:
        with Verbs.PD(ctx) as pd:
            with Verbs.AH(pd, attr=attr) as ah:
                assert not ah.closed
                assert ah.pd == pd and ah.attr == attr
                ah2 = Verbs.AH(pd, attr)
                ah3 = pd.create_ah(attr)
                assert not ah2.closed and not ah3.closed
            assert ah.closed
            assert not ah2.closed
        # the PD's close closed the AHs it still had
        assert ah2.closed and ah3.closed
        ah2.close()
        ah2.close()
        with pytest.raises(GLib.Error) as e:
            Verbs.AH(pd, attr=attr)
        assert e.value.matches(Verbs.error_quark(), Verbs.Error.CLOSED)


def test_destroy_ah_then_with_block():
    # rdma-core's test_destroy_ah: close inside the with block
    with Verbs.Context(name=device_name()) as ctx:
        pd = Verbs.PD(ctx)
        with Verbs.AH(pd, attr=global_attr()) as ah:
            ah.close()
        assert ah.closed


def test_ah_keeps_pd_alive():
    ctx = Verbs.Context(name=device_name())
    pd = Verbs.PD(ctx)
    ah = Verbs.AH(pd, attr=global_attr())
    del pd, ctx
    gc.collect()
    assert len(rdma_resources('pd')) == 1
    assert not ah.pd.closed
    del ah
    gc.collect()
    assert rdma_resources('pd') == []


def expect_error(attr, code, text):
    with Verbs.Context(name=device_name()) as ctx:
        with Verbs.PD(ctx) as pd:
            with pytest.raises(GLib.Error) as e:
                Verbs.AH(pd, attr=attr)
            assert e.value.matches(Verbs.error_quark(), code), e.value.message
            assert text in e.value.message
            return e.value.message


def test_non_global_ah_on_roce():
    # rdma-core's test_create_ah_roce
    assert ctx_link_layer_is_ethernet()
    msg = expect_error(Verbs.AHAttr(is_global=0, port_num=1), Verbs.Error.INVALID_ARGUMENT,
                       'RoCE needs a global route (is_global with a GID)')
    assert msg.startswith('ibv_create_ah on pd ') and '(EINVAL)' in msg


def ctx_link_layer_is_ethernet():
    with Verbs.Context(name=device_name()) as ctx:
        return ctx.query_port(1).link_layer == 2


def test_bad_sgid_index():
    msg = expect_error(global_attr(sgid_index=200), Verbs.Error.NOT_FOUND,
                       "sgid_index 200 is an empty entry of port 1's GID table")
    assert msg.startswith('ibv_create_ah on pd ') and '(ENODATA)' in msg


def test_bad_port():
    attr = global_attr()
    attr.port_num = 7
    expect_error(attr, Verbs.Error.INVALID_ARGUMENT, 'port 7 does not exist')


def test_bad_dgid_set_through_props():
    attr = global_attr()
    attr.gr.props.dgid = 'not-a-gid'
    expect_error(attr, Verbs.Error.INVALID_ARGUMENT, '“not-a-gid” is not a GID')


def test_global_without_route():
    expect_error(Verbs.AHAttr(is_global=1), Verbs.Error.INVALID_ARGUMENT, 'no global route')


def test_ah_from_wc_takes_grh_bytes():
    """pyverbs passes the GRH's address; libgverbs takes its bytes (real traffic:
    test_device_ah_from_wc.py)."""
    with Verbs.Context(name=device_name()) as ctx:
        with Verbs.PD(ctx) as pd:
            with pytest.raises(GLib.Error) as err:
                Verbs.AH(pd, wc=Verbs.WC(), grh=0, port_num=1)
            assert err.value.matches(Verbs.error_quark(), Verbs.Error.NOT_SUPPORTED)
