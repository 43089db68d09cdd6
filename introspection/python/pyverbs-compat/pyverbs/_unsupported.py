# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Modules whose libgverbs classes come with a later issue (flow steering,
work queues and RSS, provider direct verbs). Their names import; creating an
object raises pyverbs' "not supported" (PyverbsRDMAError with EOPNOTSUPP), so
a program that checks for the capability skips as it does on a device
without it."""

import errno as _errno

from .pyverbs_error import PyverbsRDMAError


def unsupported_class(name, module):
    def __init__(self, *args, **kwargs):
        raise PyverbsRDMAError('%s is not supported by libgverbs yet' % name, _errno.EOPNOTSUPP)
    return type(name, (), {'__init__': __init__, '__module__': module})


def unsupported_function(name):
    def unsupported(*args, **kwargs):
        raise PyverbsRDMAError('%s is not supported by libgverbs yet' % name, _errno.EOPNOTSUPP)
    unsupported.__name__ = name.rsplit('.', 1)[-1]
    return unsupported


def module_getattr(module):
    def __getattr__(name):
        if name.startswith('__'):
            raise AttributeError(name)
        if name[:1].isupper() and not name.isupper():
            return unsupported_class(name, module)
        if name.isupper() or name.startswith('_'):
            return 0
        return unsupported_function(name)
    return __getattr__
