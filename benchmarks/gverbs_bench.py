#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""The Python benchmark loops on gi.repository.Verbs (libgverbs): the same
loops and batch sizes as pyverbs_bench.py, with the batch calls: one
Verbs.QP.post_send_repeat/post_recv_repeat call posts a batch of -l copies of
one SendWR/RecvWR (the last send of each batch signaled, as in pyverbs'
chain), and Verbs.CQ.poll_wr_ids reaps completions (it checks each one's
status and returns only the wr_ids: receives carry wr_id 0, sends 1 or the
batch size).

Two RC QPs on one device talk over loopback in one thread:
  write_bw   RDMA writes, -t in flight, posted -l per call as a list,
             the last of each chain signaled; cq.poll(32) reaps them
  send_bw    the same with sends; the receiving QP is refilled -l at a time
  pingpong   one 64 B send each way per iteration (send_lat's loop)
Prints one JSON line: messages per second and per-message time.

Usage: pyverbs_bench.py TEST [-d DEV] [-x GID_INDEX] [-s SIZE] [-n ITERS] [-t DEPTH] [-l BATCH]
"""
import argparse
import json
import os
import time

import gi
gi.require_version('Verbs', '1.0')
from gi.module import get_introspection_module  # noqa: E402
from gi.repository.Verbs import Context, PD, CQ, MR  # noqa: E402
from gi.repository.Verbs import QPCap, QPInitAttr, QPAttr, QP  # noqa: E402
from gi.repository.Verbs import GlobalRoute, AHAttr  # noqa: E402
from gi.repository.Verbs import SGE, SendWR, RecvWR  # noqa: E402
from gi.repository import Verbs as e  # noqa: E402

# The batch calls themselves, not the override's pyverbs-compatible wrappers
# (which walk next_wr chains).
_raw = get_introspection_module('Verbs')
post_send_one = _raw.QP.post_send_one
post_send_repeat = _raw.QP.post_send_repeat
post_recv_repeat = _raw.QP.post_recv_repeat
poll_wr_ids = _raw.CQ.poll_wr_ids

ACCESS = e.IBV_ACCESS_LOCAL_WRITE | e.IBV_ACCESS_REMOTE_WRITE | e.IBV_ACCESS_REMOTE_READ


def args():
    p = argparse.ArgumentParser()
    p.add_argument('test', choices=['write_bw', 'send_bw', 'pingpong'])
    p.add_argument('-d', default='rxe0')
    p.add_argument('-x', type=int, default=1)
    p.add_argument('-s', type=int, default=64)
    p.add_argument('-n', type=int, default=5000)
    p.add_argument('-t', type=int, default=128)
    p.add_argument('-l', type=int, default=16)
    return p.parse_args()


def setup(a):
    ctx = Context(name=a.d)
    pd = PD(ctx)
    gid = ctx.query_gid(1, a.x)
    ends = []
    for _ in range(2):
        cq = CQ(ctx, a.t + 1024, None, None, 0)
        mr = MR(pd, 2 * max(a.s, 4096), ACCESS)
        cap = QPCap(a.t, 1024, 1, 1, 0)
        qp = QP(pd, QPInitAttr(cap=cap, qp_type=e.IBV_QPT_RC, scq=cq, rcq=cq, sq_sig_all=0))
        ends.append((cq, mr, qp))
    for i in (0, 1):
        attr = QPAttr()
        attr.ah_attr = AHAttr(gr=GlobalRoute(dgid=gid, sgid_index=a.x), is_global=1, port_num=1)
        attr.dest_qp_num = ends[1 - i][2].qp_num
        attr.path_mtu = e.IBV_MTU_1024
        attr.max_dest_rd_atomic = 16
        attr.max_rd_atomic = 16
        attr.min_rnr_timer = 1
        attr.timeout = 14
        attr.retry_cnt = 7
        attr.rnr_retry = 7
        attr.qp_access_flags = ACCESS
        ends[i][2].to_rts(attr)
    return ctx, pd, ends


def mark():
    """Brackets the measured loop: the runner's callgrind runs
    (--dump-before=getppid) count the instructions between the two calls."""
    os.getppid()


def main():
    a = args()
    ctx, pd, ends = setup(a)
    (cq0, mr0, qp0), (cq1, mr1, qp1) = ends
    batch = a.l
    iters = a.n - a.n % batch
    opcode = e.IBV_WR_RDMA_WRITE if a.test == 'write_bw' else e.IBV_WR_SEND
    sge0 = SGE(mr0.buf + max(a.s, 4096), a.s, mr0.lkey)
    sge1 = SGE(mr1.buf + max(a.s, 4096), a.s, mr1.lkey)
    recv0 = RecvWR(0, 1, [SGE(mr0.buf, a.s, mr0.lkey)])
    recv1 = RecvWR(0, 1, [SGE(mr1.buf, a.s, mr1.lkey)])

    polls = empty = None   # counted by the batch loops below
    # each binding's first call through PyGObject builds its argument cache
    # (tens of thousands of instructions, once): made here, outside the loop
    poll_wr_ids(cq0, 32)
    poll_wr_ids(cq1, 32)
    post_send_repeat(qp0, SendWR(opcode=opcode, num_sge=1, sg=[sge0]), 0)   # 0: posts nothing
    if a.test == 'pingpong':
        s0 = SendWR(wr_id=1, opcode=e.IBV_WR_SEND, num_sge=1, sg=[sge0], send_flags=e.IBV_SEND_SIGNALED)
        s1 = SendWR(wr_id=1, opcode=e.IBV_WR_SEND, num_sge=1, sg=[sge1], send_flags=e.IBV_SEND_SIGNALED)
        for _ in range(1024 // batch):
            post_recv_repeat(qp0, recv0, batch)
            post_recv_repeat(qp1, recv1, batch)
        credit = [1024, 1024]
        mark()
        t0 = time.perf_counter()
        for _ in range(iters):
            for qp, s, cq, k, head, rqp in ((qp0, s0, cq1, 1, recv1, qp1),
                                            (qp1, s1, cq0, 0, recv0, qp0)):
                post_send_one(qp, s)
                got = False
                while not got:
                    for wr_id in poll_wr_ids(cq, 32):
                        if wr_id == 0:   # the receive (sends carry 1)
                            got = True
                credit[k] -= 1
                if credit[k] <= 1024 - batch:
                    post_recv_repeat(rqp, head, batch)
                    credit[k] += batch
        elapsed = time.perf_counter() - t0
        mark()
    else:
        # one call posts the batch; only its last WR is signaled (wr_id = batch)
        send = SendWR(wr_id=batch, opcode=opcode, num_sge=1, sg=[sge0], send_flags=e.IBV_SEND_SIGNALED)
        if opcode == e.IBV_WR_RDMA_WRITE:
            send.set_wr_rdma(mr1.rkey, mr1.buf)
        rx_posted = received = 0
        if a.test == 'send_bw':
            while rx_posted < min(1024, iters):
                post_recv_repeat(qp1, recv1, batch)
                rx_posted += batch
        posted = completed = polls = empty = 0   # empty: polls that found nothing
        mark()
        t0 = time.perf_counter()
        while completed < iters:
            while posted < iters and posted - completed + batch <= a.t:
                post_send_repeat(qp0, send, batch)
                posted += batch
            ids = poll_wr_ids(cq0, 32)
            polls += 1
            empty += not ids
            for wr_id in ids:
                completed += wr_id
            if a.test == 'send_bw':
                ids = poll_wr_ids(cq1, 32)
                polls += 1
                empty += not ids
                received += len(ids)
                while rx_posted < iters and rx_posted - received <= 1024 - batch:
                    post_recv_repeat(qp1, recv1, batch)
                    rx_posted += batch
        while a.test == 'send_bw' and received < iters:
            ids = poll_wr_ids(cq1, 32)
            polls += 1
            empty += not ids
            received += len(ids)
        elapsed = time.perf_counter() - t0
        mark()
    print(json.dumps({'tool': 'gverbs', 'test': a.test, 'bytes': a.s, 'iterations': iters,
                      'batch': batch, 'seconds': elapsed, 'msg_rate': iters / elapsed,
                      'usec_per_msg': elapsed / iters * 1e6, 'polls': polls,
                      'empty_polls': empty}))
    for qp, cq, mr in ((qp0, cq0, mr0), (qp1, cq1, mr1)):
        qp.close()
        mr.close()
        cq.close()
    pd.close()
    ctx.close()


main()
