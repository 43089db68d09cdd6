# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
# libgverbs' Python override: pyverbs code ports by changing its imports. Generic behaviour
# by rule (the tables, _apply_rules, the namespace loop): see docs/python.md.

import errno as _errno
import re as _re
import socket as _socket
import sys as _sys
import types as _types
import time as _time
from gi.module import get_introspection_module
from gi.overrides import override
from gi.repository import Gio, GLib, GObject
Verbs = get_introspection_module('Verbs')
__all__ = []
_REQUIRED = object()

def _export(obj, name=None):
    name = name or obj.__name__
    globals()[name] = obj
    __all__.append(name)
    return obj

# --- the generic rules --------------------------------------------------------
def _unsupported(message):   # an argument pyverbs has that cannot be given here
    def refuse(value):
        if value:
            raise _verbs_error(Verbs.Error.NOT_SUPPORTED, message)
    return refuse
def _needed(message):   # an argument that may not be None
    def check(value):
        if value is None:
            raise _verbs_error(Verbs.Error.INVALID_ARGUMENT, message)
        return value
    return check
_OWN_MEMORY = _unsupported('MR(address=, implicit=) is not available from Python: libgverbs '
                           'allocates and owns the memory of a Python MR')
# properties that never change: read once, kept until closed (or MR.rereg())
_CACHED = {'MR': ('lkey', 'rkey', 'addr', 'length', 'handle', 'buf'),
           'QP': ('qp_num', 'qp_type', 'handle')}
# pyverbs' and python-rdma's names for properties, struct fields and methods named otherwise
_PATH_ALIASES = {
    'DGID': 'dgid', 'SGID': 'sgid', 'DLID': 'dlid', 'SLID': 'slid', 'SL': 'sl',
    'MTU': 'mtu', 'retries': 'retry_cnt', 'dpqn': 'dqpn', 'packet_life_time': 'timeout',
    'drdatomic': 'max_dest_rd_atomic', 'srdatomic': 'max_rd_atomic', 'end_port': 'port_num'}
_ALIASES = {'MR': {'buf': 'addr'}, 'Path': _PATH_ALIASES,
            'QPInitAttrEx': {'ind_table': 'rwq_ind_tbl', 'hash_conf': 'rx_hash_conf'},
            'DeviceAttr': {'fw_version': 'fw_ver', 'max_raw_ipv6_qps': 'max_raw_ipv6_qp',
                           'atomic_caps': 'atomic_cap'},
            'CqInitAttrEx': {'comp_channel': 'channel'}, 'ConnParam': {'qpn': 'qp_num'},
            'SendWR': {'rdma_remote_addr': 'remote_addr', 'rdma_rkey': 'rkey'},
            'CQ': {'req_notify_cq': 'req_notify'}, 'CQEX': {'poll_next': 'next_poll'},
            'AHAttr': {'gr': 'grh'},
            # rdma-core's union: the rkey a send with invalidate invalidated is imm_data's bits
            'WC': {'invalidated_rkey': 'imm_data'}}
# pyverbs' read-only attributes that C gives by a method: attribute -> method
_GETTERS = {'WQ': {'wqn': 'get_wq_num'}, 'CMID': {'dev_name': 'get_device_name'},
            'CQEX': {'status': 'read_status', 'wr_id': 'read_wr_id'},
            'Path': {'has_grh': 'get_has_grh'}, 'RwqIndTableInitAttr': {'wqs_list': 'get_wqs'},
            'ParentDomainInitAttr': {'comp_mask': 'get_comp_mask'}}   # with the context's bits
# pyverbs' constructors naming properties: 'arg' (required), (arg, default) or (arg, property,
# default[, conversion]); property None: an argument only its conversion checks (or turns
# into a dict of properties), or without one kept on the object (cq_context)
_CTORS = {'PD': ('context',), 'CompChannel': ('context',),
          'MR': ('pd', 'length', ('access', 0), ('address', None, None, _OWN_MEMORY),
                 ('implicit', None, None, _OWN_MEMORY)),
          'AH': ('pd', 'attr'),
          'QPInitAttr': (('qp_type', Verbs.QPType.UD), ('qp_context', None, None),
                         ('scq', 'send_cq', None), ('rcq', 'recv_cq', None), ('srq', None),
                         ('cap', None), ('sq_sig_all', True)),
          # a tuple of properties: the one whose class the value is (C's new(): the first)
          'QP': (('creator', ('pd', 'context'), _REQUIRED), 'init_attr', ('qp_attr', None)),
          'SRQ': (('creator', ('pd', 'context'), _REQUIRED),
                  ('attr', ('init_attr_ex', 'init_attr'), _REQUIRED),
                  ('dv_init_attr', None, None, _unsupported(
                      'SRQ: provider-specific (dv) attributes need an mlx5 device'))),
          'CMID': (('creator', ('addr_info', 'event_channel'), _REQUIRED),
                   ('qp_init_attr', 'qp_init_attr', None, lambda v: _cm_qp_init_attr(v)),
                   ('pd', None), ('port_space', Verbs.PortSpace.TCP)),
          'CQ': ('context', ('cqe', 100), ('cq_context', None, None), ('channel', None),
                 ('comp_vector', 0)),
          'TD': ('context', ('attr', 'init_attr', None)),
          'TDInitAttr': (('comp_mask', 0),),
          'XRCD': ('context', ('init_attr', 'init_attr', _REQUIRED)),
          'DM': ('context', ('dm_attr', 'attr', _REQUIRED)),
          'DMMR': ('pd', 'length', 'access', ('dm', None), ('offset', 0)),
          'DmaBufMR': ('pd', 'length', 'access',
                       ('dmabuf', 'fd', -1,
                        lambda v: -1 if v is None else int(getattr(v, 'fd', v))),
                       ('offset', 0)),
          'EventChannel': (), 'DeviceMonitor': (), 'SrqInitAttr': (('attr', None),),
          'PortCounters': ('device_name', ('port_num', 1), ('sysfs_path', None)),
          'Context': (('name', None),),
          'ParentDomain': ('context', 'attr'),
          # comp_mask bits that need a pd_context without one: ParentDomain() refuses them
          'ParentDomainInitAttr': (('pd', 'pd', None, _needed('ParentDomainInitAttr needs a pd')),
                                   ('pd_context', None), ('comp_mask', 0), ('td', None)),
          'MW': ('pd', ('mw_type', 'type', 1)),
          'CQEX': ('context', ('init_attr', None)),
          'CqInitAttrEx': (('cqe', 100), ('channel', None), ('comp_vector', 0), ('wc_flags', 0),
                           ('comp_mask', 0), ('flags', 0)),
          'QPEx': (('creator', 'context', _REQUIRED), 'init_attr', ('qp_attr', None)),
          'QPInitAttrEx': (('qp_type', Verbs.QPType.UD), ('qp_context', None, None),
                           ('scq', 'send_cq', None), ('rcq', 'recv_cq', None), ('srq', None),
                           ('cap', None), ('sq_sig_all', False), ('comp_mask', 0), ('pd', None),
                           ('xrcd', None), ('create_flags', 0), ('max_tso_header', 0),
                           ('source_qpn', 0), ('hash_conf', 'rx_hash_conf', None),
                           ('ind_table', 'rwq_ind_tbl', None), ('send_ops_flags', 0)),
          'WQ': (('ctx', 'context', _REQUIRED), ('attr', 'init_attr', _REQUIRED)),
          'WQInitAttr': (('wq_context', None, None), ('wq_pd', 'pd', None),
                         ('wq_cq', 'cq', None), ('wq_type', Verbs.WQType.RQ), ('max_wr', 100),
                         ('max_sge', 1), ('comp_mask', 0), ('create_flags', 0)),
          'WQAttr': (('attr_mask', 0), ('wq_state', 0), ('curr_wq_state', 0), ('flags', 0),
                     ('flags_mask', 0)),
          'RwqIndTable': (('ctx', 'context', _REQUIRED), ('attr', 'init_attr', _REQUIRED)),
          'CQPoller': ('cq', ('cc', 'channel', None), ('async_events', None, None)),
          'CMListener': (('qp_init_attr', 'qp_init_attr', None, lambda v: _cm_qp_init_attr(v)),),
          'AddrInfo': (('src', None), ('dst', None),
                       ('src_service', 'src_service', None, lambda v: _service(v)),
                       ('dst_service', 'dst_service', None, lambda v: _service(v)),
                       ('port_space', 'port_space', Verbs.PortSpace.TCP,
                        lambda v: Verbs.PortSpace(int(v) or Verbs.PortSpace.TCP)),
                       ('flags', 'flags', 0, lambda v: Verbs.AddrInfoFlags(int(v))))}
# flow steering: pyverbs' spec constructors, each field's value then its mask
# (None: zero, and for a value given without its mask the spec sets the full mask)
_SPEC_FIELDS = {'EthSpec': ('dst_mac', 'src_mac', 'ether_type', 'vlan_tag'),
                'Ipv4Spec': ('dst_ip', 'src_ip'),
                'Ipv4ExtSpec': ('dst_ip', 'src_ip', 'proto', 'tos', 'ttl', 'flags'),
                'Ipv6Spec': ('dst_ip', 'src_ip', 'flow_label', 'next_hdr', 'traffic_class',
                             'hop_limit'),
                'TcpUdpSpec': ('dst_port', 'src_port'), 'EspSpec': ('spi', 'seq'),
                'TunnelSpec': ('tunnel_id',), 'GreSpec': ('c_ks_res0_ver', 'protocol', 'key'),
                'MplsSpec': ('label',)}
