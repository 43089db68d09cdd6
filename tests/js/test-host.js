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
try {
    Verbs.Context.new('gverbs-no-such-device');
    check('missing device throws', false);
} catch (e) {
    check('missing device throws NO_DEVICE', e.matches(Verbs.error_quark(), Verbs.Error.NO_DEVICE));
    check('message names the device', e.message.includes('gverbs-no-such-device'));
}
print(`${passed} passed, ${failed} failed`);
if (failed > 0)
    imports.system.exit(1);
