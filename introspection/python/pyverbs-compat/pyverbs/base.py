# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.base: PyverbsObject/PyverbsCM and PyverbsRDMAErrno."""

import ctypes as _ctypes

from .pyverbs_error import PyverbsRDMAError

__all__ = ['PyverbsObject', 'PyverbsCM', 'PyverbsRDMAErrno', 'inc_rkey']


class PyverbsObject:
    pass


class PyverbsCM(PyverbsObject):
    pass


def PyverbsRDMAErrno(msg):
    """A PyverbsRDMAError carrying the calling thread's current errno."""
    return PyverbsRDMAError(msg, _ctypes.get_errno())


def inc_rkey(rkey):
    """ibv_inc_rkey(): the key's low 8 bits incremented."""
    return (rkey & 0xffffff00) | ((rkey + 1) & 0xff)
