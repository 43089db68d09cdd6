// SPDX-License-Identifier: LGPL-2.1-or-later
// Device test from Vala over $GVERBS_TEST_DEVICE (rxe0 in the VM): the plain
// structs as values, every method that fills a caller's struct, a ping-pong
// between two RC QPs on a GLib.MainLoop driven by the CQs' ::completions
// signal (SEND/RECV, RDMA WRITE and SEND_WITH_IMM), atomics polled with
// poll_one, a CQEX read with read_wc, BufferPool and CQPoller, an SRQ and a
// UD send through an address handle.

int passed = 0;
int failed = 0;

void check (string name, bool cond) {
    if (cond) {
        passed++;
        print ("ok %d - %s\n", passed + failed, name);
    } else {
        failed++;
        print ("not ok %d - %s\n", passed + failed, name);
    }
}

const Verbs.AccessFlags ACCESS = Verbs.AccessFlags.LOCAL_WRITE | Verbs.AccessFlags.REMOTE_WRITE |
                                 Verbs.AccessFlags.REMOTE_READ | Verbs.AccessFlags.REMOTE_ATOMIC;
const uint ROUNDS = 8;
const uint MSG = 64;

Verbs.Context ctx;
Verbs.PD pd;
int gid_index;
Verbs.Gid gid;

uint8[] payload (uint round, uint len) {
    var data = new uint8[len];
    for (uint i = 0; i < len; i++)
        data[i] = (uint8) (round * 31 + i * 7 + 1);
    return data;
}

uint8[] bytes_of (Verbs.MR mr, uint64 length, uint64 offset) throws Error {
    return mr.read (length, offset).get_data ();
}

uint64 le64 (uint8[] b) {
    uint64 v = 0;
    for (int i = 7; i >= 0; i--)
        v = (v << 8) | b[i];
    return v;
}

uint8[] to_le64 (uint64 v) {
    var b = new uint8[8];
    for (int i = 0; i < 8; i++)
        b[i] = (uint8) (v >> (8 * i));
    return b;
}

Verbs.AHAttr ah_attr () throws Error {
    var gr = new Verbs.GlobalRoute ();
    gr.sgid_index = gid_index;
    gr.set_dgid (gid.to_string ());
    var ah = new Verbs.AHAttr ();
    ah.is_global = true;
    ah.port_num = 1;
    ah.set_grh (gr);
    return ah;
}

void connect_rc (Verbs.QP a, Verbs.QP b) throws Error {
    Verbs.QP[] qps = { a, b };
    for (int i = 0; i < 2; i++) {
        var attr = new Verbs.QPAttr ();
        attr.ah_attr = ah_attr ();
        attr.dest_qp_num = qps[1 - i].qp_num;
        attr.path_mtu = Verbs.MTU.BYTES_1024;
        attr.max_dest_rd_atomic = 1;
        attr.max_rd_atomic = 1;
        attr.min_rnr_timer = 1;
        attr.timeout = 14;
        attr.retry_cnt = 7;
        attr.rnr_retry = 7;
        attr.qp_access_flags = ACCESS;
        qps[i].to_rts (attr);
    }
}

Verbs.QP rc_qp (Verbs.CQ send_cq, Verbs.CQ recv_cq) throws Error {
    Verbs.QPCap cap = { 32, 32, 2, 2, 0 };
    var init = new Verbs.QPInitAttr (Verbs.QPType.RC, send_cq, recv_cq, cap);
    return new Verbs.QP (pd, init, null);
}

Verbs.WC poll_wc (Verbs.CQ cq) throws Error {
    Verbs.WC wc;
    int64 deadline = get_monotonic_time () + 10 * 1000000;
    while (cq.poll_one (out wc) == 0) {
        if (get_monotonic_time () > deadline)
            throw new IOError.TIMED_OUT ("no completion within 10 s");
        Thread.usleep (200);
    }
    return wc;
}

/* The ping-pong: A sends ping i (SEND) into B's pre-posted receives; B
 * RDMA-writes the reversed bytes back into A's memory and sends i as
 * immediate data (SEND_WITH_IMM); A checks the written bytes and sends the
 * next ping. Everything runs from the ::completions signal. */
