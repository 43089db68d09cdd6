# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: XRCD, DM, DM MR and import fail cleanly on Soft-RoCE, naming the rdma-core call."""
import os
import stat
import tempfile

from gverbs_testutil import device_name, rdma_resources, Verbs
from gi.repository import GLib
import pytest


def assert_not_supported(exc, call):
    assert exc.matches(Verbs.error_quark(), Verbs.Error.NOT_SUPPORTED), exc.message
    assert exc.message.startswith(call + ' on ')
    assert '(EOPNOTSUPP)' in exc.message


def test_xrcd_like_pyverbs():
    with Verbs.Context(name=device_name()) as ctx:
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'xrcd')
            fd = os.open(path, os.O_RDONLY | os.O_CREAT, stat.S_IRUSR | stat.S_IRGRP)
            init = Verbs.XRCDInitAttr(Verbs.IBV_XRCD_INIT_ATTR_FD | Verbs.IBV_XRCD_INIT_ATTR_OFLAGS,
                                      os.O_CREAT, fd)
            with pytest.raises(GLib.Error) as e:
                Verbs.XRCD(ctx, init)
            assert_not_supported(e.value, 'ibv_open_xrcd')
            assert device_name() in e.value.message
            os.fstat(fd)  # still ours, still open
            os.close(fd)


def test_dm_like_pyverbs():
    with Verbs.Context(name=device_name()) as ctx:
        with pytest.raises(GLib.Error) as e:
            Verbs.DM(ctx, Verbs.AllocDmAttr(4096))
        assert_not_supported(e.value, 'ibv_alloc_dm')
        assert 'length 4096' in e.value.message


def test_dm_mr_like_pyverbs():
    with Verbs.Context(name=device_name()) as ctx:
        with Verbs.PD(ctx) as pd:
            with pytest.raises(GLib.Error) as e:
                Verbs.DMMR(pd, 64, Verbs.IBV_ACCESS_ZERO_BASED, dm=None, offset=0)
            assert_not_supported(e.value, 'ibv_reg_dm_mr')
        assert rdma_resources('mr') == []


def test_import_device_and_pd_like_pyverbs():
    # the seed's "Import device, PD and MR", up to where rxe stops it
    with Verbs.Context(name=device_name()) as ctx:
        pd = Verbs.PD(ctx)
        cmd_fd_dup = os.dup(ctx.cmd_fd)
        with pytest.raises(GLib.Error) as e:
            Verbs.Context(cmd_fd=cmd_fd_dup)
        assert_not_supported(e.value, 'ibv_import_device')
        os.fstat(cmd_fd_dup)  # a failed import leaves the descriptor to the caller
        os.close(cmd_fd_dup)
        # ibv_import_pd on the owner's own context: refused the same way
        with pytest.raises(GLib.Error) as e:
            Verbs.PD(ctx, handle=pd.handle)
        assert_not_supported(e.value, 'ibv_import_pd')
        assert not pd.is_imported()
        with pytest.raises(GLib.Error) as e:
            pd.unimport()
        assert e.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT)
        assert not pd.closed
        assert len(rdma_resources('pd')) == 1
    assert pd.closed


def test_import_mr_like_pyverbs():
    with Verbs.Context(name=device_name()) as ctx:
        pd = Verbs.PD(ctx)
        mr = Verbs.MR(pd, 100, Verbs.IBV_ACCESS_LOCAL_WRITE)
        with pytest.raises(GLib.Error) as e:
            Verbs.MR(pd, handle=mr.handle)
        assert_not_supported(e.value, 'ibv_import_mr')
        assert 'mr handle %d' % mr.handle in e.value.message
        assert not mr.is_imported()
        with pytest.raises(GLib.Error) as e:
            mr.unimport()
        assert e.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT)
        mr.write(b'still usable', 12, 0)
        assert mr.read(12, 0) == b'still usable'
        assert len(rdma_resources('mr')) == 1
    assert mr.closed and rdma_resources('mr') == []


def test_plain_constructors_still_work():
    ctx = Verbs.Context(name=device_name(), cmd_fd=None)
    pd = Verbs.PD(ctx, handle=None)
    assert not pd.is_imported() and not pd.closed
    ctx.close()
    assert pd.closed
