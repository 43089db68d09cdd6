# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Host tests for memory regions, windows and SGEs: no RDMA device needed."""
import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, GObject, Verbs  # noqa: E402
import pytest  # noqa: E402


def test_sge_fields():
    sge = Verbs.SGE(0x123456789abc, 4096, 0xdeadbeef)
    assert (sge.addr, sge.length, sge.lkey) == (0x123456789abc, 4096, 0xdeadbeef)
    sge.length = 17
    sge.lkey = 5
    assert sge.length == 17 and sge.lkey == 5
    kw = Verbs.SGE(addr=1, length=2, lkey=3)
    assert (kw.addr, kw.length, kw.lkey) == (1, 2, 3)
    assert (Verbs.SGE().addr, Verbs.SGE().length) == (0, 0)
    assert 'Length' in str(sge) and hex(0x123456789abc) in str(sge)


def test_sge_from_c_constructor_and_copy():
    sge = Verbs.SGE.new(10, 20, 30)
    assert isinstance(sge, Verbs.SGE)
    assert (sge.addr, sge.length, sge.lkey) == (10, 20, 30)
    copy = sge.copy()
    copy.length = 99
    assert sge.length == 20 and copy.length == 99


@pytest.mark.parametrize('args', [(-1, 1, 1), (1, -1, 1), (1, 1 << 32, 1), (1, 1, 1 << 32),
                                  (1 << 64, 1, 1)])
def test_sge_bad_values_are_errors(args):
    with pytest.raises(GLib.Error) as e:
        Verbs.SGE(*args)
    assert e.value.domain == 'gverbs-error-quark'


def test_mr_needs_a_pd():
    with pytest.raises(GLib.Error) as e:
        Verbs.MR(None, 100, Verbs.IBV_ACCESS_LOCAL_WRITE)
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT)
    assert 'protection domain' in e.value.message


@pytest.mark.parametrize('length', [-1, -4096, 1 << 64])
def test_mr_bad_length_is_an_error(length):
    with pytest.raises(GLib.Error) as e:
        Verbs.MR(None, length, Verbs.IBV_ACCESS_LOCAL_WRITE)
    assert e.value.domain == 'gverbs-error-quark'
    assert str(length) in e.value.message


def test_mr_from_python_owns_its_memory():
    for kwargs in ({'address': 0x1000}, {'implicit': True}):
        with pytest.raises(GLib.Error) as e:
            Verbs.MR(None, 100, 0, **kwargs)
        assert e.value.matches(Verbs.error_quark(), Verbs.Error.NOT_SUPPORTED)
    # MR(pd, handle=…) imports (gverbs_mr_import); without a PD it is refused
    with pytest.raises(GLib.Error) as e:
        Verbs.MR(None, handle=3)
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT)
    with pytest.raises(GLib.Error) as e:
        Verbs.PD(None, handle=3)
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT)


def test_mw_needs_a_pd_and_a_valid_type():
    with pytest.raises(GLib.Error) as e:
        Verbs.MW(None, Verbs.IBV_MW_TYPE_1)
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT)
    for bad in (0, 3, -1):
        with pytest.raises(GLib.Error) as e:
            Verbs.MW(None, bad)
        assert e.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT)
    pd = Verbs.PD.__new__(Verbs.PD)   # not opened: the check comes first
    GObject.Object.__init__(pd)
    with pytest.raises(GLib.Error) as e:
        Verbs.MW(pd, 3)
    assert e.value.message == 'mw_type 3 is not a MWType value'   # pyverbs' argument


def test_flat_names():
    assert Verbs.IBV_MW_TYPE_1 == 1 and Verbs.IBV_MW_TYPE_2 == 2
    assert int(Verbs.IBV_REREG_MR_CHANGE_ACCESS) == 4
    assert int(Verbs.IBV_ACCESS_MW_BIND) == 16
