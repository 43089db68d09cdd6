#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs README, "Flow and FlowAttr", with only the imports changed (and
the device name taken from the command line instead of 'rocep0s8f0'):

pyverbs:    from pyverbs.qp import QPCap, QPInitAttr, QPAttr, QP
            from pyverbs.flow import FlowAttr, Flow
            from pyverbs.spec import EthSpec
            import pyverbs.device as d
            import pyverbs.enums as e
            from pyverbs.pd import PD
            from pyverbs.cq import CQ
libgverbs:  from gi.repository.Verbs import QPCap, QPInitAttr, QPAttr, QP
            from gi.repository.Verbs import FlowAttr, Flow
            from gi.repository.Verbs import EthSpec
            from gi.repository import Verbs as d
            from gi.repository import Verbs as e
            from gi.repository.Verbs import PD
            from gi.repository.Verbs import CQ

On a device without flow steering (Soft-RoCE) Flow() raises GLib.Error
"ibv_create_flow on DEVICE: Operation not supported (EOPNOTSUPP)".

Usage: flow.py [DEVICE]   (default: $GVERBS_TEST_DEVICE)
"""
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository.Verbs import QPCap, QPInitAttr, QPAttr, QP  # noqa: E402
from gi.repository.Verbs import FlowAttr, Flow  # noqa: E402
from gi.repository.Verbs import EthSpec  # noqa: E402
from gi.repository import Verbs as d  # noqa: E402
from gi.repository import Verbs as e  # noqa: E402
from gi.repository.Verbs import PD  # noqa: E402
from gi.repository.Verbs import CQ  # noqa: E402

name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')

ctx = d.Context(name=name)
pd = PD(ctx)
cq = CQ(ctx, 100, None, None, 0)
cap = QPCap(100, 10, 1, 1, 0)
qia = QPInitAttr(cap=cap, qp_type = e.IBV_QPT_UD, scq=cq, rcq=cq)
qp = QP(pd, qia, QPAttr())

# Create Eth spec
eth_spec = EthSpec(ether_type=0x800, dst_mac="01:50:56:19:20:a7")
eth_spec.src_mac = "24:8a:07:a5:28:c8"
eth_spec.src_mac_mask = "ff:ff:ff:ff:ff:ff"

# Create Flow
flow_attr = FlowAttr(num_of_specs=1)
flow_attr.specs.append(eth_spec)
flow = Flow(qp, flow_attr)
# beyond the seed: show it
print('flow on QP %d: %s' % (qp.qp_num, flow.description))
