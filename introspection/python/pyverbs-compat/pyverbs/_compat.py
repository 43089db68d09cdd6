# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Shared machinery of the compatibility package: GLib.Error -> the pyverbs
exception family, and classes derived from Verbs' whose methods raise it."""

import errno as _errno
import functools
import inspect
import re

from gi.repository import GLib, Verbs

from .pyverbs_error import PyverbsError, PyverbsRDMAError, PyverbsUserError

__all__ = ['translate', 'rdma_errors', 'compat_class', 'Verbs', 'GLib',
           'PyverbsError', 'PyverbsRDMAError', 'PyverbsUserError']

# libgverbs' error codes, for the messages that do not name an errno
_CODE_ERRNO = {
    Verbs.Error.NOT_SUPPORTED: _errno.EOPNOTSUPP,
    Verbs.Error.INVALID_ARGUMENT: _errno.EINVAL,
    Verbs.Error.NO_MEMORY: _errno.ENOMEM,
    Verbs.Error.PERMISSION: _errno.EPERM,
    Verbs.Error.BUSY: _errno.EBUSY,
    Verbs.Error.TIMED_OUT: _errno.ETIMEDOUT,
    Verbs.Error.WOULD_BLOCK: _errno.EAGAIN,
    Verbs.Error.NOT_FOUND: _errno.ENOENT,
    Verbs.Error.EXISTS: _errno.EEXIST,
    Verbs.Error.OUT_OF_RANGE: _errno.ERANGE,
    Verbs.Error.IO: _errno.EIO,
    Verbs.Error.NO_DEVICE: _errno.ENODEV,
    Verbs.Error.CONNECTION_REFUSED: _errno.ECONNREFUSED,
    Verbs.Error.CONNECTION_RESET: _errno.ECONNRESET,
    Verbs.Error.HOST_UNREACHABLE: _errno.EHOSTUNREACH,
    Verbs.Error.ADDRESS_IN_USE: _errno.EADDRINUSE,
    Verbs.Error.PROTOCOL: _errno.EPROTO,
    Verbs.Error.CLOSED: _errno.EBADF,
}
_ERRNO_NAME = re.compile(r'\((E[A-Z0-9]+)\)')
_VERBS_DOMAIN = GLib.quark_to_string(Verbs.error_quark())


def error_code(err):
    """The errno behind a libgverbs GLib.Error (-1 when there is none)."""
    m = _ERRNO_NAME.search(err.message or '')
    if m and hasattr(_errno, m.group(1)):
        return getattr(_errno, m.group(1))
    if err.domain == _VERBS_DOMAIN:
        return _CODE_ERRNO.get(err.code, -1)
    return -1


def translate(err, what=None):
    """A GLib.Error as pyverbs raises it: PyverbsRDMAError with the errno."""
    msg = err.message or str(err)
    if what:
        msg = '%s: %s' % (what, msg)
    code = error_code(err)
    exc = PyverbsRDMAError(msg, code)
    exc.glib_error = err
    return exc


def rdma_errors(fn, what=None):
    """fn, raising the pyverbs family instead of GLib.Error."""
    @functools.wraps(fn)
    def call(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except GLib.Error as err:
            raise translate(err, what) from None
    return call


def _method(attr, what):
    """A method that calls the base class' attr, translating errors."""
    def call(self, *args, **kwargs):
        try:
            return getattr(super(call.owner, self), attr)(*args, **kwargs)
        except GLib.Error as err:
            raise translate(err, what) from None
    call.__name__ = attr
    return call


_NOT_WRAPPED = {'init', 'new', 'newv', 'connect', 'connect_after', 'get_property',
                'set_property', 'find_property', 'props'}


def compat_class(base, name, messages=None, namespace=None, extra_bases=()):
    """A subclass of the Verbs class `base` named `name` whose public methods
    (and constructor) raise PyverbsRDMAError instead of GLib.Error.
    messages maps a method name to pyverbs' message for its failure;
    extra_bases are compat classes it also derives from (pyverbs' QPEx is a
    QP: isinstance(qpex, QP) holds)."""
    messages = messages or {}
    ns = dict(namespace or {})
    wrapped = []
    for attr in dir(base):
        if attr.startswith('_') and attr != '__init__':
            continue
        # do_*: vfunc implementations; defining one would hook the vfunc of
        # the (shared) GType
        if attr in ns or attr in _NOT_WRAPPED or attr.startswith('do_'):
            continue
        static = None
        for klass in base.__mro__:
            if attr in klass.__dict__:
                if 'Verbs' in getattr(klass, '__module__', '') or \
                        getattr(klass, '__module__', '').startswith('pyverbs'):
                    static = klass.__dict__[attr]
                break
        if static is None or isinstance(static, (property, type, staticmethod, classmethod)):
            continue
        if not callable(static) or inspect.isclass(static):
            continue
        ns[attr] = _method(attr, messages.get(attr))
        wrapped.append(ns[attr])
    # methods given in the namespace get the translation too
    for attr, value in list(ns.items()):
        if inspect.isfunction(value) and value not in wrapped and \
                (not attr.startswith('__') or attr == '__init__') and \
                not getattr(value, '_pyverbs_raw', False):
            ns[attr] = rdma_errors(value, messages.get(attr))
    ns.setdefault('__module__', 'pyverbs.' + base.__name__.lower())
    # libgverbs' types are final: the subclass shares the Verbs GType (a
    # Python-only subclass; pygobject registers no new type for it)
    ns['__gtype__'] = base.__gtype__
    cls = type(name, (base,) + tuple(extra_bases), ns)
    for fn in wrapped:
        fn.owner = cls
    return cls


def importing_new(base, keyword, what):
    """__new__ for a class pyverbs also imports through (Context(cmd_fd=),
    PD(ctx, handle=)): the imported object becomes an instance of the
    compat class, errors become PyverbsRDMAError."""
    def __new__(klass, *args, **kwargs):
        try:
            obj = base.__new__(klass, *args, **kwargs)
        except GLib.Error as err:
            raise translate(err, what) from None
        if kwargs.get(keyword) is not None and isinstance(obj, base) and type(obj) is not klass:
            obj.__class__ = klass
        return obj
    return __new__


def raw(fn):
    """Marks a namespace function compat_class must leave as it is."""
    fn._pyverbs_raw = True
    return fn


def to_str(name):
    """pyverbs accepts names as bytes or str."""
    if isinstance(name, (bytes, bytearray)):
        return bytes(name).decode()
    return name
