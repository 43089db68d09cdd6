# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Host tests: the flow steering specs and FlowAttr (no device needed):
fields, masks, the bytes of the packed struct ibv_flow_spec_*, the printed
form, and bad values refused with GLib.Error."""
import os
import socket
import struct
import sys

import gi
import pytest

gi.require_version('Verbs', '1.0')
from gi.repository import GLib  # noqa: E402
from gi.repository import Verbs as V  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'introspection', 'python', 'pyverbs-compat'))

INNER = 0x100


def hdr(spec_type, size):
    # struct ibv_flow_spec_*: enum type (4 bytes), uint16 size
    return struct.pack('=IH', spec_type, size)


def packed(spec):
    return spec.pack().get_data()


def test_seed_eth_spec_prints_like_the_readme():
    # pyverbs README, "Ethernet spec": the example and the output it shows
    eth_spec = V.EthSpec(src_mac="ab:cd:ef:ab:cd:ef", vlan_tag=0x123, is_inner=1)
    eth_spec.dst_mac = "de:de:de:00:de:de"
    eth_spec.dst_mac_mask = "ff:ff:ff:ff:ff:ff"
    eth_spec.ether_type = 0x321
    eth_spec.ether_type_mask = 0xffff
    assert f'{eth_spec}'.splitlines() == [
        'Spec type       : IBV_FLOW_SPEC_INNER IBV_FLOW_SPEC_ETH',
        'Size            : 40',
        'Src mac         : ab:cd:ef:ab:cd:ef    mask: ff:ff:ff:ff:ff:ff',
        'Dst mac         : de:de:de:00:de:de    mask: ff:ff:ff:ff:ff:ff',
        'Ether type      : 8451                 mask: 65535',
        'Vlan tag        : 8961                 mask: 65535',
    ]


def test_eth_spec_fields_masks_and_bytes():
    s = V.EthSpec(ether_type=0x800, dst_mac="01:50:56:19:20:a7")
    assert s.dst_mac == '01:50:56:19:20:a7' and s.dst_mac_mask == 'ff:ff:ff:ff:ff:ff'
    assert s.src_mac == '00:00:00:00:00:00' and s.src_mac_mask == '00:00:00:00:00:00'
    assert (s.ether_type, s.ether_type_mask, s.vlan_tag, s.vlan_tag_mask) == (0x800, 0xffff, 0, 0)
    assert s.size == 40 and s.spec_type == V.IBV_FLOW_SPEC_ETH and not s.is_inner
    s.src_mac = "24:8a:07:a5:28:c8"
    s.src_mac_mask = "ff:ff:ff:ff:ff:ff"
    val = bytes.fromhex('015056192 0a7'.replace(' ', '')) + bytes.fromhex('248a07a528c8') + \
        struct.pack('!HH', 0x800, 0)
    mask = b'\xff' * 12 + struct.pack('!HH', 0xffff, 0)
    assert packed(s) == hdr(0x20, 40) + val + mask + b'\0\0'


def test_ipv4_ext_spec():
    s = V.Ipv4ExtSpec(dst_ip='192.168.1.2', src_ip='10.0.0.1', src_ip_mask='255.0.0.0',
                      proto=17, ttl=64, ttl_mask=0xf0)
    assert (s.dst_ip, s.dst_ip_mask, s.src_ip, s.src_ip_mask) == \
        ('192.168.1.2', '255.255.255.255', '10.0.0.1', '255.0.0.0')
    assert (s.proto, s.proto_mask, s.tos, s.tos_mask, s.ttl, s.ttl_mask, s.flags, s.flags_mask) == \
        (17, 0xff, 0, 0, 64, 0xf0, 0, 0)
    filt = '!4s4sBBBB'
    val = struct.pack(filt, socket.inet_aton('10.0.0.1'), socket.inet_aton('192.168.1.2'),
                      17, 0, 64, 0)
    mask = struct.pack(filt, socket.inet_aton('255.0.0.0'), b'\xff' * 4, 0xff, 0, 0xf0, 0)
    assert s.size == 32
    assert packed(s) == hdr(0x32, 32) + b'\0\0' + val + mask
    lines = str(s).splitlines()
    assert lines[0] == 'Spec type       : IBV_FLOW_SPEC_IPV4_EXT'
    assert lines[2] == 'Src IP          : 10.0.0.1             mask: 255.0.0.0'
    assert lines[4] == 'Proto           : 17                   mask: 255'


def test_ipv4_spec():
    s = V.Ipv4Spec(src_ip='1.2.3.4')
    assert s.size == 24 and s.src_ip_mask == '255.255.255.255' and s.dst_ip == '0.0.0.0'
    assert packed(s) == hdr(0x30, 24) + b'\0\0' + bytes([1, 2, 3, 4]) + b'\0' * 4 + \
        b'\xff' * 4 + b'\0' * 4


def test_ipv6_spec():
    s = V.Ipv6Spec(dst_ip='fe80::1', flow_label=0x12345, hop_limit=3, hop_limit_mask=0x0f,
                   is_inner=True)
    assert s.spec_type == V.IBV_FLOW_SPEC_IPV6 | INNER and s.is_inner and s.size == 88
    assert (s.dst_ip, s.dst_ip_mask, s.src_ip, s.src_ip_mask) == \
        ('fe80::1', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '::', '::')
    assert (s.flow_label, s.flow_label_mask, s.hop_limit, s.hop_limit_mask) == (0x12345, 0xfffff, 3, 0xf)
    filt = '!16s16sIBBBx'
    val = struct.pack(filt, b'\0' * 16, socket.inet_pton(socket.AF_INET6, 'fe80::1'), 0x12345, 0, 0, 3)
    mask = struct.pack(filt, b'\0' * 16, b'\xff' * 16, 0xfffff, 0, 0, 0xf)
    assert packed(s) == hdr(0x131, 88) + b'\0\0' + val + mask
    assert 'Flow label      : 74565                mask: 1048575' in str(s)


@pytest.mark.parametrize('kind', [V.IBV_FLOW_SPEC_TCP, V.IBV_FLOW_SPEC_UDP])
def test_tcp_udp_spec(kind):
    s = V.TcpUdpSpec(kind, dst_port=4791, src_port=1000, src_port_mask=0xff00)
    assert s.spec_type == kind and s.size == 16
    assert (s.dst_port, s.dst_port_mask, s.src_port, s.src_port_mask) == (4791, 0xffff, 1000, 0xff00)
    assert packed(s) == hdr(int(kind), 16) + struct.pack('!HHHH', 4791, 1000, 0xffff, 0xff00) + b'\0\0'
    assert str(s).splitlines()[3] == 'Dst port        : 4791                 mask: 65535'


def test_tcp_udp_spec_needs_tcp_or_udp():
    with pytest.raises(GLib.Error) as exc:
        V.TcpUdpSpec(V.IBV_FLOW_SPEC_ETH, dst_port=1)
    assert exc.value.matches(V.error_quark(), V.Error.INVALID_ARGUMENT)
    assert 'IBV_FLOW_SPEC_TCP or IBV_FLOW_SPEC_UDP' in exc.value.message
    with pytest.raises(TypeError):
        V.TcpUdpSpec()


def test_the_other_specs():
    esp = V.EspSpec(spi=0x1234, seq=7, seq_mask=0xff)
    assert esp.size == 24 and (esp.spi_mask, esp.seq_mask) == (0xffffffff, 0xff)
    assert packed(esp) == hdr(0x34, 24) + b'\0\0' + struct.pack('!IIII', 0x1234, 7, 0xffffffff, 0xff)
    tun = V.TunnelSpec(tunnel_id=0xabcdef)
    assert packed(tun) == hdr(0x50, 16) + b'\0\0' + struct.pack('!II', 0xabcdef, 0xffffffff)
    gre = V.GreSpec(protocol=0x6558, key=5, key_mask=0xffff)
    assert gre.size == 24
    assert packed(gre) == hdr(0x51, 24) + b'\0\0' + struct.pack('!HHIHHI', 0, 0x6558, 5, 0, 0xffff, 0xffff)
    mpls = V.MplsSpec(label=0x12345 << 12)
    assert packed(mpls) == hdr(0x60, 16) + b'\0\0' + struct.pack('!II', 0x12345 << 12, 0xffffffff)
    tag = V.ActionTagSpec(tag_id=0x42)
    assert tag.size == 12 and tag.tag_id == 0x42
    assert packed(tag) == hdr(0x1000, 12) + b'\0\0' + struct.pack('=I', 0x42)
    assert str(tag).splitlines() == ['Spec type       : IBV_FLOW_SPEC_ACTION_TAG',
                                     'Size            : 12', 'Tag id          : 66']
    drop = V.ActionDropSpec()
    assert drop.size == 8 and packed(drop) == hdr(0x1001, 8) + b'\0\0'
    assert str(mpls).splitlines()[0] == 'Spec type       : IBV_FLOW_SPEC_MPLS'


@pytest.mark.parametrize('make,message', [
    (lambda: V.EthSpec(dst_mac='1:2:3'), 'EthSpec dst_mac “1:2:3” is not a MAC address'),
    (lambda: V.EthSpec(src_mac_mask='gg:ff:ff:ff:ff:ff'), 'src_mac_mask'),
    (lambda: V.EthSpec(src_mac='aa:bb:cc:dd:ee:ff:00'), 'src_mac'),
    (lambda: V.Ipv4ExtSpec(src_ip='1.2.3.256'), 'Ipv4ExtSpec src_ip “1.2.3.256” is not an IPv4'),
    (lambda: V.Ipv4Spec(dst_ip='fe80::1'), 'not an IPv4 address'),
    (lambda: V.Ipv6Spec(dst_ip='fe80:::1'), 'not an IPv6 address'),
])
def test_malformed_addresses_are_refused(make, message):
    with pytest.raises(GLib.Error) as exc:
        make()
    assert exc.value.matches(V.error_quark(), V.Error.INVALID_ARGUMENT)
    assert message in exc.value.message


@pytest.mark.parametrize('cls,kw', [(V.EthSpec, 'ether_type'), (V.EthSpec, 'vlan_tag_mask'),
                                    (V.Ipv4ExtSpec, 'tos'), (V.Ipv6Spec, 'flow_label'),
                                    (V.ActionTagSpec, 'tag_id')])
def test_out_of_range_numbers_are_refused(cls, kw):
    full = cls.find_property(kw.replace('_', '-')).maximum
    with pytest.raises(GLib.Error) as exc:
        cls(**{kw: full + 1})
    assert exc.value.matches(V.error_quark(), V.Error.OUT_OF_RANGE)
    s = cls(**{kw: full})
    with pytest.raises(GLib.Error):
        setattr(s, kw, full + 1)
    assert getattr(s, kw) == full


def test_malformed_address_set_later_is_kept_out_and_reported():
    s = V.EthSpec(dst_mac='aa:bb:cc:dd:ee:ff')
    s.dst_mac = 'not a mac'
    assert s.dst_mac == 'aa:bb:cc:dd:ee:ff'          # not stored
    with pytest.raises(GLib.Error) as exc:
        s.pack()
    assert 'not a mac' in exc.value.message
    attr = V.FlowAttr(num_of_specs=1)
    attr.specs.append(s)
    with pytest.raises(GLib.Error):
        attr.pack()
    s.dst_mac = '00:11:22:33:44:55'                  # a valid value clears it
    assert s.check() and s.dst_mac == '00:11:22:33:44:55'
    assert attr.pack().get_size() == 20 + 40


def test_set_field_from_text():
    s = V.EthSpec()
    s.set_field('ether_type', '0x86dd')
    s.set_field('vlan-tag-mask', '4095')
    assert (s.ether_type, s.vlan_tag_mask) == (0x86dd, 4095)
    with pytest.raises(GLib.Error) as exc:
        s.set_field('ether_type', '0x10000')
    assert exc.value.matches(V.error_quark(), V.Error.OUT_OF_RANGE)
    with pytest.raises(GLib.Error) as exc:
        s.set_field('no_such_field', '1')
    assert exc.value.matches(V.error_quark(), V.Error.NOT_FOUND)
    assert s.ether_type == 0x86dd


def test_flow_attr_packs_attr_and_specs():
    attr = V.FlowAttr(num_of_specs=2, priority=3, port=1, flags=V.IBV_FLOW_ATTR_FLAGS_DONT_TRAP)
    assert (attr.num_of_specs, attr.priority, attr.port, attr.type) == (2, 3, 1, V.IBV_FLOW_ATTR_NORMAL)
    eth = V.EthSpec(dst_mac='01:02:03:04:05:06')
    udp = V.TcpUdpSpec(V.IBV_FLOW_SPEC_UDP, dst_port=4791)
    attr.specs.append(eth)
    with pytest.raises(GLib.Error) as exc:
        attr.pack()
    assert 'num_of_specs is 2 but it holds 1 specs' in exc.value.message
    attr.specs.append(udp)
    assert len(attr.specs) == 2 and list(attr.specs) == [eth, udp]
    data = attr.pack().get_data()
    # struct ibv_flow_attr: comp_mask u32, type enum, size u16, priority u16,
    # num_of_specs u8, port u8, (pad), flags u32
    assert data[:20] == struct.pack('=IIHHBBxxI', 0, 0, 20 + 40 + 16, 3, 2, 1, 2)
    assert data[20:60] == packed(eth) and data[60:] == packed(udp)
    a2 = V.FlowAttr()
    a2.add_spec(V.ActionDropSpec())
    assert a2.num_of_specs == 1 and a2.port == 1


def test_pyverbs_compat_spec_and_flow():
    from pyverbs.spec import EthSpec, TcpUdpSpec, Ipv6Spec
    from pyverbs.flow import FlowAttr, Flow
    from pyverbs.pyverbs_error import PyverbsError
    import pyverbs.enums as e
    eth = EthSpec(src_mac='ab:cd:ef:ab:cd:ef', vlan_tag=0x123, is_inner=1)
    assert eth.spec_type == e.IBV_FLOW_SPEC_ETH | e.IBV_FLOW_SPEC_INNER
    with pytest.raises(PyverbsError):
        eth.dst_mac = 'zz:zz'            # raised at once, as pyverbs does
    with pytest.raises(PyverbsError):
        Ipv6Spec(src_ip='::g')
    with pytest.raises(PyverbsError):
        TcpUdpSpec(e.IBV_FLOW_SPEC_IPV6)
    assert TcpUdpSpec(e.IBV_FLOW_SPEC_TCP, dst_port=80).dst_port_mask == 0xffff
    fa = FlowAttr(num_of_specs=1)
    fa.specs.append(eth)
    assert len(fa.specs) == 1 and isinstance(Flow, type)
