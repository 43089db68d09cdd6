# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.fork: ibv_fork_init() and ibv_is_fork_initialized()."""

import ctypes as _ctypes
import ctypes.util as _util

from .pyverbs_error import PyverbsRDMAError

__all__ = ['fork_init', 'is_fork_initialized']

_lib = None


def _libibverbs():
    global _lib
    if _lib is None:
        _lib = _ctypes.CDLL(_util.find_library('ibverbs') or 'libibverbs.so.1', use_errno=True)
    return _lib


def fork_init():
    rc = _libibverbs().ibv_fork_init()
    if rc:
        raise PyverbsRDMAError('Failed to init fork support', abs(rc))


def is_fork_initialized():
    return _libibverbs().ibv_is_fork_initialized()
