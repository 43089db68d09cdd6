"""pyverbs.wr: work requests and scatter/gather elements."""

from ._compat import Verbs

__all__ = ['SGE', 'SendWR', 'RecvWR']

SGE = Verbs.SGE
SendWR = Verbs.SendWR
RecvWR = Verbs.RecvWR
