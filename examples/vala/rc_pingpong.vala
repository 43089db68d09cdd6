// SPDX-License-Identifier: LGPL-2.1-or-later
// Ping-pong between two RC queue pairs of one device (loopback), driven by
// the CQs' ::completions signal on a GLib.MainLoop. The work requests are
// plain structs on the stack: fill them, post them, done.
// Usage: gverbs-example-rc-pingpong-vala [DEVICE] [ITERATIONS]
//   (DEVICE defaults to $GVERBS_TEST_DEVICE, then the first device)

const uint SIZE = 4096;

class Side {
    public Verbs.CQ cq;
    public Verbs.QP qp;
    public Verbs.MR mr;

    public Side (Verbs.Context ctx, Verbs.PD pd, Verbs.CompChannel channel) throws Error {
        cq = ctx.create_cq (16, channel, 0);
        Verbs.QPCap cap = { 8, 8, 1, 1, 0 };
        qp = new Verbs.QP (pd, new Verbs.QPInitAttr (Verbs.QPType.RC, cq, cq, cap), null);
        mr = new Verbs.MR (pd, SIZE, Verbs.AccessFlags.LOCAL_WRITE | Verbs.AccessFlags.REMOTE_WRITE);
    }

    public void connect_to (Verbs.Context ctx, uint32 remote_qpn) throws Error {
        int gid_index = ctx.find_gid (1, Verbs.GidType.ROCE_V2, SocketFamily.INVALID);
        var grh = new Verbs.GlobalRoute ();
        grh.sgid_index = gid_index;
        grh.set_dgid (ctx.query_gid (1, gid_index).to_string ());
        var ah = new Verbs.AHAttr ();
        ah.is_global = true;
        ah.port_num = 1;
        ah.grh = grh;
        var attr = new Verbs.QPAttr ();
        attr.ah_attr = ah;
        attr.dest_qp_num = remote_qpn;
        attr.path_mtu = Verbs.MTU.BYTES_1024;
        attr.max_dest_rd_atomic = 1;
        attr.max_rd_atomic = 1;
        attr.min_rnr_timer = 1;
        attr.timeout = 14;
        attr.retry_cnt = 7;
        attr.rnr_retry = 7;
        attr.qp_access_flags = Verbs.AccessFlags.LOCAL_WRITE | Verbs.AccessFlags.REMOTE_WRITE;
        qp.to_rts (attr);
    }

    public void post_recv () throws Error {
        var wr = Verbs.RecvWR ();
        wr.init (1);
        // assign whole elements: valac writes `wr.sg_list[0].addr = x` to a copy
        wr.sg_list[0] = { mr.addr, SIZE, mr.lkey };
        wr.num_sge = 1;
        qp.post_recv_one (wr);
    }

    public void send (uint32 length, uint32 seq) throws Error {
        var wr = Verbs.SendWR ();
        wr.init (2, Verbs.WROpcode.SEND_WITH_IMM, Verbs.SendFlags.SIGNALED);
        wr.sg_list[0] = { mr.addr, length, mr.lkey };
        wr.num_sge = 1;
        wr.imm_data = seq;
        qp.post_send_one (wr);
    }
}

int main (string[] args) {
    string? name = args.length > 1 ? args[1] : Environment.get_variable ("GVERBS_TEST_DEVICE");
    uint iterations = args.length > 2 ? (uint) uint64.parse (args[2]) : 100;
    var loop = new MainLoop ();
    uint received = 0;
    bool failed = false;

    try {
        var ctx = new Verbs.Context (name);
        var pd = new Verbs.PD (ctx);
        var channel = ctx.create_comp_channel ();
        Side[] sides = { new Side (ctx, pd, channel), new Side (ctx, pd, channel) };
        sides[0].connect_to (ctx, sides[1].qp.qp_num);
        sides[1].connect_to (ctx, sides[0].qp.qp_num);

        for (int i = 0; i < 2; i++) {
            unowned Side me = sides[i];
            me.post_recv ();
            me.cq.completions.connect ((cq, wcs) => {
                foreach (unowned Verbs.WC? wc in wcs.data) {
                    if (wc.status != Verbs.WCStatus.SUCCESS) {
                        stderr.printf ("completion failed: %s\n", wc.to_string ());
                        failed = true;
                        loop.quit ();
                        return;
                    }
                    if (wc.opcode != Verbs.WCOpcode.RECV)
                        continue;
                    // a message arrived: repost the receive and answer it
                    received++;
                    try {
                        me.post_recv ();
                        if (received < iterations)
                            me.send (wc.byte_len, wc.imm_data + 1);
                        else
                            loop.quit ();
                    } catch (Error e) {
                        stderr.printf ("%s\n", e.message);
                        failed = true;
                        loop.quit ();
                    }
                }
            });
            me.cq.set_watched (true);
        }

        var start = get_monotonic_time ();
        sides[0].send (64, 0);
        loop.run ();
        var elapsed = get_monotonic_time () - start;
        if (!failed)
            print ("%u messages of 64 bytes in %.3f s (%.1f us per message)\n",
                   received, elapsed / 1e6, (double) elapsed / received);
        ctx.close ();
    } catch (Error e) {
        stderr.printf ("rc_pingpong: %s\n", e.message);
        return 1;
    }
    return failed ? 1 : 0;
}
