# libgverbs Python overrides: make gi.repository.Verbs feel like pyverbs.
#
# The rule: code written for pyverbs ports to libgverbs by changing its
# imports.  Constructors accept pyverbs' signatures and run GInitable.init(),
# objects work as context managers that close(), properties are reachable as
# plain attributes (attr.max_qp), and print() gives pyverbs' layout.

from gi.module import get_introspection_module
from gi.overrides import override
from gi.repository import GObject

Verbs = get_introspection_module('Verbs')

__all__ = []


def _export(obj, name=None):
    name = name or obj.__name__
    globals()[name] = obj
    __all__.append(name)
    return obj


def _props_getattr(self, name):
    # Called only when normal lookup fails: fall back to GObject properties,
    # so attr.max_qp works as attr.props.max_qp does.
    if not name.startswith('_'):
        pspec = type(self).find_property(name.replace('_', '-'))
        if pspec is not None:
            return self.get_property(pspec.name)
    raise AttributeError('%r object has no attribute %r' % (type(self).__name__, name))


class _Closable:
    """Context-manager behaviour of every object that has close()."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


# --- devices and contexts ---------------------------------------------------

class Device(Verbs.Device):
    __getattr__ = _props_getattr

    def __str__(self):
        return self.to_string()


Device = _export(override(Device))


def get_device_list():
    """pyverbs' device.get_device_list(): the devices of this host."""
    return list(Verbs.get_devices())


_export(get_device_list)


class DeviceAttr(Verbs.DeviceAttr):
    __getattr__ = _props_getattr

    # pyverbs' names for fields it renames
    fw_version = property(lambda self: self.props.fw_ver)
    atomic_caps = property(lambda self: int(self.props.atomic_cap))
    max_raw_ipv6_qps = property(lambda self: self.props.max_raw_ipv6_qp)

    def __str__(self):
        return self.to_string()


DeviceAttr = _export(override(DeviceAttr))


class Context(_Closable, Verbs.Context):
    """An open RDMA device: Context(name='rxe0')."""
    __getattr__ = _props_getattr

    def __init__(self, name=None, **kwargs):
        Verbs.Context.__init__(self, name=name)
        self.init(None)


Context = _export(override(Context))


class PortAttr(Verbs.PortAttr):
    __getattr__ = _props_getattr

    def __str__(self):
        return self.to_string()


PortAttr = _export(override(PortAttr))


# --- completion queues, completion channels and work completions -------------

import errno as _errno  # noqa: E402

from gi.repository import GLib  # noqa: E402


def _props_setattr(self, name, value):
    # attr.cqe = 10 sets the GObject property, as pyverbs' setters do.
    if not name.startswith('_'):
        pspec = type(self).find_property(name.replace('_', '-'))
        if pspec is not None and pspec.flags & GObject.ParamFlags.WRITABLE:
            self.set_property(pspec.name, value)
            return
    GObject.Object.__setattr__(self, name, value)


class WC(Verbs.WC):
    """A work completion: WC(wr_id=0, status=0, opcode=0, ...) as in pyverbs.

    Fields are attributes (wc.status, wc.wr_id, ...). imm_data is in network
    byte order, as rdma-core gives it."""

    _FIELDS = ('wr_id', 'status', 'opcode', 'vendor_err', 'byte_len', 'qp_num',
               'src_qp', 'imm_data', 'wc_flags', 'pkey_index', 'slid', 'sl',
               'dlid_path_bits')

    def __new__(cls, *args, **kwargs):
        return Verbs.WC.__new__(cls)

    def __init__(self, wr_id=0, status=0, opcode=0, vendor_err=0, byte_len=0,
                 qp_num=0, src_qp=0, imm_data=0, wc_flags=0, pkey_index=0,
                 slid=0, sl=0, dlid_path_bits=0):
        Verbs.WC.__init__(self)
        values = locals()
        for name in self._FIELDS:
            setattr(self, name, values[name])
        self.invalidated_rkey = imm_data

    def __str__(self):
        return self.to_string()

    def __repr__(self):
        return '<Verbs.WC wr_id=%d status=%s opcode=%s>' % (
            self.wr_id, getattr(self.status, 'value_nick', self.status),
            getattr(self.opcode, 'value_nick', self.opcode))


WC = _export(override(WC))


class WCError(GLib.Error):
    """python-rdma's WCError: raise WCError(wc, qp) for a failed completion.

    A GLib.Error in the gverbs-wc-error-quark domain whose code is the
    completion status; .wc, .qp and .wr_id are kept. The class also carries
    the domain's codes, as the GVerbsWCError enum does (WCError.REM_ACCESS_ERR)."""

    def __init__(self, wc, qp=None, msg=None):
        err = Verbs.WC.to_error(wc)
        if err is None:
            text, code = 'Work completion succeeded: wr_id %d' % wc.wr_id, 0
        else:
            text, code = err.message, err.code
        if msg:
            text = '%s: %s' % (msg, text)
        GLib.Error.__init__(self, text, 'gverbs-wc-error-quark', int(code))
        self.wc = wc
        self.qp = qp
        self.wr_id = wc.wr_id
        self.status = wc.status


# Verbs.WCError also stays the enum of the domain's codes: WCError.REM_ACCESS_ERR.
for _value in Verbs.WCError.__enum_values__.values():
    setattr(WCError, _value.value_nick.replace('-', '_').upper(), _value)
_export(WCError)


