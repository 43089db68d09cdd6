// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Open an RDMA device and print its device and port attributes.
// Usage: gjs devinfo.js [DEVICE]
imports.gi.versions.Verbs = '1.0';
const { GLib, Verbs } = imports.gi;

const name = ARGV[0] || GLib.getenv('GVERBS_TEST_DEVICE');
const ctx = Verbs.Context.new(name);
const attr = ctx.query_device();
print(`Device ${ctx.name}`);
print(attr.to_string());
for (let port = 1; port <= attr.phys_port_cnt; port++) {
    print(`Port ${port}`);
    print(ctx.query_port(port).to_string());
}
ctx.close();
