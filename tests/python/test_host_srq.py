# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Host tests: the SRQ attribute carriers with pyverbs' signatures."""
import gi
import pytest

gi.require_version('Verbs', '1.0')
from gi.repository import GLib  # noqa: E402
from gi.repository import Verbs as V  # noqa: E402


def test_srq_attr_like_pyverbs():
    a = V.SrqAttr()
    assert (a.max_wr, a.max_sge, a.srq_limit) == (100, 1, 0)
    a = V.SrqAttr(max_wr=7, max_sge=2, srq_limit=3)
    assert (a.max_wr, a.max_sge, a.srq_limit) == (7, 2, 3)
    text = str(a)
    assert 'Max WR' in text and ': 7' in text.splitlines()[0]
    assert text.splitlines()[2].split(':')[1].strip() == '3'


def test_srq_init_attr():
    ia = V.SrqInitAttr(V.SrqAttr(max_wr=5, max_sge=1, srq_limit=2))
    assert (ia.max_wr, ia.max_sge, ia.srq_limit) == (5, 1, 2)
    ia.srq_limit = 4
    assert ia.attr.srq_limit == 4


def test_srq_init_attr_ex_fields():
    ia = V.SrqInitAttrEx(max_wr=10)
    assert ia.max_wr == 10 and ia.max_sge == 1
    assert ia.srq_type == V.IBV_SRQT_BASIC and ia.pd is None and ia.comp_mask == 0
    ia.srq_type = V.IBV_SRQT_TM
    ia.tm_max_num_tags = 64
    ia.comp_mask = V.IBV_SRQ_INIT_ATTR_TYPE | V.IBV_SRQ_INIT_ATTR_TM
    assert ia.srq_type == V.IBV_SRQT_TM and ia.tm_max_num_tags == 64
    assert ia.comp_mask == V.IBV_SRQ_INIT_ATTR_TYPE | V.IBV_SRQ_INIT_ATTR_TM


def test_qp_init_attr_carries_srq_slot():
    ia = V.QPInitAttr(qp_type=V.IBV_QPT_RC)
    assert ia.srq is None


def test_srq_bad_creator():
    with pytest.raises(GLib.Error) as e:
        V.SRQ(object(), V.SrqInitAttr())
    assert e.value.matches(V.error_quark(), V.Error.INVALID_ARGUMENT)
