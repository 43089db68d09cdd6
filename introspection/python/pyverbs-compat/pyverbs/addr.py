"""pyverbs.addr: address handles, GIDs, global routes."""

from ._compat import Verbs, compat_class

__all__ = ['AH', 'AHAttr', 'GlobalRoute', 'GID', 'GRH']

AH = compat_class(Verbs.AH, 'AH', messages={'__init__': 'Failed to create AH'},
                  namespace={'__module__': 'pyverbs.addr'})
AHAttr = Verbs.AHAttr
GlobalRoute = Verbs.GlobalRoute
GID = Verbs.GID
GRH = getattr(Verbs, 'GRH', None)
