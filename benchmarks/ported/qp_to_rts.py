# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""QP(pd, QPInitAttr(...), QPAttr()), to_rts(attr) with AHAttr/GlobalRoute
built for it, close()."""
from pyverbs.cq import CQ
from pyverbs.qp import QPCap, QPInitAttr, QPAttr, QP
import pyverbs.enums as e
from common import open_device, rc_attr, iterations, Timer

n = iterations(100)
ctx, pd = open_device()
cq = CQ(ctx, 100, None, None, 0)
peer = QP(pd, QPInitAttr(qp_type=e.IBV_QPT_RC, scq=cq, rcq=cq, cap=QPCap()), QPAttr())
with Timer('qp_to_rts', n):
    for _ in range(n):
        qp = QP(pd, QPInitAttr(qp_type=e.IBV_QPT_RC, scq=cq, rcq=cq, cap=QPCap()), QPAttr())
        qp.to_rts(rc_attr(ctx, peer.qp_num))
        qp.close()
ctx.close()
