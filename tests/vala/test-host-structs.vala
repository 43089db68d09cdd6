// SPDX-License-Identifier: LGPL-2.1-or-later
// Host test: the plain structs of the VAPI are Vala structs (values on the
// stack, copied by assignment, boxed in a GenericArray) and the methods that
// fill a caller's struct (out caller-allocates) write into it.

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

void test_sge () {
    Verbs.SGE a = { 0x1000, 64, 7 };
    var b = a;
    b.length = 1;
    check ("SGE initializer and value copy", a.addr == 0x1000 && a.length == 64 && a.lkey == 7 &&
           b.addr == 0x1000 && b.length == 1);
}

void test_send_wr () throws Error {
    Verbs.SGE sge = { 0xdead0000, 300, 0x55 };
    var wr = Verbs.SendWR ();
    wr.init (22, Verbs.WROpcode.SEND_WITH_IMM, Verbs.SendFlags.SIGNALED);
    check ("SendWR.init fields", wr.wr_id == 22 && wr.opcode == Verbs.WROpcode.SEND_WITH_IMM &&
           wr.send_flags == Verbs.SendFlags.SIGNALED && wr.num_sge == 0);
    // An element of sg_list is assigned whole (valac 0.56 writes
    // `wr.sg_list[i].field = x` into a temporary copy).
    wr.sg_list[0] = sge;
    wr.num_sge = 1;
    wr.set_sge (1, { 0xbeef0000, 8, 0x66 });
    wr.imm_data = 0x01020304;
    check ("SendWR sg_list elements read back", wr.num_sge == 2 && wr.sg_list[0].addr == 0xdead0000 &&
           wr.sg_list[0].length == 300 && wr.sg_list[0].lkey == 0x55 && wr.sg_list[1].addr == 0xbeef0000 &&
           wr.sg_list[1].length == 8 && wr.sg_list[1].lkey == 0x66);
    Verbs.SGE? dup = wr.dup_sge (1);
    check ("SendWR.dup_sge", dup != null && dup.addr == 0xbeef0000 && dup.lkey == 0x66);
    check ("SendWR.dup_sge beyond num_sge is null", wr.dup_sge (2) == null);

    var copy = wr;
    copy.sg_list[0] = { 1, 2, 3 };
    copy.wr_id = 99;
    check ("SendWR value copy is independent", wr.wr_id == 22 && wr.sg_list[0].addr == 0xdead0000 &&
           copy.sg_list[0].addr == 1 && copy.sg_list[1].addr == 0xbeef0000);

    var list = new GenericArray<Verbs.SendWR?> ();
    list.add (wr);
    list.add (copy);
    check ("SendWR boxed in a GenericArray", list.length == 2 && list[0].wr_id == 22 &&
           list[0].sg_list[1].lkey == 0x66 && list[1].wr_id == 99 && list[1].sg_list[0].lkey == 3);

    wr.set_wr_rdma (0x1234, 0xfeed0000);
    check ("SendWR.set_wr_rdma", wr.rkey == 0x1234 && wr.remote_addr == 0xfeed0000);
    wr.set_wr_atomic (0x4321, 0xabc0, 5, 6);
    check ("SendWR.set_wr_atomic", wr.rkey == 0x4321 && wr.remote_addr == 0xabc0 &&
           wr.compare_add == 5 && wr.swap == 6);
    wr.set_wr_opcode (Verbs.WROpcode.RDMA_WRITE);
    check ("SendWR.set_wr_opcode", wr.opcode == Verbs.WROpcode.RDMA_WRITE);
    wr.set_wr_ud (null, 0x99, 0x11111111);
    check ("SendWR.set_wr_ud", wr.ah == null && wr.remote_qpn == 0x99 && wr.remote_qkey == 0x11111111);
    wr.remote_srqn = 7;
    check ("SendWR.remote_srqn", wr.remote_srqn == 7);
    check ("SendWR.to_string", wr.to_string ().length > 0);

    // gverbs_send_wr_init() clears the caller's request (the namespace
    // function send_wr_init is deprecated in favour of this method).
    var other = wr;
    other.init (5, Verbs.WROpcode.RDMA_READ, 0);
    check ("SendWR.init clears a used request", other.wr_id == 5 && other.opcode == Verbs.WROpcode.RDMA_READ &&
           other.num_sge == 0 && other.rkey == 0);
}