_CTORS.update({name: ((('spec_type', 'spec_type', _REQUIRED, int),) if name == 'TcpUdpSpec'
                      else ()) + tuple((arg, None) for field in fields
                                       for arg in (field, field + '_mask')) + (('is_inner', False),)
               for name, fields in _SPEC_FIELDS.items()})
_CTORS.update({'ActionTagSpec': (('tag_id', 0), ('is_inner', False)),
               'ActionDropSpec': (('is_inner', False),),
               'FlowAttr': (('num_of_specs', 0), ('flow_type', 'type', Verbs.FlowAttrType.NORMAL),
                            ('priority', 0), ('port', 1), ('flags', 0)),
               'Flow': ('qp', ('flow_attr', 'attr', _REQUIRED)),
               # mlx5 direct verbs (built with libmlx5: -Dmlx5)
               'Mlx5DVContextAttr': (('flags', 0), ('comp_mask', 0)),
               'Mlx5DVDCInitAttr': (('dc_type', 0), ('dct_access_key', 0)),
               'Mlx5DVCQInitAttr': (('comp_mask', 0), ('cqe_comp_res_format', 0), ('flags', 0),
                                    ('cqe_size', 0)),
               'Mlx5DVQPInitAttr': (('comp_mask', 0), ('create_flags', 0), ('dc_init_attr', None,
                                    None, lambda dc: {} if dc is None else dict(
                                        dc_type=dc.dc_type, dct_access_key=dc.dct_access_key)),
                                    ('send_ops_flags', 0)),
               'Mlx5Context': (('attr', None), ('name', 'name', None,
                                                lambda v: _name_of(v) if v else None)),
               'Mlx5QP': (('ctx', 'context', _REQUIRED), 'init_attr', ('qp_attr', None),
                          ('dv_init_attr', None)),   # mlx5dv_create_qp: DCI, DCT, mlx5 flags
               'Mlx5CQ': (('ctx', 'context', _REQUIRED), ('init_attr', None),
                          ('dv_init_attr', None)),
               'Mlx5VAR': (('ctx', 'context', _REQUIRED), ('flags', 0)),
               'Mlx5UAR': (('ctx', 'context', _REQUIRED), ('flags', 0)),
               'Mlx5PP': (('ctx', 'context', _REQUIRED), ('pp_context', 'pp_context', _REQUIRED,
                                                          lambda v: _to_bytes(v)), ('flags', 0)),
               'Mlx5DevxObj': (('ctx', 'context', _REQUIRED),
                               ('in_', 'in', _REQUIRED, lambda v: _to_bytes(v)), 'outlen'),
               'Mlx5UMEM': (('ctx', 'context', _REQUIRED), 'size',
                            ('addr', None, None, _unsupported('Mlx5UMEM: the library allocates '
                                                              'the buffer; addr must be None')),
                            ('alignment', 0),
                            ('access', 0))})
# constructors taking fields: (field, default[, field name]); QPAttr, Path: any field by keyword
_WC_FIELDS = ('wr_id', 'status', 'opcode', 'vendor_err', 'byte_len', 'qp_num', 'src_qp',
              'imm_data', 'wc_flags', 'pkey_index', 'slid', 'sl', 'dlid_path_bits')
_FIELD_CTORS = {'ECE': (('vendor_id', 0), ('options', 0), ('comp_mask', 0)),
                'XRCDInitAttr': (('comp_mask', 0), ('oflags', 0), ('fd', -1)),
                'AllocDmAttr': (('length', 0), ('log_align_req', 0), ('comp_mask', 0)),
                'QPCap': (('max_send_wr', 1), ('max_recv_wr', 10), ('max_send_sge', 1),
                          ('max_recv_sge', 1), ('max_inline_data', 0)),
                'QPAttr': (('qp_state', Verbs.QPState.INIT), ('cur_qp_state', Verbs.QPState.RESET),
                           ('port_num', 1), ('path_mtu', Verbs.MTU(3))),
                'SrqAttr': (('max_wr', 100), ('max_sge', 1), ('srq_limit', 0)),
                'SrqInitAttrEx': (('max_wr', 100), ('max_sge', 1), ('srq_limit', 0)),
                'ConnParam': (('resources', 1, 'responder_resources'),
                              ('depth', 1, 'initiator_depth'), ('flow_control', 0),
                              ('retry', 5, 'retry_count'), ('rnr_retry', 5, 'rnr_retry_count'),
                              ('srq', 0), ('qp_num', 0)),
                'GlobalRoute': (('dgid', None), ('flow_label', 0), ('sgid_index', 0),
                                ('hop_limit', 1), ('traffic_class', 0)),
                'AHAttr': (('dlid', 0), ('sl', 0), ('src_path_bits', 0), ('static_rate', 0),
                           ('is_global', 0), ('port_num', 1), ('gr', None, 'grh')),
                'WC': tuple((f, 0) for f in _WC_FIELDS), 'Path': (('end_port', 1),)}
# pyverbs' shortcuts to the fields of a boxed property: attr.max_wr for attr.attr.max_wr
_SRQ_FIELDS = ('attr', ('max_wr', 'max_sge', 'srq_limit'))
_BOXED_FIELDS = {'QPInitAttr': ('cap', ('max_send_wr', 'max_recv_wr', 'max_send_sge',
                                        'max_recv_sge', 'max_inline_data')),
                 'SrqInitAttr': _SRQ_FIELDS, 'SrqInitAttrEx': _SRQ_FIELDS,
                 # None unless is_global; set: a new GlobalRoute if there is none
                 'AHAttr': ('grh', ('dgid', 'flow_label', 'sgid_index', 'hop_limit',
                                    'traffic_class'), 'is_global')}
# C methods' pyverbs arguments: (argument, default (also for None)[, conversion; _DROP: not
# C's]), then optionally the result's conversion
_DROP = object()
def _zero(name):   # an argument rdma-core defines no value for but 0
    def check(value):
        if value:
            raise _verbs_error(Verbs.Error.INVALID_ARGUMENT,
                               '%s 0x%x: rdma-core defines no value for it' % (name, value))
        return _DROP
    return check
_no_flags = _zero('flags')
def _as_bytes(data): return data.encode() if isinstance(data, str) else bytes(data)
def _to_bytes(data):
    return data if data is None or isinstance(data, GLib.Bytes) else GLib.Bytes.new(_as_bytes(data))
def _data(gbytes): return None if gbytes is None else gbytes.get_data()
def _drop(value): return _DROP
def _enoent(found): return 0 if found else _errno.ENOENT   # pyverbs' CQEX polls
def _option_level(level):
    if int(level) != 0:
        raise ValueError('only the RDMA_OPTION_ID level is supported')
    return _DROP
def _outlen(value): return _check_uint('outlen', value, 32)
def _all_bits(mask): return _U64 if mask == -1 else _check_uint('comp_mask', mask)
def _name_of(device):   # a name, bytes, a Device or a Context
    name = device if isinstance(device, (str, bytes)) else getattr(device, 'get_name', None)
    name = name() if callable(name) else name
    if name is None:
        raise TypeError('is_mlx5dv_supported() needs a device name, Device or Context')
    return name.decode() if isinstance(name, bytes) else str(name)
