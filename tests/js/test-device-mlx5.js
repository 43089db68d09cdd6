// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Device test: the mlx5 direct verbs from GJS on a device that is not an
// mlx5 one (rxe0): each constructor throws NOT_SUPPORTED naming the mlx5dv_*
// call and the device; the context they were given stays usable.
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
if (!Verbs.Mlx5Context) {
    print('not ok - libgverbs was built without mlx5');
    imports.system.exit(1);
}
if (Verbs.mlx5_is_supported(name)) {
    print(`ok - ${name} is an mlx5 device: see test_device_mlx5_hw.py # SKIP`);
    imports.system.exit(0);
}

check('mlx5_is_supported is false', Verbs.mlx5_is_supported(name) === false);

function notSupported(label, call, fn) {
    try {
        fn();
        check(`${label}: refused`, false);
    } catch (e) {
        check(`${label}: NOT_SUPPORTED`, e.matches(Verbs.error_quark(), Verbs.Error.NOT_SUPPORTED));
        check(`${label}: names ${call} and ${name}`,
            e.message.startsWith(`${call} on `) && e.message.includes(name) &&
            e.message.includes('(EOPNOTSUPP)'));
    }
}

notSupported('Mlx5Context', 'mlx5dv_open_device', () => Verbs.Mlx5Context.new(
    name, Verbs.Mlx5DVContextAttr.new(Verbs.Mlx5DVContextAttrFlags.MLX5DV_CONTEXT_FLAGS_DEVX, 0)));

const ctx = Verbs.Context.new(name);
const pd = Verbs.PD.new(ctx);
const cq = Verbs.CQ.new(ctx, 100, null, 0);
const qia = Verbs.QPInitAttrEx.new(Verbs.QPType.DRIVER, cq, cq, Verbs.QPCap.new(100, 0, 1, 0, 0), pd, 0);
const dci = Verbs.Mlx5DVQPInitAttr.new(Verbs.Mlx5DVQPInitAttrMask.DC, 0,
    Verbs.Mlx5DVDCInitAttr.new(Verbs.Mlx5DVDCType.DCI, 0), 0);
check('Mlx5DVQPInitAttr keeps the DC type', dci.dc_type === Verbs.Mlx5DVDCType.DCI);
notSupported('Mlx5QP (DCI)', 'mlx5dv_create_qp', () => Verbs.Mlx5QP.new(ctx, qia, dci, null));
notSupported('Mlx5CQ', 'mlx5dv_create_cq', () => Verbs.Mlx5CQ.new(ctx, null,
    Verbs.Mlx5DVCQInitAttr.new(Verbs.Mlx5DVCQInitAttrMask.COMPRESSED_CQE,
        Verbs.Mlx5DVCqeResFormat.CSUM, 0, 0)));
notSupported('Mlx5VAR', 'mlx5dv_alloc_var', () => Verbs.Mlx5VAR.new(ctx, 0));
notSupported('Mlx5UAR', 'mlx5dv_devx_alloc_uar', () => Verbs.Mlx5UAR.new(ctx, Verbs.Mlx5DVUARAllocType.BF));
notSupported('Mlx5PP', 'mlx5dv_pp_alloc',
    () => Verbs.Mlx5PP.new(ctx, new GLib.Bytes(new Uint8Array([0, 0, 0, 5])), 0));
notSupported('Mlx5DevxObj', 'mlx5dv_devx_obj_create',
    () => Verbs.Mlx5DevxObj.new(ctx, new GLib.Bytes(new Uint8Array(16)), 16));
notSupported('Mlx5UMEM', 'mlx5dv_devx_umem_reg', () => Verbs.Mlx5UMEM.new(ctx, 4096, 0, 0));

// nothing was left behind: an ordinary QP is made from the same objects, and all closes
const qp = Verbs.QPEx.new(ctx, Verbs.QPInitAttrEx.new(Verbs.QPType.UD, cq, cq,
    Verbs.QPCap.new(10, 10, 1, 1, 0), pd, 0), null);
check('an ordinary QPEx from the same PD and CQ', qp.qp_num > 0);
check('the context closes', ctx.close());
check('its children are closed', pd.is_closed() && cq.is_closed() && qp.is_closed());

print(`1..${passed + failed}`);
imports.system.exit(failed === 0 ? 0 : 1);
