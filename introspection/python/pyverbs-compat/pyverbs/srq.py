# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.srq: shared receive queues."""

from ._compat import GLib, Verbs, compat_class, raw, translate

__all__ = ['SRQ', 'SrqAttr', 'SrqInitAttr', 'SrqInitAttrEx', 'OpsWr']


class SrqInitAttrEx(Verbs.SrqInitAttrEx):
    """pyverbs' SrqInitAttrEx, with its tag-matching fields max_num_tags and
    max_ops (libgverbs' tm-max-num-tags, tm-max-ops)."""
    __gtype__ = Verbs.SrqInitAttrEx.__gtype__
    max_num_tags = property(lambda self: self.get_property('tm-max-num-tags'),
                            lambda self, v: self.set_property('tm-max-num-tags', v))
    max_ops = property(lambda self: self.get_property('tm-max-ops'),
                       lambda self, v: self.set_property('tm-max-ops', v))


class OpsWr:
    """pyverbs' OpsWr: a tag-matching operation (ibv_ops_wr) for
    SRQ.post_srq_ops(); after a posted IBV_WR_TAG_ADD, handle is the tag's
    handle, as rdma-core writes it back."""

    def __init__(self, wr_id=0, opcode=0, flags=1, next_wr=None, unexpected_cnt=0,
                 recv_wr_id=0, num_sge=None, tag=0, mask=0, sg_list=None):
        # pyverbs' defaults: IBV_WR_TAG_ADD, IBV_OPS_SIGNALED
        self._wr = Verbs.OpsWR.new(wr_id, Verbs.OpsWROpcode(int(opcode)),
                                   Verbs.OpsFlags(int(flags)))
        self._wr.unexpected_cnt = unexpected_cnt
        self._wr.recv_wr_id = recv_wr_id
        self._wr.tag = tag
        self._wr.mask = mask
        self.next_wr = next_wr
        for i, sge in enumerate((sg_list or [])[:num_sge]):
            self._wr.set_sge(i, sge)
        if num_sge is not None:
            self._wr.num_sge = num_sge

    def _field(name, conv=int):
        return property(lambda self: conv(getattr(self._wr, name)),
                        lambda self, v: setattr(self._wr, name, v))

    wr_id = _field('wr_id')
    unexpected_cnt = _field('unexpected_cnt')
    recv_wr_id = _field('recv_wr_id')
    tag = _field('tag')
    mask = _field('mask')
    handle = _field('handle')
    num_sge = _field('num_sge')
    opcode = property(lambda self: int(self._wr.opcode),
                      lambda self, v: setattr(self._wr, 'opcode', Verbs.OpsWROpcode(int(v))))
    flags = property(lambda self: int(self._wr.flags),
                     lambda self, v: setattr(self._wr, 'flags', Verbs.OpsFlags(int(v))))
    del _field

    def close(self):
        pass


def _post_srq_ops(self, wr, bad_wr=None):
    """pyverbs' SRQ.post_srq_ops(wr, bad_wr=None): posts wr and the ones
    chained after it by next_wr (ibv_post_srq_ops)."""
    while wr is not None:
        try:
            Verbs.SRQ.post_ops(self, wr._wr)
        except GLib.Error as err:
            if bad_wr is not None:
                bad_wr._wr = wr._wr.copy()
            raise translate(err, 'post SRQ ops failed.') from None
        wr = wr.next_wr


SRQ = compat_class(Verbs.SRQ, 'SRQ', messages={
    '__init__': 'Failed to create SRQ',
    'modify': 'Failed to modify SRQ',
    'query': 'Failed to query SRQ',
    'post_recv': 'Failed to post receive to SRQ',
}, namespace={'__module__': 'pyverbs.srq', 'post_srq_ops': raw(_post_srq_ops)})
SrqAttr = Verbs.SrqAttr
SrqInitAttr = Verbs.SrqInitAttr