# DevX commands: the input mailbox as bytes, the output's length; return the output
_DEVX = (('in_', _REQUIRED, _to_bytes), ('outlen', _REQUIRED, _outlen), _data)
_DEFAULTS = {'Context': dict(get_async_event=(('timeout_ms', -1), ('cancellable', None)),
                             query_gid_ex=('port_num', 'gid_index', ('flags', 0, _no_flags)),
                             query_gid_table=(('max_entries', -1), ('flags', 0, _no_flags), list),
                             query_device_ex=(('ex_input', None, _drop),),
                             find_gid=(('port_num', 1), ('gid_type', Verbs.GidType.ROCE_V2),
                                       ('family', Gio.SocketFamily.INVALID)),
                             find_gid_by_netdev=('port_num', 'netdev',
                                                 ('gid_type', Verbs.GidType.ROCE_V2),
                                                 ('family', Gio.SocketFamily.INVALID))),
             'CQ': {'req_notify': (('solicited_only', False),)},
             'CQEX': dict(start_poll=(('attr', None, _drop), _enoent), next_poll=(_enoent,)),
             'CMID': dict(listen=(('backlog', 0),), reg_read=(('size', 0),),
                          reg_write=(('size', 0),), reg_msgs=(('size', 0),),
                          accept=(('param', None), ('private_data', None, lambda v: _to_bytes(v))),
                          reject=(('private_data', None, lambda v: _to_bytes(v)),),
                          create_qp=(('qp_init', _REQUIRED, lambda v: _cm_qp_init_attr(v)),),
                          # PyGObject takes an int for an enum argument, not for flags
                          query_qp=(('attr_mask', _REQUIRED, lambda v: Verbs.QPAttrMask(int(v))),
                                    tuple),
                          init_qp_attr=(('qp_state', _REQUIRED, int),
                                        lambda r: (r[0], int(r[1]))),
                          set_option=(('level', _REQUIRED, _option_level),
                                      ('optname', _REQUIRED, lambda v: Verbs.CMOption(int(v))),
                                      ('optval', _REQUIRED, int), ('optlen', None, _drop)),
                          join_multicast=(('addr', None, _needed(
                              'join_multicast needs addr (an AddrInfo of the group)')),
                                          ('mc_attr', None, _drop), ('context', None, _drop))),
             'CMListener': {'add_address': ('address', ('port', 0, int), ('backlog', 0, int))},
             'DM': {'copy_from_dm': ('dm_offset', 'length', _data)},
             'QP': {'modify_to_init': (('path', _REQUIRED), ('access', 0))},
             'Path': dict(to_bytes=(_data,), reverse=(('for_reply', True, _drop),)),
             # pyverbs takes the immediate data in host order, C in network order
             'QPEx': dict(wr_send_imm=(('data', _REQUIRED, _socket.htonl),),
                          wr_rdma_write_imm=('rkey', 'remote_addr',
                                             ('data', _REQUIRED, _socket.htonl)),
                          wr_atomic_write=('rkey', 'remote_addr',
                                           ('atomic_wr', _REQUIRED, _as_bytes))),
             'BufferPool': dict(copy_to=(('buf', _REQUIRED, _as_bytes), 'idx', ('offset', 0))),
             'SendWR': {'set_wr_atomic': (('rkey', _REQUIRED), ('addr', _REQUIRED),
                                          ('compare_add', _REQUIRED), ('swap', 0))},
             # mlx5 direct verbs (built with libmlx5: -Dmlx5)
             'Mlx5Context': dict(query_mlx5_device=(('comp_mask', -1, _all_bits),),
                                 devx_general_cmd=_DEVX),
             'Mlx5DevxObj': dict(query=_DEVX, modify=_DEVX)}
# constructors that are C's fallible new(): its name, then the arguments as above
_NEW = {'RwqIndTableInitAttr': ('new', ('log_ind_tbl_size', 5, lambda v: _check_uint(
    'log_ind_tbl_size', v, 32)), ('wqs_list', None, lambda v: list(v or [])),
                                ('comp_mask', 0, _zero('RwqIndTableInitAttr: comp_mask'))),
        'BufferPool': ('new', 'pd', 'count', 'size', ('access', 0)),
        'Gid': ('new_from_string', ('val', '::'))}   # GID() and GID(None): the zero GID
_PROP_NAMES = {}   # (class, attribute) -> property name, found once

class _Prop:
    # put on the class by the first read: later reads skip the failed lookup and __getattr__
    __slots__ = ('pname',)
    def __init__(self, pname): self.pname = pname
    def __get__(self, obj, cls=None): return self if obj is None else obj.get_property(self.pname)

class _Getter(property): pass   # a property read through its C getter: half the cost

def _reader(cls, obj, pspec):
    # a settable property's C getter get_<name>(), when it returned what the property did (a
    # data descriptor: a read-only property stays a _Prop, which a Python attribute can hide)
    getter, flags = getattr(cls, 'get_' + pspec.name.replace('-', '_'), None), pspec.flags
    if (hasattr(getter, 'get_arguments') and not getter.get_arguments() and flags &
            GObject.ParamFlags.WRITABLE and not flags & GObject.ParamFlags.CONSTRUCT_ONLY and
            not getter.can_throw_gerror()):
        value, prop = getter(obj), obj.get_property(pspec.name)
        if value is not None and type(value) is type(prop) and value == prop:
            return _Getter(getter)
    return _Prop(pspec.name)

def _props_getattr(self, name):
    # when normal lookup fails: attr.max_qp as attr.props.max_qp; cached names are kept
    cls = type(self)
    pname = _PROP_NAMES.get((cls, name))
    if pname is None:
        pname = cls._verbs_aliases.get(name, name)
        pspec = None if pname.startswith('_') else cls.find_property(pname.replace('_', '-'))
        if pspec is None:
            raise AttributeError('%r object has no attribute %r' % (cls.__name__, name))
        pname = _PROP_NAMES[cls, name] = pspec.name
        if name not in cls._verbs_cached:
            type.__setattr__(cls, name, _reader(cls, self, pspec))
    value = self.get_property(pname)
    if name in cls._verbs_cached:
        _cache(self, name, value)
    return value

def _cache(obj, name, value):
    # kept until the object is closed (by itself or its parent); then read from C again
    d = obj.__dict__
    if '_verbs_cache_hooked' not in d:
        if obj.get_property('closed'):
            return
        d['_verbs_cache_hooked'] = True
        GObject.Object.connect(obj, 'notify::closed', _forget_cached)
    d[name] = value

def _forget_cached(obj, pspec):
    for name in type(obj)._verbs_cached:
        obj.__dict__.pop(name, None)

_RANGED_TYPES = (GObject.TYPE_UINT, GObject.TYPE_INT, GObject.TYPE_UINT64, GObject.TYPE_INT64,
                 GObject.TYPE_ULONG, GObject.TYPE_LONG, GObject.TYPE_UCHAR, GObject.TYPE_CHAR)
def _value_check(pspec):
    # how a property's values are checked: found once per (class, property), by _pspec_check
    vtype = pspec.value_type
    if GObject.type_is_a(vtype, GObject.TYPE_FLAGS):
        mask = 0
        for bit in vtype.pytype.__flags_values__:
            mask |= int(bit)
        return ('flags', mask, vtype.pytype.__name__)
    if GObject.type_is_a(vtype, GObject.TYPE_ENUM):
        return ('enum', frozenset(int(v) for v in vtype.pytype.__enum_values__),
                vtype.pytype.__name__)
    if vtype in _RANGED_TYPES:
        return ('range', pspec.minimum, pspec.maximum)
    if GObject.type_is_a(vtype, GObject.TYPE_OBJECT) and vtype.pytype is not None:
        return ('object', vtype.pytype)
    return ('any',)

def _check_value(pspec, check, value, label=None):
    # refuses what GObject would drop with a warning: out of range, unnamed bits, wrong class
    if pspec is None or isinstance(value, bool):
        return value
    kind = check[0]
    if kind == 'any' or (kind == 'range' and type(value) is int and
                         check[1] <= value <= check[2]) or (
                             kind == 'enum' and isinstance(value, int) and value in check[1]) or (
                             kind == 'object' and (value is None or isinstance(value, check[1]))):
        return value   # the common cases, without building the label
    label = label or pspec.name.replace('-', '_')
    if kind == 'object' and value is not None and not isinstance(value, check[1]):
        raise TypeError('%s must be a %s or None, not %s'
                        % (label, check[1].__name__, type(value).__name__))
    if not isinstance(value, int):
        return value
    if kind == 'range' and not check[1] <= value <= check[2]:
        raise _verbs_error(Verbs.Error.OUT_OF_RANGE, '%s %d is out of range [%d, %d]' %
                           (label, value, check[1], check[2]))
    if kind == 'flags' and value < 0:
        raise _verbs_error(Verbs.Error.INVALID_ARGUMENT, '%s %d is negative' % (label, value))
    if kind == 'flags' and value & ~check[1]:
        raise _verbs_error(Verbs.Error.INVALID_ARGUMENT, '%s 0x%x has bits 0x%x that no %s value '
                           'names' % (label, value, value & ~check[1], check[2]))
    if kind == 'enum' and int(value) not in check[1]:
        raise _verbs_error(Verbs.Error.INVALID_ARGUMENT,
                           '%s %d is not a %s value' % (label, value, check[2]))
    return value

_PSPEC_CHECKS = {}   # (class, name) -> (pspec, its check): looked up once, not per object

def _pspec_check(cls, name):
    try:
        return _PSPEC_CHECKS[cls, name]
    except KeyError:
        pspec = cls.find_property(name.replace('_', '-'))
        entry = _PSPEC_CHECKS[cls, name] = pspec, pspec and _value_check(pspec)
        return entry

def _init_checked(base, self, props, labels):   # errors name pyverbs' arguments
    for key, value in props.items():
        pspec, check = _pspec_check(base, key)   # not *: a call with * costs a list and a tuple
        _check_value(pspec, check, value, labels.get(key, key))
    GObject.Object.__init__(self, **props)   # not an override's __init__ (CQEX is a CQ)

_SETTABLE = {}   # (class, attribute) -> (C setter or None, property name, pspec, check), or None

def _writer(cls, pspec):
    # the property's C setter set_<name>(value), the call that skips PyGObject's scan of
    # the class's property infos (several times a method call); its flags made from ints;
    # a narrow integer's setter raises GLib.Error as the checks before it do
    setter = getattr(cls, 'set_' + pspec.name.replace('-', '_'), None)
    args = setter.get_arguments() if hasattr(setter, 'get_arguments') else ()
    if len(args) != 1 or pspec.flags & GObject.ParamFlags.CONSTRUCT_ONLY:
        return None
    if GObject.type_is_a(pspec.value_type, GObject.TYPE_FLAGS):
        flags = pspec.value_type.pytype
        return lambda obj, value: setter(obj, value if type(value) is flags else flags(value))
    return setter

