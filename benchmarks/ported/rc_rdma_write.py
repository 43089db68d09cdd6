# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""RC RDMA write, one message at a time: SendWR(...), set_wr_rdma(mr.rkey,
mr.buf), post_send, poll."""
from pyverbs.wr import SGE, SendWR
import pyverbs.enums as e
from common import open_device, rc_pair, poll_one, iterations, Timer

n = iterations(2000)
ctx, pd = open_device()
(qp0, cq0, mr0), (qp1, cq1, mr1) = rc_pair(ctx, pd)
with Timer('rc_rdma_write', n):
    for i in range(n):
        wr = SendWR(wr_id=i, opcode=e.IBV_WR_RDMA_WRITE, num_sge=1,
                    sg=[SGE(mr0.buf, 64, mr0.lkey)])
        wr.set_wr_rdma(mr1.rkey, mr1.buf)
        qp0.post_send(wr)
        poll_one(cq0)
ctx.close()