class PingPong {
    public Verbs.CQ cq_a;
    public Verbs.CQ cq_b;
    public Verbs.QP qp_a;
    public Verbs.QP qp_b;
    public Verbs.MR mr_a;
    public Verbs.MR mr_b;
    public MainLoop loop = new MainLoop ();
    public uint rounds_done = 0;
    public uint completions_a = 0;
    public uint completions_b = 0;
    public uint emissions = 0;
    public uint errors = 0;
    public uint data_ok = 0;
    public uint imm_ok = 0;

    public PingPong (Verbs.CompChannel channel) throws Error {
        cq_a = ctx.create_cq (64, channel, 0);
        cq_b = ctx.create_cq (64, channel, 0);
        qp_a = rc_qp (cq_a, cq_a);
        qp_b = rc_qp (cq_b, cq_b);
        mr_a = new Verbs.MR (pd, 4096, ACCESS);
        mr_b = new Verbs.MR (pd, 4096, ACCESS);
        connect_rc (qp_a, qp_b);
    }

    // Receives at offset base + i * MSG, wr_id id_base + i, posted as a list.
    void post_recvs (Verbs.QP qp, Verbs.MR mr, uint64 offset, uint64 id_base) throws Error {
        var list = new GenericArray<Verbs.RecvWR?> ();
        for (uint i = 0; i < ROUNDS; i++) {
            var wr = Verbs.RecvWR ();
            wr.init (id_base + i);
            wr.sg_list[0] = { mr.addr + offset + i * MSG, MSG, mr.lkey };
            wr.num_sge = 1;
            list.add (wr);
        }
        qp.post_recv_list (list);
    }

    void send_ping (uint round) throws Error {
        mr_a.write (payload (round, MSG), 0);
        var wr = Verbs.SendWR ();
        wr.init (1000 + round, Verbs.WROpcode.SEND, Verbs.SendFlags.SIGNALED);
        wr.sg_list[0] = { mr_a.addr, MSG, mr_a.lkey };
        wr.num_sge = 1;
        qp_a.post_send_one (wr);
    }

    void on_b_recv (Verbs.WC wc) throws Error {
        uint round = (uint) (wc.wr_id - 2000);
        var got = bytes_of (mr_b, MSG, round * MSG);
        var want = payload (round, MSG);
        bool same = wc.byte_len == MSG && wc.opcode == Verbs.WCOpcode.RECV && wc.qp_num == qp_b.qp_num &&
                    (wc.wc_flags & Verbs.WCFlags.WITH_IMM) == 0;
        for (uint i = 0; i < MSG; i++) {
            same = same && got[i] == want[i];
            want[i] = got[MSG - 1 - i];
        }
        if (same)
            data_ok++;
        // the pong: the reversed bytes RDMA-written into A at 2048 + round * MSG
        mr_b.write (want, 2048 + round * MSG);
        var write = Verbs.SendWR ();
        write.init (3000 + round, Verbs.WROpcode.RDMA_WRITE, Verbs.SendFlags.SIGNALED);
        write.sg_list[0] = { mr_b.addr + 2048 + round * MSG, MSG, mr_b.lkey };
        write.num_sge = 1;
        write.set_wr_rdma (mr_a.rkey, mr_a.addr + 2048 + round * MSG);
        var done = Verbs.SendWR ();
        done.init (4000 + round, Verbs.WROpcode.SEND_WITH_IMM, Verbs.SendFlags.SIGNALED);
        done.imm_data = (uint32) 0xab000000 | round;
        var list = new GenericArray<Verbs.SendWR?> ();
        list.add (write);
        list.add (done);
        qp_b.post_send_list (list);
    }

    void on_a_recv (Verbs.WC wc) throws Error {
        uint round = (uint) (wc.wr_id - 5000);
        if ((wc.wc_flags & Verbs.WCFlags.WITH_IMM) != 0 && wc.imm_data == ((uint32) 0xab000000 | round) &&
            wc.byte_len == 0 && wc.opcode == Verbs.WCOpcode.RECV)
            imm_ok++;
        var got = bytes_of (mr_a, MSG, 2048 + round * MSG);
        var want = payload (round, MSG);
        bool same = true;
        for (uint i = 0; i < MSG; i++)
            same = same && got[i] == want[MSG - 1 - i];
        if (same)
            data_ok++;
        rounds_done++;
        if (rounds_done < ROUNDS)
            send_ping (rounds_done);
    }

