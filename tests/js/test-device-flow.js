// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Device test: flow steering from GJS. Without managed flow steering
// (Soft-RoCE) Flow.new() throws NOT_SUPPORTED naming ibv_create_flow and the
// device, and the QP is left as it was.
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
const steering = (ctx.query_device().device_cap_flags &
    Verbs.DeviceCapFlags.MANAGED_FLOW_STEERING) !== 0;
const pd = Verbs.PD.new(ctx);
const cq = Verbs.CQ.new(ctx, 16, null, 0);
const cap = new Verbs.QPCap({ max_send_wr: 16, max_recv_wr: 16, max_send_sge: 1, max_recv_sge: 1 });
const qp = Verbs.QP.new(pd, Verbs.QPInitAttr.new(Verbs.QPType.UD, cq, cq, cap), null);

const eth = Verbs.Spec.make(Verbs.FlowSpecType.ETH, false);
eth.set_field('dst-mac', '01:50:56:19:20:a7');
eth.ether_type = 0x800;
eth.ether_type_mask = 0xffff;
check('dst_mac read back', eth.dst_mac === '01:50:56:19:20:a7');
check('size of ibv_flow_spec_eth', eth.size === 40);
const bytes = eth.pack().get_data();
check('packed type and dst_mac', bytes[0] === 0x20 && bytes[6] === 0x01 && bytes[11] === 0xa7);
try {
    eth.set_field('src-mac', 'zz:00');
    check('malformed MAC throws', false);
} catch (e) {
    check('malformed MAC throws INVALID_ARGUMENT',
        e.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT));
}
const attr = Verbs.FlowAttr.new();
attr.add_spec(eth);
check('num_of_specs counted', attr.num_of_specs === 1 && attr.get_specs().get_n_items() === 1);

if (steering) {
    const flow = Verbs.Flow.new(qp, attr);
    check('flow made', !flow.closed);
    qp.close();
    check('flow closed with its QP', flow.closed);
} else {
    try {
        Verbs.Flow.new(qp, attr);
        check('Flow.new throws on a device without flow steering', false);
    } catch (e) {
        check('NOT_SUPPORTED', e.matches(Verbs.error_quark(), Verbs.Error.NOT_SUPPORTED));
        check('names the call and the device',
            e.message.startsWith(`ibv_create_flow on ${name}: `) && e.message.includes('(EOPNOTSUPP)'));
    }
    check('QP untouched', !qp.closed && qp.qp_state === Verbs.QPState.RESET);
}
ctx.close();
check('QP closed with the context', qp.closed);
print(`${passed} passed, ${failed} failed`);
if (failed > 0)
    imports.system.exit(1);
