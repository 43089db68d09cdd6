# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.mem_alloc: raw memory helpers (mmap, posix_memalign) through ctypes."""

import ctypes as _ctypes
import mmap as _mmap

__all__ = ['mmap', 'munmap', 'posix_memalign', 'free', 'malloc', 'memset',
           'MAP_ANONYMOUS_', 'MAP_PRIVATE_', 'MAP_HUGETLB_', 'PROT_READ_', 'PROT_WRITE_']

_libc = _ctypes.CDLL(None, use_errno=True)
_libc.mmap.restype = _ctypes.c_void_p
_libc.mmap.argtypes = [_ctypes.c_void_p, _ctypes.c_size_t, _ctypes.c_int, _ctypes.c_int,
                       _ctypes.c_int, _ctypes.c_long]
_libc.munmap.argtypes = [_ctypes.c_void_p, _ctypes.c_size_t]
_libc.malloc.restype = _ctypes.c_void_p
_libc.free.argtypes = [_ctypes.c_void_p]

MAP_ANONYMOUS_ = _mmap.MAP_ANONYMOUS
MAP_PRIVATE_ = _mmap.MAP_PRIVATE
MAP_HUGETLB_ = 0x40000
PROT_READ_ = _mmap.PROT_READ
PROT_WRITE_ = _mmap.PROT_WRITE


def mmap(addr=0, length=0, prot=PROT_READ_ | PROT_WRITE_, flags=MAP_PRIVATE_ | MAP_ANONYMOUS_,
         fd=-1, offset=0):
    return _libc.mmap(addr, length, prot, flags, fd, offset)


def munmap(addr, length):
    return _libc.munmap(addr, length)


def posix_memalign(size, alignment=8):
    ptr = _ctypes.c_void_p()
    rc = _libc.posix_memalign(_ctypes.byref(ptr), _ctypes.c_size_t(alignment), _ctypes.c_size_t(size))
    if rc:
        raise MemoryError('posix_memalign failed: %d' % rc)
    return ptr.value


def malloc(size):
    return _libc.malloc(size)


def free(ptr):
    _libc.free(ptr)


def memset(addr, value, size):
    _ctypes.memset(addr, value, size)
