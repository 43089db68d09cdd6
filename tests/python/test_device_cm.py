# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: rdma_cm (AddrInfo, CMID, CMEventChannel) over rxe loopback.

The passive side runs in a thread: libgverbs releases the GIL in its
blocking calls (get_request, accept, get_*_comp), so one process holds both
peers."""
import os
import queue
import threading

import pytest
import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, Verbs  # noqa: E402

from gverbs_testutil import device_name, rdma_resources

_ports = iter(range(7600, 7700))


def vm_addr():
    device_name()
    addr = os.environ.get('GVERBS_VM_ADDR')
    if not addr:
        pytest.skip('GVERBS_VM_ADDR is not set: no address with an RDMA device')
    return addr


def qp_attr(max_recv_wr=4, max_send_wr=4):
    return Verbs.QPInitAttr(qp_type=Verbs.QPType.RC,
                            cap=Verbs.QPCap(max_send_wr=max_send_wr, max_recv_wr=max_recv_wr))


def listener(addr, port, attr=None):
    sai = Verbs.AddrInfo(src=addr, src_service=str(port), port_space=Verbs.RDMA_PS_TCP,
                         flags=Verbs.RAI_PASSIVE)
    sid = Verbs.CMID(creator=sai, qp_init_attr=attr or qp_attr())
    sid.listen()
    return sid


def client(addr, port, attr=None):
    cai = Verbs.AddrInfo(src=addr, dst=addr, dst_service=str(port),
                         port_space=Verbs.RDMA_PS_TCP)
    return Verbs.CMID(creator=cai, qp_init_attr=attr or qp_attr())


def run_server(target, *args):
    result = {}

    def body():
        try:
            result['value'] = target(*args)
        except Exception as e:  # reported by join()
            result['error'] = e

    t = threading.Thread(target=body)
    t.start()

    def join():
        t.join(120)
        assert not t.is_alive(), 'server thread hung'
        if 'error' in result:
            raise result['error']
        return result.get('value')
    return join


def test_addrinfo_passive():
    addr = vm_addr()
    ai = Verbs.AddrInfo(src=addr, src_service='7471', port_space=Verbs.RDMA_PS_TCP,
                        flags=Verbs.RAI_PASSIVE)
    assert ai.src_address == addr
    assert ai.src_port == 7471
    assert ai.dst_address is None
    assert ai.port_space == Verbs.PortSpace.TCP
    assert ai.flags == Verbs.AddrInfoFlags.PASSIVE


def test_addrinfo_active():
    addr = vm_addr()
    ai = Verbs.AddrInfo(src=addr, dst=addr, dst_service=7472)
    assert ai.dst_address == addr and ai.dst_port == 7472
    assert ai.src_address == addr


@pytest.mark.parametrize('dst,flags', [('no-such-host.invalid', 0),
                                       ('300.1.2.3', Verbs.RAI_NUMERICHOST)])
def test_addrinfo_bad_address(dst, flags):
    vm_addr()
    with pytest.raises(GLib.Error) as e:
        Verbs.AddrInfo(dst=dst, dst_service='7471', flags=flags)
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.NOT_FOUND)
    assert 'rdma_getaddrinfo' in e.value.message and dst in e.value.message


def test_sync_send_recv_byte_for_byte():
    addr, port = vm_addr(), next(_ports)
    sid = listener(addr, port)
    messages = [bytes([i]) * (i + 1) + b'|%d|' % i for i in range(10)]
    replies = [b'reply-%02d-' % i + bytes(range(i, i + 20)) for i in range(10)]

    def server():
        new_id = sid.get_request()
        assert new_id.qpn is not None and new_id.dev_name == device_name()
        mr = new_id.reg_msgs(256)
        new_id.post_recv(mr)
        new_id.accept()
        got = []
        for i in range(10):
            wc = new_id.get_recv_comp()
            assert wc.status == Verbs.WCStatus.SUCCESS
            assert wc.opcode == Verbs.WCOpcode.RECV
            got.append(mr.read(wc.byte_len, 0))
            if i < 9:
                new_id.post_recv(mr)
            mr.write(replies[i], len(replies[i]))
            new_id.post_send(mr, length=len(replies[i]))
            wc = new_id.get_send_comp()
            assert wc.status == Verbs.WCStatus.SUCCESS
        new_id.close()
        return got

    join = run_server(server)
    cid = client(addr, port)
    cid.connect()
    assert cid.remote_address == addr and cid.remote_port == port
    assert cid.query_qp_state() == Verbs.QPState.RTS
    send = cid.reg_msgs(256)
    recv = cid.reg_msgs(256)
    got_replies = []
    for i, m in enumerate(messages):
        cid.post_recv(recv)
        send.write(m, len(m))
        cid.post_send(send, length=len(m), wr_id=100 + i)
        wc = cid.get_send_comp()
        assert isinstance(wc, Verbs.WC) and wc.qp_num == cid.qpn
        assert (wc.status, wc.wr_id, wc.opcode) == (Verbs.WCStatus.SUCCESS, 100 + i,
                                                    Verbs.WCOpcode.SEND)
        wc = cid.get_recv_comp()
        assert wc.status == Verbs.WCStatus.SUCCESS
        got_replies.append(recv.read(wc.byte_len, 0))
    assert join() == messages
    assert got_replies == replies
    cid.close()
    sid.close()
    assert rdma_resources('cm_id') == []


def test_sync_rdma_write_and_read():
    addr, port = vm_addr(), next(_ports)
    size = 4096
    sid = listener(addr, port)
    keys = queue.Queue()
    done = queue.Queue()
    pattern_server = bytes((i * 7 + 3) % 256 for i in range(size))
    pattern_client = bytes((i * 13 + 1) % 256 for i in range(size))

    def server():
        new_id = sid.get_request()
        wmr = new_id.reg_write(size)
        rmr = new_id.reg_read(size)
        rmr.write(pattern_server, size)
        new_id.accept()
        keys.put((wmr.buf, wmr.rkey, rmr.buf, rmr.rkey))
        assert done.get(timeout=60) == 'written'
        written = wmr.read(size, 0)
        new_id.close()
        return written

    join = run_server(server)
    cid = client(addr, port)
    cid.connect()
    waddr, wkey, raddr, rkey = keys.get(timeout=60)
    mr = cid.reg_msgs(size)
    mr.write(pattern_client, size)
    cid.post_write(mr, size, waddr, wkey, flags=Verbs.IBV_SEND_SIGNALED)
    wc = cid.get_send_comp()
    assert (wc.status, wc.opcode) == (Verbs.WCStatus.SUCCESS, Verbs.WCOpcode.RDMA_WRITE)
    back = cid.reg_msgs(size)
    cid.post_read(back, size, raddr, rkey, flags=Verbs.IBV_SEND_SIGNALED)
    wc = cid.get_send_comp()
    assert (wc.status, wc.opcode, wc.byte_len) == (Verbs.WCStatus.SUCCESS,
                                                   Verbs.WCOpcode.RDMA_READ, size)
    assert back.read(size, 0) == pattern_server
    done.put('written')
    assert join() == pattern_client
    cid.close()
    sid.close()


def test_sync_reject():
    addr, port = vm_addr(), next(_ports)
    sid = listener(addr, port)

    def server():
        new_id = sid.get_request()
        new_id.reject(b'not today')
        new_id.close()

    join = run_server(server)
    cid = client(addr, port)
    with pytest.raises(GLib.Error) as e:
        cid.connect()
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.CONNECTION_REFUSED)
    assert 'rdma_connect' in e.value.message
    join()
    cid.close()
    sid.close()
    assert rdma_resources('cm_id') == []


def test_sync_connect_nobody_listening():
    addr = vm_addr()
    cid = client(addr, 7599)
    with pytest.raises(GLib.Error) as e:
        cid.connect()
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.CONNECTION_REFUSED)
    cid.close()


def test_buffer_bounds_and_closed():
    addr, port = vm_addr(), next(_ports)
    sid = listener(addr, port)
    join = run_server(lambda: sid.get_request().accept())
    cid = client(addr, port)
    cid.connect()
    join()
    mr = cid.reg_msgs(16)
    assert mr.length == 16 and mr.lkey != 0
    # reg_msgs gives a real MR on the CMID's (borrowed) PD and Context
    pd, ctx = cid.pd, cid.context
    assert isinstance(mr, Verbs.MR) and isinstance(pd, Verbs.PD)
    assert isinstance(ctx, Verbs.Context) and ctx.name == device_name()
    assert mr.pd == pd and pd.context == ctx
    assert mr.access == Verbs.AccessFlags.LOCAL_WRITE
    own = Verbs.MR(pd, 32, Verbs.IBV_ACCESS_LOCAL_WRITE)
    cq = Verbs.CQ(ctx, 4)
    mr.write(b'0123456789abcdef', 16)
    assert mr.read(4, 12) == b'cdef'
    with pytest.raises(GLib.Error) as e:
        mr.write(b'xyz', 3, 14)
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.OUT_OF_RANGE)
    with pytest.raises(GLib.Error) as e:
        cid.post_send(mr, length=17)
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.OUT_OF_RANGE)
    with pytest.raises(GLib.Error) as e:
        cid.reg_msgs(0)
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT)
    with pytest.raises(GLib.Error) as e:
        cid.set_option(Verbs.RDMA_OPTION_ID, Verbs.RDMA_OPTION_ID_ACK_TIMEOUT, 40)
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT)
    cid.set_option(Verbs.RDMA_OPTION_ID, Verbs.RDMA_OPTION_ID_ACK_TIMEOUT, 14)
    cid.close()
    assert mr.closed and mr.lkey == 0
    assert own.closed and pd.closed and ctx.closed and cq.closed
    assert cid.pd is None and cid.context is None
    for call in (lambda: cid.listen(), lambda: cid.post_send(mr), lambda: cid.reg_msgs(8),
                 lambda: mr.read(1, 0), lambda: cid.connect()):
        with pytest.raises(GLib.Error) as e:
            call()
        assert e.value.matches(Verbs.error_quark(), Verbs.Error.CLOSED)
    cid.close()
    sid.close()
    assert rdma_resources('cm_id') == []


def test_async_connect_on_main_loop():
    addr, port = vm_addr(), next(_ports)
    loop = GLib.MainLoop()
    events = []
    ch = Verbs.CMEventChannel()
    sid = Verbs.CMID(ch, port_space=Verbs.RDMA_PS_TCP)
    sid.bind_addr(Verbs.AddrInfo(src=addr, src_service=str(port), flags=Verbs.RAI_PASSIVE))
    sid.listen(4)
    state = {}

    def on_request(listener_id, new_id, private_data):
        events.append('connect-request')
        state['server'] = new_id
        assert bytes(private_data.get_data())[:5] == b'hello'
        new_id.create_qp(qp_attr())
        new_id.connect('established', on_server_established)
        new_id.connect('disconnected', on_server_disconnected)
        new_id.accept()

    def on_server_established(i):
        events.append('server-established')
        maybe_disconnect()

    def maybe_disconnect():
        # the client disconnects once both sides saw the connection
        if 'server-established' in events and 'client-connected' in events:
            cid.disconnect()

    def on_server_disconnected(i):
        events.append('server-disconnected')
        i.disconnect()  # answers the peer's disconnect request (DREP)
        if 'client-disconnected' in events:
            loop.quit()

    def on_client_disconnected(i):
        events.append('client-disconnected')
        if 'server-disconnected' in events:
            loop.quit()

    sid.connect('connect-request', on_request)
    cid = Verbs.CMID(ch, port_space=Verbs.RDMA_PS_TCP)
    cid.connect('disconnected', on_client_disconnected)
    dst = Verbs.AddrInfo(src=addr, dst=addr, dst_service=str(port))

    def on_connected(c, res):
        c.connect_to_peer_finish(res)
        events.append('client-connected')
        maybe_disconnect()

    def on_route(c, res):
        c.resolve_route_finish(res)
        events.append('route')
        c.create_qp(qp_attr())
        c.connect_to_peer_async(None, GLib.Bytes.new(b'hello'), None, on_connected)

    def on_addr(c, res):
        c.resolve_addr_finish(res)
        events.append('addr')
        assert c.dev_name == device_name() and c.port_num == 1
        c.resolve_route_async(2000, None, on_route)

    cid.resolve_addr_async(dst, 2000, None, on_addr)
    GLib.timeout_add_seconds(60, loop.quit)
    try:
        loop.run()
    finally:
        ch.close()
    assert events[:3] == ['addr', 'route', 'connect-request']
    assert sorted(events[3:]) == sorted(['server-established', 'client-connected',
                                         'server-disconnected', 'client-disconnected'])
    assert ch.get_events_received() >= 7
    assert cid.closed and sid.closed and state['server'].closed
    assert rdma_resources('cm_id') == []


def test_async_resolve_cancelled():
    addr = vm_addr()
    loop = GLib.MainLoop()
    ch = Verbs.CMEventChannel()
    cid = Verbs.CMID(ch, port_space=Verbs.RDMA_PS_TCP)
    from gi.repository import Gio
    cancellable = Gio.Cancellable()
    result = {}

    def done(c, res):
        try:
            c.resolve_addr_finish(res)
            result['ok'] = True
        except GLib.Error as e:
            result['error'] = e
        loop.quit()

    # an address nobody answers ARP for: resolution stays pending until cancelled
    silent = '.'.join(addr.split('.')[:3] + ['213'])
    cid.resolve_addr_async(Verbs.AddrInfo(dst=silent, dst_service='7471'), 30000,
                           cancellable, done)
    GLib.timeout_add(200, lambda: cancellable.cancel())
    GLib.timeout_add_seconds(30, loop.quit)
    loop.run()
    assert result['error'].matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED)
    assert cid.closed
    ch.close()
    assert rdma_resources('cm_id') == []


def test_unbound_accept_connect_refused():
    """Issue 11, defect 4: accept/connect on an identifier bound to no device
    segfaulted in librdmacm; now a GLib.Error."""
    vm_addr()
    ch = Verbs.EventChannel()
    cid = Verbs.CMID(creator=ch)
    for call in (lambda: cid.accept(),
                 lambda: cid.accept(private_data=b'x' * 8),
                 lambda: cid.connect(),
                 lambda: cid.connect(Verbs.ConnParam(), private_data=b'hi')):
        with pytest.raises(GLib.Error) as e:
            call()
        assert e.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT)
        assert 'not bound to a device' in e.value.message

    loop = GLib.MainLoop()
    errors = []

    def done(src, res, finish):
        try:
            finish(res)
        except GLib.Error as err:
            errors.append(err)
        loop.quit()

    cid.connect_to_peer_async(None, None, None, done, cid.connect_to_peer_finish)
    loop.run()
    cid.accept_async(None, None, None, done, cid.accept_finish)
    loop.run()
    # found by the API sweep: resolving a route with no address segfaulted too
    cid.resolve_route_async(1000, None, done, cid.resolve_route_finish)
    loop.run()
    assert [e.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT) for e in errors] == [True] * 3
    assert 'no address is resolved' in errors[2].message
    # the identifier stays usable until closed
    assert not cid.is_closed()
    cid.close()
    with pytest.raises(GLib.Error) as e:
        cid.accept()
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.CLOSED)
    ch.close()


@pytest.mark.parametrize('service', ['', '65536', '70000', '-1', '1e3'])
def test_addrinfo_bad_service(service):
    """Issue 11, defect 11: "65536" and "" resolved as port 0."""
    addr = vm_addr()
    with pytest.raises(GLib.Error) as e:
        Verbs.AddrInfo(dst=addr, dst_service=service, port_space=Verbs.RDMA_PS_TCP)
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT)
    assert service in e.value.message
    with pytest.raises(GLib.Error):
        Verbs.AddrInfo(src=addr, src_service=service, port_space=Verbs.RDMA_PS_TCP,
                       flags=Verbs.RAI_PASSIVE)
    assert Verbs.AddrInfo(dst=addr, dst_service='65535', port_space=Verbs.RDMA_PS_TCP).dst_port == 65535


def test_establish_needs_a_connect_response():
    # rdma_establish() completes a connect whose QP the caller made itself
    # (the CONNECT_RESPONSE flow of pyverbs' external-QP test, which
    # tests/upstream runs); on an identifier that never connected rdma_cm
    # refuses it, and a closed identifier says so.
    addr = vm_addr()
    ch = Verbs.CMEventChannel()
    cid = Verbs.CMID(ch, port_space=Verbs.RDMA_PS_TCP)
    cid.bind_addr(Verbs.AddrInfo(src=addr, src_service=str(next(_ports)), flags=Verbs.RAI_PASSIVE))
    with pytest.raises(GLib.Error) as err:
        cid.establish()
    assert 'rdma_establish' in err.value.message
    cid.close()
    with pytest.raises(GLib.Error) as err:
        cid.establish()
    assert err.value.matches(Verbs.error_quark(), Verbs.Error.CLOSED)
    ch.close()