    void on_completions (Verbs.CQ cq, GenericArray<Verbs.WC?> wcs) {
        emissions++;
        try {
            for (uint i = 0; i < wcs.length; i++) {
                unowned Verbs.WC? wc = wcs[i];
                if (wc.status != Verbs.WCStatus.SUCCESS || wc.vendor_err != 0) {
                    errors++;
                    continue;
                }
                if (cq == cq_a) {
                    completions_a++;
                    if (wc.wr_id >= 5000)
                        on_a_recv (wc);
                } else {
                    completions_b++;
                    if (wc.wr_id >= 2000 && wc.wr_id < 3000)
                        on_b_recv (wc);
                }
            }
        } catch (Error e) {
            print ("# %s\n", e.message);
            errors++;
        }
        if ((rounds_done == ROUNDS && completions_a == 2 * ROUNDS && completions_b == 3 * ROUNDS) || errors > 0)
            loop.quit ();
    }

    public void run () throws Error {
        post_recvs (qp_b, mr_b, 0, 2000);
        post_recvs (qp_a, mr_a, 1024, 5000);
        cq_a.completions.connect (on_completions);
        cq_b.completions.connect (on_completions);
        cq_a.set_watched (true);
        cq_b.set_watched (true);
        send_ping (0);
        uint timeout = Timeout.add_seconds (60, () => {
            errors++;
            loop.quit ();
            return Source.REMOVE;
        });
        loop.run ();
        Source.remove (timeout);
    }
}

void test_gid_entry () throws Error {
    Verbs.GidEntry? entry = ctx.query_gid_ex (1, gid_index);
    check ("query_gid_ex", entry != null && entry.gid.equal (gid) && entry.gid_index == gid_index &&
           entry.port_num == 1 && entry.gid_type == Verbs.GidType.ROCE_V2 && entry.ndev_ifindex > 0);
    bool found = false;
    foreach (unowned Verbs.GidEntry? e in ctx.query_gid_table (64))
        found = found || (e.gid_index == gid_index && e.gid.equal (gid));
    check ("query_gid_table holds it", found);
}

void test_caps (Verbs.QP qp) throws Error {
    Verbs.QPCap cap = qp.get_cap ();
    check ("QP.get_cap", cap.max_send_wr >= 32 && cap.max_recv_wr >= 32 && cap.max_send_sge >= 2 &&
           cap.max_recv_sge >= 2 && qp.cap.max_send_wr == cap.max_send_wr);
    Verbs.QPInitAttr init;
    var attr = qp.query (Verbs.QPAttrMask.CAP | Verbs.QPAttrMask.STATE, out init);
    Verbs.QPCap qcap = attr.get_cap ();
    Verbs.QPCap icap = init.get_cap ();
    // ibv_query_qp() reports the sizes the device rounded up to (rxe: 63)
    check ("QPAttr.get_cap of query", qcap.max_send_wr >= cap.max_send_wr && qcap.max_recv_wr >= cap.max_recv_wr &&
           qcap.max_send_sge >= cap.max_send_sge && qcap.max_recv_sge >= cap.max_recv_sge &&
           attr.qp_state == Verbs.QPState.RTS);
    check ("QPInitAttr.get_cap of query", icap.max_send_wr == qcap.max_send_wr && icap.max_recv_wr == qcap.max_recv_wr &&
           icap.max_send_sge == qcap.max_send_sge && icap.max_recv_sge == qcap.max_recv_sge);
}

