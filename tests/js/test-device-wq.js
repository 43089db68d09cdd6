// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Device test: on Soft-RoCE a work queue and an RWQ indirection table fail
// with NOT_SUPPORTED naming the rdma-core call and the device, from GJS, and
// leave the PD, CQ and context closable.
imports.gi.versions.Verbs = '1.0';
const { GLib, GObject, Verbs } = imports.gi;

let passed = 0, failed = 0;
function check(name, cond) {
    if (cond) { passed++; print(`ok - ${name}`); } else { failed++; print(`not ok - ${name}`); }
}

const name = GLib.getenv('GVERBS_TEST_DEVICE');
if (!name) {
    print('not ok - GVERBS_TEST_DEVICE is not set');
    imports.system.exit(1);
}

function notSupported(what, call, fn) {
    try {
        fn();
        check(`${what} fails`, false);
    } catch (e) {
        check(`${what}: NOT_SUPPORTED`, e.matches(Verbs.error_quark(), Verbs.Error.NOT_SUPPORTED));
        check(`${what}: names ${call} and ${name}`, e.message.startsWith(`${call} on ${name}: `));
        check(`${what}: EOPNOTSUPP`, e.message.includes('(EOPNOTSUPP)'));
    }
}

const ctx = Verbs.Context.new(name);
const pd = Verbs.PD.new(ctx);
const cq = Verbs.CQ.new(ctx, 32, null, 0);
const attr = Verbs.WQInitAttr.new(pd, cq, Verbs.WQType.RQ, 64, 1, 0, 0);
check('WQInitAttr max_wr', attr.max_wr === 64 && attr.pd === pd && attr.cq === cq);
notSupported('WQ', 'ibv_create_wq', () => Verbs.WQ.new(ctx, attr));

const wq = new Verbs.WQ({ context: ctx, init_attr: attr });
try {
    wq.init(null);
} catch (e) {
    check('uncreated WQ: NOT_SUPPORTED', e.matches(Verbs.error_quark(), Verbs.Error.NOT_SUPPORTED));
}
check('uncreated WQ is closed', wq.closed && wq.get_wq_num() === 0);
const tattr = Verbs.RwqIndTableInitAttr.new(0, [wq]);
check('table attr holds the WQ', tattr.get_wqs().length === 1);
notSupported('RwqIndTable', 'ibv_create_rwq_ind_table', () => Verbs.RwqIndTable.new(ctx, tattr));
try {
    Verbs.RwqIndTableInitAttr.new(1, [wq]);
    check('a half-empty table is refused', false);
} catch (e) {
    check('a half-empty table is refused', e.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT));
}

cq.close();
pd.close();
ctx.close();
check('PD, CQ, context closed', cq.closed && pd.closed && ctx.closed);
print(`# ${passed} passed, ${failed} failed`);
imports.system.exit(failed ? 1 : 0);
