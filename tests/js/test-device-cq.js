// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Device test: CQ, CQEX and completion channel from GJS.
imports.gi.versions.Verbs = '1.0';
const { GLib, Verbs } = imports.gi;

let passed = 0, failed = 0;
function check(name, cond) {
    if (cond) { passed++; print(`ok - ${name}`); } else { failed++; print(`not ok - ${name}`); }
}
function throwsCode(name, fn, domain, code) {
    try {
        fn();
        check(`${name} throws`, false);
    } catch (e) {
        check(`${name} throws code ${code}`, e.matches(domain, code));
    }
}

const name = GLib.getenv('GVERBS_TEST_DEVICE');
if (!name) {
    print('not ok - GVERBS_TEST_DEVICE is not set');
    imports.system.exit(1);
}

const ctx = Verbs.Context.new(name);
const maxCqe = ctx.query_device().max_cqe;
const cc = ctx.create_comp_channel();
check('channel fd', cc.fd >= 0);
const cq = ctx.create_cq(100, cc, 0);
check('cqe >= 100', cq.cqe >= 100);
check('channel property', cq.channel === cc);
check('empty poll_list', cq.poll_list(16).length === 0);
cq.req_notify(false);
throwsCode('get_cq_event with no event', () => cc.get_cq_event(0, null),
    Verbs.error_quark(), Verbs.Error.TIMED_OUT);
cq.resize(1000);
check('resize grows', cq.cqe >= 1000);
throwsCode('cqe beyond max_cqe', () => Verbs.CQ.new(ctx, maxCqe + 1, null, 0),
    Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT);
cq.set_watched(true);
check('watched', cq.watched);

const attr = new Verbs.CqInitAttrEx({ cqe: 10, wc_flags: Verbs.CreateCQWCFlags.BYTE_LEN });
const cqex = Verbs.CQEX.new(ctx, attr);
check('cqex cqe', cqex.cqe >= 10);
check('cqex empty start_poll is false, no error', cqex.start_poll() === false);
throwsCode('cqex read without batch', () => cqex.read_byte_len(),
    Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT);

const wc = new Verbs.WC();
wc.wr_id = 3;
wc.status = Verbs.WCStatus.REM_ACCESS_ERR;
const err = wc.to_error();
check('wc error domain and code', err.matches(Verbs.wc_error_quark(), Verbs.WCStatus.REM_ACCESS_ERR));

ctx.close();
check('closing the context closed the CQ', cq.closed && cqex.closed && cc.closed);
throwsCode('poll after close', () => cq.poll_list(1), Verbs.error_quark(), Verbs.Error.CLOSED);

print(`${passed} passed, ${failed} failed`);
if (failed > 0)
    imports.system.exit(1);
