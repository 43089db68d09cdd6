# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.addr: address handles, GIDs, global routes."""

from ._compat import Verbs, GLib, compat_class, translate
from .pyverbs_error import PyverbsUserError

__all__ = ['AH', 'AHAttr', 'GlobalRoute', 'GID', 'GRH']

GRH_SIZE = 40


def read_user_memory(address, length):
    """The @length bytes at @address of this process, read through
    /proc/self/mem so that an address that is not mapped raises
    PyverbsUserError instead of killing the process."""
    try:
        with open('/proc/self/mem', 'rb', buffering=0) as mem:
            mem.seek(address)
            data = mem.read(length)
    except (OSError, OverflowError, ValueError) as err:
        raise PyverbsUserError('Cannot read %d bytes at 0x%x: %s' % (length, address, err)) from None
    if data is None or len(data) != length:
        raise PyverbsUserError('Cannot read %d bytes at 0x%x' % (length, address))
    return data


def _ah_new(klass, pd=None, attr=None, **kwargs):
    # pyverbs' AH(pd, wc=wc, grh=address, port_num=1) takes the address of
    # the receive buffer's 40 GRH bytes (the program's own buffer, such as
    # mr.buf); libgverbs takes the bytes
    if attr is None and isinstance(kwargs.get('grh'), int):
        kwargs['grh'] = read_user_memory(kwargs['grh'], GRH_SIZE)
    try:
        obj = Verbs.AH.__new__(klass, pd, attr, **kwargs)
    except GLib.Error as err:
        raise translate(err, 'Failed to create AH') from None
    if isinstance(obj, Verbs.AH) and type(obj) is not klass:
        obj.__class__ = klass
    return obj


AH = compat_class(Verbs.AH, 'AH', messages={'__init__': 'Failed to create AH'},
                  namespace={'__module__': 'pyverbs.addr', '__new__': _ah_new})
AHAttr = Verbs.AHAttr
GlobalRoute = Verbs.GlobalRoute
GID = Verbs.GID
GRH = getattr(Verbs, 'GRH', None)