void test_recv_wr () throws Error {
    var wr = Verbs.RecvWR ();
    wr.init (21);
    wr.sg_list[0] = { 0x2000, 100, 9 };
    wr.num_sge = 1;
    check ("RecvWR fields and sg_list", wr.wr_id == 21 && wr.num_sge == 1 && wr.sg_list[0].addr == 0x2000 &&
           wr.sg_list[0].length == 100 && wr.sg_list[0].lkey == 9);
    var copy = wr;
    copy.sg_list[0] = { 0x3000, 1, 1 };
    check ("RecvWR value copy is independent", wr.sg_list[0].addr == 0x2000 && copy.sg_list[0].addr == 0x3000);
    var list = new GenericArray<Verbs.RecvWR?> ();
    list.add (wr);
    check ("RecvWR boxed in a GenericArray", list[0].sg_list[0].length == 100);
    bool refused = false;
    try {
        wr.set_sge (16, { 1, 1, 1 });
    } catch (Error e) {
        refused = e.matches (Verbs.Error.quark (), Verbs.Error.OUT_OF_RANGE);
    }
    check ("RecvWR.set_sge beyond the array throws OUT_OF_RANGE", refused);
    var other = wr;
    other.init (77);
    check ("RecvWR.init clears a used request", other.wr_id == 77 && other.num_sge == 0);
}

// What docs/vala.md says about sg_list: valac copies the request before
// writing a field of one of its elements, so `wr.sg_list[i].field = x` is
// lost; assigning a whole element, set_sge() and an SGE array built first
// all write into the request.
void test_sg_list_fields () throws Error {
    var wr = Verbs.SendWR ();
    wr.init (1, Verbs.WROpcode.SEND, Verbs.SendFlags.SIGNALED);
    wr.sg_list[0].addr = 0x1234;
    wr.sg_list[0].length = 10;
    check ("SendWR sg_list[0].field = x writes a copy (valac; docs/vala.md)",
           wr.sg_list[0].addr == 0 && wr.sg_list[0].length == 0);
    var rwr = Verbs.RecvWR ();
    rwr.init (2);
    rwr.sg_list[0].lkey = 7;
    check ("RecvWR sg_list[0].field = x writes a copy (valac; docs/vala.md)", rwr.sg_list[0].lkey == 0);

    Verbs.SGE[] sges = { { 0x9000, 30, 4 }, { 0xa000, 40, 5 } };
    for (uint i = 0; i < sges.length; i++)
        wr.set_sge (i, sges[i]);
    check ("SendWR filled from an SGE array with set_sge", wr.num_sge == 2 &&
           wr.sg_list[0].addr == 0x9000 && wr.sg_list[1].length == 40 && wr.sg_list[1].lkey == 5);
    Verbs.SGE e = wr.sg_list[1];
    e.length = 41;
    wr.sg_list[1] = e;
    check ("SendWR element changed by copy and whole assignment", wr.sg_list[1].length == 41 &&
           wr.sg_list[1].addr == 0xa000);
    rwr.set_sge (0, { 0xb000, 50, 6 });
    check ("RecvWR.set_sge", rwr.num_sge == 1 && rwr.sg_list[0].addr == 0xb000 && rwr.sg_list[0].lkey == 6);
}

void test_gid () throws Error {
    Verbs.Gid gid = {};
    check ("zero Gid", gid.is_zero ());
    gid.parse ("fe80::1:2");
    check ("Gid.parse fills raw", gid.raw[0] == 0xfe && gid.raw[1] == 0x80 && gid.raw[13] == 0x01 &&
           gid.raw[15] == 0x02 && gid.is_link_local () && gid.get_subnet_prefix () == 0xfe80000000000000);
    var copy = gid;
    check ("Gid value copy equal", copy.equal (gid) && copy.hash () == gid.hash () &&
           copy.to_string () == gid.to_string ());
    copy.parse ("::ffff:10.0.0.1");
    check ("Gid copy independent, IPv4-mapped", !copy.equal (gid) && copy.is_ipv4_mapped () &&
           copy.to_ipv4_string () == "10.0.0.1");
    Verbs.GidEntry entry = { gid, 3, 1, Verbs.GidType.ROCE_V2, 4 };
    check ("GidEntry holds its Gid by value", entry.gid.equal (gid) && entry.gid_index == 3 &&
           entry.port_num == 1 && entry.gid_type == Verbs.GidType.ROCE_V2 && entry.ndev_ifindex == 4);
    Verbs.Gid? dup = entry.dup_gid ();
    check ("GidEntry.dup_gid", dup != null && dup.equal (gid));

    // Path's gid accessors fill the caller's Gid (out caller-allocates).
    var path = new Verbs.Path ();
    path.set_dgid (gid);
    path.set_sgid (copy);
    Verbs.Gid d = path.get_dgid ();
    Verbs.Gid s = path.get_sgid ();
    check ("Path.get_dgid/get_sgid", d.equal (gid) && s.equal (copy) && path.dgid.equal (gid));
}

