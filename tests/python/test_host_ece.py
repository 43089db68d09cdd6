# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Host tests of the ECE boxed type (enhanced connection establishment):
pyverbs' constructor, fields, printing, comparison, and the compatibility
package's pyverbs.qp.ECE."""
import os
import sys

import pytest
import gi
gi.require_version('Verbs', '1.0')
from gi.repository import Verbs  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
COMPAT = os.path.join(HERE, '..', '..', 'introspection', 'python', 'pyverbs-compat')


def test_constructor_like_pyverbs():
    ece = Verbs.ECE()
    assert (ece.vendor_id, ece.options, ece.comp_mask) == (0, 0, 0)
    ece = Verbs.ECE(0x2c9, 0x5a1234)
    assert (ece.vendor_id, ece.options, ece.comp_mask) == (0x2c9, 0x5a1234, 0)
    ece = Verbs.ECE(options=7, comp_mask=1)
    assert (ece.vendor_id, ece.options, ece.comp_mask) == (0, 7, 1)
    with pytest.raises(TypeError):
        Verbs.ECE(1, 2, 3, 4)
    with pytest.raises(TypeError):
        Verbs.ECE(vendor=1)
    with pytest.raises(OverflowError):
        Verbs.ECE(vendor_id=1 << 32)


def test_fields_print_copy_and_compare():
    ece = Verbs.ECE(0x2c9, 0x5a1234, 3)
    assert str(ece) == 'ECE(vendor_id=0x2c9, options=0x5a1234, comp_mask=0x3)'
    copy = ece.copy()
    assert copy.equal(ece) and copy is not ece
    copy.options = 0x5a1235
    assert not copy.equal(ece) and ece.options == 0x5a1234
    other = Verbs.ECE.new(0x2c9, 0x5a1234, 3)
    assert other.equal(ece)


def test_compat_package_names():
    sys.path.insert(0, COMPAT)
    try:
        import pyverbs.qp
        assert pyverbs.qp.ECE is Verbs.ECE
        assert 'ECE' in pyverbs.qp.__all__
        ece = pyverbs.qp.ECE(vendor_id=0x15b3, options=1)
        assert (ece.vendor_id, ece.options, ece.comp_mask) == (0x15b3, 1, 0)
        import pyverbs.cmid
        assert callable(pyverbs.cmid.CMID.get_remote_ece)
        assert callable(pyverbs.cmid.CMID.set_local_ece)
    finally:
        sys.path.remove(COMPAT)
