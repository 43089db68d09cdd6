#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""Moves a file over an RC queue pair, event-driven on GLib.MainLoop.

Two RC QPs in this process talk over the device (rxe loopback): they are
connected with python-rdma style paths exchanged as bytes (the side-channel
wire form), chunks go out from a BufferPool as SENDs, and everything
happens in handlers of the CQs' `completion` signals (watched mode): a
finished send frees its buffer and sends the next chunk, a received chunk
is hashed and written out and its receive reposted. A zero-length SEND
marks the end. The SHA-256 of what arrived is compared with the file's.

Usage: file_transfer.py [-d DEVICE] [-o OUTPUT] [--chunk BYTES] FILE
"""
import argparse
import hashlib
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib  # noqa: E402
from gi.repository import Verbs as V  # noqa: E402

WINDOW = 8       # sends in flight
RX_DEPTH = 16    # receives posted


def connect(ctx, pd, cc):
    cqs = [pd.cq(64, cc) for _ in range(2)]
    qps = [pd.qp(V.IBV_QPT_RC, 32, cq, 32, cq) for cq in cqs]
    gid_index = ctx.find_default_gid(1)
    path_a = V.fill_path(qps[0], V.IBPath(1, sgid_index=gid_index)).reverse()
    path_b = V.fill_path(qps[1], V.IBPath.from_bytes(path_a.to_bytes()))
    path_a = V.IBPath.from_bytes(path_b.to_bytes()).reverse()
    for qp, path in ((qps[0], path_a), (qps[1], path_b)):
        qp.modify_to_init(path, 0)
        qp.modify_to_rtr(path)
        qp.modify_to_rts(path)
    return cqs, qps


class Transfer:
    def __init__(self, ctx, pd, source, output, chunk):
        self.loop = GLib.MainLoop()
        self.cc = ctx.comp_channel()
        (self.send_cq, self.recv_cq), (self.sqp, self.rqp) = connect(ctx, pd, self.cc)
        self.tx = V.BufferPool(pd, count=WINDOW, size=chunk)
        self.rx = V.BufferPool(pd, count=RX_DEPTH, size=chunk)
        self.rx.post_recvs(self.rqp, RX_DEPTH)
        self.chunk = chunk
        self.source = source
        self.output = output
        self.sent_eof = False
        self.digest = hashlib.sha256()
        self.received = 0
        self.error = None
        self.send_cq.connect('completion', self.on_send_completion)
        self.recv_cq.connect('completion', self.on_recv_completion)
        self.send_cq.watched = True
        self.recv_cq.watched = True

    def fail(self, error):
        self.error = error
        self.loop.quit()

    def send_more(self):
        while not self.sent_eof and self.tx.get_n_free() > 0:
            data = self.source.read(self.chunk)
            idx = self.tx.pop()
            if data:
                self.tx.copy_to(data, idx)
            else:
                self.sent_eof = True
            self.sqp.post_send(self.tx.make_send_wr(idx, len(data)))

    def on_send_completion(self, cq, wc):
        try:
            self.tx.finish_wcs(self.sqp, [wc])
            self.send_more()
        except GLib.Error as e:
            self.fail(e)

    def on_recv_completion(self, cq, wc):
        try:
            if wc.status != V.IBV_WC_SUCCESS:
                raise V.WCError(wc, self.rqp)
            if wc.byte_len == 0:
                self.loop.quit()
                return
            data = self.rx.copy_from(wc.wr_id, 0, wc.byte_len)
            self.digest.update(data)
            self.output.write(data)
            self.received += len(data)
            self.rx.finish_wcs(self.rqp, [wc])
        except GLib.Error as e:
            self.fail(e)

    def run(self, timeout=300):
        GLib.timeout_add_seconds(timeout, lambda: self.fail(TimeoutError('transfer timed out')))
        GLib.idle_add(lambda: self.send_more() and False)
        self.loop.run()
        if self.error is not None:
            raise self.error if isinstance(self.error, Exception) else RuntimeError(self.error)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('file')
    parser.add_argument('-d', '--device', default=os.environ.get('GVERBS_TEST_DEVICE'))
    parser.add_argument('-o', '--output', default=os.devnull)
    parser.add_argument('--chunk', type=int, default=64 * 1024)
    args = parser.parse_args()

    with open(args.file, 'rb') as f:
        expected = hashlib.sha256(f.read()).hexdigest()
    with V.Context(name=args.device) as ctx, ctx.pd() as pd, \
            open(args.file, 'rb') as source, open(args.output, 'wb') as output:
        t = Transfer(ctx, pd, source, output, args.chunk)
        t.run()
        got = t.digest.hexdigest()
        print('sent %d bytes in chunks of %d over RC QP 0x%x -> 0x%x'
              % (t.received, args.chunk, t.sqp.qp_num, t.rqp.qp_num))
        print('SHA-256 sent     %s' % expected)
        print('SHA-256 received %s' % got)
    if got != expected:
        print('digest mismatch', file=sys.stderr)
        return 1
    print('digests match')
    return 0


if __name__ == '__main__':
    sys.exit(main())
