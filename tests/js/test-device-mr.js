// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Device test: memory region write/read from GJS.
imports.gi.versions.Verbs = '1.0';
const { GLib, Verbs } = imports.gi;

let passed = 0, failed = 0;
function check(name, cond) {
    if (cond) { passed++; print(`ok - ${name}`); } else { failed++; print(`not ok - ${name}`); }
}
function throwsCode(name, code, fn) {
    try {
        fn();
        check(`${name} throws`, false);
    } catch (e) {
        check(`${name} throws code ${code}`, e instanceof GLib.Error && e.matches(Verbs.error_quark(), code));
    }
}

const name = GLib.getenv('GVERBS_TEST_DEVICE');
if (!name) {
    print('not ok - GVERBS_TEST_DEVICE is not set');
    imports.system.exit(1);
}

const ctx = Verbs.Context.new(name);
const pd = Verbs.PD.new(ctx);
const length = 4096 + 10;
const mr = Verbs.MR.new(pd, length, Verbs.AccessFlags.LOCAL_WRITE | Verbs.AccessFlags.REMOTE_READ);
check('length', mr.length === length);
check('lkey set', mr.lkey !== 0);
check('zeroed', mr.read(length, 0).toArray().every(b => b === 0));

const mirror = new Uint8Array(length);
for (const offset of [0, 1, 4095, 4096, length - 4, length - 1]) {
    const data = new Uint8Array(Math.min(4, length - offset)).map((_, i) => (offset + i * 13) & 0xff);
    mr.write(data, offset);
    mirror.set(data, offset);
    const back = mr.read(data.length, offset).toArray();
    check(`read back at ${offset}`, back.length === data.length && back.every((b, i) => b === data[i]));
}
const all = mr.read(length, 0).toArray();
check('whole region byte for byte', all.length === length && all.every((b, i) => b === mirror[i]));

throwsCode('read past the end', Verbs.Error.OUT_OF_RANGE, () => mr.read(2, length - 1));
throwsCode('write past the end', Verbs.Error.OUT_OF_RANGE, () => mr.write(new Uint8Array(2), length - 1));
const sge = mr.sge(16, 8);
check('sge', sge.addr === mr.addr + 8 && sge.length === 16 && sge.lkey === mr.lkey);

pd.close();
check('closed with its PD', mr.closed);
throwsCode('read after close', Verbs.Error.CLOSED, () => mr.read(1, 0));

const mw = (() => { const p = Verbs.PD.new(ctx); return Verbs.MW.new(p, Verbs.MWType.TYPE_2); })();
check('mw type 2', mw.type === 2 && mw.rkey !== 0);
ctx.close();
check('mw closed with its context', mw.closed);

print(`1..${passed + failed}`);
imports.system.exit(failed ? 1 : 0);
