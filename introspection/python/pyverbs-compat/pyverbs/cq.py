# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.cq: completion queues, extended CQs, completion channels."""

from ._compat import Verbs, compat_class

__all__ = ['CQ', 'CQEX', 'CqInitAttrEx', 'CompChannel', 'WC', 'PollCqAttr', 'WcTmInfo']


def _comp_channel(self):
    return self.get_property('channel')


CompChannel = compat_class(Verbs.CompChannel, 'CompChannel', messages={
    '__init__': 'Failed to create a completion channel',
    'get_cq_event': 'Failed to get CQ event',
}, namespace={'__module__': 'pyverbs.cq'})

CQ = compat_class(Verbs.CQ, 'CQ', messages={
    '__init__': 'Failed to create a CQ',
    'resize': 'Failed to resize CQ',
    'req_notify': 'Request notify CQ returned',
}, namespace={'__module__': 'pyverbs.cq', 'comp_channel': property(_comp_channel)})

CQEX = compat_class(Verbs.CQEX, 'CQEX', messages={
    '__init__': 'Failed to create extended CQ',
}, namespace={'__module__': 'pyverbs.cq', 'comp_channel': property(_comp_channel)})

CqInitAttrEx = Verbs.CqInitAttrEx
WC = Verbs.WC


class PollCqAttr:
    """The (empty) attributes of ibv_start_poll()."""

    def __init__(self, comp_mask=0):
        self.comp_mask = comp_mask


# pyverbs' WcTmInfo (tag, priv): what CQEX.read_tm_info() returns
WcTmInfo = Verbs.WcTmInfo
