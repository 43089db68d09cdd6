# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests of ECE (enhanced connection establishment) on rxe: the QP
calls fail cleanly (rxe has no ECE), the CMID calls work on an identifier
without a QP; through Verbs and through the pyverbs compatibility package,
which raises PyverbsRDMAError with pyverbs' errno and message."""
import errno
import os
import sys

import pytest
import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, Verbs  # noqa: E402

from gverbs_testutil import device_name, rdma_resources

HERE = os.path.dirname(os.path.abspath(__file__))
COMPAT = os.path.join(HERE, '..', '..', 'introspection', 'python', 'pyverbs-compat')
sys.path.insert(0, COMPAT)
from pyverbs.cmid import CMID, AddrInfo  # noqa: E402
from pyverbs.cq import CQ  # noqa: E402
from pyverbs.device import Context  # noqa: E402
from pyverbs.pd import PD  # noqa: E402
from pyverbs.pyverbs_error import PyverbsRDMAError  # noqa: E402
from pyverbs.qp import ECE, QP, QPCap, QPInitAttr  # noqa: E402
import pyverbs.cm_enums as ce  # noqa: E402
import pyverbs.enums as e  # noqa: E402

VENDOR, OPTIONS = 0x2c9, 0x5a1234


def vm_addr():
    device_name()
    addr = os.environ.get('GVERBS_VM_ADDR')
    if not addr:
        pytest.skip('GVERBS_VM_ADDR is not set: no address with an RDMA device')
    return addr


def assert_not_supported(err, call):
    assert err.matches(Verbs.error_quark(), Verbs.Error.NOT_SUPPORTED), err.message
    assert err.message.startswith(call + ' on ')
    assert device_name() in err.message and '(EOPNOTSUPP)' in err.message


def test_verbs_qp_ece_not_supported():
    before = len(rdma_resources('qp'))
    with Verbs.Context(name=device_name()) as ctx:
        pd = Verbs.PD(ctx)
        cq = Verbs.CQ(ctx, 8)
        qp = Verbs.QP(pd, Verbs.QPInitAttr(qp_type=Verbs.QPType.RC, scq=cq, rcq=cq,
                                           cap=Verbs.QPCap(max_send_wr=4, max_recv_wr=4)))
        with pytest.raises(GLib.Error) as exc:
            qp.query_ece()
        assert_not_supported(exc.value, 'ibv_query_ece')
        with pytest.raises(GLib.Error) as exc:
            qp.set_ece(Verbs.ECE(VENDOR, OPTIONS))
        assert_not_supported(exc.value, 'ibv_set_ece')
        assert 'vendor_id 0x2c9 options 0x5a1234' in exc.value.message
        assert not qp.closed and len(rdma_resources('qp')) == before + 1
    assert len(rdma_resources('qp')) == before
    with pytest.raises(GLib.Error) as exc:
        qp.query_ece()
    assert exc.value.matches(Verbs.error_quark(), Verbs.Error.CLOSED)


def test_pyverbs_qp_ece_raises_eopnotsupp_like_pyverbs():
    with Context(name=device_name().encode()) as ctx:
        pd = PD(ctx)
        cq = CQ(ctx, 8)
        qp = QP(pd, QPInitAttr(qp_type=e.IBV_QPT_RC, scq=cq, rcq=cq,
                               cap=QPCap(max_send_wr=4, max_recv_wr=4)))
        with pytest.raises(PyverbsRDMAError) as exc:
            qp.query_ece()
        assert exc.value.error_code == errno.EOPNOTSUPP
        assert str(exc.value).startswith('Failed to query ECE')
        assert 'Errno: %d' % errno.EOPNOTSUPP in str(exc.value)
        with pytest.raises(PyverbsRDMAError) as exc:
            qp.set_ece(ECE(VENDOR, OPTIONS))
        assert exc.value.error_code == errno.EOPNOTSUPP
        assert str(exc.value).startswith('Failed to set ECE')


def test_pyverbs_cmid_ece_without_and_with_qp():
    addr = vm_addr()
    ai = AddrInfo(src=addr, dst=addr, dst_service='7495', port_space=ce.RDMA_PS_TCP)
    cmid = CMID(creator=ai)
    try:
        # no QP: the identifier keeps the ECE for its connection messages
        cmid.set_local_ece(ECE(VENDOR, OPTIONS))
        remote = cmid.get_remote_ece()
        assert (remote.vendor_id, remote.options, remote.comp_mask) == (0, 0, 0)
        # rdma_cm's rule: a vendor and no comp_mask
        with pytest.raises(PyverbsRDMAError) as exc:
            cmid.set_local_ece(ECE())
        assert exc.value.error_code == errno.EINVAL
        assert str(exc.value).startswith('Failed to set local ECE')
        with pytest.raises(PyverbsRDMAError) as exc:
            cmid.set_local_ece(ECE(VENDOR, OPTIONS, comp_mask=1))
        assert exc.value.error_code == errno.EINVAL
    finally:
        cmid.close()
    cmid = CMID(creator=ai, qp_init_attr=QPInitAttr(qp_type=e.IBV_QPT_RC,
                                                    cap=QPCap(max_send_wr=4, max_recv_wr=4)))
    try:
        # with a QP of its own, rdma_cm uses the QP's ECE
        with pytest.raises(PyverbsRDMAError) as exc:
            cmid.get_remote_ece()
        assert exc.value.error_code == errno.EINVAL
        assert str(exc.value).startswith('Failed to get remote ECE')
        with pytest.raises(PyverbsRDMAError) as exc:
            cmid.set_local_ece(ECE(VENDOR, OPTIONS))
        assert exc.value.error_code == errno.EINVAL
    finally:
        cmid.close()
    assert rdma_resources('cm_id') == []
