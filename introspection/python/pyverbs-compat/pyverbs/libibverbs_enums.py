"""pyverbs.libibverbs_enums: the same constants as pyverbs.enums."""

from .enums import *  # noqa: F401,F403
from .enums import __all__  # noqa: F401
