# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.wr: work requests and scatter/gather elements."""

from ._compat import Verbs

__all__ = ['SGE', 'SendWR', 'RecvWR']

SGE = Verbs.SGE


class SendWR(Verbs.SendWR):
    """pyverbs' SendWR, plus set_bind_wr() for IBV_WR_BIND_MW (type-2
    windows): qp.post_send() binds with the window's next rkey, which is
    wr.rkey afterwards."""

    def set_bind_wr(self, mw, bind_info):
        rkey = (mw.rkey & 0xffffff00) | ((mw.rkey + 1) & 0xff)
        self._pyverbs_bind = (mw, bind_info, rkey)
        self.rkey = rkey

RecvWR = Verbs.RecvWR
