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


# --- protection domains ---------------------------------------------------------

class PD(_Closable, Verbs.PD):
    """A protection domain: PD(ctx)."""
    __getattr__ = _props_getattr

    def __init__(self, context, **kwargs):
        Verbs.PD.__init__(self, context=context)
        self.init(None)


PD = _export(override(PD))


def _context_pd(self):
    """python-rdma's ctx.pd()."""
    return PD(self)


Context.pd = _context_pd


# --- rdma_cm: AddrInfo, CMEventChannel, CMID (pyverbs.cmid) -------------------

def _to_bytes(data):
    from gi.repository import GLib
    if data is None:
        return None
    if isinstance(data, GLib.Bytes):
        return data
    if isinstance(data, str):
        data = data.encode('utf-8')
    return GLib.Bytes.new(bytes(data))


def _service(value):
    return None if value is None else str(value)


class AddrInfo(Verbs.AddrInfo):
    """pyverbs' AddrInfo(src=None, dst=None, src_service=None,
    dst_service=None, port_space=RDMA_PS_TCP, flags=0): rdma_getaddrinfo()."""
    __getattr__ = _props_getattr

    def __init__(self, src=None, dst=None, src_service=None, dst_service=None,
                 port_space=Verbs.PortSpace.TCP, flags=0, **kwargs):
        Verbs.AddrInfo.__init__(self, src=src, dst=dst,
                                src_service=_service(src_service),
                                dst_service=_service(dst_service),
                                port_space=Verbs.PortSpace(int(port_space) or Verbs.PortSpace.TCP),
                                flags=Verbs.AddrInfoFlags(int(flags)))
        self.init(None)


AddrInfo = _export(override(AddrInfo))


class EventChannel(_Closable, Verbs.EventChannel):
    """An rdma_cm event channel watched on the thread-default main context
    (pyverbs' CMEventChannel())."""
    __getattr__ = _props_getattr

    def __init__(self, **kwargs):
        Verbs.EventChannel.__init__(self)
        self.init(None)


EventChannel = _export(override(EventChannel))
CMEventChannel = _export(EventChannel, 'CMEventChannel')


class ConnParam(Verbs.ConnParam):
    """pyverbs' ConnParam(resources=1, depth=1, flow_control=0, retry=5,
    rnr_retry=5, srq=0, qp_num=0)."""

    def __new__(cls, *args, **kwargs):
        return Verbs.ConnParam.__new__(cls)

    def __init__(self, resources=1, depth=1, flow_control=0, retry=5,
                 rnr_retry=5, srq=0, qp_num=0):
        Verbs.ConnParam.__init__(self)
        self.responder_resources = resources
        self.initiator_depth = depth
        self.flow_control = flow_control
        self.retry_count = retry
        self.rnr_retry_count = rnr_retry
        self.srq = srq
        self.qp_num = qp_num

    @property
    def qpn(self):
        return self.qp_num


ConnParam = _export(override(ConnParam))


def _cm_qp_init_attr(attr):
    """A pyverbs-style QPInitAttr (qp_type, cap.max_*_wr …, sq_sig_all) or a
    Verbs.CMQPInitAttr, as a Verbs.CMQPInitAttr."""
    if attr is None or isinstance(attr, Verbs.CMQPInitAttr):
        return attr
    out = Verbs.CMQPInitAttr.new()
    cap = getattr(attr, 'cap', None)
    if cap is not None:
        for field in ('max_send_wr', 'max_recv_wr', 'max_send_sge', 'max_recv_sge',
                      'max_inline_data'):
            value = getattr(cap, field, None)
            if value is not None:
                setattr(out, field, int(value))
    qp_type = getattr(attr, 'qp_type', None)
    if qp_type is not None:
        out.qp_type = Verbs.QPType(int(qp_type))
    out.sq_sig_all = bool(getattr(attr, 'sq_sig_all', False))
    return out


