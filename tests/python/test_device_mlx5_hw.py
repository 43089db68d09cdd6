# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Hardware tests: mlx5 direct verbs on a real mlx5 device (a ConnectX).

They run when GVERBS_TEST_DEVICE names an mlx5 device and skip otherwise;
Soft-RoCE is not one, so they are listed in tests/rxe-limitations.txt.
Written to be run as they are on a ConnectX: DCI/DCT traffic with bytes
checked, VAR/UAR/PP allocation (the VAR mapped), a DevX QUERY_HCA_CAP."""
import mmap
import struct
import time

from gverbs_testutil import device_name, Verbs
from gi.repository import GLib  # noqa: F401
import pytest

QUERY_HCA_CAP = 0x100
HCA_CAP_GENERAL_CURRENT = (0 << 1) | 1
CAP_SIZE = 0x1000


@pytest.fixture
def mlx5():
    if not hasattr(Verbs, 'Mlx5Context'):
        pytest.skip('libgverbs built without mlx5')
    name = device_name()
    if not Verbs.is_mlx5dv_supported(name):
        pytest.skip('%s is not an mlx5 device (needs a ConnectX)' % name)
    return name


def test_hw_query_mlx5_device_and_port(mlx5):
    with Verbs.Mlx5Context(attr=Verbs.Mlx5DVContextAttr(), name=mlx5) as ctx:
        attrs = ctx.query_mlx5_device()
        assert str(attrs).startswith('Version')
        assert attrs.flags & int(Verbs.MLX5DV_CONTEXT_FLAGS_CQE_V1)
        port = ctx.query_mlx5_port(1)
        assert str(port).startswith('Flags')
        # an mlx5 context is a Context: a PD is made on it
        Verbs.PD(ctx).close()


def test_hw_var_mapped(mlx5):
    ctx = Verbs.Context(name=mlx5)
    try:
        var = Verbs.Mlx5VAR(ctx)
    except GLib.Error as e:
        if e.matches(Verbs.error_quark(), Verbs.Error.NOT_SUPPORTED):
            pytest.skip('this ConnectX has no VAR (virtio emulation): %s' % e.message)
        raise
    assert var.length > 0 and var.page_id > 0
    var_map = mmap.mmap(fileno=ctx.cmd_fd, length=var.length, offset=var.mmap_off)
    var_map.close()
    var.close()
    assert var.page_id == 0
    ctx.close()


def test_hw_uar_and_pp(mlx5):
    ctx = Verbs.Mlx5Context(attr=Verbs.Mlx5DVContextAttr(Verbs.MLX5DV_CONTEXT_FLAGS_DEVX), name=mlx5)
    for kind in (Verbs.MLX5DV_UAR_ALLOC_TYPE_BF, Verbs.MLX5DV_UAR_ALLOC_TYPE_NC):
        uar = Verbs.Mlx5UAR(ctx, kind)
        assert uar.page_id > 0 and uar.reg_addr != 0 and uar.base_addr != 0
        uar.close()
    pp = Verbs.Mlx5PP(ctx, (5).to_bytes(length=4, byteorder='big', signed=True))
    other = Verbs.Mlx5PP(ctx, (5).to_bytes(length=4, byteorder='big', signed=True),
                         Verbs.MLX5DV_PP_ALLOC_FLAGS_DEDICATED_INDEX)
    assert other.index != pp.index  # a dedicated index is not shared
    umem = Verbs.Mlx5UMEM(ctx, 8192, access=int(Verbs.IBV_ACCESS_LOCAL_WRITE))
    assert umem.umem_id > 0 and umem.addr % 4096 == 0
    ctx.close()  # closes the UMEM, PPs (children) first
    assert pp.closed and other.closed and umem.closed


def test_hw_devx_query_hca_cap(mlx5):
    ctx = Verbs.Mlx5Context(attr=Verbs.Mlx5DVContextAttr(Verbs.MLX5DV_CONTEXT_FLAGS_DEVX), name=mlx5)
    cmd_in = struct.pack('>HHHHII', QUERY_HCA_CAP, 0, 0, HCA_CAP_GENERAL_CURRENT, 0, 0)
    out = ctx.devx_general_cmd(cmd_in, 16 + CAP_SIZE)
    status, syndrome = out[0], struct.unpack('>I', out[4:8])[0]
    assert (status, syndrome) == (0, 0)
    assert any(out[16:])  # the general capabilities are filled in
    ctx.close()


def _to_rts_dc(qp, dct, ah_attr, mtu, access=0):
    attr = Verbs.QPAttr()
    attr.qp_state = Verbs.IBV_QPS_INIT
    attr.pkey_index = 0
    attr.port_num = 1
    mask = Verbs.IBV_QP_STATE | Verbs.IBV_QP_PKEY_INDEX | Verbs.IBV_QP_PORT
    if dct:
        attr.qp_access_flags = access
        mask |= Verbs.IBV_QP_ACCESS_FLAGS
    qp.modify(attr, mask)
    attr = Verbs.QPAttr()
    attr.qp_state = Verbs.IBV_QPS_RTR
    attr.path_mtu = mtu
    attr.ah_attr = ah_attr
    mask = Verbs.IBV_QP_STATE | Verbs.IBV_QP_PATH_MTU | Verbs.IBV_QP_AV
    if dct:
        attr.min_rnr_timer = 12
        qp.modify(attr, mask | Verbs.IBV_QP_MIN_RNR_TIMER)
        return
    qp.modify(attr, mask)
    attr = Verbs.QPAttr()
    attr.qp_state = Verbs.IBV_QPS_RTS
    attr.timeout, attr.retry_cnt, attr.rnr_retry, attr.sq_psn, attr.max_rd_atomic = 14, 7, 7, 0, 1
    qp.modify(attr, Verbs.IBV_QP_STATE | Verbs.IBV_QP_TIMEOUT | Verbs.IBV_QP_RETRY_CNT |
              Verbs.IBV_QP_RNR_RETRY | Verbs.IBV_QP_SQ_PSN | Verbs.IBV_QP_MAX_QP_RD_ATOMIC)


def test_hw_dci_dct_traffic(mlx5):
    key, message = 0x5eed0fdc, b'from a DCI to a DCT'
    ctx = Verbs.Mlx5Context(attr=Verbs.Mlx5DVContextAttr(), name=mlx5)
    pd, cq = Verbs.PD(ctx), Verbs.CQ(ctx, 100)
    srq = Verbs.SRQ(pd, Verbs.SrqInitAttr(Verbs.SrqAttr(max_wr=16, max_sge=1)))
    dct_qia = Verbs.QPInitAttrEx(cap=Verbs.QPCap(0, 0, 1, 1), pd=pd, scq=cq, rcq=cq, srq=srq,
                                 qp_type=Verbs.IBV_QPT_DRIVER, comp_mask=Verbs.IBV_QP_INIT_ATTR_PD)
    dct = Verbs.Mlx5QP(ctx, dct_qia, dv_init_attr=Verbs.Mlx5DVQPInitAttr(
        Verbs.MLX5DV_QP_INIT_ATTR_MASK_DC, 0,
        Verbs.Mlx5DVDCInitAttr(Verbs.MLX5DV_DCTYPE_DCT, key)))
    dci_qia = Verbs.QPInitAttrEx(cap=Verbs.QPCap(16, 0, 1, 0), pd=pd, scq=cq, rcq=cq,
                                 qp_type=Verbs.IBV_QPT_DRIVER,
                                 comp_mask=Verbs.IBV_QP_INIT_ATTR_PD |
                                 Verbs.IBV_QP_INIT_ATTR_SEND_OPS_FLAGS,
                                 send_ops_flags=Verbs.IBV_QP_EX_WITH_SEND)
    dv = Verbs.Mlx5DVQPInitAttr(comp_mask=Verbs.MLX5DV_QP_INIT_ATTR_MASK_DC)
    dv.dc_type = Verbs.MLX5DV_DCTYPE_DCI
    dci = Verbs.Mlx5QP(ctx, dci_qia, dv_init_attr=dv)

    port = ctx.query_port(1)
    gid_index = ctx.find_gid(1)
    ah_attr = Verbs.AHAttr(gr=Verbs.GlobalRoute(dgid=ctx.query_gid(1, gid_index),
                                                sgid_index=gid_index),
                           is_global=1, port_num=1)
    ah_attr.dlid = port.lid
    _to_rts_dc(dct, True, ah_attr, port.active_mtu, Verbs.IBV_ACCESS_LOCAL_WRITE)
    _to_rts_dc(dci, False, ah_attr, port.active_mtu)

    rmr = Verbs.MR(pd, 4096, Verbs.IBV_ACCESS_LOCAL_WRITE)
    smr = Verbs.MR(pd, 4096, Verbs.IBV_ACCESS_LOCAL_WRITE)
    smr.write(message, len(message), 0)
    srq.post_recv(Verbs.RecvWR(wr_id=1, num_sge=1, sg=[Verbs.SGE(rmr.buf, 4096, rmr.lkey)]))
    ah = Verbs.AH(pd, ah_attr)
    dci.wr_start()
    dci.wr_id = 7
    dci.wr_flags = Verbs.IBV_SEND_SIGNALED
    dci.wr_send()
    dci.wr_set_dc_addr(ah, dct.qp_num, key)
    dci.wr_set_sge(Verbs.SGE(smr.buf, len(message), smr.lkey))
    dci.wr_complete()

    wcs, deadline = [], time.monotonic() + 10
    while len(wcs) < 2 and time.monotonic() < deadline:
        wcs.extend(cq.poll(2 - len(wcs))[1])
    assert sorted(wc.wr_id for wc in wcs) == [1, 7]
    assert all(wc.status == Verbs.IBV_WC_SUCCESS for wc in wcs)
    recv = next(wc for wc in wcs if wc.wr_id == 1)
    assert recv.byte_len == len(message)
    assert rmr.read(len(message), 0) == message
    ctx.close()
    assert dci.closed and dct.closed and srq.closed
