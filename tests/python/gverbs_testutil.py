# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Helpers shared by the Python tests."""
import json
import os
import re
import subprocess

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import Verbs  # noqa: E402
import pytest  # noqa: E402


def device_name():
    """The device under test, or skip (the VM suite counts a skip as a failure)."""
    name = os.environ.get('GVERBS_TEST_DEVICE')
    if not name:
        pytest.skip('GVERBS_TEST_DEVICE is not set: no RDMA device to test')
    return name


def devinfo(name):
    """`ibv_devinfo -v -d NAME` as {field: value}; port fields as 'port1/field'."""
    out = subprocess.run(['ibv_devinfo', '-v', '-d', name], check=True,
                         capture_output=True, text=True).stdout
    fields, section = {}, None
    for line in out.splitlines():
        m = re.match(r'^\s*([A-Za-z0-9_]+):\s*(.*?)\s*$', line)
        if not m:
            continue
        key, value = m.groups()
        if key == 'port':
            section = 'port' + value
            continue
        if section:
            key = section + '/' + key
        fields.setdefault(key, value)
    return fields


def parse_number(text):
    m = re.search(r'\((\d+)\)\s*$', text)
    if m:
        return int(m.group(1))
    return int(text.split()[0], 0)


def guid_text(guid):
    h = '%016x' % guid
    return ':'.join(h[i:i + 4] for i in range(0, 16, 4))


def rdma_resources(kind):
    """`rdma resource show KIND` (pd, mr, cq, qp, cm_id ...) for this process."""
    out = subprocess.run(['rdma', '-j', 'resource', 'show', kind], check=True,
                         capture_output=True, text=True).stdout
    return [r for r in json.loads(out or '[]') if r.get('pid') == os.getpid()]
