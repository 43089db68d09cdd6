# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: reference cycles through signal handlers (issue 11, defect 9).

A CQ handler that uses the QP keeps the QP alive, and the QP holds the CQ:
a cycle through GObject references that Python's collector cannot see.
Closing the tree disconnects the Python handlers of every closed object, so
the whole tree (context, PD, CQ, QP, MR) is freed after gc.collect()."""
import gc

from gverbs_testutil import device_name, rdma_resources, Verbs

TREES = 100


def make_tree(finalized):
    ctx = Verbs.Context(name=device_name())
    pd = Verbs.PD(ctx)
    cq = Verbs.CQ(ctx, 10, None, Verbs.CompChannel(ctx), 0)
    cap = Verbs.QPCap(10, 10, 1, 1, 0)
    qp = Verbs.QP(pd, Verbs.QPInitAttr(qp_type=Verbs.IBV_QPT_RC, scq=cq, rcq=cq, cap=cap),
                  Verbs.QPAttr())
    mr = Verbs.MR(pd, 4096, Verbs.IBV_ACCESS_LOCAL_WRITE)
    seen = []
    # the cycles: CQ -> handler -> QP -> CQ; QP -> handler -> MR -> PD
    cq.connect('completion', lambda cq_, wc: seen.append((qp.qp_num, wc.wr_id)))
    qp.connect('async-event', lambda qp_, event: seen.append((mr.lkey, event)))
    ctx.connect('async-event', lambda ctx_, event: seen.append((pd, cq, qp, mr)))
    for obj in (ctx, pd, cq, qp, mr):
        obj.weak_ref(finalized.append, type(obj).__name__)
    # the handler runs while the tree is open
    cq.emit('completion', Verbs.WC(wr_id=7))
    assert seen == [(qp.qp_num, 7)]
    return ctx


def test_closed_trees_with_cyclic_handlers_are_freed():
    finalized = []
    for _ in range(TREES):
        ctx = make_tree(finalized)
        assert len(rdma_resources('qp')) == 1
        ctx.close()  # closes the PD, CQ, QP, MR first
        del ctx
    gc.collect()
    assert rdma_resources('qp') == []
    assert rdma_resources('mr') == []
    for name in ('Context', 'PD', 'CQ', 'QP', 'MR'):
        assert finalized.count(name) == TREES, (name, finalized.count(name))


def test_with_block_frees_the_tree():
    finalized = []
    with make_tree(finalized):
        pass
    gc.collect()
    assert sorted(finalized) == ['CQ', 'Context', 'MR', 'PD', 'QP']


def test_handlers_of_an_open_object_keep_working():
    # closing one object drops only its own handlers
    finalized = []
    with Verbs.Context(name=device_name()) as ctx:
        seen = []
        cq1 = Verbs.CQ(ctx, 10, None, None, 0)
        cq2 = Verbs.CQ(ctx, 10, None, None, 0)
        held = [cq1]  # what cq2's handler keeps (bound now: del below clears the names)
        cq1.connect('completion', lambda cq_, wc, out=seen: out.append((1, wc.wr_id)))
        cq2.connect('completion', lambda cq_, wc, out=seen, kept=held:
                    out.append((2, wc.wr_id, kept)))
        cq1.weak_ref(finalized.append, 'cq1')
        cq1.close()
        cq2.emit('completion', Verbs.WC(wr_id=5))
        assert seen == [(2, 5, held)]
        del cq1, held, seen
        gc.collect()
        assert finalized == []  # cq2's handler still holds it
        cq2.close()
        gc.collect()
        assert finalized == ['cq1']


def test_connect_after_handlers_are_dropped_at_close():
    from gi.repository import GObject
    finalized, seen = [], []
    ctx = Verbs.Context(name=device_name())
    cq = Verbs.CQ(ctx, 10, None, None, 0)
    first = cq.connect('completion', lambda cq_, wc: seen.append(('first', wc.wr_id)))
    after = cq.connect_after('completion',
                             lambda cq_, wc, kept=cq: seen.append(('after', wc.wr_id)))
    cq.emit('completion', Verbs.WC(wr_id=3))
    assert seen == [('first', 3), ('after', 3)]
    cq.weak_ref(finalized.append, 'cq')
    ctx.close()
    assert not GObject.signal_handler_is_connected(cq, first)
    assert not GObject.signal_handler_is_connected(cq, after)
    del cq, ctx
    gc.collect()
    assert finalized == ['cq']  # the connect_after handler no longer holds it
