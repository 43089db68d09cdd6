# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.spec: flow steering specs (libgverbs' GVerbsSpec classes)."""

from ._compat import Verbs, GLib, compat_class, translate

__all__ = ['Spec', 'EthSpec', 'Ipv4Spec', 'Ipv4ExtSpec', 'Ipv6Spec', 'TcpUdpSpec', 'EspSpec',
           'TunnelSpec', 'GreSpec', 'MplsSpec', 'ActionTagSpec', 'ActionDropSpec']

U32_MASK = 0xffffffff
Spec = Verbs.Spec


def _is_address(attr):
    return attr.split('_mask')[0].endswith(('_mac', '_ip'))


def _spec_class(name):
    base = getattr(Verbs, name)

    def __setattr__(self, attr, value):
        # an address is parsed at once: a malformed one raises here, as
        # pyverbs' does, instead of being reported when the flow is made
        try:
            if _is_address(attr) and (value is None or isinstance(value, str)):
                base.set_field(self, attr, value)
            else:
                base.__setattr__(self, attr, value)
        except GLib.Error as err:
            raise translate(err) from None
    return compat_class(base, name, messages={'__init__': 'Failed to create %s' % name},
                        namespace={'__module__': 'pyverbs.spec', '__setattr__': __setattr__})


EthSpec = _spec_class('EthSpec')
EthSpec.MAC_LEN = 6
EthSpec.MAC_MASK = 'ff:ff:ff:ff:ff:ff'
Ipv4Spec = _spec_class('Ipv4Spec')
Ipv4ExtSpec = _spec_class('Ipv4ExtSpec')
Ipv6Spec = _spec_class('Ipv6Spec')
Ipv6Spec.EMPTY_IPV6 = '::'
Ipv6Spec.IPV6_MASK = 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'
Ipv6Spec.FLOW_LABEL_MASK = 0xfffff
TcpUdpSpec = _spec_class('TcpUdpSpec')
EspSpec = _spec_class('EspSpec')
TunnelSpec = _spec_class('TunnelSpec')
GreSpec = _spec_class('GreSpec')
MplsSpec = _spec_class('MplsSpec')
ActionTagSpec = _spec_class('ActionTagSpec')
ActionDropSpec = _spec_class('ActionDropSpec')
