// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Device test: open the device under test from GJS and compare with ibv_devinfo.
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

const [, out] = GLib.spawn_command_line_sync(`ibv_devinfo -v -d ${name}`);
const info = {};
for (const line of new TextDecoder().decode(out).split('\n')) {
    const m = line.match(/^\s*([A-Za-z0-9_]+):\s*(.*?)\s*$/);
    if (!m || m[1] === 'port')
        continue;
    if (!(m[1] in info))
        info[m[1]] = m[2];
}
function num(text) {
    const m = text.match(/\((\d+)\)\s*$/);
    return m ? Number(m[1]) : Number(text.split(' ')[0]);
}

const ctx = Verbs.Context.new(name);
check('context name', ctx.name === name);
check('num-comp-vectors > 0', ctx.num_comp_vectors > 0);
const attr = ctx.query_device();
check('fw_ver', attr.fw_ver === info.fw_ver);
let compared = 0;
for (const key of ['max_qp', 'max_qp_wr', 'max_sge', 'max_cq', 'max_cqe', 'max_mr', 'max_pd',
    'max_mw', 'max_ah', 'max_srq', 'max_srq_wr', 'max_srq_sge', 'max_pkeys', 'phys_port_cnt',
    'vendor_id', 'vendor_part_id', 'max_qp_rd_atom', 'max_res_rd_atom', 'local_ca_ack_delay']) {
    if (!(key in info))
        continue;
    check(`${key} = ${info[key]}`, attr[key] === num(info[key]));
    compared++;
}
check('compared at least 15 fields', compared >= 15);
check('to_string starts with FW version', attr.to_string().startsWith('FW version            : '));
ctx.close();
try {
    ctx.query_device();
    check('query after close throws', false);
} catch (e) {
    check('query after close throws CLOSED', e.matches(Verbs.error_quark(), Verbs.Error.CLOSED));
}
print(`${passed} passed, ${failed} failed`);
if (failed > 0)
    imports.system.exit(1);
