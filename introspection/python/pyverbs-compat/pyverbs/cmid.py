"""pyverbs.cmid: rdma_cm identifiers, address info and event channels."""

import errno as _errno

from ._compat import Verbs, compat_class, PyverbsRDMAError

__all__ = ['CMID', 'AddrInfo', 'CMEventChannel', 'ConnParam', 'UDParam', 'CMEvent',
           'JoinMCAttrEx']

CMID = compat_class(Verbs.CMID, 'CMID', messages={
    '__init__': 'Failed to create CM ID',
    'bind_addr': 'Failed to Bind ID',
    'resolve_addr': 'Failed to Resolve Address',
    'resolve_route': 'Failed to Resolve Route',
    'listen': 'Listen Failed',
    'connect': 'Failed to Connect',
    'accept': 'Failed to Accept Connection',
    'get_request': 'Failed to get request',
    'reject': 'Failed to Reject',
    'disconnect': 'Failed to Disconnect',
    'post_send': 'Failed to Post Send',
    'post_recv': 'Failed to Post Receive',
    'join_multicast': 'Failed to join multicast',
    'leave_multicast': 'Failed to leave multicast',
    'set_option': 'Failed to set option',
}, namespace={'__module__': 'pyverbs.cmid'})

AddrInfo = compat_class(Verbs.AddrInfo, 'AddrInfo', messages={
    '__init__': 'Failed to get Address Info',
}, namespace={'__module__': 'pyverbs.cmid'})

CMEventChannel = compat_class(Verbs.EventChannel, 'CMEventChannel', messages={
    '__init__': 'Failed to create CM event channel',
}, namespace={'__module__': 'pyverbs.cmid'})

ConnParam = Verbs.ConnParam
UDParam = Verbs.UDParam


class CMEvent:
    """Reading rdma_cm events one by one from a channel: libgverbs delivers
    them as CMID signals on the main loop instead."""

    def __init__(self, channel, **kwargs):
        raise PyverbsRDMAError('Failed to get CM event (libgverbs delivers rdma_cm events as '
                               'CMID signals)', _errno.EOPNOTSUPP)


class JoinMCAttrEx:
    def __init__(self, addr=None, comp_mask=0, join_flags=0):
        self.addr, self.comp_mask, self.join_flags = addr, comp_mask, join_flags
