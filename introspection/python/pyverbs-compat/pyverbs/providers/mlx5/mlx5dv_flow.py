# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.providers.mlx5.mlx5dv_flow: not in libgverbs yet; every class raises
EOPNOTSUPP when created, so mlx5 tests skip as on a non-mlx5 device."""

from ..._unsupported import module_getattr

__getattr__ = module_getattr(__name__)
