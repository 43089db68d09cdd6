#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""pyverbs README, "Ethernet spec", with only the import changed:

pyverbs:    from pyverbs.spec import EthSpec
libgverbs:  from gi.repository.Verbs import EthSpec

It prints the README's output: the ether type and VLAN tag as pyverbs
prints them (the stored network-order value read as a host integer).
"""
import gi
gi.require_version('Verbs', '1.0')
from gi.repository.Verbs import EthSpec  # noqa: E402

eth_spec = EthSpec(src_mac="ab:cd:ef:ab:cd:ef", vlan_tag=0x123, is_inner=1)
eth_spec.dst_mac = "de:de:de:00:de:de"
eth_spec.dst_mac_mask = "ff:ff:ff:ff:ff:ff"
eth_spec.ether_type = 0x321
eth_spec.ether_type_mask = 0xffff
# Resulting spec
print(f'{eth_spec}')