def _props_setattr(self, name, value):
    # pyverbs' carriers have settable fields (attr.port_num = 2), checked as above
    cls = type(self)
    try:
        entry = _SETTABLE[cls, name]
    except KeyError:
        entry = None
        attr = getattr(cls, name, None)
        if not name.startswith('_') and (type(attr) is _Getter or not isinstance(attr, property)):
            pspec, check = _pspec_check(cls, cls._verbs_aliases.get(name, name))
            if pspec is not None and pspec.flags & GObject.ParamFlags.WRITABLE:
                entry = _writer(cls, pspec), pspec.name, pspec, check
        _SETTABLE[cls, name] = entry
    if entry is None:
        GObject.Object.__setattr__(self, name, value)
    elif entry[0] is not None:
        entry[0](self, _check_value(entry[2], entry[3], value, name))
    else:
        self.set_property(entry[1], _check_value(entry[2], entry[3], value, name))

def _ctor(cls, spec):
    base, initable = cls.__mro__[1], issubclass(cls, Gio.Initable)
    spec = tuple((s, s, _REQUIRED) if isinstance(s, str) else (s[0], s[0], s[1]) if len(s) == 2
                 else s for s in spec)
    names = frozenset(s[0] for s in spec)
    def __init__(self, *args, **kwargs):
        try:   # PyGObject makes the GObject in __init__: here, unless __new__ made it in C
            self.__grefcount__
            return
        except TypeError:
            pass
        if len(args) > len(spec):
            raise TypeError('%s() takes at most %d arguments' % (base.__name__, len(spec)))
        props = {} if initable else {k: v for k, v in kwargs.items() if k not in names}
        python_only, labels = {}, {}   # cq_context: kept on the object, C never sees it
        for i, (arg, prop, default, *conv) in enumerate(spec):
            value = args[i] if i < len(args) else kwargs.get(arg, default)
            if value is _REQUIRED:
                raise TypeError('%s() needs %s' % (base.__name__, arg))
            value = conv[0](value) if conv else value
            if type(prop) is tuple:
                prop = _property_for(base, prop, arg, value)
            if prop is not None and (value is not None or default is not None):
                props[prop], labels[prop] = value, arg   # a None default: C's own stands
            elif type(value) is dict:   # a conversion's properties
                props.update(value)
            elif not conv and value is not None:
                python_only[arg] = value
        _init_checked(base, self, props, labels)
        if initable:
            self.init(None)
        if python_only:
            self.__dict__.update(python_only)
    __init__.__doc__ = '%s(%s), as in pyverbs' % (cls.__name__, ', '.join(
        arg if default is _REQUIRED else '%s=%r' % (arg, default) for arg, _, default, *c in spec))
    _new_from_props(cls, base, spec)
    return __init__

def _c_new(base, names):
    # C's new_full() or new() whose arguments are these, in this order, or None
    return next((base.__dict__[n] for n in ('new_full', 'new') if n in base.__dict__ and [
        a.get_name() for a in base.__dict__[n].get_arguments()] == names), None)

def _property_for(base, props, arg, value):
    # pyverbs' creator (a PD or a Context, ...): the property of the value's class
    classes = [_pspec_check(base, prop)[1][1] for prop in props]
    for prop, pyclass in zip(props, classes):
        if isinstance(value, pyclass):
            return prop
    raise _verbs_error(Verbs.Error.INVALID_ARGUMENT, '%s() %s must be a %s, not %s' % (
        base.__name__, arg, ' or a '.join(c.__name__ for c in classes), type(value).__name__))

def _new_from_props(cls, base, spec):
    # C's new() or new_full() taking the spec's properties in order (PD, CQ, MR, QP, ...):
    # pyverbs' call, by position or keyword, is one call into C when each value is of its
    # property's type and range; any other call or a subclass is __init__'s (after an import)
    c_spec = [s for s in spec if s[1]]
    c_props = [s[1] if type(s[1]) is str else s[1][0] for s in c_spec]
    new = _c_new(base, c_props)
    # a conversion: only on arguments C does not take, after the ones it does
    n_fast = next((i for i, s in enumerate(spec) if s[3:]), len(spec))
    if new is None or any(s[1] or not s[3:] for s in spec[n_fast:]):
        return
    py_args = [s[0] for s in spec[:n_fast] if not s[1]]   # kept on the object
    for arg in py_args:
        setattr(cls, arg, None)   # the class's default
    imports = _IMPORTS.get(cls.__name__)
    def slow(klass, values, rest):
        if imports and rest.get(imports[0]) is not None:   # Context(cmd_fd=), PD(handle=)
            return imports[1](*values, **rest)
        return base.__new__(klass)
    def __new__(klass, *args, **kwargs):   # made at the first call, from the properties
        ns = dict(_cls=cls, _new=getattr(base, new.get_name()), _slow=slow, _R=_REQUIRED,
                  _d=[s[2] for s in spec], _type=type, _int=int, _isinstance=isinstance)
        tests = ['%s is _d[%d]' % (s[0], i) for i, s in enumerate(spec[n_fast:], n_fast)]
        for s, (pspec, (kind, *check)), c_arg in zip(c_spec, [
                _pspec_check(base, prop) for prop in c_props], new.get_arguments()):
            arg, vtype = s[0], check[0] if kind in ('object', 'enum') else {
                GObject.TYPE_STRING: str}.get(pspec.value_type, pspec.value_type.pytype)
            ns['_t_' + arg] = vtype   # the class, the enum's values or the flags type
            if kind == 'range':
                tests.append('_type(%s) is _int and %d <= %s <= %d' % (
                    arg, check[0], arg, check[1]))
            elif kind == 'enum':
                tests.append('%s in _t_%s' % (arg, arg))
            elif kind == 'flags':
                tests.append('_type(%s) is _t_%s and not %s & %d' % (arg, arg, arg, ~check[0]))
                i = spec.index(s)
                if type(ns['_d'][i]) is int:   # PyGObject wants flags
                    ns['_d'][i] = vtype(ns['_d'][i])
            elif pspec.value_type == GObject.TYPE_BOOLEAN:
                tests.append('%s is not _R' % arg)
            elif vtype is None:   # a type PyGObject does not name: every call is __init__'s
                tests.append('False')
            else:
                tests.append('%s_isinstance(%s, _t_%s)' % (
                    '%s is None or ' % arg if c_arg.may_be_null() else '', arg, arg))
        _fast_new(cls, spec, c_spec, ns, tests, ''.join(
            '        if %s is not None:\n            _obj.__dict__[%r] = %s\n' % (a, a, a)
            for a in py_args))
        return cls.__new__(klass, *args, **kwargs)
    def __init_subclass__(sub, **kwargs):   # a subclass takes its own arguments: __init__'s
        if '__new__' not in sub.__dict__:
            sub.__new__ = staticmethod(lambda klass, *args, **kw: slow(klass, args, kw))
    cls.__new__, cls.__init_subclass__ = staticmethod(__new__), classmethod(__init_subclass__)

def _fast_new(cls, spec, c_spec, ns, tests, after):
    # one call into C with the spec's own signature (made once, as namedtuple's are), so
    # Python binds positions and keywords; the names it uses start with '_' (builtins too),
    # so that no argument shadows them
    names = ''.join(s[0] + ', ' for s in spec)
    exec('def __new__(_klass, %s*_more, **_rest):\n'
         '    if _klass is _cls and not _more and not _rest and (%s):\n'
         '        try:\n'
         '            _obj = _new(%s)\n'
         '        except TypeError:\n'
         '            return _slow(_klass, (%s) + _more, _rest)\n'
         '%s        return _obj\n'
         '    return _slow(_klass, (%s) + _more, _rest)\n' % (
             ''.join('%s=_d[%d], ' % (s[0], i) for i, s in enumerate(spec)),
             ') and ('.join(tests) or 'True', ', '.join(s[0] for s in c_spec), names, after,
             names), ns)
    cls.__new__ = staticmethod(ns['__new__'])

def _defaults(method, spec, name=None):
    result = spec[-1] if callable(spec[-1]) else None
    spec = tuple((s, _REQUIRED) if isinstance(s, str) else s for s in spec if not callable(s))
    def call(self, *args, **kwargs):   # a constructor's self: the class
        values = list(args) + [kwargs.pop(s[0], s[1]) for s in spec[len(args):]]
        if kwargs or len(values) > len(spec) or any(v is _REQUIRED for v in values):
            raise TypeError('%s(%s)' % (call.__name__, ', '.join(s[0] for s in spec)))
        if None in values:   # pyverbs passes None for the default
            values = [s[1] if v is None and s[1] is not _REQUIRED else v
                      for s, v in zip(spec, values)]
        values = [s[2](v) if len(s) > 2 else v for s, v in zip(spec, values)]
        out = method(self, *[v for v in values if v is not _DROP])
        return result(out) if result else out
    call.__name__ = name or method.__name__
    return call

