#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""The guest half of benchmarks/run: runs every measurement of issue 6 on the
VM's rxe device and writes results.md, results.json and bw.png into OUTDIR.

  (a) callgrind: user-space instructions per message for
        gverbs-perf --loopback vs benchmarks/baseline-verbs (64 B write, send)
        and gverbs-perf --loopback --events (GMainLoop signals) vs busy
        polling, as the difference of two runs (N1 and N2 messages) to cancel
        start-up; gverbs_bench.py vs pyverbs_bench.py (64 B write, send), the
        Ir of the measured loop alone (the scripts mark it with os.getppid(),
        callgrind dumps before each mark);
  (b) wall clock: each pair alternated REPS times, medians and ratios:
        gverbs-perf vs ib_write_bw, ib_read_bw, ib_send_bw (64 B .. 64 KiB),
        ib_send_lat, ib_write_lat (t_typical); Python gverbs vs pyverbs rate.

  (c) ported code (benchmarks/ported/): pyverbs loops written the pyverbs
      way, each run unchanged on pyverbs and on gi.repository.Verbs (the shim
      only swaps the imports), alternated PORTED_REPS times, medians, each
      side's min ... max and the ratio; with --ported-callgrind also the Ir of
      the two data-path loops.

Usage: bench-in-vm.py BUILDDIR OUTDIR [--quick] [--callgrind-only|--wall-only|--ported-only]
                      [--ported-callgrind] [--ported-callgrind-only] [--no-py-send] [--reuse]

Every client/server pair waits for the server's port to listen (read from
/proc/net/tcp), is retried up to ATTEMPTS times and bounded by timeouts; a run
that still fails is recorded as failed in results.md, never a hang.
"""
import json
import os
import re
import statistics
import subprocess
import sys
import time

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
build = os.path.abspath(sys.argv[1])
out = os.path.abspath(sys.argv[2])
quick = '--quick' in sys.argv
os.makedirs(out, exist_ok=True)
dev = os.environ.get('GVERBS_TEST_DEVICE', 'rxe0')
gid = os.environ.get('GVERBS_BENCH_GID', '1')
perf = os.path.join(build, 'tools/gverbs-perf/gverbs-perf')
baseline = os.path.join(build, 'benchmarks/baseline-verbs')
py = '/usr/bin/python3'
env = dict(os.environ, GI_TYPELIB_PATH=os.path.join(build, 'introspection'),
           LD_LIBRARY_PATH=os.path.join(build, 'libgverbs'),
           PYTHONPATH=os.environ.get('GVERBS_BENCH_PYTHONPATH', os.path.join(top, 'introspection/python')))

REPS = 2 if quick else 5
CG_N = (1000, 2000) if quick else (2000, 4000)
CG_PY_N = 512 if quick else 1024
# Python under callgrind in TCG takes 1.5-2 minutes a run (start-up): --no-py-send skips send/recv.
PY_CG_TESTS = [('write_bw', 'RDMA write')] + ([] if '--no-py-send' in sys.argv else [('send_bw', 'send/recv')])
SIZES = [64, 1024, 65536] if quick else [64, 1024, 16384, 65536]
LAT_N = 500 if quick else 1000
PY_N = 2000 if quick else 5000
results = {'date': time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime()), 'device': dev,
           'reps': REPS, 'callgrind_n': CG_N, 'callgrind_py_n': CG_PY_N,
           'kernel': os.uname().release, 'ncpu': os.cpu_count(),
           'callgrind': [], 'wall': [], 'python_wall': [], 'events_wall': [], 'ported': []}
port = [19000]
failures = []
ATTEMPTS = 3
CALLGRIND_TIMEOUT = 600
SERVER_START_TIMEOUT = 30
CLIENT_TIMEOUT = 120


def log(msg):
    print(msg, flush=True)


def bw_iters(size):
    if quick:
        return 1000 if size <= 1024 else 200
    return 5000 if size <= 1024 else 1000 if size <= 16384 else 300


# --- (a) callgrind ---------------------------------------------------------------

def callgrind(tag, cmd):
    """Total user-space Ir of one run and the Ir in libgverbs' own code."""
    path = os.path.join(out, 'callgrind.%s.out' % tag)
    side = path[:-4] + '.stdout'
    parsed = path[:-4] + '.json'
    if '--reuse' in sys.argv and os.path.exists(parsed):
        return tuple(json.load(open(parsed)))
    if '--reuse' in sys.argv and os.path.exists(side):   # a complete earlier run of the same command
        stdout = open(side).read()
    else:
        try:
            p = subprocess.run(['valgrind', '--tool=callgrind', '--callgrind-out-file=' + path] + cmd,
                               env=env, capture_output=True, text=True, timeout=CALLGRIND_TIMEOUT)
        except subprocess.TimeoutExpired:
            failures.append({'run': 'callgrind ' + tag, 'why': 'timed out after %d s' % CALLGRIND_TIMEOUT})
            return None
        if p.returncode != 0:
            failures.append({'run': 'callgrind ' + tag, 'why': 'exit %d: %s' % (p.returncode, p.stderr[-300:])})
            return None
        stdout = p.stdout
        with open(side, 'w') as f:
            f.write(stdout)
    total = None
    with open(path) as f:
        for line in f:
            if line.startswith(('summary:', 'totals:')):
                total = int(line.split()[1])
    lib = lib_ir(path)
    empty = '?'
    m = re.search(r'"empty_polls": (\d+)', stdout)
    if m:
        empty = int(m.group(1))
    json.dump([total, lib, empty], open(parsed, 'w'))
    return total, lib, empty


