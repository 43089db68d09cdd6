// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Device test: thread and parent domains from GJS. Soft-RoCE has neither, so
// both fail with NOT_SUPPORTED naming the call and the device; a JS allocator
// is called through the C trampoline, and a JS exception in it fails the
// allocation with a GError instead of crashing.
imports.gi.versions.Verbs = '1.0';
const { GLib, Verbs } = imports.gi;

let passed = 0, failed = 0;
function check(name, cond) {
    if (cond) { passed++; print(`ok - ${name}`); } else { failed++; print(`not ok - ${name}`); }
}
function throws(name, fn, code, prefix) {
    try {
        fn();
        check(`${name} throws`, false);
    } catch (e) {
        check(`${name} throws ${code}`, e.matches(Verbs.error_quark(), code));
        if (prefix)
            check(`${name} message starts with '${prefix}'`, e.message.startsWith(prefix));
        return e;
    }
    return null;
}

const name = GLib.getenv('GVERBS_TEST_DEVICE');
if (!name) {
    print('not ok - GVERBS_TEST_DEVICE is not set');
    imports.system.exit(1);
}

const ctx = Verbs.Context.new(name);
const pd = Verbs.PD.new(ctx);

throws('TD.new', () => Verbs.TD.new(ctx, null), Verbs.Error.NOT_SUPPORTED,
    `ibv_alloc_td on ${name}: Operation not supported (EOPNOTSUPP)`);
throws('TD.new with attributes', () => Verbs.TD.new(ctx, Verbs.TDInitAttr.new(0)),
    Verbs.Error.NOT_SUPPORTED, `ibv_alloc_td on ${name}: `);

const calls = [];
const pdCtx = Verbs.ParentDomainContext.new(pd,
    (c, size, alignment, type) => {
        calls.push(['alloc', size, alignment, type]);
        return 0x10000;
    },
    (c, address, type) => {
        calls.push(['free', address, type]);
    });
check('context keeps its pd', pdCtx.get_pd() === pd);
check('alloc through the trampoline', pdCtx.alloc(4096, 64, 3) === 0x10000);
pdCtx.free(0x10000, 3);
check('allocator saw the request', JSON.stringify(calls) ===
    JSON.stringify([['alloc', 4096, 64, 3], ['free', 0x10000, 3]]));

const attr = Verbs.ParentDomainInitAttr.new(pd, pdCtx, 0);
check('pd_context adds both comp_mask bits', attr.get_comp_mask() ===
    (Verbs.ParentDomainInitAttrMask.ALLOCATORS | Verbs.ParentDomainInitAttrMask.PD_CONTEXT));
throws('ParentDomain.new', () => Verbs.ParentDomain.new(ctx, attr), Verbs.Error.NOT_SUPPORTED,
    `ibv_alloc_parent_domain on ${name}: Operation not supported (EOPNOTSUPP)`);
check('no allocation on a failed parent domain', calls.length === 2);

// an allocator that reports its failure
pdCtx.set_allocators((c, size) => {
    c.report_error(`no ${size} bytes today`);
    return 0;
}, () => {});
throws('reported failure', () => pdCtx.alloc(128, 8, 0), Verbs.Error.NO_MEMORY,
    "the parent domain's allocator failed for 128 bytes aligned to 8 (resource type 0x0): no 128 bytes today");

// the PD is untouched: an MR on it works
const mr = Verbs.MR.new(pd, 4096, Verbs.AccessFlags.LOCAL_WRITE);
check('PD still usable', mr.length === 4096);
ctx.close();
check('closed with the context', pd.closed && mr.closed);
print(`${passed} passed, ${failed} failed`);
if (failed > 0)
    imports.system.exit(1);
