# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Host tests: no RDMA device needed."""
import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, Verbs  # noqa: E402
import pytest  # noqa: E402


def test_typelib_loads_with_override():
    assert Verbs.Context.__module__ == 'gi.overrides.Verbs'
    assert Verbs._introspection_module.__name__ == 'gi.repository.Verbs'


def test_enums_equal_rdma_core_values():
    assert int(Verbs.AccessFlags.LOCAL_WRITE) == 1
    assert int(Verbs.AccessFlags.REMOTE_WRITE) == 2
    assert int(Verbs.QPType.RC) == 2
    assert int(Verbs.QPType.UD) == 4
    assert int(Verbs.WCStatus.SUCCESS) == 0
    assert int(Verbs.WCOpcode.RECV) == 128


def test_flat_aliases():
    assert Verbs.IBV_ACCESS_LOCAL_WRITE == Verbs.AccessFlags.LOCAL_WRITE
    assert Verbs.IBV_QPT_UD == Verbs.QPType.UD
    assert Verbs.IBV_MTU_1024 == 3
    assert Verbs.IBV_WC_REM_ACCESS_ERR == Verbs.WCStatus.REM_ACCESS_ERR
    flags = Verbs.IBV_ACCESS_LOCAL_WRITE | Verbs.IBV_ACCESS_REMOTE_READ
    assert int(flags) == 5


def test_enum_members_with_numbers_have_identifier_names():
    # rdma-core's IBV_MTU_256, IBV_RATE_2_5_GBPS, IBV_MW_TYPE_1 ... would be
    # GI members named 256, 2_5_gbps, 1: no identifiers.
    assert Verbs.MTU.BYTES_256 == 1 and Verbs.MTU.BYTES_1024 == 3 and Verbs.MTU.BYTES_4096 == 5
    assert Verbs.Rate.GBPS_2_5 == 2 and Verbs.Rate.GBPS_10 == 3 and Verbs.Rate.GBPS_1200 == 24
    assert Verbs.MWType.TYPE_1 == 1 and Verbs.MWType.TYPE_2 == 2
    assert int(Verbs.PciAtomicOpSize.OPERATION_4_BYTE_SIZE_SUP) == 1
    assert int(Verbs.PciAtomicOpSize.OPERATION_16_BYTE_SIZE_SUP) == 4
    assert Verbs.MTU.BYTES_256.value_nick == 'bytes-256'
    # pyverbs' flat names stay rdma-core's
    assert Verbs.IBV_MTU_256 == Verbs.MTU.BYTES_256 and Verbs.IBV_MTU_4096 == Verbs.MTU.BYTES_4096
    assert Verbs.IBV_RATE_2_5_GBPS == Verbs.Rate.GBPS_2_5 and Verbs.IBV_RATE_1200_GBPS == 24
    assert Verbs.IBV_MW_TYPE_2 == Verbs.MWType.TYPE_2
    assert Verbs.IBV_PCI_ATOMIC_OPERATION_8_BYTE_SIZE_SUP == 2
    assert not hasattr(Verbs, 'IBV_MTU_BYTES_256') and not hasattr(Verbs, 'IBV_RATE_GBPS_2_5')
    # every member of every enum and flags type is an identifier
    for attr in dir(Verbs._introspection_module):
        t = getattr(Verbs, attr, None)
        values = getattr(t, '__enum_values__', None) or getattr(t, '__flags_values__', None) or {}
        for v in values.values():
            nick = v.value_nick if hasattr(v, 'value_nick') else v.first_value_nick
            if nick is not None:
                assert not nick[0].isdigit(), '%s.%s' % (attr, nick)


def test_missing_device_is_no_device_error():
    with pytest.raises(GLib.Error) as info:
        Verbs.Context(name='gverbs-no-such-device')
    assert info.value.matches(Verbs.error_quark(), Verbs.Error.NO_DEVICE)
    assert 'gverbs-no-such-device' in info.value.message


def test_wc_error_domain_codes_are_statuses():
    assert int(Verbs.WCError.REM_ACCESS_ERR) == int(Verbs.WCStatus.REM_ACCESS_ERR)
    assert GLib.quark_to_string(Verbs.wc_error_quark()) == 'gverbs-wc-error-quark'


def test_errno_mapping():
    import errno
    assert Verbs.error_from_errno(errno.EINVAL) == Verbs.Error.INVALID_ARGUMENT
    assert Verbs.errno_name(errno.EBUSY) == 'EBUSY'


def test_device_list_is_a_list():
    devices = Verbs.get_device_list()
    assert isinstance(devices, list)
    for dev in devices:
        assert str(dev).startswith('Device ')



def test_bare_and_failed_resources_are_not_initialized():
    from gi.repository import GObject
    # constructed without init(): not initialized, not "closed"
    bare = GObject.new(Verbs.Context, name='gverbs-no-such-device')
    assert isinstance(bare, Verbs.Resource)
    assert bare.is_closed() and bare.props.closed
    with pytest.raises(GLib.Error) as e:
        bare.query_device()
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.NOT_INITIALIZED)
    assert 'not initialized' in e.value.message
    # its construction fails: every later call says so, with the reason
    with pytest.raises(GLib.Error) as e:
        bare.init(None)
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.NO_DEVICE)
    with pytest.raises(GLib.Error) as e:
        bare.query_device()
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.NOT_INITIALIZED)
    assert 'gverbs-no-such-device' in e.value.message
    assert bare.close()


def test_device_attr_ex_made_without_the_library_prints_zeros():
    # a DeviceAttrEx that no query filled has its capability groups too,
    # all zero, so to_string() works (G_DEBUG=fatal-criticals: a critical
    # on a missing group would abort the test)
    from gi.repository import GObject
    attr = GObject.new(Verbs.DeviceAttrEx)
    text = attr.to_string()
    assert 'Max QP' in text and 'Phys port count ex' in text
    assert attr.props.orig_attr is not None
    assert attr.props.orig_attr.props.max_qp == 0
