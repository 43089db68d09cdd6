# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Host tests of the pyverbs compatibility package (no device needed): the
quirks it carries for pyverbs programs, and the gverbs-pyverbs launcher.
The device behaviour is checked by rdma-core's own suite
(tests/upstream/run-upstream-suite)."""
import errno
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
COMPAT = os.path.join(HERE, '..', '..', 'introspection', 'python', 'pyverbs-compat')
LAUNCHER = os.path.join(HERE, '..', '..', 'tools', 'gverbs-pyverbs', 'gverbs-pyverbs.in')

sys.path.insert(0, COMPAT)

import gi  # noqa: E402
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, Verbs  # noqa: E402

import pyverbs  # noqa: E402
import pyverbs.enums as e  # noqa: E402
import pyverbs.cm_enums as ce  # noqa: E402
from pyverbs import device as d  # noqa: E402
from pyverbs.pyverbs_error import PyverbsError, PyverbsRDMAError, PyverbsUserError  # noqa: E402
from pyverbs._compat import translate  # noqa: E402


def test_it_is_the_compat_package():
    assert pyverbs.IMPLEMENTATION == 'libgverbs'
    assert os.path.realpath(pyverbs.__file__).startswith(os.path.realpath(COMPAT))


def test_constants_have_rdma_core_values_and_enum_members():
    assert e.IBV_LINK_LAYER_INFINIBAND == 1 and e.IBV_LINK_LAYER_ETHERNET == 2
    assert e.IBV_QP_INIT_ATTR_PD.value == 1 and e.IBV_QP_INIT_ATTR_CREATE_FLAGS.value == 4
    assert e.IBV_ACCESS_LOCAL_WRITE in list(e.ibv_access_flags)
    assert e.IBV_QP_CREATE_SOURCE_QPN in list(e.ibv_qp_create_flags)
    assert e.IBV_WC_STANDARD_FLAGS == 0x7f
    assert e.IBV_WC_SUCCESS == Verbs.WCStatus.SUCCESS
    assert ce.RDMA_PS_TCP == 0x106 and ce.RDMA_CM_JOIN_MC_ATTR_ADDRESS == 1


def test_glib_errors_become_pyverbs_errors_with_errno():
    err = GLib.Error('ibv_reg_mr on rxe0: Cannot allocate memory (ENOMEM)',
                     GLib.quark_to_string(Verbs.error_quark()), int(Verbs.Error.NO_MEMORY))
    exc = translate(err, 'Failed to register a MR')
    assert isinstance(exc, PyverbsRDMAError) and isinstance(exc, PyverbsError)
    assert exc.error_code == errno.ENOMEM
    assert str(exc).startswith('Failed to register a MR: ibv_reg_mr on rxe0')
    # no errno in the message: the libgverbs code says which
    err = GLib.Error('not supported here', GLib.quark_to_string(Verbs.error_quark()),
                     int(Verbs.Error.NOT_SUPPORTED))
    assert translate(err).error_code == errno.EOPNOTSUPP
    assert not isinstance(PyverbsUserError('x'), PyverbsRDMAError)


def test_unknown_device_raises_pyverbs_error():
    with pytest.raises(PyverbsRDMAError) as exc:
        d.Context(name=b'no-such-device0')
    assert exc.value.error_code == errno.ENODEV
    assert 'Failed to open device' in str(exc.value)


def test_unsupported_modules_import_and_refuse():
    from pyverbs.providers.mlx5.dr_domain import DrDomain
    import pyverbs.providers.mlx5.mlx5_enums as dve
    assert isinstance(dve.MLX5DV_CONTEXT_FLAGS_DEVX, int)
    with pytest.raises(PyverbsRDMAError) as exc:
        DrDomain(None, 0)
    assert exc.value.error_code == errno.EOPNOTSUPP


@pytest.mark.skipif(not hasattr(Verbs, 'Mlx5Context'), reason='libgverbs built without mlx5')
def test_mlx5_classes_are_real():
    from pyverbs.providers.mlx5.mlx5dv import Mlx5Context, Mlx5DVContextAttr
    import pyverbs.providers.mlx5.mlx5_enums as dve
    assert dve.MLX5DV_CONTEXT_FLAGS_DEVX == 1 and dve.MLX5DV_DCTYPE_DCI == 2
    assert issubclass(Mlx5Context, d.Context.__mro__[1])
    with pytest.raises(PyverbsRDMAError) as exc:
        Mlx5Context(Mlx5DVContextAttr(dve.MLX5DV_CONTEXT_FLAGS_DEVX), 'no-such-device0')
    assert exc.value.error_code == errno.ENODEV
    assert 'Failed to open mlx5 context' in str(exc.value)


def test_utils_strings():
    from pyverbs.utils import qp_type_to_str, qp_state_to_str
    assert qp_type_to_str(e.IBV_QPT_RC) == 'RC' and qp_type_to_str(e.IBV_QPT_UD) == 'UD'
    assert qp_state_to_str(e.IBV_QPS_RTS) == 'RTS'


def test_launcher_runs_programs_on_the_package(tmp_path):
    prog = tmp_path / 'prog.py'
    prog.write_text('import sys, pyverbs\nprint(pyverbs.IMPLEMENTATION, sys.argv[1:])\n')
    env = dict(os.environ, GVERBS_PYVERBS_COMPAT=COMPAT)
    out = subprocess.run([sys.executable, LAUNCHER, str(prog), 'a', 'b'], env=env,
                         capture_output=True, text=True, check=True).stdout
    assert out.strip() == "libgverbs ['a', 'b']"
    out = subprocess.run([sys.executable, LAUNCHER, '-c', 'import pyverbs.enums as e; '
                          'print(int(e.IBV_LINK_LAYER_ETHERNET))'], env=env,
                         capture_output=True, text=True, check=True).stdout
    assert out.strip() == '2'
    (tmp_path / 'mod_under_test.py').write_text('import pyverbs\nprint(pyverbs.__version__)\n')
    out = subprocess.run([sys.executable, LAUNCHER, '-m', 'mod_under_test'], env=env,
                         cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    assert out.strip().endswith('+libgverbs')


def test_grh_address_is_read_safely():
    # pyverbs' AH(pd, wc=, grh=address) reads 40 bytes at a program-given
    # address: a readable buffer gives its bytes, an unmapped one a
    # PyverbsUserError instead of a crash
    import ctypes
    from pyverbs.addr import read_user_memory

    buf = ctypes.create_string_buffer(bytes(range(40)), 40)
    assert read_user_memory(ctypes.addressof(buf), 40) == bytes(range(40))
    for address in (0, 8, 2**47 - 4096, 2**64 - 8):
        with pytest.raises(PyverbsUserError):
            read_user_memory(address, 40)


def test_tag_matching_names():
    from pyverbs.srq import OpsWr, SrqInitAttrEx
    from pyverbs.cq import WcTmInfo
    from pyverbs.wr import SGE
    attr = SrqInitAttrEx()
    attr.max_num_tags, attr.max_ops = 64, 10
    assert (attr.max_num_tags, attr.max_ops) == (64, 10)
    assert attr.get_property('tm-max-num-tags') == 64 and attr.get_property('tm-max-ops') == 10
    # pyverbs' defaults: IBV_WR_TAG_ADD, IBV_OPS_SIGNALED
    add = OpsWr(wr_id=5, recv_wr_id=6, num_sge=1, tag=0x42, mask=0xffff,
                sg_list=[SGE(0x1000, 64, 7)])
    assert (add.opcode, add.flags) == (e.IBV_WR_TAG_ADD, e.IBV_OPS_SIGNALED) == (0, 1)
    assert (add.wr_id, add.recv_wr_id, add.tag, add.mask, add.num_sge, add.handle) == \
        (5, 6, 0x42, 0xffff, 1, 0)
    # the inline sg_list read back through dup_sge (a direct field read is a CRITICAL)
    sge = add._wr.dup_sge(0)
    assert (sge.addr, sge.length, sge.lkey) == (0x1000, 64, 7)
    assert add._wr.dup_sge(1) is None
    sync = OpsWr(wr_id=27, opcode=e.IBV_WR_TAG_SYNC, unexpected_cnt=3,
                 flags=e.IBV_OPS_SIGNALED | e.IBV_OPS_TM_SYNC)
    assert (sync.opcode, sync.flags, sync.unexpected_cnt) == (2, 3, 3)
    sync.handle = 9
    assert sync.handle == 9 and sync._wr.handle == 9
    assert WcTmInfo is Verbs.WcTmInfo and hasattr(WcTmInfo(), 'tag')


@pytest.mark.skipif(not hasattr(Verbs, 'Mlx5Context'), reason='libgverbs built without mlx5')
def test_mlx5_methods_libgverbs_lacks_refuse():
    from pyverbs.providers.mlx5.mlx5dv import Mlx5Context, Mlx5QP, Mlx5DevxObj
    for call in (lambda: Mlx5Context.device_timestamp_to_ns(None, 1),
                 lambda: Mlx5Context.reserved_qpn_alloc(None),
                 lambda: Mlx5QP.modify_udp_sport(None, 5),
                 lambda: Mlx5DevxObj.query_async(None, b'', 0, None, 0)):
        with pytest.raises(PyverbsRDMAError) as exc:
            call()
        assert exc.value.error_code == errno.EOPNOTSUPP
        assert 'not supported by libgverbs yet' in str(exc.value)
    # the ones libgverbs has stay the library's
    assert Mlx5DevxObj.query.__name__ == 'query'
    assert 'unsupported' not in Mlx5Context.query_mlx5_device.__qualname__
