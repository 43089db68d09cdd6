# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: the mlx5 direct verbs on a device that is not an mlx5 one
(Soft-RoCE's rxe0) fail cleanly, naming the rdma-core call and the device,
and leave nothing behind. (On an mlx5 device: test_device_mlx5_hw.py.)"""
from gverbs_testutil import device_name, rdma_resources, Verbs
from gi.repository import GLib
import pytest

pytestmark = pytest.mark.skipif(not hasattr(Verbs, 'Mlx5Context'),
                                reason='libgverbs built without mlx5 (-Dmlx5=disabled)')


@pytest.fixture
def rxe():
    name = device_name()
    if Verbs.is_mlx5dv_supported(name):
        pytest.skip('%s is an mlx5 device: see test_device_mlx5_hw.py' % name)
    return name


def assert_not_supported(exc, call, name):
    assert exc.matches(Verbs.error_quark(), Verbs.Error.NOT_SUPPORTED), exc.message
    assert exc.message.startswith(call + ' on ')
    assert name in exc.message
    assert '(EOPNOTSUPP)' in exc.message


def test_is_mlx5dv_supported_is_false(rxe):
    assert Verbs.is_mlx5dv_supported(rxe) is False
    assert Verbs.is_mlx5dv_supported(rxe.encode()) is False
    with Verbs.Context(name=rxe) as ctx:
        assert Verbs.is_mlx5dv_supported(ctx) is False
    assert not any(Verbs.is_mlx5dv_supported(d.get_name()) for d in Verbs.get_device_list())


@pytest.mark.parametrize('flags', [0, 'devx'])
def test_mlx5_context_like_the_seed(rxe, flags):
    attr = Verbs.Mlx5DVContextAttr(Verbs.MLX5DV_CONTEXT_FLAGS_DEVX if flags else 0)
    with pytest.raises(GLib.Error) as e:
        Verbs.Mlx5Context(attr=attr, name=rxe)
    assert_not_supported(e.value, 'mlx5dv_open_device', rxe)
    assert 'not one this provider drives' in e.value.message


def test_failed_mlx5_context_is_unusable(rxe):
    ctx = Verbs.Mlx5Context.__new__(Verbs.Mlx5Context)
    with pytest.raises(GLib.Error):
        ctx.__init__(attr=Verbs.Mlx5DVContextAttr(), name=rxe)
    with pytest.raises(GLib.Error) as e:
        ctx.query_mlx5_device()
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.NOT_INITIALIZED), e.value.message
    with pytest.raises(GLib.Error) as e:
        Verbs.PD(ctx)
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.NOT_INITIALIZED), e.value.message


def qp_init_attr(ctx, pd, cq, qp_type):
    return Verbs.QPInitAttrEx(cap=Verbs.QPCap(100, 0, 1, 0), pd=pd, scq=cq, rcq=cq,
                              qp_type=qp_type, comp_mask=Verbs.IBV_QP_INIT_ATTR_PD)


@pytest.mark.parametrize('kind', ['dci', 'dct', 'raw'])
def test_mlx5_qp(rxe, kind):
    with Verbs.Context(name=rxe) as ctx:
        pd, cq = Verbs.PD(ctx), Verbs.CQ(ctx, 100)
        before = len(rdma_resources('qp'))
        attr = Verbs.Mlx5DVQPInitAttr(comp_mask=Verbs.MLX5DV_QP_INIT_ATTR_MASK_DC)
        qia = qp_init_attr(ctx, pd, cq, Verbs.IBV_QPT_DRIVER)
        if kind == 'dci':
            attr.dc_type = Verbs.MLX5DV_DCTYPE_DCI
        elif kind == 'dct':
            attr.dc_type = Verbs.MLX5DV_DCTYPE_DCT
            attr.dct_access_key = 0x1234
            qia.srq = Verbs.SRQ(pd, Verbs.SrqInitAttr(Verbs.SrqAttr(max_wr=10, max_sge=1)))
        else:
            qia.qp_type = Verbs.IBV_QPT_RAW_PACKET
            attr.comp_mask = Verbs.MLX5DV_QP_INIT_ATTR_MASK_QP_CREATE_FLAGS
            attr.create_flags = Verbs.MLX5DV_QP_CREATE_TUNNEL_OFFLOADS
        with pytest.raises(GLib.Error) as e:
            Verbs.Mlx5QP(ctx, qia, dv_init_attr=attr)
        assert_not_supported(e.value, 'mlx5dv_create_qp', rxe)
        assert len(rdma_resources('qp')) == before
        # the PD and CQ are intact: an ordinary QP is made from them
        qp = Verbs.QPEx(ctx, qp_init_attr(ctx, pd, cq, Verbs.IBV_QPT_UD))
        assert len(rdma_resources('qp')) == before + 1
        qp.close()


def test_mlx5_cq_like_the_seed(rxe):
    with Verbs.Context(name=rxe) as ctx:
        before = len(rdma_resources('cq'))
        cqia = Verbs.CqInitAttrEx()
        mlx5_cqia = Verbs.Mlx5DVCQInitAttr(comp_mask=Verbs.MLX5DV_CQ_INIT_ATTR_MASK_COMPRESSED_CQE,
                                           cqe_comp_res_format=Verbs.MLX5DV_CQE_RES_FORMAT_CSUM)
        with pytest.raises(GLib.Error) as e:
            Verbs.Mlx5CQ(ctx, cqia, dv_init_attr=mlx5_cqia)
        assert_not_supported(e.value, 'mlx5dv_create_cq', rxe)
        assert len(rdma_resources('cq')) == before
        # a plain CQEX from the same attributes works
        cq = Verbs.CQEX(ctx, cqia)
        assert len(rdma_resources('cq')) == before + 1
        cq.close()


@pytest.mark.parametrize('call, make', [
    ('mlx5dv_alloc_var', lambda ctx: Verbs.Mlx5VAR(ctx)),
    ('mlx5dv_devx_alloc_uar', lambda ctx: Verbs.Mlx5UAR(ctx)),
    ('mlx5dv_devx_alloc_uar', lambda ctx: Verbs.Mlx5UAR(ctx, Verbs.MLX5DV_UAR_ALLOC_TYPE_NC)),
    ('mlx5dv_pp_alloc', lambda ctx: Verbs.Mlx5PP(ctx, (5).to_bytes(4, 'big', signed=True))),
    ('mlx5dv_devx_obj_create', lambda ctx: Verbs.Mlx5DevxObj(ctx, bytes(16), 16)),
    ('mlx5dv_devx_umem_reg', lambda ctx: Verbs.Mlx5UMEM(ctx, 4096)),
])
def test_device_resources(rxe, call, make):
    with Verbs.Context(name=rxe) as ctx:
        with pytest.raises(GLib.Error) as e:
            make(ctx)
        assert_not_supported(e.value, call, rxe)
        # nothing was added to the context: it closes cleanly, and is usable before that
        pd = Verbs.PD(ctx)
        pd.close()
    assert ctx.closed


def test_bad_inputs_refused_before_rdma_core(rxe):
    with Verbs.Context(name=rxe) as ctx:
        with pytest.raises(GLib.Error) as e:
            Verbs.Mlx5UAR(ctx, 5)
        assert e.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT), e.value.message
        with pytest.raises(GLib.Error) as e:
            Verbs.Mlx5PP(ctx, b'', 0)
        assert e.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT), e.value.message
        with pytest.raises(GLib.Error) as e:
            Verbs.Mlx5PP(ctx, b'\0\0\0\5', 0x10)
        assert e.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT), e.value.message
        with pytest.raises(GLib.Error) as e:
            Verbs.Mlx5UMEM(ctx, 4096, alignment=3)
        assert e.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT), e.value.message


def test_on_a_closed_context(rxe):
    ctx = Verbs.Context(name=rxe)
    ctx.close()
    for make in (lambda: Verbs.Mlx5VAR(ctx), lambda: Verbs.Mlx5UAR(ctx),
                 lambda: Verbs.Mlx5DevxObj(ctx, bytes(16), 16)):
        with pytest.raises(GLib.Error) as e:
            make()
        assert e.value.matches(Verbs.error_quark(), Verbs.Error.CLOSED), e.value.message


def test_devx_lengths_refused_before_allocation(rxe):
    with Verbs.Context(name=rxe) as ctx:
        with pytest.raises(GLib.Error) as e:
            Verbs.Mlx5DevxObj(ctx, bytes(16), 1 << 31)
        assert e.value.matches(Verbs.error_quark(), Verbs.Error.OUT_OF_RANGE), e.value.message
        with pytest.raises(GLib.Error) as e:
            Verbs.Mlx5DevxObj(ctx, b'', 16)
        assert e.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT), e.value.message
        # a huge UMEM is refused by rdma-core without the library touching its pages
        with pytest.raises(GLib.Error) as e:
            Verbs.Mlx5UMEM(ctx, 1 << 31)
        assert_not_supported(e.value, 'mlx5dv_devx_umem_reg', rxe)
