# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device test: async events for real. In the VM, taking the netdev under rxe0
down then up makes rxe report IBV_EVENT_PORT_ERR then IBV_EVENT_PORT_ACTIVE
(with IBV_EVENT_GID_CHANGE around them)."""
import contextlib
import os
import subprocess
import time

from gverbs_testutil import device_name, Verbs
from gi.repository import GLib
import pytest


def vm_netdev():
    if not os.environ.get('GVERBS_VM') or not os.environ.get('GVERBS_TEST_NETDEV'):
        pytest.skip('needs the test VM (GVERBS_VM, GVERBS_TEST_NETDEV): it takes the netdev down')
    return os.environ['GVERBS_TEST_NETDEV']


def gid_set(name):
    out = []
    for i in range(16):
        with open('/sys/class/infiniband/%s/ports/1/gids/%d' % (name, i)) as f:
            text = f.read().strip()
        if text != '0000:0000:0000:0000:0000:0000:0000:0000':
            out.append(text)
    return out


def link(netdev, state):
    subprocess.run(['ip', 'link', 'set', netdev, state], check=True)


@contextlib.contextmanager
def link_guard(name, netdev):
    """Keep IPv6 addresses over the link going down, and wait for the GID
    table to be back as it was, so later tests see the same table."""
    keep = '/proc/sys/net/ipv6/conf/%s/keep_addr_on_down' % netdev
    with open(keep) as f:
        old = f.read()
    with open(keep, 'w') as f:
        f.write('1')
    before = gid_set(name)
    try:
        yield
    finally:
        link(netdev, 'up')
        deadline = time.monotonic() + 30
        while gid_set(name) != before and time.monotonic() < deadline:
            time.sleep(0.1)
        with open(keep, 'w') as f:
            f.write(old)
    assert gid_set(name) == before


def test_async_event_signal_on_main_loop():
    name = device_name()
    netdev = vm_netdev()
    events, port_err = [], []
    loop = GLib.MainLoop()
    waiting = {}

    def on_event(ctx, event):
        events.append((event.event_type, event.port_num, event.object, str(event)))
        if event.event_type == waiting.get('type'):
            loop.quit()

    def wait_for(event_type):
        if any(e[0] == event_type for e in events):
            return
        waiting['type'] = event_type
        timeout = GLib.timeout_add_seconds(30, loop.quit)
        loop.run()
        GLib.source_remove(timeout)

    with Verbs.Context(name=name) as ctx:
        ctx.connect('async-event', on_event)
        ctx.connect('async-event::port-err', lambda c, e: port_err.append(e.event_type))
        with link_guard(name, netdev):
            link(netdev, 'down')
            wait_for(Verbs.EventType.PORT_ERR)
            link(netdev, 'up')
            wait_for(Verbs.EventType.PORT_ACTIVE)
    types = [e[0] for e in events]
    assert Verbs.EventType.PORT_ERR in types
    assert Verbs.EventType.PORT_ACTIVE in types
    assert types.index(Verbs.EventType.PORT_ERR) < types.index(Verbs.EventType.PORT_ACTIVE)
    assert set(types) <= {Verbs.EventType.PORT_ERR, Verbs.EventType.PORT_ACTIVE,
                          Verbs.EventType.GID_CHANGE}
    assert all(port == 1 and obj is None for _, port, obj, _ in events)
    assert port_err == [Verbs.IBV_EVENT_PORT_ERR]
    active = [e for e in events if e[0] == Verbs.EventType.PORT_ACTIVE][0]
    assert active[3].startswith('Event Type              : IBV_EVENT_PORT_ACTIVE')


def test_get_async_event_like_pyverbs():
    name = device_name()
    netdev = vm_netdev()

    def next_port_event(ctx):
        while True:
            event = ctx.get_async_event(30000)
            event.ack()    # pyverbs' API; libgverbs has already acknowledged it
            if event.event_type != Verbs.IBV_EVENT_GID_CHANGE:
                return event

    with Verbs.Context(name=name) as ctx:
        with pytest.raises(GLib.Error) as info:
            ctx.get_async_event(100)
        assert info.value.matches(Verbs.error_quark(), Verbs.Error.TIMED_OUT)
        with link_guard(name, netdev):
            link(netdev, 'down')
            err = next_port_event(ctx)
            link(netdev, 'up')
            active = next_port_event(ctx)
    assert err.event_type == Verbs.IBV_EVENT_PORT_ERR and err.port_num == 1
    assert active.event_type == Verbs.IBV_EVENT_PORT_ACTIVE and active.port_num == 1
