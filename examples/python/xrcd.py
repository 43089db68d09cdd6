#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs' XRCD example. Soft-RoCE has no XRC: there it ends with the clean
GLib.Error "ibv_open_xrcd on rxe0: Operation not supported (EOPNOTSUPP)".

pyverbs:    from pyverbs.xrcd import XRCD, XRCDInitAttr
            import pyverbs.device as d
            import pyverbs.enums as e
libgverbs:  the imports below

Usage: xrcd.py [DEVICE]
"""
import os
import stat
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository.Verbs import XRCD, XRCDInitAttr  # noqa: E402
from gi.repository import Verbs as d  # noqa: E402
from gi.repository import Verbs as e  # noqa: E402

ctx = d.Context(name=sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE'))
xrcd_fd = os.open('/tmp/xrcd', os.O_RDONLY | os.O_CREAT,
                  stat.S_IRUSR | stat.S_IRGRP)
init = XRCDInitAttr(e.IBV_XRCD_INIT_ATTR_FD | e.IBV_XRCD_INIT_ATTR_OFLAGS,
                    os.O_CREAT, xrcd_fd)
xrcd = XRCD(ctx, init)