void test_atomics (Verbs.QP a, Verbs.CQ cq_a, Verbs.MR mr_a, Verbs.MR mr_b) throws Error {
    mr_b.write (to_le64 (100), 3072);
    var wr = Verbs.SendWR ();
    wr.init (61, Verbs.WROpcode.ATOMIC_FETCH_AND_ADD, Verbs.SendFlags.SIGNALED);
    wr.sg_list[0] = { mr_a.addr + 3072, 8, mr_a.lkey };
    wr.num_sge = 1;
    wr.set_wr_atomic (mr_b.rkey, mr_b.addr + 3072, 5, 0);
    a.post_send_one (wr);
    var wc = poll_wc (cq_a);
    check ("fetch-and-add completion (poll_one)", wc.status == Verbs.WCStatus.SUCCESS && wc.wr_id == 61 &&
           wc.opcode == Verbs.WCOpcode.FETCH_ADD && wc.qp_num == a.qp_num);
    check ("fetch-and-add: old value returned, memory added",
           le64 (bytes_of (mr_a, 8, 3072)) == 100 && le64 (bytes_of (mr_b, 8, 3072)) == 105);

    wr.init (62, Verbs.WROpcode.ATOMIC_CMP_AND_SWP, Verbs.SendFlags.SIGNALED);
    wr.sg_list[0] = { mr_a.addr + 3080, 8, mr_a.lkey };
    wr.num_sge = 1;
    wr.set_wr_atomic (mr_b.rkey, mr_b.addr + 3072, 105, 7);
    check ("SendWR atomic fields", wr.compare_add == 105 && wr.swap == 7 && wr.rkey == mr_b.rkey);
    a.post_send_one (wr);
    wc = poll_wc (cq_a);
    check ("compare-and-swap completion", wc.status == Verbs.WCStatus.SUCCESS && wc.wr_id == 62 &&
           wc.opcode == Verbs.WCOpcode.COMP_SWAP);
    check ("compare-and-swap: old value returned, memory swapped",
           le64 (bytes_of (mr_a, 8, 3080)) == 105 && le64 (bytes_of (mr_b, 8, 3072)) == 7);

    // RDMA READ with two SGEs: 16 bytes of B land in two places of A
    mr_b.write (payload (9, 16), 3200);
    wr.init (63, Verbs.WROpcode.RDMA_READ, Verbs.SendFlags.SIGNALED);
    wr.set_sge (0, { mr_a.addr + 3300, 10, mr_a.lkey });
    wr.set_sge (1, { mr_a.addr + 3400, 6, mr_a.lkey });
    wr.set_wr_rdma (mr_b.rkey, mr_b.addr + 3200);
    a.post_send_one (wr);
    wc = poll_wc (cq_a);
    var p = payload (9, 16);
    var first = bytes_of (mr_a, 10, 3300);
    var second = bytes_of (mr_a, 6, 3400);
    bool same = wc.status == Verbs.WCStatus.SUCCESS && wc.opcode == Verbs.WCOpcode.RDMA_READ && wc.byte_len == 16;
    for (int i = 0; i < 16; i++)
        same = same && p[i] == (i < 10 ? first[i] : second[i - 10]);
    check ("RDMA READ scattered over sg_list[0..1]", same);
}

