// SPDX-License-Identifier: LGPL-2.1-or-later
// Device test: an rdma_cm listener and client in one Vala program on one
// GLib.MainLoop over rxe loopback at $GVERBS_VM_ADDR: resolve address and
// route, connect with a ConnParam and private data, accept, create the QPs
// from a CMQPInitAttr, one message each way delivered through the
// ::recv-completion signal (a WC struct), disconnect.

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

const string PORT = "7587";
const string PING = "ping from Vala";
const string PONG = "pong from the Vala server";

MainLoop loop;
string addr;
Verbs.CMID listener;
Verbs.CMID? server = null;
Verbs.MR? server_buf = null;
Verbs.CMID client;
Verbs.MR client_buf;
bool server_disconnected = false;
bool client_disconnected = false;
uint send_completions = 0;
string[] events;

string text_of (Verbs.MR mr, size_t offset, uint32 length) throws Error {
    var data = mr.read (length, offset).get_data ();
    var s = new StringBuilder ();
    foreach (var b in data)
        s.append_c ((char) b);
    return s.str;
}

Verbs.CMQPInitAttr qp_attr () {
    Verbs.CMQPInitAttr attr = { Verbs.QPType.RC, 4, 4, 1, 1, 0, false };
    return attr;
}

void maybe_quit () {
    if (server_disconnected && client_disconnected)
        loop.quit ();
}

void on_connect_request (Verbs.CMID l, Verbs.CMID new_id, Bytes private_data) {
    events += "connect-request";
    server = new_id;
    unowned uint8[] pd = private_data.get_data ();
    check ("private data", pd.length >= 5 && pd[0] == 'h' && pd[4] == 'o');
    try {
        new_id.create_qp (qp_attr ());
        server_buf = new_id.reg_msgs (64);
        new_id.post_recv (server_buf, 0, 64, 11);
        new_id.watch_completions ();
    } catch (Error e) {
        check ("server setup: " + e.message, false);
        loop.quit ();
        return;
    }
    new_id.recv_completion.connect ((id, wc) => {
        try {
            check ("server recv completion (WC)", wc.status == Verbs.WCStatus.SUCCESS && wc.wr_id == 11 &&
                   wc.opcode == Verbs.WCOpcode.RECV && wc.byte_len == PING.length && wc.qp_num == id.qp_num);
            check ("ping received byte for byte", text_of (server_buf, 0, wc.byte_len) == PING);
            server_buf.write (PONG.data, 32);
            id.post_send (server_buf, 32, PONG.length, Verbs.SendFlags.SIGNALED, 12);
        } catch (Error e) {
            check ("server reply: " + e.message, false);
        }
    });
    new_id.send_completion.connect ((id, wc) => {
        if (wc.status == Verbs.WCStatus.SUCCESS && wc.wr_id == 12 && wc.opcode == Verbs.WCOpcode.SEND)
            send_completions++;
    });
    new_id.disconnected.connect ((id) => {
        events += "server-disconnected";
        server_disconnected = true;
        try {
            id.shutdown ();
        } catch (Error e) {
        }
        maybe_quit ();
    });
    // the responder limits of a ConnParam, by value
    Verbs.ConnParam param = { 1, 1, 0, 7, 7, 0, 0 };
    new_id.accept_async.begin (param, null, null, (obj, res) => {
        try {
            ((Verbs.CMID) obj).accept_async.end (res);
            events += "server-established";
        } catch (Error e) {
            check ("accept: " + e.message, false);
            loop.quit ();
        }
    });
}

async void run_client () {
    try {
        var info = new Verbs.AddrInfo (addr, addr, null, PORT, Verbs.PortSpace.TCP, 0);
        yield client.resolve_addr_async (info, 2000, null);
        check ("device name after resolve", client.device_name == Environment.get_variable ("GVERBS_TEST_DEVICE"));
        yield client.resolve_route_async (2000, null);
        client.create_qp (qp_attr ());
        client_buf = client.reg_msgs (128);
        client.post_recv (client_buf, 64, 64, 21);
        client.watch_completions ();
        client.recv_completion.connect ((id, wc) => {
            try {
                check ("client recv completion (WC)", wc.status == Verbs.WCStatus.SUCCESS && wc.wr_id == 21 &&
                       wc.byte_len == PONG.length && wc.qp_num == id.qp_num);
                check ("pong received byte for byte", text_of (client_buf, 64, wc.byte_len) == PONG);
                id.shutdown ();
            } catch (Error e) {
                check ("client after pong: " + e.message, false);
            }
        });
        client.send_completion.connect ((id, wc) => {
            if (wc.status == Verbs.WCStatus.SUCCESS && wc.wr_id == 22)
                send_completions++;
        });
        Verbs.ConnParam param = { 1, 1, 0, 7, 7, 0, 0 };
        yield client.connect_to_peer_async (param, new Bytes ("hello".data), null);
        events += "client-established";
        check ("remote address", client.remote_address == addr);
        client_buf.write (PING.data, 0);
        client.post_send (client_buf, 0, PING.length, Verbs.SendFlags.SIGNALED, 22);
    } catch (Error e) {
        check ("client: " + e.message, false);
        loop.quit ();
    }
}

int main () {
    addr = Environment.get_variable ("GVERBS_VM_ADDR");
    if (Environment.get_variable ("GVERBS_TEST_DEVICE") == null || addr == null) {
        print ("not ok 1 - GVERBS_TEST_DEVICE or GVERBS_VM_ADDR is not set\n");
        return 1;
    }
    loop = new MainLoop ();
    events = {};
    try {
        var channel = new Verbs.EventChannel ();
        listener = new Verbs.CMID.on_channel (channel, Verbs.PortSpace.TCP);
        listener.bind_addr (new Verbs.AddrInfo (addr, null, PORT, null, Verbs.PortSpace.TCP,
                                                Verbs.AddrInfoFlags.PASSIVE));
        listener.listen (4);
        listener.connect_request.connect (on_connect_request);
        client = new Verbs.CMID.on_channel (channel, Verbs.PortSpace.TCP);
        client.disconnected.connect (() => {
            events += "client-disconnected";
            client_disconnected = true;
            maybe_quit ();
        });
        run_client.begin ();
        uint timeout = Timeout.add_seconds (60, () => {
            check ("finished within 60 s", false);
            loop.quit ();
            return Source.REMOVE;
        });
        loop.run ();
        Source.remove (timeout);
        check ("events: %s".printf (string.joinv (",", events)),
               "connect-request" in events && "server-established" in events && "client-established" in events &&
               "server-disconnected" in events && "client-disconnected" in events);
        check ("both send completions", send_completions == 2);
        channel.close ();
        check ("closing the channel closed the identifiers", client.is_closed () && listener.is_closed () &&
               server != null && server.is_closed () && server_buf.is_closed ());
    } catch (Error e) {
        check ("unexpected error: " + e.message, false);
    }
    print ("1..%d\n", passed + failed);
    return failed == 0 && passed > 0 ? 0 : 1;
}
