// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

// Device test: rdma_cm signal handlers in GJS that close the emitting
// identifier, close its event channel or drop the last reference to it
// (a subset of tests/c/test-device-cm-reentrancy.c), over rxe loopback at
// $GVERBS_VM_ADDR. GJS must survive, closed objects answer
// GVERBS_ERROR_CLOSED, and no identifier is left.
imports.gi.versions.Verbs = '1.0';
const { GLib, Verbs } = imports.gi;
const System = imports.system;

let passed = 0, failed = 0;
function check(name, cond) {
    if (cond) { passed++; print(`ok - ${name}`); } else { failed++; print(`not ok - ${name}`); }
}

const addr = GLib.getenv('GVERBS_VM_ADDR');
if (!GLib.getenv('GVERBS_TEST_DEVICE') || !addr) {
    print('not ok - GVERBS_TEST_DEVICE or GVERBS_VM_ADDR is not set');
    System.exit(1);
}

function qpAttr() {
    const attr = Verbs.CMQPInitAttr.new();
    attr.max_send_wr = 2;
    attr.max_recv_wr = 2;
    return attr;
}

function isClosedError(f) {
    try {
        f();
        return false;
    } catch (e) {
        return e.matches(Verbs.Error, Verbs.Error.CLOSED);
    }
}

function cmIds() {
    const [, out] = GLib.spawn_command_line_sync('rdma resource show cm_id');
    const pid = ` pid ${new TextDecoder().decode(GLib.file_get_contents('/proc/self/stat')[1]).split(' ')[0]} `;
    return new TextDecoder().decode(out).split('\n').filter(l => l.includes(pid)).length;
}

// One connection on one channel; ACT runs in the handler of SIGNAL on WHO.
function runCase(name, port, who, signal, action, eventType) {
    const loop = new GLib.MainLoop(null, false);
    const ch = Verbs.EventChannel.new();
    const objs = {};
    let acted = false;
    objs.listener = Verbs.CMID.new_on_channel(ch, Verbs.PortSpace.TCP);
    objs.listener.bind_addr(Verbs.AddrInfo.new(addr, null, `${port}`, null, Verbs.PortSpace.TCP,
        Verbs.AddrInfoFlags.PASSIVE));
    objs.listener.listen(4);
    objs.client = Verbs.CMID.new_on_channel(ch, Verbs.PortSpace.TCP);
    let emitter = null;

    function arm(key) {
        if (key !== who)
            return;
        objs[key].connect(signal, (o, type) => {
            if (acted || (eventType !== undefined && type !== eventType))
                return;
            acted = true;
            if (action === 'close') {
                emitter = o;
                o.close();
            } else if (action === 'close-channel') {
                emitter = o;
                o.get_event_channel().close();
            } else {
                delete objs[key];
                System.gc();
            }
            GLib.timeout_add(GLib.PRIORITY_DEFAULT, 1000, () => {
                loop.quit();
                return GLib.SOURCE_REMOVE;
            });
        });
    }

    const tolerant = f => {
        try {
            f();
            return true;
        } catch (e) {
            return false;
        }
    };
    arm('listener');
    arm('client');
    objs.listener.connect('connect-request', (l, newId) => {
        if (newId.closed)
            return;
        objs.server = newId;
        arm('server');
        newId.create_qp(qpAttr());
        newId.accept_async(null, null, null, (id, res) => tolerant(() => id.accept_finish(res)));
    });
    const dst = Verbs.AddrInfo.new(null, addr, null, `${port}`, Verbs.PortSpace.TCP, 0);
    objs.client.resolve_addr_async(dst, 2000, null, (c, res) => {
        if (!tolerant(() => c.resolve_addr_finish(res)))
            return;
        c.resolve_route_async(2000, null, (c2, res2) => {
            if (!tolerant(() => c2.resolve_route_finish(res2)))
                return;
            if (!tolerant(() => c2.create_qp(qpAttr())))
                return;
            c2.connect_to_peer_async(null, null, null, (c3, res3) => tolerant(() => c3.connect_to_peer_finish(res3)));
        });
    });
    const guard = GLib.timeout_add_seconds(GLib.PRIORITY_DEFAULT, 60, () => {
        loop.quit();
        return GLib.SOURCE_REMOVE;
    });
    loop.run();
    check(`${name}/${action}: the signal came and the handler ran`, acted);
    if (acted)
        GLib.source_remove(guard);
    if (emitter !== null)
        check(`${name}/${action}: calls on the closed identifier give CLOSED`,
            emitter.closed && isClosedError(() => emitter.listen(0)));
    if (action === 'close-channel')
        check(`${name}/${action}: the channel is closed`,
            ch.closed && isClosedError(() => Verbs.CMID.new_on_channel(ch, Verbs.PortSpace.TCP)));
    ch.close();
    emitter = null;
    for (const k of Object.keys(objs))
        delete objs[k];
    System.gc();
    while (GLib.MainContext.default().iteration(false))
        ;
    check(`${name}/${action}: no identifier left`, cmIds() === 0);
}

let port = 7950;
for (const action of ['close', 'close-channel', 'drop']) {
    runCase('addr-resolved', port++, 'client', 'event', action, Verbs.CMEventType.ADDR_RESOLVED);
    runCase('connect-request', port++, 'listener', 'connect-request', action);
    runCase('established', port++, 'server', 'established', action);
}

print(`1..${passed + failed}`);
print(`# ${passed} passed, ${failed} failed`);
System.exit(failed === 0 ? 0 : 1);
