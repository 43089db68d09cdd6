# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.wq: work queues, RWQ indirection tables and the RSS hash
configuration, made of libgverbs' WQ, RwqIndTable and RxHashConf."""

from ._compat import GLib, PyverbsUserError, Verbs, compat_class, translate

__all__ = ['WQ', 'WQInitAttr', 'WQAttr', 'RwqIndTable', 'RwqIndTableInitAttr', 'RxHashConf']

WQInitAttr = Verbs.WQInitAttr
WQAttr = Verbs.WQAttr

WQ = compat_class(Verbs.WQ, 'WQ', messages={
    '__init__': 'Failed to create WQ',
    'modify': 'Failed to modify WQ',
    'post_recv': 'Failed to post recv',
}, namespace={'__module__': 'pyverbs.wq'})


class RwqIndTableInitAttr(Verbs.RwqIndTableInitAttr):
    """pyverbs' RwqIndTableInitAttr(log_ind_tbl_size=5, wqs_list=None, comp_mask=0),
    with pyverbs' own checks (PyverbsUserError). libgverbs also wants the table
    full: exactly 2**log_ind_tbl_size WQs, as rdma-core reads that many."""

    __module__ = 'pyverbs.wq'
    __gtype__ = Verbs.RwqIndTableInitAttr.__gtype__

    def __new__(cls, log_ind_tbl_size=5, wqs_list=None, comp_mask=0):
        wqs_list = list(wqs_list or [])
        if log_ind_tbl_size <= 0:
            raise PyverbsUserError('Invalid indirection table size. Log size must be > 0')
        if (1 << log_ind_tbl_size) < len(wqs_list):
            raise PyverbsUserError('Requested table size (%d) is smaller than the number of '
                                   'wqs (%d)' % (1 << log_ind_tbl_size, len(wqs_list)))
        try:
            obj = Verbs.RwqIndTableInitAttr.__new__(cls, log_ind_tbl_size, wqs_list, comp_mask)
        except GLib.Error as err:
            raise translate(err, 'Failed to create RwqIndTableInitAttr') from None
        obj.__class__ = cls
        return obj


RwqIndTable = compat_class(Verbs.RwqIndTable, 'RwqIndTable', messages={
    '__init__': 'Failed to create RwqIndTable',
}, namespace={'__module__': 'pyverbs.wq'})


class RxHashConf(Verbs.RxHashConf):
    """pyverbs' RxHashConf(rx_hash_function=0, rx_hash_key_len=0, rx_hash_key=None,
    rx_hash_fields_mask=0); a key whose length is not rx_hash_key_len is a
    PyverbsUserError, as in pyverbs."""

    __module__ = 'pyverbs.wq'
    __gtype__ = Verbs.RxHashConf.__gtype__

    def __new__(cls, rx_hash_function=0, rx_hash_key_len=0, rx_hash_key=None,
                rx_hash_fields_mask=0):
        if rx_hash_key and rx_hash_key_len != len(rx_hash_key):
            raise PyverbsUserError('Length of rx_hash_key not equal to rx_hash_key_len')
        try:
            obj = Verbs.RxHashConf.__new__(cls, rx_hash_function, rx_hash_key_len, rx_hash_key,
                                           rx_hash_fields_mask)
        except GLib.Error as err:
            raise translate(err, 'Failed to create RxHashConf') from None
        obj.__class__ = cls
        return obj
