# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Host tests: the mlx5 direct-verbs enums and attribute objects (no device)."""
import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, Verbs  # noqa: E402
import pytest  # noqa: E402

pytestmark = pytest.mark.skipif(not hasattr(Verbs, 'Mlx5Context'),
                                reason='libgverbs built without mlx5 (-Dmlx5=disabled)')

# rdma-core 44's <infiniband/mlx5dv.h> and mlx5_api.h values, as pyverbs' mlx5_enums has them
RDMA_CORE = {
    'MLX5DV_CONTEXT_FLAGS_DEVX': 1,
    'MLX5DV_CONTEXT_FLAGS_CQE_V1': 1, 'MLX5DV_CONTEXT_FLAGS_CQE_128B_COMP': 16,
    'MLX5DV_CONTEXT_FLAGS_PACKET_BASED_CREDIT_MODE': 64,
    'MLX5DV_CONTEXT_MASK_CQE_COMPRESION': 1, 'MLX5DV_CONTEXT_MASK_DYN_BFREGS': 16,
    'MLX5DV_CONTEXT_MASK_CRYPTO_OFFLOAD': 1 << 13,
    'MLX5DV_QP_INIT_ATTR_MASK_QP_CREATE_FLAGS': 1, 'MLX5DV_QP_INIT_ATTR_MASK_DC': 2,
    'MLX5DV_QP_INIT_ATTR_MASK_SEND_OPS_FLAGS': 4, 'MLX5DV_QP_INIT_ATTR_MASK_DCI_STREAMS': 8,
    'MLX5DV_DCTYPE_DCT': 1, 'MLX5DV_DCTYPE_DCI': 2,
    'MLX5DV_QP_CREATE_TUNNEL_OFFLOADS': 1, 'MLX5DV_QP_CREATE_TIR_ALLOW_SELF_LOOPBACK_UC': 2,
    'MLX5DV_QP_CREATE_ALLOW_SCATTER_TO_CQE': 16,
    'MLX5DV_CQ_INIT_ATTR_MASK_COMPRESSED_CQE': 1, 'MLX5DV_CQ_INIT_ATTR_MASK_FLAGS': 2,
    'MLX5DV_CQ_INIT_ATTR_MASK_CQE_SIZE': 4, 'MLX5DV_CQ_INIT_ATTR_FLAGS_CQE_PAD': 1,
    'MLX5DV_CQE_RES_FORMAT_HASH': 1, 'MLX5DV_CQE_RES_FORMAT_CSUM': 2,
    'MLX5DV_CQE_RES_FORMAT_CSUM_STRIDX': 4,
    'MLX5DV_UAR_ALLOC_TYPE_BF': 0, 'MLX5DV_UAR_ALLOC_TYPE_NC': 1,
    'MLX5DV_PP_ALLOC_FLAGS_DEDICATED_INDEX': 1,
    'MLX5DV_QUERY_PORT_VPORT': 1, 'MLX5DV_QUERY_PORT_ESW_OWNER_VHCA_ID': 32,
    'MLX5DV_QP_EX_WITH_MR_INTERLEAVED': 1, 'MLX5DV_QP_EX_WITH_MEMCPY': 16,
}


@pytest.mark.parametrize('name', sorted(RDMA_CORE))
def test_enum_names_and_values(name):
    assert int(getattr(Verbs, name)) == RDMA_CORE[name]


def test_context_attr():
    attr = Verbs.Mlx5DVContextAttr()
    assert int(attr.flags) == 0 and attr.comp_mask == 0
    attr = Verbs.Mlx5DVContextAttr(Verbs.MLX5DV_CONTEXT_FLAGS_DEVX)
    assert int(attr.flags) == 1
    text = str(attr)
    assert text.splitlines()[0] == 'Flags               : MLX5DV_CONTEXT_FLAGS_DEVX'
    attr = Verbs.Mlx5DVContextAttr(flags=0, comp_mask=5)
    assert attr.comp_mask == 5


