# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Work requests from Python that point at memory or objects they must not
outlive: an inline send from an unmapped address is a GLib.Error (the
process lives on), a valid one still delivers; repeat counts the queue can
never hold are refused with the limit named."""
import mmap

import pytest

from gverbs_testutil import device_name
from gi.repository import GLib
from gi.repository import Verbs as V
from qp_traffic import Pair, poll, send_wr, recv_wr


def unmapped_address():
    m = mmap.mmap(-1, mmap.PAGESIZE)
    import ctypes
    addr = ctypes.addressof(ctypes.c_char.from_buffer(m))
    m.close()
    return addr


def test_inline_send_from_unmapped_address_is_an_error():
    p = Pair(device_name(), cap=V.QPCap(16, 16, 1, 1, 64))
    hole = unmapped_address()
    for lkey in (0, p[0].mr.lkey):
        wr = V.SendWR(wr_id=5, opcode=V.IBV_WR_SEND, num_sge=1, sg=[V.SGE(hole, 32, lkey)],
                      send_flags=V.IBV_SEND_SIGNALED | V.IBV_SEND_INLINE)
        with pytest.raises(GLib.Error) as info:
            p[0].qp.post_send(wr)
        assert info.value.matches(V.error_quark(), V.Error.INVALID_ARGUMENT)
        assert 'not readable memory' in info.value.message
    # the QP still works: a valid inline send delivers its bytes
    p[1].qp.post_recv(recv_wr(p[1], 1, 0, 64))
    p[0].mr.write(b'inline, checked!', 16, 0)
    wr = send_wr(p, p[0], 2, V.IBV_WR_SEND, 0, 16,
                 send_flags=V.IBV_SEND_SIGNALED | V.IBV_SEND_INLINE)
    p[0].qp.post_send(wr)
    (swc,) = poll(p[0].cq)
    assert swc.status == V.IBV_WC_SUCCESS and swc.wr_id == 2
    (rwc,) = poll(p[1].cq)
    assert rwc.byte_len == 16 and p[1].mr.read(16, 0) == b'inline, checked!'
    p.close()


def test_repeat_count_above_the_queue_is_refused():
    p = Pair(device_name(), cap=V.QPCap(16, 16, 1, 1, 0))
    cap = p[0].qp.cap
    wr = send_wr(p, p[0], 3, V.IBV_WR_SEND, 0, 8)
    with pytest.raises(GLib.Error) as info:
        p[0].qp.post_send_repeat(wr, 2 ** 31)
    assert info.value.matches(V.error_quark(), V.Error.OUT_OF_RANGE)
    assert 'max_send_wr %d' % cap.max_send_wr in info.value.message
    with pytest.raises(GLib.Error) as info:
        p[1].qp.post_recv_repeat(recv_wr(p[1], 4, 0, 8), 2 ** 32 - 1)
    assert 'max_recv_wr %d' % cap.max_recv_wr in info.value.message
    p.close()
