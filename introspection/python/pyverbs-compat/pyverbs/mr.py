"""pyverbs.mr: memory regions, memory windows, device-memory MRs."""

import errno as _errno

from ._compat import Verbs, compat_class, PyverbsRDMAError

__all__ = ['MR', 'MW', 'MWBindInfo', 'MWBind', 'DMMR', 'DmaBufMR']

MR = compat_class(Verbs.MR, 'MR', messages={
    '__init__': 'Failed to register a MR',
    'rereg': 'Failed to rereg MR',
    'advise_mr': 'Failed to advise MR',
}, namespace={'__module__': 'pyverbs.mr'})

MW = compat_class(Verbs.MW, 'MW', messages={'__init__': 'Failed to allocate MW'},
                  namespace={'__module__': 'pyverbs.mr'})

DMMR = compat_class(Verbs.DMMR, 'DMMR', messages={'__init__': 'Failed to register a device MR'},
                    namespace={'__module__': 'pyverbs.mr'})

MWBindInfo = getattr(Verbs, 'MWBindInfo', None)
MWBind = getattr(Verbs, 'MWBind', None)


class DmaBufMR:
    def __init__(self, *args, **kwargs):
        raise PyverbsRDMAError('Failed to register a dma-buf MR (not supported by libgverbs yet)',
                               _errno.EOPNOTSUPP)
