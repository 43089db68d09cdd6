// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Device test: query_gid from GJS, compared with sysfs.
imports.gi.versions.Verbs = '1.0';
const { GLib, Gio, Verbs } = imports.gi;

let passed = 0, failed = 0;
function check(name, cond) {
    if (cond) { passed++; print(`ok - ${name}`); } else { failed++; print(`not ok - ${name}`); }
}

const name = GLib.getenv('GVERBS_TEST_DEVICE');
if (!name) {
    print('not ok - GVERBS_TEST_DEVICE is not set');
    imports.system.exit(1);
}

function sysfs(rel) {
    try {
        const [, data] = GLib.file_get_contents(`/sys/class/infiniband/${name}/ports/1/${rel}`);
        return new TextDecoder().decode(data).trim();
    } catch (e) {
        return null;
    }
}

const ctx = Verbs.Context.new(name);
const len = ctx.query_port(1).gid_tbl_len;
let valid = 0;
for (let i = 0; i < Math.min(len, 16); i++) {
    const gid = ctx.query_gid(1, i);
    check(`GID ${i} = ${sysfs(`gids/${i}`)}`, gid.to_string() === sysfs(`gids/${i}`));
    const type = sysfs(`gid_attrs/types/${i}`);
    if (type === null)
        continue;
    valid++;
    check(`GID ${i} type ${type}`, ctx.query_gid_type(1, i) === Verbs.GidType.ROCE_V2 && type === 'RoCE v2');
}
check('at least 2 valid GIDs', valid >= 2);
check('query_gid_table lists the valid GIDs', ctx.query_gid_table(-1).length === valid);
const addr = GLib.getenv('GVERBS_VM_ADDR');
if (addr) {
    // the find_gid calls return the index itself, not [ok, index]
    const index = ctx.find_gid_by_address(1, addr);
    check('find_gid_by_address returns a number', typeof index === 'number');
    check(`find_gid_by_address(${addr})`, ctx.query_gid(1, index).to_ipv4_string() === addr);
    check('find_gid (RoCE v2, IPv4) is the same index',
          ctx.find_gid(1, Verbs.GidType.ROCE_V2, Gio.SocketFamily.IPV4) === index);
    check('find_default_gid is the same index', ctx.find_default_gid(1) === index);
    const netdev = GLib.getenv('GVERBS_TEST_NETDEV');
    if (netdev)
        check('find_gid_by_netdev is the same index',
              ctx.find_gid_by_netdev(1, netdev, Verbs.GidType.ROCE_V2, Gio.SocketFamily.IPV4) === index);
    try {
        ctx.find_gid_by_address(1, '192.0.2.123');
        check('an address the port lacks throws', false);
    } catch (e) {
        check('an address the port lacks throws NOT_FOUND', e.matches(Verbs.error_quark(), Verbs.Error.NOT_FOUND));
    }
    const entry = ctx.query_gid_ex(1, index);
    check('GidEntry.dup_gid gives the GID', entry.dup_gid().to_ipv4_string() === addr);
    check('Gid.dup_bytes gives its 16 bytes', entry.dup_gid().dup_bytes().get_size() === 16);
}
try {
    ctx.query_gid(2, 0);
    check('bad port throws', false);
} catch (e) {
    check('bad port throws INVALID_ARGUMENT', e.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT));
}
try {
    ctx.query_gid(1, len);
    check('bad index throws', false);
} catch (e) {
    check('bad index throws OUT_OF_RANGE', e.matches(Verbs.error_quark(), Verbs.Error.OUT_OF_RANGE) &&
          e.message.includes(`${len} GID entries`));
}
ctx.close();
try {
    ctx.query_gid(1, 0);
    check('query_gid after close throws', false);
} catch (e) {
    check('query_gid after close throws CLOSED', e.matches(Verbs.error_quark(), Verbs.Error.CLOSED));
}
print(`${passed} passed, ${failed} failed`);
if (failed > 0)
    imports.system.exit(1);
