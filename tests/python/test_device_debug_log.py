# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: G_MESSAGES_DEBUG=GVerbs shows what a user debugging a
connection needs: objects opened and closed, QP state changes, event
sources attached and detached."""
import os
import re
import subprocess
import sys

from gverbs_testutil import device_name

CODE = r'''
import sys
from gverbs_testutil import Verbs
from gi.repository import GLib
with Verbs.Context(name=sys.argv[1]) as ctx:
    pd = Verbs.PD(ctx)
    cq = Verbs.CQ(ctx, 8, None, Verbs.CompChannel(ctx), 0)
    cq.set_watched(True)
    cap = Verbs.QPCap(max_send_wr=1, max_recv_wr=1, max_send_sge=1, max_recv_sge=1)
    qp = Verbs.QP(pd, Verbs.QPInitAttr(qp_type=Verbs.IBV_QPT_RC, scq=cq, rcq=cq, cap=cap))
    qp.to_init(Verbs.QPAttr(port_num=1))
'''


def run(debug):
    env = dict(os.environ)
    env.pop('G_MESSAGES_DEBUG', None)
    if debug:
        env['G_MESSAGES_DEBUG'] = 'GVerbs'
    out = subprocess.run([sys.executable, '-c', CODE, device_name()], env=env,
                         capture_output=True, text=True, check=True)
    return out.stdout + out.stderr  # GLib writes debug messages to stdout


def test_debug_messages():
    log = run(True)
    lines = [line for line in log.splitlines() if 'GVerbs-DEBUG' in line]
    text = '\n'.join(lines)
    dev = device_name()
    assert f'{dev}: open' in text, text
    assert 'RESET -> INIT' in text, text
    assert 'watching descriptor' in text, text
    assert 'source: detached' in text, text
    # every object opened was closed, the QP before the context
    opened = [line for line in lines if line.endswith(': open')]
    closed = [line for line in lines if ': closed' in line]
    assert len(opened) >= 4 and len(closed) == len(opened), text
    # the context last: its line is "<timestamp>: rxe0: closed", not "... on rxe0: closed"
    assert re.search(rf'[0-9]: {dev}: closed$', closed[-1]), text


def test_quiet_without_debug():
    assert 'GVerbs-DEBUG' not in run(False)
