# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.libibverbs_enums: the same constants as pyverbs.enums."""

from .enums import *  # noqa: F401,F403
from .enums import __all__  # noqa: F401
