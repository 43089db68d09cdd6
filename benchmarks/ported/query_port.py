# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""ctx.query_port(1).state"""
import pyverbs.enums as e
from common import open_device, iterations, Timer

n = iterations(5000)
ctx, pd = open_device()
with Timer('query_port', n):
    for _ in range(n):
        assert ctx.query_port(1).state == e.IBV_PORT_ACTIVE
ctx.close()