def _fields_init(base, *spec, extra=False):
    c_defaults = None   # the pyverbs defaults a fresh C object already has, found once
    def __init__(self, *args, **kwargs):
        nonlocal c_defaults
        if len(args) > len(spec):
            raise TypeError('%s() takes at most %d arguments' % (base.__name__, len(spec)))
        base.__init__(self)
        if c_defaults is None:
            c_defaults = frozenset(s[0] for s in spec
                                   if getattr(self, s[2] if len(s) > 2 else s[0]) == s[1])
        given = dict(zip((s[0] for s in spec), args))
        for arg, default, *field in spec:
            if arg in given or arg in kwargs or (arg not in c_defaults and default is not None):
                setattr(self, field[0] if field else arg,
                        given[arg] if arg in given else kwargs.pop(arg, default))
        if kwargs and not extra:
            raise TypeError('%s() got unexpected arguments %s' % (base.__name__, list(kwargs)))
        for name, value in kwargs.items():
            setattr(self, name, value)
    return __init__

class _SubclassInit:   # made by __new__, so a subclass's super().__init__(args) is ignored
    def __init__(self, *args, **kwargs): pass

def _made_by_new(cls, **kwargs):
    # C's object_init (our __init__) refuses a subclass __init__'s arguments: put this first
    if '__init__' in cls.__dict__ and _SubclassInit not in cls.__mro__:
        cls.__bases__ = (_SubclassInit,) + cls.__bases__

def _new_from_fields(cls, base, spec, fields_init, new):
    # a C new() that takes every field in pyverbs' order (QPCap, QPAttr, AHAttr, ...): one call
    # into C; a value new() refuses with TypeError (a GID as text), another keyword or a
    # subclass: by __init__'s rule
    def slow(klass, values, rest):
        if len(values) > len(spec):
            raise TypeError('%s() takes at most %d arguments' % (base.__name__, len(spec)))
        obj = base.__new__(klass)
        fields_init(obj, **{s[0]: v for s, v in zip(spec, values) if v is not s[1]}, **rest)
        return obj
    _fast_new(cls, spec, spec, dict(_cls=cls, _new=new, _slow=slow, _d=[
        s[1] for s in spec]), [], '')
    cls.__init__, cls.__init_subclass__ = object.__init__, classmethod(_made_by_new)

def _with_class(obj, cls):
    obj.__class__ = cls
    return obj

def _made_as(base):
    # PyGObject's __new__ of a struct whose new() takes nothing makes the override's class
    # (WC): a subclass gets its own, so that Python runs its __init__
    return lambda klass, *args, **kwargs: _with_class(base.__new__(klass), klass)

def _boxed_field(holder, name, only_if=None):
    def get(self):
        box = self.get_property(holder)
        return None if box is None or only_if and not self.get_property(only_if) else getattr(
            box, name)
    def put(self, value):
        box = self.get_property(holder) or _pspec_check(type(self), holder)[0].value_type.pytype()
        setattr(box, name, value)
        self.set_property(holder, box)
    return property(get, put)

def _to_string(self): return self.to_string()

def _caps_str(self):
    return ''.join('%-22s: %s\n' % (p.name.replace('-', '_'), self.get_property(p.name))
                   for p in self.list_properties())

def _apply_rules(cls):
    name, own = cls.__name__, cls.__dict__
    if issubclass(cls, GObject.Object):
        cls._verbs_aliases = _ALIASES.get(name, getattr(cls, '_verbs_aliases', {}))
        if name in _CACHED or not hasattr(cls, '_verbs_cached'):
            cls._verbs_cached = frozenset(_CACHED.get(name, ()))
        if '__getattr__' not in own:
            cls.__getattr__ = _props_getattr
        flags = GObject.ParamFlags
        if '__setattr__' not in own and any(
                p.flags & flags.WRITABLE and not p.flags & flags.CONSTRUCT_ONLY
                for p in cls.list_properties()):
            cls.__setattr__ = _props_setattr
        if name in _CTORS and '__init__' not in own:
            cls.__init__ = _ctor(cls, _CTORS[name])
    if name in _FIELD_CTORS and '__init__' not in own:
        base, spec = cls.__mro__[1], _FIELD_CTORS[name]
        cls.__init__ = _fields_init(base, *spec, extra=name in ('QPAttr', 'Path'))
        new = _c_new(base, [s[0] for s in spec])
        if new is not None:
            _new_from_fields(cls, base, spec, cls.__init__, getattr(base, new.get_name()))
        elif not issubclass(cls, GObject.Object):   # a boxed struct's new() may take arguments
            cls.__new__ = _made_as(base)   # __init__ sets
    for field in _BOXED_FIELDS.get(name, (None, ()))[1]:
        setattr(cls, field, _boxed_field(_BOXED_FIELDS[name][0], field, *_BOXED_FIELDS[name][2:]))
    for attr, getter in _GETTERS.get(name, {}).items():
        setattr(cls, attr, property(getattr(cls, getter)))
    if name in _NEW:   # a subclass's object: C's, with the subclass as its class
        new = getattr(cls.__mro__[1], _NEW[name][0])
        cls.__new__ = staticmethod(_defaults(lambda klass, *args: _with_class(
            new(*args), klass), _NEW[name][1:], name))
    if '__new__' in own and '__init__' not in own:   # __new__ returns the object made
        cls.__init__ = object.__init__   # C's object_init: no Python frame
        if '__init_subclass__' not in own:
            cls.__init_subclass__ = classmethod(_made_by_new)
    if '__str__' not in own:
        if hasattr(cls, 'to_string'):
            cls.__str__ = _to_string
        elif name.endswith('Caps'):
            cls.__str__ = _caps_str
    for meth, defaults in _DEFAULTS.get(name, {}).items():
        if meth not in own:
            setattr(cls, meth, _defaults(getattr(getattr(Verbs, name), meth), defaults))
    for alias, target in _ALIASES.get(name, {}).items():
        if hasattr(cls, target):   # a method or a struct field; properties: _props_getattr
            setattr(cls, alias, getattr(cls, target))
    return cls

def _verbs(cls):
    cls.__module__ = __name__
    return _export(_apply_rules(override(cls)))

def _verbs_error(code, message):
    return GLib.Error.new_literal(Verbs.error_quark(), message, int(code))

def _check_uint(name, value, bits=64):
    value = int(value)
    if value < 0:
        raise _verbs_error(Verbs.Error.INVALID_ARGUMENT, '%s %d is negative' % (name, value))
    if value >= 1 << bits:
        raise _verbs_error(Verbs.Error.OUT_OF_RANGE,
                           '%s %d does not fit in %d bits' % (name, value, bits))
    return value

def _disconnect_on_close(obj, pspec):
    # a closed object's Python handlers go (docs/python.md, "Signal handlers")
    if not obj.get_property('closed'):
        return
    for handler_id in obj.__dict__.pop('_verbs_handler_ids', ()):
        if GObject.signal_handler_is_connected(obj, handler_id):
            GObject.Object.disconnect(obj, handler_id)

def _track_handler(obj, handler_id):
    ids = obj.__dict__.get('_verbs_handler_ids')
    if ids is None:   # a Resource: it has the closed property
        ids = obj.__dict__['_verbs_handler_ids'] = []
        GObject.Object.connect(obj, 'notify::closed', _disconnect_on_close)
    ids.append(handler_id)
    return handler_id

@_verbs
class Resource(Verbs.Resource):
    def __enter__(self): return self
    def __exit__(self, *exc):
        self.close()
        return False
    def connect(self, signal, handler, *args):
        return _track_handler(self, GObject.Object.connect(self, signal, handler, *args))
    def connect_after(self, signal, handler, *args):
        return _track_handler(self, GObject.Object.connect_after(self, signal, handler, *args))

# constructors by a keyword pyverbs' imports (and AH(pd, wc=)) take: the keyword, the maker
_IMPORTS = {'Context': ('cmd_fd', lambda name=None, cmd_fd=None, **k: _import_context(cmd_fd)),
            'PD': ('handle', lambda context, *a, handle=None, **k:
                   _imported(('PD', 'Context'), context, handle)),
            'MR': ('handle', lambda pd, *a, handle=None, **k: _imported(('MR', 'PD'), pd, handle)),
            'AH': ('wc', lambda *a, **k: _ah_from_wc(*a, **k))}

def _imported(kind, owner, handle):
    if not isinstance(owner, getattr(Verbs, kind[1])):
        raise _verbs_error(Verbs.Error.INVALID_ARGUMENT,
                           '%s(%s, handle=…) needs a %s' % (kind[0], kind[1].lower(), kind[1]))
    return getattr(Verbs, kind[0]).import_(owner, handle)  # 'import' is a keyword

# --- devices, contexts, queries ------------------------------------------------
_export(Verbs.get_devices, 'get_device_list')   # a new list of Device objects each call

@_verbs
class Context(Verbs.Context):
    def pd(self): return PD(self)
    def cq(self, nelems=100, comp_chan=None, comp_vector=0):
        return CQ(self, nelems, None, comp_chan, comp_vector)
    def comp_channel(self): return CompChannel(self)

def _import_context(cmd_fd):
    import os
    ctx = Verbs.Context.new_from_cmd_fd(cmd_fd)
    os.close(cmd_fd)  # as in pyverbs, the context now owns the descriptor (it uses a dup)
    return ctx

@_verbs
class AsyncEvent(Verbs.AsyncEvent):
    def ack(self): pass

