# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.qp: queue pairs, extended QPs and their attributes."""


from ._compat import Verbs, compat_class

_ALL_ATTR_BITS = 0
for _bit in Verbs.QPAttrMask.__flags_values__:
    _ALL_ATTR_BITS |= int(_bit)


def _query(self, attr_mask):
    # pyverbs programs pass catch-all masks (0x1ffffff): the bits no
    # attribute has mean nothing to ibv_query_qp
    return Verbs.QP.query(self, Verbs.QPAttrMask(int(attr_mask) & _ALL_ATTR_BITS))


def _modify(self, qp_attr, attr_mask):
    # pyverbs takes the mask as a plain int (cmid.init_qp_attr() gives one)
    return Verbs.QP.modify(self, qp_attr, Verbs.QPAttrMask(int(attr_mask) & _ALL_ATTR_BITS))


def _bind_mw(self, mw, mw_bind):
    """pyverbs' qp.bind_mw(mw, MWBind): binds a type-1 window."""
    info = mw_bind.bind_info
    Verbs.QP.bind_mw(self, mw, info.mr, info.addr, info.length,
                     Verbs.AccessFlags(int(info.mw_access_flags)), mw_bind.wr_id,
                     Verbs.SendFlags(int(mw_bind.send_flags)))


def _post_send(self, send_wr, bad_wr=None):
    bind = getattr(send_wr, '_pyverbs_bind', None)
    if bind is None:
        return Verbs.QP.post_send(self, send_wr, bad_wr)
    mw, info, rkey = bind
    Verbs.QP.post_bind_mw(self, mw, rkey, info.mr, info.addr, info.length,
                          Verbs.AccessFlags(int(info.mw_access_flags)), send_wr.wr_id,
                          Verbs.SendFlags(int(send_wr.send_flags)))


def _wr_bind_mw(self, mw, rkey, bind_info):
    """pyverbs' qp.wr_bind_mw(mw, rkey, MWBindInfo)."""
    Verbs.QPEx.wr_bind_mw(self, mw, rkey, bind_info.mr, bind_info.addr, bind_info.length,
                          Verbs.AccessFlags(int(bind_info.mw_access_flags)))


def _query_data_in_order(self, op, flags=0):
    """1 when the device writes the data of op in order, else 0."""
    return int(Verbs.QP.query_data_in_order(self, op))

__all__ = ['QP', 'QPEx', 'QPCap', 'QPAttr', 'QPInitAttr', 'QPInitAttrEx', 'DataInOrderAttr', 'ECE']

_QP_MESSAGES = {
    '__init__': 'Failed to create QP',
    'modify': 'Failed to modify QP',
    'query': 'Failed to query QP',
    'to_init': 'Failed to modify QP state to INIT',
    'to_rtr': 'Failed to modify QP state to RTR',
    'to_rts': 'Failed to modify QP state to RTS',
    'post_send': 'Failed to post send',
    'post_recv': 'Failed to post recv',
    'bind_mw': 'Failed to bind MW',
    'query_ece': 'Failed to query ECE',
    'set_ece': 'Failed to set ECE',
}

_QP_NAMESPACE = {'query': _query, 'modify': _modify, 'bind_mw': _bind_mw, 'post_send': _post_send,
                 'query_data_in_order': _query_data_in_order}

QP = compat_class(Verbs.QP, 'QP', messages=_QP_MESSAGES,
                  namespace=dict(_QP_NAMESPACE, __module__='pyverbs.qp'))

QPEx = compat_class(Verbs.QPEx, 'QPEx', messages=dict(_QP_MESSAGES, wr_complete='Post send failed'),
                    namespace={'__module__': 'pyverbs.qp', **_QP_NAMESPACE,
                               'wr_bind_mw': _wr_bind_mw},
                    extra_bases=(QP,))
QPCap = Verbs.QPCap
QPAttr = Verbs.QPAttr
QPInitAttr = Verbs.QPInitAttr
QPInitAttrEx = Verbs.QPInitAttrEx
ECE = Verbs.ECE
