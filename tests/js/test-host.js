// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Host test: the typelib loads in GJS and errors map to GVerbs.Error.
imports.gi.versions.Verbs = '1.0';
const { GLib, Verbs } = imports.gi;

let passed = 0, failed = 0;
function check(name, cond) {
    if (cond) { passed++; print(`ok - ${name}`); } else { failed++; print(`not ok - ${name}`); }
}

check('AccessFlags.LOCAL_WRITE is 1', Verbs.AccessFlags.LOCAL_WRITE === 1);
check('QPType.UD is 4', Verbs.QPType.UD === 4);
check('WCError codes are WC statuses', Verbs.WCError.REM_ACCESS_ERR === Verbs.WCStatus.REM_ACCESS_ERR);
// members that rdma-core names with a leading number have identifier names
check('MTU.BYTES_256 is 1', Verbs.MTU.BYTES_256 === 1);
check('MTU.BYTES_4096 is 5', Verbs.MTU.BYTES_4096 === 5);
check('Rate.GBPS_2_5 is 2', Verbs.Rate.GBPS_2_5 === 2);
check('Rate.GBPS_1200 is 24', Verbs.Rate.GBPS_1200 === 24);
check('MWType.TYPE_1 is 1', Verbs.MWType.TYPE_1 === 1);
check('MWType.TYPE_2 is 2', Verbs.MWType.TYPE_2 === 2);
check('PciAtomicOpSize.OPERATION_8_BYTE_SIZE_SUP is 2',
      Verbs.PciAtomicOpSize.OPERATION_8_BYTE_SIZE_SUP === 2);
check('no member of MTU/Rate/MWType/PciAtomicOpSize starts with a digit',
      [Verbs.MTU, Verbs.Rate, Verbs.MWType, Verbs.PciAtomicOpSize].every(
          e => Object.keys(e).every(k => !/^[0-9]/.test(k))));
try {
    Verbs.Context.new('gverbs-no-such-device');
    check('missing device throws', false);
} catch (e) {
    check('missing device throws NO_DEVICE', e.matches(Verbs.error_quark(), Verbs.Error.NO_DEVICE));
    check('message names the device', e.message.includes('gverbs-no-such-device'));
}
// constructed without init(), or with a failed init(): not initialized, not "closed"
const bare = new Verbs.Context({ name: 'gverbs-no-such-device' });
check('a bare resource is a Verbs.Resource', bare instanceof Verbs.Resource);
check('a bare resource reads as closed', bare.is_closed() && bare.closed);
try {
    bare.query_device();
    check('a call on a bare resource throws', false);
} catch (e) {
    check('a call on a bare resource throws NOT_INITIALIZED',
          e.matches(Verbs.error_quark(), Verbs.Error.NOT_INITIALIZED));
}
try {
    bare.init(null);
    check('init of a missing device throws', false);
} catch (e) {
    check('init of a missing device throws NO_DEVICE', e.matches(Verbs.error_quark(), Verbs.Error.NO_DEVICE));
}
try {
    bare.query_device();
} catch (e) {
    check('after a failed init: NOT_INITIALIZED with the reason',
          e.matches(Verbs.error_quark(), Verbs.Error.NOT_INITIALIZED) && e.message.includes('gverbs-no-such-device'));
}
check('closing it does nothing and succeeds', bare.close() === true);
print(`${passed} passed, ${failed} failed`);
if (failed > 0)
    imports.system.exit(1);