void test_cq_ex () throws Error {
    var cq_a = ctx.create_cq (16, null, 0);
    var attr = new Verbs.CqInitAttrEx ();
    attr.cqe = 16;
    attr.wc_flags = Verbs.CreateCQWCFlags.BYTE_LEN | Verbs.CreateCQWCFlags.IMM | Verbs.CreateCQWCFlags.QP_NUM;
    var cq_x = new Verbs.CQEX (ctx, attr);
    var send_b = ctx.create_cq (16, null, 0);
    var a = rc_qp (cq_a, cq_a);
    var b = rc_qp (send_b, cq_x);
    connect_rc (a, b);
    var mr_a = new Verbs.MR (pd, 4096, ACCESS);
    var mr_b = new Verbs.MR (pd, 4096, ACCESS);
    mr_a.write (payload (3, 40), 0);
    var rwr = Verbs.RecvWR ();
    rwr.init (71);
    rwr.set_sge (0, { mr_b.addr, 100, mr_b.lkey });
    b.post_recv_one (rwr);
    var swr = Verbs.SendWR ();
    swr.init (72, Verbs.WROpcode.SEND_WITH_IMM, Verbs.SendFlags.SIGNALED);
    swr.sg_list[0] = { mr_a.addr, 40, mr_a.lkey };
    swr.num_sge = 1;
    swr.imm_data = 0x1234;
    a.post_send_one (swr);
    var swc = poll_wc (cq_a);
    check ("send to the CQEX side completes", swc.status == Verbs.WCStatus.SUCCESS && swc.wr_id == 72 &&
           swc.opcode == Verbs.WCOpcode.SEND);

    int64 deadline = get_monotonic_time () + 10 * 1000000;
    while (!cq_x.start_poll () && get_monotonic_time () < deadline)
        Thread.usleep (200);
    Verbs.WC? wc = cq_x.read_wc ();
    cq_x.end_poll ();
    check ("CQEX.read_wc", wc != null && wc.status == Verbs.WCStatus.SUCCESS && wc.wr_id == 71 &&
           wc.opcode == Verbs.WCOpcode.RECV && wc.byte_len == 40 && wc.imm_data == 0x1234 &&
           wc.qp_num == b.qp_num && (wc.wc_flags & Verbs.WCFlags.WITH_IMM) != 0);
    var got = bytes_of (mr_b, 40, 0);
    var want = payload (3, 40);
    bool same = true;
    for (int i = 0; i < 40; i++)
        same = same && got[i] == want[i];
    check ("CQEX side data byte for byte", same);

    test_caps (a);
    test_atomics (a, cq_a, mr_a, mr_b);
    test_pool (a, b, cq_a, cq_x);
}

void test_pool (Verbs.QP a, Verbs.QP b, Verbs.CQ cq_a, Verbs.CQ cq_x) throws Error {
    // B sends to A this time: A's CQ is a plain one, drained by a CQPoller.
    var tx = new Verbs.BufferPool (pd, 2, 256, 0);
    var rx = new Verbs.BufferPool (pd, 2, 256, ACCESS);
    int ti = tx.pop ();
    int ri = rx.pop ();
    Verbs.SGE? sge = tx.make_sge (ti, 10);
    check ("BufferPool.make_sge", sge != null && sge.length == 10 && sge.lkey == tx.mr.lkey &&
           sge.addr >= tx.mr.addr && sge.addr < tx.mr.addr + 512);
    Verbs.RecvWR? rwr = rx.make_recv_wr (ri);
    check ("BufferPool.make_recv_wr", rwr != null && rwr.wr_id == ri && rwr.num_sge == 1 &&
           rwr.sg_list[0].length == 256 && rwr.sg_list[0].lkey == rx.mr.lkey);
    Verbs.SendWR? swr = tx.make_send_wr (ti, 10);
    check ("BufferPool.make_send_wr", swr != null && swr.wr_id == ti && swr.opcode == Verbs.WROpcode.SEND &&
           swr.sg_list[0].addr == sge.addr && swr.sg_list[0].length == 10 &&
           (swr.send_flags & Verbs.SendFlags.SIGNALED) != 0);
    uint8[] ten = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
    tx.copy_to (ten, ti, 0);
    a.post_recv_one (rwr);
    b.post_send_one (swr);
    var poller = new Verbs.CQPoller (cq_a, null);
    check ("CQPoller.get_last_wc is null first", poller.get_last_wc () == null);
    unowned Verbs.WC? wc = poller.next (10000);
    check ("CQPoller.next", wc != null && wc.wr_id == ri && wc.byte_len == 10 &&
           wc.status == Verbs.WCStatus.SUCCESS && wc.opcode == Verbs.WCOpcode.RECV);
    check ("CQPoller.get_last_wc", poller.get_last_wc () != null && poller.get_last_wc ().wr_id == ri);
    var got = rx.copy_from (ri, 0, 10).get_data ();
    bool same = got.length == 10;
    for (int i = 0; i < 10 && same; i++)
        same = got[i] == ten[i];
    check ("pool data byte for byte", same);
    // B's send completion went to its plain send CQ (not the CQEX)
    var swc = poll_wc (b.send_cq);
    check ("pool send completion", swc.wr_id == ti && swc.status == Verbs.WCStatus.SUCCESS);

    // finish_wcs takes the completions as an array of WC structs: the
    // buffer of wc.wr_id goes back and one receive is reposted.
    Verbs.WC[] done = { poller.get_last_wc () };
    uint free_before = rx.get_n_free ();
    rx.finish_wcs (a, done);
    check ("BufferPool.finish_wcs (WC[]) reposted one receive", rx.get_n_free () == free_before);
    b.post_send_one (swr);
    unowned Verbs.WC? again = poller.next (10000);
    check ("the reposted receive completes", again != null && again.byte_len == 10 && again.wr_id < 2);
    poll_wc (b.send_cq);

    // poll_wr_ids (GArray of guint64) and poll_list (GPtrArray of WC)
    for (uint64 id = 101; id <= 105; id++) {
        var w = Verbs.SendWR ();
        w.init (id, Verbs.WROpcode.RDMA_WRITE, Verbs.SendFlags.SIGNALED);
        w.sg_list[0] = { tx.mr.addr, 8, tx.mr.lkey };
        w.num_sge = 1;
        w.set_wr_rdma (rx.mr.rkey, rx.mr.addr);
        a.post_send_one (w);
    }
    var ids = new GLib.Array<uint64> ();
    int64 deadline = get_monotonic_time () + 10 * 1000000;
    while (ids.length < 3 && get_monotonic_time () < deadline) {
        var some = cq_a.poll_wr_ids (3 - ids.length);
        for (uint i = 0; i < some.length; i++)
            ids.append_val (some.index (i));
    }
    check ("CQ.poll_wr_ids", ids.length == 3 && ids.index (0) == 101 && ids.index (1) == 102 && ids.index (2) == 103);
    var wcs = new GenericArray<Verbs.WC?> ();
    while (wcs.length < 2 && get_monotonic_time () < deadline) {
        var some = cq_a.poll_list (8);
        for (uint i = 0; i < some.length; i++)
            wcs.add (some[i]);
    }
    check ("CQ.poll_list", wcs.length == 2 && wcs[0].wr_id == 104 && wcs[1].wr_id == 105 &&
           wcs[0].opcode == Verbs.WCOpcode.RDMA_WRITE && wcs[1].status == Verbs.WCStatus.SUCCESS);
}

