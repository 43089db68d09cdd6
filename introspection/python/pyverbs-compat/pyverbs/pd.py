"""pyverbs.pd: protection domains."""

from ._compat import Verbs, compat_class, importing_new, PyverbsRDMAError
import errno as _errno

__all__ = ['PD', 'ParentDomain', 'ParentDomainInitAttr', 'ParentDomainContext']



def _pd_init(self, context, *args, **kwargs):
    if kwargs.get('handle') is not None:
        return  # imported by __new__
    Verbs.PD.__init__(self, context, *args, **kwargs)


PD = compat_class(Verbs.PD, 'PD', messages={'__init__': 'Failed to allocate PD'},
                  namespace={'__module__': 'pyverbs.pd', '__init__': _pd_init,
                             '__new__': importing_new(Verbs.PD, 'handle', 'Failed to import PD')})


class ParentDomainInitAttr:
    """Accepted for pyverbs' signature; parent domains come with their own
    libgverbs issue, so ParentDomain() raises EOPNOTSUPP."""

    def __init__(self, pd=None, pd_context=None, **kwargs):
        self.pd = pd
        self.pd_context = pd_context


class ParentDomainContext:
    def __init__(self, pd=None, alloc_func=None, free_func=None, *args, **kwargs):
        self.pd = pd


class ParentDomain:
    def __init__(self, context, attr=None, **kwargs):
        raise PyverbsRDMAError('Failed to allocate Parent Domain (not supported by libgverbs yet)',
                               _errno.EOPNOTSUPP)
