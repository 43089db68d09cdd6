#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs README, "Create an mlx5 CQ": a CQ with compressed CQEs, made with
mlx5dv_create_cq.

pyverbs:    from pyverbs.providers.mlx5.mlx5dv import Mlx5Context, Mlx5DVContextAttr
            from pyverbs.providers.mlx5.mlx5dv import Mlx5DVCQInitAttr, Mlx5CQ
            import pyverbs.providers.mlx5.mlx5_enums as me
            from pyverbs.cq import CqInitAttrEx
libgverbs:  the same names from gi.repository.Verbs; me is gi.repository.Verbs

On a device that is not an mlx5 one (rxe0) it stops at Mlx5Context with
GLib.Error NOT_SUPPORTED naming mlx5dv_open_device.

Usage: mlx5_cq.py [DEVICE]   (default: $GVERBS_TEST_DEVICE)
"""
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository.Verbs import Mlx5Context, Mlx5DVContextAttr  # noqa: E402
from gi.repository.Verbs import Mlx5DVCQInitAttr, Mlx5CQ  # noqa: E402
from gi.repository import Verbs as me  # noqa: E402
from gi.repository.Verbs import CqInitAttrEx  # noqa: E402

name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')

with Mlx5Context(name=name, attr=Mlx5DVContextAttr()) as ctx:
    cqia = CqInitAttrEx()
    mlx5_cqia = Mlx5DVCQInitAttr(comp_mask=me.MLX5DV_CQ_INIT_ATTR_MASK_COMPRESSED_CQE,
                                 cqe_comp_res_format=me.MLX5DV_CQE_RES_FORMAT_CSUM)
    cq = Mlx5CQ(ctx, cqia, dv_init_attr=mlx5_cqia)
    print(cq)