def lib_ir(path):
    """Ir in libgverbs' own code, from callgrind_annotate's per-object totals."""
    ann = subprocess.run(['callgrind_annotate', '--threshold=100', path],
                         capture_output=True, text=True).stdout
    lib = 0
    for line in ann.splitlines():
        m = re.match(r'\s*([\d,]+)\s.*\[(.*)\]\s*$', line)
        if m and 'libgverbs' in m.group(2):
            lib += int(m.group(1).replace(',', ''))
    return lib


def lib_self_ir(path):
    """Ir in libgverbs' own code, read from an uncompressed callgrind file
    (callgrind_annotate does not resolve a later dump part's names). Kept in
    results.json only: callgrind charges the functions libffi jumps into to
    libffi's trampoline, so for calls from Python this undercounts."""
    lib, ob, after_call = 0, '', False
    with open(path) as f:
        for line in f:
            if line.startswith('ob='):
                ob = line[3:]
            elif line.startswith('calls='):
                after_call = True
            elif line[:1].isdigit() or line[:1] in '+-*':
                if after_call:
                    after_call = False
                elif 'libgverbs' in ob:
                    parts = line.split()
                    lib += int(parts[1]) if len(parts) > 1 else 0
    return lib


def callgrind_loop(tag, cmd):
    """The Python runs: one process, the measured loop bracketed by the
    script's two os.getppid() calls (--dump-before=getppid), so interpreter
    start-up (whose Ir varies by more than a whole loop) is not counted.
    Returns (loop Ir, of which in libgverbs, messages, polls that found
    nothing, polls; the last two None where the loop does not count them)."""
    path = os.path.join(out, 'callgrind.%s.out' % tag)
    parsed = path[:-4] + '.json'
    if '--reuse' in sys.argv and os.path.exists(parsed):
        return tuple(json.load(open(parsed)))
    for old in [f for f in os.listdir(out) if f.startswith(os.path.basename(path))]:
        os.unlink(os.path.join(out, old))
    try:
        p = subprocess.run(['valgrind', '--tool=callgrind', '--dump-before=getppid',
                            '--compress-strings=no', '--compress-pos=no',
                            '--callgrind-out-file=' + path] + cmd,
                           env=env, capture_output=True, text=True, timeout=CALLGRIND_TIMEOUT)
    except subprocess.TimeoutExpired:
        failures.append({'run': 'callgrind ' + tag, 'why': 'timed out after %d s' % CALLGRIND_TIMEOUT})
        return None
    if p.returncode != 0:
        failures.append({'run': 'callgrind ' + tag, 'why': 'exit %d: %s' % (p.returncode, p.stderr[-300:])})
        return None
    parts = sorted(int(f.rsplit('.', 1)[1]) for f in os.listdir(out)
                   if f.startswith(os.path.basename(path) + '.') and f.rsplit('.', 1)[1].isdigit())
    if len(parts) < 2:
        failures.append({'run': 'callgrind ' + tag, 'why': 'no loop marks in the profile'})
        return None
    loop = '%s.%d' % (path, parts[-1])     # ends at the second mark
    total = None
    with open(loop) as f:
        for line in f:
            if line.startswith(('summary:', 'totals:')):
                total = int(line.split()[1])
    printed = json.loads(p.stdout)
    result = (total, lib_self_ir(loop), printed['iterations'], printed.get('empty_polls'),
              printed.get('polls'))
    json.dump(result, open(parsed, 'w'))
    return result