void test_srq () throws Error {
    Verbs.SrqAttr want = { 16, 1, 0 };
    var init = new Verbs.SrqInitAttr (want);
    Verbs.SrqAttr got = init.get_attr ();
    check ("SrqInitAttr.get_attr", got.max_wr == 16 && got.max_sge == 1);
    var srq = new Verbs.SRQ (pd, init);
    Verbs.SrqAttr? q = srq.query ();
    check ("SRQ.query", q != null && q.max_wr >= 16 && q.max_sge >= 1 && q.srq_limit == 0);
    var mr = new Verbs.MR (pd, 1024, ACCESS);
    Verbs.SGE? msge = mr.sge (64, 128);
    check ("MR.sge", msge != null && msge.addr == mr.addr + 128 && msge.length == 64 && msge.lkey == mr.lkey);
    var list = new GenericArray<Verbs.RecvWR?> ();
    for (uint i = 0; i < 4; i++) {
        var wr = Verbs.RecvWR ();
        wr.init (80 + i);
        wr.sg_list[0] = { mr.addr + i * 64, 64, mr.lkey };
        wr.num_sge = 1;
        list.add (wr);
    }
    srq.post_recv_list (list);
    Verbs.SrqAttr limit = { 0, 0, 2 };
    srq.modify (limit, Verbs.SRQAttrMask.LIMIT);
    q = srq.query ();
    check ("SRQ.modify (SrqAttr) sets the limit", q != null && q.srq_limit == 2);
    var ex_init = new Verbs.SrqInitAttrEx (want);
    Verbs.SrqAttr ex_got = ex_init.get_attr ();
    check ("SrqInitAttrEx.get_attr", ex_got.max_wr == 16 && ex_got.srq_limit == 0);
}

