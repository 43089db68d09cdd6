# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.providers.mlx5.mlx5dv: the mlx5 direct verbs libgverbs has
(Mlx5Context, Mlx5DVContextAttr, Mlx5DVQPInitAttr, Mlx5DVDCInitAttr, Mlx5QP,
Mlx5DVCQInitAttr, Mlx5CQ, Mlx5VAR, Mlx5UAR, Mlx5PP, Mlx5DevxObj, Mlx5UMEM),
raising pyverbs' exceptions. On a device that is not an mlx5 one they raise
PyverbsRDMAError with EOPNOTSUPP, as pyverbs' tests expect to skip. The
names libgverbs does not have yet keep refusing the same way."""

from ..._compat import Verbs, compat_class
from ..._unsupported import module_getattr

__all__ = []

if hasattr(Verbs, 'Mlx5Context'):
    _NS = {'__module__': __name__}
    Mlx5DVContextAttr = Verbs.Mlx5DVContextAttr
    Mlx5DVDCInitAttr = Verbs.Mlx5DVDCInitAttr
    Mlx5DVQPInitAttr = Verbs.Mlx5DVQPInitAttr
    Mlx5DVCQInitAttr = Verbs.Mlx5DVCQInitAttr
    Mlx5DVContext = Verbs.Mlx5DVContext
    Mlx5DVPortAttr = Verbs.Mlx5DVPortAttr
    Mlx5Context = compat_class(Verbs.Mlx5Context, 'Mlx5Context', messages={
        '__init__': 'Failed to open mlx5 context',
        'query_mlx5_device': 'Failed to query mlx5 device',
        'query_mlx5_port': 'Failed to query mlx5 port',
        'devx_general_cmd': 'DevX general command failed'}, namespace=_NS)
    Mlx5QP = compat_class(Verbs.Mlx5QP, 'Mlx5QP', messages={
        '__init__': 'Failed to create mlx5 QP'}, namespace=_NS)
    Mlx5CQ = compat_class(Verbs.Mlx5CQ, 'Mlx5CQ', messages={
        '__init__': 'Failed to create mlx5 CQ'}, namespace=_NS)
    Mlx5VAR = compat_class(Verbs.Mlx5VAR, 'Mlx5VAR', messages={
        '__init__': 'Failed to allocate VAR'}, namespace=_NS)
    Mlx5UAR = compat_class(Verbs.Mlx5UAR, 'Mlx5UAR', messages={
        '__init__': 'Failed to allocate UAR'}, namespace=_NS)
    Mlx5PP = compat_class(Verbs.Mlx5PP, 'Mlx5PP', messages={
        '__init__': 'Failed to allocate packet pacing entry'}, namespace=_NS)
    Mlx5DevxObj = compat_class(Verbs.Mlx5DevxObj, 'Mlx5DevxObj', messages={
        '__init__': 'Failed to create DevX object',
        'query': 'Failed to query DevX object',
        'modify': 'Failed to modify DevX object'}, namespace=_NS)
    Mlx5UMEM = compat_class(Verbs.Mlx5UMEM, 'Mlx5UMEM', messages={
        '__init__': 'Failed to register UMEM'}, namespace=_NS)
    __all__ += ['Mlx5Context', 'Mlx5DVContextAttr', 'Mlx5DVDCInitAttr', 'Mlx5DVQPInitAttr',
                'Mlx5DVCQInitAttr', 'Mlx5DVContext', 'Mlx5DVPortAttr', 'Mlx5QP', 'Mlx5CQ',
                'Mlx5VAR', 'Mlx5UAR', 'Mlx5PP', 'Mlx5DevxObj', 'Mlx5UMEM']

__getattr__ = module_getattr(__name__)
