// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Device test: RC send/receive between two queue pairs from GJS, data checked.
imports.gi.versions.Verbs = '1.0';
const { GLib, Verbs } = imports.gi;

let passed = 0, failed = 0;
function check(name, cond) {
    if (cond) { passed++; print(`ok - ${name}`); } else { failed++; print(`not ok - ${name}`); }
}

const name = GLib.getenv('GVERBS_TEST_DEVICE');
if (!name) {
    print('not ok - GVERBS_TEST_DEVICE is not set');
    imports.system.exit(1);
}

const ctx = Verbs.Context.new(name);
const pd = Verbs.PD.new(ctx);
const gidIndex = ctx.find_gid(1, Verbs.GidType.ROCE_V2, 0);
const gid = ctx.query_gid(1, gidIndex);
const access = Verbs.AccessFlags.LOCAL_WRITE | Verbs.AccessFlags.REMOTE_WRITE;
const cap = new Verbs.QPCap({ max_send_wr: 16, max_recv_wr: 16, max_send_sge: 1, max_recv_sge: 1 });

const sides = [0, 1].map(() => {
    const cq = Verbs.CQ.new(ctx, 32, null, 0);
    const mr = Verbs.MR.new(pd, 4096, access);
    const initAttr = Verbs.QPInitAttr.new(Verbs.QPType.RC, cq, cq, cap);
    const qp = Verbs.QP.new(pd, initAttr, null);
    return { cq, mr, qp };
});
check('QPs in RESET', sides.every(s => s.qp.qp_state === Verbs.QPState.RESET));

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
check('QPs in RTS', sides.every(s => s.qp.qp_state === Verbs.QPState.RTS));

const data = new Uint8Array(300).map((_, i) => (i * 11 + 1) & 0xff);
sides[0].mr.write(data, 0);
const rwr = new Verbs.RecvWR({ wr_id: 21 });
rwr.set_sge(0, sides[1].mr.sge(300, 0));
sides[1].qp.post_recv_one(rwr);  // GJS 1.74 cannot pass lists of structs (GPtrArray)
const swr = Verbs.SendWR.new(22, Verbs.WROpcode.SEND, Verbs.SendFlags.SIGNALED);
swr.set_sge(0, sides[0].mr.sge(300, 0));
sides[0].qp.post_send_one(swr);

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
const swc = pollOne(sides[0].cq);
check('send completion', swc !== null && swc.status === Verbs.WCStatus.SUCCESS && swc.wr_id === 22 &&
      swc.opcode === Verbs.WCOpcode.SEND);
const rwc = pollOne(sides[1].cq);
check('receive completion', rwc !== null && rwc.status === Verbs.WCStatus.SUCCESS && rwc.wr_id === 21 &&
      rwc.opcode === Verbs.WCOpcode.RECV && rwc.byte_len === 300 && rwc.qp_num === sides[1].qp.qp_num);
const got = sides[1].mr.read(300, 0).toArray();
check('data byte for byte', got.length === 300 && got.every((b, i) => b === data[i]));

// BufferPool and CQPoller calls return one value (no [ok, value]) in GJS.
{
    const txPool = Verbs.BufferPool.new(pd, 2, 256, 0);
    const rxPool = Verbs.BufferPool.new(pd, 2, 256, access);
    const txIdx = txPool.pop();
    const rxIdx = rxPool.pop();
    check('BufferPool.pop returns an index', typeof txIdx === 'number' && txIdx >= 0 && txIdx < 2);
    const sge = txPool.make_sge(txIdx, 10);
    check('BufferPool.make_sge returns an SGE', sge instanceof Verbs.SGE && sge.length === 10 &&
          sge.lkey === txPool.get_mr().lkey);
    const poolRwr = rxPool.make_recv_wr(rxIdx);
    check('BufferPool.make_recv_wr returns a RecvWR', poolRwr instanceof Verbs.RecvWR &&
          poolRwr.wr_id === rxIdx && poolRwr.dup_sge(0).length === 256);
    const poolSwr = txPool.make_send_wr(txIdx, 10);
    check('BufferPool.make_send_wr returns a SendWR', poolSwr instanceof Verbs.SendWR &&
          poolSwr.wr_id === txIdx && poolSwr.dup_sge(0).addr === sge.addr);
    txPool.copy_to(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), txIdx, 0);
    sides[1].qp.post_recv_one(poolRwr);
    sides[0].qp.post_send_one(poolSwr);
    const poller = Verbs.CQPoller.new(sides[1].cq, null);
    check('CQPoller.get_last_wc is null before the first', poller.get_last_wc() === null);
    const pwc = poller.next(10000);
    check('CQPoller.next returns the WC', pwc instanceof Verbs.WC && pwc.wr_id === rxIdx &&
          pwc.byte_len === 10 && pwc.status === Verbs.WCStatus.SUCCESS);
    check('CQPoller.get_last_wc returns it again', poller.get_last_wc().wr_id === rxIdx);
    check('pool data', rxPool.copy_from(rxIdx, 0, 10).toArray().every((b, i) => b === i + 1));
    pollOne(sides[0].cq);
}

