# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.mr: memory regions, memory windows, device-memory MRs."""

from ._compat import Verbs, compat_class

__all__ = ['MR', 'MW', 'MWBindInfo', 'MWBind', 'DMMR', 'DmaBufMR']

MR = compat_class(Verbs.MR, 'MR', messages={
    '__init__': 'Failed to register a MR',
    'rereg': 'Failed to rereg MR',
    'advise_mr': 'Failed to advise MR',
}, namespace={'__module__': 'pyverbs.mr'})

MW = compat_class(Verbs.MW, 'MW', messages={'__init__': 'Failed to allocate MW'},
                  namespace={'__module__': 'pyverbs.mr'})

DMMR = compat_class(Verbs.DMMR, 'DMMR', messages={'__init__': 'Failed to register a device MR'},
                    namespace={'__module__': 'pyverbs.mr'})



class MWBindInfo:
    """What a memory-window bind gives access to: the MR, the address and
    length within it, and the access flags of the window."""

    def __init__(self, mr, addr, length, mw_access_flags):
        self.mr = mr
        self.addr = addr
        self.length = length
        self.mw_access_flags = mw_access_flags


class MWBind:
    """A type-1 bind request for qp.bind_mw(mw, mw_bind)."""

    def __init__(self, info, send_flags, wr_id=0):
        self.bind_info = info
        self.send_flags = send_flags
        self.wr_id = wr_id


def _dmabuf_mr_init(self, pd, length, access, dmabuf=None, offset=0, gpu=0, gtt=0):
    """pyverbs' DmaBufMR(pd, length, access, dmabuf=None, offset=0): dmabuf
    is a DmaBuf or a dma-buf descriptor; without one, a DmaBuf is allocated
    (a DRM GEM buffer, which libgverbs does not allocate: EOPNOTSUPP)."""
    if dmabuf is None:
        from .dmabuf import DmaBuf
        dmabuf = DmaBuf(length + offset, gpu=gpu, gtt=gtt)
    fd = int(getattr(dmabuf, 'fd', dmabuf))
    Verbs.DmaBufMR.__init__(self, pd, length, access, dmabuf=fd, offset=offset)
    self.__dict__['dmabuf'] = dmabuf


DmaBufMR = compat_class(Verbs.DmaBufMR, 'DmaBufMR', messages={
    '__init__': 'Failed to register a dma-buf MR',
}, namespace={'__module__': 'pyverbs.mr', '__init__': _dmabuf_mr_init})
