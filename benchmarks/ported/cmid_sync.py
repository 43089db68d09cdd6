# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""rdma_cm's synchronous API: the client's cid.post_send(mr) +
cid.get_send_comp() per message; a forked server keeps 64 receives posted
(get_recv_comp, post_recv)."""
import os

from pyverbs.cmid import CMID, AddrInfo
from pyverbs.qp import QPCap, QPInitAttr
import pyverbs.cm_enums as ce
import pyverbs.enums as e
from common import iterations, Timer

n = iterations(2000)
addr = os.environ.get('GVERBS_VM_ADDR', '127.0.0.1')
port = str(7400 + os.getpid() % 500)
init = QPInitAttr(qp_type=e.IBV_QPT_RC, cap=QPCap(max_send_wr=64, max_recv_wr=64))
r, w = os.pipe()
child = os.fork()
if child == 0:
    os.close(r)
    sid = CMID(creator=AddrInfo(src=addr, src_service=port, port_space=ce.RDMA_PS_TCP,
                                flags=ce.RAI_PASSIVE), qp_init_attr=init)
    sid.listen()
    os.write(w, b'1')
    cid = sid.get_request()
    mr = cid.reg_msgs(64)
    for _ in range(64):
        cid.post_recv(mr)
    cid.accept()
    for i in range(n):
        cid.get_recv_comp()
        if i + 64 < n:
            cid.post_recv(mr)
    cid.close()
    os._exit(0)
os.close(w)
os.read(r, 1)
cid = CMID(creator=AddrInfo(src=addr, dst=addr, dst_service=port, port_space=ce.RDMA_PS_TCP),
           qp_init_attr=init)
cid.connect()
mr = cid.reg_msgs(64)
with Timer('cmid_sync', n):
    for _ in range(n):
        cid.post_send(mr)
        wc = cid.get_send_comp()
        assert wc.status == e.IBV_WC_SUCCESS
os.waitpid(child, 0)
cid.close()
