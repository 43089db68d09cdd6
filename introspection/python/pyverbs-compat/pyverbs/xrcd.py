# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.xrcd: XRC domains."""

from ._compat import Verbs, compat_class

__all__ = ['XRCD', 'XRCDInitAttr']

XRCD = compat_class(Verbs.XRCD, 'XRCD', messages={'__init__': 'Failed to allocate XRCD'},
                    namespace={'__module__': 'pyverbs.xrcd'})
XRCDInitAttr = Verbs.XRCDInitAttr