def cg_loop_pair(name, a_name, a_cmd, b_name, b_cmd, n, target):
    row = {'name': name, 'a': a_name, 'b': b_name, 'n': [n], 'target': target, 'method': 'loop'}
    for key, cmd in (('a', a_cmd), ('b', b_cmd)):
        r = callgrind_loop('%s.%s.%d' % (re.sub(r'[^A-Za-z0-9]+', '_', name), key, n), cmd)
        row[key + '_ir_per_msg'] = r[0] / r[2] if r else None
        row[key + '_lib_per_msg'] = r[1] / r[2] if r else None
        row[key + '_empty_polls'] = [r[3] if r and len(r) > 3 and r[3] is not None else '-']
        row[key + '_polls'] = r[4] if r and len(r) > 4 else None   # each poll is a call into C
    row['ratio'] = ratio(row['a_ir_per_msg'], row['b_ir_per_msg'])
    log('callgrind %-28s %s %s Ir/msg, %s %s Ir/msg, ratio %s (target %s)' % (
        name, a_name, fmt(row['a_ir_per_msg'], '%.0f'), b_name, fmt(row['b_ir_per_msg'], '%.0f'),
        fmt(row['ratio'], '%.3f'), target))
    results['callgrind'].append(row)


def cg_pair(name, a_name, a_cmd, b_name, b_cmd, ns, target):
    """a is the candidate, b the reference; a_cmd(n) and b_cmd(n) build the commands."""
    row = {'name': name, 'a': a_name, 'b': b_name, 'n': ns, 'target': target}
    for key, mk in (('a', a_cmd), ('b', b_cmd)):
        runs = [callgrind('%s.%s.%d' % (re.sub(r'[^A-Za-z0-9]+', '_', name), key, n), mk(n)) for n in ns]
        dn = ns[1] - ns[0]
        ok = None not in runs
        row[key + '_ir_per_msg'] = (runs[1][0] - runs[0][0]) / dn if ok else None
        row[key + '_lib_per_msg'] = (runs[1][1] - runs[0][1]) / dn if ok else None
        row[key + '_empty_polls'] = [r[2] if r else '?' for r in runs]
    row['ratio'] = ratio(row['a_ir_per_msg'], row['b_ir_per_msg'])
    log('callgrind %-28s %s %s Ir/msg, %s %s Ir/msg, ratio %s (target %s)' % (
        name, a_name, fmt(row['a_ir_per_msg'], '%.0f'), b_name, fmt(row['b_ir_per_msg'], '%.0f'),
        fmt(row['ratio'], '%.3f'), target))
    results['callgrind'].append(row)


def run_callgrind():
    for test, label in (('write_bw', 'RDMA write'), ('send_bw', 'send/recv')):
        cg_pair('C %s 64 B' % label,
                'gverbs-perf', lambda n, t=test: [perf, t, '--loopback', '-d', dev, '-x', gid,
                                                  '-s', '64', '-n', str(n), '--json'],
                'libibverbs loop', lambda n, t=test: [baseline, t, '-d', dev, '-x', gid,
                                                      '-s', '64', '-n', str(n)],
                CG_N, '<= 1.05')
    for test, label in PY_CG_TESTS:
        cg_loop_pair('Python %s 64 B' % label,
                     'gverbs (batch calls)', [py, os.path.join(top, 'benchmarks/gverbs_bench.py'),
                                              test, '-d', dev, '-x', gid, '-n', str(CG_PY_N)],
                     'pyverbs', [py, os.path.join(top, 'benchmarks/pyverbs_bench.py'),
                                 test, '-d', dev, '-x', gid, '-n', str(CG_PY_N)],
                     CG_PY_N, '<= 0.5')
    cg_pair('C RDMA write 64 B, GMainLoop',
            'completion signals', lambda n: [perf, 'write_bw', '--loopback', '--events', '-d', dev,
                                             '-x', gid, '-s', '64', '-n', str(n), '--json'],
            'busy polling', lambda n: [perf, 'write_bw', '--loopback', '-d', dev, '-x', gid,
                                       '-s', '64', '-n', str(n), '--json'],
            CG_N, '<= 1.5')


