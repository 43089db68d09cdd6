#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs README, "Extended QP": create a UD QP with ibv_create_qp_ex (QPEx).

The seed code below runs unchanged except for its imports and the device
name (from the command line instead of 'mlx5_0'):

pyverbs:    from pyverbs.qp import QPCap, QPInitAttrEx, QPAttr, QPEx
            import pyverbs.device as d
            import pyverbs.enums as e
            from pyverbs.pd import PD
            from pyverbs.cq import CQ
libgverbs:  from gi.repository.Verbs import ...   and   from gi.repository import Verbs as d, e

After the seed the QP is used. The seed passes no send_ops_flags, so its QP
has no send operation to post with the extended API (posting one is refused
cleanly); it is moved to RTS and receives. A second QPEx made from the same
attributes plus send_ops_flags=IBV_QP_EX_WITH_SEND posts a UD send to it with
wr_start / wr_send / wr_set_ud_addr / wr_set_sge / wr_complete, and the
program checks the bytes that arrive.

Usage: qp_ex.py [DEVICE]   (default: $GVERBS_TEST_DEVICE)
"""
import os
import sys
import time

import gi
gi.require_version('Verbs', '1.0')
from gi.repository.Verbs import QPCap, QPInitAttrEx, QPAttr, QPEx  # noqa: E402
from gi.repository import Verbs as d  # noqa: E402
from gi.repository import Verbs as e  # noqa: E402
from gi.repository.Verbs import PD  # noqa: E402
from gi.repository.Verbs import CQ  # noqa: E402
from gi.repository import GLib  # noqa: E402
from gi.repository.Verbs import AH, AHAttr, GlobalRoute, MR, SGE, RecvWR  # noqa: E402

name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')

# --- the seed, as in the pyverbs README ---
ctx = d.Context(name=name)
pd = PD(ctx)
cq = CQ(ctx, 100)
cap = QPCap(100, 10, 1, 1, 0)
qia = QPInitAttrEx(qp_type=e.IBV_QPT_UD, scq=cq, rcq=cq, cap=cap, pd=pd,
                   comp_mask=e.IBV_QP_INIT_ATTR_SEND_OPS_FLAGS| \
                   e.IBV_QP_INIT_ATTR_PD)
qp = QPEx(ctx, qia)
# --- end of the seed ---

QKEY = 0x11111111
MESSAGE = b'Hello through the extended send API'
GRH = 40


def poll(count):
    wcs, deadline = [], time.monotonic() + 10
    while len(wcs) < count and time.monotonic() < deadline:
        wcs.extend(cq.poll(count - len(wcs))[1])
    if len(wcs) < count:
        sys.exit('timed out waiting for completions')
    return wcs


print('QPEx 0x%x: %s, PD %s, state %s' % (qp.qp_num, qp.qp_type.value_nick.upper(),
                                         'from QPInitAttrEx' if qp.pd == pd else '?',
                                         qp.qp_state.value_nick.upper()))
attr = QPAttr()
attr.qkey = QKEY
qp.to_rts(attr)
print('moved to %s' % qp.qp_state.value_nick.upper())
qp.wr_start()
try:
    qp.wr_send()
except GLib.Error as err:
    print('wr_send without send_ops_flags: refused (%s)' % ('NOT_SUPPORTED'
          if err.matches(d.error_quark(), d.Error.NOT_SUPPORTED) else err.message))
qp.wr_abort()

# the receiver: the seed's QP
rmr = MR(pd, 4096, e.IBV_ACCESS_LOCAL_WRITE)
qp.post_recv(RecvWR(wr_id=1, num_sge=1, sg=[SGE(rmr.buf, GRH + len(MESSAGE), rmr.lkey)]))

# the sender: the same attributes, with the send operation
qia.send_ops_flags = e.IBV_QP_EX_WITH_SEND
sender = QPEx(ctx, qia, attr)
print('sender QPEx 0x%x: state %s, send_ops_flags %s' % (
    sender.qp_num, sender.qp_state.value_nick.upper(),
    sender.send_ops_flags.first_value_nick.upper().replace('-', '_')))
gid_index = ctx.find_gid(1)
ah = AH(pd, AHAttr(gr=GlobalRoute(dgid=ctx.query_gid(1, gid_index), sgid_index=gid_index),
                   is_global=1, port_num=1))
smr = MR(pd, 4096, e.IBV_ACCESS_LOCAL_WRITE)
smr.write(MESSAGE, len(MESSAGE), 0)

sender.wr_start()
sender.wr_id = 7
sender.wr_flags = e.IBV_SEND_SIGNALED
sender.wr_send()
sender.wr_set_ud_addr(ah, qp.qp_num, QKEY)
sender.wr_set_sge(SGE(smr.buf, len(MESSAGE), smr.lkey))
sender.wr_complete()

wcs = sorted(poll(2), key=lambda wc: wc.wr_id)
recv, send = wcs
print('send completion: wr_id %d status %s opcode %s qp 0x%x' %
      (send.wr_id, d.wc_status_str(send.status), send.opcode.value_nick, send.qp_num))
print('recv completion: wr_id %d status %s opcode %s qp 0x%x src_qp 0x%x byte_len %d' %
      (recv.wr_id, d.wc_status_str(recv.status), recv.opcode.value_nick, recv.qp_num,
       recv.src_qp, recv.byte_len))
data = rmr.read(len(MESSAGE), GRH)
print('received: %s' % data.decode())
if data != MESSAGE or recv.src_qp != sender.qp_num:
    sys.exit('the message did not arrive intact')
ctx.close()
