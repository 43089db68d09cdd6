# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""MR(pd, 4096, access) + close()."""
from pyverbs.mr import MR
from common import open_device, iterations, Timer, ACCESS

n = iterations(500)
ctx, pd = open_device()
with Timer('mr_reg', n):
    for _ in range(n):
        mr = MR(pd, 4096, ACCESS)
        mr.close()
ctx.close()
