# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Two queue pairs over loopback on the device under test, pyverbs style
(ports the scenarios of rdma-core's tests/base.py and utils.py traffic
helpers to libgverbs, with only pyverbs' public API)."""
import time

from gi.repository import Verbs as V

ALL_ACCESS = (V.IBV_ACCESS_LOCAL_WRITE | V.IBV_ACCESS_REMOTE_WRITE |
              V.IBV_ACCESS_REMOTE_READ | V.IBV_ACCESS_REMOTE_ATOMIC)
QKEY = 0x11111111
MR_SIZE = 4096


def default_gid_index(ctx):
    return ctx.find_gid(1)


class Side:
    def __init__(self, ctx, pd, qp_type, cap, channel=None, send_ops=0, cq_ex_flags=None):
        if cq_ex_flags is None:
            self.cq = V.CQ(ctx, 256, None, channel, 0)
        else:
            self.cq = V.CQEX(ctx, V.CqInitAttrEx(cqe=256, channel=channel, wc_flags=cq_ex_flags))
        self.mr = V.MR(pd, MR_SIZE, ALL_ACCESS)
        qp_attr = None
        if qp_type == V.IBV_QPT_UD:
            qp_attr = V.QPAttr()
            qp_attr.qkey = QKEY
        if send_ops:
            init_attr = V.QPInitAttrEx(qp_type=qp_type, scq=self.cq, rcq=self.cq, cap=cap, pd=pd,
                                       comp_mask=V.IBV_QP_INIT_ATTR_PD |
                                       V.IBV_QP_INIT_ATTR_SEND_OPS_FLAGS,
                                       send_ops_flags=send_ops)
            self.qp = V.QPEx(ctx, init_attr, qp_attr)
        else:
            init_attr = V.QPInitAttr(qp_type=qp_type, scq=self.cq, rcq=self.cq, cap=cap,
                                     sq_sig_all=0)
            self.qp = V.QP(pd, init_attr, qp_attr)
        self.ah = None


class Pair:
    """Two QPs of one type; RC/UC are connected to RTS, UD get AHs."""

    def __init__(self, device, qp_type=V.IBV_QPT_RC, cap=None, rnr_retry=7, channel=False,
                 send_ops=0, cq_ex_flags=None):
        self.ctx = V.Context(name=device)
        self.pd = V.PD(self.ctx)
        self.gid_index = default_gid_index(self.ctx)
        self.gid = self.ctx.query_gid(1, self.gid_index)
        self.channel = V.CompChannel(self.ctx) if channel else None
        cap = cap or V.QPCap(64, 64, 4, 4, 0)
        self.sides = [Side(self.ctx, self.pd, qp_type, cap, self.channel, send_ops, cq_ex_flags)
                      for _ in range(2)]
        self.qp_type = qp_type
        if qp_type == V.IBV_QPT_UD:
            for side in self.sides:
                side.ah = V.AH(self.pd, attr=self.ah_attr())
        else:
            for i, side in enumerate(self.sides):
                attr = V.QPAttr(port_num=1)
                attr.ah_attr = self.ah_attr()
                attr.dest_qp_num = self.sides[1 - i].qp.qp_num
                attr.path_mtu = V.IBV_MTU_1024
                attr.max_dest_rd_atomic = 4
                attr.max_rd_atomic = 4
                attr.min_rnr_timer = 1
                attr.timeout = 14
                attr.retry_cnt = 7
                attr.rnr_retry = rnr_retry if i == 0 else 7
                attr.qp_access_flags = ALL_ACCESS
                side.qp.to_rts(attr)

    def ah_attr(self):
        gr = V.GlobalRoute(dgid=self.gid, sgid_index=self.gid_index)
        return V.AHAttr(gr=gr, is_global=1, port_num=1)

    def __getitem__(self, i):
        return self.sides[i]

    def close(self):
        self.ctx.close()


def poll(cq, count=1, timeout=10):
    """Polls until count completions came; returns them (pyverbs' poll_cq)."""
    wcs, deadline = [], time.monotonic() + timeout
    while len(wcs) < count:
        n, got = cq.poll(count - len(wcs))
        wcs.extend(got)
        if n == 0:
            assert time.monotonic() < deadline, 'timed out waiting for completions'
            time.sleep(0.0002)
    return wcs


def send_wr(pair, side, wr_id, opcode, offset, length, **kwargs):
    sge = V.SGE(side.mr.buf + offset, length, side.mr.lkey)
    wr = V.SendWR(wr_id=wr_id, opcode=opcode, num_sge=1, sg=[sge], **kwargs)
    if pair.qp_type == V.IBV_QPT_UD:
        wr.set_wr_ud(side.ah, pair[1].qp.qp_num if side is pair[0] else pair[0].qp.qp_num, QKEY)
    return wr


def recv_wr(side, wr_id, offset, length):
    sge = V.SGE(side.mr.addr + offset, length, side.mr.lkey)
    return V.RecvWR(wr_id, 1, [sge])
