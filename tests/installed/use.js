// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Run with only the installed typelib on GI_TYPELIB_PATH.
imports.gi.versions.Verbs = '1.0';
const { GLib, Verbs } = imports.gi;

const ctx = Verbs.Context.new(ARGV[0]);
const pd = Verbs.PD.new(ctx);
const mr = Verbs.MR.new(pd, 4096, Verbs.AccessFlags.LOCAL_WRITE);
const msg = new TextEncoder().encode('installed gjs');
mr.write(msg, 32);
const back = new TextDecoder().decode(mr.read(msg.length, 32).toArray());
if (back !== 'installed gjs')
    throw new Error(`read back ${back}`);
print(`use-js: ${ctx.name}, lkey 0x${mr.lkey.toString(16)}, read back "${back}"`);
ctx.close();
