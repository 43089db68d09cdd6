# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Host tests: pyverbs' GID and GIDEntry through the override, no device."""
import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, Verbs  # noqa: E402
import pytest  # noqa: E402

CASES = [
    ('fe80:0000:0000:0000:5054:00ff:fe77:0001', 'fe80:0000:0000:0000:5054:00ff:fe77:0001', 'fe80::5054:ff:fe77:1', None),
    ('fe80::5054:ff:fe77:1', 'fe80:0000:0000:0000:5054:00ff:fe77:0001', 'fe80::5054:ff:fe77:1', None),
    ('::ffff:10.0.0.1', '0000:0000:0000:0000:0000:ffff:0a00:0001', '::ffff:10.0.0.1', '10.0.0.1'),
    ('10.77.0.1', '0000:0000:0000:0000:0000:ffff:0a4d:0001', '::ffff:10.77.0.1', '10.77.0.1'),
    ('fd00:6776::1', 'fd00:6776:0000:0000:0000:0000:0000:0001', 'fd00:6776::1', None),
]


@pytest.mark.parametrize('text,gid,ipv6,ipv4', CASES)
def test_gid_parse_print_round_trip(text, gid, ipv6, ipv4):
    g = Verbs.GID(text)
    assert str(g) == gid
    assert g.gid == gid
    assert g.to_ipv6_string() == ipv6
    assert g.to_ipv4_string() == ipv4
    assert g.is_ipv4_mapped() == (ipv4 is not None)
    assert Verbs.GID(str(g)) == g
    assert Verbs.GID(ipv6) == g
    assert hash(Verbs.GID(ipv6)) == hash(g)
    assert bytes(g.dup_bytes().get_data()) == bytes(g.raw)


def test_gid_like_pyverbs():
    g = Verbs.GID()
    assert g.is_zero()
    assert str(g) == '0000:0000:0000:0000:0000:0000:0000:0000'
    g.gid = 'fe80:0000:0000:0000:9a03:9bff:fe00:e4bf'   # pyverbs' settable attribute
    assert str(g) == 'fe80:0000:0000:0000:9a03:9bff:fe00:e4bf'
    assert g.is_link_local()
    assert g != Verbs.GID()
    assert not g != Verbs.GID(str(g))   # by value, as ==; not PyGObject's pointer compare
    assert len({Verbs.GID('10.0.0.1'), Verbs.GID('::ffff:10.0.0.1'), Verbs.GID('::1')}) == 2
    assert g.get_subnet_prefix() == 0xfe80000000000000
    assert g.get_interface_id() == 0x9a039bfffe00e4bf


def test_gid_subclass_keeps_its_class():
    # GID(val) is C's gverbs_gid_new_from_string(): a subclass's object is
    # that GID with the subclass as its class, and its __init__ still runs
    class Tagged(Verbs.GID):
        def __init__(self, val=None):
            super().__init__(val)
            self.tag = 'peer'
    g = Tagged('fe80::2')
    assert type(g) is Tagged and g.tag == 'peer'
    assert g == Verbs.GID('fe80::2') and str(Tagged()) == str(Verbs.GID())


@pytest.mark.parametrize('bad', ['', 'fe80', 'fe80::1::2', 'fe80::1%eth0', ' ::1', '10.0.0.256',
                                 'fe80:0000:0000:0000:5054:00ff:fe77:0001:0002', 'xyz'])
def test_gid_bad_text(bad):
    with pytest.raises(GLib.Error) as info:
        Verbs.GID(bad)
    assert info.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT)
    assert 'is not a GID' in info.value.message
    g = Verbs.GID('::1')
    with pytest.raises(GLib.Error):
        g.gid = bad
    assert str(g) == '0000:0000:0000:0000:0000:0000:0000:0001'   # unchanged


def test_gid_from_bytes():
    raw = bytes(range(16))
    g = Verbs.Gid.new_from_bytes(raw)
    assert bytes(g.raw) == raw
    with pytest.raises(GLib.Error) as info:
        Verbs.Gid.new_from_bytes(b'\x01\x02')
    assert '16 bytes' in info.value.message


def test_gid_entry_print_like_pyverbs():
    e = Verbs.GIDEntry()
    e.gid_index = 1
    e.port_num = 1
    e.gid_type = Verbs.GidType.ROCE_V2
    e.ndev_ifindex = 2
    assert e.gid_str() == '0000:0000:0000:0000:0000:0000:0000:0000'
    assert str(e).splitlines() == [
        'GID                     : 0000:0000:0000:0000:0000:0000:0000:0000',
        'GID Index               : 1                   ',
        'Port number             : 1                   ',
        'GID type                : RoCEv2              ',
        'Ndev ifindex            : 2                   ',
    ]
