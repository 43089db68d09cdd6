# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""Device tests of the pyverbs compatibility package where pyverbs' answer
on a device is a refusal the suite turns into a skip: tag matching and the
mlx5 direct verbs on a device without them (rxe0) raise PyverbsRDMAError
with EOPNOTSUPP, as rdma-core's tests/test_tag_matching.py and
test_mlx5_*.py expect."""
import errno
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'introspection', 'python', 'pyverbs-compat'))

import gi  # noqa: E402
gi.require_version('Verbs', '1.0')
from gi.repository import Verbs  # noqa: E402

from gverbs_testutil import device_name  # noqa: E402
import pyverbs.enums as e  # noqa: E402
import pyverbs.device as d  # noqa: E402
from pyverbs.pd import PD  # noqa: E402
from pyverbs.cq import CQ  # noqa: E402
from pyverbs.mr import MR  # noqa: E402
from pyverbs.wr import SGE  # noqa: E402
from pyverbs.srq import SRQ, SrqAttr, SrqInitAttr, SrqInitAttrEx, OpsWr  # noqa: E402
from pyverbs.pyverbs_error import PyverbsRDMAError  # noqa: E402


@pytest.fixture
def ctx():
    c = d.Context(name=device_name())
    if c.query_device_ex().tm_caps.flags & e.IBV_TM_CAP_RC:
        pytest.skip('%s has tag matching' % device_name())
    yield c
    c.close()


def test_tm_srq_is_refused_as_pyverbs_does(ctx):
    pd = PD(ctx)
    cq = CQ(ctx, 16)
    attr = SrqInitAttrEx()
    attr.comp_mask = e.IBV_SRQ_INIT_ATTR_TYPE | e.IBV_SRQ_INIT_ATTR_PD | \
        e.IBV_SRQ_INIT_ATTR_CQ | e.IBV_SRQ_INIT_ATTR_TM
    attr.srq_type = e.IBV_SRQT_TM
    attr.pd, attr.cq = pd, cq
    attr.max_num_tags = 64
    attr.max_ops = 10
    with pytest.raises(PyverbsRDMAError) as exc:
        SRQ(ctx, attr)
    assert exc.value.error_code == errno.EOPNOTSUPP
    assert 'Failed to create SRQ' in str(exc.value)
    assert 'ibv_create_srq_ex' in str(exc.value) and device_name() in str(exc.value)


def test_post_srq_ops_is_refused_and_leaves_the_srq_usable(ctx):
    pd = PD(ctx)
    srq = SRQ(pd, SrqInitAttr(SrqAttr(max_wr=16, max_sge=1)))
    mr = MR(pd, 4096, e.IBV_ACCESS_LOCAL_WRITE)
    wr = OpsWr(wr_id=1, recv_wr_id=1, num_sge=1, tag=0x42, mask=0xffff,
               sg_list=[SGE(mr.buf, 64, mr.lkey)])
    wr.handle = 77
    with pytest.raises(PyverbsRDMAError) as exc:
        srq.post_srq_ops(wr)
    assert exc.value.error_code == errno.EOPNOTSUPP
    assert str(exc.value).startswith('post SRQ ops failed.')
    assert 'ibv_post_srq_ops' in str(exc.value) and 'tag matching' in str(exc.value)
    assert wr.handle == 77
    sync = OpsWr(wr_id=27, opcode=e.IBV_WR_TAG_SYNC, unexpected_cnt=1,
                 flags=e.IBV_OPS_SIGNALED | e.IBV_OPS_TM_SYNC)
    with pytest.raises(PyverbsRDMAError):
        srq.post_srq_ops(sync)
    assert srq.query().max_wr >= 16


@pytest.mark.skipif(not hasattr(Verbs, 'Mlx5Context'), reason='libgverbs built without mlx5')
def test_mlx5_on_a_device_that_is_not_mlx5():
    from pyverbs.providers.mlx5.mlx5dv import Mlx5Context, Mlx5DVContextAttr
    if Verbs.mlx5_is_supported(device_name()):
        pytest.skip('%s is an mlx5 device' % device_name())
    plain = d.Context(name=device_name())
    # pyverbs' static query_mlx5_port(ctx, port) on a plain context
    with pytest.raises(PyverbsRDMAError) as exc:
        Mlx5Context.query_mlx5_port(plain, 1)
    assert exc.value.error_code == errno.EOPNOTSUPP
    with pytest.raises(PyverbsRDMAError) as exc:
        Mlx5Context(Mlx5DVContextAttr(), name=device_name())
    assert exc.value.error_code == errno.EOPNOTSUPP
    assert 'Failed to open mlx5 context' in str(exc.value)
    with pytest.raises(PyverbsRDMAError) as exc:
        Mlx5Context.device_timestamp_to_ns(plain, 1000)
    assert exc.value.error_code == errno.EOPNOTSUPP
    plain.close()


def test_query_rt_values_ex_as_pyverbs():
    ctx = d.Context(name=device_name())
    try:
        sec, nsec = ctx.query_rt_values_ex()
    except PyverbsRDMAError as exc:
        # rxe has no raw clock: pyverbs' test_query_rt_values skips on this
        assert exc.error_code == errno.EOPNOTSUPP
        assert 'Failed to query real time values' in str(exc)
        assert 'ibv_query_rt_values_ex on %s' % device_name() in str(exc)
    else:
        assert sec >= 0 and 0 <= nsec < 10 ** 12
    ctx.close()