void test_ud () throws Error {
    var cq = ctx.create_cq (16, null, 0);
    Verbs.QPCap cap = { 8, 8, 1, 1, 0 };
    var attr = new Verbs.QPAttr ();
    attr.qkey = 0x11111111;
    var sender = new Verbs.QP (pd, new Verbs.QPInitAttr (Verbs.QPType.UD, cq, cq, cap), attr);
    var receiver = new Verbs.QP (pd, new Verbs.QPInitAttr (Verbs.QPType.UD, cq, cq, cap), attr);
    var ah = new Verbs.AH (pd, ah_attr ());
    var mr = new Verbs.MR (pd, 1024, ACCESS);
    mr.write (payload (5, 100), 0);
    var rwr = Verbs.RecvWR ();
    rwr.init (91);
    rwr.sg_list[0] = { mr.addr + 512, 40 + 100, mr.lkey };
    rwr.num_sge = 1;
    receiver.post_recv_one (rwr);
    var swr = Verbs.SendWR ();
    swr.init (92, Verbs.WROpcode.SEND, Verbs.SendFlags.SIGNALED);
    swr.sg_list[0] = { mr.addr, 100, mr.lkey };
    swr.num_sge = 1;
    swr.set_wr_ud (ah, receiver.qp_num, 0x11111111);
    check ("SendWR UD fields", swr.ah == ah && swr.remote_qpn == receiver.qp_num && swr.remote_qkey == 0x11111111);
    sender.post_send_one (swr);
    Verbs.WC[] wcs = { poll_wc (cq), poll_wc (cq) };
    int r = wcs[0].wr_id == 91 ? 0 : 1;
    check ("UD receive: src_qp, GRH flag, byte_len", wcs[r].wr_id == 91 && wcs[r].status == Verbs.WCStatus.SUCCESS &&
           wcs[r].src_qp == sender.qp_num && (wcs[r].wc_flags & Verbs.WCFlags.GRH) != 0 &&
           wcs[r].byte_len == 140 && wcs[r].qp_num == receiver.qp_num);
    check ("UD send completion", wcs[1 - r].wr_id == 92 && wcs[1 - r].status == Verbs.WCStatus.SUCCESS);
    var got = bytes_of (mr, 100, 512 + 40);
    var want = payload (5, 100);
    bool same = true;
    for (int i = 0; i < 100; i++)
        same = same && got[i] == want[i];
    check ("UD data byte for byte", same);
    // AH.from_wc takes the completion by reference
    var reply = new Verbs.AH.from_wc (pd, wcs[r], bytes_of (mr, 40, 512), 1);
    check ("AH.from_wc (WC)", reply != null);
}

int main () {
    string? name = Environment.get_variable ("GVERBS_TEST_DEVICE");
    if (name == null) {
        print ("not ok 1 - GVERBS_TEST_DEVICE is not set\n");
        return 1;
    }
    try {
        ctx = new Verbs.Context (name);
        pd = new Verbs.PD (ctx);
        gid_index = ctx.find_gid (1, Verbs.GidType.ROCE_V2, SocketFamily.INVALID);
        gid = ctx.query_gid (1, gid_index);
        test_gid_entry ();

        var channel = ctx.create_comp_channel ();
        var pp = new PingPong (channel);
        pp.run ();
        check ("ping-pong: %u rounds".printf (ROUNDS), pp.rounds_done == ROUNDS && pp.errors == 0);
        check ("ping-pong: completions counted (A %u, B %u)".printf (pp.completions_a, pp.completions_b),
               pp.completions_a == 2 * ROUNDS && pp.completions_b == 3 * ROUNDS && pp.emissions > 0);
        check ("ping-pong: ping and RDMA-written pong bytes checked", pp.data_ok == 2 * ROUNDS);
        check ("ping-pong: immediate data and WITH_IMM flag", pp.imm_ok == ROUNDS);

        test_cq_ex ();
        test_srq ();
        test_ud ();
        ctx.close ();
        check ("closing the context closed the QP", pp.qp_a.is_closed ());
    } catch (Error e) {
        check ("unexpected error: " + e.message, false);
    }
    print ("1..%d\n", passed + failed);
    return failed == 0 && passed > 0 ? 0 : 1;
}
