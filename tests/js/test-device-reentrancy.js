// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Device test: re-entrancy of the CQ signals from GJS. Inside ::completion,
// ::completions or ::event, the handler closes the CQ, closes the context,
// closes the completion channel, or drops every reference and runs the
// garbage collector; the handler runs, nothing crashes, the loop goes on.
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
const access = Verbs.AccessFlags.LOCAL_WRITE;

function makePair() {
    const ctx = Verbs.Context.new(name);
    const pd = Verbs.PD.new(ctx);
    const channel = Verbs.CompChannel.new(ctx);
    const gidIndex = ctx.find_gid(1, Verbs.GidType.ROCE_V2, 0);
    const gid = ctx.query_gid(1, gidIndex);
    const cap = new Verbs.QPCap({ max_send_wr: 16, max_recv_wr: 16, max_send_sge: 1, max_recv_sge: 1 });
    const sides = [0, 1].map(() => {
        const cq = Verbs.CQ.new(ctx, 32, channel, 0);
        const mr = Verbs.MR.new(pd, 4096, access);
        const qp = Verbs.QP.new(pd, Verbs.QPInitAttr.new(Verbs.QPType.RC, cq, cq, cap), null);
        return { cq, mr, qp };
    });
    sides.forEach((s, i) => {
        const gr = new Verbs.GlobalRoute({ sgid_index: gidIndex });
        gr.set_dgid(gid.to_string());
        const ah = new Verbs.AHAttr({ is_global: true, port_num: 1 });
        ah.set_grh(gr);
        const attr = Verbs.QPAttr.new();
        attr.ah_attr = ah;
        attr.dest_qp_num = sides[1 - i].qp.qp_num;
        attr.path_mtu = Verbs.MTU.BYTES_1024;
        attr.max_dest_rd_atomic = 1;
        attr.max_rd_atomic = 1;
        attr.min_rnr_timer = 1;
        attr.timeout = 14;
        attr.retry_cnt = 7;
        attr.rnr_retry = 7;
        attr.qp_access_flags = access;
        s.qp.to_rts(attr);
    });
    return { ctx, pd, channel, sides };
}

function runCase(signal, action) {
    const state = { pair: makePair(), calls: 0 };
    const cq = state.pair.sides[1].cq;
    if (signal === 'event')
        cq.req_notify(false);
    else
        cq.set_watched(true);
    cq.connect(signal, emitter => {
        state.calls++;
        if (state.calls > 1)
            return;
        if (action === 'close-self')
            emitter.close();
        else if (action === 'close-parent')
            state.pair.ctx.close();
        else if (action === 'close-channel')
            state.pair.channel.close();
        else
            state.pair = null;
    });
    const s = state.pair.sides;
    for (let i = 0; i < 4; i++) {
        const rwr = new Verbs.RecvWR({ wr_id: i });
        rwr.set_sge(0, s[1].mr.sge(64, 64 * i));
        s[1].qp.post_recv_one(rwr);
        const swr = Verbs.SendWR.new(i, Verbs.WROpcode.SEND, Verbs.SendFlags.SIGNALED);
        swr.set_sge(0, s[0].mr.sge(16, 0));
        s[0].qp.post_send_one(swr);
    }
    const mc = GLib.MainContext.default();
    const deadline = GLib.get_monotonic_time() + 20 * 1000000;
    while (state.calls === 0 && GLib.get_monotonic_time() < deadline) {
        mc.iteration(false);
        GLib.usleep(1000);
    }
    System.gc();
    for (let i = 0; i < 100; i++) {
        mc.iteration(false);
        GLib.usleep(2000);
    }
    const once = action === 'close-self' || action === 'close-parent' ? state.calls === 1 : state.calls >= 1;
    check(`${signal}/${action}: handler ran${once && state.calls === 1 ? ' once' : ''}`, once);
    if (state.pair !== null)
        state.pair.ctx.close();
    state.pair = null;
    System.gc();
}

for (const signal of ['completion', 'completions', 'event'])
    for (const action of ['close-self', 'close-parent', 'close-channel', 'drop-refs'])
        runCase(signal, action);

print(`1..${passed + failed}`);
if (failed > 0)
    imports.system.exit(1);
