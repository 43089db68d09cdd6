# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: flow steering. On a device without managed flow steering
(Soft-RoCE) ibv_create_flow fails cleanly, naming the call and the device,
and the QP is left as it was; on one with it (a ConnectX), a rule matching
a destination MAC steers a raw Ethernet frame to its QP."""
import struct

from gverbs_testutil import device_name, Verbs as V
from qp_traffic import poll
from gi.repository import GLib
import pytest


def has_flow_steering(ctx):
    return bool(int(ctx.query_device().device_cap_flags) & int(V.IBV_DEVICE_MANAGED_FLOW_STEERING))


def make_qp(ctx, pd, qp_type):
    cq = V.CQ(ctx, 16, None, None, 0)
    ia = V.QPInitAttr(cap=V.QPCap(16, 16, 1, 1, 0), qp_type=qp_type, scq=cq, rcq=cq)
    return V.QP(pd, ia, V.QPAttr()), cq


def test_flow_on_the_seed_qp():
    # the README's "Flow and FlowAttr": a UD QP, an EthSpec, one flow
    with V.Context(name=device_name()) as ctx:
        pd = V.PD(ctx)
        qp, cq = make_qp(ctx, pd, V.IBV_QPT_UD)
        eth_spec = V.EthSpec(ether_type=0x800, dst_mac="01:50:56:19:20:a7")
        eth_spec.src_mac = "24:8a:07:a5:28:c8"
        eth_spec.src_mac_mask = "ff:ff:ff:ff:ff:ff"
        flow_attr = V.FlowAttr(num_of_specs=1)
        flow_attr.specs.append(eth_spec)
        before = qp.query(V.IBV_QP_STATE)[0].qp_state
        assert before == V.IBV_QPS_RTS   # pyverbs' QP(pd, init_attr, QPAttr()) goes to RTS
        if has_flow_steering(ctx):
            flow = V.Flow(qp, flow_attr)
            assert not flow.closed and flow.qp == qp
            qp.close()
            assert flow.closed
            return
        with pytest.raises(GLib.Error) as exc:
            V.Flow(qp, flow_attr)
        err = exc.value
        assert err.matches(V.error_quark(), V.Error.NOT_SUPPORTED), err.message
        assert err.message.startswith('ibv_create_flow on %s: ' % device_name())
        assert '(EOPNOTSUPP)' in err.message
        # nothing left behind: the QP is as it was and still usable
        assert not qp.closed and qp.query(V.IBV_QP_STATE)[0].qp_state == before
        qp.modify(V.QPAttr(qp_state=V.IBV_QPS_RESET), V.IBV_QP_STATE)
        assert qp.query(V.IBV_QP_STATE)[0].qp_state == V.IBV_QPS_RESET
        # a mismatched count is refused before rdma-core is asked
        flow_attr.num_of_specs = 2
        with pytest.raises(GLib.Error) as exc:
            V.Flow(qp, flow_attr)
        assert exc.value.matches(V.error_quark(), V.Error.INVALID_ARGUMENT)


def test_pyverbs_compat_flow_error():
    import sys, os
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', '..', 'introspection',
                                    'python', 'pyverbs-compat'))
    from pyverbs.flow import FlowAttr, Flow
    from pyverbs.spec import EthSpec
    from pyverbs.pyverbs_error import PyverbsRDMAError
    import errno
    with V.Context(name=device_name()) as ctx:
        if has_flow_steering(ctx):
            pytest.skip('the device has flow steering: the error path is for devices without')
        qp, cq = make_qp(ctx, V.PD(ctx), V.IBV_QPT_UD)
        attr = FlowAttr(num_of_specs=1)
        attr.specs.append(EthSpec(dst_mac='01:50:56:19:20:a7'))
        with pytest.raises(PyverbsRDMAError) as exc:
            Flow(qp, attr)
        assert exc.value.error_code == errno.EOPNOTSUPP
        assert 'Flow creation failed' in str(exc.value)


MAC = '02:00:5e:10:20:30'   # locally administered: no other station has it


def test_flow_steers_raw_packets():
    """Hardware: a raw packet QP with a rule for one destination MAC sends
    a frame to that MAC and receives it (the NIC loops it back through its
    steering). Needs a device with managed flow steering and CAP_NET_RAW."""
    with V.Context(name=device_name()) as ctx:
        if not has_flow_steering(ctx):
            pytest.skip('%s has no managed flow steering (IBV_DEVICE_MANAGED_FLOW_STEERING)'
                        % device_name())
        pd = V.PD(ctx)
        qp, cq = make_qp(ctx, pd, V.IBV_QPT_RAW_PACKET)
        # QP(pd, init_attr, QPAttr()) takes a raw packet QP to RTS on port 1
        assert qp.query(V.IBV_QP_STATE)[0].qp_state == V.IBV_QPS_RTS
        attr = V.FlowAttr(num_of_specs=1, port=1)
        attr.specs.append(V.EthSpec(dst_mac=MAC))
        flow = V.Flow(qp, attr)
        size = 64
        mr = V.MR(pd, 2 * size, V.IBV_ACCESS_LOCAL_WRITE)
        frame = bytes.fromhex(MAC.replace(':', '')) + bytes.fromhex('020000000001') + \
            struct.pack('!H', 0x88b5) + bytes(range(size - 14))   # local experimental ethertype
        mr.write(frame, len(frame), 0)
        qp.post_recv(V.RecvWR(1, 1, [V.SGE(mr.buf + size, size, mr.lkey)]))
        qp.post_send(V.SendWR(wr_id=2, opcode=V.IBV_WR_SEND, num_sge=1,
                              sg=[V.SGE(mr.buf, size, mr.lkey)],
                              send_flags=V.IBV_SEND_SIGNALED))
        wcs = poll(cq, 2)
        assert sorted(wc.wr_id for wc in wcs) == [1, 2]
        assert all(wc.status == V.IBV_WC_SUCCESS for wc in wcs)
        recv = [wc for wc in wcs if wc.wr_id == 1][0]
        assert recv.byte_len >= size
        assert mr.read(size, size) == frame
        flow.close()
        assert flow.closed and not qp.closed
