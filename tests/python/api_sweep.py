# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""The API sweep's worker (issue 11): every introspected method of one class,
called on an open, a closed and a never-initialized object with zero,
negative, huge, wrong-typed and None arguments.

Run as `api_sweep.py CLASS` (tests/python/test_device_api_sweep.py starts one
process per class, so a crash is reported by the class's name). It prints
"CALL Class.method state args" before each call (flushed: the last line
names the call of a crash or a hang) and, at the end, one JSON line
"RESULT {...}" with the calls made and the unexpected exceptions.

Only GLib.Error, TypeError, ValueError and OverflowError may come out of a
call; any other exception, a crash, a GLib critical or warning is a finding."""
import faulthandler
import json
import os
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, GObject, Verbs  # noqa: E402
from gi._gi import Direction, InfoType, TypeTag  # noqa: E402

RAW = Verbs._introspection_module
ALLOWED = (GLib.Error, TypeError, ValueError, OverflowError)

# Methods not called, with the reason. Each would block on an event that
# never comes in a sweep (the timeout argument takes -1 or 2**31), or ends
# the tree the sweep works on before its other methods ran.
SKIP = {
    ('Context', 'get_async_event'): 'waits for a device async event (timeout_ms -1: forever)',
    ('CompChannel', 'get_cq_event'): 'waits for a completion event (timeout_ms -1: forever)',
    ('CQPoller', 'next'): 'waits for a completion (timeout -1: forever)',
    ('CMID', 'get_request'): 'synchronous rdma_get_request: waits for a connect request',
}

# Findings in code this sweep's author does not own, reported to the lead
# and not called until fixed there: (class, method, state or None for all)
# -> what happens. Remove an entry when its fix lands.
KNOWN = {}

# Bad values tried for each argument in turn.
BAD = [0, -1, 2 ** 64, 2 ** 31, -2 ** 63, 'wrong', None, object(), b'\xff' * 300, 1.5]

criticals = []


def _log_handler(domain, level, message, *args):
    if level & (GLib.LogLevelFlags.LEVEL_CRITICAL | GLib.LogLevelFlags.LEVEL_WARNING |
                GLib.LogLevelFlags.LEVEL_ERROR):
        criticals.append('%s: %s' % (domain, message))
        print('LOG %s: %s' % (domain, message), flush=True)


class Pool:
    """Live objects of the device: the good arguments and the open objects."""

    def __init__(self):
        self.keep = []
        dev = os.environ.get('GVERBS_TEST_DEVICE', 'rxe0')
        self.dev = dev
        ctx = self.ctx = self._try(lambda: Verbs.Context(name=dev))
        self.pd = self._try(lambda: Verbs.PD(ctx))
        self.channel = self._try(lambda: Verbs.CompChannel(ctx))
        self.cq = self._try(lambda: Verbs.CQ(ctx, 16, None, self.channel, 0))
        self.mr = self._try(lambda: Verbs.MR(self.pd, 4096, Verbs.IBV_ACCESS_LOCAL_WRITE |
                                             Verbs.IBV_ACCESS_REMOTE_WRITE |
                                             Verbs.IBV_ACCESS_REMOTE_READ))
        self.gid = self._try(lambda: ctx.query_gid(1, 0))

    def _try(self, make):
        try:
            obj = make()
        except Exception as e:  # a factory the device refuses: that state is not swept
            print('NOTE factory: %s' % e, flush=True)
            return None
        self.keep.append(obj)
        return obj

    def rc_qp(self):
        cap = Verbs.QPCap(16, 16, 2, 2, 0)
        return Verbs.QP(self.pd, Verbs.QPInitAttr(qp_type=Verbs.IBV_QPT_RC, scq=self.cq,
                                                  rcq=self.cq, cap=cap), Verbs.QPAttr())

    def ah(self):
        attr = Verbs.AHAttr(port_num=1, is_global=1,
                            gr=Verbs.GlobalRoute(dgid=self.gid, sgid_index=0, hop_limit=1))
        return Verbs.AH(self.pd, attr)

    def srq(self):
        return Verbs.SRQ(self.pd, Verbs.SrqInitAttr(Verbs.SrqAttr(16, 1, 0)))

    def make(self, name):
        """An open object of class @name, or None when the device has none."""
        factories = {
            'Context': lambda: Verbs.Context(name=self.dev),
            'PD': lambda: Verbs.PD(self.ctx),
            'MR': lambda: Verbs.MR(self.pd, 4096, Verbs.IBV_ACCESS_LOCAL_WRITE),
            'MW': lambda: Verbs.MW(self.pd, Verbs.IBV_MW_TYPE_1),
            'CQ': lambda: Verbs.CQ(self.ctx, 16, None, Verbs.CompChannel(self.ctx), 0),
            'CQEX': lambda: Verbs.CQEX(self.ctx, Verbs.CqInitAttrEx(cqe=16)),
            'CompChannel': lambda: Verbs.CompChannel(self.ctx),
            'QP': self.rc_qp,
            'SRQ': self.srq,
            'AH': self.ah,
            'XRCD': lambda: Verbs.XRCD(self.ctx, Verbs.XRCDInitAttr()),
            'DM': lambda: Verbs.DM(self.ctx, Verbs.AllocDmAttr(4096)),
            'EventChannel': lambda: Verbs.EventChannel(),
            'CMID': lambda: Verbs.CMID(creator=Verbs.EventChannel(),
                                       port_space=Verbs.PortSpace.UDP),
            'BufferPool': lambda: Verbs.BufferPool(self.pd, 4, 256, None),
            'CQPoller': lambda: Verbs.CQPoller(self.cq),
            'AddrInfo': lambda: Verbs.AddrInfo(None, None, '7471', None,
                                               Verbs.PortSpace.TCP, Verbs.RAI_PASSIVE),
            'Path': lambda: Verbs.IBPath(1),
            'Spec': lambda: Verbs.EthSpec(dst_mac='01:02:03:04:05:06'),
            'FlowAttr': lambda: Verbs.FlowAttr(),
            'DeviceMonitor': lambda: Verbs.DeviceMonitor.new(None),
            'PortStatus': lambda: Verbs.DeviceMonitor.new(None).get_port(self.dev, 1),
            'PortCounters': lambda: Verbs.PortCounters.new(self.dev, 1),
        }
        make = factories.get(name)
        if make is None:
            return None
        return self._try(make)

    def good(self, type_info):
        """A plausible value of an argument's type."""
        tag = type_info.get_tag()
        if tag == TypeTag.BOOLEAN:
            return True
        if tag in (TypeTag.UTF8, TypeTag.FILENAME):
            return 'x'
        if tag in (TypeTag.FLOAT, TypeTag.DOUBLE):
            return 1.0
        if tag in (TypeTag.ARRAY, TypeTag.GLIST, TypeTag.GSLIST):
            return []
        if tag == TypeTag.INTERFACE:
            iface = type_info.get_interface()
            itype = iface.get_type()
            if itype in (InfoType.ENUM, InfoType.FLAGS):
                return 0 if itype == InfoType.FLAGS else iface.get_values()[0].get_value()
            if itype == InfoType.CALLBACK:
                return None
            name = iface.get_name()
            if iface.get_namespace() == 'Verbs':
                for obj in self.keep:
                    if type(obj).__name__ == name or isinstance(obj, getattr(RAW, name, ())):
                        return obj
                if name == 'Gid':
                    return self.gid
                cls = getattr(RAW, name, None)
                if cls is not None and itype == InfoType.STRUCT:
                    try:
                        return cls()
                    except Exception:
                        return None
            return None
        return 1


def python_args(func):
    """The arguments a Python caller passes: not out, not array lengths, not
    a callback's user data or destroy notify."""
    args = func.get_arguments()
    hidden = set()
    for arg in args:
        t = arg.get_type()
        if t.get_tag() == TypeTag.ARRAY and t.get_array_length() >= 0:
            hidden.add(t.get_array_length())
        if arg.get_closure() >= 0:
            hidden.add(arg.get_closure())
        if arg.get_destroy() >= 0:
            hidden.add(arg.get_destroy())
    return [a for i, a in enumerate(args)
            if i not in hidden and a.get_direction() != Direction.OUT]


def vectors(pool, args):
    good = [pool.good(a.get_type()) for a in args]
    yield list(good)
    for bad in BAD:
        yield [bad] * len(args)
        if len(args) > 1:
            for i in range(len(args)):
                v = list(good)
                v[i] = bad
                yield v
    yield [None] * (len(args) + 1)  # one too many
    if args:
        yield []  # none


def short(v):
    s = repr(v)
    return s if len(s) < 40 else s[:37] + '...'


def sweep(name):
    pool = Pool()
    cls = getattr(RAW, name)
    info = cls.__info__
    methods = [m for m in info.get_methods()]
    findings, calls = [], 0

    def call(label, func, target, vec):
        nonlocal calls
        calls += 1
        print('CALL %s.%s %s (%s)' % (name, func.get_name(), label,
                                      ', '.join(short(v) for v in vec)), flush=True)
        before = len(criticals)
        try:
            if target is None:
                getattr(cls, func.get_name())(*vec)
            else:
                getattr(cls, func.get_name())(target, *vec)
        except ALLOWED:
            pass
        except Exception as e:
            findings.append('%s.%s %s %r: %s: %s' % (name, func.get_name(), label,
                                                     [short(v) for v in vec],
                                                     type(e).__name__, e))
        if len(criticals) > before:
            findings.append('%s.%s %s %r: %s' % (name, func.get_name(), label,
                                                 [short(v) for v in vec], criticals[-1]))

    def states():
        gtype = cls.__gtype__
        if GObject.type_is_a(gtype, GObject.Object):
            obj = pool.make(name)
            if obj is not None:
                yield 'open', obj
                if hasattr(obj, 'close'):
                    obj.close()
                    yield 'closed', obj
            if not GObject.type_test_flags(gtype, GObject.TypeFlags.ABSTRACT):
                yield 'never-initialized', GObject.new(gtype)
        else:
            try:
                yield 'zeroed', cls()
            except Exception as e:
                print('NOTE %s() refused: %s' % (name, e), flush=True)

    # Functions and constructors first (no instance).
    for func in methods:
        if func.is_method() or (name, func.get_name()) in SKIP \
                or (name, func.get_name(), 'static') in KNOWN:
            continue
        for vec in vectors(pool, python_args(func)):
            call('static', func, None, vec)

    for label, obj in states():
        ordered = sorted((m for m in methods if m.is_method()),
                         key=lambda m: m.get_name() in ('close', 'free', 'unimport'))
        for func in ordered:
            if (name, func.get_name()) in SKIP or func.get_name() == 'free' \
                    or (name, func.get_name(), label) in KNOWN:
                continue
            for vec in vectors(pool, python_args(func)):
                call(label, func, obj, vec)
    return calls, findings


def main():
    name = sys.argv[1]
    faulthandler.enable()
    # A call that hangs: the traceback and the last CALL line name it.
    faulthandler.dump_traceback_later(int(os.environ.get('SWEEP_CALL_TIMEOUT', '240')), exit=True)
    for domain in ('GVerbs', 'GLib', 'GLib-GObject', 'GLib-GIO', None):
        GLib.log_set_handler(domain, GLib.LogLevelFlags.LEVEL_MASK | GLib.LogLevelFlags.FLAG_FATAL
                             | GLib.LogLevelFlags.FLAG_RECURSION, _log_handler)
    calls, findings = sweep(name)
    print('RESULT ' + json.dumps({'class': name, 'calls': calls, 'findings': findings}),
          flush=True)


if __name__ == '__main__':
    main()
