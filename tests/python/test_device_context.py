# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device tests: open the device under test and compare with ibv_devinfo."""
from gverbs_testutil import device_name, devinfo, parse_number, guid_text, Verbs
from gi.repository import GLib
import pytest


def test_query_device_matches_ibv_devinfo():
    name = device_name()
    info = devinfo(name)
    with Verbs.Context(name=name) as ctx:
        assert ctx.name == name
        assert ctx.num_comp_vectors > 0
        assert ctx.cmd_fd >= 0
        attr = ctx.query_device()
        compared = 0
        for pspec in attr.list_properties():
            key = pspec.name.replace('-', '_')
            if key not in info:
                continue
            value = getattr(attr, key)
            if key.endswith('guid'):
                assert guid_text(value) == info[key], key
            elif isinstance(value, str):
                assert value == info[key], key
            else:
                assert int(value) == parse_number(info[key]), key
            compared += 1
        assert compared >= 30
        # pyverbs' names for the same fields
        assert attr.fw_version == info['fw_ver']
        assert attr.atomic_caps == parse_number(info['atomic_cap'])
        assert attr.max_qp > 0


def test_print_is_pyverbs_layout():
    name = device_name()
    with Verbs.Context(name=name) as ctx:
        text = str(ctx.query_device())
    lines = text.splitlines()
    assert lines[0].startswith('FW version            : ')
    assert any(line.startswith('Max QP                : ') for line in lines)
    assert lines[-1].rstrip() == 'Phys port count       : 1'


def test_with_block_closes_and_calls_after_close_fail():
    name = device_name()
    with Verbs.Context(name=name) as ctx:
        pass
    assert ctx.closed
    ctx.close()  # idempotent
    with pytest.raises(GLib.Error) as info:
        ctx.query_device()
    assert info.value.matches(Verbs.error_quark(), Verbs.Error.CLOSED)


def test_device_in_device_list():
    name = device_name()
    info = devinfo(name)
    devs = [d for d in Verbs.get_device_list() if d.name == name]
    assert len(devs) == 1
    assert guid_text(devs[0].guid) == info['node_guid']
    assert devs[0].node_type == Verbs.NodeType.CA
