# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.utils: string helpers for QP types and states, GID formatting."""

__all__ = ['gid_str', 'gid_str_to_array', 'qp_type_to_str', 'qp_state_to_str']

_QP_TYPES = {2: 'RC', 3: 'UC', 4: 'UD', 8: 'Raw Packet', 9: 'XRC Send', 10: 'XRC Recv',
             0xff: 'Driver QP'}
_QP_STATES = {0: 'Reset', 1: 'Init', 2: 'RTR', 3: 'RTS', 4: 'SQD', 5: 'SQE', 6: 'Error',
              7: 'Unknown'}


def gid_str(subnet_prefix, interface_id):
    h = '%016x%016x' % (subnet_prefix, interface_id)
    return ':'.join(h[i:i + 4] for i in range(0, 32, 4))


def gid_str_to_array(val):
    h = val.replace(':', '')
    return [int(h[i:i + 2], 16) for i in range(0, len(h), 2)]


def qp_type_to_str(qp_type):
    return _QP_TYPES.get(int(qp_type), 'Unknown (%d)' % int(qp_type))


def qp_state_to_str(qp_state):
    return _QP_STATES.get(int(qp_state), 'Unknown (%d)' % int(qp_state))