@_verbs
class Gid(Verbs.Gid):   # made by the rules (_NEW: pyverbs' GID(val=None), text)
    gid = property(_to_string, lambda self, val: self.parse(val))
    def __repr__(self): return 'GID(%r)' % self.to_string()
    def __eq__(self, other): return isinstance(other, Verbs.Gid) and self.equal(other)
    def __ne__(self, other): return not self == other   # PyGObject's compares pointers
    def __hash__(self): return self.hash()

def _be64_as_native(data):
    # pyverbs returns the __be64 halves of a GID read as native integers.
    return int.from_bytes(bytes(data), _sys.byteorder)

@_verbs
class GidEntry(Verbs.GidEntry):
    gid_subnet_prefix = property(lambda self: _be64_as_native(self.dup_gid().raw[:8]))
    gid_interface_id = property(lambda self: _be64_as_native(self.dup_gid().raw[8:]))
    def gid_str(self): return self.dup_gid().to_string()

_export(Gid, 'GID')
_export(GidEntry, 'GIDEntry')

# --- protection domains, memory -----------------------------------------------
@_verbs
class PD(Verbs.PD):
    def mr(self, buf, access=0):
        if isinstance(buf, int):
            return MR(self, buf, access)
        data = _as_bytes(buf)
        mr = MR(self, len(data), access)
        mr.write(data, len(data), 0)
        return mr
    def qp(self, init_attr, *args, **kwargs):
        if isinstance(init_attr, Verbs.QPInitAttr):
            return QP(self, init_attr, *args, **kwargs)
        return self._qp_python_rdma(init_attr, *args, **kwargs)
    def _qp_python_rdma(self, qp_type, max_send_wr, send_cq, max_recv_wr, recv_cq, srq=None,
                        sq_sig_all=True, max_send_sge=1, max_recv_sge=1, max_inline_data=0):
        cap = QPCap(max_send_wr, max_recv_wr, max_send_sge, max_recv_sge, max_inline_data)
        return QP(self, QPInitAttr(qp_type=Verbs.QPType(int(qp_type)), scq=send_cq, rcq=recv_cq,
                                   srq=srq, cap=cap, sq_sig_all=sq_sig_all))
    def srq(self, attr=None): return SRQ(self, attr if attr is not None else SrqInitAttr())
    def ah(self, path_or_attr):
        return (path_or_attr.dup_ah(self) if isinstance(path_or_attr, Verbs.Path)
                else AH(self, path_or_attr))
    def cq(self, nelems=100, comp_chan=None, comp_vector=0):
        return self.context.cq(nelems, comp_chan, comp_vector)

ALLOCATOR_USE_DEFAULT = _U64 = (1 << 64) - 1   # GVERBS_ALLOCATOR_USE_DEFAULT: (void *) -1
__all__.append('ALLOCATOR_USE_DEFAULT')

def _allocator(func, make_args, is_alloc):
    # nothing may unwind through rdma-core: an exception fails the allocation
    def call(ctx, *args):
        try:
            result = func(*make_args(ctx, args))
            if not is_alloc:
                return None
            result = 0 if result is None else int(result)
            if result == -1:   # pyverbs' _IBV_ALLOCATOR_USE_DEFAULT, (void *) -1
                result = ALLOCATOR_USE_DEFAULT
            if not 0 <= result < 1 << 64:
                raise ValueError('the allocator returned %d, not an address' % result)
            return result
        except BaseException as e:  # noqa: B902 -- nothing may unwind into C
            ctx.report_error('%s: %s' % (type(e).__name__, e))
            return 0 if is_alloc else None
    return call

@_verbs
class ParentDomainContext(Verbs.ParentDomainContext):
    def __init__(self, pd, alloc_func, free_func, user_data=None, **kwargs):
        Verbs.ParentDomainContext.__init__(self, pd=pd)
        self.user_data = user_data
        self.set_allocators(
            _allocator(alloc_func, lambda ctx, a: (ctx.get_pd(), ctx) + tuple(a[:3]), True), (),
            _allocator(free_func, lambda ctx, a: (ctx.get_pd(), ctx) + tuple(a[:2]), False), ())

_sge_new = Verbs.SGE.new

@_verbs
class SGE(Verbs.SGE):
    def __new__(cls, addr=0, length=0, lkey=0):
        try:   # PyGObject refuses what does not fit; the checks below say why, as GLib.Error
            sge = _sge_new(addr, length, lkey)
        except (TypeError, ValueError, OverflowError):
            sge = _sge_new(_check_uint('addr', addr), _check_uint('length', length, 32),
                           _check_uint('lkey', lkey, 32))
        return sge if cls is SGE else _with_class(sge, cls)   # C's, with the subclass's class
    def __repr__(self):
        return 'SGE(addr=0x%x, length=%d, lkey=0x%x)' % (self.addr, self.length, self.lkey)
    def __str__(self):
        return ''.join('{:22}: {:<20}\n'.format(*f) for f in (
            ('Address', hex(self.addr)), ('Length', self.length), ('Key', hex(self.lkey))))

@_verbs
class MR(Verbs.MR):
    def write(self, data, length=None, offset=0):
        data = _as_bytes(data)
        length = len(data) if length is None else _check_uint('length', length)
        if length > len(data):
            raise _verbs_error(Verbs.Error.INVALID_ARGUMENT,
                               'length %d is more than the %d bytes of data' % (length, len(data)))
        return Verbs.MR.write(self, data[:length], _check_uint('offset', offset))
    def read(self, length, offset=0):
        """-> bytes (a copy; C's gverbs_mr_read() returns a GBytes), as pyverbs."""
        return Verbs.MR.read(self, _check_uint('length', length),
                             _check_uint('offset', offset)).get_data() or b''
    def sge(self, length=None, off=0):
        off = _check_uint('off', off)
        length = max(self.props.length - off, 0) if length is None else length
        return Verbs.MR.sge(self, _check_uint('length', length), off)
    def rereg(self, flags, pd=None, addr=0, length=0, access=0):
        if addr or (length and length != self.props.length):
            raise _verbs_error(Verbs.Error.NOT_SUPPORTED,
                               'libgverbs owns the memory of a Python MR: '
                               'IBV_REREG_MR_CHANGE_TRANSLATION moves it to fresh memory of '
                               'the same length, addr and length cannot be given')
        _forget_cached(self, None)
        return Verbs.MR.rereg(self, Verbs.ReregMRFlags(int(flags)), pd,
                              Verbs.AccessFlags(int(access)))

@_verbs
class DM(Verbs.DM):
    def copy_to_dm(self, dm_offset, data, length=None):
        Verbs.DM.copy_to_dm(self, dm_offset, bytes(data)[:length])

# --- addressing (AH, AHAttr, GlobalRoute), XRCD, device memory, import -------
@_verbs
class GlobalRoute(Verbs.GlobalRoute):   # made by the rules (_FIELD_CTORS)
    dgid = property(lambda self: self.get_property('dgid'), lambda self, gid: (
        self.set_dgid_bytes(GLib.Bytes.new(bytes(gid))) if isinstance(gid, (bytes, bytearray))
        else self.set_dgid(str(gid))))   # 16 bytes, or text: a GID, an IPv6 or an IPv4 address

@_verbs
class AHAttr(Verbs.AHAttr):   # made by the rules (_FIELD_CTORS)
    is_global = property(lambda self: int(self.props.is_global),
                         lambda self, v: self.set_property('is-global', bool(v)))

def _ah_from_wc(pd, attr=None, wc=None, grh=None, port_num=1, **kwargs):
    if isinstance(grh, int):
        raise _verbs_error(Verbs.Error.NOT_SUPPORTED, 'AH(pd, wc=...): pass the GRH bytes '
                           '(e.g. mr.read(40, 0)), not their address')
    return Verbs.AH.new_from_wc(pd, wc, _as_bytes(grh or b''), port_num)

# --- completion queues, completion channels and work completions -------------
@_verbs
class WC(Verbs.WC):   # made by the rules (_FIELD_CTORS)
    def __repr__(self):
        return '<Verbs.WC wr_id=%d status=%s opcode=%s>' % (
            self.wr_id, getattr(self.status, 'value_nick', self.status),
            getattr(self.opcode, 'value_nick', self.opcode))

# fields read through their C getters (half the cost), status as a mapped integer
for _name in _WC_FIELDS:
    setattr(WC, _name, property(getattr(Verbs.WC, 'get_' + _name), Verbs.WC.__dict__[_name].fset))
def _wc_status(wc, _get=Verbs.WC.get_status_value, _members=Verbs.WCStatus.__enum_values__):
    value = _get(wc)
    return _members[value] if value in _members else Verbs.WC.get_status(wc)
WC.status = property(_wc_status, Verbs.WC.__dict__['status'].fset)

class WCError(GLib.Error):
    def __init__(self, wc, qp=None, msg=None):
        err = Verbs.WC.to_error(wc)
        if err is None:
            text, code = 'Work completion succeeded: wr_id %d' % wc.wr_id, 0
        else:
            text, code = err.message, err.code
        if msg:
            text = '%s: %s' % (msg, text)
        GLib.Error.__init__(self, text, 'gverbs-wc-error-quark', int(code))
        self.wc, self.qp, self.wr_id, self.status = wc, qp, wc.wr_id, wc.status