# --- (b) wall clock ---------------------------------------------------------------

def listening(port_no):
    """Whether a TCP socket listens on port_no (read from /proc: probing the
    port by connecting would use up the server's only connection)."""
    for path in ('/proc/net/tcp', '/proc/net/tcp6'):
        try:
            with open(path) as f:
                next(f)
                for line in f:
                    fields = line.split()
                    if fields[3] == '0A' and int(fields[1].rsplit(':', 1)[1], 16) == port_no:
                        return True
        except OSError:
            pass
    return False


def stop(proc):
    if proc.poll() is None:
        proc.kill()
    try:
        proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        pass


def client_server(name, srv_cmd, cli_cmd, parse, environ=None):
    """Starts the server, waits until its port listens, runs the client;
    returns parse(client stdout). Up to ATTEMPTS tries, each bounded by
    timeouts; after that the run is recorded as failed (None), never a hang."""
    for attempt in range(1, ATTEMPTS + 1):
        port[0] += 1
        srv = subprocess.Popen(srv_cmd(port[0]), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, env=environ)
        why = None
        try:
            deadline = time.time() + SERVER_START_TIMEOUT
            while not listening(port[0]) and srv.poll() is None and time.time() < deadline:
                time.sleep(0.05)
            if not listening(port[0]):
                why = 'server not listening after %.0f s (exit %s)' % (SERVER_START_TIMEOUT, srv.poll())
                continue
            try:
                cli = subprocess.run(cli_cmd(port[0]), capture_output=True, text=True,
                                     timeout=CLIENT_TIMEOUT, env=environ)
            except subprocess.TimeoutExpired:
                why = 'client timed out after %d s' % CLIENT_TIMEOUT
                continue
            try:
                srv.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                pass
            if cli.returncode != 0:
                why = 'client exit %d: %s' % (cli.returncode, cli.stderr.strip()[-200:])
                continue
            try:
                return parse(cli.stdout)
            except (ValueError, KeyError, IndexError) as ex:
                why = 'no result in the output (%s): %s' % (ex, cli.stdout[-300:])
        finally:
            stop(srv)
            if why:
                log('%s attempt %d failed: %s' % (name, attempt, why))
                failures.append({'run': name, 'attempt': attempt, 'why': why})
    return None


def perftest(tool, size, n):
    lat = tool.endswith('_lat')
    # perftest 4.5 posts through the extended API (ibv_wr_*) unless told
    # otherwise; gverbs-perf, like the callgrind baseline, uses ibv_post_send
    args = ['-d', dev, '-x', gid, '-s', str(size), '-n', str(n), '-F', '--use_old_post_send']
    if lat:
        args += ['-I', '0']

    def parse(stdout):
        for line in stdout.splitlines():
            f = line.split()
            if len(f) >= 5 and f[0] == str(size) and f[1].isdigit():
                return float(f[4]) if lat else float(f[3])   # t_typical usec, or BW average MB/s
        raise ValueError('no result line')
    return client_server('%s %d B' % (tool, size), lambda p: [tool] + args + ['-p', str(p)],
                         lambda p: [tool] + args + ['-p', str(p), '127.0.0.1'], parse)


def gverbs_perf(test, size, n):
    args = [test, '-d', dev, '-x', gid, '-s', str(size), '-n', str(n), '--json', '--no-progress']
    if test.endswith('_lat'):
        args += ['-I', '0']

    def parse(stdout):
        r = json.loads(stdout)['results'][0]
        return r['t_typical_us'] if test.endswith('_lat') else r['bw_avg_mbs']
    return client_server('gverbs-perf %s %d B' % (test, size), lambda p: [perf] + args + ['-p', str(p)],
                         lambda p: [perf] + args + ['-p', str(p), '127.0.0.1'], parse, env)


