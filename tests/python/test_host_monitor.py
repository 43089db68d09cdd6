# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Host tests of the monitoring classes from Python: Verbs.DeviceMonitor as
a Gio.ListModel (no RDMA device on the host) and Verbs.PortCounters over a
sysfs tree made in a temporary directory, through the override's
constructors."""
import time

from gi.repository import GLib, Gio, Verbs
import pytest


def test_device_monitor_is_a_list_model():
    monitor = Verbs.DeviceMonitor()
    assert isinstance(monitor, Gio.ListModel)
    assert monitor.get_item_type() == Verbs.Device.__gtype__
    if Verbs.get_devices():
        pytest.skip('this host has RDMA devices')
    assert monitor.get_n_items() == 0 and len(monitor) == 0
    assert monitor.lookup('rxe0') is None and monitor.get_port('rxe0', 1) is None
    assert monitor.rescan()
    monitor.close()
    with pytest.raises(GLib.Error) as e:
        monitor.rescan()
    assert e.value.matches(Verbs.Error.quark(), Verbs.Error.CLOSED)


def test_port_counters_from_python(tmp_path):
    port = tmp_path / 'class' / 'infiniband' / 'fake0' / 'ports' / '1'
    (port / 'hw_counters').mkdir(parents=True)
    (port / 'hw_counters' / 'sent_pkts').write_text('10\n')
    (port / 'hw_counters' / 'lifespan').write_text('10\n')
    counters = Verbs.PortCounters('fake0', 1, sysfs_path=str(tmp_path))
    assert counters.sample()
    assert counters.get_names() == ['sent_pkts']
    assert counters.to_variant().unpack() == {'sent_pkts': 10}
    time.sleep(0.05)
    (port / 'hw_counters' / 'sent_pkts').write_text('30\n')
    assert counters.sample()
    assert counters.get('sent_pkts') == 30
    assert counters.get_rate('sent_pkts') == pytest.approx(20 / counters.get_interval())
    with pytest.raises(GLib.Error) as e:
        Verbs.PortCounters('fake0', 2, sysfs_path=str(tmp_path))
    assert e.value.matches(Verbs.Error.quark(), Verbs.Error.NO_DEVICE)
    with pytest.raises(TypeError):
        Verbs.PortCounters()
