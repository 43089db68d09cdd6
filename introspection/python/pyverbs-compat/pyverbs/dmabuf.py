# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.dmabuf: DmaBuf, pyverbs' allocator of DRM GEM buffers exported as
dma-bufs. libgverbs registers dma-bufs (pyverbs.mr.DmaBufMR takes a
descriptor) but allocates none: DmaBuf raises EOPNOTSUPP, as pyverbs does on
a machine without a usable DRM render node, so tests skip the same way."""

import errno as _errno

from .pyverbs_error import PyverbsRDMAError
from ._unsupported import module_getattr


class DmaBuf:
    def __init__(self, size, gpu=0, gtt=0):
        raise PyverbsRDMAError('DmaBuf: libgverbs does not allocate dma-bufs (DRM GEM buffers); '
                               'give DmaBufMR the descriptor of a dma-buf you allocated',
                               _errno.EOPNOTSUPP)


__getattr__ = module_getattr(__name__)