class CMCompletion:
    """What CMID.get_send_comp()/get_recv_comp() return: the fields of the
    work completion that rdma_get_*_comp() reports."""
    __slots__ = ('wr_id', 'status', 'opcode', 'byte_len')

    def __init__(self, wr_id, status, opcode, byte_len):
        self.wr_id, self.status, self.opcode, self.byte_len = wr_id, status, opcode, byte_len

    def __repr__(self):
        return 'CMCompletion(wr_id=%d, status=%s, opcode=%s, byte_len=%d)' % (
            self.wr_id, self.status.value_nick, self.opcode.value_nick, self.byte_len)


_export(CMCompletion)


class CMBuffer(_Closable, Verbs.CMBuffer):
    """Registered memory of a CMID (what reg_msgs() returns), with pyverbs'
    MR interface: write(data, length, offset), read(length, offset), buf,
    lkey, rkey, length."""
    __getattr__ = _props_getattr

    def write(self, data, length=None, offset=0):
        if isinstance(data, str):
            data = data.encode('utf-8')
        data = bytes(data)
        if length is not None:
            data = data[:length]
        Verbs.CMBuffer.write(self, data, offset)

    def read(self, length, offset=0):
        return bytes(Verbs.CMBuffer.read(self, length, offset).get_data() or b'')

    @property
    def buf(self):
        return self.get_addr()


CMBuffer = _export(override(CMBuffer))


class CMID(_Closable, Verbs.CMID):
    """pyverbs' CMID: CMID(creator=AddrInfo, qp_init_attr=…) for the
    synchronous API (rdma_create_ep), CMID(creator=CMEventChannel,
    port_space=…) for the event-driven one.  cid.connect() with no signal
    name connects to the peer; with one it connects a signal handler, as
    cid.disconnect(handler_id) disconnects one."""
    __getattr__ = _props_getattr

    def __init__(self, creator=None, qp_init_attr=None, pd=None,
                 port_space=Verbs.PortSpace.TCP, listen_id=None, **kwargs):
        if pd is not None:
            raise NotImplementedError('CMID(pd=…) is not supported yet: rdma_cm uses its own PD')
        if isinstance(creator, Verbs.AddrInfo):
            Verbs.CMID.__init__(self, addr_info=creator,
                                qp_init_attr=_cm_qp_init_attr(qp_init_attr))
        elif isinstance(creator, Verbs.EventChannel):
            Verbs.CMID.__init__(self, event_channel=creator,
                                port_space=Verbs.PortSpace(int(port_space)))
        else:
            raise TypeError('CMID needs an AddrInfo or a CMEventChannel, not %r' % (creator,))
        self.init(None)

    # GObject's connect()/disconnect() stay reachable with a signal name or
    # handler id; without, they are pyverbs' rdma_connect()/rdma_disconnect().
    def connect(self, *args, **kwargs):
        if args and isinstance(args[0], str):
            return GObject.Object.connect(self, *args, **kwargs)
        param = args[0] if args else kwargs.get('param')
        self.connect_to_peer(param, _to_bytes(kwargs.get('private_data')))

    def disconnect(self, *args):
        if args:
            return GObject.Object.disconnect(self, *args)
        self.shutdown()

    def accept(self, param=None, private_data=None):
        Verbs.CMID.accept(self, param, _to_bytes(private_data))

    def reject(self, private_data=None):
        Verbs.CMID.reject(self, _to_bytes(private_data))

    def listen(self, backlog=0):
        Verbs.CMID.listen(self, backlog)

    def create_qp(self, qp_init):
        Verbs.CMID.create_qp(self, _cm_qp_init_attr(qp_init))

    def reg_read(self, size=0):
        return Verbs.CMID.reg_read(self, size)

    def reg_write(self, size=0):
        return Verbs.CMID.reg_write(self, size)

    def post_recv(self, mr, length=None, offset=0, wr_id=0):
        Verbs.CMID.post_recv(self, mr, offset, mr.length - offset if not length else length, wr_id)

    def post_send(self, mr, flags=Verbs.SendFlags.SIGNALED, length=None, offset=0, wr_id=0):
        Verbs.CMID.post_send(self, mr, offset, mr.length - offset if not length else length,
                             Verbs.SendFlags(int(flags)), wr_id)

    def post_read(self, mr, length, remote_addr, rkey, flags=0, offset=0, wr_id=0):
        Verbs.CMID.post_read(self, mr, offset, length, remote_addr, rkey,
                             Verbs.SendFlags(int(flags)), wr_id)

    def post_write(self, mr, length, remote_addr, rkey, flags=0, offset=0, wr_id=0):
        Verbs.CMID.post_write(self, mr, offset, length, remote_addr, rkey,
                              Verbs.SendFlags(int(flags)), wr_id)

    def get_send_comp(self):
        return CMCompletion(*Verbs.CMID.get_send_comp(self))

    def get_recv_comp(self):
        return CMCompletion(*Verbs.CMID.get_recv_comp(self))

    def set_option(self, level, optname, optval, optlen=None):
        if int(level) != 0:
            raise ValueError('only the RDMA_OPTION_ID level is supported')
        Verbs.CMID.set_option(self, Verbs.CMOption(int(optname)), int(optval))

    def join_multicast(self, addr=None, mc_attr=None, context=None):
        if addr is None:
            raise ValueError('join_multicast needs addr (an AddrInfo of the group)')
        Verbs.CMID.join_multicast(self, addr)

    @property
    def qpn(self):
        return self.get_qp_num() if self.has_qp() else None

    @property
    def dev_name(self):
        return self.get_device_name()