# Verbs.WCError also stays the enum of the domain's codes: WCError.REM_ACCESS_ERR.
for _value in Verbs.WCError.__enum_values__.values():
    setattr(WCError, _value.value_nick.replace('-', '_').upper(), _value)
_export(WCError)

@_verbs
class CompChannel(Verbs.CompChannel):
    def get_cq_event(self, expected_cq=None, timeout=-1, cancellable=None):
        cq = Verbs.CompChannel.get_cq_event(self, timeout, cancellable)
        if expected_cq is not None and cq != expected_cq:
            raise _verbs_error(Verbs.Error.FAILED, 'Received event on an unexpected CQ')
        return cq
    channel = property(lambda self: self)

_poll_wcs = Verbs.CQ.poll_wcs

@_verbs
class CQ(Verbs.CQ):
    # cq.watched = True: set_watched(), which raises what the property could not
    watched = property(lambda self: self.get_watched(), lambda self, on: self.set_watched(on))
    def poll(self, num_entries=1):
        wcs = _poll_wcs(self, num_entries) or []   # each WC made once, not copied again
        return len(wcs), wcs

# made by the rules alone (_FIELD_CTORS), named here for the code that uses them
QPCap, SrqAttr = (_verbs(type(_n, (getattr(Verbs, _n),), {})) for _n in ('QPCap', 'SrqAttr'))

# --- queue pairs and the data path --------------------------------------------

def _sg_items(sg, num_sge):
    if sg is None:
        return []
    items = [sg] if isinstance(sg, Verbs.SGE) else list(sg)
    return items[:num_sge] if num_sge and num_sge < len(items) else items

def _made(cls, wr, items, sg, num_sge, next_wr):
    # what one C call did not set: a num_sge other than the list's, the chain, a subclass
    if sg is not None and num_sge and num_sge != len(items):
        wr.num_sge = num_sge
    if next_wr is not None:
        wr.next_wr = next_wr
    return _with_class(wr, cls)   # C's WR (which holds its AH), as the subclass's

_WROpcode, _SendFlags, _SEND = Verbs.WROpcode, Verbs.SendFlags, Verbs.WROpcode.SEND
_WR_OPCODES = _WROpcode.__enum_values__
_send_wr_new, _recv_wr_new = Verbs.SendWR.new_with_sg, Verbs.RecvWR.new_with_sg
_SG_LIST = property(lambda self: [self.dup_sge(i) for i in range(self.num_sge)])

@_verbs
class SendWR(Verbs.SendWR):
    next_wr, sg_list = None, _SG_LIST
    def __new__(cls, wr_id=0, opcode=Verbs.WROpcode.SEND, num_sge=0, imm_data=0, sg=None,
                send_flags=Verbs.SendFlags.SIGNALED, next_wr=None):
        # pyverbs' usual call (a list of num_sge SGEs, a WROpcode, SendFlags) in one C call
        if (cls is SendWR and next_wr is None and type(sg) is list and len(sg) == num_sge and
                type(opcode) is _WROpcode and type(send_flags) is _SendFlags):
            return _send_wr_new(wr_id, opcode, send_flags, imm_data, sg)
        items = _sg_items(sg, num_sge)
        known = _WR_OPCODES.get(opcode)   # an int no WROpcode names is set as a field below
        if type(send_flags) is not _SendFlags:
            send_flags = _SendFlags(int(send_flags))
        wr = _send_wr_new(wr_id, _SEND if known is None else known, send_flags, imm_data, items)
        if known is None:
            wr.opcode = opcode
        return _made(cls, wr, items, sg, num_sge, next_wr)

@_verbs
class RecvWR(Verbs.RecvWR):
    next_wr, sg_list = None, _SG_LIST
    def __new__(cls, wr_id=0, num_sge=0, sg=None, next_wr=None):
        if cls is RecvWR and next_wr is None and type(sg) is list and len(sg) == num_sge:
            return _recv_wr_new(wr_id, sg)
        items = _sg_items(sg, num_sge)
        return _made(cls, _recv_wr_new(wr_id, items), items, sg, num_sge, next_wr)

def _wr_list(wr):
    items = wr if isinstance(wr, (list, tuple)) else [wr]
    out = []
    for item in items:
        while item is not None:
            out.append(item)
            item = getattr(item, 'next_wr', None)
    return out

def _poster(one, many, wr_type):
    # post_send/post_recv: one WR (one C call, no list), a list of them or a next_wr chain
    def post(self, wr, bad_wr=None):
        if type(wr) is wr_type and wr.next_wr is None:
            one(self, wr)
        else:
            many(self, _wr_list(wr))
    return post

@_verbs
class QP(Verbs.QP):
    post_send = _poster(Verbs.QP.post_send_one, Verbs.QP.post_send, SendWR)
    post_recv = _poster(Verbs.QP.post_recv_one, Verbs.QP.post_recv, RecvWR)

@_verbs
class QPEx(Verbs.QPEx):  # derives from the QP override
    def wr_set_sge(self, sge): Verbs.QPEx.wr_set_sge(self, sge.lkey, sge.addr, sge.length)
    def wr_set_sge_list(self, num_sge, sg_list):
        Verbs.QPEx.wr_set_sge_list(self, list(sg_list)[:num_sge])
    def wr_set_inline_data(self, data, length=None):
        Verbs.QPEx.wr_set_inline_data(self, _as_bytes(data)[:length])
    ind_table = property(lambda self: getattr(self.get_property('init-attr'), 'rwq_ind_tbl', None))

# --- rdma_cm: AddrInfo, CMEventChannel, CMID (pyverbs.cmid) -------------------
def _service(value): return None if value is None else str(value)

# AddrInfo and EventChannel (pyverbs' CMEventChannel) are made by the rules (_CTORS)
CMEventChannel = _export(_verbs(type('EventChannel', (Verbs.EventChannel,), {})), 'CMEventChannel')

def _cm_qp_init_attr(attr):   # pyverbs gives a QPInitAttr
    return (Verbs.CMQPInitAttr.new_from_qp_init_attr(attr) if isinstance(attr, Verbs.QPInitAttr)
            else attr)

_SIGNALED = Verbs.SendFlags.SIGNALED
def _flags(flags): return flags if type(flags) is _SendFlags else _SendFlags(int(flags))

def _cm_length(method, mr, length, offset, c_order):
    # the length to post; None or 0: the MR from offset (for post_read/write, offset None: as given)
    if c_order:
        raise TypeError('CMID.%s takes pyverbs\' arguments: offset and wr_id are keyword-only '
                        '(the C argument order mr, offset, length, ... is not accepted)' % method)
    return length if length or offset is None else mr.length - offset

@_verbs
class CMID(Verbs.CMID):
    # with a signal name or handler id: GObject's; without: rdma_connect()/rdma_disconnect()
    def connect(self, *args, **kwargs):
        if args and isinstance(args[0], str):
            return Resource.connect(self, *args, **kwargs)
        param = args[0] if args else kwargs.get('param')
        self.connect_to_peer(param, _to_bytes(kwargs.get('private_data')))
    def disconnect(self, *args):
        if args:
            return GObject.Object.disconnect(self, *args)
        self.shutdown()
    # pyverbs' order; offset and wr_id keyword-only, so the C order is an error
    def post_recv(self, mr, length=None, *c_order, offset=0, wr_id=0):
        Verbs.CMID.post_recv(self, mr, offset, _cm_length('post_recv', mr, length, offset, c_order),
                             wr_id)
    def post_send(self, mr, flags=_SIGNALED, length=None, *c_order, offset=0, wr_id=0):
        Verbs.CMID.post_send(self, mr, offset, _cm_length('post_send', mr, length, offset, c_order),
                             _flags(flags), wr_id)
    def post_read(self, mr, length, remote_addr, rkey, flags=0, *c_order, offset=0, wr_id=0):
        Verbs.CMID.post_read(self, mr, offset, _cm_length('post_read', mr, length, None, c_order),
                             remote_addr, rkey, _flags(flags), wr_id)
    def post_write(self, mr, length, remote_addr, rkey, flags=0, *c_order, offset=0, wr_id=0):
        Verbs.CMID.post_write(self, mr, offset, _cm_length('post_write', mr, length, None, c_order),
                              remote_addr, rkey, _flags(flags), wr_id)
    def post_ud_send(self, mr, ah, rqpn=0, flags=_SIGNALED, length=None, *c_order, offset=0,
                     wr_id=0):
        Verbs.CMID.post_ud_send(self, mr, offset,
                                _cm_length('post_ud_send', mr, length, offset, c_order),
                                ah, int(rqpn), _flags(flags), wr_id)
    qpn = property(lambda self: self.get_qp_num() if self.has_qp() else None)

_export(0, 'RDMA_OPTION_ID')   # the level of set_option()'s options

# --- shared receive queues (pyverbs.srq) ----------------------------------------
@_verbs
class SRQ(Verbs.SRQ):
    post_recv = _poster(Verbs.SRQ.post_recv_one, Verbs.SRQ.post_recv, RecvWR)

# --- work queues, RWQ indirection tables, RSS (pyverbs.wq) ---------------------

@_verbs
class WQ(Verbs.WQ):
    post_recv = _poster(Verbs.WQ.post_recv_one, Verbs.WQ.post_recv, RecvWR)

