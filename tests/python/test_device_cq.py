# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: CQ, CQEX, CompChannel and WC through the pyverbs-style override."""
import errno
import fcntl
import os

from gverbs_testutil import device_name, devinfo, parse_number, Verbs
from qp_traffic import Pair, poll, recv_wr, send_wr
from gi.repository import GLib
import pytest


def max_cqe(ctx):
    value = ctx.query_device().max_cqe
    assert value == parse_number(devinfo(ctx.name)['max_cqe'])
    return value


def assert_gerror(info, code):
    assert info.value.matches(Verbs.error_quark(), code), info.value.message


def test_cq_pyverbs_constructor_and_print():
    with Verbs.Context(name=device_name()) as ctx:
        with Verbs.CQ(ctx, 100, None, None, 0) as cq:
            assert cq.cqe >= 100
            assert cq.comp_vector == 0
            assert cq.channel is None
            assert cq.cq_context is None
            lines = str(cq).splitlines()
            assert lines[0] == 'CQ'
            assert lines[1].startswith('Handle                : ')
            assert lines[2].rstrip() == 'CQEs                  : %d' % cq.cqe
            assert cq.poll() == (0, [])
            assert cq.poll(10) == (0, [])
            cq.req_notify()
            cq.req_notify(True)
        assert cq.closed
        cq.close()
        with pytest.raises(GLib.Error) as info:
            cq.poll()
        assert_gerror(info, Verbs.Error.CLOSED)
        # keyword form and the user context, which pyverbs passes through
        cq = Verbs.CQ(ctx, cqe=5, cq_context='mine', channel=None, comp_vector=0)
        assert cq.cq_context == 'mine'
        assert cq.cqe >= 5


def test_cq_limits_and_resize():
    with Verbs.Context(name=device_name()) as ctx:
        limit = max_cqe(ctx)
        with Verbs.CQ(ctx, limit, None, None, 0) as cq:
            assert cq.cqe >= limit
        with pytest.raises(GLib.Error) as info:
            Verbs.CQ(ctx, limit + 1, None, None, 0)
        assert_gerror(info, Verbs.Error.INVALID_ARGUMENT)
        assert 'max_cqe %d' % limit in info.value.message
        with pytest.raises(GLib.Error) as info:
            Verbs.CQ(ctx, 10, None, None, ctx.num_comp_vectors)
        assert_gerror(info, Verbs.Error.INVALID_ARGUMENT)
        with Verbs.CQ(ctx, 10, None, None, 0) as cq:
            before = cq.cqe
            cq.resize(before * 4)
            assert cq.cqe >= before * 4
            with pytest.raises(GLib.Error) as info:
                cq.resize(limit + 1)
            assert_gerror(info, Verbs.Error.INVALID_ARGUMENT)


def test_comp_channel_and_factories():
    with Verbs.Context(name=device_name()) as ctx:
        cc = ctx.comp_channel()
        assert isinstance(cc, Verbs.CompChannel)
        assert cc.fd >= 0
        assert fcntl.fcntl(cc.fd, fcntl.F_GETFL) & os.O_NONBLOCK
        cq = ctx.cq(32, cc)
        assert isinstance(cq, Verbs.CQ)
        assert cq.channel == cc
        assert cq.cqe >= 32
        cq.req_notify_cq()
        with pytest.raises(GLib.Error) as info:
            cc.get_cq_event(cq, timeout=0)
        assert_gerror(info, Verbs.Error.TIMED_OUT)
        with pytest.raises(GLib.Error) as info:
            cq.ack_events(1)
        assert_gerror(info, Verbs.Error.INVALID_ARGUMENT)
        cq.ack_events(0)
        assert not cq.watched
        cq.watched = True
        assert cq.watched
        plain = Verbs.CQ(ctx, 10, None, None, 0)
        with pytest.raises(GLib.Error) as info:
            plain.watched = True
        assert_gerror(info, Verbs.Error.INVALID_ARGUMENT)
        with Verbs.CompChannel(ctx) as cc2:
            cq2 = Verbs.CQ(ctx, 10, None, cc2, 0)
        assert cc2.closed and cq2.closed
    # closing the context closed everything under it
    assert cc.closed and cq.closed and plain.closed
    with pytest.raises(GLib.Error) as info:
        cc.get_cq_event(cq)
    assert_gerror(info, Verbs.Error.CLOSED)


def test_cq_event_on_an_unexpected_cq():
    # pyverbs' get_cq_event(expected_cq): the event of another CQ is an error
    p = Pair(device_name(), channel=True)
    try:
        a, b = p[0], p[1]
        a.cq.req_notify_cq()
        b.qp.post_recv(recv_wr(b, 1, 0, 64))
        a.qp.post_send(send_wr(p, a, 2, Verbs.IBV_WR_SEND, 0, 64,
                               send_flags=Verbs.IBV_SEND_SIGNALED))
        with pytest.raises(GLib.Error) as info:
            p.channel.get_cq_event(b.cq, timeout=10000)
        assert_gerror(info, Verbs.Error.FAILED)
        assert info.value.message == 'Received event on an unexpected CQ'
        a.cq.ack_events(1)
        assert [wc.wr_id for wc in poll(a.cq)] == [2]
        assert [wc.wr_id for wc in poll(b.cq)] == [1]
        a.cq.req_notify_cq()
        b.qp.post_recv(recv_wr(b, 4, 0, 64))
        a.qp.post_send(send_wr(p, a, 3, Verbs.IBV_WR_SEND, 0, 64,
                               send_flags=Verbs.IBV_SEND_SIGNALED))
        assert p.channel.get_cq_event(a.cq, timeout=10000) == a.cq
        a.cq.ack_events(1)
        assert [wc.wr_id for wc in poll(a.cq)] == [3]
    finally:
        p.close()


