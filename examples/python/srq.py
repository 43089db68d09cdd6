#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs' SRQ example (an XRC SRQ). Soft-RoCE has no XRC: there it ends
with the clean GLib.Error "ibv_open_xrcd on rxe0: Operation not supported
(EOPNOTSUPP)" before the SRQ is made.

pyverbs:    from pyverbs.xrcd import XRCD, XRCDInitAttr
            from pyverbs.srq import SRQ, SrqInitAttrEx
            import pyverbs.device as d
            import pyverbs.enums as e
            from pyverbs.cq import CQ
            from pyverbs.pd import PD
libgverbs:  the imports below (and the device name from the command line)

Usage: srq.py [DEVICE]
"""
import os
import stat
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository.Verbs import XRCD, XRCDInitAttr  # noqa: E402
from gi.repository.Verbs import SRQ, SrqInitAttrEx  # noqa: E402
from gi.repository import Verbs as d  # noqa: E402
from gi.repository import Verbs as e  # noqa: E402
from gi.repository.Verbs import CQ  # noqa: E402
from gi.repository.Verbs import PD  # noqa: E402


ctx = d.Context(name=sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE'))
pd = PD(ctx)
cq = CQ(ctx, 100, None, None, 0)
xrcd_fd = os.open('/tmp/xrcd', os.O_RDONLY | os.O_CREAT,
                  stat.S_IRUSR | stat.S_IRGRP)
init = XRCDInitAttr(e.IBV_XRCD_INIT_ATTR_FD | e.IBV_XRCD_INIT_ATTR_OFLAGS,
                    os.O_CREAT, xrcd_fd)
xrcd = XRCD(ctx, init)

srq_attr = SrqInitAttrEx(max_wr=10)
srq_attr.srq_type = e.IBV_SRQT_XRC
srq_attr.pd = pd
srq_attr.xrcd = xrcd
srq_attr.cq = cq
srq_attr.comp_mask = e.IBV_SRQ_INIT_ATTR_TYPE | e.IBV_SRQ_INIT_ATTR_PD | \
                     e.IBV_SRQ_INIT_ATTR_CQ | e.IBV_SRQ_INIT_ATTR_XRCD
srq = SRQ(ctx, srq_attr)
