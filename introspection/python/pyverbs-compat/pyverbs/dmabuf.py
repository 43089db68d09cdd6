"""pyverbs.dmabuf: not in libgverbs yet; every class raises EOPNOTSUPP when created."""

from ._unsupported import module_getattr

__getattr__ = module_getattr(__name__)
