#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""The core of an RDMA monitor, in Python: the live device list
(Verbs.DeviceMonitor, a Gio.ListModel of Verbs.Device), each port's state
as notified properties (Verbs.PortStatus) and its counter rates
(Verbs.PortCounters), all on a GLib.MainLoop, printed as text.

    device_monitor.py [--device NAME] [--interval SECONDS] [--duration SECONDS]

Try `rdma link add rxe1 type rxe netdev eth1`, `ip link set eth1 down/up` and
`rdma link delete rxe1` in another terminal while it runs."""
import argparse
import sys
import time

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, Verbs  # noqa: E402


class Monitor:
    def __init__(self, device=None, interval=1.0):
        self.only = device
        self.interval = interval
        self.monitor = Verbs.DeviceMonitor()
        self.counters = {}            # (device, port) -> Verbs.PortCounters
        self.start = time.monotonic()
        self.monitor.connect('items-changed', self.on_items_changed)
        self.monitor.connect('port-event', self.on_port_event)
        for i in range(self.monitor.get_n_items()):
            self.watch(self.monitor.get_item(i))
        GLib.timeout_add(int(interval * 1000), self.on_sample)

    def say(self, text):
        print('%7.2f %s' % (time.monotonic() - self.start, text), flush=True)

    def wanted(self, name):
        return self.only is None or name == self.only

    def watch(self, device):
        name = device.get_name()
        if not self.wanted(name):
            return
        ports = self.monitor.get_ports(name)
        self.say('device %s (guid %016x), %d port(s)' % (name, device.get_guid(), ports.get_n_items()))
        for i in range(ports.get_n_items()):
            port = ports.get_item(i)
            self.say('  %s port %d: %s, %d GIDs' % (name, port.props.port_num, port.props.state.value_nick,
                                                    len(port.get_gids())))
            port.connect('notify::state', self.on_state)
            port.connect('notify::gid-generation', self.on_gids)
            counters = Verbs.PortCounters(name, port.props.port_num)
            counters.sample()
            self.counters[(name, port.props.port_num)] = counters

    def on_items_changed(self, model, position, removed, added):
        self.say('items-changed: position %d, %d removed, %d added; %d device(s) now'
                 % (position, removed, added, model.get_n_items()))
        present = {model.get_item(i).get_name() for i in range(model.get_n_items())}
        for key in [k for k in self.counters if k[0] not in present]:
            self.say('device %s removed' % key[0])
            del self.counters[key]
        for i in range(position, position + added):
            self.watch(model.get_item(i))

    def on_state(self, port, pspec):
        self.say('%s port %d state: %s' % (port.props.device_name, port.props.port_num,
                                           port.props.state.value_nick))

    def on_gids(self, port, pspec):
        gids = ', '.join(g.gid.to_ipv6_string() for g in port.get_gids())
        self.say('%s port %d GIDs: [%s]' % (port.props.device_name, port.props.port_num, gids))

    def on_port_event(self, monitor, port, event):
        self.say('%s port %d event: %s' % (port.props.device_name, port.props.port_num,
                                          event.get_event_type().value_nick))

    def on_sample(self):
        for (name, num), counters in list(self.counters.items()):
            try:
                counters.sample()
            except GLib.Error:
                continue
            rates = ['%s %.1f/s' % (n, counters.get_rate(n)) for n in counters.get_names()
                     if counters.get_rate(n) > 0]
            if rates:
                self.say('%s port %d rates: %s' % (name, num, ', '.join(rates)))
        return GLib.SOURCE_CONTINUE


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--device', '-d')
    parser.add_argument('--interval', type=float, default=1.0)
    parser.add_argument('--duration', type=float, help='stop after this many seconds')
    args = parser.parse_args()
    loop = GLib.MainLoop()
    monitor = Monitor(args.device, args.interval)
    if args.duration:
        GLib.timeout_add(int(args.duration * 1000), loop.quit)
    monitor.say('watching')
    try:
        loop.run()
    except KeyboardInterrupt:
        pass
    monitor.monitor.close()
    return 0


if __name__ == '__main__':
    sys.exit(main())
