# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: protection domains, pyverbs- and python-rdma-shaped."""
from gverbs_testutil import device_name, rdma_resources, Verbs
from gi.repository import GLib
import pytest


def test_pd_like_pyverbs():
    with Verbs.Context(name=device_name()) as ctx:
        with Verbs.PD(ctx) as pd:
            mine = rdma_resources('pd')
            assert len(mine) == 1
            assert mine[0]['ifname'] == device_name()
            assert pd.context == ctx
            assert not pd.closed
        assert pd.closed
        assert rdma_resources('pd') == []


def test_factories():
    with Verbs.Context(name=device_name()) as ctx:
        a = ctx.pd()              # python-rdma
        b = ctx.alloc_pd()        # C-style factory
        assert isinstance(a, Verbs.PD) and isinstance(b, Verbs.PD)
        assert a.handle != b.handle
        assert len(rdma_resources('pd')) == 2
    # the context's close closed its children
    assert a.closed and b.closed
    assert rdma_resources('pd') == []


def test_keyword_and_positional():
    ctx = Verbs.Context(name=device_name())
    pd = Verbs.PD(context=ctx)
    pd2 = Verbs.PD(ctx)
    assert pd.handle != pd2.handle
    pd.close()
    pd.close()
    ctx.close()
    assert pd2.closed


def test_pd_on_closed_context_is_an_error():
    ctx = Verbs.Context(name=device_name())
    ctx.close()
    with pytest.raises(GLib.Error) as e:
        Verbs.PD(ctx)
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.CLOSED)


def test_gc_order_is_safe():
    # drop the context first: the PD keeps it alive; then drop the PD
    ctx = Verbs.Context(name=device_name())
    pd = Verbs.PD(ctx)
    del ctx
    assert not pd.closed
    assert len(rdma_resources('pd')) == 1
    del pd
    import gc
    gc.collect()
    assert rdma_resources('pd') == []


def test_pd_subclass_and_import_keyword():
    # PD(ctx) is one C call; a subclass with its own signature is made as before
    class MyPD(Verbs.PD):
        def __init__(self, ctx, label):
            super().__init__(ctx)
            self.label = label

    with Verbs.Context(name=device_name()) as ctx:
        pd = MyPD(ctx, 'mine')
        assert type(pd) is MyPD and pd.label == 'mine' and pd.context == ctx
        assert type(Verbs.PD(ctx)) is Verbs.PD
