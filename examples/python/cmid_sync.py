#!/usr/bin/python3
# The CMID example of pyverbs' README on libgverbs. Only the imports are
# changed, plus what it needs to run on one host: the address comes from
# the command line, the passive side runs in a thread (both sides block; a
# libgverbs call releases the GIL, so the two threads can), and the peers
# exchange one message to show the connection works.
#
#   cmid_sync.py ADDRESS [PORT]
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

# Passive side

sai = AddrInfo(src=addr, src_service=port, port_space=ce.RDMA_PS_TCP, flags=ce.RAI_PASSIVE)
sid = CMID(creator=sai, qp_init_attr=qp_init_attr)
sid.listen()  # listen for incoming connection requests


def passive():
    new_id = sid.get_request()  # check if there are any connection requests
    mr = new_id.reg_msgs(64)
    new_id.post_recv(mr)
    new_id.accept()  # new_id is connected to remote peer and ready to communicate
    wc = new_id.get_recv_comp()
    print('passive side received %r (status %s)'
          % (mr.read(wc.byte_len, 0).decode(), wc.status.value_nick))
    new_id.close()


server = threading.Thread(target=passive)
server.start()

# Active side

cai = AddrInfo(src=addr, dst=addr, dst_service=port, port_space=ce.RDMA_PS_TCP)
cid = CMID(creator=cai, qp_init_attr=qp_init_attr)
cid.connect()  # send connection request to passive addr
print('active side connected from %s to %s:%s, QP %d on %s'
      % (cid.local_address, cid.remote_address, cid.remote_port, cid.qpn, cid.dev_name))
msg = b'hello from the active side'
mr = cid.reg_msgs(len(msg))
mr.write(msg, len(msg))
cid.post_send(mr)
cid.get_send_comp()
server.join()
cid.close()
sid.close()
