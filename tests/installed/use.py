# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
# Run with only the installed typelib and override on the paths: checks that
# the override came from the prefix, then an MR write/read on the device.
import sys
import gi
gi.require_version('Verbs', '1.0')
from gi.repository import Verbs
import gi.overrides.Verbs as override

prefix, device = sys.argv[1], sys.argv[2]
assert override.__file__.startswith(prefix), override.__file__
with Verbs.Context(name=device) as ctx:
    pd = Verbs.PD(ctx)
    mr = Verbs.MR(pd, 4096, Verbs.AccessFlags.LOCAL_WRITE)
    mr.write(b'installed python', 16)
    back = mr.read(16, 0)
    assert back == b'installed python', back
    print(f'use-py: override {override.__file__}, {ctx.name}, lkey {mr.lkey:#x}, '
          f'read back {back.decode()!r}')
