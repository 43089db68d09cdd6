# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""UD send/recv, one datagram at a time, through an AH."""
from pyverbs.addr import AH, AHAttr, GlobalRoute
from pyverbs.cq import CQ
from pyverbs.mr import MR
from pyverbs.qp import QPCap, QPInitAttr, QPAttr, QP
from pyverbs.wr import SGE, SendWR, RecvWR
import pyverbs.enums as e
from common import open_device, poll_one, iterations, Timer, ACCESS, GID_INDEX

QKEY = 0x11111111
n = iterations(2000)
ctx, pd = open_device()
ends = []
for _ in range(2):
    cq = CQ(ctx, 128, None, None, 0)
    mr = MR(pd, 4096, ACCESS)
    attr = QPAttr()
    attr.qkey = QKEY
    qp = QP(pd, QPInitAttr(qp_type=e.IBV_QPT_UD, scq=cq, rcq=cq, cap=QPCap(64, 64)), attr)
    ends.append((qp, cq, mr))
(qp0, cq0, mr0), (qp1, cq1, mr1) = ends
gid = ctx.query_gid(1, GID_INDEX)
ah = AH(pd, attr=AHAttr(gr=GlobalRoute(dgid=gid, sgid_index=GID_INDEX), is_global=1, port_num=1))
with Timer('ud_send', n):
    for i in range(n):
        qp1.post_recv(RecvWR(i, 1, [SGE(mr1.buf, 64 + 40, mr1.lkey)]))
        wr = SendWR(wr_id=i, opcode=e.IBV_WR_SEND, num_sge=1, sg=[SGE(mr0.buf, 64, mr0.lkey)])
        wr.set_wr_ud(ah, qp1.qp_num, QKEY)
        qp0.post_send(wr)
        poll_one(cq0)
        wc = poll_one(cq1)
        assert wc.byte_len == 64 + 40
ctx.close()
