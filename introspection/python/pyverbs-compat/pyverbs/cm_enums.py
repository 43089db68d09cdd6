# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.cm_enums: librdmacm's constants (RDMA_*, RAI_*)."""

from gi.repository import Verbs as _Verbs

_names = {n: getattr(_Verbs, n) for n in dir(_Verbs) if n.startswith(('RDMA_', 'RAI_'))}
_EXTRA = {
    'RDMA_CM_JOIN_MC_ATTR_ADDRESS': 1 << 0,
    'RDMA_CM_JOIN_MC_ATTR_JOIN_FLAGS': 1 << 1,
    'RDMA_MC_JOIN_FLAG_FULLMEMBER': 0,
    'RDMA_MC_JOIN_FLAG_SENDONLY_FULLMEMBER': 1,
    'RDMA_OPTION_ID': 0,
    'RDMA_OPTION_IB': 1,
    'RDMA_OPTION_IB_PATH': 1,
}
for _n, _v in _EXTRA.items():
    _names.setdefault(_n, _v)
globals().update(_names)
__all__ = sorted(_names)