CMID = _export(override(CMID))

# The flat rdma-core names of librdmacm's constants (pyverbs.cm_enums).
for _name in ('TCP', 'UDP', 'IB', 'IPOIB'):
    _export(getattr(Verbs.PortSpace, _name), 'RDMA_PS_' + _name)
for _name in ('PASSIVE', 'NUMERICHOST', 'NOROUTE', 'FAMILY'):
    _export(getattr(Verbs.AddrInfoFlags, _name), 'RAI_' + _name)
for _name in ('TOS', 'REUSEADDR', 'AFONLY', 'ACK_TIMEOUT'):
    _export(getattr(Verbs.CMOption, _name), 'RDMA_OPTION_ID_' + _name)
_export(0, 'RDMA_OPTION_ID')
for _value in Verbs.CMEventType.__enum_values__.values():
    _export(_value, _value.value_name[len('GVERBS_'):])


# Until the QP classes land: pyverbs' QPCap/QPInitAttr as plain carriers for
# CMID(qp_init_attr=…) and create_qp().  The real classes take precedence.
if not hasattr(Verbs, 'QPCap'):
    class QPCap:
        def __init__(self, max_send_wr=1, max_recv_wr=10, max_send_sge=1,
                     max_recv_sge=1, max_inline_data=0):
            self.max_send_wr, self.max_recv_wr = max_send_wr, max_recv_wr
            self.max_send_sge, self.max_recv_sge = max_send_sge, max_recv_sge
            self.max_inline_data = max_inline_data

    _export(QPCap)

if not hasattr(Verbs, 'QPInitAttr'):
    class QPInitAttr:
        def __init__(self, qp_type=Verbs.QPType.UD, qp_context=None, scq=None, rcq=None,
                     srq=None, cap=None, sq_sig_all=1):
            if scq is not None or rcq is not None or srq is not None:
                raise NotImplementedError('external CQs/SRQ need the QP classes')
            self.qp_type, self.cap, self.sq_sig_all = qp_type, cap or QPCap(), sq_sig_all

    _export(QPInitAttr)


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
            if c_name.startswith(('GVERBS_RDMA_', 'GVERBS_RAI_')):
                continue  # librdmacm's: exported as RDMA_*/RAI_* above
            if c_name.startswith('GVERBS_'):
                flat = 'IBV_' + c_name[len('GVERBS_'):]
                if re.match(r'^[A-Z_0-9]+$', flat) and flat not in globals():
                    globals()[flat] = value
                    __all__.append(flat)


_export_constants()
