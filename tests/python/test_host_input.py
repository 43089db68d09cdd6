"""Host tests for untrusted input: the path wire form, flag and range
arguments refused with an error instead of dropped (no RDMA device)."""
import time

import gi
gi.require_version('Verbs', '1.0')
from gi.repository import GLib, Verbs  # noqa: E402
import pytest  # noqa: E402


def _assert_refused_fast(blob, needle):
    start = time.monotonic()
    with pytest.raises(GLib.Error) as info:
        Verbs.IBPath.from_bytes(blob)
    elapsed = time.monotonic() - start
    assert info.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT)
    assert needle in info.value.message
    assert elapsed < 0.010, elapsed


def test_path_hostile_blob_refused_fast():
    assert Verbs.PATH_WIRE_MAX_SIZE == 4096
    _assert_refused_fast(bytes(1024 * 1024), 'more than the 4096')
    _assert_refused_fast(bytes(4 * 1024 * 1024), 'more than the 4096')
    _assert_refused_fast(bytes(Verbs.PATH_WIRE_MAX_SIZE), 'entries, more than the 64')


def test_path_wire_round_trip_within_bound():
    path = Verbs.IBPath(1, dqpn=0x1234, sqpn=0x42, SL=3, DGID='fe80::1')
    blob = path.to_bytes()
    assert len(blob) < 600
    back = Verbs.IBPath.from_bytes(blob)
    assert (back.dqpn, back.sqpn, back.sl) == (0x1234, 0x42, 3)
    assert back.dgid == Verbs.Gid.new_from_string('fe80::1')
