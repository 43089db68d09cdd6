// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Device test: an rdma_cm client and server on one GLib main loop in GJS
// (resolve address and route, connect, accept, one message each way,
// disconnect), over rxe loopback at $GVERBS_VM_ADDR.
imports.gi.versions.Verbs = '1.0';
const { GLib, Verbs } = imports.gi;

let passed = 0, failed = 0;
function check(name, cond) {
    if (cond) { passed++; print(`ok - ${name}`); } else { failed++; print(`not ok - ${name}`); }
}

const addr = GLib.getenv('GVERBS_VM_ADDR');
if (!GLib.getenv('GVERBS_TEST_DEVICE') || !addr) {
    print('not ok - GVERBS_TEST_DEVICE or GVERBS_VM_ADDR is not set');
    imports.system.exit(1);
}
const port = '7491';
const loop = new GLib.MainLoop(null, false);
const events = [];
const enc = new TextEncoder(), dec = new TextDecoder();

// [wr_id, status, opcode, byte_len] of a Verbs.WC
function comp(wc) {
    return [wc.wr_id, wc.status, wc.opcode, wc.byte_len];
}

function qpAttr() {
    const attr = Verbs.CMQPInitAttr.new();
    attr.max_send_wr = 2;
    attr.max_recv_wr = 2;
    return attr;
}

const ch = Verbs.EventChannel.new();
const listener = Verbs.CMID.new_on_channel(ch, Verbs.PortSpace.TCP);
listener.bind_addr(Verbs.AddrInfo.new(addr, null, port, null, Verbs.PortSpace.TCP,
    Verbs.AddrInfoFlags.PASSIVE));
listener.listen(4);
let server = null, serverBuf = null;

listener.connect('connect-request', (l, newId, privateData) => {
    events.push('connect-request');
    server = newId;
    check('private data', dec.decode(privateData.toArray().slice(0, 5)) === 'hello');
    server.create_qp(qpAttr());
    serverBuf = server.reg_msgs(64);
    server.post_recv(serverBuf, 0, 64, 1);
    server.connect('disconnected', id => {
        events.push('server-disconnected');
        id.shutdown();
    });
    server.accept_async(null, null, null, (id, res) => {
        id.accept_finish(res);
        events.push('server-established');
        maybeTalk();
    });
});

const client = Verbs.CMID.new_on_channel(ch, Verbs.PortSpace.TCP);
client.connect('disconnected', () => {
    events.push('client-disconnected');
    loop.quit();
});
let clientConnected = false;

function maybeTalk() {
    if (!clientConnected || !events.includes('server-established'))
        return;
    const msg = enc.encode('message from GJS');
    const buf = client.reg_msgs(64);
    check('reg_msgs gives an MR on the CMID PD', buf instanceof Verbs.MR &&
        buf.pd === client.pd && client.pd.context === client.context);
    buf.write(msg, 0);
    client.post_send(buf, 0, msg.length, Verbs.SendFlags.SIGNALED, 5);
    const [wrId, status] = comp(client.get_send_comp());
    check('send completion', wrId === 5 && status === Verbs.WCStatus.SUCCESS);
    const [, rstatus, opcode, len] = comp(server.get_recv_comp());
    check('recv completion', rstatus === Verbs.WCStatus.SUCCESS && opcode === Verbs.WCOpcode.RECV);
    check('message received byte for byte',
        dec.decode(serverBuf.read(len, 0).toArray()) === 'message from GJS');
    client.shutdown();
}

client.resolve_addr_async(Verbs.AddrInfo.new(addr, addr, null, port, Verbs.PortSpace.TCP, 0),
    2000, null, (c, res) => {
        c.resolve_addr_finish(res);
        check('device name after resolve', c.device_name === GLib.getenv('GVERBS_TEST_DEVICE'));
        c.resolve_route_async(2000, null, (c2, res2) => {
            c2.resolve_route_finish(res2);
            c2.create_qp(qpAttr());
            c2.connect_to_peer_async(null, new GLib.Bytes(enc.encode('hello')), null, (c3, res3) => {
                c3.connect_to_peer_finish(res3);
                clientConnected = true;
                check('remote address', c3.remote_address === addr);
                maybeTalk();
            });
        });
    });

GLib.timeout_add_seconds(GLib.PRIORITY_DEFAULT, 60, () => { loop.quit(); return false; });
loop.run();
check('events', JSON.stringify(events.slice(0, 2)) === '["connect-request","server-established"]');
check('both disconnected', events.includes('server-disconnected') &&
    events.includes('client-disconnected'));
ch.close();
check('closed', client.closed && listener.closed && server.closed && serverBuf.closed);
print(`# ${passed} passed, ${failed} failed`);
imports.system.exit(failed === 0 && passed > 0 ? 0 : 1);
