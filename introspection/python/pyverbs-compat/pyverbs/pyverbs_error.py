# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs' exception classes: PyverbsError, PyverbsRDMAError (with the errno
in .error_code) and PyverbsUserError."""

import os


class PyverbsError(Exception):
    """The base of every pyverbs exception."""

    def __init__(self, msg, error_code=-1):
        if error_code != -1:
            msg = '%s. Errno: %d, %s' % (msg, error_code, os.strerror(error_code))
        super().__init__(msg)


class PyverbsRDMAError(PyverbsError):
    """A failure reported by rdma-core; .error_code is its errno."""

    def __init__(self, msg, error_code=-1):
        super().__init__(msg, error_code)
        self._error_code = error_code

    @property
    def error_code(self):
        return self._error_code


class PyverbsUserError(PyverbsError):
    """A request the caller got wrong (an argument pyverbs refuses itself)."""

    def __init__(self, msg):
        super().__init__(msg)