// The extended send API: a UD QPEx (created from a QPInitAttrEx, its PD from
// the attributes) sends to a UD QP with wr_start ... wr_complete.
{
    const cq = Verbs.CQ.new(ctx, 32, null, 0);
    const udAttr = Verbs.QPAttr.new();
    udAttr.qkey = 0x11111111;
    const rqp = Verbs.QP.new(pd, Verbs.QPInitAttr.new(Verbs.QPType.UD, cq, cq, cap), udAttr);
    const iax = Verbs.QPInitAttrEx.new(Verbs.QPType.UD, cq, cq, cap, pd, Verbs.QPCreateSendOpsFlags.SEND);
    const qpx = Verbs.QPEx.new(ctx, iax, udAttr);
    check('QPEx in RTS, PD from the attributes', qpx.qp_state === Verbs.QPState.RTS && qpx.pd === pd &&
          qpx instanceof Verbs.QP);
    const gr = new Verbs.GlobalRoute({ sgid_index: gidIndex });
    gr.set_dgid(gid.to_string());
    const ahAttr = new Verbs.AHAttr({ is_global: true, port_num: 1 });
    ahAttr.set_grh(gr);
    const ah = Verbs.AH.new(pd, ahAttr);
    const rwr2 = new Verbs.RecvWR({ wr_id: 31 });
    rwr2.set_sge(0, sides[1].mr.sge(40 + 100, 1024));
    rqp.post_recv_one(rwr2);
    qpx.wr_id = 32;
    qpx.wr_flags = Verbs.SendFlags.SIGNALED;
    qpx.wr_start();
    qpx.wr_send();
    qpx.wr_set_ud_addr(ah, rqp.qp_num, 0x11111111);
    qpx.wr_set_sge(sides[0].mr.lkey, sides[0].mr.addr, 100);
    qpx.wr_complete();
    const wcs = [pollOne(cq), pollOne(cq)].filter(w => w !== null).sort((a, b) => a.wr_id - b.wr_id);
    check('QPEx send and UD receive completions', wcs.length === 2 &&
          wcs[0].wr_id === 31 && wcs[0].status === Verbs.WCStatus.SUCCESS && wcs[0].byte_len === 140 &&
          wcs[0].src_qp === qpx.qp_num && wcs[1].wr_id === 32 && wcs[1].opcode === Verbs.WCOpcode.SEND);
    const got2 = sides[1].mr.read(100, 1024 + 40).toArray();
    check('QPEx data byte for byte', got2.every((b, i) => b === data[i]));
    let refused = false;
    try {
        qpx.wr_start();
        qpx.wr_rdma_write(1, 0);
    } catch (e) {
        refused = e.matches(Verbs.error_quark(), Verbs.Error.NOT_SUPPORTED);
    }
    qpx.wr_abort();
    check('operation outside send_ops_flags refused', refused);
}

pd.close();
check('QPs closed with their PD', sides.every(s => s.qp.closed));
ctx.close();

print(`1..${passed + failed}`);
imports.system.exit(failed ? 1 : 0);
