// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Opens an RDMA device and prints its attributes the way pyverbs does.
// Usage: gverbs-example-devinfo-vala [DEVICE]
int main (string[] args) {
    try {
        var ctx = new Verbs.Context (args.length > 1 ? args[1] : null);
        var attr = ctx.query_device ();
        print ("Device %s (%d completion vectors)\n", ctx.name, ctx.num_comp_vectors);
        print ("%s", attr.to_string ());
        ctx.close ();
    } catch (Error e) {
        stderr.printf ("devinfo: %s\n", e.message);
        return 1;
    }
    return 0;
}
