# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.enums: libibverbs' constants (IBV_*), with the values of
rdma-core's headers. Most come from gi.repository.Verbs' enum and flag types
(whose values equal rdma-core's); the few libgverbs has no type for are
listed here."""

import enum as _enum
import re as _re

from gi.repository import GObject as _GObject
from gi.repository import Verbs as _Verbs

# The IBV_* names are gi.repository.Verbs' own enum and flags values (what
# Verbs' methods take: pygobject refuses a plain int for a flags argument),
# given pyverbs' .value; each libgverbs enum or flags type is also offered
# under pyverbs' type name (ibv_access_flags ...) as a Python IntEnum or
# IntFlag to iterate over.
_types = {}
for _attr in dir(_Verbs):
    _t = getattr(_Verbs, _attr, None)
    _gtype = getattr(_t, '__gtype__', None)
    if _gtype is None or not isinstance(_t, type):
        continue
    if _gtype.is_a(_GObject.TYPE_ENUM):
        _vals = [(v.value_name, int(v)) for v in _t.__enum_values__.values()]
        _kind = _enum.IntEnum
    elif _gtype.is_a(_GObject.TYPE_FLAGS):
        _vals = [(v.first_value_name, int(v)) for v in _t.__flags_values__.values()
                 if v.first_value_name is not None]
        _kind = _enum.IntFlag
    else:
        continue
    _members = {}
    for _c_name, _v in _vals:
        if not _c_name.startswith('GVERBS_') or _c_name.startswith(('GVERBS_ERROR_', 'GVERBS_RDMA_',
                                                                     'GVERBS_RAI_')):
            continue
        _flat = 'IBV_' + _c_name[len('GVERBS_'):]
        if _re.match(r'^[A-Z_0-9]+$', _flat) and hasattr(_Verbs, _flat):
            _members[_flat] = _v
    if _members:
        _py_name = 'ibv_' + _re.sub(r'(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])', '_',
                                  _gtype.name[len('GVerbs'):]).lower()
        _types[_py_name] = (_kind, _members)

_names = {}
for _name in dir(_Verbs):
    if _name.startswith('IBV_'):
        _value = getattr(_Verbs, _name)
        _names[_name] = _value
        if not hasattr(type(_value), 'value'):
            type(_value).value = property(int)

# constants of libibverbs that no libgverbs enum carries (verbs.h values)
_EXTRA = {
    'IBV_LINK_LAYER_UNSPECIFIED': 0,
    'IBV_LINK_LAYER_INFINIBAND': 1,
    'IBV_LINK_LAYER_ETHERNET': 2,
    'IBV_FORK_DISABLED': 0,
    'IBV_FORK_ENABLED': 1,
    'IBV_FORK_UNNEEDED': 2,
    'IBV_GID_TYPE_SYSFS_IB_ROCE_V1': 0,
    'IBV_GID_TYPE_SYSFS_ROCE_V2': 1,
    'IBV_WC_STANDARD_FLAGS': 0x7f,
    'IBV_QP_CREATE_SOURCE_QPN': 1 << 10,
    'IBV_FLOW_SPEC_INNER': 0x100,
    'IBV_WQ_ATTR_STATE': 1 << 0,
    'IBV_WQ_ATTR_CURR_STATE': 1 << 1,
    'IBV_WQ_ATTR_FLAGS': 1 << 2,
    'IBV_OPS_SIGNALED': 1 << 0,
    'IBV_OPS_TM_SYNC': 1 << 1,
    'IBV_WR_TAG_ADD': 0,
    'IBV_WR_TAG_DEL': 1,
    'IBV_WR_TAG_SYNC': 2,
    'IBV_TMH_NO_TAG': 0,
    'IBV_TMH_RNDV': 1,
    'IBV_TMH_FIN': 2,
    'IBV_TMH_EAGER': 3,
    'IBV_QUERY_QP_DATA_IN_ORDER_RETURN_CAPS': 1 << 0,
    'IBV_QUERY_QP_DATA_IN_ORDER_WHOLE_MSG': 1 << 0,
    'IBV_QUERY_QP_DATA_IN_ORDER_ALIGNED_128_BYTES': 1 << 1,
    '_IBV_ADVISE_MR_ADVICE_PREFETCH': 0,
    '_IBV_ADVISE_MR_ADVICE_PREFETCH_WRITE': 1,
    '_IBV_ADVISE_MR_ADVICE_PREFETCH_NO_FAULT': 2,
    '_IBV_ADVISE_MR_FLAG_FLUSH': 1 << 0,
    '_IBV_DEVICE_RAW_SCATTER_FCS': 1 << 34,
    '_IBV_DEVICE_PCI_WRITE_END_PADDING': 1 << 36,
    '_IBV_ALLOCATOR_USE_DEFAULT': -1,
    'IBV_QP_CREATE_BLOCK_SELF_MCAST_LB': 1 << 1,
    'IBV_QP_CREATE_SCATTER_FCS': 1 << 8,
    'IBV_QP_CREATE_CVLAN_STRIPPING': 1 << 9,
    'IBV_QP_CREATE_PCI_WRITE_END_PADDING': 1 << 11,
}


def _flag_type(type_name, prefix, exclude=()):
    members = {n: int(v) for n, v in sorted(_names.items(), key=lambda kv: int(kv[1]))
               if n.startswith(prefix) and n not in exclude and int(v) > 0}
    return _enum.IntFlag(type_name, members)


_py_types = {}
for _py_name, (_kind, _members) in _types.items():
    _py_types[_py_name] = _kind(_py_name, _members)
# the extras, each a member of a one-name enum (pyverbs' have .value too)
for _name, _value in _EXTRA.items():
    if _name not in _names:
        _names[_name] = _enum.IntEnum(_name.lower(), {_name: _value})[_name]


# the types the suite iterates over; their members replace the plain values
ibv_access_flags = _flag_type('ibv_access_flags', 'IBV_ACCESS_')
ibv_qp_create_flags = _flag_type('ibv_qp_create_flags', 'IBV_QP_CREATE_')
ibv_create_cq_wc_flags = _flag_type('ibv_create_cq_wc_flags', 'IBV_WC_EX_WITH_')
ibv_create_cq_attr_flags = _flag_type('ibv_create_cq_attr_flags', 'IBV_CREATE_CQ_ATTR_')

_py_types.update(ibv_access_flags=ibv_access_flags, ibv_qp_create_flags=ibv_qp_create_flags,
                 ibv_create_cq_wc_flags=ibv_create_cq_wc_flags,
                 ibv_create_cq_attr_flags=ibv_create_cq_attr_flags)
globals().update(_py_types)
globals().update(_names)
__all__ = sorted(_names) + sorted(_py_types)