void test_wc () {
    Verbs.WC wc = { 3, Verbs.WCStatus.REM_ACCESS_ERR, Verbs.WCOpcode.RDMA_WRITE, 0x42, 100, 0x0a0b0c0d,
                    17, 18, Verbs.WCFlags.WITH_IMM, 1, 2, 3, 4 };
    check ("WC fields and accessors", wc.get_wr_id () == 3 && wc.get_status () == Verbs.WCStatus.REM_ACCESS_ERR &&
           wc.get_opcode () == Verbs.WCOpcode.RDMA_WRITE && wc.get_vendor_err () == 0x42 &&
           wc.get_byte_len () == 100 && wc.get_imm_data () == 0x0a0b0c0d && wc.get_qp_num () == 17 &&
           wc.get_src_qp () == 18 && wc.get_wc_flags () == Verbs.WCFlags.WITH_IMM &&
           wc.get_pkey_index () == 1 && wc.get_slid () == 2 && wc.get_sl () == 3 &&
           wc.get_dlid_path_bits () == 4);
    var err = wc.to_error ();
    check ("WC.to_error", err != null && err.matches (Verbs.WCError.quark (), Verbs.WCStatus.REM_ACCESS_ERR));
    bool thrown = false;
    try {
        wc.check ();
    } catch (Error e) {
        thrown = e.domain == Verbs.WCError.quark ();
    }
    check ("WC.check throws for a failed completion", thrown);
    var ok = wc;
    ok.status = Verbs.WCStatus.SUCCESS;
    bool passes = false;
    try {
        passes = ok.check ();
    } catch (Error e) {
    }
    check ("WC copy with SUCCESS passes check", passes && wc.status == Verbs.WCStatus.REM_ACCESS_ERR);
}

void test_attrs () {
    Verbs.QPCap cap = { 16, 8, 2, 1, 64 };
    // QPInitAttr and QPAttr are GObjects: get_cap fills the caller's struct
    // (a compact-class binding passed an uninitialized pointer here).
    var init = new Verbs.QPInitAttr (Verbs.QPType.RC, null, null, cap);
    Verbs.QPCap got = init.get_cap ();
    check ("QPInitAttr.get_cap", got.max_send_wr == 16 && got.max_recv_wr == 8 && got.max_send_sge == 2 &&
           got.max_recv_sge == 1 && got.max_inline_data == 64);
    check ("QPInitAttr.cap property", init.cap.max_recv_wr == 8);
    var attr = new Verbs.QPAttr ();
    cap.max_send_wr = 32;
    attr.set_cap (cap);
    Verbs.QPCap got2 = attr.get_cap ();
    check ("QPAttr.set_cap/get_cap", got2.max_send_wr == 32 && got2.max_inline_data == 64);
    check ("QPCap.to_string", cap.to_string ().length > 0);

    Verbs.SrqAttr sattr = { 64, 2, 10 };
    var sinit = new Verbs.SrqInitAttr (sattr);
    Verbs.SrqAttr sgot = sinit.get_attr ();
    check ("SrqInitAttr.get_attr", sgot.max_wr == 64 && sgot.max_sge == 2 && sgot.srq_limit == 10);
    var sinit_ex = new Verbs.SrqInitAttrEx (sattr);
    Verbs.SrqAttr sgot2 = sinit_ex.get_attr ();
    check ("SrqInitAttrEx.get_attr", sgot2.max_wr == 64 && sgot2.srq_limit == 10);
    check ("SrqAttr.to_string", sattr.to_string ().length > 0);

    Verbs.ConnParam param = { 1, 2, 3, 4, 5, 6, 7 };
    var pcopy = param;
    check ("ConnParam fields", pcopy.responder_resources == param.responder_resources &&
           param.qp_num == 7);
    Verbs.CMQPInitAttr cattr = { Verbs.QPType.RC, 4, 4, 1, 1, 0, true };
    check ("CMQPInitAttr fields", cattr.max_send_wr == 4 && cattr.qp_type == Verbs.QPType.RC && cattr.sq_sig_all);
}

int main () {
    try {
        test_sge ();
        test_send_wr ();
        test_recv_wr ();
        test_sg_list_fields ();
        test_gid ();
        test_wc ();
        test_attrs ();
    } catch (Error e) {
        check ("unexpected error: " + e.message, false);
    }
    print ("1..%d\n", passed + failed);
    return failed == 0 ? 0 : 1;
}