class CompChannel(_Closable, Verbs.CompChannel):
    """A completion channel: CompChannel(ctx). Its source runs on the
    thread-default main context of the thread that creates it."""
    __getattr__ = _props_getattr

    def __init__(self, context, **kwargs):
        Verbs.CompChannel.__init__(self, context=context)
        self.init(None)

    def get_cq_event(self, expected_cq=None, timeout=-1, cancellable=None):
        """Waits for the next completion event (pyverbs' blocking call);
        returns the CQ. Acknowledge it with cq.ack_events(1)."""
        cq = Verbs.CompChannel.get_cq_event(self, timeout, cancellable)
        if expected_cq is not None and cq != expected_cq:
            raise GLib.Error('Received event on an unexpected CQ', 'gverbs-error-quark',
                             int(Verbs.Error.FAILED))
        return cq

    @property
    def channel(self):
        return self


CompChannel = _export(override(CompChannel))


class CQ(_Closable, Verbs.CQ):
    """A completion queue: CQ(ctx, cqe, cq_context, channel, comp_vector).

    cq_context is kept as cq.cq_context for the caller; rdma-core's is used by
    the library. cq.watched = True delivers completions on the main loop."""

    def __init__(self, context, cqe=100, cq_context=None, channel=None, comp_vector=0, **kwargs):
        Verbs.CQ.__init__(self, context=context, cqe=cqe, channel=channel,
                          comp_vector=comp_vector)
        self.init(None)
        GObject.Object.__setattr__(self, 'cq_context', cq_context)

    def __getattr__(self, name):
        return _props_getattr(self, name)

    def __setattr__(self, name, value):
        if name == 'watched':
            self.set_watched(value)
        else:
            _props_setattr(self, name, value)

    def poll(self, num_entries=1):
        """pyverbs' poll: (npolled, [WC]) with up to num_entries completions."""
        wcs = Verbs.CQ.poll_list(self, num_entries)
        return len(wcs), list(wcs)

    def req_notify(self, solicited_only=False):
        return Verbs.CQ.req_notify(self, solicited_only)

    # python-rdma's name
    def req_notify_cq(self, solicited_only=False):
        return Verbs.CQ.req_notify(self, solicited_only)

    def __str__(self):
        return self.to_string()


CQ = _export(override(CQ))


class CqInitAttrEx(Verbs.CqInitAttrEx):
    """CqInitAttrEx(cqe=100, channel=None, comp_vector=0, wc_flags=0,
    comp_mask=0, flags=0) as in pyverbs; every field is settable."""
    __getattr__ = _props_getattr
    __setattr__ = _props_setattr

    def __init__(self, cqe=100, channel=None, comp_vector=0, wc_flags=0, comp_mask=0,
                 flags=0, **kwargs):
        Verbs.CqInitAttrEx.__init__(self)
        self.set_property('cqe', cqe)
        self.set_property('channel', channel)
        self.set_property('comp-vector', comp_vector)
        self.set_property('wc-flags', int(wc_flags))
        self.set_property('comp-mask', int(comp_mask))
        self.set_property('flags', int(flags))

    comp_channel = property(lambda self: self.get_property('channel'),
                            lambda self, value: self.set_property('channel', value))

    def __str__(self):
        return self.to_string()


CqInitAttrEx = _export(override(CqInitAttrEx))


class CQEX(_Closable, Verbs.CQEX):
    """An extended CQ: CQEX(ctx, CqInitAttrEx(...)).

    start_poll() and poll_next() return 0 when a completion is ready and
    errno.ENOENT when the CQ is empty, as pyverbs does."""
    __getattr__ = _props_getattr

    def __init__(self, context, init_attr=None, **kwargs):
        Verbs.CQEX.__init__(self, context=context, init_attr=init_attr)
        self.init(None)

    def start_poll(self, attr=None):
        return 0 if Verbs.CQEX.start_poll(self) else _errno.ENOENT

    def poll_next(self):
        return 0 if Verbs.CQEX.next_poll(self) else _errno.ENOENT

    def next_poll(self):
        return self.poll_next()

    def read_wc(self):
        wc = WC()
        native = Verbs.CQEX.read_wc(self)
        for name in WC._FIELDS + ('invalidated_rkey',):
            setattr(wc, name, getattr(native, name))
        return wc

    status = property(lambda self: self.read_status())
    wr_id = property(lambda self: self.read_wr_id())

    def __str__(self):
        return self.to_string()


CQEX = _export(override(CQEX))


def _context_cq(self, nelems=100, comp_chan=None, comp_vector=0):
    """python-rdma's ctx.cq(nelems, comp_chan)."""
    return CQ(self, nelems, None, comp_chan, comp_vector)


def _context_comp_channel(self):
    """python-rdma's ctx.comp_channel()."""
    return CompChannel(self)


Context.cq = _context_cq
Context.comp_channel = _context_comp_channel


# --- flat rdma-core constant names (pyverbs' libibverbs_enums) ----------------

def _export_constants():
    import re
    for attr in dir(Verbs):
        enum_type = getattr(Verbs, attr, None)
        gtype = getattr(enum_type, '__gtype__', None)
        if gtype is None or not (gtype.is_a(GObject.TYPE_ENUM) or gtype.is_a(GObject.TYPE_FLAGS)):
            continue
        if gtype.is_a(GObject.TYPE_ENUM):
            values = [(v, v.value_name) for v in enum_type.__enum_values__.values()]
        else:
            values = [(v, v.first_value_name) for v in enum_type.__flags_values__.values()
                      if v.first_value_name is not None]
        for value, c_name in values:
            if c_name.startswith('GVERBS_ERROR_'):
                continue
            if c_name.startswith('GVERBS_'):
                flat = 'IBV_' + c_name[len('GVERBS_'):]
                if re.match(r'^[A-Z_0-9]+$', flat) and flat not in globals():
                    globals()[flat] = value
                    __all__.append(flat)


_export_constants()
