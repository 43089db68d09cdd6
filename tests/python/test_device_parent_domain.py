# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: thread and parent domains. Soft-RoCE has neither: TD and
ParentDomain raise a clean GLib.Error naming the rdma-core call and the
device, no allocator runs and the PD stays usable; the seed's example stops
there. test_hardware_* need a device with parent domains (mlx5)."""
import errno
import os
import subprocess
import sys

import gi
import pytest

gi.require_version('Verbs', '1.0')
from gi.repository import GLib  # noqa: E402
from gi.repository import Verbs as V  # noqa: E402

from gverbs_testutil import device_name  # noqa: E402

EXAMPLES = os.path.join(os.path.dirname(__file__), '..', '..', 'examples')
COMPAT = os.path.join(os.path.dirname(__file__), '..', '..', 'introspection', 'python',
                      'pyverbs-compat')


def has_parent_domains(ctx):
    try:
        with V.PD(ctx) as pd:
            V.ParentDomain(ctx, V.ParentDomainInitAttr(pd=pd)).close()
        return True
    except GLib.Error as e:
        if e.code != int(V.Error.NOT_SUPPORTED):
            raise
        return False


def assert_not_supported(e, call):
    assert e.value.domain == 'gverbs-error-quark'
    assert e.value.code == int(V.Error.NOT_SUPPORTED)
    assert e.value.message == '%s on %s: Operation not supported (EOPNOTSUPP)' % (
        call, device_name())


class Counting:
    def __init__(self):
        self.allocs, self.frees, self.live = 0, 0, {}
        sys.path.insert(0, COMPAT)
        try:
            import pyverbs.mem_alloc as mem
        finally:
            sys.path.remove(COMPAT)
        self.mem = mem

    def alloc(self, pd, context, size, alignment, resource_type):
        self.allocs += 1
        p = self.mem.posix_memalign(size, alignment)
        self.live[p] = size
        return p

    def free(self, pd, context, ptr, resource_type):
        self.frees += 1
        del self.live[ptr]
        self.mem.free(ptr)


def test_td_not_supported_on_rxe():
    with V.Context(name=device_name()) as ctx:
        if has_parent_domains(ctx):
            pytest.skip('the device has thread domains: see test_hardware_*')
        with pytest.raises(GLib.Error) as e:
            V.TD(ctx)
        assert_not_supported(e, 'ibv_alloc_td')
        with pytest.raises(GLib.Error) as e:
            V.TD(ctx, V.TDInitAttr())
        assert_not_supported(e, 'ibv_alloc_td')


def test_parent_domain_not_supported_on_rxe():
    counting = Counting()
    with V.Context(name=device_name()) as ctx:
        if has_parent_domains(ctx):
            pytest.skip('the device has parent domains: see test_hardware_*')
        pd = V.PD(ctx)
        pd_ctx = V.ParentDomainContext(pd, counting.alloc, counting.free)
        attr = V.ParentDomainInitAttr(pd=pd, pd_context=pd_ctx)
        assert attr.comp_mask == 3
        with pytest.raises(GLib.Error) as e:
            V.ParentDomain(ctx, attr=attr)
        assert_not_supported(e, 'ibv_alloc_parent_domain')
        assert counting.allocs == counting.frees == 0
        # the PD is untouched and usable
        mr = V.MR(pd, 4096, V.IBV_ACCESS_LOCAL_WRITE)
        mr.write(b'still here', 10, 0)
        assert mr.read(10, 0) == b'still here'
    assert pd.closed and mr.closed


def test_pyverbs_compat_parent_domain_not_supported():
    sys.path.insert(0, COMPAT)
    try:
        from pyverbs.device import Context
        from pyverbs.pd import PD, ParentDomain, ParentDomainContext, ParentDomainInitAttr
        from pyverbs.pyverbs_error import PyverbsRDMAError
    finally:
        sys.path.remove(COMPAT)
    ctx = Context(name=device_name())
    if has_parent_domains(ctx):
        pytest.skip('the device has parent domains: see test_hardware_*')
    pd = PD(ctx)
    pd_ctx = ParentDomainContext(pd, lambda *a: 0, lambda *a: None)
    with pytest.raises(PyverbsRDMAError) as e:
        ParentDomain(ctx, attr=ParentDomainInitAttr(pd=pd, pd_context=pd_ctx))
    assert e.value.error_code == errno.EOPNOTSUPP
    assert 'Failed to allocate Parent Domain' in str(e.value)
    ctx.close()


def test_seed_parent_domain_example():
    name = device_name()
    env = dict(os.environ, GVERBS_PYVERBS_COMPAT=COMPAT)
    r = subprocess.run(['/usr/bin/python3', os.path.join(EXAMPLES, 'python', 'parent_domain.py'),
                        name], capture_output=True, text=True, timeout=120, env=env)
    with V.Context(name=name) as ctx:
        supported = has_parent_domains(ctx)
    if supported:
        assert r.returncode == 0, r.stderr
        assert r.stdout.startswith('parent domain of pd ')
        assert r.stdout.endswith(', comp_mask 0x3\n')
    else:
        # stops at ParentDomain(), on the clean error, not on a missing name
        assert r.returncode == 1, r.stderr
        assert ('gi.repository.GLib.GError: gverbs-error-quark: ibv_alloc_parent_domain on %s: '
                'Operation not supported (EOPNOTSUPP) (3)' % name) in r.stderr
        assert 'parent_domain = ParentDomain(ctx, attr=pd_attr)' in r.stderr


def test_hardware_parent_domain_allocators_qp_cq():
    """A parent domain with Python allocators: a CQEX and an RC QP on it take
    their queues from the allocator; closing returns every buffer."""
    counting = Counting()
    with V.Context(name=device_name()) as ctx:
        if not has_parent_domains(ctx):
            pytest.skip('the device has no parent domains (rxe): needs mlx5')
        pd = V.PD(ctx)
        td = V.TD(ctx)
        pd_ctx = V.ParentDomainContext(pd, counting.alloc, counting.free)
        parent = V.ParentDomain(ctx, V.ParentDomainInitAttr(pd=pd, pd_context=pd_ctx, td=td))
        assert isinstance(parent, V.PD)
        cq = V.CQEX(ctx, V.CqInitAttrEx(cqe=32, parent_domain=parent))
        cap = V.QPCap(max_send_wr=16, max_recv_wr=16)
        qp = V.QP(parent, V.QPInitAttr(qp_type=V.IBV_QPT_RC, scq=cq, rcq=cq, cap=cap))
        mr = V.MR(parent, 4096, V.IBV_ACCESS_LOCAL_WRITE)
        assert counting.allocs >= 2 and counting.frees == 0
        parent.close()
        assert qp.closed and cq.closed and mr.closed and not pd.closed
        assert counting.frees == counting.allocs and not counting.live