def spread(values):
    """A tool's own run-to-run range: the noise a ratio of medians sits in."""
    ok = [v for v in values if v is not None]
    return '%s ... %s' % (fmt(min(ok)), fmt(max(ok))) if ok else '-'


def median(values):
    ok = [v for v in values if v is not None]
    return statistics.median(ok) if ok else None


def ratio(a, b):
    return a / b if a is not None and b else None


def fmt(v, spec='%.2f'):
    return spec % v if v is not None else 'failed'


def wall_pair(test, size, n):
    g, p = [], []
    for _ in range(REPS):
        g.append(gverbs_perf(test, size, n))
        p.append(perftest('ib_' + test, size, n))
    row = {'test': test, 'bytes': size, 'iterations': n, 'gverbs': g, 'perftest': p,
           'gverbs_median': median(g), 'perftest_median': median(p),
           'gverbs_ok': sum(v is not None for v in g), 'perftest_ok': sum(v is not None for v in p)}
    row['ratio'] = ratio(row['gverbs_median'], row['perftest_median'])
    log('wall %-9s %6d B: gverbs-perf %s, perftest %s (%s), ratio %s' % (
        test, size, fmt(row['gverbs_median']), fmt(row['perftest_median']),
        'usec' if test.endswith('_lat') else 'MB/s', fmt(row['ratio'], '%.3f')))
    results['wall'].append(row)


def py_rate(script, test, n):
    try:
        p = subprocess.run([py, os.path.join(top, 'benchmarks', script), test, '-d', dev, '-x', gid,
                            '-n', str(n)], capture_output=True, text=True, env=env, timeout=300)
    except subprocess.TimeoutExpired:
        failures.append({'run': '%s %s' % (script, test), 'why': 'timed out'})
        return None
    if p.returncode != 0:
        failures.append({'run': '%s %s' % (script, test), 'why': p.stderr[-300:]})
        return None
    return json.loads(p.stdout)['msg_rate']


def events_rate(flag):
    try:
        p = subprocess.run([perf, 'write_bw', '--loopback', '-d', dev, '-x', gid, '-s', '64',
                            '-n', str(PY_N), '--json'] + flag,
                           capture_output=True, text=True, env=env, timeout=300)
        return json.loads(p.stdout)['results'][0]['msg_rate_mpps'] * 1e6
    except (subprocess.TimeoutExpired, ValueError, KeyError, IndexError) as ex:
        failures.append({'run': 'gverbs-perf --loopback %s' % flag, 'why': str(ex)})
        return None


def run_wall():
    for test in ('write_bw', 'read_bw', 'send_bw'):
        for size in SIZES:
            wall_pair(test, size, bw_iters(size))
    for test in ('send_lat', 'write_lat'):
        wall_pair(test, 2, LAT_N)
    for test in ('write_bw', 'send_bw', 'pingpong'):
        g, p = [], []
        n = PY_N if test != 'pingpong' else LAT_N
        for _ in range(REPS):
            g.append(py_rate('gverbs_bench.py', test, n))
            p.append(py_rate('pyverbs_bench.py', test, n))
        row = {'test': test, 'iterations': n, 'gverbs': g, 'pyverbs': p,
               'gverbs_median': median(g), 'pyverbs_median': median(p)}
        row['ratio'] = ratio(row['gverbs_median'], row['pyverbs_median'])
        log('python %-9s gverbs %s msg/s, pyverbs %s msg/s, ratio %s' % (
            test, fmt(row['gverbs_median'], '%.0f'), fmt(row['pyverbs_median'], '%.0f'),
            fmt(row['ratio'], '%.3f')))
        results['python_wall'].append(row)
    ev, busy = [], []
    for _ in range(REPS):
        ev.append(events_rate(['--events']))
        busy.append(events_rate([]))
    row = {'events': ev, 'busy': busy, 'events_median': median(ev), 'busy_median': median(busy)}
    row['ratio'] = ratio(row['events_median'], row['busy_median'])
    results['events_wall'].append(row)


# --- (c) ported pyverbs code -------------------------------------------------------

