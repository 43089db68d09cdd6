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


# --- queue pairs and the data path --------------------------------------------

def _props_setattr(self, name, value):
    # pyverbs' attribute objects have settable fields: attr.dest_qp_num = n
    if not name.startswith('_'):
        pspec = type(self).find_property(name.replace('_', '-'))
        if pspec is not None and pspec.flags & GObject.ParamFlags.WRITABLE:
            self.set_property(pspec.name, value)
            return
    object.__setattr__(self, name, value)


class QPCap(Verbs.QPCap):
    """QPCap(max_send_wr=1, max_recv_wr=10, max_send_sge=1, max_recv_sge=1, max_inline_data=0)"""

    def __init__(self, max_send_wr=1, max_recv_wr=10, max_send_sge=1,
                 max_recv_sge=1, max_inline_data=0):
        Verbs.QPCap.__init__(self)
        self.max_send_wr = max_send_wr
        self.max_recv_wr = max_recv_wr
        self.max_send_sge = max_send_sge
        self.max_recv_sge = max_recv_sge
        self.max_inline_data = max_inline_data

    def __str__(self):
        return self.to_string()


QPCap = _export(override(QPCap))


class QPAttr(Verbs.QPAttr):
    """QPAttr(qp_state=INIT, cur_qp_state=RESET, port_num=1, path_mtu=MTU_1024, **fields)"""
    __getattr__ = _props_getattr
    __setattr__ = _props_setattr

    def __init__(self, qp_state=Verbs.QPState.INIT, cur_qp_state=Verbs.QPState.RESET,
                 port_num=1, path_mtu=Verbs.MTU(3), **kwargs):
        Verbs.QPAttr.__init__(self)
        self.qp_state = qp_state
        self.cur_qp_state = cur_qp_state
        self.port_num = port_num
        self.path_mtu = path_mtu
        for name, value in kwargs.items():
            setattr(self, name, value)

    def __str__(self):
        return self.to_string()


QPAttr = _export(override(QPAttr))


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
