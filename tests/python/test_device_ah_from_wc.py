# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: answering a UD message with AH(pd, wc=, grh=, port_num=)
(ibv_create_ah_from_wc), pyverbs style, real traffic."""
import gi
import pytest

from gverbs_testutil import device_name
from gi.repository import GLib
from gi.repository import Verbs as V
from qp_traffic import Pair, poll, recv_wr, QKEY

gi.require_version('Verbs', '1.0')

GRH = 40


def ud_send(side, ah, remote_qpn, offset, length, wr_id):
    wr = V.SendWR(wr_id=wr_id, opcode=V.IBV_WR_SEND, num_sge=1,
                  sg=[V.SGE(side.mr.buf + offset, length, side.mr.lkey)])
    wr.set_wr_ud(ah, remote_qpn, QKEY)
    side.qp.post_send(wr)


def test_reply_through_ah_from_wc():
    p = Pair(device_name(), V.IBV_QPT_UD)
    p[1].qp.post_recv(recv_wr(p[1], 1, 0, GRH + 256))
    p[0].qp.post_recv(recv_wr(p[0], 2, 1024, GRH + 256))
    p[0].mr.write(b'ping', 4, 0)
    ud_send(p[0], p[0].ah, p[1].qp.qp_num, 0, 4, 10)
    poll(p[0].cq)
    (wc,) = poll(p[1].cq)
    assert wc.status == V.IBV_WC_SUCCESS and wc.wc_flags & V.IBV_WC_GRH
    assert wc.src_qp == p[0].qp.qp_num

    reply = V.AH(p.pd, wc=wc, grh=p[1].mr.read(GRH, 0), port_num=1)
    attr = reply.attr
    assert attr.is_global and attr.port_num == 1
    assert attr.grh.sgid_index == p.gid_index
    assert attr.grh.dgid == str(p.gid)  # loopback: the sender's GID is ours

    p[1].mr.write(b'pong back', 9, 2048)
    ud_send(p[1], reply, wc.src_qp, 2048, 9, 11)
    (swc,) = poll(p[1].cq)
    assert swc.status == V.IBV_WC_SUCCESS
    (rwc,) = poll(p[0].cq)
    assert (rwc.wr_id, rwc.status, rwc.byte_len) == (2, V.IBV_WC_SUCCESS, GRH + 9)
    assert rwc.src_qp == p[1].qp.qp_num
    assert p[0].mr.read(9, 1024 + GRH) == b'pong back'

    with pytest.raises(GLib.Error) as err:
        V.AH(p.pd, wc=wc, grh=b'short', port_num=1)
    assert err.value.matches(V.error_quark(), V.Error.OUT_OF_RANGE)
    with pytest.raises(GLib.Error) as err:
        V.AH(p.pd, wc=wc, grh=p[1].mr.buf, port_num=1)
    assert err.value.matches(V.error_quark(), V.Error.NOT_SUPPORTED)
    with pytest.raises(GLib.Error) as err:
        V.AH(p.pd, wc=wc, grh=p[1].mr.read(GRH, 0), port_num=0)
    assert err.value.matches(V.error_quark(), V.Error.OUT_OF_RANGE)
    p.close()
