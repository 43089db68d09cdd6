# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.providers.mlx5.mlx5dv: the mlx5 direct verbs libgverbs has
(Mlx5Context, Mlx5DVContextAttr, Mlx5DVQPInitAttr, Mlx5DVDCInitAttr, Mlx5QP,
Mlx5DVCQInitAttr, Mlx5CQ, Mlx5VAR, Mlx5UAR, Mlx5PP, Mlx5DevxObj, Mlx5UMEM),
raising pyverbs' exceptions. On a device that is not an mlx5 one they raise
PyverbsRDMAError with EOPNOTSUPP, as pyverbs' tests expect to skip. The
names libgverbs does not have yet keep refusing the same way."""

from ..._compat import GLib, Verbs, compat_class, translate
from ..._unsupported import module_getattr, unsupported_function

__all__ = []

if hasattr(Verbs, 'Mlx5Context'):
    _NS = {'__module__': __name__}
    Mlx5DVContextAttr = Verbs.Mlx5DVContextAttr
    Mlx5DVDCInitAttr = Verbs.Mlx5DVDCInitAttr
    Mlx5DVQPInitAttr = Verbs.Mlx5DVQPInitAttr
    Mlx5DVCQInitAttr = Verbs.Mlx5DVCQInitAttr
    Mlx5DVContext = Verbs.Mlx5DVContext
    Mlx5DVPortAttr = Verbs.Mlx5DVPortAttr
    Mlx5Context = compat_class(Verbs.Mlx5Context, 'Mlx5Context', messages={
        '__init__': 'Failed to open mlx5 context',
        'query_mlx5_device': 'Failed to query mlx5 device',
        'query_mlx5_port': 'Failed to query mlx5 port',
        'devx_general_cmd': 'DevX general command failed'}, namespace=_NS)
    Mlx5QP = compat_class(Verbs.Mlx5QP, 'Mlx5QP', messages={
        '__init__': 'Failed to create mlx5 QP'}, namespace=_NS)
    Mlx5CQ = compat_class(Verbs.Mlx5CQ, 'Mlx5CQ', messages={
        '__init__': 'Failed to create mlx5 CQ'}, namespace=_NS)
    Mlx5VAR = compat_class(Verbs.Mlx5VAR, 'Mlx5VAR', messages={
        '__init__': 'Failed to allocate VAR'}, namespace=_NS)
    Mlx5UAR = compat_class(Verbs.Mlx5UAR, 'Mlx5UAR', messages={
        '__init__': 'Failed to allocate UAR'}, namespace=_NS)
    Mlx5PP = compat_class(Verbs.Mlx5PP, 'Mlx5PP', messages={
        '__init__': 'Failed to allocate packet pacing entry'}, namespace=_NS)
    Mlx5DevxObj = compat_class(Verbs.Mlx5DevxObj, 'Mlx5DevxObj', messages={
        '__init__': 'Failed to create DevX object',
        'query': 'Failed to query DevX object',
        'modify': 'Failed to modify DevX object'}, namespace=_NS)
    Mlx5UMEM = compat_class(Verbs.Mlx5UMEM, 'Mlx5UMEM', messages={
        '__init__': 'Failed to register UMEM'}, namespace=_NS)

    def _query_mlx5_port(ctx, port_num):
        """pyverbs' Mlx5Context.query_mlx5_port(ctx, port_num), a static
        method taking any Context: a plain one is queried through an mlx5
        context opened on its device."""
        if isinstance(ctx, Verbs.Mlx5Context):
            return Verbs.Mlx5Context.query_mlx5_port(ctx, port_num)
        try:
            mctx = Verbs.Mlx5Context(Verbs.Mlx5DVContextAttr(), name=ctx.get_name())
        except GLib.Error as err:
            raise translate(err, 'Failed to query mlx5 port') from None
        try:
            return Verbs.Mlx5Context.query_mlx5_port(mctx, port_num)
        except GLib.Error as err:
            raise translate(err, 'Failed to query mlx5 port') from None
        finally:
            mctx.close()

    Mlx5Context.query_mlx5_port = staticmethod(_query_mlx5_port)

    # pyverbs' methods whose mlx5 direct verbs libgverbs does not have
    # (several are static methods taking any Context or QP): they raise
    # EOPNOTSUPP, as pyverbs does on a device without the feature
    _MISSING = {
        Mlx5Context: ('reserved_qpn_alloc', 'reserved_qpn_dealloc', 'crypto_login',
                      'query_login_state', 'crypto_logout', 'device_timestamp_to_ns',
                      'devx_query_eqn', 'get_data_direct_sysfs_path'),
        Mlx5QP: ('wr_set_dc_addr_stream', 'wr_raw_wqe', 'wr_mr_interleaved', 'wr_mr_list',
                 'wr_mkey_configure', 'wr_set_mkey_access_flags', 'wr_set_mkey_layout_list',
                 'wr_set_mkey_layout_interleaved', 'wr_set_mkey_crypto',
                 'wr_set_mkey_sig_block', 'wr_memcpy', 'cancel_posted_send_wrs',
                 'query_lag_port', 'modify_lag_port', 'modify_qp_sched_elem',
                 'modify_udp_sport', 'map_ah_to_qp', 'modify_dci_stream_channel_id'),
        Mlx5DevxObj: ('query_async', 'add_ref', 'get_export_size', 'export', 'import_obj',
                      'unimport_obj'),
        Mlx5UMEM: ('get_export_size', 'export', 'import_umem', 'unimport_umem'),
        Mlx5VAR: ('get_export_size', 'export', 'import_var', 'unimport_var'),
        Mlx5UAR: ('export_dmabuf_fd',),
    }
    for _cls, _names in _MISSING.items():
        for _name in _names:
            if not hasattr(_cls, _name):
                setattr(_cls, _name, staticmethod(unsupported_function(
                    '%s.%s' % (_cls.__name__, _name))))
    del _cls, _names, _name

    __all__ += ['Mlx5Context', 'Mlx5DVContextAttr', 'Mlx5DVDCInitAttr', 'Mlx5DVQPInitAttr',
                'Mlx5DVCQInitAttr', 'Mlx5DVContext', 'Mlx5DVPortAttr', 'Mlx5QP', 'Mlx5CQ',
                'Mlx5VAR', 'Mlx5UAR', 'Mlx5PP', 'Mlx5DevxObj', 'Mlx5UMEM']

__getattr__ = module_getattr(__name__)
