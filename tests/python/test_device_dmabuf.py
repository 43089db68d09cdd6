# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests of dma-buf MRs on rxe (no dma-buf support): a clean
NOT_SUPPORTED naming ibv_reg_dmabuf_mr and the device, through Verbs and
through the pyverbs compatibility package (PyverbsRDMAError, EOPNOTSUPP)."""
import errno
import os
import sys
import tempfile

import pytest
import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, Verbs  # noqa: E402

from gverbs_testutil import device_name, rdma_resources

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'introspection', 'python', 'pyverbs-compat'))
from pyverbs.device import Context  # noqa: E402
from pyverbs.dmabuf import DmaBuf  # noqa: E402
from pyverbs.mr import DmaBufMR  # noqa: E402
from pyverbs.pd import PD  # noqa: E402
from pyverbs.pyverbs_error import PyverbsRDMAError  # noqa: E402
import pyverbs.enums as e  # noqa: E402


def test_verbs_dmabuf_mr_not_supported():
    with Verbs.Context(name=device_name()) as ctx, tempfile.TemporaryFile() as f:
        pd = Verbs.PD(ctx)
        before = len(rdma_resources('mr'))
        with pytest.raises(GLib.Error) as exc:
            Verbs.DmaBufMR(pd, 4096, Verbs.IBV_ACCESS_LOCAL_WRITE, dmabuf=f.fileno())
        err = exc.value
        assert err.matches(Verbs.error_quark(), Verbs.Error.NOT_SUPPORTED), err.message
        assert err.message.startswith('ibv_reg_dmabuf_mr on ')
        assert device_name() in err.message and '(EOPNOTSUPP)' in err.message
        assert 'length 4096' in err.message
        assert len(rdma_resources('mr')) == before
        os.fstat(f.fileno())  # still the caller's, still open
        with pytest.raises(GLib.Error) as exc:
            Verbs.DmaBufMR(pd, 4096, Verbs.IBV_ACCESS_LOCAL_WRITE)
        assert exc.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT)


def test_pyverbs_dmabuf_mr_like_pyverbs():
    with Context(name=device_name().encode()) as ctx, tempfile.TemporaryFile() as f:
        pd = PD(ctx)
        with pytest.raises(PyverbsRDMAError) as exc:
            DmaBufMR(pd, 4096, e.IBV_ACCESS_LOCAL_WRITE, dmabuf=f.fileno())
        assert exc.value.error_code == errno.EOPNOTSUPP
        assert str(exc.value).startswith('Failed to register a dma-buf MR')
        # no dma-buf given: pyverbs allocates one (DRM), libgverbs does not
        with pytest.raises(PyverbsRDMAError) as exc:
            DmaBufMR(pd, 4096, e.IBV_ACCESS_LOCAL_WRITE)
        assert exc.value.error_code == errno.EOPNOTSUPP
        assert 'DmaBuf' in str(exc.value)
        with pytest.raises(PyverbsRDMAError) as exc:
            DmaBuf(4096)
        assert exc.value.error_code == errno.EOPNOTSUPP