def test_completion_signals_marshal_wcs():
    received, batches = [], []
    with Verbs.Context(name=device_name()) as ctx:
        cq = Verbs.CQ(ctx, 10, None, Verbs.CompChannel(ctx), 0)
        cq.connect('completion', lambda cq, wc: received.append((wc.wr_id, wc.status, wc.byte_len)))
        cq.connect('completions', lambda cq, wcs: batches.append([wc.wr_id for wc in wcs]))
        cq.emit('completion', Verbs.WC(wr_id=42, status=Verbs.WCStatus.SUCCESS, byte_len=7))
    assert received == [(42, Verbs.WCStatus.SUCCESS, 7)]


def test_wc_and_wc_error():
    wc = Verbs.WC(wr_id=9, status=Verbs.IBV_WC_RNR_RETRY_EXC_ERR, opcode=Verbs.IBV_WC_SEND,
                  qp_num=0x21, vendor_err=3)
    assert wc.wr_id == 9 and wc.qp_num == 0x21 and wc.vendor_err == 3
    assert wc.status == Verbs.WCStatus.RNR_RETRY_EXC_ERR
    lines = str(wc).splitlines()
    assert lines[0].rstrip() == 'WR ID                 : 9'
    assert lines[1].rstrip() == 'status                : RNR retry counter exceeded'
    err = wc.to_error()
    assert err.matches(Verbs.wc_error_quark(), int(Verbs.WCStatus.RNR_RETRY_EXC_ERR))
    with pytest.raises(GLib.Error) as info:
        wc.check()
    assert info.value.code == int(Verbs.WCStatus.RNR_RETRY_EXC_ERR)
    assert 'wr_id 9' in info.value.message and 'QP 0x21' in info.value.message
    with pytest.raises(GLib.Error) as info:
        raise Verbs.WCError(wc, qp=None)
    assert info.value.domain == 'gverbs-wc-error-quark'
    assert info.value.code == 13 and info.value.wr_id == 9
    assert Verbs.WC(wr_id=1).to_error() is None
    Verbs.WC(wr_id=1).check()


def test_cqex():
    with Verbs.Context(name=device_name()) as ctx:
        attr = Verbs.CqInitAttrEx(cqe=10, wc_flags=Verbs.IBV_WC_EX_WITH_BYTE_LEN |
                                  Verbs.IBV_WC_EX_WITH_QP_NUM, comp_mask=0, flags=0)
        text = str(attr)
        assert text.splitlines()[0].rstrip() == 'Number of CQEs        : 10'
        assert 'IBV_WC_EX_WITH_BYTE_LEN IBV_WC_EX_WITH_QP_NUM' in text
        attr.cqe = 20
        assert attr.cqe == 20
        with Verbs.CQEX(ctx, attr) as cq:
            assert cq.cqe >= 20
            assert str(cq).startswith('Extended CQ:\nHandle                : ')
            assert cq.start_poll(None) == errno.ENOENT
            with pytest.raises(GLib.Error) as info:
                cq.read_byte_len()
            assert_gerror(info, Verbs.Error.INVALID_ARGUMENT)
            with pytest.raises(GLib.Error):
                cq.status
            with pytest.raises(GLib.Error):
                cq.end_poll()
        assert cq.closed
        # timestamps: rxe has none, a clean NOT_SUPPORTED
        attr = Verbs.CqInitAttrEx(wc_flags=Verbs.IBV_WC_EX_WITH_COMPLETION_TIMESTAMP)
        with pytest.raises(GLib.Error) as info:
            Verbs.CQEX(ctx, attr)
        assert_gerror(info, Verbs.Error.NOT_SUPPORTED)
        assert 'ibv_create_cq_ex' in info.value.message
        # with a channel, closing the channel closes the CQEX
        cc = Verbs.CompChannel(ctx)
        cq = Verbs.CQEX(ctx, Verbs.CqInitAttrEx(cqe=5, channel=cc))
        assert cq.channel == cc
        cc.close()
        assert cq.closed


def test_cq_positional_call_subclass_and_keywords():
    # pyverbs' positional call is one C call; cq_context stays Python's; a subclass with
    # its own signature still passes its arguments to super().__init__()
    class MyCQ(Verbs.CQ):
        def __init__(self, ctx, tag):
            super().__init__(ctx, 8, tag)
            self.tag = tag

    with Verbs.Context(name=device_name()) as ctx:
        cq = Verbs.CQ(ctx, 16, 'user', None, 0)
        assert type(cq) is Verbs.CQ and cq.cq_context == 'user' and cq.cqe >= 16
        mine = MyCQ(ctx, 'tagged')
        assert type(mine) is MyCQ and mine.cq_context == 'tagged' and mine.tag == 'tagged'
        assert mine.cqe >= 8 and not mine.closed
        channel = Verbs.CompChannel(ctx)
        assert Verbs.CQ(ctx, 4, None, channel, 0).channel == channel
        with pytest.raises(TypeError, match='channel must be a CompChannel or None'):
            Verbs.CQ(ctx, 4, None, ctx, 0)
