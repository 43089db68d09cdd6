# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Object construction + close(): PD, CQ, AH, QP (argv[2] says which)."""
import sys

from pyverbs.pd import PD
from pyverbs.cq import CQ
from pyverbs.addr import AH, AHAttr, GlobalRoute
from pyverbs.qp import QPCap, QPInitAttr, QPAttr, QP
import pyverbs.enums as e
from common import open_device, iterations, Timer, GID_INDEX

n = iterations(300)
what = sys.argv[2]
ctx, pd = open_device()
cq = CQ(ctx, 100, None, None, 0)
gid = ctx.query_gid(1, GID_INDEX)
with Timer('construct_' + what, n):
    for _ in range(n):
        if what == 'pd':
            obj = PD(ctx)
        elif what == 'cq':
            obj = CQ(ctx, 100, None, None, 0)
        elif what == 'ah':
            obj = AH(pd, attr=AHAttr(gr=GlobalRoute(dgid=gid, sgid_index=GID_INDEX),
                                     is_global=1, port_num=1))
        else:
            obj = QP(pd, QPInitAttr(qp_type=e.IBV_QPT_RC, scq=cq, rcq=cq, cap=QPCap()), QPAttr())
        obj.close()
ctx.close()
