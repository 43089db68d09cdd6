# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.dma_util: not in libgverbs yet; every class raises EOPNOTSUPP when created."""

from ._unsupported import module_getattr

__getattr__ = module_getattr(__name__)
