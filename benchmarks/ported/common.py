# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""What every loop shares, written as a pyverbs user writes it: a device, two
RC (or UD) QPs connected over loopback, a timer and the JSON line."""
import json
import os
import resource
import sys
import time

from pyverbs.device import Context
from pyverbs.pd import PD
from pyverbs.cq import CQ
from pyverbs.mr import MR
from pyverbs.qp import QPCap, QPInitAttr, QPAttr, QP
from pyverbs.addr import GlobalRoute, AHAttr
import pyverbs.enums as e

DEV = os.environ.get('GVERBS_TEST_DEVICE', 'rxe0')
GID_INDEX = int(os.environ.get('GVERBS_BENCH_GID', '1'))
ACCESS = e.IBV_ACCESS_LOCAL_WRITE | e.IBV_ACCESS_REMOTE_WRITE | e.IBV_ACCESS_REMOTE_READ


def iterations(default):
    return int(sys.argv[1]) if len(sys.argv) > 1 else default


def mark():
    """Brackets the measured loop for callgrind (--dump-before=getppid)."""
    os.getppid()


class Timer:
    def __init__(self, name, n):
        self.name, self.n = name, n

    def __enter__(self):
        self.profile = None
        if os.environ.get('PORTED_PROFILE'):   # cProfile of the loop alone, to stderr
            import cProfile
            self.profile = cProfile.Profile()
            self.profile.enable()
        mark()
        self.cpu0 = resource.getrusage(resource.RUSAGE_SELF)
        self.t0 = time.perf_counter()
        return self

    def __exit__(self, *exc):
        dt = time.perf_counter() - self.t0
        cpu = resource.getrusage(resource.RUSAGE_SELF)
        mark()
        if self.profile is not None:
            import pstats
            self.profile.disable()
            pstats.Stats(self.profile, stream=sys.stderr).sort_stats('tottime').print_stats(14)
        if exc[0] is None:
            # user and kernel CPU apart: under TCG they scale differently from Ir
            print(json.dumps({'loop': self.name, 'iterations': self.n,
                              'usec_per_op': dt / self.n * 1e6,
                              'user_usec_per_op': (cpu.ru_utime - self.cpu0.ru_utime) / self.n * 1e6,
                              'sys_usec_per_op': (cpu.ru_stime - self.cpu0.ru_stime) / self.n * 1e6}))
        return False


def open_device():
    ctx = Context(name=DEV)
    pd = PD(ctx)
    return ctx, pd


def rc_attr(ctx, dest_qp_num):
    gid = ctx.query_gid(1, GID_INDEX)
    attr = QPAttr()
    attr.ah_attr = AHAttr(gr=GlobalRoute(dgid=gid, sgid_index=GID_INDEX), is_global=1, port_num=1)
    attr.dest_qp_num = dest_qp_num
    attr.path_mtu = e.IBV_MTU_1024
    attr.max_dest_rd_atomic = 1
    attr.max_rd_atomic = 1
    attr.min_rnr_timer = 1
    attr.timeout = 14
    attr.retry_cnt = 7
    attr.rnr_retry = 7
    attr.qp_access_flags = ACCESS
    return attr


def rc_pair(ctx, pd, depth=64, srq=None):
    """Two connected RC QPs, each with its own CQ and a 4 KiB MR."""
    ends = []
    for _ in range(2):
        cq = CQ(ctx, 2 * depth, None, None, 0)
        mr = MR(pd, 4096, ACCESS)
        init = QPInitAttr(qp_type=e.IBV_QPT_RC, scq=cq, rcq=cq, srq=srq,
                          cap=QPCap(max_send_wr=depth, max_recv_wr=depth))
        attr = QPAttr()
        attr.qp_access_flags = ACCESS
        qp = QP(pd, init, attr)
        ends.append((qp, cq, mr))
    for i in (0, 1):
        ends[i][0].to_rts(rc_attr(ctx, ends[1 - i][0].qp_num))
    return ends


def poll_one(cq):
    """Waits for one completion, pyverbs' way; returns it."""
    while True:
        n, wcs = cq.poll()
        if n:
            wc = wcs[0]
            if wc.status != e.IBV_WC_SUCCESS:
                raise SystemExit('completion status %d' % wc.status)
            return wc
