# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.providers.mlx5.mlx5_enums: the MLX5DV_* values libgverbs has
(rdma-core's, as ints); the names it does not have yet read as 0."""

from ..._compat import Verbs
from ..._unsupported import module_getattr

for _name in dir(Verbs):
    if _name.startswith('MLX5DV_'):
        globals()[_name] = int(getattr(Verbs, _name))
del _name

__getattr__ = module_getattr(__name__)