PORTED_REPS = 3
# (row label, loop source, extra arguments, iterations; quick iterations)
PORTED = [
    ('RC send/recv, per message', 'rc_send_recv.py', [], 2000, 300),
    ('RC RDMA write, per message', 'rc_rdma_write.py', [], 2000, 300),
    ('UD send/recv through an AH, per message', 'ud_send.py', [], 2000, 300),
    ('SRQ receive (RC send), per message', 'srq_recv.py', [], 2000, 300),
    ('CQ poll(16) of a 16-write chain, per message', 'cq_poll_batch.py', [], 4000, 640),
    ('CMID sync post_send + get_send_comp', 'cmid_sync.py', [], 2000, 300),
    ('MR(pd, 4096, access) + close()', 'mr_reg.py', [], 500, 100),
    ('QP(pd, ...) + to_rts(attr) + close()', 'qp_to_rts.py', [], 100, 30),
    ('ctx.query_port(1).state', 'query_port.py', [], 5000, 1000),
    ('PD(ctx) + close()', 'construct.py', ['pd'], 500, 100),
    ('CQ(ctx, 100, ...) + close()', 'construct.py', ['cq'], 500, 100),
    ('AH(pd, attr=AHAttr(...)) + close()', 'construct.py', ['ah'], 500, 100),
    ('QP(pd, QPInitAttr(...), QPAttr()) + close()', 'construct.py', ['qp'], 200, 50),
]
PORTED_CG = [('RC send/recv, per message', 'rc_send_recv.py'),
             ('RC RDMA write, per message', 'rc_rdma_write.py')]


def ported_cmd(impl, src, extra, n):
    return [py, os.path.join(top, 'benchmarks/ported/shim.py'), impl,
            os.path.join(top, 'benchmarks/ported', src), str(n)] + extra


def ported_once(impl, src, extra, n):
    try:
        p = subprocess.run(ported_cmd(impl, src, extra, n), capture_output=True, text=True,
                           env=env, timeout=600)
    except subprocess.TimeoutExpired:
        failures.append({'run': 'ported %s %s' % (impl, src), 'why': 'timed out'})
        return None
    if p.returncode != 0:
        failures.append({'run': 'ported %s %s %s' % (impl, src, ' '.join(extra)),
                         'why': p.stderr[-400:]})
        return None
    return json.loads(p.stdout.strip().splitlines()[-1])


def run_ported():
    only = os.environ.get('GVERBS_PORTED_ONLY')
    for label, src, extra, n, nq in PORTED:
        if only and src[:-3] not in only.split(','):
            continue
        n = nq if quick else n
        runs = {'gverbs': [], 'pyverbs': []}
        for _ in range(PORTED_REPS):
            for impl in ('pyverbs', 'gverbs'):
                runs[impl].append(ported_once(impl, src, extra, n))
        row = {'loop': label, 'source': src + (' ' + ' '.join(extra) if extra else ''),
               'iterations': n}
        for impl, rs in runs.items():
            row[impl] = [r and r['usec_per_op'] for r in rs]
            row[impl + '_median'] = median(row[impl])
            for cpu in ('user', 'sys'):
                row['%s_%s_median' % (impl, cpu)] = median(
                    [r and r.get(cpu + '_usec_per_op') for r in rs])
        row['ratio'] = ratio(row['gverbs_median'], row['pyverbs_median'])
        for cpu in ('user', 'sys'):
            row[cpu + '_ratio'] = ratio(row['gverbs_%s_median' % cpu], row['pyverbs_%s_median' % cpu])
        log('ported %-45s pyverbs %s us, gverbs %s us, ratio %s' % (
            label, fmt(row['pyverbs_median'], '%.1f'), fmt(row['gverbs_median'], '%.1f'),
            fmt(row['ratio'], '%.3f')))
        results['ported'].append(row)
    if '--ported-callgrind' in sys.argv:
        run_ported_callgrind(PORTED_CG)


def run_ported_callgrind(loops):
    n = 100 if quick else 300
    for label, src, *extra in loops:
        extra = extra[0] if extra else []
        cg_loop_pair('ported: ' + label + (' ' + ' '.join(extra) if extra else ''),
                     'gverbs (pyverbs source)', ported_cmd('gverbs', src, extra, n),
                     'pyverbs', ported_cmd('pyverbs', src, extra, n), n, '<= 1.0')


