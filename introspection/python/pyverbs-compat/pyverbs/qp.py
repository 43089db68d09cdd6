"""pyverbs.qp: queue pairs, extended QPs and their attributes."""

from ._compat import Verbs, compat_class

__all__ = ['QP', 'QPEx', 'QPCap', 'QPAttr', 'QPInitAttr', 'QPInitAttrEx', 'DataInOrderAttr']

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

QP = compat_class(Verbs.QP, 'QP', messages=_QP_MESSAGES, namespace={'__module__': 'pyverbs.qp'})

QPEx = compat_class(Verbs.QPEx, 'QPEx', messages=dict(_QP_MESSAGES, wr_complete='Post send failed'),
                    namespace={'__module__': 'pyverbs.qp',
                               # RSS QPs over work queues are not wrapped yet: never an ind_table
                               'ind_table': None})
QPCap = Verbs.QPCap
QPAttr = Verbs.QPAttr
QPInitAttr = Verbs.QPInitAttr
QPInitAttrEx = Verbs.QPInitAttrEx
