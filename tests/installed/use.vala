// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Built outside the source tree with only the installed VAPI (--pkg gverbs-1.0):
// opens a device, registers an MR, writes and reads it back.
int main (string[] args) {
    if (args.length != 2)
        return 2;
    try {
        var ctx = new Verbs.Context (args[1]);
        var pd = new Verbs.PD (ctx);
        var mr = new Verbs.MR (pd, 4096, Verbs.AccessFlags.LOCAL_WRITE);
        uint8[] msg = "installed vala".data;
        mr.write (msg, 64);
        var back = mr.read (msg.length, 64);
        if (back.compare (new Bytes (msg)) != 0) {
            stderr.printf ("use-vala: read back other bytes than written\n");
            return 1;
        }
        print ("use-vala: %s, MR lkey 0x%x, read back \"%s\"\n", ctx.name, mr.lkey,
               (string) back.get_data ());
        ctx.close ();
    } catch (Error e) {
        stderr.printf ("use-vala: %s\n", e.message);
        return 1;
    }
    return 0;
}
