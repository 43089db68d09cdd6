"""pyverbs.enums: libibverbs' constants (IBV_*), with the values of
rdma-core's headers. Most come from gi.repository.Verbs' enum and flag types
(whose values equal rdma-core's); the few libgverbs has no type for are
listed here."""

import enum as _enum

from gi.repository import Verbs as _Verbs

_names = {}
for _name in dir(_Verbs):
    if _name.startswith('IBV_'):
        _names[_name] = getattr(_Verbs, _name)

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
for _name, _value in _EXTRA.items():
    _names.setdefault(_name, _value)


def _flag_type(type_name, prefix, exclude=()):
    members = {n: int(v) for n, v in sorted(_names.items(), key=lambda kv: int(kv[1]))
               if n.startswith(prefix) and n not in exclude and int(v) > 0}
    return _enum.IntFlag(type_name, members)


# the types the suite iterates over; their members replace the plain values
ibv_access_flags = _flag_type('ibv_access_flags', 'IBV_ACCESS_')
ibv_qp_create_flags = _flag_type('ibv_qp_create_flags', 'IBV_QP_CREATE_')
ibv_create_cq_wc_flags = _flag_type('ibv_create_cq_wc_flags', 'IBV_WC_EX_WITH_')
ibv_create_cq_attr_flags = _flag_type('ibv_create_cq_attr_flags', 'IBV_CREATE_CQ_ATTR_')
for _type in (ibv_access_flags, ibv_qp_create_flags, ibv_create_cq_wc_flags,
              ibv_create_cq_attr_flags):
    for _member in _type:
        _names[_member.name] = _member

globals().update(_names)
__all__ = sorted(_names) + ['ibv_access_flags', 'ibv_qp_create_flags',
                            'ibv_create_cq_wc_flags', 'ibv_create_cq_attr_flags']
del _name, _value, _type, _member
