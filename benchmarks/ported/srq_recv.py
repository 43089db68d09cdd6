# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""RC send into a QP whose receives come from an SRQ: srq.post_recv(RecvWR),
post_send(SendWR), poll both CQs, per message."""
from pyverbs.srq import SRQ, SrqInitAttr, SrqAttr
from pyverbs.wr import SGE, SendWR, RecvWR
import pyverbs.enums as e
from common import open_device, rc_pair, poll_one, iterations, Timer

n = iterations(2000)
ctx, pd = open_device()
srq = SRQ(pd, SrqInitAttr(SrqAttr(max_wr=64, max_sge=1)))
(qp0, cq0, mr0), (qp1, cq1, mr1) = rc_pair(ctx, pd, srq=srq)
with Timer('srq_recv', n):
    for i in range(n):
        srq.post_recv(RecvWR(i, 1, [SGE(mr1.buf, 64, mr1.lkey)]))
        qp0.post_send(SendWR(wr_id=i, opcode=e.IBV_WR_SEND, num_sge=1,
                             sg=[SGE(mr0.buf, 64, mr0.lkey)]))
        poll_one(cq0)
        wc = poll_one(cq1)
        assert wc.byte_len == 64
ctx.close()
