# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device test: rdma_cm signal handlers that close the emitting identifier,
close its event channel or drop the last Python reference to it, over rxe
loopback at $GVERBS_VM_ADDR (a representative subset of the C matrix in
tests/c/test-device-cm-reentrancy.c). The process must survive, closed
objects must answer GVERBS_ERROR_CLOSED, and no identifier may be left."""
import gc
import os

import pytest
import gi

gi.require_version('Verbs', '1.0')
from gi.repository import GLib, Verbs  # noqa: E402

from gverbs_testutil import device_name, rdma_resources  # noqa: E402

_ports = iter(range(7880, 7940))


def vm_addr():
    device_name()
    addr = os.environ.get('GVERBS_VM_ADDR')
    if not addr:
        pytest.skip('GVERBS_VM_ADDR is not set: no address with an RDMA device')
    return addr


def qp_attr():
    return Verbs.QPInitAttr(qp_type=Verbs.QPType.RC,
                            cap=Verbs.QPCap(max_send_wr=4, max_recv_wr=4))


def assert_closed(call):
    with pytest.raises(GLib.Error) as e:
        call()
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.CLOSED), e.value.message


class Flow:
    """A client and a server on one channel: resolve, connect, accept, then
    (disconnect=True) the client disconnects, or (message=True) it sends one
    message with completions watched on both sides."""

    def __init__(self, disconnect=False, message=False, reject=False):
        self.addr, self.port = vm_addr(), next(_ports)
        self.loop = GLib.MainLoop()
        self.state = {}
        self.disconnect, self.message, self.reject = disconnect, message, reject
        self.ch = Verbs.CMEventChannel()
        self.state['listener'] = lid = Verbs.CMID(self.ch, port_space=Verbs.RDMA_PS_TCP)
        lid.bind_addr(Verbs.AddrInfo(src=self.addr, src_service=str(self.port),
                                     flags=Verbs.RAI_PASSIVE))
        lid.listen(4)
        self.state['client'] = Verbs.CMID(self.ch, port_space=Verbs.RDMA_PS_TCP)
        self.established = 0
        self.acted = False

    def act(self, what, obj, key):
        """The action in the handler, then 1 s for what follows from it."""
        if self.acted:
            return
        self.acted = True
        if what == 'close':
            obj.close()
        elif what == 'close-channel':
            obj.get_event_channel().close()
        else:
            del self.state[key]
            gc.collect()
        GLib.timeout_add(1000, self.loop.quit)

    def start(self):
        def ignore_closed(finish, res):
            try:
                finish(res)
                return True
            except GLib.Error as e:
                assert e.matches(Verbs.error_quark(), Verbs.Error.CLOSED) or \
                    e.matches(Verbs.error_quark(), Verbs.Error.CONNECTION_REFUSED), e.message
                return False

        def both():
            self.established += 1
            if self.established < 2:
                return
            cid = self.state.get('client')
            if cid is None or cid.closed:
                return
            if self.disconnect:
                cid.disconnect()
            elif self.message:
                cid.watch_completions()
                self.state['client_mr'] = mr = cid.reg_msgs(64)
                mr.write(b'reentrant', 9)
                cid.post_send(mr, length=9, wr_id=1)

        def on_request(lid, new_id, data):
            if self.reject:
                new_id.reject()
                return
            self.state['server'] = new_id
            self.arm(new_id, 'server')
            new_id.connect('disconnected', lambda i: i.closed or i.disconnect())
            new_id.create_qp(qp_attr())
            self.state['server_mr'] = mr = new_id.reg_msgs(64)
            new_id.post_recv(mr, length=64, wr_id=2)

            def accepted(i, res):
                if ignore_closed(i.accept_finish, res):
                    if self.message:
                        i.watch_completions()
                    both()
            new_id.accept_async(None, None, None, accepted)

        def connected(c, res):
            if ignore_closed(c.connect_to_peer_finish, res):
                both()

        def route(c, res):
            if ignore_closed(c.resolve_route_finish, res):
                c.create_qp(qp_attr())
                c.connect_to_peer_async(None, None, None, connected)

        def addr(c, res):
            if ignore_closed(c.resolve_addr_finish, res):
                c.resolve_route_async(2000, None, route)

        self.arm(self.state['listener'], 'listener')
        self.state['listener'].connect('connect-request', on_request)
        self.arm(self.state['client'], 'client')
        dst = Verbs.AddrInfo(dst=self.addr, dst_service=str(self.port))
        self.state['client'].resolve_addr_async(dst, 2000, None, addr)
        guard = GLib.timeout_add_seconds(60, self.loop.quit)
        self.loop.run()
        assert self.acted, 'the signal never came'
        GLib.source_remove(guard)

    def arm(self, obj, key):
        pass

    def finish(self):
        self.ch.close()
        self.state.clear()
        gc.collect()
        ctx = GLib.MainContext.default()
        while ctx.iteration(False):
            pass
        assert rdma_resources('cm_id') == []
        assert rdma_resources('qp') == []


def run(signal, key, what, event_type=None, **flow_args):
    flow = Flow(**flow_args)

    def arm(obj, k):
        if k != key:
            return

        def handler(o, *args):
            if event_type is not None and args[0] != event_type:
                return
            flow.act(what, o, k)
        obj.connect(signal, handler)
    flow.arm = arm
    flow.start()
    emitter = flow.state.get(key)
    if what in ('close', 'close-channel'):
        assert emitter.closed
        assert_closed(lambda: emitter.listen(0))
    if what == 'close-channel':
        assert flow.ch.closed
        assert_closed(lambda: Verbs.CMID(flow.ch, port_space=Verbs.RDMA_PS_TCP))
    flow.finish()


@pytest.mark.parametrize('what', ['close', 'close-channel', 'drop'])
def test_addr_resolved(what):
    run('event', 'client', what, event_type=Verbs.CMEventType.ADDR_RESOLVED)


@pytest.mark.parametrize('what', ['close', 'close-channel', 'drop'])
def test_connect_request(what):
    run('connect-request', 'listener', what)


@pytest.mark.parametrize('what', ['close', 'close-channel', 'drop'])
def test_established(what):
    run('established', 'server', what)


@pytest.mark.parametrize('what', ['close', 'close-channel', 'drop'])
def test_disconnected(what):
    run('disconnected', 'client', what, disconnect=True)


@pytest.mark.parametrize('what', ['close', 'close-channel', 'drop'])
def test_rejected(what):
    run('rejected', 'client', what, reject=True)


@pytest.mark.parametrize('what', ['close', 'close-channel', 'drop'])
def test_recv_completion(what):
    run('recv-completion', 'server', what, message=True)


@pytest.mark.parametrize('what', ['close', 'close-channel', 'drop'])
def test_listener_incoming(what):
    addr, port = vm_addr(), next(_ports)
    loop = GLib.MainLoop()
    state = {'service': Verbs.CMListener(qp_attr())}
    assert state['service'].add_address(addr, port, 4) == port
    seen = []

    def incoming(service, conn):
        seen.append(conn)
        if what == 'close':
            service.close()
        elif what == 'close-channel':
            service.get_event_channel().close()
        else:
            del state['service']
            gc.collect()
        GLib.timeout_add(1000, loop.quit)
        return False
    state['service'].connect('incoming', incoming)
    ch = Verbs.CMEventChannel()
    cid = Verbs.CMID(ch, port_space=Verbs.RDMA_PS_TCP)

    def route(c, res):
        c.resolve_route_finish(res)
        c.create_qp(qp_attr())
        c.connect_to_peer_async(None, None, None, lambda c, res: c.connect_to_peer_finish(res))
    cid.resolve_addr_async(Verbs.AddrInfo(dst=addr, dst_service=str(port)), 2000, None,
                           lambda c, res: (c.resolve_addr_finish(res),
                                           c.resolve_route_async(2000, None, route)))
    guard = GLib.timeout_add_seconds(60, loop.quit)
    loop.run()
    GLib.source_remove(guard)
    assert len(seen) == 1
    if what == 'close':
        assert state['service'].closed
        assert_closed(lambda: state['service'].add_address(addr, 0, 0))
    if what == 'close-channel':
        assert seen[0].closed
        assert_closed(lambda: seen[0].listen(0))
    ch.close()
    if 'service' in state:
        state['service'].close()
    seen.clear()
    state.clear()
    gc.collect()
    assert rdma_resources('cm_id') == []
