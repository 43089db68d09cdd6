# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
# libgverbs' pyverbs compatibility package.
#
# pyverbs' module tree (pyverbs.device, .pd, .mr, .cq, .qp, ...) made of
# gi.repository.Verbs' classes, so that a program written for rdma-core's
# pyverbs runs unchanged on libgverbs.  It is installed in its own directory
# and never shadows the real pyverbs: run a program on it with
#
#     gverbs-pyverbs program.py [ARGS]      or      gverbs-pyverbs -m module
#
# What pyverbs does differently from gi.repository.Verbs (names as bytes,
# the PyverbsError family with .error_code, the messages programs match)
# lives here; Verbs itself stays idiomatic.

import gi

gi.require_version('Verbs', '1.0')

__version__ = '44.0+libgverbs'
IMPLEMENTATION = 'libgverbs'