def test_qp_init_attr_like_the_seed():
    attr = Verbs.Mlx5DVQPInitAttr(comp_mask=Verbs.MLX5DV_QP_INIT_ATTR_MASK_DC)
    attr.dc_type = Verbs.MLX5DV_DCTYPE_DCI
    assert int(attr.dc_type) == 2
    attr.comp_mask = Verbs.MLX5DV_QP_INIT_ATTR_MASK_QP_CREATE_FLAGS
    attr.create_flags = (Verbs.MLX5DV_QP_CREATE_ALLOW_SCATTER_TO_CQE |
                         Verbs.MLX5DV_QP_CREATE_TIR_ALLOW_SELF_LOOPBACK_UC |
                         Verbs.MLX5DV_QP_CREATE_TUNNEL_OFFLOADS)
    assert int(attr.create_flags) == 16 | 2 | 1
    lines = str(attr).splitlines()
    assert lines[0] == 'Comp mask           : MLX5DV_QP_INIT_ATTR_MASK_QP_CREATE_FLAGS'
    assert 'MLX5DV_QP_CREATE_TUNNEL_OFFLOADS' in lines[1]
    assert lines[2].startswith('DC type             : MLX5DV_DCTYPE_DCI')


def test_qp_init_attr_takes_a_dc_init_attr():
    dc = Verbs.Mlx5DVDCInitAttr(dc_type=Verbs.MLX5DV_DCTYPE_DCT, dct_access_key=0xdeadbeefcafe)
    attr = Verbs.Mlx5DVQPInitAttr(Verbs.MLX5DV_QP_INIT_ATTR_MASK_DC, 0, dc)
    assert int(attr.dc_type) == 1
    assert attr.dct_access_key == 0xdeadbeefcafe


def test_cq_init_attr_like_the_seed():
    attr = Verbs.Mlx5DVCQInitAttr(comp_mask=Verbs.MLX5DV_CQ_INIT_ATTR_MASK_COMPRESSED_CQE,
                                  cqe_comp_res_format=Verbs.MLX5DV_CQE_RES_FORMAT_CSUM)
    assert int(attr.comp_mask) == 1 and int(attr.cqe_comp_res_format) == 2
    attr.cqe_size = 128
    assert attr.cqe_size == 128
    assert str(attr).splitlines()[1] == 'CQE compression     : MLX5DV_CQE_RES_FORMAT_CSUM'


@pytest.mark.parametrize('make, code', [
    (lambda: Verbs.Mlx5DVContextAttr(flags=0x80), Verbs.Error.INVALID_ARGUMENT),
    (lambda: Verbs.Mlx5DVContextAttr(comp_mask=-1), Verbs.Error.OUT_OF_RANGE),
    (lambda: Verbs.Mlx5DVQPInitAttr(comp_mask=0x100), Verbs.Error.INVALID_ARGUMENT),
    (lambda: Verbs.Mlx5DVQPInitAttr(create_flags=1 << 20), Verbs.Error.INVALID_ARGUMENT),
    (lambda: Verbs.Mlx5DVDCInitAttr(dc_type=3), Verbs.Error.INVALID_ARGUMENT),
    (lambda: Verbs.Mlx5DVCQInitAttr(cqe_comp_res_format=8), Verbs.Error.INVALID_ARGUMENT),
    (lambda: Verbs.Mlx5DVCQInitAttr(cqe_size=1 << 16), Verbs.Error.OUT_OF_RANGE),
])
def test_bad_values_are_refused(make, code):
    with pytest.raises(GLib.Error) as e:
        make()
    assert e.value.matches(Verbs.error_quark(), code), e.value.message


def test_bad_assignment_keeps_the_value():
    attr = Verbs.Mlx5DVQPInitAttr()
    attr.dc_type = Verbs.MLX5DV_DCTYPE_DCT
    with pytest.raises(GLib.Error):
        attr.dc_type = 9
    assert int(attr.dc_type) == 1


def test_is_mlx5dv_supported_unknown_device():
    with pytest.raises(GLib.Error) as e:
        Verbs.is_mlx5dv_supported('no-such-device0')
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.NO_DEVICE)


def test_classes_are_subclasses():
    assert issubclass(Verbs.Mlx5Context, Verbs.Context)
    assert issubclass(Verbs.Mlx5QP, Verbs.QPEx)
    assert issubclass(Verbs.Mlx5CQ, Verbs.CQEX)
    for cls in (Verbs.Mlx5VAR, Verbs.Mlx5UAR, Verbs.Mlx5PP, Verbs.Mlx5DevxObj, Verbs.Mlx5UMEM):
        assert issubclass(cls, Verbs.Resource)
