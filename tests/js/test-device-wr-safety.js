// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Device test: a UD SendWR made by SendWR.new() and addressed with set_wr_ud()
// keeps its AH alive after GJS drops every reference to it and collects
// garbage: the send is posted and delivered (it used to read the freed AH).
// An inline send from an unmapped address is a GLib.Error, not a crash.
imports.gi.versions.Verbs = '1.0';
const { GLib, Verbs } = imports.gi;
const System = imports.system;

let passed = 0, failed = 0;
function check(name, cond) {
    if (cond) { passed++; print(`ok - ${name}`); } else { failed++; print(`not ok - ${name}`); }
}

const name = GLib.getenv('GVERBS_TEST_DEVICE');
if (!name) {
    print('not ok - GVERBS_TEST_DEVICE is not set');
    imports.system.exit(1);
}
const QKEY = 0x11111111;
const GRH = 40;

const ctx = Verbs.Context.new(name);
const pd = Verbs.PD.new(ctx);
const gidIndex = ctx.find_gid(1, Verbs.GidType.ROCE_V2, 0);
const gid = ctx.query_gid(1, gidIndex);
const access = Verbs.AccessFlags.LOCAL_WRITE;

function pollOne(cq) {
    const deadline = GLib.get_monotonic_time() + 10 * 1000000;
    for (;;) {
        const wcs = cq.poll_list(1);
        if (wcs.length > 0)
            return wcs[0];
        if (GLib.get_monotonic_time() > deadline)
            return null;
        GLib.usleep(200);
    }
}

function makeSide(type, cap) {
    const cq = Verbs.CQ.new(ctx, 32, null, 0);
    const mr = Verbs.MR.new(pd, 4096, access);
    const initAttr = Verbs.QPInitAttr.new(type, cq, cq, cap);
    let attr = null;
    if (type === Verbs.QPType.UD) {
        attr = Verbs.QPAttr.new();
        attr.qkey = QKEY;
    }
    const qp = Verbs.QP.new(pd, initAttr, attr);
    return { cq, mr, qp };
}

const udCap = new Verbs.QPCap({ max_send_wr: 16, max_recv_wr: 16, max_send_sge: 1, max_recv_sge: 1 });
const ud = [0, 1].map(() => makeSide(Verbs.QPType.UD, udCap));
check('UD QPs in RTS', ud.every(s => s.qp.qp_state === Verbs.QPState.RTS));

function makeWr() {
    const gr = new Verbs.GlobalRoute({ sgid_index: gidIndex });
    gr.set_dgid(gid.to_string());
    const ahAttr = new Verbs.AHAttr({ is_global: true, port_num: 1 });
    ahAttr.set_grh(gr);
    let ah = Verbs.AH.new(pd, ahAttr);
    const wr = Verbs.SendWR.new(8, Verbs.WROpcode.SEND, Verbs.SendFlags.SIGNALED);
    wr.set_sge(0, ud[0].mr.sge(64, 0));
    wr.set_wr_ud(ah, ud[1].qp.qp_num, QKEY);
    ah = null;
    return wr;
}
const swr = makeWr();
for (let i = 0; i < 5; i++)
    System.gc();

const data = new Uint8Array(64).map((_, i) => (i * 7 + 3) & 0xff);
ud[0].mr.write(data, 0);
const rwr = new Verbs.RecvWR({ wr_id: 9 });
rwr.set_sge(0, ud[1].mr.sge(64 + GRH, 0));
ud[1].qp.post_recv_one(rwr);
let posted = false;
try {
    ud[0].qp.post_send_one(swr);
    posted = true;
} catch (e) {
    print(`# ${e.message}`);
}
check('UD send posted after the AH was collected', posted);
const swc = pollOne(ud[0].cq);
check('UD send completion', swc !== null && swc.status === Verbs.WCStatus.SUCCESS && swc.wr_id === 8);
const rwc = pollOne(ud[1].cq);
check('UD receive completion', rwc !== null && rwc.status === Verbs.WCStatus.SUCCESS &&
      rwc.byte_len === 64 + GRH);
const got = ud[1].mr.read(64, GRH).toArray();
check('UD data byte for byte', got.every((b, i) => b === data[i]));

// inline from an unmapped address (page 0): a GLib.Error, the process lives
const rcCap = new Verbs.QPCap({ max_send_wr: 16, max_recv_wr: 16, max_send_sge: 1, max_recv_sge: 1,
                                max_inline_data: 64 });
const rc = makeSide(Verbs.QPType.RC, rcCap);
const iwr = Verbs.SendWR.new(10, Verbs.WROpcode.SEND, Verbs.SendFlags.SIGNALED | Verbs.SendFlags.INLINE);
iwr.set_sge(0, new Verbs.SGE({ addr: 8, length: 32, lkey: rc.mr.lkey }));
let refused = null;
try {
    rc.qp.post_send_one(iwr);
} catch (e) {
    refused = e;
}
check('inline from an unmapped address refused', refused !== null &&
      refused.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT) &&
      refused.message.includes('not readable memory'));

print(`1..${passed + failed}`);
if (failed > 0)
    imports.system.exit(1);
