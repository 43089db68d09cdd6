# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.srq: shared receive queues."""

from ._compat import Verbs, compat_class

__all__ = ['SRQ', 'SrqAttr', 'SrqInitAttr', 'SrqInitAttrEx', 'OpsWr']

SRQ = compat_class(Verbs.SRQ, 'SRQ', messages={
    '__init__': 'Failed to create SRQ',
    'modify': 'Failed to modify SRQ',
    'query': 'Failed to query SRQ',
    'post_recv': 'Failed to post receive to SRQ',
}, namespace={'__module__': 'pyverbs.srq'})
SrqAttr = Verbs.SrqAttr
SrqInitAttr = Verbs.SrqInitAttr
SrqInitAttrEx = Verbs.SrqInitAttrEx


class OpsWr:
    """Tag-matching operations: rxe has no tag matching (IBV_SRQT_TM)."""

    def __init__(self, wr_id=0, opcode=0, flags=0, unexpected_cnt=0, recv_wr_id=0,
                 num_sge=None, tag=0, mask=0, sg_list=None):
        self.wr_id, self.opcode, self.flags = wr_id, opcode, flags
        self.unexpected_cnt, self.recv_wr_id = unexpected_cnt, recv_wr_id
        self.num_sge, self.tag, self.mask, self.sg_list = num_sge, tag, mask, sg_list
