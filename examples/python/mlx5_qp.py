#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs README, "Create an mlx5 QP": a DCI and a raw packet QP with mlx5
creation flags, both with mlx5dv_create_qp.

pyverbs:    from pyverbs.providers.mlx5.mlx5dv import Mlx5Context, Mlx5DVContextAttr
            from pyverbs.providers.mlx5.mlx5dv import Mlx5DVQPInitAttr, Mlx5QP
            import pyverbs.providers.mlx5.mlx5_enums as me
            from pyverbs.qp import QPInitAttrEx, QPCap
            import pyverbs.enums as e
            from pyverbs.cq import CQ
            from pyverbs.pd import PD
libgverbs:  the same names from gi.repository.Verbs; me and e are gi.repository.Verbs

On a device that is not an mlx5 one (rxe0) it stops at Mlx5Context with
GLib.Error NOT_SUPPORTED naming mlx5dv_open_device. (The raw packet QP
needs CAP_NET_RAW on a ConnectX.)

Usage: mlx5_qp.py [DEVICE]   (default: $GVERBS_TEST_DEVICE)
"""
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository.Verbs import Mlx5Context, Mlx5DVContextAttr  # noqa: E402
from gi.repository.Verbs import Mlx5DVQPInitAttr, Mlx5QP  # noqa: E402
from gi.repository import Verbs as me  # noqa: E402
from gi.repository.Verbs import QPInitAttrEx, QPCap  # noqa: E402
from gi.repository import Verbs as e  # noqa: E402
from gi.repository.Verbs import CQ  # noqa: E402
from gi.repository.Verbs import PD  # noqa: E402

name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')

with Mlx5Context(name=name, attr=Mlx5DVContextAttr()) as ctx:
    with PD(ctx) as pd:
        with CQ(ctx, 100) as cq:
            cap = QPCap(100, 0, 1, 0)
            # Create a DC QP of type DCI
            qia = QPInitAttrEx(cap=cap, pd=pd, scq=cq, qp_type=e.IBV_QPT_DRIVER,
                               comp_mask=e.IBV_QP_INIT_ATTR_PD, rcq=cq)
            attr = Mlx5DVQPInitAttr(comp_mask=me.MLX5DV_QP_INIT_ATTR_MASK_DC)
            attr.dc_type = me.MLX5DV_DCTYPE_DCI

            dci = Mlx5QP(ctx, qia, dv_init_attr=attr)

            # Create a Raw Packet QP using mlx5-specific capabilities
            qia.qp_type = e.IBV_QPT_RAW_PACKET
            attr.comp_mask = me.MLX5DV_QP_INIT_ATTR_MASK_QP_CREATE_FLAGS
            attr.create_flags = me.MLX5DV_QP_CREATE_ALLOW_SCATTER_TO_CQE |\
                                me.MLX5DV_QP_CREATE_TIR_ALLOW_SELF_LOOPBACK_UC |\
                                me.MLX5DV_QP_CREATE_TUNNEL_OFFLOADS
            qp = Mlx5QP(ctx, qia, dv_init_attr=attr)
            print('DCI 0x%x, raw packet QP 0x%x' % (dci.qp_num, qp.qp_num))