@_verbs
class RwqIndTable(Verbs.RwqIndTable):   # pyverbs' RwqIndTable(ctx, RwqIndTableInitAttr)
    wqs = property(lambda self: self.get_wqs() or [])   # None until the table is created

@_verbs
class RxHashConf(Verbs.RxHashConf):
    def __new__(cls, rx_hash_function=0, rx_hash_key_len=0, rx_hash_key=None,
                rx_hash_fields_mask=0):
        key = None
        if rx_hash_key is not None:
            key = bytes(rx_hash_key)
            if rx_hash_key_len and rx_hash_key_len != len(key):
                raise _verbs_error(Verbs.Error.INVALID_ARGUMENT,
                                   'RxHashConf: rx_hash_key_len %d is not the key\'s length %d'
                                   % (rx_hash_key_len, len(key)))
        return Verbs.RxHashConf.new(Verbs.RxHashFunctionFlags(int(rx_hash_function)),
                                    _to_bytes(key),
                                    Verbs.RxHashFields(int(rx_hash_fields_mask)))
    rx_hash_key = property(lambda self: _data(self.get_rx_hash_key()),
                           lambda self, key: self.set_rx_hash_key(_to_bytes(key)))

# --- python-rdma connection helpers: IBPath, modify_to_*, BufferPool, CQPoller
def _to_gid(value):
    if value is None or isinstance(value, Verbs.Gid):
        return value
    if isinstance(value, (bytes, bytearray)):
        return Verbs.Gid.new_from_bytes(bytes(value))
    return Verbs.Gid.new_from_string(str(value))

@_verbs
class Path(Verbs.Path):   # made by the rules (_FIELD_CTORS: end_port, then any field)
    def __setattr__(self, name, value):
        name = _PATH_ALIASES.get(name, name)
        if name == 'port_num':   # an int, or python-rdma's end port object
            _props_setattr(self, 'port_num', int(getattr(value, 'port_id', value)))
        elif name in ('sgid', 'dgid'):
            self.set_property(name, _to_gid(value))
        else:
            _props_setattr(self, name, value)
    def fill_from_qp(self, qp):
        Verbs.Path.fill_from_qp(self, qp)
        return self
    @staticmethod
    def from_variant(variant): return Verbs.Path.new_from_variant(variant)
    @classmethod
    def from_bytes(cls, data):   # a classmethod: pickle finds it through the class
        if len(data) > Verbs.PATH_WIRE_MAX_SIZE:   # refused before it is copied into a GBytes
            raise _verbs_error(Verbs.Error.INVALID_ARGUMENT,
                               'Path variant is %d bytes long, more than the %d a path may have'
                               % (len(data), Verbs.PATH_WIRE_MAX_SIZE))
        return Verbs.Path.new_from_bytes(_to_bytes(data))
    def __reduce__(self):
        # pickle: the wire form, rebuilt with from_bytes()'s checks
        return (Path.from_bytes, (self.to_bytes(),))

# pickle finds the class as gi.repository.Verbs.Path in any process
Path.__module__ = 'gi.repository.Verbs'
_export(Path, 'IBPath')

@_export
def fill_path(qp, path, max_rd_atomic=None): return path.fill_from_qp(qp)

@_export
def send_wr(wr_id=0, opcode=Verbs.WROpcode.SEND, send_flags=0, sg_list=None, imm_data=0,
            ah=None, remote_qpn=0, remote_qkey=0, remote_addr=0, rkey=0, **kwargs):
    sg = _sg_items(sg_list, 0)
    wr = SendWR(wr_id=wr_id, opcode=opcode, num_sge=len(sg), imm_data=imm_data, sg=sg or None,
                send_flags=send_flags)
    if ah is not None:
        wr.set_wr_ud(ah, remote_qpn, remote_qkey)
    if rkey or remote_addr:
        wr.set_wr_rdma(rkey, remote_addr)
    return wr

@_export
def recv_wr(wr_id=0, sg_list=None, **kwargs):
    sg = _sg_items(sg_list, 0)
    return RecvWR(wr_id=wr_id, num_sge=len(sg), sg=sg or None)

def _as_wc_error(call, args, failed):
    # python-rdma's helpers raise WCError(wc, qp) for a failed completion
    try:
        return call(*args)
    except GLib.Error as e:
        if e.domain == 'gverbs-wc-error-quark':
            raise WCError(*failed()) from None
        raise

@_verbs
class BufferPool(Verbs.BufferPool):
    def copy_from(self, idx, offset=0, length=None):
        length = self.size - offset if length is None else length
        return Verbs.BufferPool.copy_from(self, idx, offset, length).get_data()
    def make_sge(self, idx, length=None):
        return Verbs.BufferPool.make_sge(self, idx, self.size if length is None else length)
    def make_send_wr(self, idx, length, ah=None, remote_qpn=0, remote_qkey=0):
        wr = Verbs.BufferPool.make_send_wr(self, idx, length)
        if ah is not None:
            wr.set_wr_ud(ah, remote_qpn, remote_qkey)
        return wr
    def finish_wcs(self, qp, wcs):
        wcs = [wc for wc in (wcs if isinstance(wcs, (list, tuple)) else [wcs]) if wc is not None]
        _as_wc_error(Verbs.BufferPool.finish_wcs, (self, qp, wcs),
                     lambda: (next(wc for wc in wcs if int(wc.status) != 0), qp))

@_verbs
class CQPoller(Verbs.CQPoller):
    timedout = False
    def next_wc(self, timeout=None):
        ms = -1 if timeout is None else max(0, int(timeout * 1000))
        return _as_wc_error(Verbs.CQPoller.next, (self, ms),
                            lambda: (Verbs.CQPoller.get_last_wc(self),))
    def iterwc(self, count=None, timeout=None):
        self.timedout = False
        deadline = None if timeout is None else _time.monotonic() + timeout
        for _ in iter(int, 1) if count is None else range(count):
            try:
                yield self.next_wc(None if deadline is None else
                                   max(0.0, deadline - _time.monotonic()))
            except GLib.Error as e:
                if not e.matches(Verbs.error_quark(), Verbs.Error.TIMED_OUT):
                    raise
                self.timedout = True
                return

# --- mlx5 direct verbs (built with libmlx5: -Dmlx5): the classes the tables cannot make
if hasattr(Verbs, 'Mlx5Context'):
    @_export
    def is_mlx5dv_supported(device):
        return Verbs.mlx5_is_supported(_name_of(device))
    @_verbs
    class Mlx5DevxObj(Verbs.Mlx5DevxObj):
        out_view = property(lambda self: memoryview(_data(self.get_out()) or b''))

# --- the namespace loop: the rules for every other class, flat names for enum members
# C name prefix (first match) -> pyverbs' (None: no flat name)
_FLAT_PREFIXES = (('GVERBS_ERROR_', None), ('GVERBS_RAI_NONE', None), ('GVERBS_RDMA_', 'RDMA_'),
                  ('GVERBS_RAI_', 'RAI_'), ('GVERBS_MLX5DV_', 'MLX5DV_'),
                  ('GVERBS_MTU_BYTES_', 'IBV_MTU_'), ('GVERBS_', 'IBV_'))

def _flat_name(c_name):
    prefix, flat = next((p for p in _FLAT_PREFIXES if c_name.startswith(p[0])), ('', None))
    if flat is None:
        return None
    flat = _re.sub(r'^IBV_RATE_GBPS_(.*)$', r'IBV_RATE_\1_GBPS', flat + c_name[len(prefix):])
    return flat if _re.match(r'^[A-Z_0-9]+$', flat) and flat not in globals() else None

for _name in dir(Verbs):
    _cls = getattr(Verbs, _name, None)
    _gtype = getattr(_cls, '__gtype__', None)
    if _gtype is None or not isinstance(_cls, type):
        continue
    if _gtype.is_a(GObject.TYPE_ENUM) or _gtype.is_a(GObject.TYPE_FLAGS):
        _values = ([(v, v.value_name) for v in _cls.__enum_values__.values()]
                   if _gtype.is_a(GObject.TYPE_ENUM) else
                   [(v, v.first_value_name) for v in _cls.__flags_values__.values()])
        for _value, _c_name in _values:
            _flat = _flat_name(_c_name)
            if _flat:
                _export(_value, _flat)
    elif _name not in globals() and (_gtype.is_a(GObject.TYPE_OBJECT) or
                                     _gtype.is_a(GObject.TYPE_BOXED)):
        _verbs(type(_name, (_cls,), {}))

# PyGObject's proxy module runs a Python __getattr__ on every read (e.IBV_... in a loop):
# it becomes a plain module whose PEP 562 __getattr__ serves and keeps missing names
class _VerbsModule(_types.ModuleType):
    def __dir__(self):   # what reads: not the typelib module's own __path__ or __weakref__
        return sorted(set(self.__dict__) | {n for n in dir(Verbs) if not n.startswith('__')})
    def __repr__(self): return '<VerbsProxyModule %r>' % Verbs

def _module_getattr(name):
    if name.startswith('__'):
        raise AttributeError(name)
    value = getattr(Verbs, name)
    setattr(_proxy, name, value)
    return value

_proxy = _sys.modules[__name__.replace('overrides', 'repository')]
_proxy.__class__ = _VerbsModule
_proxy.__getattr__ = _module_getattr
