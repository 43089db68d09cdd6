// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Device test: the API sweep from GJS (issue 11), on a representative
// subset of classes: every method of their prototypes called on an open, a
// closed and a never-initialized object with zero, negative, huge,
// wrong-typed and null arguments. Exceptions are expected (GLib.Error for
// what the library refuses, TypeError/Error for what GJS cannot convert);
// a crash, or a GLib critical (fatal under the test environment's
// G_DEBUG=fatal-criticals), fails. Each call is printed before it is made,
// so the last line names the call of a crash. tests/python/api_sweep.py
// is the full sweep; the methods skipped here are the same: they wait
// forever for an event.
imports.gi.versions.Verbs = '1.0';
const { GLib, GObject, Verbs } = imports.gi;

const name = GLib.getenv('GVERBS_TEST_DEVICE');
if (!name) {
    print('not ok - GVERBS_TEST_DEVICE is not set');
    imports.system.exit(1);
}

const SKIP = new Set(['get_async_event', 'get_cq_event', 'next', 'get_request',
    'close', 'free', 'constructor', 'connect', 'connect_after', 'disconnect', 'emit',
    'run_dispose', 'ref', 'unref', 'ref_sink', 'force_floating', 'freeze_notify',
    'thaw_notify', 'steal_data', 'steal_qdata', 'watch_closure', 'bind_property',
    'bind_property_full', 'set_data', 'get_data', 'notify', 'notify_by_pspec',
    'set_property', 'get_property', 'getv', 'setv', 'init', 'init_async', 'init_finish',
    'toString', 'toLocaleString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf',
    'propertyIsEnumerable', '__defineGetter__', '__defineSetter__', '__lookupGetter__',
    '__lookupSetter__', 'block_signal_handler', 'unblock_signal_handler',
    'stop_emission_by_name', 'set_qdata', 'get_qdata', 'add_toggle_ref',
    'remove_toggle_ref', 'weak_ref', 'weak_unref', 'add_weak_pointer',
    'remove_weak_pointer', 'is_floating', 'dup_data', 'dup_qdata', 'replace_data',
    'replace_qdata', 'set_data_full', 'set_qdata_full', 'interface_find_property',
    'interface_install_property', 'interface_list_properties', 'compat_control',
    'find_property', 'install_properties', 'install_property', 'list_properties',
    'override_property', 'newv', 'new', 'bind', 'unbind']);
const BAD = [0, -1, 2 ** 53, 2 ** 31, 'wrong', null, {}, new Uint8Array(300), 1.5];

let calls = 0;
let passed = 0, failed = 0;

function methodsOf(proto) {
    const names = new Set();
    for (let p = proto; p && p !== GObject.Object.prototype && p !== Object.prototype;
        p = Object.getPrototypeOf(p)) {
        for (const m of Object.getOwnPropertyNames(p)) {
            const d = Object.getOwnPropertyDescriptor(p, m);
            if (d && typeof d.value === 'function' && !SKIP.has(m) && !m.startsWith('vfunc_') &&
                !m.startsWith('_'))
                names.add(m);
        }
    }
    return [...names].sort();
}

function sweep(label, cls, obj) {
    for (const m of methodsOf(cls.prototype)) {
        const vectors = [[]];
        for (const bad of BAD)
            for (let n = 1; n <= 4; n++)
                vectors.push(new Array(n).fill(bad));
        for (const v of vectors) {
            calls++;
            print(`# CALL ${cls.name}.${m} ${label} (${v.length} args)`);
            try {
                obj[m](...v);
            } catch (e) {
                // expected: GLib.Error from the library, TypeError/Error from GJS
            }
        }
    }
}

const ctx = Verbs.Context.new(name);
const pd = Verbs.PD.new(ctx);
const cq = Verbs.CQ.new(ctx, 16, null, 0);
const factories = {
    Context: () => Verbs.Context.new(name),
    PD: () => Verbs.PD.new(ctx),
    MR: () => Verbs.MR.new(pd, 4096, Verbs.AccessFlags.LOCAL_WRITE),
    CQ: () => Verbs.CQ.new(ctx, 16, null, 0),
    CompChannel: () => Verbs.CompChannel.new(ctx),
    QP: () => {
        const cap = Verbs.QPCap.new(16, 16, 1, 1, 0);
        const init = Verbs.QPInitAttr.new(Verbs.QPType.RC, cq, cq, cap);
        return Verbs.QP.new(pd, init, null);
    },
    EventChannel: () => Verbs.EventChannel.new(),
    Path: () => Verbs.Path.new(),
    QPAttr: () => Verbs.QPAttr.new(),
    AHAttr: () => Verbs.AHAttr.new(),
};

for (const [cname, make] of Object.entries(factories)) {
    const cls = Verbs[cname];
    const before = calls;
    let ok = true;
    try {
        const obj = make();
        sweep('open', cls, obj);
        if (typeof obj.close === 'function') {
            obj.close();
            sweep('closed', cls, obj);
        }
        // g_object_new_with_properties: no GInitable.init, as GJS's `new` may run it
        sweep('never-initialized', cls, GObject.Object.new_with_properties(cls.$gtype, [], []));
    } catch (e) {
        ok = false;
        print(`# ${cname}: ${e}`);
    }
    if (ok) {
        passed++;
        print(`ok - ${cname}: ${calls - before} calls, no crash`);
    } else {
        failed++;
        print(`not ok - ${cname}: the sweep itself failed`);
    }
}

// Boxed types: methods of a zeroed value.
const boxed = {
    Gid: () => Verbs.Gid.new(),
    SendWR: () => Verbs.SendWR.new(0, Verbs.WROpcode.SEND, 0),
    RecvWR: () => Verbs.RecvWR.new(0),
    WC: () => Verbs.WC.new(),
    SGE: () => Verbs.SGE.new(0, 0, 0),
};
for (const [cname, make] of Object.entries(boxed)) {
    const cls = Verbs[cname];
    const before = calls;
    sweep('zeroed', cls, make());
    passed++;
    print(`ok - ${cname}: ${calls - before} calls, no crash`);
}

print(`1..${passed + failed}`);
print(`# ${calls} calls`);
if (failed > 0)
    imports.system.exit(1);