# --- report ----------------------------------------------------------------------

def verdict(ok):
    return 'met' if ok else '**missed**'


def write_report():
    L = []
    L.append('Measured %s on `%s` (rxe over virtio-net, kernel %s, %d vCPU, QEMU TCG); '
             'wall clock: %d alternated runs per pair, medians.'
             % (results['date'], dev, results['kernel'], results['ncpu'], REPS))
    ported_only = '--ported-only' in sys.argv
    if ported_only:
        L.append('')
        L.append('(--ported-only: the ported-code table alone.)')
    L.append('')
    L.append('**User-space instructions per message** (callgrind, 64 B, post + poll). C: the difference of '
             'two runs, (Ir(N2) - Ir(N1)) / (N2 - N1), N = %s messages. Python: one run of N = %d messages, '
             'Ir of the measured loop alone (between the scripts\' two marks, `--dump-before=getppid`) / N, '
             'as interpreter start-up varies by more than a whole loop:' % ('/'.join(map(str, CG_N)), CG_PY_N))
    L.append('')
    L.append('| loop | candidate | Ir/msg | reference | Ir/msg | ratio | target | | in libgverbs, Ir/msg (C) | empty polls (cand., ref.) |')
    L.append('|---|---|---:|---|---:|---:|---|---|---:|---|')
    for r in results['callgrind']:
        lim = float(r['target'].split()[-1])
        L.append('| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s, %s |' % (
            r['name'], r['a'], fmt(r['a_ir_per_msg'], '%.0f'), r['b'], fmt(r['b_ir_per_msg'], '%.0f'),
            fmt(r['ratio'], '%.3f'), r['target'],
            verdict(r['ratio'] <= lim) if r['ratio'] is not None else '**not measured**',
            fmt(r['a_lib_per_msg'], '%.0f') if r.get('method') != 'loop' else 'n/a',
            '/'.join(map(str, r['a_empty_polls'])), '/'.join(map(str, r['b_empty_polls']))))
    L.append('')
    L.append('**Wall clock, gverbs-perf vs perftest** (client side; BW average MB/s, latency t_typical usec; '
             'perftest with `--use_old_post_send`, so both post with ibv_post_send; target 0.95 ... 1.05):')
    L.append('')
    L.append('| test | bytes | iterations | gverbs-perf | perftest | ratio | | gverbs-perf min ... max '
             '| perftest min ... max |')
    L.append('|---|---:|---:|---:|---:|---:|---|---|---|')
    for r in results['wall']:
        L.append('| %s | %d | %d | %s | %s | %s | %s | %s | %s |' % (
            r['test'], r['bytes'], r['iterations'], fmt(r['gverbs_median']), fmt(r['perftest_median']),
            fmt(r['ratio'], '%.3f'),
            verdict(0.95 <= r['ratio'] <= 1.05) if r['ratio'] is not None else '**not measured**',
            spread(r['gverbs']), spread(r['perftest'])))
    L.append('')
    L.append('**Wall clock, Python message rate** (64 B, loopback, batches of 16; target gverbs >= 1.0 x pyverbs):')
    L.append('')
    L.append('| loop | iterations | gverbs msg/s | pyverbs msg/s | ratio | |')
    L.append('|---|---:|---:|---:|---:|---|')
    for r in results['python_wall']:
        L.append('| %s | %d | %s | %s | %s | %s |' % (
            r['test'], r['iterations'], fmt(r['gverbs_median'], '%.0f'), fmt(r['pyverbs_median'], '%.0f'),
            fmt(r['ratio'], '%.3f'),
            verdict(r['ratio'] >= 1.0) if r['ratio'] is not None else '**not measured**'))
    for r in results['events_wall']:
        L.append('')
        L.append('**Wall clock, completion signals on a GMainLoop vs busy polling** (gverbs-perf write_bw '
                 '--loopback, 64 B): %s vs %s msg/s, ratio %s.' % (
                     fmt(r['events_median'], '%.0f'), fmt(r['busy_median'], '%.0f'),
                     fmt(r['ratio'], '%.3f')))
    if ported_only:
        del L[3:]
    if results['ported']:
        L.append('')
        L.append('**Ported pyverbs code** (benchmarks/ported/: the same source on pyverbs and, through '
                 'benchmarks/ported/shim.py, on gi.repository.Verbs; %d alternated runs, median time per '
                 'operation, microseconds; target ratio <= 1.0, aim 0.7):' % PORTED_REPS)
        L.append('')
        L.append('| loop, written the pyverbs way | iterations | pyverbs | libgverbs | ratio | | '
                 'pyverbs min ... max | libgverbs min ... max | user CPU ratio | kernel CPU ratio |')
        L.append('|---|---:|---:|---:|---:|---|---|---|---:|---:|')
        for r in results['ported']:
            L.append('| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s |' % (
                r['loop'], r['iterations'], fmt(r['pyverbs_median'], '%.1f'),
                fmt(r['gverbs_median'], '%.1f'), fmt(r['ratio'], '%.2f'),
                verdict(r['ratio'] <= 1.0) if r['ratio'] is not None else '**not measured**',
                spread(r['pyverbs']), spread(r['gverbs']),
                fmt(r.get('user_ratio'), '%.2f'), fmt(r.get('sys_ratio'), '%.2f')))
        L.append('')
        L.append('The CPU ratios split each side\'s process CPU time over the loop (getrusage(), '
                 'medians) into user space and kernel; under QEMU TCG they need not follow the '
                 'instruction counts.')
    if failures:
        L.append('')
        L.append('**Failed attempts** (retried up to %d times; a pair with no successful run is '
                 'reported as failed):' % ATTEMPTS)
        L.append('')
        for f in failures:
            L.append('- %s: %s' % (f['run'], f['why'].replace('\n', ' ')))
    L.append('')
    L.append('Runner time: %.0f s.' % (time.time() - t0))
    with open(os.path.join(out, 'results.md'), 'w') as f:
        f.write('\n'.join(L) + '\n')
    results['failures'] = failures
    with open(os.path.join(out, 'results.json'), 'w') as f:
        json.dump(results, f, indent=1)


