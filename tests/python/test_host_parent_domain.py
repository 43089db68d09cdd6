# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Host tests: thread and parent domain attributes and the allocator
context; a Python allocator is called through the C trampoline (the path
rdma-core's provider takes) with no device."""
import gc
import os
import sys
import threading
import weakref

import gi
import pytest

gi.require_version('Verbs', '1.0')
from gi.repository import GLib  # noqa: E402
from gi.repository import Verbs as V  # noqa: E402

COMPAT = os.path.join(os.path.dirname(__file__), '..', '..', 'introspection', 'python',
                      'pyverbs-compat')


def error_code(e):
    return V.Error(e.code)


def test_td_init_attr():
    assert V.TDInitAttr().comp_mask == 0
    assert V.TDInitAttr(0).comp_mask == 0
    assert V.TDInitAttr(comp_mask=0x10).comp_mask == 0x10
    with pytest.raises(GLib.Error):
        V.TDInitAttr(comp_mask=-1)


def test_parent_domain_flags_are_rdma_cores():
    assert int(V.IBV_PARENT_DOMAIN_INIT_ATTR_ALLOCATORS) == 1
    assert int(V.IBV_PARENT_DOMAIN_INIT_ATTR_PD_CONTEXT) == 2
    assert V.ALLOCATOR_USE_DEFAULT == (1 << 64) - 1


def test_init_attr_needs_a_pd_and_a_context_for_allocator_bits():
    with pytest.raises(GLib.Error) as e:
        V.ParentDomainInitAttr(pd=None)
    assert error_code(e.value) == V.Error.INVALID_ARGUMENT
    # the C object: a context adds both bits, as pyverbs does
    ctx = V.ParentDomainContext(None, lambda *a: 0, lambda *a: None)
    attr = V.ParentDomainInitAttr.new(None, ctx, 0)
    assert int(attr.get_comp_mask()) == 3
    assert attr.get_pd_context() is ctx
    assert attr.get_td() is None
    plain = V.ParentDomainInitAttr.new(None, None, V.ParentDomainInitAttrMask.ALLOCATORS)
    assert int(plain.get_comp_mask()) == 1


def test_python_allocator_through_the_trampoline():
    sys.path.insert(0, COMPAT)
    try:
        import pyverbs.mem_alloc as mem
    finally:
        sys.path.remove(COMPAT)
    calls = []

    def alloc(pd, context, size, alignment, resource_type):
        calls.append(('alloc', pd, context, size, alignment, resource_type,
                      threading.get_ident()))
        return mem.posix_memalign(size, alignment)

    def free(pd, context, ptr, resource_type):
        calls.append(('free', pd, context, ptr, resource_type))
        mem.free(ptr)

    ctx = V.ParentDomainContext(None, alloc, free, user_data='mine')
    assert ctx.user_data == 'mine'
    assert ctx.has_allocators()
    address = ctx.alloc(4096, 4096, 0x100000001)
    assert address != 0 and address % 4096 == 0
    assert calls == [('alloc', None, ctx, 4096, 4096, 0x100000001, threading.get_ident())]
    ctx.free(address, 0x100000001)
    assert calls[1] == ('free', None, ctx, address, 0x100000001)

    # from another thread: the allocator runs on the thread that asks
    seen = []

    def other():
        seen.append((ctx.alloc(64, 64, 1), threading.get_ident()))

    t = threading.Thread(target=other)
    t.start()
    t.join()
    assert calls[2][-1] == seen[0][1] != threading.get_ident()
    ctx.free(seen[0][0], 1)
    assert len(calls) == 4


def test_allocator_exception_becomes_gerror():
    def alloc(pd, context, size, alignment, resource_type):
        raise ZeroDivisionError('no memory for you')

    ctx = V.ParentDomainContext(None, alloc, lambda *a: None)
    with pytest.raises(GLib.Error) as e:
        ctx.alloc(100, 8, 3)
    assert error_code(e.value) == V.Error.NO_MEMORY
    assert e.value.message == ("the parent domain's allocator failed for 100 bytes aligned to 8 "
                               "(resource type 0x3): ZeroDivisionError: no memory for you")
    # and the context still works afterwards
    ctx.set_allocators(lambda c, *a: 0x1000, (), lambda c, *a: None, ())
    assert ctx.alloc(1, 1, 0) == 0x1000


@pytest.mark.parametrize('result, text', [
    (None, 'it returned no memory'),
    (0, 'it returned no memory'),
    (-8, 'ValueError: the allocator returned -8, not an address'),
    ('text', "ValueError: invalid literal for int() with base 10: 'text'"),
])
def test_allocator_bad_results(result, text):
    ctx = V.ParentDomainContext(None, lambda *a: result, lambda *a: None)
    with pytest.raises(GLib.Error) as e:
        ctx.alloc(16, 8, 0)
    assert e.value.message.endswith(text)


def test_allocator_use_default_passes_through():
    ctx = V.ParentDomainContext(None, lambda *a: V.ALLOCATOR_USE_DEFAULT, lambda *a: None)
    assert ctx.alloc(16, 8, 0) == V.ALLOCATOR_USE_DEFAULT
    # pyverbs' spelling: -1, (void *) -1 in C
    ctx = V.ParentDomainContext(None, lambda *a: -1, lambda *a: None)
    assert ctx.alloc(16, 8, 0) == V.ALLOCATOR_USE_DEFAULT


def test_free_exception_is_no_crash():
    freed = []

    def free(pd, context, ptr, resource_type):
        freed.append(ptr)
        raise RuntimeError('cannot free')

    ctx = V.ParentDomainContext(None, lambda *a: 0x2000, free)
    ctx.free(0x2000, 0)   # warns, returns
    assert freed == [0x2000]
    ctx.free(V.ALLOCATOR_USE_DEFAULT, 0)   # never passed to free
    ctx.free(0, 0)
    assert freed == [0x2000]


def test_allocators_are_released_with_the_context():
    class Alloc:
        def __call__(self, *args):
            return 0x3000

    alloc = Alloc()
    ref = weakref.ref(alloc)
    ctx = V.ParentDomainContext(None, alloc, lambda *a: None)
    del alloc
    gc.collect()
    assert ref() is not None
    del ctx
    gc.collect()
    assert ref() is None


def test_pyverbs_compat_names():
    sys.path.insert(0, COMPAT)
    try:
        from pyverbs.pd import PD, ParentDomain, ParentDomainContext, ParentDomainInitAttr
        from pyverbs.pyverbs_error import PyverbsRDMAError
    finally:
        sys.path.remove(COMPAT)
    assert issubclass(ParentDomain, PD)
    ctx = ParentDomainContext(None, lambda *a: 0x4000, lambda *a: None)
    assert ctx.alloc(8, 8, 0) == 0x4000
    with pytest.raises(PyverbsRDMAError):
        ParentDomainInitAttr(pd=None)
