# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""A batch of 16 signaled RDMA writes posted as one next_wr chain, reaped
with cq.poll(16), reading each WC's status and wr_id; time per message."""
from pyverbs.wr import SGE, SendWR
import pyverbs.enums as e
from common import open_device, rc_pair, iterations, Timer

BATCH = 16
n = iterations(4000) // BATCH * BATCH
ctx, pd = open_device()
(qp0, cq0, mr0), (qp1, cq1, mr1) = rc_pair(ctx, pd)
wrs = []
for i in range(BATCH):
    wr = SendWR(wr_id=i, opcode=e.IBV_WR_RDMA_WRITE, num_sge=1, sg=[SGE(mr0.buf, 64, mr0.lkey)])
    wr.set_wr_rdma(mr1.rkey, mr1.buf)
    wrs.append(wr)
for w, nxt in zip(wrs, wrs[1:]):
    w.next_wr = nxt
with Timer('cq_poll_batch', n):
    for _ in range(n // BATCH):
        qp0.post_send(wrs[0])
        done = 0
        while done < BATCH:
            npolled, wcs = cq0.poll(BATCH)
            for wc in wcs:
                if wc.status != e.IBV_WC_SUCCESS:
                    raise SystemExit('completion status %d' % wc.status)
                done += 1
ctx.close()
