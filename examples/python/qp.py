#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs README, "QP": create a UD QP (straight to RTS), an AH, and post a send.

The seed code below runs unchanged except for its imports, the device name
(from the command line instead of 'mlx5_0') and the GID index (the seed
hard-codes 3 for its RoCE v2 interface; here the port's RoCE v2 GID):

pyverbs:    from pyverbs.qp import QPCap, QPInitAttr, QPAttr, QP
            from pyverbs.addr import GlobalRoute
            from pyverbs.addr import AH, AHAttr
            import pyverbs.device as d
            import pyverbs.enums as e
            from pyverbs.pd import PD
            from pyverbs.cq import CQ
            import pyverbs.wr as pwr
libgverbs:  from gi.repository.Verbs import ...   and   from gi.repository import Verbs as d, e, pwr

After the seed, the program polls the send completion and prints it.

Usage: qp.py [DEVICE [GID_INDEX]]   (default: $GVERBS_TEST_DEVICE, the RoCE v2 GID)
"""
import os
import sys
import time

import gi
gi.require_version('Verbs', '1.0')
from gi.repository.Verbs import QPCap, QPInitAttr, QPAttr, QP  # noqa: E402
from gi.repository.Verbs import GlobalRoute  # noqa: E402
from gi.repository.Verbs import AH, AHAttr  # noqa: E402
from gi.repository import Verbs as d  # noqa: E402
from gi.repository import Verbs as e  # noqa: E402
from gi.repository.Verbs import PD  # noqa: E402
from gi.repository.Verbs import CQ  # noqa: E402
from gi.repository import Verbs as pwr  # noqa: E402

name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')

# --- the seed, as in the pyverbs README ---
ctx = d.Context(name=name)
pd = PD(ctx)
cq = CQ(ctx, 100, None, None, 0)
cap = QPCap(100, 10, 1, 1, 0)
qia = QPInitAttr(cap=cap, qp_type = e.IBV_QPT_UD, scq=cq, rcq=cq)
# A UD QP will be in RTS if a QPAttr object is provided
udqp = QP(pd, qia, QPAttr())
port_num = 1
gid_index = int(sys.argv[2]) if len(sys.argv) > 2 else ctx.find_gid(port_num)
gid = ctx.query_gid(port_num, gid_index)
gr = GlobalRoute(dgid=gid, sgid_index=gid_index)
ah_attr = AHAttr(gr=gr, is_global=1, port_num=port_num)
ah=AH(pd, ah_attr)
wr = pwr.SendWR()
wr.set_wr_ud(ah, 0x1101, 0) # in real life, use real values
udqp.post_send(wr)
# --- end of the seed ---

print('UD QP 0x%x state %s' % (udqp.qp_num, udqp.qp_state.value_nick.upper()))
deadline = time.monotonic() + 10
while True:
    n, wcs = cq.poll(1)
    if n or time.monotonic() > deadline:
        break
    time.sleep(0.001)
wc = wcs[0]
print('send completion: wr_id %d status %s opcode %s qp 0x%x' %
      (wc.wr_id, d.wc_status_str(wc.status), wc.opcode.value_nick, wc.qp_num))
ctx.close()
