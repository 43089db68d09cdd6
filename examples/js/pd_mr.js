// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Opens a device, allocates a protection domain, registers a memory region,
// writes a message into it and reads it back.
//
// Usage: gjs pd_mr.js [DEVICE]   (default: $GVERBS_TEST_DEVICE)
imports.gi.versions.Verbs = '1.0';
const {GLib, Verbs} = imports.gi;

const name = ARGV[0] || GLib.getenv('GVERBS_TEST_DEVICE');
const ctx = Verbs.Context.new(name);
const pd = Verbs.PD.new(ctx);
const mr = Verbs.MR.new(pd, 4096, Verbs.AccessFlags.LOCAL_WRITE | Verbs.AccessFlags.REMOTE_WRITE);
const message = new TextEncoder().encode('Hello from GJS');

mr.write(message, 100);
const back = new TextDecoder().decode(mr.read(message.length, 100).toArray());
print(`PD handle ${pd.handle} on ${ctx.name}`);
print(`MR length ${mr.length} lkey 0x${mr.lkey.toString(16)} rkey 0x${mr.rkey.toString(16)}`);
print(`read back: ${back}`);
ctx.close();
print(`closed with its context: ${pd.closed} ${mr.closed}`);
