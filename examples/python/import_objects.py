#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs README, "Import device, PD and MR", with only the imports changed
(and the device name taken from the command line instead of 'ibp0s8f0'):

pyverbs:    from pyverbs.device import Context      libgverbs:  from gi.repository.Verbs import Context
            from pyverbs.pd import PD                           from gi.repository.Verbs import PD
            from pyverbs.mr import MR                           from gi.repository.Verbs import MR
            import pyverbs.enums as e                           from gi.repository import Verbs as e

Devices that cannot import (Soft-RoCE among them) stop it with a GLib.Error
in the GVERBS_ERROR_NOT_SUPPORTED domain naming ibv_import_device.

Usage: import_objects.py [DEVICE]   (default: $GVERBS_TEST_DEVICE)
"""
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository.Verbs import Context  # noqa: E402
from gi.repository.Verbs import PD  # noqa: E402
from gi.repository.Verbs import MR  # noqa: E402
from gi.repository import Verbs as e  # noqa: E402

name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get('GVERBS_TEST_DEVICE')

ctx = Context(name=name)
pd = PD(ctx)
mr = MR(pd, 100, e.IBV_ACCESS_LOCAL_WRITE)
cmd_fd_dup = os.dup(ctx.cmd_fd)
improted_ctx = Context(cmd_fd=cmd_fd_dup)
imported_pd = PD(improted_ctx, handle=pd.handle)
imported_mr = MR(imported_pd, handle=mr.handle)
# MRs can be created as usual on the imported PD
secondary_mr = MR(imported_pd, 100, e.IBV_ACCESS_REMOTE_READ)
# Must manually unimport the imported objects (which close the object and frees
# other resources that use them) before closing the "original" objects.
# This prevents unexpected behaviours caused by the GC.
imported_mr.unimport()
imported_pd.unimport()
print('imported and unimported a device, a PD and an MR')