def plot():
    import matplotlib
    matplotlib.use('Agg')
    import matplotlib.pyplot as plt
    tests = ('write_bw', 'read_bw', 'send_bw')
    fig, axes = plt.subplots(1, 3, figsize=(13, 4), sharey=True)
    for ax, test in zip(axes, tests):
        rows = [r for r in results['wall'] if r['test'] == test]
        xs = [r['bytes'] for r in rows]
        ax.plot(xs, [r['gverbs_median'] if r['gverbs_median'] is not None else float('nan') for r in rows],
                'o-', label='gverbs-perf')
        ax.plot(xs, [r['perftest_median'] if r['perftest_median'] is not None else float('nan') for r in rows],
                's--', label='ib_' + test)
        ax.set_xscale('log', base=2)
        ax.set_title(test)
        ax.set_xlabel('message size [B]')
        ax.grid(True, alpha=0.3)
        ax.legend()
    axes[0].set_ylabel('BW average [MB/s] (median of %d)' % REPS)
    fig.suptitle('gverbs-perf vs perftest on %s (rxe loopback, QEMU TCG), %s' % (dev, results['date']))
    fig.tight_layout()
    fig.savefig(os.path.join(out, 'bw.png'), dpi=90)


t0 = time.time()
if '--ported-callgrind-only' in sys.argv:
    # every ported loop (GVERBS_PORTED_ONLY filters) under callgrind, no wall clock;
    # with --reuse an unchanged side (pyverbs) is not run again
    only = os.environ.get('GVERBS_PORTED_ONLY')
    run_ported_callgrind([(label, src, extra) for label, src, extra, _, _ in PORTED
                          if not only or src[:-3] in only.split(',')])
    log('total %.0f s' % (time.time() - t0))
    sys.exit(0)
if '--ported-only' in sys.argv:
    run_ported()
    write_report()
    log('total %.0f s; wrote %s/results.md, results.json' % (time.time() - t0, out))
    sys.exit(0)
if '--wall-only' not in sys.argv:
    run_callgrind()
    log('callgrind part: %.0f s' % (time.time() - t0))
if '--callgrind-only' not in sys.argv:
    run_wall()
    run_ported()
write_report()
if results['wall']:
    plot()
log('total %.0f s; wrote %s/results.md, results.json, bw.png' % (time.time() - t0, out))
