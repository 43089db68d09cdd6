# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.device: devices, contexts, device memory and the port/device
attribute helpers, on gi.repository.Verbs."""

import errno as _errno

from ._compat import Verbs, GLib, compat_class, rdma_errors, to_str, translate, raw, importing_new
from .pyverbs_error import PyverbsRDMAError

__all__ = ['Device', 'Context', 'DM', 'AllocDmAttr', 'get_device_list',
           'translate_mtu', 'translate_link_layer', 'width_to_str', 'speed_to_str',
           'phys_state_to_str', 'port_state_to_str', 'guid_format']


class Device:
    """One entry of get_device_list(): name, node_type, transport_type and
    guid as pyverbs gives them (the name is bytes)."""

    def __init__(self, verbs_device):
        self._device = verbs_device

    @property
    def name(self):
        return self._device.get_name().encode()

    @property
    def node_type(self):
        return self._device.get_node_type()

    @property
    def transport_type(self):
        return self._device.get_transport_type()

    @property
    def guid(self):
        return self._device.get_guid()

    @property
    def index(self):
        return self._device.get_index()

    def __str__(self):
        return str(self._device)


def get_device_list():
    """The RDMA devices of this host (pyverbs' ibv_get_device_list)."""
    return [Device(dev) for dev in rdma_errors(Verbs.get_device_list, 'Failed to get devices list')()]


def _ctx_init(self, name=None, **kwargs):
    if kwargs.get('cmd_fd') is not None:
        return  # imported by __new__
    if name is None and kwargs.get('attr') is not None:
        name = kwargs['attr']
    Verbs.Context.__init__(self, name=to_str(name))


@raw
def _query_gid_table(self, max_entries, flags=0):
    # pyverbs passes ibv_query_gid_table()'s negative return on as the code
    try:
        return Verbs.Context.query_gid_table(self, max_entries, flags)
    except GLib.Error as err:
        exc = translate(err)
        raise PyverbsRDMAError('Failed to query gid table', -exc.error_code) from None


@raw
def _query_rt_values_ex(self, comp_mask=1):
    """pyverbs' query_rt_values_ex(comp_mask=IBV_VALUES_MASK_RAW_CLOCK):
    the raw clock as (sec, nsec)."""
    if comp_mask != 1:
        raise PyverbsRDMAError('Failed to query real time values with requested comp_mask',
                               _errno.EOPNOTSUPP)
    try:
        return tuple(Verbs.Context.query_rt_values_ex(self))
    except GLib.Error as err:
        raise translate(err, 'Failed to query real time values') from None


Context = compat_class(Verbs.Context, 'Context', messages={
    '__init__': 'Failed to open device',
    'query_port': 'Failed to query port',
    'query_gid': 'Failed to query gid',
    'query_gid_ex': 'Failed to query gid',
    'query_gid_table': 'Failed to query gid table',
    'query_device': 'Failed to query device',
    'query_device_ex': 'Failed to query EX device',
    'query_pkey': 'Failed to query pkey',
}, namespace={'__init__': _ctx_init, 'query_gid_table': _query_gid_table,
              'query_rt_values_ex': _query_rt_values_ex,
              '__new__': importing_new(Verbs.Context, 'cmd_fd', 'Failed to import device'),
              '__module__': 'pyverbs.device'})


DM = compat_class(Verbs.DM, 'DM', messages={
    '__init__': 'Failed to allocate device memory',
    'copy_to_dm': 'Failed to copy to dm',
    'copy_from_dm': 'Failed to copy from dm',
}, namespace={'__module__': 'pyverbs.device'})

AllocDmAttr = Verbs.AllocDmAttr
DeviceAttr = Verbs.DeviceAttr
DeviceAttrEx = Verbs.DeviceAttrEx
PortAttr = Verbs.PortAttr

_MTU = {1: '256', 2: '512', 3: '1024', 4: '2048', 5: '4096'}
_WIDTH = {1: '1X', 2: '4X', 4: '8X', 8: '12X', 16: '2X'}
_SPEED = {0: '0.0 Gbps', 1: '2.5 Gbps', 2: '5.0 Gbps', 4: '5.0 Gbps', 8: '10.0 Gbps',
          16: '14.0 Gbps', 32: '25.0 Gbps', 64: '50.0 Gbps', 128: '100.0 Gbps'}
_PHYS = {1: 'Sleep', 2: 'Polling', 3: 'Disabled', 4: 'PortConfigurationTraining',
         5: 'Link up', 6: 'LinkErrorRecovery', 7: 'Phy test'}
_PORT_STATE = {0: 'NOP', 1: 'Down', 2: 'Init', 3: 'Armed', 4: 'Active', 5: 'Active defer'}
_LINK = {0: 'Unspecified', 1: 'InfiniBand', 2: 'Ethernet'}


def translate_mtu(val):
    return _MTU.get(int(val), 'Invalid MTU')


def translate_link_layer(val):
    return _LINK.get(int(val), 'Invalid link layer')


def width_to_str(val):
    return _WIDTH.get(int(val), 'Invalid width')


def speed_to_str(val):
    return _SPEED.get(int(val), 'Invalid speed')


def phys_state_to_str(val):
    return _PHYS.get(int(val), 'Invalid physical state')


def port_state_to_str(val):
    return _PORT_STATE.get(int(val), 'Invalid port state')


def guid_format(num):
    h = '%016x' % num
    return ':'.join(h[i:i + 4] for i in range(0, 16, 4))
