#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs README, "ParentDomain", with only the imports changed (and the
device name taken from the command line instead of 'rocep0s8f0'):

pyverbs:    from pyverbs.pd import PD, ParentDomainInitAttr, ParentDomain, \\
                ParentDomainContext
            from pyverbs.device import Context
            import pyverbs.mem_alloc as mem
libgverbs:  the imports below; pyverbs.mem_alloc (posix_memalign, free) is
            libgverbs' pyverbs-compat module of that name (ctypes), found
            through $GVERBS_PYVERBS_COMPAT (set by `meson devenv`) or the
            installed $datadir/libgverbs/pyverbs-compat.

Soft-RoCE has no parent domains: there it ends with the clean GLib.Error
"ibv_alloc_parent_domain on rxe0: Operation not supported (EOPNOTSUPP)".

Usage: parent_domain.py [DEVICE]   (default: $GVERBS_TEST_DEVICE)
"""
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository.Verbs import PD, ParentDomainInitAttr, ParentDomain, \
    ParentDomainContext  # noqa: E402
from gi.repository.Verbs import Context  # noqa: E402
sys.path.append(os.environ.get('GVERBS_PYVERBS_COMPAT', '/usr/share/libgverbs/pyverbs-compat'))
import pyverbs.mem_alloc as mem  # noqa: E402


def alloc_p_func(pd, context, size, alignment, resource_type):
    p = mem.posix_memalign(size, alignment)
    return p


def free_p_func(pd, context, ptr, resource_type):
    mem.free(ptr)


ctx = Context(name=sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE'))
pd = PD(ctx)
pd_ctx = ParentDomainContext(pd, alloc_p_func, free_p_func)
pd_attr = ParentDomainInitAttr(pd=pd, pd_context=pd_ctx)
parent_domain = ParentDomain(ctx, attr=pd_attr)
# beyond the seed: show it
print('%s, comp_mask 0x%x' % (parent_domain.description, pd_attr.comp_mask))
