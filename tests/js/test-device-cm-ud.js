// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Device test: rdma_cm datagrams to a multicast group in GJS: two
// RDMA_PS_UDP identifiers join the group on one main loop, one sends
// through the group's address handle (from ud_param), the other receives
// every message byte for byte; over rxe loopback at $GVERBS_VM_ADDR.
imports.gi.versions.Verbs = '1.0';
const { GLib, Verbs } = imports.gi;

let passed = 0, failed = 0;
function check(name, cond) {
    if (cond) { passed++; print(`ok - ${name}`); } else { failed++; print(`not ok - ${name}`); }
}

const addr = GLib.getenv('GVERBS_VM_ADDR');
if (!GLib.getenv('GVERBS_TEST_DEVICE') || !addr) {
    print('not ok - GVERBS_TEST_DEVICE or GVERBS_VM_ADDR is not set');
    imports.system.exit(1);
}
const group = '239.255.7.13';
const GRH = 40, N = 5;
const loop = new GLib.MainLoop(null, false);
const enc = new TextEncoder(), dec = new TextDecoder();

const attr = Verbs.CMQPInitAttr.new();
attr.qp_type = Verbs.QPType.UD;
attr.max_send_wr = N;
attr.max_recv_wr = N;

const ch = Verbs.EventChannel.new();
const ids = [0, 1].map(() => Verbs.CMID.new_on_channel(ch, Verbs.PortSpace.UDP));
const [sender, receiver] = ids;
let pending = 2;
function done() {
    if (--pending === 0)
        loop.quit();
}

const route = Verbs.AddrInfo.new(addr, group, null, null, Verbs.PortSpace.UDP, 0);
for (const id of ids) {
    id.resolve_addr_async(route, 2000, null, (c, res) => {
        c.resolve_addr_finish(res);
        done();
    });
}
GLib.timeout_add_seconds(GLib.PRIORITY_DEFAULT, 60, () => { loop.quit(); return false; });
loop.run();

for (const id of ids) {
    id.create_qp(attr);
    id.connect('multicast-join', (c, qpNum, qkey) => {
        check('ud_param is set before multicast-join', c.ud_param !== null &&
            c.ud_param.qp_num === qpNum && c.ud_param.qkey === qkey);
        done();
    });
}
const rx = receiver.reg_msgs(N * (64 + GRH));
for (let i = 0; i < N; i++)
    receiver.post_recv(rx, i * (64 + GRH), 64 + GRH, i);
const mc = Verbs.AddrInfo.new(null, group, null, null, Verbs.PortSpace.UDP, 0);
pending = 2;
for (const id of ids)
    id.join_multicast(mc);
loop.run();

const ud = sender.ud_param;
check('multicast QP number and Q_Key', ud.qp_num === 0xffffff && ud.qkey === 0x01234567);
const ah = Verbs.AH.new(sender.pd, ud.ah_attr);
const tx = sender.reg_msgs(64);
for (let i = 0; i < N; i++) {
    const msg = enc.encode(`multicast message ${i} from GJS`);
    tx.write(msg, 0);
    sender.post_ud_send(tx, 0, msg.length, ah, ud.qp_num, Verbs.SendFlags.SIGNALED, i);
    check(`send ${i} completed`, sender.get_send_comp().status === Verbs.WCStatus.SUCCESS);
    const wc = receiver.get_recv_comp();
    check(`receive ${i} from the sender's QP`, wc.status === Verbs.WCStatus.SUCCESS &&
        wc.wr_id === i && wc.src_qp === sender.qp_num && wc.byte_len === msg.length + GRH);
    check(`message ${i} byte for byte`,
        dec.decode(rx.read(msg.length, i * (64 + GRH) + GRH).toArray()) ===
        `multicast message ${i} from GJS`);
}
for (const id of ids) {
    id.leave_multicast(mc);
    id.close();
}
check('closing the sender closed its address handle', ah.closed);
ch.close();
print(`# ${passed} passed, ${failed} failed`);
imports.system.exit(failed === 0 && passed > 0 ? 0 : 1);
