# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Re-entrancy of the CQ signals from Python: inside a ::completion,
::completions or ::event handler, close the CQ, close its context, close
its completion channel, or drop every Python reference to the objects and
collect garbage. The handler runs, nothing crashes, a closed CQ emits
nothing more, and the main loop dispatches on."""
import gc
import time

import pytest

from gverbs_testutil import device_name
from gi.repository import GLib
from gi.repository import Verbs as V
from qp_traffic import Pair, send_wr, recv_wr

ACTIONS = ['close-self', 'close-parent', 'close-channel', 'drop-refs']
SIGNALS = ['completion', 'completions', 'event']


def iterate(until, timeout=20):
    ctx = GLib.MainContext.default()
    deadline = time.monotonic() + timeout
    while not until():
        ctx.iteration(False)
        time.sleep(0.001)
        assert time.monotonic() < deadline, 'timed out waiting for the handler'


@pytest.mark.parametrize('action', ACTIONS)
@pytest.mark.parametrize('signal', SIGNALS)
def test_close_or_drop_inside_handler(signal, action):
    state = {'pair': Pair(device_name(), cap=V.QPCap(16, 16, 1, 1, 0), channel=True), 'calls': 0}
    p = state['pair']
    cq = p[1].cq
    if signal == 'event':
        cq.req_notify(False)
    else:
        cq.watched = True

    def handler(emitter, *args):
        state['calls'] += 1
        if state['calls'] > 1:
            return
        pair = state['pair']
        if action == 'close-self':
            emitter.close()
        elif action == 'close-parent':
            pair.ctx.close()
        elif action == 'close-channel':
            pair.channel.close()
        else:
            state.pop('pair')
            gc.collect()

    cq.connect(signal, handler)
    for i in range(4):
        p[1].qp.post_recv(recv_wr(p[1], i, 64 * i, 64))
        p[0].qp.post_send(send_wr(p, p[0], i, V.IBV_WR_SEND, 0, 16, send_flags=V.IBV_SEND_SIGNALED))
    del p, cq
    iterate(lambda: state['calls'] > 0)
    end = time.monotonic() + 0.2
    while time.monotonic() < end:
        GLib.MainContext.default().iteration(False)
        time.sleep(0.002)
    assert state['calls'] >= 1
    if action in ('close-self', 'close-parent'):
        assert state['calls'] == 1
    if 'pair' in state:
        state['pair'].close()
    state.clear()
    gc.collect()
