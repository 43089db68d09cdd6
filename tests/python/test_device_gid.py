# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: GIDs, GID types, P_Keys and query_device_ex compared with
sysfs and ibv_devinfo, the GID selection policy, and the error paths."""
import os
import re
import socket
import subprocess

from gverbs_testutil import device_name, devinfo, parse_number, Verbs
from gi.repository import GLib, Gio
import pytest

ROCE = {'RoCE v2': Verbs.GidType.ROCE_V2, 'IB/RoCE v1': Verbs.GidType.ROCE_V1}


def sysfs(name, rel):
    try:
        with open('/sys/class/infiniband/%s/ports/1/%s' % (name, rel)) as f:
            return f.read().strip()
    except OSError:
        return None   # the kernel refuses attributes of an empty GID entry


def vm_env():
    addr, netdev = os.environ.get('GVERBS_VM_ADDR'), os.environ.get('GVERBS_TEST_NETDEV')
    if not addr or not netdev:
        pytest.skip('GVERBS_VM_ADDR / GVERBS_TEST_NETDEV are not set (they are in the VM)')
    return addr, netdev


def error_code(info):
    assert info.value.domain == 'gverbs-error-quark'
    return info.value.code


def test_every_gid_matches_sysfs():
    name = device_name()
    with Verbs.Context(name=name) as ctx:
        tbl_len = ctx.query_port(1).gid_tbl_len
        table = {(e.port_num, e.gid_index): e for e in ctx.query_gid_table()}
        valid = 0
        for i in range(tbl_len):
            gid = ctx.query_gid(port_num=1, index=i)
            assert isinstance(gid, Verbs.GID)
            assert gid.gid == sysfs(name, 'gids/%d' % i)
            gtype = sysfs(name, 'gid_attrs/types/%d' % i)
            if gtype is None:
                assert gid.is_zero()
                with pytest.raises(GLib.Error) as info:
                    ctx.query_gid_ex(port_num=1, gid_index=i)
                assert error_code(info) == Verbs.Error.NOT_FOUND
                assert (1, i) not in table
                continue
            valid += 1
            entry = ctx.query_gid_ex(port_num=1, gid_index=i)
            assert entry.gid_str() == gid.gid
            assert entry.gid_index == i and entry.port_num == 1
            assert entry.gid_type == ROCE[gtype]
            assert ctx.query_gid_type(1, i) == ROCE[gtype]
            assert entry.ndev_ifindex == socket.if_nametoindex(sysfs(name, 'gid_attrs/ndevs/%d' % i))
            t = table[(1, i)]
            assert t.gid_str() == gid.gid and t.gid_type == entry.gid_type
            assert t.ndev_ifindex == entry.ndev_ifindex
            # pyverbs' raw halves put back together give the same text
            raw = t.gid_subnet_prefix.to_bytes(8, 'little') + t.gid_interface_id.to_bytes(8, 'little')
            assert raw.hex() == gid.gid.replace(':', '')
        assert valid >= 2
        assert len(table) == valid
        assert len(ctx.query_gid_table(valid)) == valid
        with pytest.raises(GLib.Error) as info:     # pyverbs' test_query_gid_table_bad_flow
            ctx.query_gid_table(0)
        assert error_code(info) == Verbs.Error.INVALID_ARGUMENT


def test_query_gid_prints_like_ibv_devinfo():
    name = device_name()
    out = subprocess.run(['ibv_devinfo', '-v', '-d', name], check=True, capture_output=True,
                         text=True).stdout
    shown = re.findall(r'GID\[\s*(\d+)\]:\s+(\S+), (RoCE v\d)', out)
    assert shown
    with Verbs.Context(name=name) as ctx:
        for index, text, gtype in shown:
            gid = ctx.query_gid(1, int(index))
            assert gid.to_ipv6_string() == text
            assert ctx.query_gid_type(1, int(index)) == ROCE[gtype]


def test_pkeys_match_sysfs():
    name = device_name()
    info = devinfo(name)
    with Verbs.Context(name=name) as ctx:
        n = ctx.query_port(1).pkey_tbl_len
        assert n == parse_number(info['port1/pkey_tbl_len'])
        for i in range(n):
            pkey = ctx.query_pkey(port_num=1, index=i)
            assert pkey == int(sysfs(name, 'pkeys/%d' % i), 16)
        assert ctx.query_pkey(1, 0) == 0xffff
        assert ctx.get_pkey_index(1, 0xffff) == 0
        with pytest.raises(GLib.Error) as info_:
            ctx.query_pkey(1, n)
        assert error_code(info_) == Verbs.Error.OUT_OF_RANGE
        assert 'P_Key index %d is out of range' % n in info_.value.message
        with pytest.raises(GLib.Error) as info_:
            ctx.get_pkey_index(1, 0x1234)
        assert error_code(info_) == Verbs.Error.NOT_FOUND


def test_query_device_ex_matches_ibv_devinfo():
    name = device_name()
    info = devinfo(name)
    out = subprocess.run(['ibv_devinfo', '-v', '-d', name], check=True, capture_output=True,
                         text=True).stdout
    with Verbs.Context(name=name) as ctx:
        ex = ctx.query_device_ex()
        plain = ctx.query_device()
        assert ctx.num_comp_vectors == parse_number(info['num_comp_vectors'])
    orig = ex.orig_attr
    assert isinstance(orig, Verbs.DeviceAttr)
    for pspec in plain.list_properties():
        assert orig.get_property(pspec.name) == plain.get_property(pspec.name), pspec.name
    # pyverbs' test_phys_port_cnt_ex
    assert ex.phys_port_cnt_ex == orig.phys_port_cnt == parse_number(info['phys_port_cnt'])
    assert ex.device_cap_flags_ex == int(info['device_cap_flags_ex'], 16)
    assert ex.max_wq_type_rq == parse_number(info['max_wq_type_rq'])
    assert ex.tso_caps.max_tso == parse_number(info['max_tso'])
    rss = ex.rss_caps           # the seed's attr.rss_caps.max_rwq_indirection_table_size
    assert rss.max_rwq_indirection_table_size == parse_number(info['max_rwq_indirection_table_size'])
    assert rss.max_rwq_indirection_tables == parse_number(info['max_rwq_indirection_tables'])
    assert int(rss.rx_hash_function) == int(info['rx_hash_function'], 16)
    assert int(rss.rx_hash_fields_mask) == int(info['rx_hash_fields_mask'], 16)
    pp = ex.packet_pacing_caps
    assert pp.qp_rate_limit_min == int(info['qp_rate_limit_min'].rstrip('kbps'))
    assert pp.qp_rate_limit_max == int(info['qp_rate_limit_max'].rstrip('kbps'))
    for transport in ('rc', 'uc', 'ud', 'xrc'):
        if re.search(r'%s_odp_caps:\s*\n\s*NO SUPPORT' % transport, out):
            assert int(getattr(ex.odp_caps, transport + '_odp_caps')) == 0
    if 'completion_timestamp_mask not supported' in out:
        assert ex.completion_timestamp_mask == 0
    if 'core clock not supported' in out:
        assert ex.hca_core_clock == 0
    if 'tag matching not supported' in out:
        assert ex.tm_caps.max_num_tags == 0
    assert ex.max_dm_size == 0          # rxe has no device memory
    assert ex.cq_mod_caps.max_cq_count >= 0 and ex.pci_atomic_caps.fetch_add is not None
    text = str(ex)
    assert text.startswith('FW version            : ')
    assert 'Device cap flags ex   : 0x%x' % ex.device_cap_flags_ex in text
    assert 'Phys port count ex    : 1' in text


def test_find_gid_policy():
    name = device_name()
    addr, netdev = vm_env()
    want = Verbs.GID(addr).gid
    with Verbs.Context(name=name) as ctx:
        n = ctx.query_port(1).gid_tbl_len
        index = [i for i in range(n) if sysfs(name, 'gids/%d' % i) == want]
        assert len(index) == 1
        index = index[0]
        assert ctx.find_gid(1, Verbs.GidType.ROCE_V2, Gio.SocketFamily.IPV4) == index
        assert ctx.find_gid(1) == index
        # pyverbs passes None for an argument it leaves to the default
        assert ctx.find_gid(1, gid_type=None, family=None) == index
        assert ctx.find_default_gid(1) == index
        assert ctx.find_gid_by_address(1, addr) == index
        assert ctx.find_gid_by_netdev(1, netdev, Verbs.GidType.ROCE_V2, Gio.SocketFamily.IPV4) == index
        v6 = ctx.find_gid(1, Verbs.GidType.ROCE_V2, Gio.SocketFamily.IPV6)
        gid6 = ctx.query_gid(1, v6)
        assert not gid6.is_ipv4_mapped() and not gid6.is_link_local()
        assert ctx.find_gid_by_address(1, 'fd00:6776::' + addr.split('.')[-1]) == v6
        with pytest.raises(GLib.Error) as info:
            ctx.find_gid(1, Verbs.GidType.ROCE_V1, Gio.SocketFamily.IPV4)
        assert error_code(info) == Verbs.Error.NOT_FOUND
        assert '::ffff:' + addr in info.value.message       # lists what is there
        with pytest.raises(GLib.Error) as info:
            ctx.find_gid_by_address(1, '192.0.2.123')
        assert error_code(info) == Verbs.Error.NOT_FOUND
        with pytest.raises(GLib.Error) as info:
            ctx.find_gid_by_address(1, 'rxe0')
        assert error_code(info) == Verbs.Error.INVALID_ARGUMENT
        with pytest.raises(GLib.Error) as info:
            ctx.find_gid_by_netdev(1, 'nosuchnetdev0')
        assert error_code(info) == Verbs.Error.NOT_FOUND


@pytest.mark.parametrize('port', [0, 2, 255, 256, 100000])
def test_bad_port(port):
    with Verbs.Context(name=device_name()) as ctx:
        for call in (lambda: ctx.query_gid(port, 0), lambda: ctx.query_gid_type(port, 0),
                     lambda: ctx.query_gid_ex(port, 0), lambda: ctx.query_pkey(port, 0),
                     lambda: ctx.query_port(port), lambda: ctx.find_gid(port)):
            with pytest.raises(GLib.Error) as info:
                call()
            assert error_code(info) == Verbs.Error.INVALID_ARGUMENT
            assert 'port %d does not exist: the device has 1 port' % port in info.value.message


def test_bad_gid_index():
    with Verbs.Context(name=device_name()) as ctx:
        n = ctx.query_port(1).gid_tbl_len
        for index in (n, n + 1, 2**31 - 1, 2**32 - 1):
            for call in (ctx.query_gid, ctx.query_gid_type, ctx.query_gid_ex):
                with pytest.raises(GLib.Error) as info:
                    call(1, index)
                assert error_code(info) == Verbs.Error.OUT_OF_RANGE
                assert 'port 1 has %d GID entries' % n in info.value.message
        with pytest.raises((OverflowError, TypeError, ValueError)):
            ctx.query_gid(1, -1)


def test_calls_after_close():
    ctx = Verbs.Context(name=device_name())
    ctx.close()
    for call in (lambda: ctx.query_gid(1, 0), lambda: ctx.query_gid_ex(1, 0),
                 lambda: ctx.query_gid_type(1, 0), lambda: ctx.query_gid_table(),
                 lambda: ctx.query_pkey(1, 0), lambda: ctx.query_device_ex(),
                 lambda: ctx.find_gid(1), lambda: ctx.find_gid_by_address(1, '10.0.0.1'),
                 lambda: ctx.get_async_event(0)):
        with pytest.raises(GLib.Error) as info:
            call()
        assert error_code(info) == Verbs.Error.CLOSED


EXAMPLES = os.path.join(os.path.dirname(__file__), '..', '..', 'examples')


def check_query_gid_output(out, name):
    lines = out.splitlines()
    assert lines[0] == sysfs(name, 'gids/1')
    addr = os.environ.get('GVERBS_VM_ADDR')
    if addr:
        want = Verbs.GID(addr).gid
        assert 'GID                     : ' + want in out
        assert 'GID type                : RoCEv2' in out


def test_python_query_gid_example():
    name = device_name()
    out = subprocess.run(['/usr/bin/python3', os.path.join(EXAMPLES, 'python', 'query_gid.py'), name, '1'],
                         check=True, capture_output=True, text=True, timeout=120).stdout
    check_query_gid_output(out, name)


def test_c_query_gid_example():
    name = device_name()
    exe = os.path.join(os.environ.get('G_TEST_BUILDDIR', ''), '..', 'examples', 'gverbs-example-query-gid')
    out = subprocess.run([exe, name, '1'], check=True, capture_output=True, text=True, timeout=120).stdout
    check_query_gid_output(out, name)
