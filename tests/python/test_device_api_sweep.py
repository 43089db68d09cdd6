# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Device test: the API sweep (issue 11). Every method of every introspected
class, called on open, closed and never-initialized objects with zero,
negative, huge, wrong-typed and None arguments (tests/python/api_sweep.py):
only GLib.Error, TypeError, ValueError and OverflowError may come out, no
GLib critical or warning may be logged, and the process must not crash.
Each class runs in its own process, so a crash or a hang is reported with
the class's name and the last call. api_sweep.SKIP lists the methods not
called (they wait forever for an event) with the reason."""
import concurrent.futures
import json
import os
import subprocess
import sys

from gverbs_testutil import device_name
import pytest

from api_sweep import RAW

WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'api_sweep.py')
TIMEOUT = int(os.environ.get('SWEEP_CLASS_TIMEOUT', '600'))
WORKERS = int(os.environ.get('SWEEP_WORKERS', '2'))


def swept_classes():
    names = []
    for name in sorted(dir(RAW)):
        cls = getattr(RAW, name)
        info = getattr(cls, '__info__', None)
        if isinstance(cls, type) and info is not None and hasattr(info, 'get_methods') \
                and info.get_methods():
            names.append(name)
    return names


CLASSES = swept_classes()


def test_sweep_covers_the_classes():
    assert len(CLASSES) >= 50, CLASSES
    for name in ('Context', 'PD', 'MR', 'QP', 'CQ', 'CMID', 'Path', 'SendWR', 'Gid'):
        assert name in CLASSES


def _sweep_one(name):
    env = dict(os.environ)
    env.pop('G_DEBUG', None)  # criticals are recorded as findings, not fatal
    env['PYTHONFAULTHANDLER'] = '1'
    try:
        return subprocess.run([sys.executable, WORKER, name], capture_output=True, text=True,
                              timeout=TIMEOUT, env=env)
    except subprocess.TimeoutExpired as e:
        return e


@pytest.fixture(scope='module')
def sweeps():
    """Every class's worker, WORKERS at a time (the VM has two CPUs and each
    worker is one process), started once for the module."""
    device_name()
    with concurrent.futures.ThreadPoolExecutor(max_workers=WORKERS) as pool:
        return dict(zip(CLASSES, pool.map(_sweep_one, CLASSES)))


@pytest.mark.parametrize('name', CLASSES)
def test_api_sweep(name, sweeps):
    out = sweeps[name]
    if isinstance(out, subprocess.TimeoutExpired):
        last = [line for line in (out.stdout or b'').decode(errors='replace').splitlines()
                if line.startswith('CALL')][-1:]
        pytest.fail('%s: no result in %d s; last call: %s' % (name, TIMEOUT, last))
    lines = out.stdout.splitlines()
    result = [json.loads(line[7:]) for line in lines if line.startswith('RESULT ')]
    last = [line for line in lines if line.startswith('CALL')][-1:]
    assert out.returncode == 0 and result, \
        '%s: exit status %d after %s\n%s' % (name, out.returncode, last, out.stderr[-3000:])
    print('%s: %d calls' % (name, result[0]['calls']))
    assert result[0]['findings'] == [], '\n'.join(result[0]['findings'][:40])
