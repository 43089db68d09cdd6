#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
# The CMID example of pyverbs' README on libgverbs. Only the imports are
# changed, plus what it needs to run on one host: the address comes from
# the command line, the passive side runs in a thread (both sides block; a
# libgverbs call releases the GIL, so the two threads can), and the peers
# exchange one message to show the connection works.
#
#   cmid_sync.py ADDRESS [PORT [passive|active]]
#
# With a role, only that side runs: the passive side listens on ADDRESS,
# the active side connects to ADDRESS (on another host, say).
import sys
import threading

import gi
gi.require_version('Verbs', '1.0')
from gi.repository.Verbs import QPInitAttr, QPCap  # was: from pyverbs.qp import …
from gi.repository.Verbs import CMID, AddrInfo     # was: from pyverbs.cmid import …
import gi.repository.Verbs as ce                    # was: import pyverbs.cm_enums as ce


cap = QPCap(max_recv_wr=1)
qp_init_attr = QPInitAttr(cap=cap)
addr = sys.argv[1] if len(sys.argv) > 1 else '11.137.14.124'
port = sys.argv[2] if len(sys.argv) > 2 else '7471'
role = sys.argv[3] if len(sys.argv) > 3 else None

# Passive side

if role != 'active':
    sai = AddrInfo(src=addr, src_service=port, port_space=ce.RDMA_PS_TCP, flags=ce.RAI_PASSIVE)
    sid = CMID(creator=sai, qp_init_attr=qp_init_attr)
    sid.listen()  # listen for incoming connection requests
    if role == 'passive':
        print('passive side listening on %s:%s' % (addr, port), flush=True)


def passive():
    new_id = sid.get_request()  # check if there are any connection requests
    print('passive side got a request from %s' % new_id.remote_address, flush=True)
    mr = new_id.reg_msgs(64)
    new_id.post_recv(mr)
    new_id.accept()  # new_id is connected to remote peer and ready to communicate
    wc = new_id.get_recv_comp()
    print('passive side received %r (status %s)'
          % (mr.read(wc.byte_len, 0).decode(), wc.status.value_nick), flush=True)
    new_id.close()


if role == 'passive':
    passive()
    sid.close()
    sys.exit(0)
if role is None:
    server = threading.Thread(target=passive)
    server.start()

# Active side

cai = AddrInfo(src=None if role else addr, dst=addr, dst_service=port,
               port_space=ce.RDMA_PS_TCP)
cid = CMID(creator=cai, qp_init_attr=qp_init_attr)
cid.connect()  # send connection request to passive addr
print('active side connected from %s to %s:%s, QP %d on %s'
      % (cid.local_address, cid.remote_address, cid.remote_port, cid.qpn, cid.dev_name))
msg = b'hello from the active side'
mr = cid.reg_msgs(len(msg))
mr.write(msg, len(msg))
cid.post_send(mr)
wc = cid.get_send_comp()
print('active side sent %r (status %s)' % (msg.decode(), wc.status.value_nick))
if role is None:
    server.join()
    sid.close()
cid.close()
