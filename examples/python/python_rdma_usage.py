#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""python-rdma's verbs usage examples (seed 004) on libgverbs.

The verbs calls below are the seed's, with only the imports changed:

python-rdma:  import rdma.ibverbs as ibv; from rdma.path import IBPath;
              rdma.vtools.BufferPool / CQPoller
libgverbs:    from gi.repository import Verbs as ibv; IBPath = ibv.IBPath;
              ibv.BufferPool / ibv.CQPoller

What has no RoCE counterpart is replaced and marked: rdma.get_end_port() /
rdma.get_verbs() become Context(name=...), and rdma.path.resolve_path()
(an SA query over umad; RoCE has no subnet manager) becomes the side-channel
exchange the seed's "No CM RC QP Setup" shows, done in-process.

Usage: python_rdma_usage.py [DEVICE]
"""
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import Verbs as ibv  # noqa: E402

IBPath = ibv.IBPath
IB_DEFAULT_QP1_QKEY = 0x80010000

name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')
ctx = ibv.Context(name=name)                        # replaces rdma.get_verbs(end_port)
gid_index = ctx.find_default_gid(1)
end_port = 1

# --- "UD QP Setup" -----------------------------------------------------------
with ctx.pd() as pd:
    depth = 16
    cq = pd.cq(2 * depth)
    qp = pd.qp(ibv.IBV_QPT_UD, depth, cq, depth, cq)
    peer_cq = pd.cq(2 * depth)
    peer = pd.qp(ibv.IBV_QPT_UD, depth, peer_cq, depth, peer_cq)
    # replaces resolve_path(): the peer's GID is our own (loopback)
    path = IBPath(end_port, dpqn=peer.qp_num, qkey=IB_DEFAULT_QP1_QKEY,
                  DGID=ctx.query_gid(end_port, gid_index), sgid_index=gid_index)
    path.sqpn = qp.qp_num
    peer_path = path.copy().reverse()
    peer_path.dqpn = qp.qp_num
    for q, p in ((qp, path), (peer, peer_path)):
        q.modify_to_init(p)
        q.modify_to_rtr(p)
        q.modify_to_rts(p)

    # --- "Memory": a BufferPool for the SEND verb ---------------------------
    pool = ibv.BufferPool(pd, count=100, size=1024)
    # the receiving side (the remote host in the seed) needs room for the 40-byte GRH
    rx_pool = ibv.BufferPool(pd, count=100, size=1024 + 40)
    rx_pool.post_recvs(peer, depth)

    buf_idx = pool.pop()
    pool.copy_to(b"Hello message!", buf_idx)
    qp.post_send(ibv.send_wr(wr_id=buf_idx,
                             sg_list=pool.make_sge(buf_idx, pool.size),
                             opcode=ibv.IBV_WR_SEND,
                             send_flags=ibv.IBV_SEND_SIGNALED,
                             ah=pd.ah(path),
                             remote_qpn=path.dqpn,
                             remote_qkey=path.qkey))

    # --- "Completion Channels" with vtools.CQPoller -------------------------
    for wc in ibv.CQPoller(peer_cq).iterwc(count=1, timeout=5):
        print('UD received %d bytes: %r' % (wc.byte_len - 40, rx_pool.copy_from(wc.wr_id, 40, 14)))
        rx_pool.finish_wcs(peer, [wc])
    for wc in ibv.CQPoller(cq).iterwc(count=1, timeout=5):
        # --- "WC Error handling" --------------------------------------------
        if wc.status != ibv.IBV_WC_SUCCESS:
            raise ibv.WCError(wc, qp=qp)
        pool.finish_wcs(qp, [wc])
    assert pd.ah(path) is pd.ah(path)   # the path caches its AH

# --- "No CM RC QP Setup": both sides, exchanging pickled -> serialised paths
cc = ctx.comp_channel()
with ctx.pd() as pd:
    cq_a, cq_b = ctx.cq(32, cc), ctx.cq(32, cc)
    qp_a = pd.qp(ibv.IBV_QPT_RC, 16, cq_a, 16, cq_a)
    qp_b = pd.qp(ibv.IBV_QPT_RC, 16, cq_b, 16, cq_b)
    # Side A
    path = IBPath(end_port, SGID=ctx.query_gid(end_port, gid_index), sgid_index=gid_index)
    ibv.fill_path(qp_a, path)
    path.reverse(for_reply=False)
    to_side_b = path.to_bytes()                     # pickle.pickle(path)
    # Side B
    path_b = IBPath.from_bytes(to_side_b)           # pickle.unpickle(recv_from_side_a())
    path_b.end_port = end_port
    ibv.fill_path(qp_b, path_b)
    to_side_a = path_b.to_bytes()
    qp_b.modify_to_init(path_b, ibv.IBV_ACCESS_REMOTE_WRITE)
    qp_b.modify_to_rtr(path_b)
    qp_b.modify_to_rts(path_b)
    # Side A again
    path = IBPath.from_bytes(to_side_a)
    path.reverse(for_reply=False)
    path.end_port = end_port
    qp_a.modify_to_init(path, ibv.IBV_ACCESS_REMOTE_WRITE)
    qp_a.modify_to_rtr(path)
    qp_a.modify_to_rts(path)

    mr_a = pd.mr(b'RDMA written by side A', ibv.IBV_ACCESS_LOCAL_WRITE)
    mr_b = pd.mr(64, ibv.IBV_ACCESS_LOCAL_WRITE | ibv.IBV_ACCESS_REMOTE_WRITE)
    qp_a.post_send(ibv.send_wr(wr_id=1, opcode=ibv.IBV_WR_RDMA_WRITE,
                               send_flags=ibv.IBV_SEND_SIGNALED, sg_list=mr_a.sge(),
                               remote_addr=mr_b.buf, rkey=mr_b.rkey))
    poller = ibv.CQPoller(cq_a, cc)
    for wc in poller.iterwc(timeout=1):
        print('RC completion: wr_id %d, status %s' % (wc.wr_id, wc.status.value_nick))
    print('RC side B memory: %r' % mr_b.read(22, 0))
    assert mr_b.read(22, 0) == b'RDMA written by side A'
ctx.close()
print('python-rdma usage examples: OK')
